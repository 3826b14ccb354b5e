"""Strikes wear off: a friend's refused messages count against them only for a while, so an
honest friend whose own program sent them (going menu <-> table seven times in five
seconds, a move that crossed the host's turn now and then) is never sent away, while a
flood still is (issue 34, item 8). The clock is the test's: no timing of the machine."""

from __future__ import annotations

import json

from cardtable.net import protocol
from cardtable.net.door import Bucket
from cardtable.net.host import FLOOD_RATE, STRIKE_SECONDS, STRIKES
from tests.test_net_faults import FakeConnection, seated_friend


class Clock:
    def __init__(self, now: float = 100.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def here(value: bool) -> str:
    return json.dumps({"v": protocol.VERSION, "type": "here", "here": value})


def out_of_turn(match) -> str:
    return json.dumps({"v": protocol.VERSION, "type": "move", "turn": match.turn + 7,
                       "action": {"kind": "play", "card": "AS"}})


def closed(conn) -> list[str]:
    return [m["code"] for m in map(json.loads, conn.out) if m["type"] == "closed"]


def test_seven_trips_to_the_menu_in_five_seconds_keep_the_friend_and_the_plates_right():
    match, server = seated_friend("human")
    clock = Clock()
    server.clock = clock
    sent = []
    match.send = lambda seat, message: sent.append(message)
    conn = FakeConnection(1)
    for trip in range(7):                   # menu, table, menu, table...: 14 messages in 5 s
        for value in (False, True):
            clock.now += 5.0 / 14
            assert server._receive(conn, here(value)), f"sent away on trip {trip}"
    assert closed(conn) == [] and not conn.closing
    assert not match.seat_elsewhere(1)      # back at the table, as the last message said
    # the others' plates were told at most a few times, never once per message ...
    assert 1 <= len(sent) < 14
    # ... and once the quiet spell lets them be told, they hear where the friend is now
    clock.now += 10
    server.tell_presence_due()
    assert sent[-1]["type"] == "seats" and "elsewhere" not in sent[-1]["seats"][1]


def test_refusals_spread_over_a_long_match_never_add_up():
    match, server = seated_friend("human")
    clock = Clock()
    server.clock = clock
    conn = FakeConnection(1)
    for _ in range(STRIKES * 10):
        clock.now += STRIKE_SECONDS
        assert server._receive(conn, out_of_turn(match))
    assert closed(conn) == []
    codes = [m["code"] for m in map(json.loads, conn.out)]
    assert codes == ["not_your_turn"] * STRIKES * 10


def test_a_burst_of_refused_messages_still_sends_the_friend_away():
    match, server = seated_friend("human")
    clock = Clock()
    server.clock = clock
    conn = FakeConnection(1)
    answers = []
    for _ in range(STRIKES + 1):
        clock.now += 0.01
        answers.append(server._receive(conn, out_of_turn(match)))
    assert answers == [True] * STRIKES + [False]
    assert closed(conn) == ["dropped"]


def test_a_flood_of_presence_is_refused_and_sends_the_flooder_away():
    match, server = seated_friend("human")
    clock = Clock()
    server.clock = clock
    sent = []
    match.send = lambda seat, message: sent.append(message)
    conn = FakeConnection(1)
    conn.flood = Bucket(FLOOD_RATE, FLOOD_RATE)      # (as a real connection counts them)
    kept = 0
    for i in range(1000):
        clock.now += 0.001                   # a thousand a second
        if not server._receive(conn, here(i % 2 == 0)):
            break
        kept += 1
    assert kept < 300 and closed(conn) == ["dropped"]
    assert len(sent) <= 10                  # the table was not woken for each
