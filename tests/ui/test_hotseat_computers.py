"""Pass-and-play with computer seats: a person's hand is not left face up while computers
play after them (it stayed face up until the next person was due: seconds with hard
computers or several computer seats in a row).

The oracle is the rule itself: at every frame where several people share the table, the
picture has caught up with the person's move and a computer is to act, no card of that
person's hand is face up.
"""

from __future__ import annotations

import random

import pytest

from cardtable.engine import registry
from cardtable.match import Match, Seat
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.table import TableScene
from tests.ui.test_hotseat import step_at_table

DT = 1 / 60


def several_seat_games() -> list[str]:
    return [g for g in registry.ids() if registry.get(g).max_players >= 3]


def start(game: str, humans, n: int, seed: int, animated: bool):
    speed = "normal" if animated else "off"
    app = App(size=(1280, 720), settings={"animation_speed": speed, "sound": False})
    table_mod.install(app)
    seats = [Seat(f"P{i}", "human" if i in humans else "computer", "easy") for i in range(n)]
    match = Match(game, seats, seed=seed, pace=0.4 if animated else 0, threaded=False)
    table = TableScene(match, speed=speed, pace=0.4 if animated else 0, sound=False)
    table_mod.show_table(app, table)
    return app, table


def face_up_in_hand(table: TableScene, seat: int) -> list[str]:
    return [str(s.code) for s in table.zones.get(f"hand{seat}", []) if s.face_up]


def play_until_computers_follow(app, table, rng, max_frames=8000):
    """Play random moves for the people until one's move leaves a computer to act;
    return that person's seat (the move made)."""
    m = table.match
    for _ in range(max_frames):
        on_top = step_at_table(app, table)
        if m.is_over:
            break
        if not on_top:
            continue
        if table.my_turn():
            seat = m.to_act
            before = m.state.deal_no
            assert face_up_in_hand(table, seat), "the person's own hand is shown at their turn"
            assert table.try_action(rng.choice(m.legal_actions()))
            after = m.state.deal_no
            nxt = m.to_act
            if nxt is not None and not m.is_human(nxt) and before == after:
                return seat
    pytest.fail("no person's move was followed by a computer's")


@pytest.mark.parametrize("game", several_seat_games())
def test_a_persons_hand_is_hidden_while_computers_play_after_them(game):
    n = 4 if game == "japanese65" else 3
    app, table = start(game, (0, 1), n, seed=11, animated=False)
    assert table.hotseat
    m = table.match
    rng = random.Random(5)
    checked = 0
    for _ in range(3):
        seat = play_until_computers_follow(app, table, rng)
        # the move is made (with animation off, its events are shown at once): a computer
        # is to play, and the hand just played from lies face down
        assert not m.is_human(m.to_act)
        assert not face_up_in_hand(table, seat), (game, seat)
        checked += 1
    assert checked == 3
    m.close()


@pytest.mark.parametrize("game", ["pairs65", "quebec65"])
def test_hand_turns_over_while_an_animated_computer_thinks(game):
    """With animation and a computer's pause: every frame from the person's move until
    the next person's turn, once the turn-over had its moment, shows that hand face down."""
    app, table = start(game, (0, 1), 3, seed=7, animated=True)
    m = table.match
    rng = random.Random(2)
    seat = play_until_computers_follow(app, table, rng)
    frames = 0
    for i in range(600):
        if m.is_human(m.to_act) or app.top is not table:
            break
        app.step([], DT)
        if i * DT > 0.35:           # the cards flip over in 0.2 s at normal speed
            assert not face_up_in_hand(table, seat), f"frame {i}"
            frames += 1
    assert frames > 0
    m.close()


def test_one_person_keeps_seeing_their_hand_while_computers_play():
    app, table = start("pairs65", (0,), 3, seed=11, animated=False)
    assert not table.hotseat
    m = table.match
    seat = play_until_computers_follow(app, table, random.Random(5))
    assert not m.is_human(m.to_act)
    assert face_up_in_hand(table, seat)
    m.close()
