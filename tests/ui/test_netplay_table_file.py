"""``net_table.json``, what Continue reads to open a hosted table again, is checked field by
field at the border (issue 34, item 6): a damaged file is set aside with one sentence and
the match goes on at this computer alone, at once. Before, port 70000 froze the window for
10 s (OverflowError is no OSError: the server's start waited for its timeout), ``port:
true`` was port 1, ``remote: [0]`` gave the host's own seat to friends and a code of 100k
characters became a table code no Join field could hold.

Module: cardtable.ui.netplay (remember_table, remembered_table, resume_hosted)."""

from __future__ import annotations

import json
import threading

import pytest

from cardtable.i18n import tr
from cardtable.match import Match, Seat
from cardtable.net import protocol
from cardtable.net.host import HostedMatch, TableServer
from cardtable.ui import netplay
from tests.net_helpers import LOOPBACK


class Desk:
    """What netplay needs of the App: its data folder, and the toasts it is given."""

    def __init__(self, folder):
        self.data_dir = folder
        self.toasts = []

    def toast(self, text, seconds=2.8, kind="info"):
        self.toasts.append((tr(text), kind))


def good_file(code: str | None = None) -> dict:
    return {"version": netplay.TABLE_FILE_VERSION, "game": "japanese65",
            "code": code or protocol.new_code(), "port": 47999, "stand_in": "easy",
            "remote": [1, 3], "people": [0], "tokens": [protocol.new_token() for _ in "ab"],
            "table_name": "Ann", "idle_seconds": 60.0}


def saved_match() -> Match:
    return Match("japanese65", [Seat("You"), Seat("Bo"), Seat("Cy", "computer"), Seat("Di")],
                 seed=1, threaded=False)


BAD = {
    "port 70000": {"port": 70000},
    "port -1": {"port": -1},
    "port 0": {"port": 0},
    "port true": {"port": True},
    "port text": {"port": "47650"},
    "port float": {"port": 47650.5},
    "the host's own seat": {"remote": [0, 1], "tokens": ["t" * 24, "u" * 24]},
    "a seat out of range": {"remote": [1, 9]},
    "a seat out of the match": {"remote": [1, 5]},
    "a computer's seat": {"remote": [1, 2]},
    "a seat twice": {"remote": [1, 1]},
    "a seat as a bool": {"remote": [True, 3]},
    "no seat": {"remote": [], "tokens": []},
    "tokens too few": {"tokens": ["t" * 24]},
    "a token too short": {"tokens": ["t", "u" * 24]},
    "a token twice": {"tokens": ["t" * 24, "t" * 24]},
    "a code too long": {"code": "A" * 100_000},
    "a code too short": {"code": "ABCD"},
    "a code of other letters": {"code": "O0I1O0I1O0"},
    "a code not text": {"code": 12},
    "a name not text": {"table_name": ["x"]},
    "a name too long": {"table_name": "x" * 5000},
    "a level nobody knows": {"stand_in": "godlike"},
    "an idle time below a second": {"idle_seconds": 0.01},
    "an idle time not a number": {"idle_seconds": "60"},
    "people not a list": {"people": 0},
    "an unknown field": {"admin": True},
    "an old version": {"version": 1},
}


@pytest.mark.parametrize("name", list(BAD))
def test_a_damaged_table_file_is_set_aside_with_one_sentence(tmp_path, name):
    desk = Desk(tmp_path)
    path = tmp_path / "net_table.json"
    path.write_text(json.dumps({**good_file(), **BAD[name]}), encoding="utf-8")
    servers = threading.active_count()
    data = netplay.remembered_table(desk, "japanese65")
    if data is not None:        # what only the saved match tells: checked as it opens again
        assert netplay.resume_hosted(desk, saved_match(), data) is None
    assert threading.active_count() == servers        # no server was started
    assert not path.exists()
    kept = list(tmp_path.glob("net_table.damaged-*.json"))
    assert len(kept) == 1
    assert len(desk.toasts) == 1 and desk.toasts[0][1] == "bad"
    sentence = desk.toasts[0][0]
    # one short sentence (the file's new name is in the log)
    assert "set aside" in sentence and sentence.count(".") <= 4


def test_a_good_table_file_is_read_as_written(tmp_path):
    desk = Desk(tmp_path)
    (tmp_path / "net_table.json").write_text(json.dumps(good_file()), encoding="utf-8")
    data = netplay.remembered_table(desk, "japanese65")
    assert data is not None and data["remote"] == [1, 3] and data["port"] == 47999
    assert desk.toasts == []


