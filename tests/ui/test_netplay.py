"""Network play on the real table: a friend's copy plays every game on the usual table
scene from what the host sends (its view, the events as its seat sees them), the host's
table shows who is connected, and the Join screen takes a seat.

Modules: cardtable.ui.netplay, cardtable.ui.scenes.join (the Join screen) and
cardtable.ui.scenes.table.network (the table's notices and the host's line)."""

from __future__ import annotations

import json
import random
import time

import pytest

from cardtable.engine import registry
from cardtable.i18n import tr
from cardtable.net import protocol
from cardtable.net.remote import connect
from cardtable.ui import netplay
from cardtable.ui.scenes.review import ReviewScene
from cardtable.ui.scenes.summary import SummaryScene
from cardtable.ui.scenes.table import TableScene, show_table
from tests.net_helpers import LOOPBACK, host_table
from tests.ui.conftest import DT, click, type_text
from tests.ui.test_table import dismiss_overlays

GAMES = [(g, n) for g in registry.ids() for n in sorted({registry.get(g).min_players,
                                                          registry.get(g).max_players})]


def drive(app, host, table, until, seconds=60.0, seed=3):
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, "the table did not go on"
        host.poll(now=float("inf"))
        if app.top is not table:
            dismiss_overlays(app, table)
        app.step([], DT)
        if table.my_turn() and table.legal:
            assert table.try_action(rng.choice(table.legal))
        time.sleep(0.0005)


def friend_table(host_kind: str):
    """A Sixty-Six table hosted on loopback: the host's seat (a person or a computer) and
    a friend's seat no friend has taken yet."""
    host_seat = {"name": "Host", "kind": host_kind, "level": "easy"}
    config = {"game": "sixtysix", "players": 2, "seed": 4,
              "seats": [host_seat, {"name": "Friend 2", "kind": "friend", "level": "easy"}],
              "network": {"remote": [1], "stand_in": "easy"}}
    return netplay.open_table(config, advertise=False, bind=LOOPBACK)


@pytest.mark.parametrize("game,players", GAMES)
def test_a_friend_plays_a_deal_of_every_game_on_the_table(app, game, players):
    host, server = host_table(game, players, remote=[1], seed=7)
    match, error, _ = connect(LOOPBACK, server.port, "Ann", code=server.code)
    assert match is not None, error
    try:
        table = show_table(app, TableScene(match, speed="off", sound=False))
        drive(app, host, table, lambda: len(host.state.score_sheet) >= 1 or host.is_over)
        deadline = time.monotonic() + 5
        while len(table.deal_rows) < 1 and time.monotonic() < deadline:
            app.step([], DT)
            dismiss_overlays(app, table)
        assert table.deal_rows, "the end-of-deal summary reached the friend's table"
        if host.is_over:       # a match of one deal: its end reaches the friend too
            deadline = time.monotonic() + 5
            while not table.finished and time.monotonic() < deadline:
                app.step([], DT)
                dismiss_overlays(app, table)
            assert table.finished and match.is_over
            return
        # the friend's hand on screen is the host's true hand, and no other hand shows a face
        # (the host stands still here, so what the friend shows is the host's present)
        deadline = time.monotonic() + 10
        while not (table.idle and match.turn_no == host._move_no and not match.pending):
            assert time.monotonic() < deadline, "the friend's table did not catch up"
            app.step([], DT)
            dismiss_overlays(app, table)
            time.sleep(0.002)
        mine = sorted(s.code for s in table.zone("hand1"))
        if mine and None not in mine:
            assert mine == sorted(host.state.hand(1))
        # faces of other hands only where the rules show them to this seat (a card taken
        # face up from the discard pile, a marriage's queen): in its view or its events
        told = json.dumps([host.state.view(1)] + [e.for_seat(1) for e in host.log])
        for seat in range(players):
            if seat != 1:
                faces = [s.code for s in table.zone(f"hand{seat}") if s.code is not None]
                assert all(f'"{code}"' in told for code in faces), (seat, faces)
    finally:
        match.close()
        server.close()


