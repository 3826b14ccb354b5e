"""A worker process keeps only a few bots (cardtable/ai/worker.py): a match asks for a bot
of its own seed at every move, so a cache without a bound would grow for the whole session."""

from __future__ import annotations

import pytest

from cardtable.ai import worker
from cardtable.engine import registry


@pytest.fixture
def no_bots():
    worker._BOTS.clear()
    yield
    worker._BOTS.clear()


def test_bots_of_many_seeds_stay_within_the_bound(no_bots):
    made = [worker._bot("sixtysix", "easy", seed, False) for seed in range(40)]
    assert len(worker._BOTS) == worker.KEEP_BOTS
    # the most recent are the ones kept, and one asked for again is the same bot
    assert [key[2] for key in worker._BOTS] == list(range(40 - worker.KEEP_BOTS, 40))
    assert worker._bot("sixtysix", "easy", 39, False) is made[39]
    assert worker._bot("sixtysix", "easy", 0, False) is not made[0]    # long forgotten


def test_a_bot_used_again_is_kept_before_newer_ones(no_bots):
    first = worker._bot("sixtysix", "easy", 1, False)
    for seed in range(2, 2 + worker.KEEP_BOTS - 1):
        worker._bot("sixtysix", "easy", seed, False)
    assert worker._bot("sixtysix", "easy", 1, False) is first       # used: now the newest
    worker._bot("sixtysix", "easy", 100, False)                     # the oldest other goes
    assert ("sixtysix", "easy", 1, False) in worker._BOTS
    assert ("sixtysix", "easy", 2, False) not in worker._BOTS


def test_think_answers_through_the_bounded_bots(no_bots):
    state = registry.get("sixtysix").new_match(seed=5)
    seat = state.current_player
    for move in range(worker.KEEP_BOTS + 4):
        answer = worker.think({"op": "choose", "game": "sixtysix", "level": "easy",
                               "seed": move, "state": state.to_json(), "seat": seat})
        assert answer["action"] in [a.to_json() for a in state.legal_actions()]
    assert len(worker._BOTS) == worker.KEEP_BOTS
