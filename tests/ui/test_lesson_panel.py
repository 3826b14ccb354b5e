"""The coach's panel on a lesson's table (cardtable/ui/scenes/lesson_panel.py): what it keeps
off and how much, and that it is laid again only when what it shows changes."""

from __future__ import annotations

import pygame
import pytest

from cardtable import i18n
from cardtable.i18n import tr
from cardtable.ui import coach, theme
from cardtable.ui.scenes.lesson_panel import MORE, CoachLayout
from tests.ui.test_lesson import DT, make_app, perform, shown, to_step, wait_ready
from tests.ui.test_lesson_panel_fit import panel_problems


def test_what_the_panel_keeps_off_first():
    app = make_app()
    table = app.open("lesson", "sixtysix")
    assert isinstance(table, CoachLayout)
    to_step(app, table, 1)                      # lead the jack of clubs (lit)
    for b in table._coach_widgets:              # as it lays: its own buttons are not in it
        table.form.widgets.remove(b)
    busy = table._busy(table.score_panel_rect())
    weight = {}
    for rect, w in busy:
        weight[tuple(rect)] = max(w, weight.get(tuple(rect), 0))
    window = pygame.Rect((0, 0), table.size)
    # what the step lights above all, then the hand and its room, the plates, the buttons,
    # the score panel, the stock with its count and the piles, kept in view before the rest
    jack = next(r for name, r in table.lit() if name == "card:JC")
    assert weight[tuple(jack)] == coach.LIT
    room = table._hand_room()
    assert weight[tuple(room)] == coach.KEEP
    hand = [table._rest(s) for s in table.zones["hand0"]]
    assert all(room.contains(r) for r in hand)
    # the band beside the hand is felt the panel may lie on
    assert room.width < table.game.hand_band().width
    for seat in (0, 1):
        assert weight[tuple(table.plate_rect(seat, window))] == coach.KEEP
    for name in ("Claim 66", "Rules", "Menu"):
        assert weight[tuple(table.button(name).rect)] == coach.KEEP
    assert weight[tuple(table.score_panel_rect())] == coach.KEEP
    stock = table.keys.target("stock").rect
    assert any(w == coach.KEEP and r.contains(stock) and r.bottom > stock.bottom
               for r, w in busy)
    # the backs of Marta's hand weigh less than any of them (they show nothing); the
    # stock's backs as much as the rest (a pile)
    backs = [s for s in table.zones["hand1"]]
    assert backs and all(weight[tuple(table._rest(s))] < coach.KEEP for s in backs)
    piles = [s for z, sprites in table.zones.items() if not z.startswith("hand")
             for s in sprites if not s.hidden]
    assert piles and all(weight[tuple(table._rest(s))] == coach.KEEP for s in piles)


def test_the_panel_is_laid_again_only_when_what_it_shows_changes():
    app = make_app(animation_speed="normal")
    table = app.open("lesson", "sixtysix")
    to_step(app, table, 1)
    laid = []
    place = table.panel.place
    table.panel.place = lambda *a, **k: laid.append(shown(table)) or place(*a, **k)
    for _ in range(120):                       # the person thinks: nothing changes
        app.step([], DT)
    assert laid == []
    perform(app, table, table.coach.step.expect[0])
    wait_ready(app, table)
    # the jack played, Marta's ace, the trick taken, both draws, her lead: the panel was
    # laid for what it says (the step's words kept while the jack flies, "watch Marta",
    # the next step), not for each card that moved nor each time the table went idle
    assert 1 <= len(laid) <= 3, laid
    assert len(set(laid)) == len(laid)


def test_the_panel_comes_with_the_first_step_not_before():
    app = make_app(animation_speed="normal")
    table = app.open("lesson", "sixtysix")
    app.step([], DT)
    # the cards are being dealt: nothing to say yet, and no panel to move once they are
    assert not table.step_ready()
    assert table.panel.rect.width == 0 and table.button("Skip lesson") is None
    wait_ready(app, table)
    assert table.panel.rect.width > 0 and table.button("Next") is not None
    assert not table.panel.rect.colliderect(table.game.hand_band())


