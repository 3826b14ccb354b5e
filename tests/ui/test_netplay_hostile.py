"""A hostile or buggy host on the friend's real table: the attacks that crashed a friend's
program (an empty view, a hand of no cards, empty public facts, an event naming seat 99,
winners that are no seats, a seat name of 100k characters) and fuzzed variants of honest
updates end the table with one sentence and bring the friend back to the menu (or leave
them on the Join screen, told why); the program goes on.

Modules: cardtable.net.client, cardtable.net.inbound and cardtable.ui.scenes.join."""

from __future__ import annotations

import copy
import json
import time
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable import i18n
from cardtable.i18n import tr
from cardtable.net import client, hosted, inbound
from cardtable.net.client import NetClient
from cardtable.net.remote import RemoteMatch, connect
from cardtable.ui import netplay
from cardtable.ui.scenes.join import JoinScene
from cardtable.ui.scenes.table import TableScene, show_table
from tests.hostile import LOOPBACK, FakeHost, Honest, frame
from tests.test_net_hostile import LONG, _set
from tests.ui.conftest import DT
from tests.ui.test_table import dismiss_overlays


def steps(app, until, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while not until():
        if time.monotonic() > deadline:
            return False
        app.step([], DT)
        time.sleep(0.005)
    return True


def friend_at_table(app, honest: Honest) -> tuple[FakeHost, TableScene]:
    host = FakeHost([honest.welcome()]).start()
    match, code, _ = connect(LOOPBACK, host.port, "Ann", code="K7QF")
    assert match is not None, code
    table = show_table(app, TableScene(match, speed="off", sound=False))
    for _ in range(5):
        app.step([], DT)
    return host, table


def told_once(app) -> list[str]:
    return [tr(t.text) for t in app.toasts if t.kind == "bad"]


#: the attacks of the issue, at the table: (name, what the host sends, given the honest
#: host after a move)
def issue_attacks(honest: Honest) -> list[tuple[str, dict]]:
    update = honest.update(1)
    seats = honest.match.seats_message()
    over = _set(_set(_set(update, "public.is_over", True), "public.to_act", None),
                "public.winners", [99, "x"])
    over["events"] = [{"kind": "match_over", "winners": [99, "x"], "scores": [0, 0]}]
    # (an update says what changed: the view is left with nothing when every key it had is
    # gone; the public facts are whole in a welcome, which a seat taken again is sent)
    emptied = dict(update, view={}, shared=[], gone=sorted(honest.match.view(honest.friend)))
    return [
        ("view: {}", emptied),
        ('hand: ["ZZ", 5, null]', _set(update, "view.hand", ["ZZ", 5, None])),
        ("public: {}", _set(honest.welcome(), "update.public", {})),
        ("an event naming seat 99", _set(update, "events",
                                         [{"kind": "played", "seat": 99, "card": "AS"}])),
        ('winners: [99, "x"]', over),
        ("a seat name of 100k characters", _set(seats, "seats.1.name", LONG)),
    ]


ATTACKS = [a[0] for a in issue_attacks(Honest("sixtysix"))]


@pytest.mark.parametrize("attack", ATTACKS)
def test_an_attack_of_the_issue_ends_the_table_with_one_sentence(app, attack):
    honest = Honest("sixtysix")
    host, table = friend_at_table(app, honest)
    try:
        message = dict(issue_attacks(honest))[attack]
        started = time.monotonic()
        host.push(message)
        assert steps(app, lambda: table.finished and app.top is not table)
        assert time.monotonic() - started < 3.0
        assert app.top is not None and type(app.top).__name__ == "MenuScene"
        assert told_once(app) == [tr(netplay.words("bad_host"))]
        assert host.ended.wait(5)
        for _ in range(10):           # and the program goes on
            app.step([], DT)
    finally:
        table.match.close()
        host.close()


def test_the_welcome_of_an_event_naming_seat_99_is_told_at_the_join_screen(app, tmp_path,
                                                                            monkeypatch):
    monkeypatch.setattr(netplay, "seats_file", lambda: tmp_path / "net_seats.json")
    honest = Honest("japanese65", players=4)
    welcome = _set(honest.welcome(), "recent", [{"kind": "played", "seat": 99, "card": "AS"}])
    host = FakeHost([welcome]).start()
    try:
        scene = app.build("join", browse=False)
        app.push(scene)
        scene.values.update(address=LOOPBACK, port=str(host.port), code="K7QF", name="Ann")
        scene.join()
        assert steps(app, lambda: scene.client is None)
        assert app.top is scene and scene.status_bad
        assert scene.status == JoinScene.words("bad_host")
        assert tr(scene.status).endswith(".") and tr(scene.status).count(". ") == 0
        assert netplay.token_for(LOOPBACK, host.port) is None   # no seat was kept
        assert host.ended.wait(5)
    finally:
        host.close()


def test_the_sentence_is_said_in_french_too():
    text = inbound.SENTENCE
    assert tr(text).endswith(".")
    i18n.set_language("fr")
    try:
        assert tr(text) != text and tr(text).endswith(".")
    finally:
        i18n.set_language("en")


def test_the_table_says_the_host_was_not_believed_or_its_certificate_refused():
    assert netplay.words("bad_host") == inbound.SENTENCE
    assert netplay.words("bad_certificate") == client.CERTIFICATE


# --------------------------------------------------------------------------- fuzzing

#: values a fuzzed message may hold: plain JSON, cards, seats near the range, long text
LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 12), st.integers(-2**40, 2**40),
    st.sampled_from(["AS", "9D", "KH", "QH", "ZZ", "", "JK", "S", "x" * 40, "\u202e"]),
    st.text(max_size=6))