def test_a_file_of_another_game_is_not_this_matchs_but_is_not_damaged(tmp_path):
    desk = Desk(tmp_path)
    path = tmp_path / "net_table.json"
    path.write_text(json.dumps({**good_file(), "game": "sixtysix"}), encoding="utf-8")
    assert netplay.remembered_table(desk, "japanese65") is None
    assert path.exists() and desk.toasts == []


def test_what_remember_table_writes_is_read_back(tmp_path):
    desk = Desk(tmp_path)
    seats = [{"name": "You", "kind": "human"}, {"name": "Bo", "kind": "human"},
             {"name": "Cy", "kind": "computer"}, {"name": "Di", "kind": "human"}]
    match = HostedMatch.from_config({"game": "japanese65", "players": 4, "seed": 2,
                                     "seats": seats}, remote=[1, 3], threaded=False)
    server = TableServer(match, port=0, host=LOOPBACK)
    server.start()
    match.server = server
    try:
        netplay.remember_table(desk, match)
        data = netplay.remembered_table(desk, "japanese65")
        assert data is not None, desk.toasts
        assert data["code"] == server.code and data["port"] == server.port
        assert data["people"] == [0] and data["remote"] == [1, 3]
    finally:
        server.close()


@pytest.mark.parametrize("port", [70000, -1, True, 2 ** 70])
def test_a_server_on_a_port_that_cannot_be_one_refuses_at_once(port):
    match = HostedMatch.from_config({"game": "sixtysix", "players": 2, "seed": 1,
                                     "seats": [{"name": "A"}, {"name": "B"}]}, remote=[1],
                                    threaded=False)
    server = TableServer(match, port=port, host=LOOPBACK)
    # the refusal is the port's, never the thread's start timing out
    with pytest.raises(ValueError, match="port"):
        server.start(timeout=30.0)
    assert server.thread is None


def test_resume_with_a_port_that_cannot_be_one_goes_on_alone_at_once(caplog):
    saved = Match("sixtysix", [Seat("Ann"), Seat("Bob", "human")], seed=1, threaded=False)
    data = {"remote": [1], "tokens": ["t" * 16], "port": 70000, "code": protocol.new_code(),
            "people": [0]}
    servers = threading.active_count()
    with caplog.at_level("WARNING", logger="cardtable.ui.netplay"):
        assert netplay.resume_hosted(None, saved, data) is None
    assert threading.active_count() == servers and "port" in caplog.text


def loopback_only(monkeypatch):
    """open_table as resume_hosted calls it, but on loopback and never advertised."""
    real = netplay.open_table

    def on_loopback(config, **kwargs):
        return real(config, **{**kwargs, "bind": LOOPBACK, "advertise": False})

    monkeypatch.setattr(netplay, "open_table", on_loopback)


def test_a_table_open_again_on_another_port_says_so(tmp_path, monkeypatch):
    """Continue opened the host's table again on a new port, without a word, when its port
    was taken: its friends, who remember the old one, could not find it."""
    import socket

    loopback_only(monkeypatch)
    desk = Desk(tmp_path)
    holder = socket.socket()
    holder.bind((LOOPBACK, 0))
    holder.listen()
    taken = holder.getsockname()[1]
    data = {**good_file(), "port": taken}
    hosted = None
    try:
        hosted = netplay.resume_hosted(desk, saved_match(), data)
        assert hosted is not None and hosted.server.port != taken
        assert hosted.server.code == data["code"]
        (sentence, kind), = desk.toasts
        assert str(hosted.server.port) in sentence and str(taken) in sentence, sentence
        assert kind == "info"
    finally:
        holder.close()
        if hosted is not None:
            hosted.server.close()


def test_a_table_open_again_on_its_port_says_nothing(tmp_path, monkeypatch):
    import socket

    loopback_only(monkeypatch)
    desk = Desk(tmp_path)
    probe = socket.socket()
    probe.bind((LOOPBACK, 0))
    free = probe.getsockname()[1]
    probe.close()
    hosted = netplay.resume_hosted(desk, saved_match(), {**good_file(), "port": free})
    try:
        assert hosted is not None and hosted.server.port == free and desk.toasts == []
    finally:
        hosted.server.close()


def test_a_table_that_cannot_open_again_says_the_match_goes_on_here(tmp_path, monkeypatch):
    """It only went to the log: the host's friends waited at a table that was not there."""
    def no_port(config, **kwargs):
        raise OSError("no port")

    monkeypatch.setattr(netplay, "open_table", no_port)
    desk = Desk(tmp_path)
    assert netplay.resume_hosted(desk, saved_match(), good_file()) is None
    (sentence, kind), = desk.toasts
    assert kind == "bad" and "this computer alone" in sentence
