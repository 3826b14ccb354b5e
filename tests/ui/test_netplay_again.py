"""Play again at a table over the network, on the real screens: the host's Play again asks
first and keeps the table (its code, port and friend); the friend's copy shows the host's
question, and staying brings the new match to its table.

Modules: cardtable.ui.scenes.table.network and cardtable.ui.scenes.matchend."""

from __future__ import annotations

import time

from cardtable.net.remote import connect
from cardtable.ui import netplay
from cardtable.ui.app import App
from cardtable.ui.scenes.confirm import ConfirmScene
from cardtable.ui.scenes.matchend import MatchEndScene
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.scenes.table.showing import show_table
from tests.net_helpers import LOOPBACK
from tests.ui.conftest import DT

SECONDS = 15.0


def until(done, *apps) -> None:
    deadline = time.monotonic() + SECONDS
    while not done():
        assert time.monotonic() < deadline, "it did not happen in time"
        for app in apps:
            app.step([], DT)
        time.sleep(0.001)


def test_play_again_asks_the_host_then_keeps_the_table_and_its_friend(app, tmp_path):
    config = {"game": "sixtysix", "players": 2, "seed": 4,
              "seats": [{"name": "Ann", "kind": "human", "level": "easy"},
                        {"name": "Friend 2", "kind": "friend", "level": "easy"}],
              "network": {"remote": [1], "stand_in": "easy"}}
    host = netplay.open_table(config, advertise=False, bind=LOOPBACK)
    server = host.server
    code, port = server.code, server.port
    friend, error, _ = connect(LOOPBACK, port, "Bea", code=code)
    assert friend is not None, error
    other = App(size=(1280, 720), settings={"sound": False},
                settings_path=tmp_path / "friend" / "settings.json")
    try:
        table = show_table(app, TableScene(host, speed="off", sound=False))
        theirs = show_table(other, TableScene(friend, speed="off", sound=False))
        end = MatchEndScene.for_table(table, {})
        assert end.on_play_again == table.ask_host_again       # not a new table
        assert MatchEndScene.for_table(theirs, {}).on_play_again is not None

        end.on_play_again()
        assert isinstance(app.top, ConfirmScene)             # asked first
        assert host.server is server                          # nothing happened yet
        app.top.confirm()
        new = app.table.match
        assert new is not host and new.server is server and server.running
        assert (server.code, server.port) == (code, port)
        assert new.seat_status(1) == "asked" and new.seats[1].name == "Bea"

        # the friend's copy shows the host's question; staying keeps the seat
        until(lambda: isinstance(other.top, ConfirmScene), other)
        assert "Stay" in other.top.spoken_heading() or other.top.yes_text == "Stay"
        other.top.confirm()
        until(lambda: other.table is not theirs and other.table is not None, other)
        assert other.table.match is friend.successor and other.table.match.seat == 1
        until(lambda: new.seat_status(1) == "connected", app, other)
        assert not friend.client.ended
    finally:
        if other.table is not None:
            other.table.match.close()
        if app.table is not None:
            app.table.match.close()
        host.close()
        while other.stack:
            other.pop()


def test_a_friend_who_leaves_goes_to_the_menu_and_frees_the_seat(app, tmp_path):
    config = {"game": "sixtysix", "players": 2, "seed": 4,
              "seats": [{"name": "Ann", "kind": "human", "level": "easy"},
                        {"name": "Friend 2", "kind": "friend", "level": "easy"}],
              "network": {"remote": [1], "stand_in": "easy"}}
    host = netplay.open_table(config, advertise=False, bind=LOOPBACK)
    friend, error, _ = connect(LOOPBACK, host.server.port, "Bea", code=host.server.code)
    assert friend is not None, error
    other = App(size=(1280, 720), settings={"sound": False},
                settings_path=tmp_path / "friend" / "settings.json")
    try:
        show_table(app, TableScene(host, speed="off", sound=False))
        show_table(other, TableScene(friend, speed="off", sound=False))
        app.table.play_again_hosted()
        new = app.table.match
        until(lambda: isinstance(other.top, ConfirmScene), other)
        other.top.cancel()                                    # Leave
        assert other.table is None
        until(lambda: new.seat_status(1) == "empty", app)
        until(lambda: any("left the table" in str(t) for t in app_texts(app)), app)
    finally:
        if app.table is not None:
            app.table.match.close()
        host.close()
        while other.stack:
            other.pop()


def app_texts(app) -> list:
    table = app.table
    toast = getattr(table, "toast", None)
    return [getattr(toast, "text", toast)] + list(getattr(app, "toasts", []))
