"""Every game declares the shape of what it shows a seat, and what it really shows fits:
each view of every seat, each event as every seat sees it, each legal move and each
refused move's particulars, over random matches of every game at every number of
players (a shape that refused an honest host would end every game over the network).
And what does not fit is refused with a ConfigError, never another error."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.engine import registry, shapes
from cardtable.engine.core import Action, ConfigError, IllegalAction
from tests.engine.conformance import game_configs, new_state, surely_illegal_candidates


def wire(value):
    """``value`` as the other computer reads it (tuples become lists)."""
    return json.loads(json.dumps(value))


def hand_moves(state, rng: random.Random) -> list[Action]:
    """Moves made of the player's own cards that the rules may refuse with particulars:
    two cards as a pair, some cards as a meld."""
    seat = state.current_player
    hand = state.hand(seat)
    out = []
    kinds = type(state).move_kinds()
    if len(hand) >= 2:
        two = rng.sample(hand, 2)
        if "pair" in kinds:
            out.append(Action("pair", cards=tuple(two)))
        for kind in ("lay", "go_out"):
            if kind in kinds:
                meld = tuple(rng.sample(hand, min(len(hand), rng.randint(2, 4))))
                out.append(Action(kind, melds=(meld,)))
    return out


def biased_move(state, rng: random.Random) -> Action:
    """A legal move, rarer kinds (marriages, closing, swaps, melds) more often than chance
    would play them."""
    legal = state.legal_actions()
    rare = [a for a in legal if a.kind not in ("play", "discard", "give")]
    return rng.choice(rare if rare and rng.random() < 0.4 else legal)


def check_everything(state, events, rng, seen: dict) -> None:
    n = state.n_players
    for seat in range(n):
        state.check_view(wire(state.view(seat)), seat)
        for event in events:
            state.check_event(wire(event.for_seat(seat)))
            seen["events"].add(event.kind)
    if not state.is_over:
        for action in state.legal_actions():
            assert state.check_move(wire(action.to_json())) == action
        for action in surely_illegal_candidates(state, rng) + hand_moves(state, rng):
            try:
                state.normalise(action)
            except IllegalAction as no:
                state.check_refusal(no.code, wire(no.params))
                seen["refusals"].add(no.code)


@pytest.mark.parametrize("game,players", game_configs())
def test_what_a_game_shows_a_seat_fits_its_declared_shapes(game, players):
    seen: dict = {"events": set(), "refusals": set()}
    for seed in range(3):
        rng = random.Random(seed)
        state = new_state(game, players, seed)
        events = state.start_events()
        for _ in range(400 if players > 4 else 1200):
            check_everything(state, events, rng, seen)
            if state.is_over:
                break
            events = state.apply(biased_move(state, rng))
    cls = type(state)
    # the declarations are exercised, not only present
    assert {"dealt", "received"} <= seen["events"]
    assert cls.VIEW is not None and cls.EVENTS is not None and cls.REFUSALS is not None


def test_a_deal_end_and_a_match_end_fit_every_game():
    """Matches played to their end, the quickest options: every deal's end and the
    match's end (with their money, rummy65's) fit."""
    for spec in registry.specs():
        players = spec.min_players if spec.id != "rummy65" else 3
        rng = random.Random(1)
        state = spec.new_match(players=players, seed=2,
                               options=spec.check_options(spec.quick_options))
        kinds = set()
        for _ in range(200_000):
            if state.is_over:
                break
            events = state.apply(rng.choice(state.legal_actions()))
            for event in events:
                kinds.add(event.kind)
                for seat in range(players):
                    state.check_event(wire(event.for_seat(seat)))
        assert state.is_over and {"deal_scored", "match_over"} <= kinds, spec.id


def spoilt(value, rng: random.Random):
    """``value`` with one part replaced by something of another shape."""
    junk = rng.choice([None, -1, 99, 10**12, "ZZ", "x" * 500, [], {}, [None], True, 2.5])
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value))
        if rng.random() < 0.2:
            return {k: v for k, v in value.items() if k != key}
        return dict(value, **{key: spoilt(value[key], rng)})
    if isinstance(value, list) and value:
        i = rng.randrange(len(value))
        return value[:i] + [spoilt(value[i], rng)] + value[i + 1:]
    return junk


@pytest.mark.parametrize("game,players", [(g, registry.get(g).min_players)
                                          for g in registry.ids()])
def test_what_does_not_fit_is_a_config_error_and_nothing_else(game, players):
    state = new_state(game, players, 4)
    rng = random.Random(5)
    refused = tried = 0
    for _step in range(60):
        if state.is_over:
            break
        events = state.apply(biased_move(state, rng))
        view = wire(state.view(1))
        for _attempt in range(5):
            bad = spoilt(view, rng)
            tried += 1
            try:
                state.check_view(bad, 1)
            except ConfigError as no:
                assert no.code == "bad_view"
                refused += 1
            for event in events:
                try:
                    state.check_event(spoilt(wire(event.for_seat(1)), rng))
                except ConfigError as no:
                    assert no.code == "bad_event"
        for junk in ({}, [], None, "view", {"kind": 5}, {"kind": "x" * 100}):
            with pytest.raises(ConfigError):
                state.check_view(junk, 1)
            with pytest.raises(ConfigError):
                state.check_event(junk)
            with pytest.raises(ConfigError):
                state.check_move(junk)
    assert refused > 0.8 * tried > 0       # nearly every spoilt view is refused


def test_the_view_of_another_seat_game_or_size_is_refused():
    state = new_state("japanese65", 4, 1)
    view = wire(state.view(2))
    state.check_view(view, 2)
    for name, value in (("seat", 1), ("seat", True), ("game", "sixtysix"),
                        ("n_players", 3)):
        with pytest.raises(ConfigError):
            state.check_view(dict(view, **{name: value}), 2)
    with pytest.raises(ConfigError):
        state.check_view(dict(view, extra=1), 2)


def test_a_refusal_carries_only_the_particulars_its_game_declares():
    state = new_state("sixtysix", 2, 1)
    state.check_refusal("must_follow_suit", {"suit": "H"})
    state.check_refusal("not_in_hand", {})
    for code, params in (("must_follow_suit", {"suit": 5}), ("must_follow_suit", {}),
                         ("not_in_hand", {"card": "AS"}), ("x" * 100, {}),
                         ("cannot_close", {"reason": "x" * 1000}), (None, {}),
                         ("not_in_hand", [])):
        with pytest.raises(ConfigError):
            state.check_refusal(code, params)


def test_a_move_must_be_one_of_the_game_with_cards_of_its_deck():
    state = new_state("pairs65", 3, 1)
    assert state.check_move({"kind": "swap", "target": 2, "card": "QS"}) == \
        Action("swap", target=2, card="QS")
    for data in ({"kind": "play", "card": "AS"}, {"kind": "discard", "card": "KS"},
                 {"kind": "swap", "target": 7, "card": "QS"}, {"kind": "swap", "card": "QS"},
                 {"kind": "pair", "cards": ["AS", 5]}, {"kind": "draw", "source": "x" * 99},
                 {"kind": "discard", "card": "AS", "extra": 1}, "discard"):
        with pytest.raises(ConfigError):
            state.check_move(data)


def test_a_game_that_declares_no_shape_is_checked_as_plain_json(monkeypatch):
    state = new_state("sixtysix", 2, 1)
    cls = type(state)
    for name in ("VIEW", "EVENTS", "REFUSALS"):
        monkeypatch.setattr(cls, name, None)
    state.check_view({"anything": [1, "two", {"three": None}]}, 0)
    state.check_event({"kind": "whatever", "seat": 99})
    state.check_refusal("any_code", {"n": 3, "cards": ["AS"]})
    deep: list = []
    for _ in range(20):
        deep = [deep]
    for bad in ({"x": deep}, {"x": "y" * 1000}, {"x": 2.5}, {"x": list(range(30_000))}):
        with pytest.raises(ConfigError):
            state.check_view(bad, 0)
    assert shapes.context(state).n == 2
