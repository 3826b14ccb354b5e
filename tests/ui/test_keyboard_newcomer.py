"""The keys at the table as a newcomer found them (cardtable.ui.keyboard with the games'
key_picked / key_chosen / key_cancel):

* Space picked a card up at Sixty-Six with nothing to show for it (F1 said "Space: pick
  the focused card up; Space again plays it"), where Quebec rummy draws the card picked up
  with an orange outline and a line on what Space and Esc do: every game now draws its
  picked (or selected) cards so while the keys are in use;
* a card dropped at 65 with pairs where the pair was refused stayed raised, and Esc asked
  to leave the table at once: the card is no longer left raised, and Esc clears a pick or a
  selection before it asks;
* after announcing a marriage with Tab and Enter the focus went to the first card of the
  hand, dimmed (the rules then allow only the king or the queen of the marriage);
* Enter acted on a button the focus was left on before a click elsewhere, unseen.
"""

from __future__ import annotations

import pygame
import pytest

from cardtable import i18n
from cardtable.ai import make_bot
from cardtable.engine.core import Action
from cardtable.ui import keyboard as keyboard_mod
from cardtable.ui.keyboard import HELD
from cardtable.ui.scenes.confirm import ConfirmScene

from .test_keyboard import go_to
from .test_table import DT, drag_events, grab_point, make_app, mouse, start, wait_for_human

K = pygame


def key(app, k, mod=0):
    uni = "\r" if k == K.K_RETURN else (chr(k) if 32 <= k < 127 else "")
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=uni, scancode=0)],
             DT)


def settle(app, table, n=90):
    for _ in range(n):
        if table.idle and not table.sprites.busy:
            break
        app.step([], DT)
    app.step([], DT)


def hand(table) -> list:
    return [s for s in table.zone(f"hand{table.viewer}") if s.code is not None]


def held_pixels(app, sprite) -> int:
    """Pixels of the picked-up orange on the ring just outside ``sprite``."""
    screen = app.screen
    r = sprite.rect().inflate(12, 12).clip(screen.get_rect())
    count = 0
    for x in range(r.left, r.right):
        for y in (r.top + 1, r.top + 2, r.top + 3):
            if tuple(screen.get_at((x, y)))[:3] == HELD:
                count += 1
    return count


def said(monkeypatch) -> list[str]:
    words: list[str] = []
    real = keyboard_mod.theme.draw_text

    def spy(surface, text, *args, **kwargs):
        words.append(str(text))
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(keyboard_mod.theme, "draw_text", spy)
    return words


# ---------------------------------------------------------------- a card picked up is seen


@pytest.mark.parametrize("game", ["sixtysix", "japanese65"])
def test_space_shows_the_card_picked_up_as_quebec_does(game, monkeypatch):
    app = make_app()
    table = start(app, game, seed=11)
    assert wait_for_human(app, table)
    settle(app, table)
    plays = {a.card for a in table.legal if a.kind == "play"}
    card = next(s for s in reversed(hand(table)) if s.code in plays)
    go_to(app, table, f"card{card.id}")
    app.step([], DT)
    assert held_pixels(app, card) == 0          # focused only: no orange yet
    words = said(monkeypatch)
    key(app, K.K_SPACE)
    assert table.game.picked == card.id and not table.match.moves[-1:] == [
        (table.viewer, Action("play", card=card.code))]
    settle(app, table, 20)
    assert held_pixels(app, card) > 20, "the card picked up is drawn as picked up"
    assert "Card picked up: Space or Enter on it plays it" in words
    assert "Esc puts it back" in words
    key(app, K.K_ESCAPE)                         # put back, the table stays
    assert table.game.picked is None and app.top is table
    settle(app, table, 20)
    assert held_pixels(app, card) == 0
    table.match.close()


