"""A hostile or buggy host cannot crash a friend's copy: every message the friend's real
client (``NetClient``, ``RemoteMatch``) receives is checked against the game's own shapes
before anything is taken from it; a bad one ends the connection with the code
``bad_host`` (one sentence at the table, :mod:`tests.ui.test_netplay_hostile`), and
nothing of it is applied.

The host here is :class:`tests.hostile.FakeHost` on loopback: it answers the friend's hello
with an honest welcome made by the host's own code, then sends what each test spoils."""

from __future__ import annotations

import copy
import time

import pytest

from cardtable.net import protocol
from cardtable.net.remote import RemoteMatch, connect
from tests.hostile import LOOPBACK, FakeHost, Honest

#: what a host sends spoiled, one part at a time (each is what some host once did)
LONG = "x" * 100_000


def _set(message: dict, path: str, value) -> dict:
    """``message`` with the value at ``path`` ("update.view.hand") replaced (a copy)."""
    out = copy.deepcopy(message)
    *parents, last = path.split(".")
    where = out
    for key in parents:
        where = where[int(key)] if isinstance(where, list) else where[key]
    if isinstance(where, list):
        where[int(last)] = value
    else:
        where[last] = value
    return out


#: an update's view left with nothing: every key the friend's view has gone, none shared
#: (an update says only what changed: ``view: {}`` is one that changed nothing)
EMPTIED = "every key gone"

#: spoiled updates: (name, path in the update, value)
BAD_UPDATES = [
    ("an empty view", "gone", EMPTIED),
    ("a hand of no cards", "view.hand", ["ZZ", 5, None]),
    ("a public fact no match has", "public.surprise", 1),
    ("a key gone that the view never had", "gone", ["surprise"]),
    ("a key shared with no public fact", "shared", ["hand"]),
    ("a key shared twice", "shared", ["options", "options"]),
    ("score-sheet rows of nothing", "rows", [{}]),
    ("more deals scored than dealt", "rows", [{"deal": 1}] * 40),
    ("an event naming seat 99", "events", [{"kind": "played", "seat": 99, "card": "AS"}]),
    ("an event of no kind the game has", "events", [{"kind": "surprise"}]),
    ("winners that are no seats", "public.winners", [99, "x"]),
    ("a match over without winners", "public.is_over", True),
    ("a negative count", "view.stock_size", -3),
    ("a count of no sane size", "view.opponent_hand_size", 10**12),
    ("a seat out of range", "view.leader", 7),
    ("a view of another seat", "view.seat", 0),
    ("a view of another game", "view.game", "japanese65"),
    ("a score sheet row of nothing", "public.score_sheet", [{}]),
    ("a move of no card", "legal", [{"kind": "play", "card": "ZZ"}]),
    ("a move of no kind the game has", "legal", [{"kind": "lay", "melds": [["AS"]]}]),
    ("options the game has not", "public.options", {"target": "ten"}),
    ("a text in place of a number", "turn", "12"),
]


def bad_update(honest: Honest, path: str, value) -> dict:
    update = honest.update(1)
    if value == EMPTIED:
        return dict(update, view={}, shared=[], gone=sorted(honest.match.view(honest.friend)))
    return _set(update, path, value)


def other_messages(honest: Honest) -> list[tuple[str, dict]]:
    """Messages other than updates, spoiled."""
    seats = honest.match.seats_message()
    return [
        ("a seat name of 100k characters", _set(seats, "seats.0.name", LONG)),
        ("a seat name that draws nothing", _set(seats, "seats.0.name", "\u200b\u202e")),
        ("a seat too many", dict(seats, seats=seats["seats"] + [seats["seats"][0]])),
        ("a refusal worded with a number for a suit",
         {"type": "refused", "code": "illegal", "rule": "must_follow_suit",
          "params": {"suit": 5}}),
        ("a refusal with a rule of 100k characters",
         {"type": "refused", "code": "illegal", "rule": LONG}),
        ("an end of 100k characters", {"type": "closed", "code": LONG}),
        ("a new match of no game", {"type": "again", "game": LONG}),
    ]