def test_the_hosts_plates_say_who_is_away_and_the_host_line_shows_the_code(app):
    config = {"game": "sixtysix", "players": 2, "seed": 1,
              "seats": [{"name": "Host", "kind": "human"},
                        {"name": "Friend 2", "kind": "friend", "level": "easy"}],
              "network": {"remote": [1], "stand_in": "easy"}}
    host = netplay.open_table(config, advertise=False, bind=LOOPBACK)
    try:
        table = show_table(app, TableScene(host, speed="off", sound=False))
        app.step([], DT)
        assert table.seat_words(1, False) == "Waiting for a friend"
        line = netplay.status_line(host)
        shown = protocol.shown_code(host.server.code)       # in two groups: K7QFM-2XHPT
        assert shown in tr(line) and str(host.server.port) in tr(line)
        friend, error, _ = connect(LOOPBACK, host.server.port, "Zoe", code=host.server.code)
        assert friend is not None, error
        deadline = time.monotonic() + 5
        while host.seats[1].name != "Zoe" and time.monotonic() < deadline:
            app.step([], DT)
        app.step([], DT)
        assert table.seat_words(1, False) is None
        assert any("Zoe joined" in tr(x) for x in table.log)
        friend.close()
        deadline = time.monotonic() + 5
        while host.seat_status(1) != "away" and time.monotonic() < deadline:
            app.step([], DT)
            time.sleep(0.01)
        app.step([], DT)
        assert table.seat_words(1, False) == "Away · a computer plays"
        app.screen.fill((0, 0, 0))
        app.draw(app.screen)
    finally:
        host.close()


def test_the_join_screen_takes_a_seat_and_keeps_its_token(app, tmp_path, monkeypatch):
    monkeypatch.setattr(netplay, "seats_file", lambda: tmp_path / "net_seats.json")
    host, server = host_table("sixtysix", 2, remote=[1])
    try:
        scene = app.build("join", browse=False)
        app.push(scene)
        app.step([], DT)
        scene.form.focus(scene.widget("address"))
        type_text(app, LOOPBACK)
        scene.values["port"] = str(server.port)
        scene.values["code"] = "zz"
        scene.values["name"] = "Ann"
        scene.join()
        deadline = time.monotonic() + 5
        while scene.client is not None and time.monotonic() < deadline:
            app.step([], DT)
            time.sleep(0.01)
        assert scene.status == netplay.WORDS["wrong_code"]
        scene.values["code"] = server.code.lower()
        scene.join()
        deadline = time.monotonic() + 5
        while not isinstance(app.top, TableScene) and time.monotonic() < deadline:
            app.step([], DT)
            time.sleep(0.01)
        assert isinstance(app.top, TableScene)
        assert app.top.match.seat == 1 and host.seats[1].name == "Ann"
        assert netplay.token_for(LOOPBACK, server.port) == host.remote[1].token
        assert netplay.remembered_name() == "Ann"
        # the host quits: the friend's table ends with a clear message, back to the menu
        server.close()
        deadline = time.monotonic() + 5
        while isinstance(app.top, TableScene) and time.monotonic() < deadline:
            app.step([], DT)
            time.sleep(0.01)
        assert not isinstance(app.top, TableScene)
        assert any(t.text == netplay.WORDS["host_left"] for t in app.toasts)
    finally:
        server.close()


def test_the_join_screen_offers_the_table_whose_seat_is_kept(app, tmp_path, monkeypatch):
    """After a crash or a restart the address field was empty, though the seat's token
    was kept: the last table kept is filled in; a damaged entry is passed over."""
    path = tmp_path / "net_seats.json"
    monkeypatch.setattr(netplay, "seats_file", lambda: path)
    assert app.build("join", browse=False).values["address"] == ""
    netplay.keep_token("10.0.0.7", 47650, "t1", name="Ann")
    netplay.keep_token("192.168.1.20", 47651, "t2")
    scene = app.build("join", browse=False)
    assert (scene.values["address"], scene.values["port"]) == ("192.168.1.20", "47651")
    assert scene.values["name"] == "Ann"
    data = json.loads(path.read_text())
    data["seats"]["nonsense:port"] = {"token": "t3"}
    path.write_text(json.dumps(data))
    assert netplay.last_table() == ("192.168.1.20", 47651)