def test_a_click_with_the_mouse_is_not_drawn_as_a_pick_of_the_keys():
    """(A rummy: there a click picks a card up; at a trick game it plays the card.)"""
    app = make_app()
    table = start(app, "rummy65", seed=11)
    assert wait_for_human(app, table)
    table.try_action(Action("draw", source="stock"))
    assert wait_for_human(app, table)
    settle(app, table)
    card = hand(table)[-1]
    p = grab_point(table, card)
    app.step([mouse(pygame.MOUSEBUTTONDOWN, p), mouse(pygame.MOUSEBUTTONUP, p)], DT)
    settle(app, table, 30)
    assert table.game.key_chosen() is card
    assert table.keys.picked() == [] and held_pixels(app, card) == 0
    table.match.close()


def pairs_at_play(seed=11):
    app = make_app()
    table = start(app, "pairs65", seed=seed)
    assert wait_for_human(app, table)
    table.try_action(Action("draw", source="stock"))
    assert wait_for_human(app, table)
    settle(app, table)
    assert table.game.phase() == "play"
    return app, table


def test_pairs65_cards_selected_with_space_are_drawn_picked_up(monkeypatch):
    app, table = pairs_at_play()
    first, second = hand(table)[:2]
    go_to(app, table, f"card{first.id}")
    words = said(monkeypatch)
    key(app, K.K_SPACE)
    go_to(app, table, f"card{second.id}")
    key(app, K.K_SPACE)
    settle(app, table, 20)
    assert table.game.selection() == [first, second]
    assert held_pixels(app, first) > 20 and held_pixels(app, second) > 20
    assert "Two cards selected: Enter lays them as a pair" in words
    key(app, K.K_ESCAPE)
    assert table.game.selection() == [] and app.top is table
    table.match.close()


# ---------------------------------------------------------------- Esc: the smallest thing first


def unpaired(table):
    cards = hand(table)
    for a in cards:
        for b in cards:
            if a is not b and Action("pair", cards=(a.code, b.code)) not in table.legal and \
                    Action("pair", cards=(b.code, a.code)) not in table.legal:
                return a, b
    raise AssertionError("every two cards make a pair")


def test_pairs65_a_refused_pair_leaves_no_card_raised():
    """Q♠ dropped on 3♣: refused, it flew back and stayed raised (the hover of before the
    drag), and Esc then asked to leave: nothing was picked for it to put back."""
    app, table = pairs_at_play()
    a, b = unpaired(table)
    p = grab_point(table, a)
    app.step([mouse(pygame.MOUSEMOTION, p, buttons=(0, 0, 0))], DT)
    assert table.hover is a
    n = len(table.match.moves)
    app.step(drag_events(p, grab_point(table, b)), DT)
    settle(app, table, 60)
    assert len(table.match.moves) == n
    pairable = table.game.pairable()       # these rise a little: a pair to lay
    raised = [(s.code, s.lift_target) for s in hand(table)
              if s.lift_target > (0.3 if s.code in pairable else 0.0)]
    assert not raised and table.hover is None
    table.match.close()


@pytest.mark.parametrize("game", ["rummy65", "quebec65"])
def test_esc_puts_a_card_picked_with_the_mouse_back_before_asking_to_leave(game):
    # (at the trick games a click plays the card: no card is left picked up by the mouse)
    app = make_app()
    table = start(app, game, seed=11)
    assert wait_for_human(app, table)
    if game in ("rummy65", "quebec65"):
        table.try_action(Action("draw", source="stock"))
        assert wait_for_human(app, table)
    settle(app, table)
    card = hand(table)[-1]
    p = grab_point(table, card)
    app.step([mouse(pygame.MOUSEBUTTONDOWN, p), mouse(pygame.MOUSEBUTTONUP, p)], DT)
    settle(app, table, 30)
    assert table.game.key_chosen() is card
    key(app, K.K_ESCAPE)
    assert table.game.key_chosen() is None and app.top is table
    key(app, K.K_ESCAPE)
    assert isinstance(app.top, ConfirmScene)
    table.match.close()


# ---------------------------------------------------------------- after a marriage


