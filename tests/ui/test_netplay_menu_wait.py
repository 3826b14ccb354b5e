"""The host in their menu while a friend waits at the table for them is told so (a toast
naming who waits, said again while they wait; Continue goes back to the table); a
friend's copy whose host was lost is offered the Join screen filled in with the table,
and Join sits them at their seat again; a table closed on purpose goes to the menu only.

Module: cardtable.ui.scenes.table.network (on loopback), with cardtable.ui.scenes.join."""

from __future__ import annotations

import random
import time

from cardtable.i18n import tr
from cardtable.net.remote import connect
from cardtable.ui import netplay
from cardtable.ui.scenes.join import JoinScene
from cardtable.ui.scenes.table import TableScene, show_table
from cardtable.ui.scenes.table.network import WAIT_REMINDER
from tests.net_helpers import LOOPBACK, host_table
from tests.ui.conftest import DT
from tests.ui.test_netplay import friend_table


def step_until(app, test, friends=(), seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "it did not come"
        app.step([], DT)
        for friend in friends:
            friend.poll()
        time.sleep(0.002)


def waits(app) -> list[str]:
    return [tr(t.text) for t in app.toasts if "waits for you at the table" in tr(t.text)]


def test_the_host_in_the_menu_is_told_a_friend_waits_for_them(app, monkeypatch):
    """The friend saw the host "In the menu" and waited for ever, and the host's menu gave
    no sign of it."""
    host = friend_table("human")
    friend = None
    try:
        table = show_table(app, TableScene(host, speed="off", sound=False))
        friend, error, _ = connect(LOOPBACK, host.server.port, "Zoe", code=host.server.code)
        assert friend is not None, error
        rng = random.Random(2)

        def to_the_friends_turn():
            if table.my_turn() and table.legal:
                table.try_action(table.legal[0])
            return host.to_act == 1 and table.idle
        step_until(app, to_the_friends_turn, [friend])
        table.leave()                             # the host goes to the menu
        assert app.top is not table and app.table is table
        step_until(app, lambda: friend.to_act == 1, [friend])
        app.step([], DT)
        assert waits(app) == []                   # the friend's turn: nobody waits yet
        step_until(app, lambda: friend.seat_elsewhere(0), [friend])   # "In the menu"
        told = []
        monkeypatch.setattr(app, "toast", lambda text, **kw: told.append(tr(text)))
        friend.apply(rng.choice(friend.legal_actions()))
        step_until(app, lambda: told, [friend])   # the host's turn now: Zoe waits
        assert told == ["Zoe waits for you at the table: Continue takes you back to it."]
        assert host.is_human(host.to_act)
        app.step([], WAIT_REMINDER / 2)
        assert len(told) == 1                     # not at every frame
        due = table.away_due()
        assert due is not None and 0 < due <= WAIT_REMINDER / 2 + 0.1   # the window wakes
        app.step([], WAIT_REMINDER / 2 + 0.1)
        assert len(told) == 2                     # said again while she waits
        app.push(table)                           # Continue: back at the table
        assert table.awaited_by() == []
        app.step([], WAIT_REMINDER + 1)
        assert len(told) == 2
    finally:
        if friend is not None:
            friend.close()
        host.close()


def joined_by_the_join_screen(app, server, name="Ann") -> TableScene:
    scene = app.build("join", browse=False)
    app.push(scene)
    scene.values.update(address=LOOPBACK, port=str(server.port), name=name)
    scene.set_value("code", server.code)
    scene.join()
    step_until(app, lambda: isinstance(app.top, TableScene), seconds=8)
    return app.top


def test_a_friend_whose_host_was_lost_is_offered_to_join_again(app, tmp_path, monkeypatch):
    """Dropped at the menu with a sentence gone in seconds and no way back: the Join
    screen comes, filled in with the table; Join sits the friend at their seat again."""
    monkeypatch.setattr(netplay, "seats_file", lambda: tmp_path / "net_seats.json")
    host, server = host_table("sixtysix", 2, remote=[1])
    try:
        table = joined_by_the_join_screen(app, server)
        token = table.match.token
        table.match.client.close()
        table.table_closed("host_gone")           # as the client says when it is lost
        scene = app.top
        assert isinstance(scene, JoinScene) and app.stack[0] is not scene  # over the menu
        assert (scene.values["address"], scene.values["port"]) == (LOOPBACK, str(server.port))
        assert scene.values["code"].replace("-", "") == server.code
        said = tr(scene.status)
        assert "connection to the host was lost" in said and "Join sits you" in said
        assert scene.seat_kept() == (token, server.code)
        scene.join()
        step_until(app, lambda: isinstance(app.top, TableScene), seconds=8)
        assert app.top.match.seat == 1 and app.top.match.token == token
    finally:
        if isinstance(app.top, TableScene):
            app.top.match.close()
        server.close()


def test_a_table_closed_on_purpose_goes_to_the_menu_only(app, tmp_path, monkeypatch):
    monkeypatch.setattr(netplay, "seats_file", lambda: tmp_path / "net_seats.json")
    host, server = host_table("sixtysix", 2, remote=[1])
    try:
        joined_by_the_join_screen(app, server)
        server.close()                            # the host closed the table
        step_until(app, lambda: not isinstance(app.top, TableScene), seconds=8)
        assert len(app.stack) == 1 and not isinstance(app.top, JoinScene)
        assert any(t.text == netplay.WORDS["host_left"] for t in app.toasts)
    finally:
        server.close()


def test_the_hosts_own_table_offers_no_join_screen(app):
    host = friend_table("human")
    try:
        table = show_table(app, TableScene(host, speed="off", sound=False))
        assert table.join_again("host_gone") is False
    finally:
        host.close()
