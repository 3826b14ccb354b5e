"""What a friend's copy takes from a host (:mod:`cardtable.net.inbound`): every message of
honest hosts of every game passes; what comes out of order, of another match's shape or
at odds with itself is refused; a refused welcome leaves the match checked against as it
was. What the checks cost beside reading the frame is measured by `python -m bench inbound`,
not here (a timed test fails on a busy machine)."""

from __future__ import annotations

import copy

import pytest

from cardtable.engine import registry
from cardtable.net import inbound, protocol
from cardtable.net.inbound import Hostile, Inbound
from tests.hostile import Honest

GAMES = [(g, n) for g in registry.ids()
         for n in sorted({registry.get(g).min_players, registry.get(g).max_players})]


def wire(message: dict) -> dict:
    """``message`` as the friend's copy reads it off the wire."""
    return protocol.read_from_host(protocol.encode(message))


@pytest.mark.parametrize("game,players", GAMES)
def test_every_message_of_an_honest_host_passes(game, players):
    honest = Honest(game, players=players, seed=6)
    checks = Inbound()
    checks.read(wire(honest.welcome()))
    seen = set()
    for _ in range(6):
        for message in honest.play(25):
            checks.read(wire(message))
            seen.add(message["type"])
        checks.read(wire(honest.welcome()))      # the seat taken again
    assert {"update", "seats"} <= seen


def test_nothing_but_a_welcome_or_a_refusal_comes_first():
    honest = Honest("sixtysix")
    update = wire(honest.update(1))
    for message in (update, wire(honest.match.seats_message()),
                    wire({"type": "record", "record": {}}),
                    wire({"type": "refused", "code": "illegal", "rule": "not_in_hand",
                          "params": {}})):
        with pytest.raises(Hostile):
            Inbound().read(message)
    for message in ({"type": "refused", "code": "wrong_code"},
                    {"type": "closed", "code": "host_left"}):
        Inbound().read(wire(message))


def test_a_refused_welcome_changes_nothing_and_a_good_one_sets_the_new_match():
    pairs = Honest("pairs65", players=3)
    checks = Inbound()
    checks.read(wire(pairs.welcome()))
    before = checks.match
    sixty = Honest("sixtysix")
    bad = wire(sixty.welcome())
    bad["update"]["view"]["hand"] = ["ZZ"]
    with pytest.raises(Hostile):
        checks.read(bad)
    assert checks.match is before
    checks.read(wire(pairs.update(3)))          # still the pairs' match
    checks.read(wire(sixty.welcome()))          # a new match at the table: Sixty-Six
    assert checks.match.spec.id == "sixtysix" and checks.match.n == 2
    with pytest.raises(Hostile):
        checks.read(wire(pairs.update(1)))


def test_a_game_this_copy_does_not_have_is_told_as_another_version():
    welcome = wire(Honest("sixtysix").welcome())
    welcome["game"] = "backgammon"
    with pytest.raises(Hostile) as no:
        Inbound().read(welcome)
    assert no.value.code == "version"


def spoil(message: dict, change) -> dict:
    out = copy.deepcopy(message)
    change(out)
    return out


def facts(update: dict) -> dict:
    """The public facts an update changes (it may change none)."""
    return update.setdefault("public", {})


@pytest.mark.parametrize("name,change", [
    ("the turn of a winner", lambda u: facts(u).update(winners=[0], is_over=False)),
    ("the end with someone to play", lambda u: facts(u).update(is_over=True, winners=[1])),
    ("a winner twice", lambda u: facts(u).update(winners=[1, 1], is_over=True,
                                                 to_act=None)),
    ("a deal before the first", lambda u: facts(u).update(deal_no=-1)),
    ("a dealer of no seat", lambda u: facts(u).update(dealer=2)),
    ("options of another match", lambda u: facts(u).update(
        options={"target": 3, "strict_later_play": False})),
    ("a view of another seat", lambda u: u.setdefault("view", {}).update(seat=0)),
    ("a key gone twice", lambda u: u.update(gone=["hand", "hand"])),
    ("shared keys that are no list", lambda u: u.update(shared="options")),
    ("a move count gone back", lambda u: u.update(turn=u["turn"] - 1)),
    ("a negative move count", lambda u: u.update(turn=-1)),
    ("a field no update has", lambda u: u.update(extra=1)),
    ("a thousand and one events", lambda u: u.update(events=u["events"] * 1001)),
    ("a move of the other player's game", lambda u: u.update(legal=[{"kind": "pair",
                                                                    "cards": ["AS", "QS"]}])),
])
def test_an_update_at_odds_with_itself_is_refused(name, change):
    honest = Honest("sixtysix")
    checks = Inbound()
    checks.read(wire(honest.welcome()))
    update = wire(honest.update(1))
    checks.read(update)
    with pytest.raises(Hostile):
        checks.read(spoil(update, change))


@pytest.mark.parametrize("name", ["Ann", "Player 2", "Zoë", "Γιώργος", "Иван", "Nguyễn",
                                  "東京", "Zoë 🃏", "שלום"])
def test_a_name_a_seat_may_have_passes(name):
    assert inbound.name_ok(name)


@pytest.mark.parametrize("name", ["", " Ann", "Ann\n", "\u200b", "x" * 19, 5, None,
                                  "\u202e\u202e"])
def test_a_name_no_seat_may_have_is_refused(name):
    assert not inbound.name_ok(name)


def test_a_seat_named_in_letters_the_typeface_lacks_is_taken():
    """A host of an earlier version (or a name kept from before) may name a seat in letters
    this typeface lacks: the table is taken (the name shows as boxes), never left."""
    honest = Honest("sixtysix")
    checks = Inbound()
    welcome = wire(honest.welcome())
    welcome["seats"][1]["name"] = "שלום"
    checks.read(welcome)
    assert checks.match is not None
    seats = {"type": "seats", "seats": copy.deepcopy(welcome["seats"])}
    checks.read(seats)
