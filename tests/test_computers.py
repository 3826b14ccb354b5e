"""A match's computer players seen from the match: a crash or an illegal answer is logged
and the first legal move played for it in the program, and fails the test in tests."""

from __future__ import annotations

import logging

import pytest

from cardtable import computers as computer_players
from cardtable.engine.core import Action
from cardtable.match import Match, Seat


def computers(n, level="easy"):
    return [Seat(f"C{i}", "computer", level) for i in range(n)]


class Broken:
    """A computer player that crashes."""

    def choose(self, state, seat, budget_s=None):
        raise RuntimeError("boom")

    def hint(self, state, seat, budget_s=None):
        raise RuntimeError("boom")


class Cheat:
    """A computer player that answers with a move that is not legal."""

    def choose(self, state, seat, budget_s=None):
        return Action("play", card="XX")


@pytest.mark.parametrize("threaded", [True, False])
@pytest.mark.parametrize("bot", [Broken, Cheat])
def test_a_failing_bot_never_stops_the_match_in_the_program(monkeypatch, caplog, bot,
                                                             threaded):
    """In the program a computer that crashes or cheats is logged with its reason, and the
    first legal move is played for it (whatever the game calls its moves)."""
    monkeypatch.setattr(computer_players, "RAISE_COMPUTER_ERRORS", False)
    m = Match("sixtysix", computers(2), seed=6, pace=0, threaded=threaded, executor="thread")
    first = m.legal_actions()[0]
    seat = m.to_act
    m._bots = {0: bot(), 1: bot()}
    with caplog.at_level(logging.ERROR, logger="cardtable.computers"):
        events = m.wait()
    assert events and m.moves[-1] == (seat, first)
    failed = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(failed) == 1 and failed[0].exc_info is not None
    assert f"seat {seat}" in failed[0].getMessage()
    m.close()


@pytest.mark.parametrize("threaded", [True, False])
@pytest.mark.parametrize("bot", [Broken, Cheat])
def test_a_failing_bot_fails_the_test(bot, threaded):
    """In tests (tests/conftest.py) the same computer raises, and no move is played."""
    m = Match("sixtysix", computers(2), seed=6, pace=0, threaded=threaded, executor="thread")
    before = m.state.to_json()
    m._bots = {0: bot(), 1: bot()}
    with pytest.raises(computer_players.ComputerError):
        m.wait()
    assert m.state.to_json() == before and not m.moves
    m.close()


def test_a_failing_hint_is_the_first_legal_move_in_the_program_and_fails_a_test(
        monkeypatch, caplog):
    seats = [Seat("Ann", "human"), Seat("Bot", "computer")]
    m = Match("sixtysix", seats, seed=9, pace=0, first_dealer=1, threaded=False)
    monkeypatch.setattr("cardtable.match.make_bot", lambda *args: Broken())
    with pytest.raises(RuntimeError, match="boom"):
        m.request_hint(0).result(timeout=5)
    monkeypatch.setattr(computer_players, "RAISE_COMPUTER_ERRORS", False)
    with caplog.at_level(logging.WARNING, logger="cardtable.computers"):
        action, reason = m.request_hint(0).result(timeout=5)
    assert (action, reason) == (m.legal_actions()[0], "")
    assert [r.exc_info for r in caplog.records if r.levelno >= logging.WARNING]
