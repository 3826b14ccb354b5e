"""65 with pairs: each seat's count of pairs ("0 / 5 paires" over five pips) keeps clear of
every name plate and its score, the score panel, the places of the pairs, the piles and
their words, every card, the buttons, the line of the hint and toasts, and the other
counts; at every window size from 800x500 to 1920x1080, with two to four players, in
English and French, at the three text sizes. Measured on the boxes the table chose and on
the words as drawn."""

from __future__ import annotations

import pygame
import pytest

from cardtable import i18n
from cardtable.ui import theme
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from tests.ui.test_banner import drawn_with_words
from tests.ui.test_layout_sizes import deal, each_look

#: the sizes where the old code put a badge over something, and the largest (800x600 and
#: 1024x768 lie between: left out to keep CI in its time)
SIZES = [(800, 500), (1280, 720), (1920, 1080)]


@pytest.fixture(autouse=True)
def plain_afterwards():
    yield
    i18n.set_language("en")
    theme.set_access(False, "normal")


def table_app(size) -> App:
    app = App(size=size, settings={"sound": False, "animation_speed": "off"},
              settings_path=None)
    table_mod.install(app)
    return app


def each_table_look(size):
    """(players, table, its look's name) for two to four players at every language and
    text size, each table closed once walked."""
    app = table_app(size)
    for players in (2, 3, 4):
        table = deal(app, "pairs65", players)
        try:
            for lang, text_size in each_look(app):
                yield players, table, f"x{players} {lang} {text_size}"
        finally:
            table.match.close()


def badge_problems(app: App, table) -> list[str]:
    """What each seat's count covers, or lacks, as the table is laid out and drawn now."""
    g = table.game
    n = table.match.n_players
    bounds = app.screen.get_rect()
    boxes = {s: box for s, (box, _) in g.progress_boxes().items()}
    found = [f"seat {s} has no count" for s in range(n) if s not in boxes]
    others = {f"plate {s}": table.plate_rect(s, bounds) for s in range(n)}
    others.update({f"pairs {s}": g.grid_rect(s) for s in range(n)})
    others.update({"draw pile": g.stock_rect(), "discards": g.discard_rect()})
    others.update(g.pile_words())
    others["the hint's line"] = g.message_band()
    score = table.score_panel_rect()
    if score is not None:
        others["the score panel"] = score
    for zone, sprites in table.zones.items():
        others.update({f"{zone} card {i}": s.rect() for i, s in enumerate(sprites)
                       if not s.hidden})
    others.update({f"button {w.name!r}": pygame.Rect(w.rect) for w in table.form.widgets
                   if getattr(w, "visible", True) and w.rect.width > 0})
    for s, box in boxes.items():
        if not bounds.contains(box):
            found.append(f"count {s} {tuple(box)} off the window")
        near = {**others, **{f"count {o}": b for o, b in boxes.items() if o != s}}
        found += [f"count {s} {tuple(box)} over {k} {tuple(r)}" for k, r in near.items()
                  if box.colliderect(r)]
    # as drawn: each count's words inside its box, and so over none of the above
    words, _ = drawn_with_words(table, app.screen)
    counts = [(w, r) for w, r in words if "/ 5" in w]
    if len(counts) != len(boxes):
        found.append(f"{len(counts)} counts drawn for {len(boxes)} boxes")
    for w, r in counts:
        if not any(box.contains(r) for box in boxes.values()):
            found.append(f"{w!r} {tuple(r)} drawn outside every count's box")
    return found


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_each_seat_s_count_of_pairs_keeps_clear_of_plates_scores_piles_and_cards(size):
    """At 800x500 with three players the person's "0 / 5 paires" lay over the end of the
    right-hand seat's plate and the right-hand seat's over the score panel; with four the
    counts lay over each other, a plate, the person's row of places; at 1280x720 and
    1920x1080 with four players and larger text the right-hand seat's over its plate and
    score."""
    found = []
    for _players, table, look in each_table_look(size):
        found += [f"{look}: {p}" for p in badge_problems(table.app, table)]
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:40])


def test_the_short_count_is_narrower_and_drawn_in_its_box():
    """Where the whole count finds no room the short one ('3 / 5' over smaller pips) is
    tried: it is narrower than the whole, and its words and pips lie inside its box."""
    app = table_app((800, 500))
    table = deal(app, "pairs65", 4)
    try:
        g = table.game
        whole = g._progress_box(i18n.Msg("{n} / {k} pairs", n=3, k=5))
        short = g._progress_box("3 / 5")
        assert short.width < whole.width and short.height <= whole.height
        short.topleft = (300, 200)
        surface = pygame.Surface(app.screen.get_size(), pygame.SRCALPHA)
        g._draw_progress(surface, 0, (short, "3 / 5"))
        drawn = surface.get_bounding_rect()
        assert drawn.width > 0 and short.contains(drawn), (short, drawn)
    finally:
        table.match.close()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_hint_s_strip_keeps_clear_of_the_plates(size):
    """The line of what to do now ("À vous : cliquez sur la pioche…") lay over the lower
    corners of both side seats' plates at 800x500 with three or four players, in French:
    it is now drawn smaller there, no smaller than the counts."""
    found = []
    for players, table, look in each_table_look(size):
        g = table.game
        hint = g.hint()
        assert hint, look
        screen = table.app.screen
        strip = g._draw_hint(screen, hint)
        bounds = screen.get_rect()
        found += [f"{look}: the hint {tuple(strip)} over "
                  f"plate {s} {tuple(table.plate_rect(s, bounds))}"
                  for s in range(players) if strip.colliderect(table.plate_rect(s, bounds))]
        if not bounds.contains(strip):
            found.append(f"{look}: the hint off the window")
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:40])
