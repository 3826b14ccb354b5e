"""A friend's name with letters the program's typeface cannot show (Hebrew, Arabic, emoji:
cardtable.letters) is refused at the host, with its own code (``unshowable_name``), as a
name the table keeps for itself is: the seat stays free, the same person sits down under a
name it can show. Modules: cardtable.net.protocol (the hello's check), cardtable.letters."""

from __future__ import annotations

import pytest

from cardtable.net import protocol
from cardtable.net.remote import connect
from tests.net import serve_helpers as served
from tests.net_helpers import LOOPBACK, host_table, join

UNSHOWABLE = ["Zoë 🃏", "שלום", "مرحبا", "東京", "Ann\U0001F600"]


@pytest.mark.parametrize("name", UNSHOWABLE)
def test_a_hello_under_letters_the_typeface_lacks_is_refused(name):
    with pytest.raises(protocol.Refused) as no:
        protocol.read_from_player(served.hello_frame("ABCDEFGHJK", name))
    assert no.value.code == "unshowable_name"
    assert no.value.code in protocol.REASONS


@pytest.mark.parametrize("name", ["Zoë", "Γιώργος", "Иван", "Ann\u200b", " Bea ", "e\u0301"])
def test_a_hello_under_letters_it_shows_passes(name):
    """(Invisible characters and spaces are the host's to trim, as before.)"""
    assert protocol.read_from_player(served.hello_frame("ABCDEFGHJK", name))["name"] == name


def test_a_seat_token_takes_its_seat_back_whatever_the_name_says():
    frame = served.hello_frame("", "שלום", token="t" * 24)
    assert protocol.read_from_player(frame)["token"] == "t" * 24


def test_the_host_refuses_such_a_name_and_keeps_the_seat_free():
    match, server = host_table("sixtysix", 2, remote=[1])
    try:
        for name in UNSHOWABLE:
            none, code, _ = connect(LOOPBACK, server.port, name, code=server.code)
            assert none is None and code == "unshowable_name", (name, code)
        assert match.seat_status(1) == "empty" and match.seats[1].name == "Seat1"
        zoe = join(server, "Zoë")
        assert zoe.seat == 1 and match.seats[1].name == "Zoë"
        assert zoe.names() == ["Seat0", "Zoë"]
        zoe.close()
    finally:
        server.close()


def test_a_table_server_refuses_such_a_name_too():
    with served.service() as server:
        ann, code = served.create(server)
        nobody, error = served.join(server, code, "Zoë 🃏 שלום")
        assert nobody is None and error == "unshowable_name"
        bea, error = served.join(server, code, "Bea")
        assert bea is not None, error
        bea.close()
        ann.close()


def test_a_table_servers_creator_under_such_a_name_is_refused_as_a_friend_is():
    """(The creator's copy is seated by the hello its create stands for.)"""
    with served.service() as server:
        client = served.online.create_client(served.where(server), served.config(), "שלום")
        nobody, error = served.online.seated(client)
        assert nobody is None and error == "unshowable_name"
