"""A friend's own move never waits for the host's window (issue 34, item 10): the host's
table plays a friend's move the moment it comes, whatever it is still animating, and every
player has their update at once; its events wait on the host's table behind those being
shown. Computers' moves at the host keep their pace.

The host's table here animates at normal speed and its frames are stepped with no time
passing (``app.step([], 0.0)``): its picture stands still in the middle of a move, so the
test needs no clock. Before, the friend's move waited for the host's animations to end
(for ever, here).

Modules: cardtable.ui.scenes.table.network (a friend's move at the host), scene.py (every
frame) and cardtable.net.hosted (``poll_friend``)."""

from __future__ import annotations

import time

from cardtable.engine.core import Event
from cardtable.net.remote import connect
from cardtable.ui import netplay
from cardtable.ui.scenes.table import TableScene, show_table
from tests.net_helpers import LOOPBACK
from tests.ui.conftest import DT

CONFIG = {"game": "sixtysix", "players": 2, "seed": 4,
          "seats": [{"name": "Host", "kind": "human", "level": "easy"},
                    {"name": "Friend 2", "kind": "friend", "level": "easy"}],
          "network": {"remote": [1], "stand_in": "easy"}}


def until(test, step, what: str, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, what
        step()
        time.sleep(0.002)


def hosted(app, speed: str = "normal"):
    host = netplay.open_table(CONFIG, advertise=False, bind=LOOPBACK)
    table = show_table(app, TableScene(host, speed=speed, sound=False))
    friend, error, _ = connect(LOOPBACK, host.server.port, "Zoe", code=host.server.code)
    assert friend is not None, error
    return host, table, friend


def to_the_friends_turn_after_the_hosts_move(app, host, table, friend) -> None:
    """Play on (the host's first legal move, the friend's) until the host has just moved
    and it is the friend's turn: the host's table animates the host's move."""
    def step() -> None:
        app.step([], DT)
        friend.poll()
        if friend.to_act == 1 and friend.legal_actions():
            friend.apply(friend.legal_actions()[0])

    for _ in range(20):
        until(table.my_turn, step, "the host's turn did not come")
        assert table.try_action(table.legal[0])
        if host.to_act == 1:
            return
    raise AssertionError("the friend's turn did not come after the host's move")


def test_a_friends_move_is_played_and_told_while_the_host_still_animates(app):
    host, table, friend = hosted(app)
    try:
        to_the_friends_turn_after_the_hosts_move(app, host, table, friend)
        assert not table.timeline.idle, "the host's move is being shown"
        # the host's picture stands still mid-move; the friend's copy hears its turn
        until(lambda: friend.to_act == 1, lambda: (app.step([], 0.0), friend.poll()),
              "the friend was not told their turn")
        sent_at = friend.turn
        moves = len(host.moves)
        friend.apply(friend.legal_actions()[0])
        until(lambda: friend.turn > sent_at and not friend.pending,
              lambda: (app.step([], 0.0), friend.poll()),
              "the friend's move waited for the host's animations")
        assert len(host.moves) == moves + 1 and host.moves[-1][0] == 1
        assert not table.timeline.idle, "the host's table still shows its own move"
        # and the friend's move is shown after it, once the picture goes on
        until(lambda: table.idle, lambda: app.step([], DT), "the host's table stood still")
        assert table.turn == host.to_act
    finally:
        friend.close()
        host.close()


def test_a_friends_move_is_played_while_the_host_is_away_and_a_deals_end_waits(app):
    """The host went to the menu with a deal's end still to show: computers wait there for
    the host (as before), but a friend's move is played and told at once."""
    host, table, friend = hosted(app, speed="off")
    try:
        def step() -> None:
            app.step([], DT)
            friend.poll()
            if table.my_turn() and table.legal:
                table.try_action(table.legal[0])

        until(lambda: host.to_act == 1 and table.idle, step, "the friend's turn did not come")
        table.timeline.queue.append(Event("deal_scored", {}))
        table.leave()
        until(lambda: friend.to_act == 1, friend.poll, "the friend was not told their turn")
        sent_at = friend.turn
        friend.apply(friend.legal_actions()[0])
        until(lambda: friend.turn > sent_at and not friend.pending,
              lambda: (app.step([], DT), friend.poll()),
              "the friend's move waited for the host to come back")
        assert host.moves[-1][0] == 1
        assert table._away_held and table._away_events, "kept for the host's return"
    finally:
        friend.close()
        host.close()
