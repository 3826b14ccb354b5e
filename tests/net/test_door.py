"""The door of a table (cardtable.net.door): connections waiting for their hello are capped
per address and in all (the one waiting longest makes room for a newcomer), every
connection is counted until it ends, a seated player's strikes wear off and their presence
is paced. The wrong guesses per address: tests/test_net_guesses.py; the names: tests/
test_net_names.py."""

from __future__ import annotations

import logging

from cardtable.net import door
from cardtable.net.door import (
    MAX_PENDING,
    PENDING_PER_ADDRESS,
    Bucket,
    Door,
    Strikes,
    connection_limit,
)


class Handle:
    def __init__(self, name):
        self.name = name
        self.evicted = False

    def evict(self):
        self.evicted = True


def test_one_address_waits_with_a_few_connections_at_most():
    gate = Door(limit=64)
    handles = [Handle(i) for i in range(PENDING_PER_ADDRESS + 2)]
    answers = [gate.admit("198.51.100.1", h) for h in handles]
    assert answers == [None] * PENDING_PER_ADDRESS + ["busy", "busy"]
    assert gate.open == gate.waiting == PENDING_PER_ADDRESS
    assert gate.admit("198.51.100.2", Handle("other")) is None     # another address comes in
    gate.seated(handles[0])                   # one said hello: room for one more from there
    assert gate.admit("198.51.100.1", Handle("next")) is None
    assert gate.open == PENDING_PER_ADDRESS + 2


def test_the_one_waiting_longest_makes_room_for_a_newcomer():
    gate = Door(limit=1000)
    assert gate.pending_limit == MAX_PENDING
    idle = [Handle(i) for i in range(MAX_PENDING)]
    for i, h in enumerate(idle):
        assert gate.admit(f"10.0.{i}.1", h) is None
    friend = Handle("friend")
    assert gate.admit("192.0.2.50", friend) is None
    assert idle[0].evicted and not any(h.evicted for h in idle[1:])
    assert gate.waiting == MAX_PENDING and not friend.evicted
    gate.gone(idle[0])                        # its socket closes later: counted once
    gate.gone(idle[0])
    assert gate.waiting == MAX_PENDING
    assert gate.open == MAX_PENDING - 1


def test_the_connections_at_once_are_capped_and_ended_ones_free_their_place():
    gate = Door(limit=6)
    assert gate.pending_limit == 3
    seated = []
    for i in range(6):
        h = Handle(i)
        assert gate.admit(f"10.1.0.{i}", h) is None
        gate.seated(h)
        seated.append(h)
    assert gate.admit("10.1.0.99", Handle("late")) == "busy"
    gate.gone(seated[0])
    assert gate.admit("10.1.0.99", Handle("late")) is None


def test_turning_away_is_logged_once_a_minute(caplog):
    now = [0.0]
    gate = Door(limit=2, clock=lambda: now[0])
    with caplog.at_level(logging.WARNING, logger="cardtable.net.door"):
        gate.admit("a", Handle(1))
        gate.admit("b", Handle(2))
        for _ in range(500):
            assert gate.admit("c", Handle(3)) == "busy"
        now[0] = 61.0
        gate.admit("c", Handle(4))
    lines = [r for r in caplog.records if r.name == "cardtable.net.door"]
    assert len(lines) == 2 and "500 turned away" in lines[1].getMessage()
    assert not any(r.exc_info for r in lines)


def test_the_limit_follows_the_open_files_allowed(monkeypatch):
    import resource
    monkeypatch.setattr(resource, "getrlimit", lambda which: (160, 4096))
    assert connection_limit() == (160 - door.FILES_KEPT) // 2
    monkeypatch.setattr(resource, "getrlimit", lambda which: (100_000, 100_000))
    assert connection_limit() == door.MAX_CONNECTIONS
    monkeypatch.setattr(resource, "getrlimit", lambda which: (20, 20))
    assert connection_limit() == 4


def test_strikes_wear_off():
    strikes = Strikes(2.0)
    assert strikes.add(0.0) == 1.0 and strikes.add(0.0) == 2.0
    assert strikes.count(2.0) == 1.0 and strikes.count(10.0) == 0.0
    assert strikes.add(10.0) == 1.0


def test_a_bucket_gives_a_burst_then_a_steady_pace():
    bucket = Bucket(3, 1.0)
    assert [bucket.take(0.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.wait(0.0) == 1.0 and bucket.wait(0.5) == 0.5
    assert bucket.take(1.0) and not bucket.take(1.0)
    assert bucket.take(100.0) and bucket.tokens == 2.0       # never more than the burst


def test_addresses_held_off_are_logged_once_a_minute(caplog):
    from cardtable.net.door import FREE_GUESSES, Guesses
    now = [0.0]
    guesses = Guesses(lambda: now[0])
    with caplog.at_level(logging.WARNING, logger="cardtable.net.door"):
        for i in range(200):                       # two hundred addresses, each held off
            for _ in range(FREE_GUESSES):
                guesses.wrong(f"10.9.{i}.1")
        now[0] = 61.0
        for _ in range(FREE_GUESSES):
            guesses.wrong("10.9.250.1")
    lines = [r.getMessage() for r in caplog.records if r.name == "cardtable.net.door"]
    assert len(lines) == 2 and "201 addresses held off" in lines[1]
