"""Play again at a hosted table: the table, its code, port and friends stay; each friend
who was connected is asked whether they stay; staying seats them at the new match, leaving
frees the seat, a connection lost meanwhile leaves it away (the token brings them back).

Modules: cardtable.net.again (and its hooks in host, remote and protocol)."""

from __future__ import annotations

import json
import time

import pytest

from cardtable.net import again, protocol
from cardtable.net.protocol import Refused
from cardtable.net.remote import connect
from tests.net_helpers import LOOPBACK, host_table, join, play_until

SECONDS = 15.0


def wait_until(done, players=(), seconds=SECONDS) -> None:
    """Read what arrived until ``done()`` (a condition, bounded by a generous deadline)."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "it did not happen in time"
        for player in players:
            player.take_messages()
        time.sleep(0.001)


def notices(player) -> list[str]:
    return [n.kind for n in player.take_notices()]


@pytest.fixture
def table():
    host, server = host_table("pairs65", 3, remote=[1, 2])
    host.server = server          # as the window's table keeps it
    ann, bea = join(server, "Ann"), join(server, "Bea")
    yield host, server, ann, bea
    for friend in (ann, bea):
        (friend.successor or friend).close()
    (server.match).close()


def test_play_again_keeps_the_table_and_asks_each_friend(table):
    host, server, ann, bea = table
    code, port = server.code, server.port
    new = again.rematch(host)
    assert new is not host and new.server is server and server.match is new
    assert host.server is None and (server.code, server.port) == (code, port)
    assert [new.seat_status(s) for s in (1, 2)] == ["asked", "asked"]
    assert [new.seats[s].name for s in (1, 2)] == ["Ann", "Bea"]
    wait_until(lambda: ann.asked and bea.asked, [ann, bea])
    assert "again" in notices(ann) and "again" in notices(bea)

    bea_token = bea.token
    ann.answer_again(True)
    bea.answer_again(False)
    wait_until(lambda: ann.successor is not None, [ann])
    assert "again_seated" in notices(ann)
    seated = ann.successor
    assert seated.seat == 1 and seated.token == ann.token
    wait_until(lambda: new.seat_status(1) == "connected" and new.seat_status(2) == "empty")
    assert new.remote[2].token != bea_token       # leaving gave the seat up
    assert bea.closed == "left"

    host.close()          # the old match let go: closing it no longer ends the table
    assert server.running

    # Bea's old token no longer opens the seat; a friend with the code takes it
    _match, error, _ = connect(LOOPBACK, server.port, "Bea", token=bea_token)
    assert error == "bad_token"
    cleo = join(server, "Cleo")
    try:
        assert cleo.seat == 2 and new.seats[2].name == "Cleo"
        moves = new.turn
        play_until(new, [seated, cleo], lambda: new.turn >= moves + 6)
        assert not seated.closed and seated.state.deal_no == new.state.deal_no
    finally:
        cleo.close()


def test_a_friend_whose_connection_ends_unanswered_is_away_and_comes_back(table):
    host, server, ann, bea = table
    new = again.rematch(host)
    wait_until(lambda: ann.asked, [ann])
    token = ann.token
    ann.client.close()
    wait_until(lambda: new.seat_status(1) == "away")
    back = join(server, "Ann", token=token)
    try:
        assert back.seat == 1 and new.seat_status(1) == "connected"
        assert back.state.deal_no == new.state.deal_no
    finally:
        back.close()


def test_the_host_may_let_a_computer_play_an_asked_seat_until_the_answer(table):
    host, server, ann, bea = table
    new = again.rematch(host)
    wait_until(lambda: ann.asked and bea.asked, [ann, bea])
    assert new.stand_in_for(1) and new.seat_status(1) == "open"
    ann.answer_again(True)
    wait_until(lambda: ann.successor is not None, [ann])
    assert new.seat_status(1) == "connected"


def test_an_answer_nobody_asked_for_is_refused_with_a_code(table):
    host, server, ann, bea = table
    ann.client.send({"type": "again", "stay": True})
    wait_until(lambda: (1, "not_asked") in server.refusals)
    assert host.seat_status(1) == "connected"       # one strike, still seated


def test_the_messages_are_checked_at_the_border():
    frame = json.dumps({"v": protocol.VERSION, "type": "again", "game": "pairs65"})
    assert protocol.read_from_host(frame)["game"] == "pairs65"
    for bad in ({"type": "again"}, {"type": "again", "game": 3},
                {"type": "again", "game": "x", "extra": 1}):
        with pytest.raises(Refused):
            protocol.read_from_host(json.dumps({"v": protocol.VERSION, **bad}))
    ok = json.dumps({"v": protocol.VERSION, "type": "again", "stay": False})
    assert protocol.read_from_player(ok)["stay"] is False
    for bad in ({"type": "again"}, {"type": "again", "stay": 1},
                {"type": "again", "stay": True, "seat": 0}):
        with pytest.raises(Refused):
            protocol.read_from_player(json.dumps({"v": protocol.VERSION, **bad}))
