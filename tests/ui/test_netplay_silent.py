"""A seated friend who never moves no longer stalls the table (issue 34, item 2): once they
have been silent a while at their turn, the host's table offers to let a computer play for
them (until they move) or to send them away; after ``idle_seconds`` (60 s unless the setup
says otherwise) a computer plays for them by itself. The friend's copy says so, and their
next move takes the seat back. The match's clock is the test's.

Modules: cardtable.ui.scenes.table.network (the host's buttons, the notices) and
cardtable.ui.netplay (the words)."""

from __future__ import annotations

from cardtable.i18n import set_language, tr
from cardtable.net.hosted import SLOW_SECONDS
from cardtable.net.remote import connect
from cardtable.ui import netplay
from cardtable.ui.scenes.table import TableScene, show_table
from tests.net_helpers import LOOPBACK
from tests.ui.conftest import DT, click, until_hosted


class Clock:
    def __init__(self, now: float = 1000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


CONFIG = {"game": "japanese65", "players": 4, "seed": 5,
          "seats": [{"name": "Host", "kind": "computer", "level": "easy"},
                    {"name": "Friend 2", "kind": "friend", "level": "easy"},
                    {"name": "Cleo", "kind": "computer", "level": "easy"},
                    {"name": "Dan", "kind": "computer", "level": "easy"}],
          "network": {"remote": [1], "stand_in": "easy", "idle_seconds": 90}}




def buttons(table):
    return {w.name: w for w in table.form.widgets if w.name in ("Hand over", "Send away",
                                                                 "Stand in")}


def seated_at_their_turn(app):
    host = netplay.open_table(CONFIG, advertise=False, bind=LOOPBACK)
    clock = Clock()
    host.clock = clock
    friend, error, _ = connect(LOOPBACK, host.server.port, "Zoe", code=host.server.code)
    assert friend is not None, error
    table = show_table(app, TableScene(host, speed="off", sound=False))
    until_hosted(app, lambda: host.to_act == 1, host)
    app.step([], DT)
    return host, friend, table, clock


def test_the_host_lets_a_computer_play_for_a_silent_friend_until_they_move(app):
    host, friend, table, clock = seated_at_their_turn(app)
    try:
        assert host.idle_seconds == 90
        app.step([], DT)
        assert buttons(table) == {}                # a friend thinking: nothing offered yet
        clock.now += SLOW_SECONDS + 1
        until_hosted(app, lambda: "Hand over" in buttons(table))
        hand_over = buttons(table)["Hand over"]
        assert "Zoe" in hand_over.text and "Send away" in buttons(table)
        moves = len(host.moves)
        click(app, hand_over)
        assert host.seat_status(1) == "idle"
        until_hosted(app, lambda: len(host.moves) > moves, host)
        assert host.moves[moves][0] == 1          # the computer played the friend's card
        assert "Hand over" not in buttons(table)
        # the friend's copy is told; its next move takes the seat back
        until_hosted(app, lambda: friend.poll() is not None and friend.seat_status(1) == "idle")
        host.pace = 60.0            # the computer standing in waits: the friend has time
        until_hosted(app, lambda: host.to_act == 1, host)
        until_hosted(app, lambda: friend.poll() is not None and friend.to_act == 1)
        friend.apply(friend.legal_actions()[0])
        until_hosted(app, lambda: host.seat_status(1) == "connected", host)
        until_hosted(app, lambda: any("moved: the seat is theirs again" in tr(x)
                                      for x in table.log))
    finally:
        friend.close()
        host.close()


def test_a_friend_silent_past_the_tables_time_is_played_by_a_computer(app):
    host, friend, table, clock = seated_at_their_turn(app)
    try:
        moves = len(host.moves)
        clock.now += 89
        for _ in range(5):
            app.step([], DT)
        assert len(host.moves) == moves and host.seat_status(1) == "connected"
        clock.now += 2
        until_hosted(app, lambda: len(host.moves) > moves, host)
        assert host.seat_status(1) == "idle" and host.moves[moves][0] == 1
        until_hosted(app, lambda: any("Zoe is silent" in tr(x) for x in table.log))
        assert table.seat_words(1, False) == "Silent · a computer plays"
        assert "Send away" in buttons(table) or host.to_act != 1
    finally:
        friend.close()
        host.close()


def test_the_host_sends_a_silent_friend_away(app):
    host, friend, table, clock = seated_at_their_turn(app)
    try:
        token = friend.token
        clock.now += SLOW_SECONDS + 1
        until_hosted(app, lambda: "Send away" in buttons(table))
        click(app, buttons(table)["Send away"])
        confirm = app.top
        assert confirm is not table
        yes = next(w for w in confirm.form.widgets if getattr(w, "text", "") == "Send away")
        click(app, yes)
        until_hosted(app, lambda: friend.poll() is not None and friend.closed is not None)
        assert friend.closed == "sent_away"
        assert tr(netplay.words("sent_away")).startswith("The host sent you away")
        assert host.seat_status(1) == "open" and host.remote[1].token != token
        # the old token opens the seat no more; the code seats a new friend
        nobody, code, _ = connect(LOOPBACK, host.server.port, "Zoe", token=token)
        assert nobody is None and code == "bad_token"
        ann, error, _ = connect(LOOPBACK, host.server.port, "Ann", code=host.server.code)
        assert ann is not None and ann.seat == 1, error
        ann.close()
    finally:
        friend.close()
        host.close()


def test_the_hosts_buttons_speak_french(app):
    host, friend, table, clock = seated_at_their_turn(app)
    try:
        clock.now += SLOW_SECONDS + 1
        until_hosted(app, lambda: "Hand over" in buttons(table))
        set_language("fr")
        try:
            table.rebuild_controls()
            texts = [b.text for b in buttons(table).values()]
            assert all("Zoe" in t for t in texts)
            assert not any(t.startswith(("Let a", "Send ")) for t in texts), texts
        finally:
            set_language("en")
    finally:
        friend.close()
        host.close()


def test_the_setup_chooses_how_long_a_friend_may_be_silent(app):
    """The host's setup offers the wait before a computer plays for a silent friend (only
    at a table open to the network), and the table opened from it keeps that wait."""
    setup = app.open("setup", "sixtysix")
    app.step([], DT)
    assert setup.widget("idle_seconds") is None          # a table at this computer only
    setup.set_network(True)
    app.step([], DT)
    choice = setup.widget("idle_seconds")
    assert choice is not None and setup.config()["network"]["idle_seconds"] == 60
    assert [value for value, _ in choice.options] == [30, 60, 120, 300, None]
    setup.set_idle_seconds(120)
    config = setup.config()
    assert config["network"]["idle_seconds"] == 120
    host = netplay.open_table(config, advertise=False, bind=LOOPBACK)
    try:
        assert host.idle_seconds == 120
    finally:
        host.close()
    setup.set_idle_seconds(None)
    host = netplay.open_table(setup.config(), advertise=False, bind=LOOPBACK)
    try:
        assert host.idle_seconds is None
    finally:
        host.close()