@pytest.mark.parametrize("text,ok", [
    ("192.168.1.20", True), ("127.0.0.1", True), ("my-laptop", True), ("host.local", True),
    ("::1", True), ("[fe80::1]", True), ("999.1.1.1", False), ("1.2.3", False),
    ("1.2.3.4.5", False), ("-bad.local", False), ("a b", False), ("x" * 300, False),
    ("1..2.3", False), ("::zz", False), ("1.1.1.\u00b2", False),
    ("\uff11.\uff11.\uff11.\uff11", False),
])
def test_an_address_that_cannot_be_one_is_told_so(app, text, ok, tmp_path, monkeypatch):
    """999.1.1.1 was tried on the network and answered "No table answers at that
    address", as if it were one; it is refused at once with what an address looks like."""
    monkeypatch.setattr(netplay, "seats_file", lambda: tmp_path / "net_seats.json")
    assert netplay.valid_address(text) is ok
    if ok and text not in ("127.0.0.1", "::1"):
        return              # tests connect to loopback addresses only
    scene = app.build("join", browse=False)
    app.push(scene)
    scene.values.update(address=text, port="9", code="ABCD", name="Ann")
    scene.join()
    if ok:
        assert scene.client is not None
        scene.client.close()
        scene.client = None
    else:
        assert scene.client is None and "not an address" in tr(scene.status)


def test_an_address_typed_with_its_port_is_split(app, tmp_path, monkeypatch):
    """The host's screen shows "192.0.2.2:47650": typed whole into the address field, it
    was refused as no address. The port goes to its own field."""
    monkeypatch.setattr(netplay, "seats_file", lambda: tmp_path / "net_seats.json")
    scene = app.build("join", browse=False)
    app.push(scene)
    scene.values.update(address="127.0.0.1:9", port="47650", code="ABCD", name="Ann")
    scene.join()
    assert (scene.values["address"], scene.values["port"]) == ("127.0.0.1", "9")
    assert scene.client is not None
    scene.client.close()
    scene.client = None


def test_a_damaged_seats_file_gives_no_table_to_come_back_to(tmp_path, monkeypatch):
    path = tmp_path / "net_seats.json"
    monkeypatch.setattr(netplay, "seats_file", lambda: path)
    path.write_text(json.dumps({"version": 1, "seats": {
        "h:\u00b2": {"token": "a"}, "h:" + "9" * 5000: {"token": "b"}, ":80": {"token": "c"},
        "h:0": {"token": "d"}}}))
    assert netplay.last_table() is None


def test_setup_opens_the_table_to_the_network(app):
    scene = app.build("setup", "japanese65")
    app.push(scene)
    app.step([], DT)
    assert "network" not in scene.config()
    scene.set_network(True)          # the computers keep their seats; one is for a friend
    assert scene.config()["network"] == {"remote": [1], "stand_in": "medium",
                                         "idle_seconds": 60.0}
    scene.set_kind(3, "friend")
    scene.set_level(1, "hard")
    config = scene.config()
    assert config["network"] == {"remote": [1, 3], "stand_in": "hard", "idle_seconds": 60.0}
    assert [s["kind"] for s in config["seats"]] == ["human", "friend", "computer", "friend"]
    assert scene.widget("seat3.level").visible     # the level of the computer standing in
    scene.set_network(False)         # the seats as they were before it was opened
    assert "network" not in scene.config()
    assert [s["kind"] for s in scene.config()["seats"]] == ["human", "computer", "computer",
                                                            "computer"]



