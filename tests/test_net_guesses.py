"""A table code nobody guesses: ten characters of an alphabet read aloud without doubt
(32**10, about 10**15 codes), and an address that keeps guessing wrong is refused for a
growing time; what the host remembers of the guessers stays bounded (issue 34, item 3).

Before: four characters (32**4, about a million codes), one guess per connection, no limit
per address, about 900 guesses a second: a stranger found a table in minutes."""

from __future__ import annotations

import json
import socket
import time

import pytest
from websockets.sync.client import connect as ws_connect

from cardtable.net import protocol
from cardtable.net.door import FREE_GUESSES, MAX_ADDRESSES, Guesses, address_key
from cardtable.net.host import MAX_REFUSALS
from tests.net_helpers import LOOPBACK, host_table, join


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_a_code_is_ten_characters_of_the_unambiguous_alphabet():
    codes = {protocol.new_code() for _ in range(500)}
    assert len(codes) == 500
    for code in codes:
        assert len(code) == protocol.CODE_LENGTH >= 10
        assert set(code) <= set(protocol.CODE_LETTERS)
        assert protocol.valid_code(code)
    assert len(protocol.CODE_LETTERS) ** protocol.CODE_LENGTH >= 10 ** 15
    # typed in groups, in lower case, with spaces or a dash: the same code
    code = protocol.new_code()
    shown = protocol.shown_code(code)
    assert protocol.normal_code(shown) == code
    assert protocol.normal_code(" " + shown.lower().replace("-", " ") + " ") == code
    # pasted from a chat or a word processor: an en dash, full-width letters and digits
    assert protocol.normal_code(shown.replace("-", "\u2013")) == code
    assert protocol.normal_code("".join(chr(ord(c) + 0xFEE0) if c != "-" else " "
                                        for c in shown)) == code
    assert not protocol.valid_code("K7QF") and not protocol.valid_code("O" * 10)
    assert not protocol.valid_code(code + "A") and not protocol.valid_code(None)


def guess(port: int, code: str, source: str) -> dict:
    """One hello with ``code`` from the loopback address ``source``: the host's answer."""
    sock = socket.create_connection((LOOPBACK, port), timeout=5, source_address=(source, 0))
    with ws_connect(f"ws://{LOOPBACK}:{port}/", sock=sock, open_timeout=5, proxy=None,
                    compression=None) as ws:
        ws.send(protocol.encode({"type": "hello", "name": "Eve", "code": code}))
        return json.loads(ws.recv(timeout=5))


def test_an_address_guessing_codes_is_held_off_for_longer_and_longer():
    match, server = host_table("sixtysix", 2, remote=[1])
    clock = Clock()
    server.clock = clock
    eve = "127.0.0.2"           # another loopback address: the guesser's
    wrong = "".join("A" if c != "A" else "B" for c in server.code)
    try:
        started = time.monotonic()
        answers = [guess(server.port, wrong, eve)["code"] for _ in range(FREE_GUESSES)]
        assert answers == ["wrong_code"] * FREE_GUESSES
        # one more: held off, and the right code is not even looked at meanwhile
        held = guess(server.port, server.code, eve)
        assert held["code"] == "slow_down" and held["params"]["wait"] >= 1
        assert match.seat_status(1) == "empty"
        # a friend at another address joins as ever
        ann = join(server, "Ann")
        assert ann.seat == 1
        ann.close()
        # the hold ends, one more guess, and a longer hold
        first = held["params"]["wait"]
        clock.now += first + 1
        assert guess(server.port, wrong, eve)["code"] == "wrong_code"
        second = guess(server.port, wrong, eve)
        assert second["code"] == "slow_down" and second["params"]["wait"] >= 2 * first - 1
        assert time.monotonic() - started < 30          # a bounded test: ~10 connections
    finally:
        server.close()


def test_an_honest_friend_who_mistypes_twice_still_sits_down():
    match, server = host_table("sixtysix", 2, remote=[1])
    try:
        for typo in ("ZZZZZZZZZZ", server.code[:-1]):
            assert guess(server.port, typo, "127.0.0.3")["code"] == "wrong_code"
        answer = guess(server.port, protocol.shown_code(server.code).lower(), "127.0.0.3")
        assert answer["type"] == "welcome"
    finally:
        server.close()


def test_guesses_an_address_gets_in_an_hour_and_in_a_day():
    clock = Clock(0.0)
    guesses = Guesses(clock)
    tried = []
    for second in range(24 * 3600):
        clock.now = float(second)
        if guesses.wait("203.0.113.9") == 0:
            guesses.wrong("203.0.113.9")
            tried.append(second)
    first_hour = sum(1 for t in tried if t < 3600)
    assert FREE_GUESSES <= first_hour <= 12
    assert len(tried) <= first_hour + 24         # then about one an hour
    # the whole code space at that pace: far beyond any lifetime
    years = len(protocol.CODE_LETTERS) ** protocol.CODE_LENGTH / len(tried) / 365
    assert years > 10 ** 9


def test_a_wrong_guess_after_a_quiet_hour_starts_afresh():
    clock = Clock(0.0)
    guesses = Guesses(clock)
    for _ in range(FREE_GUESSES + 2):
        guesses.wrong("198.51.100.1")
    assert guesses.wait("198.51.100.1") > 0
    clock.now += 24 * 3600
    assert guesses.wait("198.51.100.1") == 0
    for _ in range(FREE_GUESSES):
        assert guesses.wait("198.51.100.1") == 0
        guesses.wrong("198.51.100.1")


def test_what_is_kept_of_the_guessers_is_bounded():
    clock = Clock(0.0)
    guesses = Guesses(clock)
    for i in range(MAX_ADDRESSES * 3):
        clock.now = i * 0.001
        guesses.wrong(f"10.{i >> 16 & 255}.{i >> 8 & 255}.{i & 255}")
        assert len(guesses) <= MAX_ADDRESSES
    # one address of IPv6 is its /64: a guesser cannot walk its own network's addresses
    assert address_key("2001:db8::1") == address_key("2001:db8::ffff:1")
    assert address_key("2001:db8:0:1::1") != address_key("2001:db8::1")
    assert address_key("::ffff:192.0.2.1") == address_key("192.0.2.1")
    assert address_key(None) == address_key("")


def test_the_hosts_list_of_refusals_is_bounded():
    from tests.test_net_faults import FakeConnection, seated_friend
    match, server = seated_friend()
    conn = FakeConnection(1)
    for _ in range(MAX_REFUSALS * 3):
        conn.closing = False
        server._refuse(conn, protocol.Refused("malformed"))
    assert len(server.refusals) == MAX_REFUSALS


@pytest.mark.parametrize("code", ["", "ABC", "A" * 200, None, 17])
def test_a_hello_with_a_code_that_cannot_be_one_is_a_wrong_guess(code):
    match, server = host_table("sixtysix", 2, remote=[1])
    try:
        sock = socket.create_connection((LOOPBACK, server.port), timeout=5,
                                        source_address=("127.0.0.4", 0))
        with ws_connect(f"ws://{LOOPBACK}:{server.port}/", sock=sock, open_timeout=5,
                        proxy=None, compression=None) as ws:
            hello = {"type": "hello", "name": "Eve"}
            if code is not None:
                hello["code"] = code
            ws.send(protocol.encode(hello))
            assert json.loads(ws.recv(timeout=5))["code"] in ("wrong_code", "malformed")
        assert match.seat_status(1) == "empty"
    finally:
        server.close()
