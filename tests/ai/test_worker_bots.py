"""A worker process keeps only a few bots (cardtable/ai/worker.py): a match asks for a bot
of its own seed at every move, so a cache without a bound would grow for the whole session."""

from __future__ import annotations

import threading

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


# ---------------------------------------------------------------- an idle worker ends

class _Pool:
    """Stands for a worker process pool: records that it was let go."""

    def __init__(self):
        self.shut = False

    def shutdown(self, wait=False, cancel_futures=False):
        self.shut = True


def test_an_idle_worker_is_let_go_and_the_next_request_starts_another(monkeypatch):
    service = worker.BotService("process")
    service.IDLE_SECONDS = 0.0
    pools = []

    def make():
        pools.append(_Pool())
        return pools[-1]

    timers = []

    class Timer(threading.Timer):
        def start(self):
            timers.append(self)
            super().start()

    monkeypatch.setattr(service, "_make_process_pool", make)
    monkeypatch.setattr(worker.threading, "Timer", Timer)
    assert service._executor() is pools[0]
    service._sent()
    assert not timers                           # busy: nothing to let go
    service._answered()
    assert len(timers) == 1
    timers[0].join()
    assert pools[0].shut and service._pool is None and service.released == 1
    assert service._executor() is pools[1]      # the next request: another worker
    service.shutdown()


def test_a_request_before_the_idle_time_keeps_the_worker(monkeypatch):
    service = worker.BotService("process")
    service.IDLE_SECONDS = 3600.0
    pool = _Pool()
    monkeypatch.setattr(service, "_make_process_pool", lambda: pool)
    service._executor()
    service._sent()
    service._answered()
    timer = service._idle_timer
    service._sent()                             # another request: the timer is stopped
    timer.join()
    assert service._idle_timer is None and not pool.shut and service.released == 0
    service._answered()
    assert service._idle_timer is not None      # idle again: a new timer
    service.shutdown()
    assert pool.shut and service._idle_timer is None


def test_a_thread_service_keeps_no_timer():
    service = worker.BotService("thread")
    state = registry.get("sixtysix").new_match(seed=5)
    move = service.choose("sixtysix", "easy", 1, state, state.current_player).result(60)
    assert move in state.legal_actions()
    assert service._idle_timer is None and service._busy == 0
    service.shutdown()