def test_continue_opens_the_hosts_table_again_and_a_friend_comes_back(tmp_path):
    from cardtable.ui.app import App
    from cardtable.ui.scenes.table import install

    def host_app():
        a = App(size=(1280, 720), settings={"sound": False},
                settings_path=tmp_path / "settings.json")
        a.data_dir = tmp_path
        install(a)
        a.open("menu")
        return a

    config = {"game": "sixtysix", "players": 2, "seed": 4, "options": None,
              "first_dealer": None,
              "seats": [{"name": "Host", "kind": "human"},
                        {"name": "Friend 2", "kind": "friend", "level": "easy"}],
              "network": {"remote": [1], "stand_in": "easy"}}
    first = host_app()
    friend = None
    try:
        first.start_match(config)
        host = first.table.match
        code, port, token = host.server.code, host.server.port, host.remote[1].token
        friend, error, _ = connect(LOOPBACK, port, "Zoe", code=code)
        assert friend is not None, error
        assert (tmp_path / "net_table.json").exists()
        first.step([], DT)                # the table hears Zoe came (and saves her name)
        host.close()                      # the host quits the program
        deadline = time.monotonic() + 5
        while friend.closed is None and time.monotonic() < deadline:
            friend.take_messages()
            time.sleep(0.01)
        assert friend.closed == "host_left"
        friend.close()
        # the next run: Continue opens the same table (code, port, the friend's seat)
        second = host_app()
        assert second.has_match_in_progress()
        second.continue_match()
        again = second.table.match
        assert again.server is not None and again.server.code == code
        assert again.server.port == port and again.remote[1].token == token
        assert again.seats[1].name == "Zoe"
        friend, error, _ = connect(LOOPBACK, port, "ignored", token=token)
        assert friend is not None and friend.seat == 1, error
        assert friend.view()["hand"] == again.state.hand(1)
        again.close()
    finally:
        if friend is not None:
            friend.close()
        for a in (first,):
            if a.table is not None:
                a.table.match.close()


def four_with_a_friend(seed: int, host_kind: str) -> dict:
    """A japanese65 table of four hosted here: the host (a person or a computer), a
    friend's seat (the second) and two computers."""
    host = {"name": "Host", "kind": host_kind}
    if host_kind == "computer":
        host["level"] = "easy"
    return {"game": "japanese65", "players": 4, "seed": seed,
            "seats": [host, {"name": "Friend 2", "kind": "friend", "level": "easy"},
                      {"name": "Cleo", "kind": "computer", "level": "easy"},
                      {"name": "Dan", "kind": "computer", "level": "easy"}],
            "network": {"remote": [1], "stand_in": "easy"}}


def test_the_host_lets_a_computer_play_a_seat_no_friend_has_taken(app):
    from tests.ui.conftest import click

    # three computers and a friend's seat: the match reaches the empty seat's turn at once
    host = netplay.open_table(four_with_a_friend(5, "computer"), advertise=False,
                              bind=LOOPBACK)
    try:
        table = show_table(app, TableScene(host, speed="off", sound=False))
        deadline = time.monotonic() + 20
        while host.to_act != 1 and time.monotonic() < deadline:
            app.step([], DT)
            host.poll(now=float("inf"))
        app.step([], DT)
        assert host.to_act == 1 and host.seat_status(1) == "empty"
        moves = len(host.moves)
        for _ in range(5):                  # nobody comes: the match waits
            app.step([], DT)
        assert len(host.moves) == moves
        def stand_in():
            return next((w for w in table.form.widgets if w.name == "Stand in"), None)

        button = stand_in()
        assert button is not None and "Friend 2" in button.text
        click(app, button)
        assert host.seat_status(1) == "open" and stand_in() is None
        deadline = time.monotonic() + 20
        while len(host.moves) == moves and time.monotonic() < deadline:
            app.step([], DT)
            host.poll(now=float("inf"))
        assert host.moves[moves][0] == 1            # the computer played the friend's card
        assert table.seat_words(1, False) == "Open · a computer plays"
        # a friend who comes now takes the open seat over
        friend, error, _ = connect(LOOPBACK, host.server.port, "Zoe", code=host.server.code)
        assert friend is not None, error
        assert friend.seat == 1
        deadline = time.monotonic() + 5
        while host.seat_status(1) != "connected" and time.monotonic() < deadline:
            app.step([], DT)
            time.sleep(0.01)
        assert host.seat_status(1) == "connected" and host.seats[1].name == "Zoe"
        friend.close()
    finally:
        host.close()


