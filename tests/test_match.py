"""The headless match driver: seats, computer moves off the caller's thread, per-seat logs."""

from __future__ import annotations

import threading
import time
from concurrent import futures

import pytest

from cardtable import records
from cardtable.ai import make_bot as make_ai_bot
from cardtable.ai.levels import offered_level
from cardtable.engine import registry
from cardtable.engine.core import Action, IllegalAction
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
    with pytest.raises(IllegalAction):
        m.apply(Action("play", card=bad))
    assert m.state.to_json() == before
    events = m.apply(m.legal_actions()[0])
    assert events[0].kind == "played"
    assert m.moves[-1][0] == 0


def test_a_match_that_keeps_no_events_keeps_its_moves_and_undoes_nothing():
    """A table server's match keeps each move without its events (nobody undoes there):
    the moves, the log and the deal's record are as they were; undo is refused."""
    def play(keeps: bool) -> Match:
        m = Match("sixtysix", [Seat("Ann", "human"), Seat("Bot", "computer")], seed=9,
                  pace=0, first_dealer=1, threaded=False)
        m.keeps_events = keeps
        m.apply(m.legal_actions()[0])       # (the computer has not answered yet)
        return m

    kept, lean = play(True), play(False)
    assert kept.can_undo() and not lean.can_undo() and not lean.undo()
    assert [(s, a) for s, a, _ in kept.history] == [(s, a) for s, a, _ in lean.history]
    assert all(events for _, _, events in kept.history)
    assert not any(events for _, _, events in lean.history)
    assert kept.log == lean.log and kept.moves == lean.moves
    assert kept.deal_record(kept.history) == lean.deal_record(lean.history)


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


def test_the_hooks_a_hosted_table_wraps_a_match_with():
    """``on_move`` hears every move after ``on_change``; ``turn`` counts them (an undo takes
    them back); a seat whose ``seat_statuses`` names it is no person's here, and a friend's
    seat nobody came to is nobody's in the records; ``set_level`` gives a seat a new
    computer."""
    seats = [Seat("Ann", "human"), Seat("Bot", "computer"), Seat("Far", "human")]
    m = Match("japanese65", seats + [Seat("Bot2", "computer")], seed=3, pace=0,
              threaded=False)
    heard = []
    m.on_change = lambda match: heard.append("change")
    m.on_move = lambda seat, action, events: heard.append((seat, action, len(events)))
    assert m.human_seats == [0, 2] and m.people_seats() == [0, 2] and m.turn == 0
    statuses = {2: "open"}
    m.seat_statuses = statuses.get
    assert not m.is_human(2) and m.human_seats == [0] and m.people_seats() == [0]
    assert m.seat_status(2) == "open" and m.seat_status(0) is None
    statuses[2] = "away"
    assert m.people_seats() == [0, 2] and not m.is_human(2)
    while m.human_to_act:
        m.apply(m.legal_actions()[0])
    m.run_computer_move()
    seat, action = m.moves[-1]
    assert heard[-2:] == ["change", (seat, action, heard[-1][2])] and m.turn == len(m.moves)
    m._bot(1)
    m.set_level(1, "expert")
    assert m.seats[1].level == offered_level("japanese65", "expert") and 1 not in m._bots
    assert m.rules is m.state and m.server is None


def test_a_secret_deals_every_deal_but_a_given_seeds_first():
    seats = [Seat("A", "computer"), Seat("B", "computer")]
    plain = Match("sixtysix", seats, seed=11, pace=0, threaded=False)
    secret = Match("sixtysix", seats, seed=11, pace=0, threaded=False, secret=b"k" * 16)
    unseeded = Match("sixtysix", seats, pace=0, threaded=False, secret=b"k" * 16)
    assert secret.state.to_json() == plain.state.to_json()      # the code's deal first
    assert secret.deal_seed(2) != plain.deal_seed(2)
    assert unseeded.deal_seed(1) == records.secret_deal_seed(b"k" * 16, 1)
    assert unseeded.deal_seed(1) != records.deal_seed(unseeded.seed, 1)
    start = registry.from_json(secret.checkpoint)
    assert secret.deal_code(start) == plain.deal_code(start) is not None


def test_you_names_one_person_at_most_whatever_the_file_said():
    """An older version's saved match or a table's config from elsewhere may keep a computer,
    or a second person, under "You": the match plays it under its seat's name."""
    m = Match("sixtysix", [{"name": "Ann", "kind": "human"},
                           {"name": "You", "kind": "computer", "level": "easy"}],
              seed=1, threaded=False)
    assert m.names()[0] == "Ann" and m.names()[1] not in ("You", "Ann")
    m2 = Match("sixtysix", [{"name": "You", "kind": "human"},
                            {"name": "You", "kind": "human"}], seed=1, threaded=False)
    assert m2.names() == ["You", "Player 2"]