def busy_weight(table, rect: pygame.Rect) -> int:
    """The most the panel's list of what to keep off weighs ``rect`` (0: not in it)."""
    return max((w for r, w in table._busy(table.score_panel_rect()) if r == rect), default=0)


def test_an_empty_place_is_kept_in_view_only_where_the_step_aims_at_it():
    """Sixty-Six: the trick's empty place at the first step (to read) weighs as little as
    the backs of Marta's hand; at the next, where the person leads the jack of clubs into
    it, it is kept in view."""
    app = make_app()
    table = app.open("lesson", "sixtysix")
    wait_ready(app, table)
    centre = pygame.Rect(0, 0, 1, 1)
    centre.center = table.game.centre
    trick = next(r for r in table.empty_places() if r.contains(centre))
    assert table.aimed_places() == []
    assert 0 < busy_weight(table, trick) < coach.KEEP
    to_step(app, table, 1)
    assert table.aimed_places() == [trick]
    assert busy_weight(table, trick) == coach.KEEP
    # the step points at nothing once the person has played (the table answers)
    perform(app, table, table.coach.step.expect[0])
    assert table.aimed_places() == []


def test_an_empty_pile_the_step_lights_is_kept_in_view():
    """pairs65: the empty discard pile (a place the person acts on) weighs as an empty
    place at the first step, and is kept in view at the step that lights it to discard
    on."""
    app = make_app()
    table = app.open("lesson", "pairs65")
    wait_ready(app, table)
    pile = table.keys.target("pile").rect
    outline = next(r for r in table.empty_places() if r.collidepoint(pile.center))
    assert outline not in table.aimed_places()
    assert 0 < busy_weight(table, outline) < coach.KEEP
    index = next(i for i, s in enumerate(table.lesson.steps) if "pile" in s.light)
    to_step(app, table, index)
    assert not table.zones.get("pile") and outline in table.aimed_places()
    assert busy_weight(table, outline) == coach.KEEP


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_first_step_whole_at_the_largest_text(language):
    """Sixty-Six's first step at the largest text in 1280x720: its words whole (they were
    in pages while the panel kept off the empty places too), the panel over the trick's
    empty place, which the step does not aim at, and clear of all that is kept in view."""
    app = make_app(language=language, text_size="larger")
    theme.set_access(False, "larger")
    try:
        table = app.open("lesson", "sixtysix")
        wait_ready(app, table)
        app.step([], DT)
        assert table._paged == 1 and table.button(tr(MORE)) is None
        assert table.panel_words() == (table.recap_now(), table.words())
        assert any(table.panel.rect.colliderect(r) for r in table.empty_places())
        assert panel_problems(table) == []
    finally:
        theme.set_access(False, "normal")
        i18n.set_language("en")


def test_the_words_in_pages_where_the_table_is_full():
    """Sixty-Six's third step (what Marta's ace did, then the next lead) at the largest
    text in the smallest window, 800x500: no place is clear for the words whole, so they
    come in pages; More turns them (the panel stays where it is), the panel keeps to its
    rule, and the pages hold every line of what the move did and of the words, in order."""
    app = make_app(size=(800, 500), text_size="larger")
    theme.set_access(False, "larger")
    try:
        table = app.open("lesson", "sixtysix")
        to_step(app, table, 2)
        app.step([], DT)
        assert table.recap_now() is not None
        assert table._paged > 1
        assert panel_problems(table) == []
        rect = pygame.Rect(table.panel.rect)
        told, said = [], []
        for page in range(table._paged):
            assert table._page == page
            recap, words = table.panel_words()
            told += recap.split("\n") if recap else []
            said += words.split("\n") if words else []
            label = "More ›" if page < table._paged - 1 else "‹ From the start"
            table.button(label).activate()
            app.step([], DT)
            assert table.panel.rect == rect
        assert table._page == 0
        panel = table.panel
        _head, size, small = panel.sizes()
        inner = rect.width - 2 * panel.pad()
        assert told == theme.wrap(table.recap_now(), theme.font(small, True), inner)
        assert said == theme.wrap(table.words(), theme.font(size), inner)
    finally:
        theme.set_access(False, "normal")
