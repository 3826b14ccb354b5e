"""A held key acts only on the screen where it went down (cardtable/ui/held_keys.py).

pygame's repeats are KEYDOWN events like a press; here the keyboard's state (what
``pygame.key.get_pressed`` says) is set by the test: a key "held" is down there, and its
KEYDOWNs without a KEYUP between are its repeats, as under a real window."""

from __future__ import annotations

import pygame
import pytest

from cardtable.ui import held_keys
from cardtable.ui.held_keys import KEYS, PATIENCE, HeldKeys
from cardtable.ui.scenes.confirm import ConfirmScene
from cardtable.ui.scenes.matchend import MatchEndScene
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.summary import SummaryScene

from .conftest import DT
from .test_keyboard import start, wait_turn
from .test_scenes import finished_match


class Keyboard:
    """The keys held down, as SDL would tell (``pygame.key.get_pressed()[key]``)."""

    def __init__(self) -> None:
        self.down: set[int] = set()

    def __getitem__(self, key: int) -> bool:
        return key in self.down


@pytest.fixture
def keyboard(monkeypatch):
    board = Keyboard()
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: board)
    KEYS.forget()
    yield board
    KEYS.forget()


def down(app, board: Keyboard, key: int = pygame.K_RETURN, dt: float = DT) -> None:
    """The key goes down, or repeats while it is held (the same KEYDOWN)."""
    board.down.add(key)
    uni = "\r" if key == pygame.K_RETURN else ""
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=uni, scancode=40)],
             dt)


def up(app, board: Keyboard, key: int = pygame.K_RETURN) -> None:
    board.down.discard(key)
    app.step([pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=40)], DT)


def test_enter_held_through_the_summary_does_not_play_again(app, keyboard):
    """Enter pressed Continue on the last deal's summary; held on, its repeats pressed
    "Play again" on the match's end that came up under it (the play-test's new game)."""
    state, events = finished_match("sixtysix", 2, options={"target": 2})
    again = []

    def match_end():
        app.pop()
        app.push(MatchEndScene(state.score_sheet, ["You", "Margot"], state.winners,
                               "sixtysix", on_play_again=lambda: again.append(1)))

    app.push(SummaryScene(events[-1], state.score_sheet, ["You", "Margot"], "sixtysix",
                          on_continue=match_end))
    app.step([], DT)
    down(app, keyboard)                       # the press: Continue
    assert isinstance(app.top, MatchEndScene)
    for _ in range(30):                       # 1.2 s of repeats, 40 ms apart
        down(app, keyboard, dt=0.04)
    assert again == [] and isinstance(app.top, MatchEndScene)
    up(app, keyboard)
    down(app, keyboard)                       # a press of its own acts at once
    assert again == [1]


def test_a_key_held_from_the_screen_before_does_not_act_at_the_table(keyboard):
    """At the table a repeat first showed the focus, the next played the focused card."""
    app, table = start("sixtysix", 2, seed=5)
    assert wait_turn(app, table)
    moves = len(table.match.moves)
    app.push(ConfirmScene("Go on?", "", "Go on", on_yes=lambda: None))
    down(app, keyboard)                       # the press: the dialog's Cancel
    assert app.top is table
    for _ in range(30):
        down(app, keyboard, dt=0.04)
    assert len(table.match.moves) == moves and not table.keys.shown
    up(app, keyboard)
    down(app, keyboard)                       # the first press shows the focus
    up(app, keyboard)
    down(app, keyboard)                       # the second plays the focused card
    assert table.keys.shown and len(table.match.moves) == moves + 1
    table.match.close()


def test_a_held_key_repeats_on_the_screen_it_went_down_on(app, keyboard):
    """Holding Down runs through the menu's buttons, as before."""
    menu = app.push(MenuScene())
    app.step([], DT)
    seen = []
    down(app, keyboard, pygame.K_DOWN)
    for _ in range(4):
        seen.append(menu.form.focused.name)
        down(app, keyboard, pygame.K_DOWN, dt=0.04)
    seen.append(menu.form.focused.name)
    assert len(set(seen)) == 5


# --------------------------------------------------------------------------- the tracker


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def event(kind: int, key: int = pygame.K_RETURN) -> pygame.event.Event:
    return pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0)


class Receiver:
    """A screen's form, as far as the tracker cares: something weakly referable."""


