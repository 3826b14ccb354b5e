"""A friend back after a dropped connection: their seat's token replaces the connection the
host still believes in, at once (issue 34, item 5). Before, the host refused them with
"Someone is already playing your seat" until its pings gave the old connection up (~25 s)."""

from __future__ import annotations

import random
import time

from cardtable.net.remote import connect
from tests.net_helpers import LOOPBACK, host_table, join, play_until


def test_the_seats_token_takes_the_seat_over_from_a_connection_the_host_still_holds():
    match, server = host_table("japanese65", 4, remote=[1, 2, 3], seed=5)
    players = [join(server, f"Friend{i}") for i in range(3)]
    try:
        play_until(match, players, lambda: len(match.moves) >= 4, seconds=30)
        old = players[0]
        seat, token = old.seat, old.token
        old_conn = server.by_seat[seat]
        # the friend's program lost its connection (the host has heard nothing of it) and
        # comes back with the token it kept: welcomed at once, to the same seat
        started = time.monotonic()
        back, code, _ = connect(LOOPBACK, server.port, "Friend0", token=token, timeout=5.0)
        assert back is not None, code
        assert time.monotonic() - started < 5.0
        assert back.seat == seat and back.token == token
        assert server.by_seat[seat] is not old_conn
        assert match.seat_status(seat) == "connected" and match.seats[seat].name == "Friend0"
        # the connection it replaced is told so, and whatever it still sends is not the seat's
        assert old.client.wait_for("closed", 5.0)["code"] == "replaced"
        assert old_conn.seat is None
        deadline = time.monotonic() + 5
        while server.conns and old_conn in server.conns:
            assert time.monotonic() < deadline, "the replaced connection stayed open"
            time.sleep(0.01)
        # no 'away' came in between: the seat went from one connection to the other
        assert match.seat_status(seat) == "connected"
        others = [back] + players[1:]
        at = len(match.moves)
        play_until(match, others, lambda: any(s == seat for s, _ in match.moves[at:]),
                   seconds=30)
        assert match.seat_status(seat) == "connected"
    finally:
        for p in players:
            p.close()
        server.close()


def test_the_replaced_connections_end_does_not_make_the_seat_away():
    match, server = host_table("sixtysix", 2, remote=[1], seed=2)
    try:
        first = join(server, "Ann")
        second = join(server, "Ann", token=first.token)
        first.close()            # the old program says bye late: the seat stays the new one's
        deadline = time.monotonic() + 3
        while len(server.conns) > 1:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert match.seat_status(1) == "connected" and server.by_seat[1] is not None
        assert [n.kind for n in match.take_notices()].count("left") == 0
        rng = random.Random(1)
        at = len(match.moves)
        play_until(match, [second], lambda: any(s == 1 for s, _ in match.moves[at:]),
                   seconds=30, seed=rng.randrange(100))
        second.close()
    finally:
        server.close()
