"""A pass-and-play table brought back in the middle of a turn (Menu -> Quit -> Continue,
or a restart from the saved match) shows the instruction it showed before: the game's own
line ("Discard a card: drag it onto the discard pile, or double-click it"), not a generic
"Player 1, it is your turn." laid over it (a resize brought the line back).
"""

from __future__ import annotations

import random

import pytest

from cardtable.match import Match, Seat
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.handoff import HandoffScene
from cardtable.ui.scenes.table import TableScene
from tests.ui.test_hotseat import confirm, step_at_table

DT = 1 / 60


def new_app() -> App:
    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False})
    table_mod.install(app)
    return app


def shown_instruction(app: App, table: TableScene) -> str:
    """The words on the table's message line as drawn now: the toast when one is up (it
    hides the game's own line), else the game's line."""
    app.draw()
    if table.toast is not None:
        return str(table.toast[0])
    return str(table.game_instruction() or "")


def to_mid_turn(app: App, table: TableScene, rng: random.Random) -> None:
    """Play on until a person is in the middle of a turn (a second move of theirs due)."""
    m = table.match
    moved_by = None
    for _ in range(6000):
        if not step_at_table(app, table):
            continue
        if table.my_turn():
            if moved_by == m.to_act and table.game_instruction():
                return
            moved_by = m.to_act
            acts = [a for a in m.legal_actions() if a.kind != "swap"] or m.legal_actions()
            table.try_action(rng.choice(acts))
        elif m.to_act is not None and not m.is_human(m.to_act):
            moved_by = None
    pytest.fail("no person was found in the middle of a turn")


def settle(app: App, table: TableScene) -> None:
    for _ in range(int(4.0 / DT)):       # any message of the move before has gone
        app.step([], DT)


def back_at_table(app: App, table: TableScene) -> None:
    for _ in range(200):
        app.step([], DT)
        if isinstance(app.top, HandoffScene):
            confirm(app, app.top)
            app.step([], DT)
            return
    pytest.fail("no hand-over")


@pytest.mark.parametrize("game", ["pairs65", "rummy65", "quebec65"])
def test_continue_shows_the_instruction_of_before(game):
    app = new_app()
    seats = [Seat("Player 1", "human"), Seat("Player 2", "human"), Seat("Hana", "computer",
                                                                         "easy")]
    match = Match(game, seats, seed=4, pace=0, threaded=False)
    table = table_mod.show_table(app, TableScene(match, speed="off", pace=0, sound=False))
    to_mid_turn(app, table, random.Random(3))
    settle(app, table)
    before = shown_instruction(app, table)
    assert before and "it is your turn" not in before
    table.leave()
    assert app.top is not table
    app.continue_match()
    back_at_table(app, table)
    assert app.top is table and table.my_turn()
    assert shown_instruction(app, table) == before
    match.close()


@pytest.mark.parametrize("game", ["pairs65", "quebec65"])
def test_a_restart_shows_the_instruction_of_before(game):
    app = new_app()
    seats = [Seat("Player 1", "human"), Seat("Player 2", "human"), Seat("Hana", "computer",
                                                                         "easy")]
    match = Match(game, seats, seed=8, pace=0, threaded=False)
    table = table_mod.show_table(app, TableScene(match, speed="off", pace=0, sound=False))
    to_mid_turn(app, table, random.Random(6))
    settle(app, table)
    before = shown_instruction(app, table)
    data = match.to_json()
    match.close()
    app2 = new_app()
    restored = table_mod.show_table(app2, TableScene(Match.from_json(data, pace=0),
                                                     speed="off", pace=0, sound=False))
    back_at_table(app2, restored)
    assert shown_instruction(app2, restored) == before
    restored.match.close()


def test_a_game_without_its_own_line_still_names_the_person():
    """Sixty-Six tells nobody what to do on a line of its own: the hand-over's toast names
    the person whose turn it is."""
    app = new_app()
    match = Match("sixtysix", [Seat("Ann", "human"), Seat("Bob", "human")], seed=2, pace=0,
                  threaded=False)
    table = table_mod.show_table(app, TableScene(match, speed="off", pace=0, sound=False))
    back_at_table(app, table)
    assert table.game_instruction() is None
    assert table.toast is not None and "it is your turn" in str(table.toast[0])
    match.close()