def test_the_hosts_table_goes_on_while_the_host_is_in_the_menu(app):
    """The host stepped to the menu: the friend's move waited there until the host came
    back ("Wait for your turn" on the friend's screen). The host's engine now plays it
    out of sight, and the table shows it on the host's return."""
    host = friend_table("human")
    friend = None
    try:
        table = show_table(app, TableScene(host, speed="off", sound=False))
        friend, error, _ = connect(LOOPBACK, host.server.port, "Zoe", code=host.server.code)
        assert friend is not None, error
        rng = random.Random(2)
        deadline = time.monotonic() + 20
        while host.to_act != 1 or not table.idle:          # the host plays to the friend's turn
            assert time.monotonic() < deadline
            app.step([], DT)
            friend.poll()
            if table.my_turn() and table.legal:
                table.try_action(table.legal[0])
            time.sleep(0.002)
        table.leave()
        assert app.top is not table and app.table is table
        deadline = time.monotonic() + 5
        while friend.to_act != 1:
            assert time.monotonic() < deadline
            friend.poll()
            time.sleep(0.005)
        moves = len(host.moves)
        friend.apply(rng.choice(friend.legal_actions()))
        deadline = time.monotonic() + 5
        while len(host.moves) == moves:                     # the host's loop, in the menu
            assert time.monotonic() < deadline, "the host's table stood still in the menu"
            app.step([], DT)
            time.sleep(0.005)
        played = host.moves[moves]
        assert played[0] == 1
        app.push(table)                                     # Continue
        app.step([], DT)
        assert not table._away_events
        shown = {s.code for zone in ("trick", "won0", "won1") for s in table.zone(zone)}
        assert played[1].card in shown or played[1].kind != "play"
    finally:
        if friend is not None:
            friend.close()
        host.close()


def test_a_friend_reading_a_summary_hears_at_once_that_the_host_closed_the_table(app):
    """The friend's table was covered (a summary, the rules): the host's closing reached
    it only when the friend clicked on. It is heard under the cover now."""
    host, server = host_table("sixtysix", 2, remote=[1], seed=7)
    match, error, _ = connect(LOOPBACK, server.port, "Ann", code=server.code)
    assert match is not None, error
    try:
        table = show_table(app, TableScene(match, speed="off", sound=False))
        app.step([], DT)
        app.open("rules", "sixtysix")
        assert app.top is not table
        server.close()
        host.close()
        deadline = time.monotonic() + 5
        while app.table is table:
            assert time.monotonic() < deadline, "the closing was not heard under the cover"
            app.step([], DT)
            time.sleep(0.01)
        assert table.finished and table not in app.stack
        assert any("closed the table" in tr(t.text) for t in app.toasts)
    finally:
        match.close()


def test_quitting_or_starting_anew_with_friends_at_the_table_asks_first(app):
    """Menu → Quit, or a new match, closed the table for the friends at once. With a
    friend connected both ask first and say so; without one, Quit quits."""
    from cardtable.ui.scenes import table as table_mod
    from cardtable.ui.scenes.confirm import ConfirmScene

    table_mod.install(app)
    host = friend_table("human")
    friend = None
    try:
        table = show_table(app, TableScene(host, speed="off", sound=False))
        friend, error, _ = connect(LOOPBACK, host.server.port, "Zoe", code=host.server.code)
        assert friend is not None, error
        deadline = time.monotonic() + 5
        while netplay.friends_at(host) != 1:
            assert time.monotonic() < deadline
            app.step([], DT)
            time.sleep(0.01)
        table.leave()
        menu = app.top
        menu.quit()
        question = app.top
        assert isinstance(question, ConfirmScene) and app.running
        assert "friends" in tr(question.detail)
        question.cancel()
        assert app.top is menu and app.running
        app.on_start_match({"game": "pairs65", "players": 2, "seed": 1,
                            "seats": [{"name": "You", "kind": "human"},
                                      {"name": "Bo", "kind": "computer", "level": "easy"}]})
        question = app.top
        assert isinstance(question, ConfirmScene) and "friends" in tr(question.detail)
        question.cancel()
        assert app.table is table and host.server.running
        friend.close()
        deadline = time.monotonic() + 5
        while netplay.friends_at(host):
            assert time.monotonic() < deadline
            app.step([], DT)
            time.sleep(0.01)
        menu.quit()                                   # nobody else there: no question
        assert not app.running
    finally:
        if friend is not None:
            friend.close()
        host.close()


