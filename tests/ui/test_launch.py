"""install() gives the App's own match members their values and adds none of its own; a
new match replaces the saved one only once its table is open (a table that cannot open, or
a setup the game refuses, leaves the saved match in its file and on Continue)."""

from __future__ import annotations

import errno
import json
import socket
from pathlib import Path

import pytest

from cardtable import storage
from cardtable.engine.core import ConfigError
from cardtable.i18n import Msg, tr
from cardtable.net.remote import connect
from cardtable.ui import netplay
from cardtable.ui.scenes.confirm import ConfirmScene
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.table import MatchDesk, TableScene, install, launch
from tests.net_helpers import LOOPBACK
from tests.ui.conftest import click, frames
from tests.ui.test_saves import new_app, play_some


def test_install_sets_only_members_the_app_declares(app):
    before = set(vars(app))
    desk = install(app)
    assert set(vars(app)) == before
    assert isinstance(desk, MatchDesk)
    assert app.on_start_match == desk.start and app.on_continue_match == desk.resume
    assert app.match_in_progress == desk.in_progress and app.match_game == desk.game
    assert app.table is None and app.match_game() is None and not app.has_match_in_progress()


def test_a_started_match_is_the_apps_table_and_its_game(app):
    install(app)
    app.start_match({"game": "sixtysix", "players": 2, "seed": 3,
                     "seats": [{"name": "You", "kind": "human", "level": "easy"},
                               {"name": "Bot", "kind": "computer", "level": "easy"}]})
    assert app.table is app.top and app.match_game() == "sixtysix"
    assert app.has_match_in_progress()
    app.table.match.close()


# --------------------------------------------------------------------------- a new match
# that cannot open: the saved match stays (file, Continue), the person is told why


#: the saved match: Sixty-Six, a person and a computer, one move played
SAVED = {"game": "sixtysix", "players": 2, "seed": 21, "options": None, "first_dealer": None,
         "seats": [{"name": "Ann", "kind": "human", "level": "easy"},
                   {"name": "Bot", "kind": "computer", "level": "easy"}]}
#: the new match: 65 (Japanese) open to the network, a friend's seat
HOSTED = {"game": "japanese65", "players": 4, "seed": 8, "options": None,
          "first_dealer": None,
          "seats": [{"name": "Ann", "kind": "human", "level": "easy"},
                    {"name": "Friend 2", "kind": "friend", "level": "easy"},
                    {"name": "Cy", "kind": "computer", "level": "easy"},
                    {"name": "Dan", "kind": "computer", "level": "easy"}],
          "network": {"remote": [1], "stand_in": "easy"}}
#: the new match: 65 (Japanese) at this computer
LOCAL = {key: value for key, value in HOSTED.items() if key != "network"}
LOCAL["seats"] = [dict(s, kind="computer") if s["kind"] == "friend" else s
                  for s in HOSTED["seats"]]


def match_file(tmp_path) -> Path:
    return tmp_path / "data" / storage.MATCH_FILE


def saved_earlier(tmp_path) -> bytes:
    """A run that played a move of SAVED and quit: the bytes of its saved match."""
    first = new_app(tmp_path)
    first.start_match(dict(SAVED))
    table = first.top
    play_some(first, table, 1)
    frames(first, 3)
    table.match.close()
    data = match_file(tmp_path).read_bytes()
    assert json.loads(data)["game"] == "sixtysix"
    return data


@pytest.fixture
def crowded(monkeypatch):
    """Every table this program opens to the network listens on one loopback port that a
    socket of the test holds already: its listening socket fails (address in use)."""
    taken = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    taken.bind((LOOPBACK, 0))
    taken.listen(1)
    port = taken.getsockname()[1]

    class Crowded(netplay.TableServer):
        def __init__(self, match, port: int = 0, host: str = "", **kwargs):
            super().__init__(match, port=taken.getsockname()[1], host=LOOPBACK,
                             **dict(kwargs, advertise=False))

    monkeypatch.setattr(netplay, "TableServer", Crowded)
    yield port
    taken.close()


def start_new(app, config: dict) -> None:
    """Setup's Start with a match in progress: asked first, Start new match clicked."""
    app.start_match(dict(config))
    ask = app.top
    assert isinstance(ask, ConfirmScene)
    click(app, ask.widget("yes"))


def told(app) -> list[str]:
    return [tr(t.text) for t in app.toasts]


def test_a_network_table_that_cannot_listen_leaves_the_saved_match(tmp_path, crowded,
                                                                    caplog):
    """The tester's steps: a match saved by an earlier run, then New game, a table open to
    the network, Start, Start new match: the port was taken, the table did not open, and
    the saved match was gone already. It is kept (file, Continue) and the person is told
    in one sentence why the new table did not open."""
    before = saved_earlier(tmp_path)
    app = new_app(tmp_path)
    menu = app.top
    with caplog.at_level("WARNING", logger=launch.__name__):
        start_new(app, HOSTED)
    assert str(errno.EADDRINUSE) in caplog.text     # the system's refusal, logged
    assert app.table is None and app.top is menu
    assert match_file(tmp_path).read_bytes() == before
    assert not (tmp_path / "data" / "net_table.json").exists()
    assert told(app) == [tr(launch.NOT_OPENED)]
    frames(app)
    assert app.has_match_in_progress() and menu.widget("Continue") is not None
    click(app, menu.widget("Continue"))
    table = app.top
    assert isinstance(table, TableScene) and table.match.game_id == "sixtysix"
    assert table.match.to_json() == json.loads(before)
    table.match.close()
    # the next run finds it too
    assert match_file(tmp_path).read_bytes() == before


