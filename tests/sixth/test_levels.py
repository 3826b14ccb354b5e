"""Magpie played whole at every level: random, easy, medium and hard, through the bots
and through a headless :class:`cardtable.match.Match`; the levels are measured apart."""

from __future__ import annotations

import logging

import pytest

from cardtable import tournament
from cardtable.ai import make_bot
from cardtable.ai.base import ALL_LEVELS, EXPERT
from cardtable.ai.levels import knowledge_for, offered_levels
from cardtable.engine import registry
from cardtable.match import Match, Seat

from .game.engine import GAME_ID, KNOCK_KIND, SPEC
from .game.players import MagpieKnowledge

LEVELS = [level for level in ALL_LEVELS if level != EXPERT]
QUICK = SPEC.quick_options


def test_the_game_brings_its_own_players_and_offers_no_expert():
    assert isinstance(knowledge_for(GAME_ID), MagpieKnowledge)
    assert offered_levels(GAME_ID) == ("easy", "medium", "hard")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", LEVELS)
def test_bots_play_whole_matches_with_legal_moves_only(level, players):
    bots = [make_bot(GAME_ID, level, 10 * players + s, iterations=6) for s in range(players)]
    state = registry.get(GAME_ID).new_match(players=players, seed=players,
                                            options={"target": 2})
    kinds = set()
    moves = 0
    while not state.is_over:
        seat = state.current_player
        legal = state.legal_actions()
        action = bots[seat].choose(state.clone(), seat, 0.02)
        assert action in legal
        assert "fallback" not in bots[seat].last, f"{level} chose a move that is not legal"
        kinds.add(action.kind)
        state.apply(action)
        moves += 1
        assert moves < 5000
    assert state.winners and max(state.match_scores) >= 2
    if level != "random":
        assert "play" in kinds


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_headless_match_of_computers_plays_to_its_end(level, caplog):
    seats = [Seat(f"C{i}", "computer", level) for i in range(3)]
    match = Match(GAME_ID, seats, options=dict(QUICK), seed=21, pace=0.0, threaded=False,
                  budget=0.02)
    with caplog.at_level(logging.WARNING):
        while not match.is_over:
            assert match.run_computer_move()
            assert len(match.moves) < 2000
    # a computer that crashed would have been logged and a move played for it
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert match.state.winners
    assert match.take_finished_deals()


def test_medium_outplays_random_and_hard_knocks_when_it_pays():
    result = tournament.run(GAME_ID, "medium", "random", 40, seed=1, players=2, budget=0.02,
                            options=dict(QUICK), deals=1)
    assert result["matches"] == 40 and result["stalled"] == 0
    # medium takes more points a deal than random, and wins more deals
    assert result["deal_diff_lo"] > 0
    assert result["win_rate"] > 0.6
    # the hard level weighs the knock: with a hand that takes every trick it knocks
    from .test_engine import STRONG, stacked

    state = stacked(STRONG)
    bot = make_bot(GAME_ID, "hard", 1, iterations=8)
    assert bot.choose(state.clone(), 0).kind == KNOCK_KIND
    hint, reason = bot.hint(state.clone(), 0)
    assert hint.kind == KNOCK_KIND and reason


def test_a_hard_computer_thinks_in_the_worker_process(caplog):
    seats = [Seat("C0", "computer", "hard"), Seat("C1", "computer", "hard")]
    match = Match(GAME_ID, seats, seed=5, pace=0.0, executor="process", budget=0.02)
    try:
        with caplog.at_level(logging.WARNING):
            for _ in range(3):
                assert match.wait(timeout=60.0)
    finally:
        match.close()
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], \
        [r.getMessage() for r in caplog.records]
