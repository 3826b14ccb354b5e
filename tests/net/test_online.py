"""A player's side of a table server: the address typed in the settings, the creation
message of a setup, the connection that creates or joins a table."""

from __future__ import annotations

import json

import pytest

from cardtable.net import online, protocol
from cardtable.net.online import Where, server_address
from cardtable.net.serveconf import DEFAULT_PORT
from cardtable.net.served import read_create
from tests.net.serve_helpers import config, service, where


@pytest.mark.parametrize(("text", "found"), [
    ("cards.example.org", Where("cards.example.org", DEFAULT_PORT)),
    (" Cards.Example.org:8080 ", Where("cards.example.org", 8080)),
    ("ws://192.168.1.20:47651/", Where("192.168.1.20", 47651)),
    ("wss://cards.example.org", Where("cards.example.org", 443, tls=True)),
    ("WSS://cards.example.org:8443", Where("cards.example.org", 8443, tls=True)),
    ("[::1]:47651", Where("::1", 47651)),
    ("::1", Where("::1", DEFAULT_PORT)),
    ("localhost", Where("localhost", DEFAULT_PORT)),
])
def test_a_server_address(text, found):
    assert server_address(text) == found


@pytest.mark.parametrize("text", [
    "", "   ", None, 5, "http://x", "cards.example.org/t/K7QF2M", "user@cards.example.org",
    "cards example.org", "cards.example.org:0", "cards.example.org:65536",
    "cards.example.org:port", "-cards.example.org", "[::1", "[::1]x", "cärds.example.org",
    "a" * 301, "cards..example.org", "x\u202e.org"])
def test_what_is_no_server_address(text):
    assert server_address(text) is None


def test_the_url_of_a_table():
    assert Where("cards.example.org", 443, True).url("k7qf-2m") == \
        "wss://cards.example.org:443/t/K7QF2M"
    assert Where("::1", 5).url("K7QF2M") == "ws://[::1]:5/t/K7QF2M"
    assert Where("h", 5).key() == "ws://h:5"


def test_a_setups_people_are_friends_at_the_server_and_its_computers_stay():
    setup = config(kinds=("human", "friend", "computer"))
    setup["seats"][2]["level"] = "medium"
    setup["network"] = {"remote": [1], "stand_in": "hard"}
    message = online.create_message(setup, "Ann", "K7QF2M")
    create = read_create(protocol.encode(message))          # what the server reads of it
    assert [s["kind"] for s in create["seats"]] == ["friend", "friend", "computer"]
    assert create["seats"][2] == {"kind": "computer", "level": "medium", "name": "S2"}
    assert create["stand_in"] == "hard" and create["code"] == "K7QF2M"


def test_codes_typed_by_a_person():
    assert online.valid_code(" k7qf-2m ")
    assert not online.valid_code("K7QF")
    assert not online.valid_code(None)


def test_creating_then_joining_through_the_clients():
    with service() as server:
        client = online.create_client(where(server), config(), "Ann")
        assert client.creating and online.valid_code(client.code)
        ann, error = online.seated(client)
        assert ann is not None, error
        assert server.tables[client.code].match.seats[0].name == "Ann"
        bob, error = online.seated(online.join_client(where(server), client.code, "Bob"))
        assert bob is not None and bob.seat == 1
        ann.close()
        bob.close()


def test_an_unreachable_server_says_so():
    with service() as server:
        gone = where(server)
    nobody, error = online.seated(online.join_client(gone, "K7QF2M", "Bob"), timeout=5)
    assert nobody is None and error == "unreachable"


def test_a_client_connects_to_its_tables_own_path():
    where = Where("cards.example.org", 443, tls=True)
    client = online.join_client(where, "k7qfm-2xhpt", "Bob")
    assert client.address == "wss://cards.example.org:443/t/K7QFM2XHPT"
    assert client.code == "K7QFM2XHPT" and not client.creating


def test_the_seats_kept_longest_ago_go_first_though_the_file_is_sorted(tmp_path):
    """The file is written with its keys sorted: past the most kept, the table whose key
    came first in the alphabet went, not the one sat at longest ago."""
    path = tmp_path / "online_seats.json"
    here = Where("cards.example.org", DEFAULT_PORT)
    online.keep_token(here, "ZZZZZZ", "z" * 24, path=path)        # kept first
    online.keep_token(here, "AAAAAA", "a" * 24, path=path)
    for n in range(online.KEPT_SEATS - 1):
        online.keep_token(here, f"BBBB{n:02d}".replace("0", "Q").replace("1", "R"),
                          f"{n:02d}" * 12, path=path)
    assert online.token_for(here, "ZZZZZZ", path) is None          # the oldest went
    assert online.token_for(here, "AAAAAA", path) == "a" * 24
    assert len(online.kept_seats(path)) == online.KEPT_SEATS


def test_a_seats_file_without_its_order_is_still_read(tmp_path):
    path = tmp_path / "online_seats.json"
    here = Where("cards.example.org", DEFAULT_PORT)
    key = f"{here.key()}/K7QFM2XHPT"
    path.write_text(json.dumps({"version": 1, "seats": {key: "t" * 24, "x": 5}}))
    assert online.token_for(here, "k7qfm-2xhpt", path) == "t" * 24
    online.keep_token(here, "H6FLYCPAF9", "h" * 24, path=path)
    assert online.token_for(here, "K7QFM2XHPT", path) == "t" * 24
    assert online.token_for(here, "H6FLYCPAF9", path) == "h" * 24


@pytest.mark.parametrize("order", [[["a"]], [{"k": 1}], "abc", [None, 5], 7])
def test_a_damaged_order_in_the_seats_file_is_passed_over(tmp_path, order):
    """The order of the kept seats is read at the border: a list holding a list (which
    cannot be a key) raised TypeError as a seat was kept."""
    path = tmp_path / "online_seats.json"
    here = Where("cards.example.org", DEFAULT_PORT)
    key = f"{here.key()}/K7QFM2XHPT"
    path.write_text(json.dumps({"version": 1, "seats": {key: "t" * 24}, "order": order}))
    online.keep_token(here, "H6FLYCPAF9", "h" * 24, path=path)
    assert online.token_for(here, "K7QFM2XHPT", path) == "t" * 24
    assert online.token_for(here, "H6FLYCPAF9", path) == "h" * 24