@pytest.mark.parametrize("size", ["normal", "larger"])
def test_the_host_reads_the_whole_table_code_at_every_text_size(app, size):
    """Side by side with the address on one row, the code was cut short at the larger
    text sizes ("Table C6S3P-P…"), and friends must type it whole: the code and the
    address are rows of their own, and neither is shortened."""
    from cardtable.ui import theme

    app.settings["text_size"] = size
    app.apply_access()
    host = netplay.open_table(four_with_a_friend(1, "human"), advertise=False, bind=LOOPBACK)
    try:
        table = show_table(app, TableScene(host, speed="off", sound=False))
        app.step([], DT)
        rows = {tr(label): value for label, value, _ in table.net_lines()}
        code = protocol.shown_code(host.server.code)
        assert rows == {"Table code": code, "Address": f"{host.server.shown_address}:"
                                                      f"{host.server.port}"}
        width = table._scores_width(table.panel_lines())
        pad = theme.px(12)
        for label, value in rows.items():
            need = theme.text_size(label, theme.px(15))[0] + theme.px(18) + \
                theme.text_size(value, theme.px(15), bold=True)[0]
            assert need <= width - 2 * pad, (label, value, width)
    finally:
        host.close()
        app.settings["text_size"] = "normal"
        app.apply_access()


def test_the_dealers_chip_keeps_off_a_network_tables_taller_score_panel(app):
    """The host's score panel has a row more (the table's code): the plate below it in
    the top right corner came up to it, and the dealer's chip on the plate's top edge lay
    over the panel. The chip goes on the plate's bottom edge there."""
    config = {"game": "rummy65", "players": 3, "seed": 5,
              "seats": [{"name": "Host", "kind": "computer", "level": "easy"},
                        {"name": "Friend 2", "kind": "friend", "level": "easy"},
                        {"name": "Cleo", "kind": "computer", "level": "easy"}],
              "network": {"remote": [1], "stand_in": "easy"}}
    host = netplay.open_table(config, advertise=False, bind=LOOPBACK)
    try:
        table = show_table(app, TableScene(host, speed="off", sound=False))
        for _ in range(3):
            app.step([], DT)
        panel = table.score_rect
        plates = {seat: table.plate_rect(seat, app.screen.get_rect()) for seat in range(3)}
        near = [s for s, r in plates.items() if r.top - 12 < panel.bottom
                and r.right > panel.left and r.left < panel.right]
        assert near, plates
        for seat in range(3):
            table.dealer = seat
            table._panel_cache.clear()
            app.step([], DT)
            app.draw()
            chips = {k[6] for k in table._panel_cache if isinstance(k, tuple)
                     and k[0] == "plate" and k[6] is not None}
            assert chips == {"bottom" if seat in near else "top"}, (seat, chips)
    finally:
        host.close()


def test_a_match_that_ends_while_the_host_is_in_the_menu_still_shows_its_end(app):
    """The host's table plays on in the menu; when the match ended there, Continue had
    nothing to go back to and its end was never shown. Play stops at the deal's end, the
    match stays one to continue, and its summary comes on return."""
    from cardtable.ui.scenes import table as table_mod
    from cardtable.ui.scenes.summary import SummaryScene

    table_mod.install(app)
    config = {"game": "sixtysix", "players": 2, "seed": 6, "options": {"target": 1},
              "seats": [{"name": "Host", "kind": "computer", "level": "easy"},
                        {"name": "Friend 2", "kind": "friend", "level": "easy"}],
              "network": {"remote": [1], "stand_in": "easy"}}
    host = netplay.open_table(config, advertise=False, bind=LOOPBACK)
    try:
        table = table_mod.show_table(app, TableScene(host, speed="off", sound=False))
        app.step([], DT)
        table.stand_in(1)                          # a computer plays the friend's seat
        table.leave()
        deadline = time.monotonic() + 30
        while not host.is_over:
            assert time.monotonic() < deadline, "the table did not play on in the menu"
            app.step([], DT)
            time.sleep(0.002)
        assert table._away_events and app.match_in_progress()
        app.on_continue_match()
        deadline = time.monotonic() + 5
        while not isinstance(app.top, SummaryScene):
            assert time.monotonic() < deadline, "the deal's summary did not come"
            app.step([], DT)
    finally:
        host.close()