VALUES = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                      max_leaves=10)


CARDS = [r + s for r in "AKQJT98765432" for s in "SHDC"] + ["JK"]


def alike(value, data):
    """A value of the same kind as ``value``: another card for a card, a small number for
    a number, a list one shorter or with one part repeated, the other truth value."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return data.draw(st.integers(0, 12))
    if isinstance(value, str) and value in CARDS:
        return data.draw(st.sampled_from(CARDS))
    if isinstance(value, list) and value:
        i = data.draw(st.integers(0, len(value) - 1))
        return value[:i] + value[i + 1:] if data.draw(st.booleans()) else value + [value[i]]
    return value


def spoiled(message: dict, data) -> dict:
    """``message`` with one to three places replaced, removed or added to (each place
    drawn as a walk of numbers from the top, whatever the message holds)."""
    out = copy.deepcopy(message)
    for _ in range(data.draw(st.integers(1, 3))):
        walk = data.draw(st.lists(st.integers(0, 1000), min_size=1, max_size=5))
        parent, key = None, None
        where = out
        for step in walk:
            keys = [k for k in where if k != "type"] if isinstance(where, dict) else \
                list(range(len(where))) if isinstance(where, list) else []
            if not keys:
                break
            parent, key = where, keys[step % len(keys)]
            where = where[key]
        action = data.draw(st.sampled_from(["replace", "remove", "add", "alike", "alike"]))
        value = data.draw(VALUES)
        if action == "alike":       # a value of the same kind: it may pass every check
            value = alike(where, data)
            action = "replace"
        name = data.draw(st.text(min_size=1, max_size=6))
        if parent is None:
            continue
        if action == "remove":
            del parent[key]
        elif action == "add" and isinstance(where, dict):
            where[name] = value
        else:
            parent[key] = value
    return out


class Wire:
    """A friend's copy fed frames straight into its client (the checks its connection's
    thread makes), without a socket: what it takes, its table shows."""

    def __init__(self, welcome: dict):
        self.client = NetClient(LOOPBACK, 9, name="Ann")
        assert self.client.receive(frame(welcome))
        self.match = RemoteMatch(self.client, self.client.take()[0])


@settings(max_examples=80, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_fuzzed_update_is_refused_or_shown_without_a_crash(data):
    """Each fuzzed update is refused by the friend's checks (the connection ends) or taken
    and shown by the real table: never an exception, never a half-taken message."""
    from cardtable.ui.app import App
    app = App(size=(1280, 720), settings={"sound": False})
    # the same deals for the same draws (a host deals from a secret of its own)
    same = mock.patch.object(hosted.secrets, "token_bytes", lambda n=16: bytes(n))
    try:
        same.start()
        game = data.draw(st.sampled_from([("sixtysix", 2), ("japanese65", 4),
                                          ("pairs65", 3), ("quebec65", 2)]))
        honest = Honest(game[0], players=game[1], seed=data.draw(st.integers(0, 50)))
        honest.play(data.draw(st.integers(0, 30)))
        wire = Wire(honest.welcome())
        table = show_table(app, TableScene(wire.match, speed="off", sound=False))
        app.step([], DT)
        update = honest.update(data.draw(st.integers(1, 4)))
        bad = spoiled(update, data)
        before = json.dumps(wire.match.view(), sort_keys=True)
        taken = wire.client.receive(frame(bad))
        if not taken:
            assert [m["code"] for m in wire.client.take()] == ["bad_host"]
            assert json.dumps(wire.match.view(), sort_keys=True) == before
            return
        for _ in range(30):
            app.step([], DT)
            if app.top is not table:
                dismiss_overlays(app, table)
    finally:
        same.stop()
        while app.stack:
            app.pop()