def test_after_a_marriage_the_focus_goes_to_a_card_that_may_be_led():
    """With the cards moving as they do (animation on), Tab to the marriage's button and
    Enter: the focus landed on the first card of the hand before the cards that may be led
    were known, and stayed there, dimmed."""
    app = make_app(speed="normal")
    table = start(app, "sixtysix", seed=2)
    bot = make_bot("sixtysix", "easy", 1)
    marriages: list = []
    for _ in range(30):
        assert wait_for_human(app, table, 60)
        settle(app, table, 300)
        marriages = [a for a in table.legal if a.kind == "marriage"]
        if marriages:
            break
        action = bot.choose(table.match.state.clone(), 0)
        if action.kind == "marriage":
            action = next(a for a in table.legal if a.kind == "play")
        table.try_action(action)
    assert marriages, "no marriage to announce in this deal"
    label = next(c[0] for c in table.game.controls(table.legal) if c[1] == marriages[0])
    for _ in range(12):
        key(app, K.K_TAB)
        if table.keys.focus == f"button:{label}":
            break
    assert table.keys.focus == f"button:{label}"
    key(app, K.K_RETURN)
    assert table.match.moves[-1] == (table.viewer, marriages[0])
    for _ in range(240):
        app.step([], DT)
    may_lead = {a.card for a in table.legal if a.kind == "play"}
    assert may_lead and may_lead != {s.code for s in hand(table)}
    focused = table.keys.focused_card()
    assert focused is not None and focused.code in may_lead, (focused and focused.code,
                                                              may_lead)
    assert not focused.dim
    table.match.close()


# ---------------------------------------------------------------- Enter on a focus not seen


def test_enter_after_a_click_elsewhere_does_not_press_a_button_left_focused():
    app = make_app()
    table = start(app, "sixtysix", seed=11)
    assert wait_for_human(app, table)
    settle(app, table)
    key(app, K.K_TAB)
    focus = table.keys.focus
    assert focus is not None and focus.startswith("button:")
    app.step([mouse(pygame.MOUSEBUTTONDOWN, (6, 300)), mouse(pygame.MOUSEBUTTONUP, (6, 300))],
             DT)
    assert not table.keys.shown
    n = len(table.match.moves)
    key(app, K.K_RETURN)
    assert app.top is table and len(table.match.moves) == n
    assert table.keys.shown                      # the ring is seen now...
    key(app, K.K_RETURN)                         # ...and the next Enter acts on it
    assert app.top is not table or table.keys.focus != focus or len(table.match.moves) > n
    table.match.close()


@pytest.mark.parametrize("game,size,language", [
    ("pairs65", (1280, 720), "en"), ("sixtysix", (1280, 720), "en"),
    ("pairs65", (800, 600), "en"), ("quebec65", (1024, 640), "en"),
    ("pairs65", (800, 600), "fr"), ("sixtysix", (800, 600), "fr")])
def test_the_lines_on_a_card_picked_up_are_not_drawn_over_a_name_plate(game, size, language,
                                                                       monkeypatch):
    """At 65 with pairs the two lines ran over the person's own name plate, unreadable."""
    app = make_app(size=size)
    app.set_setting("language", language)
    table = start(app, game, seed=11)
    assert wait_for_human(app, table)
    if game in ("pairs65", "quebec65"):
        table.try_action(Action("draw", source="stock"))
        assert wait_for_human(app, table)
    settle(app, table)
    card = hand(table)[1]
    go_to(app, table, f"card{card.id}")
    drawn: list[tuple[str, pygame.Rect]] = []
    real = keyboard_mod.theme.draw_text

    def spy(surface, text, pos, size, colour, *args, **kwargs):
        rect = real(surface, text, pos, size, colour, *args, **kwargs)
        if colour == HELD:
            drawn.append((str(text), pygame.Rect(rect)))
        return rect

    monkeypatch.setattr(keyboard_mod.theme, "draw_text", spy)
    key(app, K.K_SPACE)
    app.step([], DT)
    assert drawn, "no line on the card picked up"
    screen = app.screen.get_rect()
    plates = [table.plate_rect(seat, screen) for seat in range(table.match.n_players)]
    for text, rect in drawn:
        assert screen.contains(rect), text
        assert not any(p.colliderect(rect) for p in plates), (text, rect, plates)
    table.match.close()


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")
