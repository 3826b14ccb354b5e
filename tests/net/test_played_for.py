"""A friend back at their seat is told how many moves a computer played for them meanwhile
(``played_for``): after a dropped connection (in the welcome of their token's return) and
after a silence the host handed to a computer (in the update after the move that takes the
seat back). Told once; only to a copy whose hello says it reads the field (an older copy
refuses a field it does not know, so it is sent none and plays on); checked at the border
when present, and a host that sends none is as good.

Modules: cardtable.net.hosted, cardtable.net.host, cardtable.net.protocol,
cardtable.net.inbound, cardtable.net.remote (on loopback, bounded in time)."""

from __future__ import annotations

import copy
import json
import time

import pytest

from cardtable.net import protocol
from cardtable.net.client import NetClient
from cardtable.net.hosted import HostedMatch
from cardtable.net.inbound import Hostile, Inbound
from cardtable.net.remote import RemoteMatch
from tests.hostile import Honest
from tests.net_helpers import LOOPBACK, host_table, join, play_until, settle


def wire(message: dict) -> dict:
    return protocol.read_from_host(protocol.encode(message))


def wait(test, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "it did not happen in time"
        time.sleep(0.005)


def told(player: RemoteMatch) -> list[int]:
    """The counts of moves played for this seat the copy was told since the last call."""
    return [n.count for n in player.take_notices() if n.kind == "played_for"]


def stand_in_moves(match: HostedMatch, seat: int, count: int, seconds: float = 20.0) -> int:
    """Let the host's computers play until one stood in ``count`` times at ``seat``, and
    stop at that seat's turn; the moves it played there."""
    at = len(match.moves)
    deadline = time.monotonic() + seconds
    while sum(1 for s, _ in match.moves[at:] if s == seat) < count or match.to_act != seat:
        assert time.monotonic() < deadline, "the computers did not play on in time"
        assert not match.is_over
        match.poll(now=float("inf"))
    return sum(1 for s, _ in match.moves[at:] if s == seat)


def older_copy(server, name: str, token: str) -> RemoteMatch:
    """A friend's copy of before ``played_for``: its hello names no field it reads."""
    client = NetClient(LOOPBACK, server.port, name=name, token=token)
    client.hello = dict(client.hello, app="cardtable")
    client.start()
    return RemoteMatch(client, client.wait_for("welcome", 10.0))


def test_a_friend_back_with_their_token_is_told_the_moves_a_computer_played_for_them():
    match, server = host_table("sixtysix", 2, remote=[1], seed=2)
    ann = join(server, "Ann")
    back = None
    try:
        assert told(ann) == []            # a first arrival: nothing was played for them
        play_until(match, [ann], lambda: any(s == 1 for s, _ in match.moves), seconds=20)
        token = ann.token
        ann.close()
        wait(lambda: match.seat_status(1) == "away")
        played = stand_in_moves(match, 1, 3)
        assert played == 3 and match.remote[1].played_for == 3
        back = join(server, "Ann", token=token)
        assert told(back) == [3]
        assert match.remote[1].played_for == 0
        # told once: the moves that follow say nothing more of it
        at = len(match.moves)
        play_until(match, [back], lambda: sum(s == 1 for s, _ in match.moves[at:]) >= 2,
                   seconds=20)
        settle([back])
        assert told(back) == []
    finally:
        for player in (ann, back):
            if player is not None:
                player.close()
        server.close()


def test_a_silent_friend_is_told_after_the_move_that_takes_their_seat_back():
    match, server = host_table("sixtysix", 2, remote=[1], seed=4)
    zoe = join(server, "Zoe")
    try:
        play_until(match, [zoe], lambda: match.to_act == 1, seconds=20)
        assert match.hand_to_computer(1)
        played = stand_in_moves(match, 1, 2)
        assert played == 2 and match.seat_status(1) == "idle"
        settle([zoe])
        assert told(zoe) == []              # still silent: not told yet
        wait(lambda: zoe.poll() is not None and zoe.to_act == 1)
        zoe.apply(zoe.legal_actions()[0])   # the seat is theirs again with this move
        wait(lambda: match.seat_status(1) == "connected")
        deadline = time.monotonic() + 10
        counts: list[int] = []
        while not counts:
            assert time.monotonic() < deadline, "the friend was not told"
            match.poll(now=float("inf"))
            zoe.poll()
            counts = told(zoe)
            time.sleep(0.005)
        assert counts == [2] and match.seat_status(1) == "connected"
    finally:
        zoe.close()
        server.close()


def test_an_older_copy_is_sent_no_such_field_and_plays_on():
    match, server = host_table("sixtysix", 2, remote=[1], seed=2)
    frames: list[tuple[int, str]] = []
    server.recorder = lambda seat, text: frames.append((seat, text))
    ann = join(server, "Ann")
    old = None
    try:
        play_until(match, [ann], lambda: any(s == 1 for s, _ in match.moves), seconds=20)
        token = ann.token
        ann.close()
        wait(lambda: match.seat_status(1) == "away")
        stand_in_moves(match, 1, 2)
        del frames[:]
        old = older_copy(server, "Ann", token)
        assert old.seat == 1 and told(old) == []
        at = len(match.moves)
        play_until(match, [old], lambda: sum(s == 1 for s, _ in match.moves[at:]) >= 2,
                   seconds=20)
        assert old.closed is None
        assert frames and not any("played_for" in json.loads(text).get("update", {}) or
                                  "played_for" in json.loads(text) for _, text in frames)
    finally:
        for player in (ann, old):
            if player is not None:
                player.close()
        server.close()


def test_the_app_a_hello_names_says_which_optional_fields_its_copy_reads():
    assert protocol.reads(protocol.APP) == {"played_for"}
    assert protocol.reads("cardtable") == frozenset()
    for app in (None, 3, "", "+played_for", "cardtable played_for", "cardtable +"):
        assert protocol.reads(app) == frozenset()
    assert len(protocol.APP) <= 64          # (a hello's app is refused longer)
    hello = protocol.encode({"type": "hello", "name": "Ann", "code": "X", "token": None,
                             "app": protocol.APP})
    assert protocol.read_from_player(hello)["app"] == protocol.APP


@pytest.mark.parametrize("count", [0, -1, True, 2.0, "3", None, [1],
                                   protocol.MAX_PLAYED_FOR + 1])
def test_a_count_that_is_none_is_refused_at_the_border(count):
    honest = Honest("sixtysix")
    checks = Inbound()
    checks.read(wire(honest.welcome()))
    update = honest.update(1)
    update["played_for"] = count
    with pytest.raises((protocol.Refused, Hostile)):
        checks.read(wire(update))
    welcome = copy.deepcopy(honest.welcome())
    welcome["update"]["played_for"] = count
    with pytest.raises((protocol.Refused, Hostile)):
        Inbound().read(wire(welcome))


def test_a_count_is_taken_when_present_and_a_host_that_sends_none_is_as_good():
    honest = Honest("sixtysix")
    checks = Inbound()
    welcome = honest.welcome()
    welcome["update"]["played_for"] = 4
    assert checks.read(wire(welcome))["update"]["played_for"] == 4
    update = honest.update(1)
    update["played_for"] = protocol.MAX_PLAYED_FOR
    assert checks.read(wire(update))["played_for"] == protocol.MAX_PLAYED_FOR
    assert "played_for" not in checks.read(wire(honest.update(1)))


def test_only_moves_played_for_a_friend_away_or_silent_are_counted():
    """An open seat's moves (no friend took it yet) are nobody's; a new friend taking a
    seat hears of none; one sent away takes nothing along."""
    seats = [{"name": "Host", "kind": "computer", "level": "easy"},
             {"name": "Friend 2", "kind": "human", "level": "easy"}]
    match = HostedMatch.from_config({"game": "sixtysix", "players": 2, "seed": 3,
                                     "seats": seats}, remote=[1], pace=0.0, threaded=False)
    match.send = lambda seat, message: None
    assert match.stand_in_for(1)
    for _ in range(6):
        match.poll(now=float("inf"))
    assert any(s == 1 for s, _ in match.moves) and match.remote[1].played_for == 0
    seat = match.take_seat("Ann", None)
    match.remote[1].reads = frozenset({"played_for"})
    assert seat == 1 and match.take_played_for(1) == 0
    match.leave_seat(1)
    while match.remote[1].played_for < 2:
        match.poll(now=float("inf"))
    assert match.take_played_for(1) == 0        # away: not told until back
    match.take_seat("Ann", match.remote[1].token)
    while match.to_act != 1:
        match.poll(now=float("inf"))
    update = match.update_for(1, [], welcome=True)
    assert update["played_for"] == 2 and "played_for" not in match.update_for(1, [])
    match.leave_seat(1)
    match.poll(now=float("inf"))
    assert match.remote[1].played_for == 1
    match.free_seat(1)
    assert match.remote[1].played_for == 0