#: spoiled welcomes: (name, path in the welcome, value)
BAD_WELCOMES = [
    ("an event naming seat 99 in the deal so far", "recent",
     [{"kind": "played", "seat": 99, "card": "AS"}]),
    ("a seat out of range", "seat", 5),
    ("an empty view", "update.view", {}),
    ("empty public facts", "update.public", {}),
    ("no score sheet's rows but rows", "update.rows", "rows"),
    ("a token of 100k characters", "token", LONG),
    ("a table name of 100k characters", "table", LONG),
    ("a seat name of 100k characters", "seats.0.name", LONG),
    ("a seat short", "seats", []),
    ("winners that are no seats", "update.public.winners", [99, "x"]),
]


def wait(test, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while not test():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def seated(honest: Honest) -> tuple[FakeHost, RemoteMatch]:
    host = FakeHost([honest.welcome()]).start()
    match, code, _ = connect(LOOPBACK, host.port, "Ann", code="K7QF")
    assert match is not None, code
    return host, match


def ends_with_one_word(host: FakeHost, match: RemoteMatch) -> None:
    """The friend's copy ends the connection, and its table hears one notice: the host
    could not be believed."""
    notices: list = []
    assert wait(lambda: notices.extend(match.take_notices()) or match.closed), \
        "the friend's copy took the bad message"
    assert [(n.kind, n.code) for n in notices if n.kind == "closed"] == \
        [("closed", "bad_host")]
    assert host.ended.wait(5), "the friend's copy kept the connection open"


@pytest.mark.parametrize("name,path,value", BAD_UPDATES, ids=[b[0] for b in BAD_UPDATES])
def test_a_spoiled_update_ends_the_connection_and_changes_nothing(name, path, value):
    honest = Honest("sixtysix")
    host, match = seated(honest)
    try:
        before = (copy.deepcopy(match.view()), match.turn, list(match.state.winners),
                  copy.deepcopy(match.state.score_sheet), match.names(), list(match.log))
        host.push(bad_update(honest, path, value))
        ends_with_one_word(host, match)
        assert match.poll() == []
        after = (match.view(), match.turn, match.state.winners, match.state.score_sheet,
                 match.names(), match.log)
        assert after == before, "part of the bad message was taken"
        assert match.to_act is None and match.legal_actions() == []
    finally:
        match.close()
        host.close()


def test_every_other_spoiled_message_ends_the_connection():
    honest = Honest("sixtysix")
    for name, message in other_messages(honest):
        host, match = seated(honest)
        try:
            names = match.names()
            host.push(message)
            ends_with_one_word(host, match)
            assert match.names() == names, name
        finally:
            match.close()
            host.close()


@pytest.mark.parametrize("name,path,value", BAD_WELCOMES, ids=[b[0] for b in BAD_WELCOMES])
def test_a_spoiled_welcome_seats_nobody(name, path, value):
    honest = Honest("japanese65", players=4)
    host = FakeHost([_set(honest.welcome(), path, value)]).start()
    try:
        match, code, _ = connect(LOOPBACK, host.port, "Ann", code="K7QF")
        assert match is None and code == "bad_host", name
        assert host.ended.wait(5)
    finally:
        host.close()


def test_an_honest_host_is_believed_to_the_end_of_the_match():
    """Every message of a whole match of each kind passes (a check that refused an honest
    host would end every game played over the network)."""
    honest = Honest("sixtysix", seed=11)
    host, match = seated(honest)
    try:
        while not honest.match.is_over:
            for message in honest.play(40):
                host.push(message)
        assert wait(lambda: match.poll() is not None and match.state.is_over and
                    not match._events, 10)
        assert match.closed is None
        assert match.state.winners == honest.match.state.winners
    finally:
        match.close()
        host.close()


@pytest.mark.parametrize("text,code", [
    ("not json at all", "bad_host"),
    (f'{{"v": {protocol.VERSION}, "type": "gossip"}}', "bad_host"),
    (f'{{"v": {protocol.VERSION}, "type": "update"}}', "bad_host"),
    ('{"v": 1, "type": "update"}', "version"),
])
def test_a_frame_the_protocol_refuses_ends_the_connection(text, code):
    """A frame that is no message of this version is not skipped (the friend's copy would
    go on from a state the host no longer has): the connection ends, saying why."""
    honest = Honest("sixtysix")
    host, match = seated(honest)
    try:
        host.push(text)
        assert wait(lambda: match.take_notices() and match.closed)
        assert match.closed == code
        assert host.ended.wait(5)
    finally:
        match.close()
        host.close()
