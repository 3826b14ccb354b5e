"""One click on a playable card of the hand plays it in a trick game (Sixty-Six, Japanese
Sixty-Five). Before, a first click only picked the card up, and a picked card looked as a
playable card under the pointer does (raised, glowing), as does the card the lesson's coach
names: the first click seemed to do nothing, the second played.

In the games where a card has several uses (pairs65: pair, discard, swap; the rummies:
melds) a first click still chooses and plays nothing. A card the rules refuse is not played
and the table says why. The second click of a double-click is let go (it would skip the
played card's flight).
"""

from __future__ import annotations

import pygame
import pytest

from cardtable.engine.core import Action
from cardtable.match import Match, Seat
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.table import TableScene
from tests.ui.test_lesson import grab, make_app, perform, press_button, sprite_of, wait_ready
from tests.ui.test_table import mouse

DT = 1 / 60


def start(game: str, n: int, seed: int = 5, speed: str = "off"):
    app = App(size=(1280, 720), settings={"animation_speed": speed, "sound": False})
    table_mod.install(app)
    seats = [Seat("Ann", "human")] + [Seat(f"C{i}", "computer", "easy") for i in range(1, n)]
    match = Match(game, seats, seed=seed, pace=0, threaded=False)
    table = table_mod.show_table(app, TableScene(match, speed=speed, pace=0, sound=False))
    return app, table


def click(app: App, pos) -> None:
    app.step([mouse(pygame.MOUSEBUTTONDOWN, pos), mouse(pygame.MOUSEBUTTONUP, pos)], DT)


def to_my_turn(app: App, table: TableScene, frames: int = 3000) -> None:
    """Frames until the person may play, and a click is no double-click's second."""
    for _ in range(int(0.5 / DT)):
        app.step([], DT)
    for _ in range(frames):
        if table.my_turn() and table.settled:
            return
        if app.top is not table:
            app.pop()
        app.step([], DT)
    pytest.fail("the person's turn never came")


def hand(table: TableScene):
    return table.zones[f"hand{table.viewer}"]


@pytest.mark.parametrize("game,n", [("sixtysix", 2), ("japanese65", 4)])
def test_one_click_plays_a_playable_card(game, n):
    app, table = start(game, n)
    m = table.match
    played = 0
    for _ in range(4):
        to_my_turn(app, table)
        card = next(s for s in reversed(hand(table)) if s.code in table.playable)
        moves = len(m.moves)
        click(app, grab(card))
        # (with animation off, the computers answer in the same frame)
        assert len(m.moves) > moves, "the first click played nothing"
        assert m.moves[moves] == (table.viewer, Action("play", card=card.code))
        played += 1
    assert played == 4
    m.close()


def test_a_refused_card_is_not_played_and_the_table_says_why():
    app, table = start("japanese65", 4, seed=2)
    m = table.match
    for _ in range(12):
        to_my_turn(app, table)
        refused = [s for s in hand(table) if s.code not in table.playable]
        if refused:
            break
        click(app, grab(next(s for s in hand(table) if s.code in table.playable)))
    else:
        pytest.skip("every card stayed playable (no suit to follow) in the deals tried")
    moves = len(m.moves)
    click(app, grab(refused[0]))
    assert len(m.moves) == moves
    assert table.toast is not None
    m.close()


def test_the_second_click_of_a_double_click_is_let_go():
    app, table = start("sixtysix", 2, seed=3, speed="normal")
    m = table.match
    to_my_turn(app, table)
    card = next(s for s in hand(table) if s.code in table.playable)
    pos = grab(card)
    moves = len(m.moves)
    click(app, pos)
    click(app, pos)             # a double-click: the move is made once, the card still flies
    assert len(m.moves) == moves + 1
    assert card.tween is not None, "the second click skipped the card's flight"
    m.close()


@pytest.mark.parametrize("game", ["pairs65", "rummy65"])
def test_in_games_where_a_card_has_several_uses_the_first_click_chooses(game):
    app, table = start(game, 3, seed=4)
    m = table.match
    for _ in range(3000):
        if table.my_turn() and table.settled and \
                not any(a.kind == "draw" for a in table.legal):
            break
        if table.my_turn() and table.settled:
            table.try_action(next(a for a in table.legal if a.kind == "draw"))
        if app.top is not table:
            app.pop()
        app.step([], DT)
    else:
        pytest.fail("no turn after a draw")
    moves = len(m.moves)
    click(app, grab(hand(table)[0]))
    assert len(m.moves) == moves
    m.close()


def test_the_card_the_coach_names_is_played_by_one_click():
    """Sixty-Six's lesson: the card the coach names is raised; one click on it plays it."""
    app = make_app()
    table = app.open("lesson", "sixtysix")
    one_click = 0
    for _ in range(60):
        wait_ready(app, table)
        if table.ended or not table.coaching():
            break
        step = table.coach.step
        if step.reading:
            assert press_button(app, table, "Next")
            continue
        expected = step.expect[0]
        sprite = sprite_of(table, expected.card) if expected.kind == "play" else None
        if sprite is not None and sprite.zone == f"hand{table.viewer}":
            index = table.coach.index
            click(app, grab(sprite))
            assert table.coach.index != index, f"one click did not play at step {index}"
            one_click += 1
        else:
            perform(app, table, expected)
    assert one_click >= 2


def test_a_double_click_plays_one_card_even_when_the_turn_is_back_at_once():
    """Animation off: the computer answers within the double-click, and the person's turn
    is back for its second click, which plays no second card."""
    app, table = start("sixtysix", 2, seed=9)
    m = table.match
    for _ in range(3):
        to_my_turn(app, table)
        card = next(s for s in reversed(hand(table)) if s.code in table.playable)
        pos = grab(card)
        mine = sum(1 for seat, _a in m.moves if seat == table.viewer)
        click(app, pos)
        click(app, pos)
        assert sum(1 for seat, _a in m.moves if seat == table.viewer) == mine + 1
    m.close()
