"""The headless match driver: seats, computer moves off the caller's thread, per-seat logs."""

from __future__ import annotations

import threading
import time
from concurrent import futures

import pytest

from cardtable.ai import make_bot as make_ai_bot
from cardtable.engine.core import IllegalAction
from cardtable.match import Match, Seat, make_bot


def computers(n, level="easy"):
    return [Seat(f"C{i}", "computer", level) for i in range(n)]


@pytest.mark.parametrize("game,n", [("sixtysix", 2), ("japanese65", 4)])
def test_computers_play_a_whole_match(game, n):
    m = Match(game, computers(n), seed=4, pace=0)
    guard = 0
    while not m.is_over:
        assert m.wait(timeout=10)
        guard += 1
        assert guard < 5000
    assert m.state.winners
    assert m.log[-1].kind == "match_over"
    m.close()


def test_poll_paces_and_thinks_off_the_thread():
    m = Match("sixtysix", computers(2), seed=1, pace=0.5)
    main = threading.get_ident()
    seen = []

    easy = make_ai_bot("sixtysix", "easy", 1)

    class Spy:
        def choose(self, state, seat, budget_s=None):
            seen.append(threading.get_ident())
            return easy.choose(state, seat, budget_s)

    m._bots[m.to_act] = Spy()
    assert m.poll(now=100.0) == []          # starts thinking, pause begins
    assert m.thinking
    deadline = time.monotonic() + 5
    while not m._job.done() and time.monotonic() < deadline:
        time.sleep(0.001)
    assert m.poll(now=100.2) == []          # thought, but still inside the pause
    events = m.poll(now=100.6)
    assert events and events[0].kind == "played"
    assert seen and seen[0] != main
    m.close()


def test_a_move_is_never_applied_by_the_poll_that_started_it(monkeypatch):
    """However quickly the thinking thread answers (here: before the poll that started it
    returns), its move waits for the next poll, so the caller draws the frame that followed
    the last move first and a test's frame count does not depend on the machine's load."""
    from cardtable.ai import worker

    def at_once(fn, *args):
        done = futures.Future()
        done.set_result(fn(*args))
        return done

    monkeypatch.setattr(worker, "think_here", at_once)
    m = Match("sixtysix", computers(2), seed=1, pace=0, executor="thread")
    woken = []
    m.on_ready = lambda: woken.append(1)
    assert m.poll(now=0.0) == []           # the answer is there, but this poll asked for it
    assert m._job.done() and woken == [1] and not m.moves
    events = m.poll(now=0.0)
    assert events and events[0].kind == "played" and len(m.moves) == 1
    m.close()


def test_human_moves_and_illegal_ones():
    seats = [Seat("Ann", "human"), Seat("Bot", "computer")]
    m = Match("sixtysix", seats, seed=9, pace=0, first_dealer=1)
    assert m.human_to_act and m.human_seats == [0]
    assert m.poll() == []  # a human's turn: nothing for the computer to do
    before = m.state.to_json()
    bad = next(c for c in m.state.hand(1))
    from cardtable.engine.core import Action

    with pytest.raises(IllegalAction):
        m.apply(Action("play", card=bad))
    assert m.state.to_json() == before
    events = m.apply(m.legal_actions()[0])
    assert events[0].kind == "played"
    assert m.moves[-1][0] == 0


def test_log_hides_what_a_seat_may_not_see():
    m = Match("japanese65", computers(4), seed=2, pace=0)
    mine = m.log_for(0)
    received = [e for e in mine if e["kind"] == "received"]
    assert len(received) == 4
    for e in received:
        assert ("cards" in e) == (e["seat"] == 0)


def test_save_and_restore():
    seats = [Seat("Ann", "human"), Seat("Bot", "computer", "medium")]
    m = Match("sixtysix", seats, seed=3, pace=0)
    while m.human_to_act is False and not m.is_over:
        m.wait()
    data = m.to_json()
    m2 = Match.from_json(data, pace=0)
    assert m2.state.to_json() == m.state.to_json()
    assert [s.to_json() for s in m2.seats] == [s.to_json() for s in m.seats]
    assert m2.start_events() == []


def test_from_config_and_bots():
    config = {"game": "japanese65", "players": 4,
              "seats": [{"name": "A", "kind": "human"}] +
                       [{"name": f"B{i}", "kind": "computer", "level": "easy"} for i in range(3)],
              "options": {"target": 2}, "first_dealer": None}
    m = Match.from_config(config, pace=0)
    assert m.names() == ["A", "B0", "B1", "B2"]
    assert m.state.options["target"] == 2
    bot = make_bot("japanese65", "easy", 1)
    assert hasattr(bot, "choose")
    assert hasattr(make_bot("rummy65", "easy", 1), "choose")  # every game has its bots


def test_a_failing_bot_never_stops_the_match():
    m = Match("sixtysix", computers(2), seed=6, pace=0)

    class Broken:
        def choose(self, state, seat, budget_s=None):
            raise RuntimeError("boom")

    m._bots = {0: Broken(), 1: Broken()}
    events = m.wait()
    assert events