def test_repeats_go_only_to_a_receiver_of_the_press():
    held = {pygame.K_RETURN}
    clock = Clock()
    keys = HeldKeys(held=held.__contains__, clock=clock)
    first, second = Receiver(), Receiver()
    assert keys.admits(event(pygame.KEYDOWN), first)
    for _ in range(3):
        clock.now += 0.04
        assert keys.admits(event(pygame.KEYDOWN), first)
        assert not keys.admits(event(pygame.KEYDOWN), second)
    assert keys.admits(event(pygame.KEYUP), second)
    assert keys.admits(event(pygame.KEYDOWN), second)      # pressed anew
    clock.now += 0.04
    assert keys.admits(event(pygame.KEYDOWN), second)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))
    assert keys.admits(motion, first)                       # not a key: nothing to say


def test_one_event_passed_on_within_a_screen_has_one_answer():
    """The table's keys pass a key they do not use to its buttons: the same press."""
    held = {pygame.K_ESCAPE}
    clock = Clock()
    keys = HeldKeys(held=held.__contains__, clock=clock)
    table_keys, table_form, dialog = Receiver(), Receiver(), Receiver()
    press = event(pygame.KEYDOWN, pygame.K_ESCAPE)
    assert keys.admits(press, table_keys) and keys.admits(press, table_form)
    clock.now += 0.4
    repeat = event(pygame.KEYDOWN, pygame.K_ESCAPE)
    assert keys.admits(repeat, table_form)                  # a receiver of the press
    clock.now += 0.04
    repeat = event(pygame.KEYDOWN, pygame.K_ESCAPE)
    assert not keys.admits(repeat, dialog) and not keys.admits(repeat, table_keys)


def test_a_key_up_that_reached_no_one_costs_no_later_press():
    held = {pygame.K_RETURN}
    clock = Clock()
    keys = HeldKeys(held=held.__contains__, clock=clock)
    first, second = Receiver(), Receiver()
    assert keys.admits(event(pygame.KEYDOWN), first)
    # its KEYUP went to a screen that passed it to no receiver; the keyboard says it is up
    held.clear()
    clock.now += 0.1
    assert keys.admits(event(pygame.KEYDOWN), second)       # a press, not a repeat
    # ... and when the keyboard cannot tell, the time since its last KEYDOWN does
    held.add(pygame.K_RETURN)
    clock.now += PATIENCE + 0.1
    assert keys.admits(event(pygame.KEYDOWN), first)


def test_the_keyboard_state_is_read_from_sdl(monkeypatch):
    board = Keyboard()
    board.down.add(pygame.K_SPACE)
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: board)
    assert held_keys.keyboard_holds(pygame.K_SPACE)
    assert not held_keys.keyboard_holds(pygame.K_RETURN)


def test_a_receiver_gone_is_no_receiver():
    held = {pygame.K_RETURN}
    clock = Clock()
    keys = HeldKeys(held=held.__contains__, clock=clock)
    gone = Receiver()
    assert keys.admits(event(pygame.KEYDOWN), gone)
    press = keys.down[pygame.K_RETURN]
    del gone
    assert all(r() is None for r in press.receivers)
    clock.now += 0.04
    assert not keys.admits(event(pygame.KEYDOWN), Receiver())


def test_a_busy_spell_while_the_key_is_held_is_no_new_press():
    """Opening a table took over 1.5 s under load: the repeats queued meanwhile came after
    a long gap, and the first of them was taken for a press (seen under Xvfb)."""
    held = {pygame.K_RETURN}
    clock = Clock()
    keys = HeldKeys(held=held.__contains__, clock=clock)
    menu, table = Receiver(), Receiver()
    assert keys.admits(event(pygame.KEYDOWN), menu)
    clock.now += 2.5                                        # the table being built
    assert not keys.admits(event(pygame.KEYDOWN), table)


def test_a_key_up_seen_by_no_receiver_is_seen_by_the_app():
    held = {pygame.K_RETURN}
    clock = Clock()
    keys = HeldKeys(held=held.__contains__, clock=clock)
    table, handover = Receiver(), Receiver()
    assert keys.admits(event(pygame.KEYDOWN), table)
    keys.see(event(pygame.KEYUP))       # the screen on top passed it to nobody
    clock.now += 0.2
    assert keys.admits(event(pygame.KEYDOWN), handover)


def test_the_app_sees_every_key_up_before_its_screens(app, keyboard, monkeypatch):
    """The hot seat's hand-over takes no input in its first moments: a KEYUP the top screen
    passes to nobody is still seen (by App.handle_event), so the key's next press is one."""
    app.open("menu")
    down(app, keyboard)
    assert pygame.K_RETURN in KEYS.down
    monkeypatch.setattr(app.top, "handle_event", lambda event: None)   # passes on nothing
    up(app, keyboard)
    assert pygame.K_RETURN not in KEYS.down