def test_an_opener_that_fails_leaves_the_saved_match_of_the_table_on_screen(tmp_path,
                                                                           monkeypatch):
    """The match is on the table (this run's), the person leaves it by Menu and starts a
    network table, which cannot open: the match stays on the table and in its file."""
    def no_port(*args, **kwargs):
        raise OSError(98, "Address already in use")

    monkeypatch.setattr(netplay, "open_table", no_port)
    app = new_app(tmp_path)
    app.start_match(dict(SAVED))
    table = app.top
    play_some(app, table, 1)
    frames(app, 3)
    before = match_file(tmp_path).read_bytes()
    click(app, table.button("Menu"))
    menu = app.top
    start_new(app, HOSTED)
    assert app.table is table and app.top is menu
    assert match_file(tmp_path).read_bytes() == before
    assert told(app) == [tr(launch.NOT_OPENED)]
    click(app, menu.widget("Continue"))
    assert app.top is table
    table.match.close()


def test_a_refused_setup_leaves_the_saved_match(tmp_path):
    """A setup the game refuses (here an option that is no number): nothing opens, the
    saved match stays, and the sentence says what was refused."""
    before = saved_earlier(tmp_path)
    app = new_app(tmp_path)
    start_new(app, dict(LOCAL, options={"no_such_option": True}))
    assert app.table is None and isinstance(app.top, MenuScene)
    assert match_file(tmp_path).read_bytes() == before
    assert told(app) == [tr(Msg(launch.REFUSED,
                                reason=storage.match_refusal(ConfigError("bad_option", ""))))]
    assert app.has_match_in_progress()


def test_a_new_local_match_replaces_the_saved_one_for_good(tmp_path):
    """The ordinary path: Start new match replaces the saved match, in its file at once;
    the saved match never comes back (not by Continue, not in the next run)."""
    saved_earlier(tmp_path)
    app = new_app(tmp_path)
    start_new(app, LOCAL)
    table = app.top
    assert isinstance(table, TableScene) and table is app.table
    assert json.loads(match_file(tmp_path).read_bytes())["game"] == "japanese65"
    assert told(app) == []
    click(app, table.button("Menu"))
    click(app, app.top.widget("Continue"))
    assert app.top is table
    assert app.match_game() == "japanese65"
    state = table.match.to_json()
    table.match.close()
    again = new_app(tmp_path)
    assert again.match_game() == "japanese65"
    click(again, again.top.widget("Continue"))
    assert again.top.match.to_json() == state
    again.top.match.close()


def test_with_nothing_saved_a_table_that_cannot_listen_says_only_why(tmp_path, crowded):
    app = new_app(tmp_path)
    app.start_match(dict(HOSTED))
    assert app.table is None and isinstance(app.top, MenuScene)
    assert told(app) == [tr(netplay.words("port_busy"))]
    assert not match_file(tmp_path).exists() and not app.has_match_in_progress()


@pytest.fixture
def loopback(monkeypatch):
    """Tables this program opens to the network listen on loopback only, unannounced; a
    NEW table (no code yet) cannot listen while ``crowd["on"]``: a port the test holds."""
    taken = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    taken.bind((LOOPBACK, 0))
    taken.listen(1)
    crowd = {"on": False}

    class Loopback(netplay.TableServer):
        def __init__(self, match, port: int = 0, host: str = "", **kwargs):
            if crowd["on"] and kwargs.get("code") is None:
                port = taken.getsockname()[1]
            super().__init__(match, port=port, host=LOOPBACK, **dict(kwargs, advertise=False))

    monkeypatch.setattr(netplay, "TableServer", Loopback)
    yield crowd
    taken.close()


def test_this_copys_network_table_listens_again_when_the_new_one_cannot(tmp_path, loopback):
    """The match on the table is open to friends; its port is freed for the new table,
    which cannot listen: the old table listens again with its code and port, and stays
    this copy's match in progress, in its file too."""
    app = new_app(tmp_path)
    app.start_match(dict(HOSTED, seed=3))
    table = app.top
    host = table.match
    code, port = host.server.code, host.server.port
    before = match_file(tmp_path).read_bytes()
    remembered = (tmp_path / "data" / "net_table.json").read_bytes()
    click(app, table.button("Menu"))
    loopback["on"] = True
    start_new(app, dict(HOSTED, game="sixtysix", players=2, seats=SAVED["seats"][:1]
                        + [HOSTED["seats"][1]]))
    try:
        assert app.table is table and told(app) == [tr(launch.NOT_OPENED)]
        assert host.server is not None and host.server.code == code
        assert host.server.port == port
        assert match_file(tmp_path).read_bytes() == before
        assert (tmp_path / "data" / "net_table.json").read_bytes() == remembered
        friend, error, _ = connect(LOOPBACK, port, "Zoe", code=code)
        assert friend is not None and friend.seat == 1, error
        friend.close()
    finally:
        host.close()


def test_a_new_network_table_replaces_the_saved_match_once_it_listens(tmp_path, loopback):
    saved_earlier(tmp_path)
    app = new_app(tmp_path)
    start_new(app, HOSTED)
    table = app.top
    assert isinstance(table, TableScene) and table.match.server is not None
    assert told(app) == []
    try:
        assert json.loads(match_file(tmp_path).read_bytes())["game"] == "japanese65"
        assert json.loads((tmp_path / "data" / "net_table.json").read_bytes())["code"] == \
            table.match.server.code
    finally:
        table.match.close()
