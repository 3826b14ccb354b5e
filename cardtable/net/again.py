"""Play again at a hosted table: a new match at the same table, for the same friends.

    new = rematch(old)                 # the host said yes: old's server now serves new

The new match is dealt afresh (a new secret, the same game, options and seats), and the
table stays what it was: its server, its code and port, and every friend's seat with its
token and name. A friend who was connected is asked whether they stay (``again`` to their
copy): until they answer their seat is ``asked`` (the match waits at its turn, as at an
empty seat, and the host may let a computer play it meanwhile). Staying seats them at the
new match as a token's return does (a welcome); leaving frees the seat for another friend
(a new token: the old one no longer opens it), and a connection lost meanwhile leaves the
seat ``away``, as at any time. Friends away, seats still empty or open stay so.

No pygame here; :mod:`cardtable.net.host` calls :func:`answer` from the server's thread.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from cardtable.net import protocol
from cardtable.net.protocol import Notice, Refused

if TYPE_CHECKING:
    from cardtable.net.host import Connection, TableServer
    from cardtable.net.hosted import HostedMatch

log = logging.getLogger(__name__)

#: a friend's seat whose friend was asked whether they stay for the new match
ASKED = "asked"


def rematch(old: HostedMatch, by: int | None = None) -> HostedMatch:
    """A new match of ``old``'s game at ``old``'s table: its server (if any) now serves the
    new match, its connected friends are asked whether they stay (all but the seat ``by``,
    the friend who asked a server's table for it: their seat waits for their answer, which
    they sent already). ``old`` is let go (its ``close`` no longer ends the table)."""
    seats = sorted(old.remote)
    config = {"game": old.game_id, "players": old.n_players,
              "seats": [s.to_json() for s in old.seats],
              "options": dict(old.state.options or {}) or None}
    played = old.match
    new = type(old).from_config(config, remote=seats, stand_in=old.stand_in,
                                tokens=[old.remote[s].token for s in seats], pace=old.pace,
                                threaded=played.threaded, budget=played.budget,
                                executor=played.executor_kind)
    new.idle_seconds, new.clock = old.idle_seconds, old.clock
    server = old.server
    with old.lock, new.lock:
        for seat, net in old.remote.items():
            fresh = new.remote[seat]
            if net.connected:
                fresh.status, fresh.conn = ASKED, net.conn
            else:
                fresh.status = net.status
        old.send = old.flush = None
        old.server = None
        if server is not None:
            server.match = new
            new.server = server
            new.send, new.flush = server._send, server._flush
            for seat, fresh in new.remote.items():
                if fresh.status == ASKED and seat != by:
                    new.send(seat, {"type": "again", "game": new.game_id})
            new.send(None, new.seats_message())
    if server is not None and server.changed is not None:
        server.changed()
    return new


def answer(server: TableServer, conn: Connection, stay: bool) -> bool:
    """A friend's answer (the server's thread): stay, and they are seated at the new match;
    leave, and their seat is free. Returns False when the connection is to end. Raises
    Refused('not_asked') for an answer nobody asked for."""
    match = server.match
    seat = conn.seat
    if seat is None:
        raise Refused("not_asked")
    with match.lock:
        net = match.remote.get(seat)
        if net is None or net.conn is not conn or server.by_seat.get(seat) is not conn or \
                net.status not in (ASKED, "open"):
            raise Refused("not_asked")
        if stay:
            # as a token's return: the welcome of the new match, the seats to everybody
            server.seat_player(conn, {"name": match.seats[seat].name, "token": net.token})
            return True
        net.status = "empty"
        net.token = protocol.new_token()
        net.conn = None
        net.move = None
        del server.by_seat[seat]
        conn.seat = None
        match.match.set_level(seat, match.stand_in)
        match.add_notice(Notice("declined", seat=seat))
        if match.send is not None:
            match.send(None, match.seats_message())
    log.info("the friend at seat %s left the table at a new match", seat)
    if match.on_ready is not None:
        match.on_ready()
    if server.changed is not None:
        server.changed()
    return False
