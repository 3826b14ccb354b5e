"""The names a friend may not sit under: the words the table itself gives seats ("Host" for
the host's person on a friend's screen, "You" on one's own), in every language the program
speaks, whatever their case, width or invisible characters (issue 34, item 7)."""

from __future__ import annotations

import pytest

from cardtable import letters
from cardtable.names import clean_name
from cardtable.net import door
from cardtable.net.remote import connect
from tests.net_helpers import LOOPBACK, host_table, join

RESERVED = ["Host", "host", "HOST", "You", "you", "  You ", "\u202eHost", "Ho\u200bst",
            "\u200fYou\u200e", "Ｈｏｓｔ", "Hôte", "HÔTE", "Ho\u0302te", "Vous", "vous",
            "\u2066Vous\u2069", "\ufeffHost"]


@pytest.mark.parametrize("name", RESERVED)
def test_the_tables_own_words_for_seats_are_refused(name):
    match, server = host_table("sixtysix", 2, remote=[1])
    try:
        none, code, _ = connect(LOOPBACK, server.port, name, code=server.code)
        # (the full-width "Ｈｏｓｔ" is refused before that: the typeface has no such letters)
        said = "unshowable_name" if letters.unshowable(clean_name(name)) else "reserved_name"
        assert none is None and code == said
        assert match.seat_status(1) == "empty" and match.seats[1].name == "Seat1"
        # the same person under a name of their own sits down
        ann = join(server, "Ann")
        assert ann.seat == 1 and match.seats[1].name == "Ann"
        ann.close()
    finally:
        server.close()


@pytest.mark.parametrize("name", ["Hostess", "Yours", "Ghost", "Hôtel", "Vousmême", "Ann",
                                  "Player", "Youssef"])
def test_names_that_only_look_like_them_are_taken(name):
    assert not door.reserved_name(name)


@pytest.mark.parametrize("name", RESERVED)
def test_reserved_is_decided_on_the_name_as_shown(name):
    assert door.reserved_name(name)


def test_a_friend_coming_back_with_a_token_keeps_the_name_they_sat_under():
    """The token's return ignores the hello's name: a friend seated as Ann who comes back
    saying "Host" is still Ann (the check is on a new seat's name)."""
    match, server = host_table("sixtysix", 2, remote=[1])
    try:
        ann = join(server, "Ann")
        token = ann.token
        ann.close()
        back = join(server, "Host", token=token)
        assert back.seat == 1 and match.seats[1].name == "Ann"
        back.close()
    finally:
        server.close()
