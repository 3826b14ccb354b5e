"""Play online, driven by posted events against a table server on loopback: the menu's entry,
no server assumed (the screen says where to set one), the server's address in Settings,
a table made through the game's setup screen (its code shown, then the table played as a
friend's copy with another friend and the computers), a table joined by its code, a wrong
code told in one sentence, a seat's token kept."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from cardtable import storage
from cardtable.i18n import tr
from cardtable.net import online
from cardtable.net.remote import RemoteMatch
from cardtable.ui.scenes import online as online_screen
from cardtable.ui.scenes.online import OnlineScene
from cardtable.ui.scenes.settings import AddressRow
from cardtable.ui.scenes.table import TableScene
from tests.net.serve_helpers import LOOPBACK, config, create, service, where
from tests.ui.conftest import DT, click, frames, type_text
from tests.ui.test_table import dismiss_overlays


@pytest.fixture
def kept(tmp_path, monkeypatch):
    """The seats kept at servers' tables go to a file of the test's own."""
    path = tmp_path / "online_seats.json"
    monkeypatch.setattr(online, "seats_file", lambda: path)
    return path


def menu(app):
    app.push(app.build("menu"))
    app.step([], DT)
    return app.top


def until(app, done, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the screen did not get there in time"
        app.step([], DT)
        time.sleep(0.005)


def test_no_server_is_assumed_and_the_screen_says_where_to_set_one(app, kept):
    assert storage.DEFAULT_SETTINGS["server_address"] == ""
    click(app, menu(app).widget("Play online"))
    scene = app.top
    assert isinstance(scene, OnlineScene) and scene.where is None
    assert scene.widget("Set up the table") is None and scene.widget("Join") is None
    assert any("Settings" in tr(text) for _, text, _ in scene.texts)
    click(app, scene.widget("Settings"))
    settings = app.top
    row = settings.widget("server_address")
    assert isinstance(row, AddressRow)
    settings.form.keyboard = True
    settings.form.focus(row)                # (Tab's way there: the panel scrolls to it)
    until(app, lambda: row.rect.bottom <= settings.scroller.area.bottom)
    click(app, row)
    type_text(app, "cards.example.org:47651")
    assert app.settings["server_address"] == "cards.example.org:47651"
    assert storage.load_settings(app.settings_path)[0]["server_address"] == \
        "cards.example.org:47651"
    assert tr(row.spoken()).endswith("cards.example.org:47651")
    click(app, settings.widget("Done"))
    assert app.top is scene and scene.where == online.Where("cards.example.org", 47651)
    assert scene.widget("Set up the table") is not None


def test_an_address_that_is_none_is_said_so(app, kept):
    app.settings["server_address"] = "http://nowhere/x"
    click(app, menu(app).widget("Play online"))
    assert app.top.where is None
    assert any("is not one" in tr(text) for _, text, _ in app.top.texts)


def test_a_settings_file_keeps_only_a_plain_address(tmp_path):
    path = tmp_path / "settings.json"
    for value, kept_as in ((" cards.example.org ", "cards.example.org"), (5, ""),
                           ("x" * 301, ""), ("a\nb", "")):
        storage.write_json(path, {"version": storage.SETTINGS_VERSION,
                                  "server_address": value})
        assert storage.load_settings(path)[0]["server_address"] == kept_as


def play_table(app, table: TableScene, friends: list[RemoteMatch], done, seconds=60.0):
    """The window's seat plays through its table, each friend through its client, a random
    legal move at each turn, until ``done()``."""
    rng = random.Random(4)
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() >= deadline:    # said whole: a stall must say where it is
            them = [(f.seat, f.to_act, f.closed, f.pending, f.legal_actions()[:2])
                    for f in friends]
            pytest.fail(f"the table did not go on: to act {table.match.to_act}, the window's "
                        f"seat {table.match.seat} (its turn: {table.my_turn()}, legal "
                        f"{table.legal[:2]}, closed {table.match.closed!r}), on top "
                        f"{type(app.top).__name__}; friends (seat, to act, closed, pending, "
                        f"legal): {them}; statuses {table.match.statuses}", pytrace=False)
        if app.top is not table:
            dismiss_overlays(app, table)
        app.step([], DT)
        if table.my_turn() and table.legal:
            assert table.try_action(rng.choice(table.legal))
        for friend in friends:
            friend.poll()
            if friend.to_act == friend.seat and friend.legal_actions():
                friend.apply(rng.choice(friend.legal_actions()))
        time.sleep(0.001)


def test_a_table_made_through_the_setup_is_played_with_a_friend_and_computers(app, kept):
    with service() as server:
        app.settings["server_address"] = f"{LOOPBACK}:{server.port}"
        app.settings["animation_speed"] = "off"        # (the deal's moves, not their flight)
        click(app, menu(app).widget("Play online"))
        scene = app.top
        name = scene.widget("name")
        click(app, name)
        type_text(app, "Ann")
        game = scene.widget("game")
        while game.value != "pairs65":
            click(app, game._arrows()[1].center)
        click(app, scene.widget("Set up the table"))
        setup = app.top
        assert setup.game_id == "pairs65" and setup.network
        kinds = [s["kind"] for s in setup.config()["seats"]]
        assert kinds[0] == "human" and "friend" in kinds
        click(app, setup.widget("Start"))
        assert app.top is scene
        until(app, lambda: scene.created is not None)
        match, code = scene.created
        assert online.valid_code(code) and code in server.tables
        assert scene.shown == online.shown_code(code)
        table = server.tables[code]
        assert [s.kind for s in table.match.seats] == \
            ["human" if k != "computer" else "computer" for k in kinds]
        assert table.match.seats[0].name == "Ann"
        # a friend joins with the code as it was shown (dash and all)
        bob, error = online.seated(online.join_client(online.Where(LOOPBACK, server.port),
                                                      scene.shown, "Bob"))
        assert bob is not None, error
        click(app, scene.widget("Go to the table"))
        tablescene = app.top
        assert isinstance(tablescene, TableScene) and tablescene.match is match
        play_table(app, tablescene, [bob], lambda: len(table.match.state.score_sheet) >= 1)
        until(app, lambda: match.state.score_sheet == table.match.state.score_sheet)
        assert online.token_for(online.Where(LOOPBACK, server.port), code) == match.token
        bob.close()


def test_a_table_is_joined_by_its_code_and_a_wrong_code_is_told(app, kept):
    with service() as server:
        ann, code = create(server, "Ann", kinds=("human", "friend"))
        app.settings["server_address"] = f"ws://{LOOPBACK}:{server.port}"
        click(app, menu(app).widget("Play online"))
        scene = app.top
        click(app, scene.widget("code"))
        type_text(app, "NOPE")
        click(app, scene.widget("Join"))
        assert scene.client is None and scene.status_bad        # not a code at all
        click(app, scene.widget("code"))
        for _ in range(4):
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0,
                                         unicode="", scancode=0)], DT)
        type_text(app, "ZZZZZZZZZZ" if code != "ZZZZZZZZZZ" else "YYYYYYYYYY")
        click(app, scene.widget("Join"))
        until(app, lambda: scene.client is None)
        assert scene.status == online_screen.WORDS["wrong_code"]
        scene.widget("code").set_text(code.lower(), notify=True)
        click(app, scene.widget("name"))
        type_text(app, "Bob")
        click(app, scene.widget("Join"))
        until(app, lambda: isinstance(app.top, TableScene))
        match = app.top.match
        assert match.seat == 1 and server.tables[code].match.seats[1].name == "Bob"
        assert online.token_for(online.Where(LOOPBACK, server.port), code) == match.token
        assert online.kept_name() == "Bob"
        ann.close()


def test_what_comes_right_behind_the_welcome_is_the_match_s(app, kept):
    """The updates and seats that arrive in the same frame as the welcome belong to the
    match it makes: the screen reading the connection stops at the welcome (it once read
    them too and dropped them, and the window's copy then waited for ever for a turn that
    had passed)."""
    with service() as server:
        table = config(kinds=("human", "friend"))
        table["first_dealer"] = 1                   # the creator's seat plays first
        ann, error = online.seated(online.create_client(where(server), table, "Ann"))
        assert ann is not None, error
        code = ann.client.code
        app.settings["server_address"] = f"{LOOPBACK}:{server.port}"
        click(app, menu(app).widget("Play online"))
        scene = app.top
        scene.widget("code").set_text(code, notify=True)
        click(app, scene.widget("Join"))
        client = scene.client
        deadline = time.monotonic() + 10
        while not any(m["type"] == "welcome" for m in list(client.inbox.queue)):
            assert time.monotonic() < deadline, "no welcome"
            time.sleep(0.005)
        ann.poll()
        assert ann.to_act == ann.seat
        ann.apply(random.Random(1).choice(ann.legal_actions()))
        while not any(m["type"] == "update" for m in list(client.inbox.queue)):
            assert time.monotonic() < deadline, "no update behind the welcome"
            time.sleep(0.005)
        app.step([], DT)                            # the welcome and the update at once
        assert isinstance(app.top, TableScene)
        until(app, lambda: app.top.match.turn == server.tables[code].match.turn == 1)
        assert app.top.match.to_act == 1 and app.top.match.legal_actions()
        ann.close()


def test_a_kept_token_seats_the_friend_again(app, kept):
    with service() as server:
        ann, code = create(server, "Ann", kinds=("human", "friend", "friend"))
        where = online.Where(LOOPBACK, server.port)
        bob, _ = online.seated(online.join_client(where, code, "Bob"))
        assert bob is not None
        online.keep_token(where, code, bob.token, name="Bob")
        bob.close()
        until(app, lambda: server.tables[code].match.seat_status(1) == "away")
        app.settings["server_address"] = f"{LOOPBACK}:{server.port}"
        click(app, menu(app).widget("Play online"))
        scene = app.top
        scene.widget("code").set_text(code, notify=True)
        click(app, scene.widget("Join"))
        until(app, lambda: isinstance(app.top, TableScene))
        assert app.top.match.seat == 1 and app.top.match.token == bob.token
        # a token the table does not know: forgotten, and the code seats them anew
        online.keep_token(where, code, "x" * 24, name="Cid")
        click(app, menu(app).widget("Play online"))
        scene = app.top
        scene.widget("code").set_text(code, notify=True)
        click(app, scene.widget("Join"))
        until(app, lambda: isinstance(app.top, TableScene) and app.top.match.seat == 2)
        assert online.token_for(where, code) == app.top.match.token != "x" * 24
        ann.close()


def test_leaving_the_screen_after_making_a_table_leaves_it(app, kept):
    with service() as server:
        app.settings["server_address"] = f"{LOOPBACK}:{server.port}"
        click(app, menu(app).widget("Play online"))
        scene = app.top
        scene.create({"game": "pairs65", "players": 2,
                      "seats": [{"name": "You", "kind": "human", "level": "easy"},
                                {"name": "F", "kind": "friend", "level": "easy"}],
                      "options": {}, "first_dealer": None})
        until(app, lambda: scene.created is not None)
        code = scene.created[1]
        click(app, scene.widget("Back"))
        assert scene.created is None
        until(app, lambda: server.tables[code].people_here() == 0)


def test_a_setup_for_a_server_offers_no_deal_code_and_no_network_toggle(app, kept):
    """A deal code would tell its typer every hand at a table online, and such a table is
    open to the network by nature: neither is offered; the table's friends' seats are."""
    with service() as server:
        app.settings["server_address"] = f"{LOOPBACK}:{server.port}"
        click(app, menu(app).widget("Play online"))
        click(app, app.top.widget("Set up the table"))
        setup = app.top
        frames(app)
        app.draw()
        assert setup.widget("Start") is not None and setup.widget("Rules") is not None
        for gone in ("Daily deal", "Deal code", "network"):
            assert setup.widget(gone) is None, gone
        assert setup.network and any(s["kind"] == "friend" for s in setup.seats)
        assert server.tables == {}


@pytest.mark.parametrize("state", ["no server", "forms", "made"])
def test_the_french_screen_draws_no_english(app, kept, monkeypatch, state):
    from cardtable import i18n
    from tests.ui.test_i18n_screens import Recorder, show, untranslated

    class Made:
        def close(self) -> None:
            pass

    def make():
        scene = OnlineScene()
        if state == "made":
            scene.created = (Made(), "K7QFM2XHPT")
        return scene

    app.settings["server_address"] = "" if state == "no server" else "203.0.113.5"
    rec = Recorder(monkeypatch)
    english = show(app, make, rec)
    if state == "forms":
        app.top.say(online_screen.WORDS["wrong_code"], bad=True)
        frames(app)
        english |= rec.take()
    i18n.set_language("fr")
    french = show(app, make, rec)
    if state == "forms":
        app.top.say(online_screen.WORDS["wrong_code"], bad=True)
        frames(app)
        french |= rec.take()
    # the table's code (and the field's example of one) is data, the same in every language
    words = [t for t in untranslated(french, english) if t != "K7QFM-2XHPT"]
    assert french and not words, words


def test_play_again_at_a_servers_table_seats_this_copy_at_a_new_match(app, kept):
    from cardtable.ui.scenes.matchend import MatchEndScene
    with service() as server:
        ann, code = create(server, "Ann", kinds=("human", "friend"),
                           options={"games_to_win": 1})
        app.settings["server_address"] = f"{LOOPBACK}:{server.port}"
        app.settings["animation_speed"] = "off"
        click(app, menu(app).widget("Play online"))
        scene = app.top
        scene.widget("code").set_text(code, notify=True)
        click(app, scene.widget("Join"))
        until(app, lambda: isinstance(app.top, TableScene))
        table = app.top
        old = server.tables[code].match
        deadline = time.monotonic() + 90
        rng = random.Random(2)
        while not isinstance(app.top, MatchEndScene):       # the window plays to the end
            assert time.monotonic() < deadline, "the match did not end"
            if app.top is not table:                        # the deal's summary
                app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="\r", scancode=0)], DT)
            app.step([], DT)
            if app.top is table and table.my_turn() and table.legal:
                table.try_action(rng.choice(table.legal))
            ann.poll()
            if ann.to_act == ann.seat and ann.legal_actions():
                ann.apply(rng.choice(ann.legal_actions()))
            time.sleep(0.001)
        assert old.is_over
        click(app, app.top.widget("Play again"))
        until(app, lambda: ann.poll() is not None and ann.asked)
        ann.answer_again(True)
        until(app, lambda: isinstance(app.top, TableScene) and app.top is not table)
        new = server.tables[code].match
        assert new is not old and app.top.match.seat == 1 and not app.top.match.is_over
        until(app, lambda: new.seat_status(0) == new.seat_status(1) == "connected")
        until(app, lambda: ann.poll() is not None and ann.successor is not None)
        ann.successor.close()