def test_who_comes_while_the_host_is_in_the_menu_is_told_there(app):
    """"Zoe joined the table" went to the table's own message, unseen in the menu and
    stale on return: out of sight it is the window's message."""
    host = friend_table("human")
    friend = None
    try:
        table = show_table(app, TableScene(host, speed="off", sound=False))
        app.step([], DT)
        table.leave()
        friend, error, _ = connect(LOOPBACK, host.server.port, "Zoe", code=host.server.code)
        assert friend is not None, error
        deadline = time.monotonic() + 5
        while not any("Zoe joined" in tr(t.text) for t in app.toasts):
            assert time.monotonic() < deadline, "nobody was told in the menu"
            app.step([], DT)
            time.sleep(0.01)
        assert table.toast is None
    finally:
        if friend is not None:
            friend.close()
        host.close()


def test_leaving_while_a_deals_end_is_still_to_show_holds_the_table_there(app):
    """The deal's end was still queued for the picture when the host left: the table
    played the next deal on out of sight. It waits there now."""
    from cardtable.engine.core import Event

    host = friend_table("computer")
    try:
        table = show_table(app, TableScene(host, speed="off", sound=False))
        app.step([], DT)
        table.stand_in(1)
        table.timeline.queue.append(Event("deal_scored", {}))
        table.leave()
        moves = len(host.moves)
        for _ in range(30):
            app.step([], DT)
            time.sleep(0.002)
        assert table._away_held and len(host.moves) == moves
        assert table.away_due() is None           # and the loop sleeps
    finally:
        host.close()


def test_a_person_in_their_menu_shows_so_on_the_others_plates(app):
    """A friend who went to their menu showed as "To play" on the host's plate; the host in
    the menu showed as at the table on the friend's. Each copy now tells the host when its
    person leaves the table for the menu and comes back."""
    host = friend_table("human")
    friend = None

    def until(check, what):
        deadline = time.monotonic() + 5
        while not check():
            assert time.monotonic() < deadline, what
            app.step([], DT)
            friend.poll()
            time.sleep(0.005)

    try:
        table = show_table(app, TableScene(host, speed="off", sound=False))
        friend, error, _ = connect(LOOPBACK, host.server.port, "Zoe", code=host.server.code)
        assert friend is not None, error
        until(lambda: host.seat_status(1) == "connected", "the friend never sat down")
        assert table.seat_words(1, False) is None and not friend.seat_elsewhere(0)
        # the friend goes to their menu, and comes back
        friend.tell_presence(False)
        until(lambda: host.seat_elsewhere(1), "the host never heard the friend left")
        assert tr(table.seat_words(1, True)) == "In the menu"
        friend.tell_presence(True)
        until(lambda: not host.seat_elsewhere(1), "the host never heard the friend was back")
        assert table.seat_words(1, True) != "In the menu"
        # the host's person goes to the menu: the friend's copy is told, and told the return
        table.leave()
        assert app.table is table and app.top is not table
        until(lambda: friend.seat_elsewhere(0), "the friend never heard the host left")
        app.push(table)                                      # Continue
        until(lambda: not friend.seat_elsewhere(0), "the friend never heard the host came back")
        # a friend whose connection went is away, not in the menu
        friend.tell_presence(False)
        until(lambda: host.seat_elsewhere(1), "the host never heard the friend left")
        friend.close()
        until(lambda: host.seat_status(1) == "away", "the friend never went")
        assert not host.seat_elsewhere(1)
        assert tr(table.seat_words(1, False)) == "Away · a computer plays"
    finally:
        if friend is not None:
            friend.close()
        host.close()


def test_a_friend_reviews_the_deal_from_their_summary(app):
    """The friend's end-of-deal summary offers Review; it opens the deal the host played,
    judging the friend's own moves."""
    host, server = host_table("sixtysix", 2, remote=[1], seed=7)
    match, error, _ = connect(LOOPBACK, server.port, "Ann", code=server.code)
    assert match is not None, error
    try:
        table = show_table(app, TableScene(match, speed="off", sound=False))
        drive(app, host, table, lambda: isinstance(app.top, SummaryScene), seed=2)
        summary = app.top
        app.draw()
        click(app, summary.widget("Review"))
        assert isinstance(app.top, ReviewScene)
        assert app.top.record["humans"] == [1]
        assert app.top.record["moves"] == host.scored_deals[0]["moves"]
    finally:
        match.close()
        server.close()


def test_a_friends_finished_deal_goes_into_their_recent_matches(app, tmp_path, monkeypatch):
    """Joined through the Join screen, a friend's deal is kept with their recent matches
    when it ends (and reviewed from there later), under a key of that seat's own."""
    monkeypatch.setattr(netplay, "seats_file", lambda: tmp_path / "net_seats.json")
    host, server = host_table("sixtysix", 2, remote=[1], seed=7)
    try:
        scene = app.build("join", browse=False)
        app.push(scene)
        app.step([], DT)
        scene.values.update(address=LOOPBACK, port=str(server.port), code=server.code,
                            name="Ann")
        scene.join()
        deadline = time.monotonic() + 5
        while not isinstance(app.top, TableScene) and time.monotonic() < deadline:
            app.step([], DT)
            time.sleep(0.01)
        table = app.top
        assert isinstance(table, TableScene)
        drive(app, host, table, lambda: isinstance(app.top, SummaryScene), seed=2)
        (entry,) = app.recent
        assert entry["id"].startswith("sixtysix-net-")
        assert host.remote[1].token not in entry["id"]
        assert [r["moves"] for r in entry["deals"]] == [host.scored_deals[0]["moves"]]
        assert entry["deals"][0]["humans"] == [1]
    finally:
        server.close()


def test_a_welcome_this_copy_cannot_show_is_told_as_another_version_and_logged(app, caplog):
    class Client:
        address, port, hello = LOOPBACK, 1, {"name": "Ann"}
        closed = False

        def close(self):
            self.closed = True

    scene = app.build("join", browse=False)
    app.push(scene)
    client = Client()
    # a welcome as another version might send it: its update has no view
    welcome = {"type": "welcome", "game": "sixtysix", "seat": 1, "token": "t" * 16,
               "seats": [{"name": "Host", "kind": "human"}, {"name": "Ann", "kind": "human"}],
               "update": {"public": {}, "turn": 1}}
    with caplog.at_level("WARNING", logger="cardtable.ui.scenes.join"):
        scene._seated(client, welcome)
    assert client.closed and scene.status == netplay.words("version") and scene.status_bad
    assert "not a match this copy can show" in caplog.text and "KeyError" in caplog.text
    assert not isinstance(app.top, TableScene)


def test_a_table_that_cannot_open_again_is_logged_and_the_match_goes_on_here(monkeypatch,
                                                                           caplog):
    from cardtable.match import Match, Seat

    def no_port(*args, **kwargs):
        raise OSError("address already in use")

    monkeypatch.setattr(netplay, "open_table", no_port)
    saved = Match("sixtysix", [Seat("Ann"), Seat("Bob", "human")], seed=1, threaded=False)
    data = {"remote": [1], "tokens": ["t" * 16], "port": 7, "code": protocol.new_code(),
            "people": [0]}
    with caplog.at_level("WARNING", logger="cardtable.ui.netplay"):
        assert netplay.resume_hosted(None, saved, data) is None
    assert "could not be opened again" in caplog.text and "address already in use" in caplog.text
