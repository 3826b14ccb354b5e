"""``state.apply`` accepts only the engine's own moves.

From random reachable states of every game, a listed legal action is changed a little
(its lists reordered, a field added, ``None`` put into a list, a card made a non-card or
a card from outside the hand, a field given the wrong type, a card doubled, a field
dropped, the kind changed). Either the result still *is* a legal action (equal to a
listed one with every field of the listed type, or, in the rummies, a ``go_out`` or
``lay`` of another arrangement the rules allow: the one widening engine/core.py
documents), and ``apply`` takes it; or ``apply`` raises IllegalAction and
``state.to_json()`` is exactly as before. Where ``normalise`` mends a refused action (a
list for a tuple, a pair in the other order) its answer is legal in the strict sense and
differs from the action only by those mendings; saves and deal records, which come from
outside the engine, are mended the same way when they are read.

The oracle below is written from the rules and the contract, not from the engine's
``_check``.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable import records
from cardtable.engine import melds as meldlib
from cardtable.engine import registry
from cardtable.engine.actions import KIND_FIELDS, KINDS, Action, IllegalAction
from cardtable.match import Match, Seat

FIELDS = ("card", "suit", "source", "melds", "discard", "target", "cards")
CARD_FIELDS = ("card", "discard")
GAMES = ("japanese65", "sixtysix", "rummy65", "pairs65", "quebec65")
#: options that keep matches short, so random play meets a match's end too
SHORT = {"japanese65": {"target": 2}, "sixtysix": {"target": 3}, "pairs65": {"games_to_win": 2}}
#: kinds worth choosing: the ones with list fields or that random play seldom meets
SPECIAL = {"pair", "go_out", "lay", "marriage", "exchange", "close", "swap", "give"}
#: what a state is sought for, in each game: its kinds with list fields, or its rare ones
SEEK = {"pairs65": {"pair"}, "rummy65": {"go_out", "lay"}, "quebec65": {"go_out", "lay"},
        "sixtysix": {"marriage", "exchange"}, "japanese65": {"play"}}
OPEN_KINDS = {"go_out", "lay"}
NON_CARDS = ["ZZ", "", "as", "10H", "A", "ASX", "JK?", " AS"]
WRONG = [None, 0, 1, -1, True, False, 1.0, 2.5, b"AS", "", "AS", ["AS"], ("AS",),
         [["AS"]], (("AS",),), {"card": "AS"}, object()]


# ----------------------------------------------------------------- the oracle

def exact_type(name: str, value) -> bool:
    """The value has exactly the type ``legal_actions()`` gives field ``name``."""
    if name == "target":
        return type(value) is int
    if name == "cards":
        return type(value) is tuple and all(type(c) is str for c in value)
    if name == "melds":
        return type(value) is tuple and all(
            type(m) is tuple and all(type(c) is str for c in m) for m in value)
    return type(value) is str


def well_shaped(action) -> bool:
    if type(action) is not Action or type(action.kind) is not str or action.kind not in KINDS:
        return False
    required, optional = KIND_FIELDS[action.kind]
    for name in FIELDS:
        value = getattr(action, name)
        if value is None:
            continue
        if name not in required + optional or not exact_type(name, value):
            return False
    return True


def open_arrangement_allowed(state, action: Action) -> bool:
    """A rummy's go_out or lay of any arrangement, by the rules."""
    if not hasattr(state, "meld_rules") or action.kind not in OPEN_KINDS:
        return False
    if any(a.kind == "draw" for a in state.legal_actions()) or not action.melds:
        return False
    rules = state.meld_rules()
    if any(meldlib.check_meld(m, rules) is not None for m in action.melds):
        return False
    hand = Counter(state.hand(state.current_player))
    used = Counter(c for m in action.melds for c in m)
    if action.kind == "go_out":
        if (action.discard is not None) != state.DISCARD_WHEN_OUT:
            return False
        if action.discard is not None:
            used[action.discard] += 1
        return used == hand
    return state.last_turns and not used - hand and hand.total() - used.total() >= 1


def strictly_legal(state, action) -> bool:
    """What ``apply`` must accept: a listed action itself, or a rummy's other arrangement."""
    if not well_shaped(action):
        return False
    # with every field of the exact type, == is field-for-field identity (True is not 1)
    return action in state.legal_actions() or open_arrangement_allowed(state, action)


def mended(action: Action) -> Action:
    """What ``normalise`` may make of an action: lists as tuples, a pair in either order."""
    fields = {}
    for name in FIELDS:
        value = getattr(action, name)
        if name == "melds" and isinstance(value, list | tuple):
            value = tuple(tuple(m) if isinstance(m, list | tuple) else m for m in value)
        elif name == "cards" and isinstance(value, list | tuple):
            value = tuple(value)
            if action.kind == "pair":
                value = tuple(sorted(value, key=str))
        if value is not None:
            fields[name] = value
    return Action(action.kind, **fields)


# ----------------------------------------------------------------- reaching states

def reach(game: str, players: int, seed: int, steps: int, seek: bool):
    """A state after ``steps`` random legal moves (leaning to the special kinds); with
    ``seek``, played on (at most 300 moves) until a kind the game is sought for is listed.
    Never the match's end."""
    state = registry.get(game).new_match(players=players, seed=seed,
                                         options=SHORT.get(game))
    rng = random.Random(seed)
    for step in range(steps + (300 if seek else 0)):
        legal = state.legal_actions()
        if step >= steps and any(a.kind in SEEK[game] for a in legal):
            break
        special = [a for a in legal if a.kind in SPECIAL]
        plain = [a for a in legal if a.kind != "claim"] or legal   # a claim ends the deal
        after = state.clone()
        after.apply(rng.choice(special if special and rng.random() < 0.3 else plain))
        if after.is_over:       # stop short of the match's end: there is no move to change
            break
        state = after
    return state


# ----------------------------------------------------------------- mutations

def card_slots(fields: dict) -> list[tuple]:
    """Where a card code lies in the action's fields: (field,), (field, i) or (melds, i, j)."""
    out = [(n,) for n in CARD_FIELDS if type(fields[n]) is str]
    if fields["cards"]:
        out += [("cards", i) for i in range(len(fields["cards"]))]
    if fields["melds"]:
        out += [("melds", i, j) for i, m in enumerate(fields["melds"]) for j in range(len(m))]
    return out


def put(fields: dict, slot: tuple, value) -> None:
    if len(slot) == 1:
        fields[slot[0]] = value
    elif slot[0] == "cards":
        cards = list(fields["cards"])
        cards[slot[1]] = value
        fields["cards"] = tuple(cards)
    else:
        melds = [list(m) for m in fields["melds"]]
        melds[slot[1]][slot[2]] = value
        fields["melds"] = tuple(tuple(m) for m in melds)


def applicable(action: Action, slots: list, foreign: list) -> list[str]:
    """The mutations that change ``action`` (a play has no list to reorder)."""
    lists = action.cards is not None or action.melds is not None
    out = ["extra", "none_inside", "kind", "not_an_action"]
    if any(getattr(action, n) is not None for n in FIELDS):
        out += ["non_card", "wrong_type", "drop"]
    if lists:
        out += ["as_lists", "duplicate"]
    if (action.cards and len(action.cards) > 1) or (action.melds and (
            len(action.melds) > 1 or any(len(m) > 1 for m in action.melds))):
        out += ["reorder"] * 3      # the case the issue found
    if slots and foreign:
        out += ["foreign_card"]
    return out


def mutate(state, action: Action, draw) -> tuple[str, object]:
    fields = {n: getattr(action, n) for n in FIELDS}
    present = [n for n in FIELDS if fields[n] is not None]
    slots = card_slots(fields)
    hand = state.hand(state.current_player)
    deck = sorted(set(state._full_deck()))
    foreign = [c for c in deck if c not in hand]
    how = draw(st.sampled_from(applicable(action, slots, foreign)), label="mutation")
    if how == "reorder":
        if fields["cards"]:
            fields["cards"] = tuple(reversed(fields["cards"]))
        if fields["melds"]:
            melds = [tuple(draw(st.permutations(m))) for m in fields["melds"]]
            fields["melds"] = tuple(draw(st.permutations(melds)))
    elif how == "extra":
        name = draw(st.sampled_from([n for n in FIELDS if fields[n] is None]))
        fields[name] = {"target": 0, "cards": (deck[0],), "melds": ((deck[0],),),
                        "suit": "S", "source": "stock"}.get(name, draw(st.sampled_from(deck)))
    elif how == "none_inside":
        if fields["melds"]:
            melds = [list(m) for m in fields["melds"]]
            i = draw(st.integers(0, len(melds) - 1))
            melds[i].insert(draw(st.integers(0, len(melds[i]))), None)
            fields["melds"] = tuple(tuple(m) for m in melds)
        elif fields["cards"]:
            cards = list(fields["cards"])
            cards.insert(draw(st.integers(0, len(cards))), None)
            fields["cards"] = tuple(cards)
        else:  # a list field the kind does not carry, with None in it
            fields[draw(st.sampled_from(["cards", "melds"]))] = (None,)
    elif how == "non_card":
        if slots:
            put(fields, draw(st.sampled_from(slots)), draw(st.sampled_from(NON_CARDS)))
        elif present:
            fields[draw(st.sampled_from(present))] = draw(st.sampled_from(NON_CARDS + ["X"]))
    elif how == "foreign_card":
        if slots and foreign:
            put(fields, draw(st.sampled_from(slots)), draw(st.sampled_from(foreign)))
    elif how == "wrong_type":
        if slots and draw(st.booleans()):   # one card inside a field
            put(fields, draw(st.sampled_from(slots)), draw(st.sampled_from(WRONG)))
        elif present:                       # or a whole field
            fields[draw(st.sampled_from(present))] = draw(st.sampled_from(WRONG))
    elif how == "as_lists":
        if fields["cards"]:
            fields["cards"] = list(fields["cards"])
        if fields["melds"]:
            fields["melds"] = [list(m) for m in fields["melds"]] if draw(st.booleans()) \
                else tuple(list(m) for m in fields["melds"])
    elif how == "duplicate":
        if fields["melds"]:
            melds = [list(m) for m in fields["melds"]]
            i = draw(st.integers(0, len(melds) - 1))
            card = draw(st.sampled_from([c for m in melds for c in m]))
            melds[i].append(card)
            fields["melds"] = tuple(tuple(m) for m in melds)
        elif fields["cards"]:
            fields["cards"] = (fields["cards"][0],) * 2
    elif how == "drop":
        if present:
            fields[draw(st.sampled_from(present))] = None
    elif how == "kind":
        other = draw(st.sampled_from(sorted(KINDS - {action.kind}) + ["bogus", 7, None]))
        return how, Action(other, **fields)
    else:
        return how, draw(st.sampled_from([None, action.kind, action.to_json(), (action.kind,),
                                          {"kind": action.kind}]))
    return how, Action(action.kind, **fields)


# ----------------------------------------------------------------- the property

def check_mutated(state, how: str, action) -> str:
    """Apply ``action`` to a copy of ``state`` and check the contract; says what happened."""
    before = state.to_json()
    trial = state.clone()
    if strictly_legal(state, action):
        trial.apply(action)
        return "legal"
    with pytest.raises(IllegalAction):
        trial.apply(action)
    assert trial.to_json() == before, (how, action)
    try:
        normal = trial.normalise(action)
    except IllegalAction:
        assert trial.to_json() == before, (how, action)
        return "refused"
    # normalise mends only the shape and a pair's order, into a strictly legal action
    assert trial.to_json() == before, (how, action)
    assert strictly_legal(state, normal), (how, action, normal)
    assert mended(normal) == mended(action), (how, action, normal)
    trial.apply(normal)
    return "mended"


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=100, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 40),
       seek=st.sampled_from([True, True, True, False]), data=st.data())
def test_apply_refuses_every_changed_move_and_changes_nothing(game, seed, steps, seek, data):
    spec = registry.get(game)
    players = data.draw(st.integers(spec.min_players, spec.max_players), label="players")
    state = reach(game, players, seed, steps, seek)
    for _ in range(6):
        legal = state.legal_actions()
        with_lists = [a for a in legal if a.cards is not None or a.melds is not None]
        special = [a for a in legal if a.kind in SPECIAL]
        pick = data.draw(st.integers(0, 2), label="pool")
        pool = (with_lists if pick == 0 and with_lists else
                special if pick == 1 and special else legal)
        base = data.draw(st.sampled_from(pool), label="legal action")
        how, action = mutate(state, base, data.draw)
        check_mutated(state, how, action)


# ----------------------------------------------------------------- the cases named

def test_a_pair_in_the_other_order_is_refused_by_apply_and_mended_by_normalise():
    state = registry.get("pairs65").new_match(players=2, seed=5)
    rng = random.Random(5)
    for _ in range(400):
        pairs = [a for a in state.legal_actions() if a.kind == "pair"]
        if pairs or state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    if not pairs:
        pytest.fail("no pair came up")
    listed = pairs[0]
    swapped = Action("pair", cards=tuple(reversed(listed.cards)))
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(swapped)
    assert info.value.code == "not_legal" and state.to_json() == before
    assert state.normalise(swapped) == listed
    assert state.normalise(Action("pair", cards=list(swapped.cards))) == listed
    assert state.to_json() == before
    state.apply(state.normalise(swapped))
    assert state.to_json() != before


@pytest.mark.parametrize("bad", [
    Action("play", card=["AS"]), Action("claim", target=True), Action("play", card=1),
])
def test_wrong_types_are_bad_actions(bad):
    state = registry.get("sixtysix").new_match(players=2, seed=3)
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(bad)
    assert info.value.code == "bad_action" and state.to_json() == before


def test_a_seat_given_as_a_bool_or_a_float_is_refused_though_it_compares_equal():
    for seed in range(200):
        state = reach("pairs65", 3, seed, 0, seek=False)
        swaps = [a for a in state.legal_actions() if a.kind == "swap" and a.target == 1]
        if swaps:
            break
    else:
        pytest.fail("no swap with seat 1 came up")
    listed = swaps[0]
    before = state.to_json()
    for target in (True, 1.0):
        odd = Action("swap", target=target, card=listed.card)
        assert odd == listed    # Python's == alone would let it through
        with pytest.raises(IllegalAction) as info:
            state.apply(odd)
        assert info.value.code == "bad_action" and state.to_json() == before


@pytest.mark.parametrize("game", ["rummy65", "quebec65"])
def test_a_rummy_takes_another_arrangement_but_no_malformed_one(game):
    for seed in range(300):
        state = reach(game, registry.get(game).min_players, seed, 0, seek=True)
        outs = [a for a in state.legal_actions() if a.kind == "go_out"]
        if outs and any(len(m) > 1 for m in outs[0].melds):
            break
    else:
        pytest.fail("no go_out came up")
    listed = outs[0]
    before = state.to_json()
    first, *rest = listed.melds
    hand = state.hand(state.current_player)
    malformed = [
        Action("go_out", melds=((*first, None), *rest), discard=listed.discard),
        Action("go_out", melds=((first[0], 7, *first[2:]), *rest), discard=listed.discard),
        Action("go_out", melds=(list(first), *rest), discard=listed.discard),
        Action("go_out", melds=((*first, first[0]), *rest), discard=listed.discard)
        if Counter(hand)[first[0]] == 1 else None,
        Action("go_out", melds=listed.melds, discard=listed.discard, card=hand[0]),
        Action("go_out", melds=listed.melds, discard=listed.discard or "AS", target=0),
    ]
    for bad in filter(None, malformed):
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.to_json() == before, bad
    rearranged = Action("go_out", melds=tuple(reversed(listed.melds)), discard=listed.discard)
    if len(listed.melds) > 1:
        assert rearranged not in state.legal_actions()
    state.apply(rearranged)     # the documented widening: any arrangement the rules allow
    assert state.to_json() != before


# ----------------------------------------------------------------- outside input is mended

def pairs_match_with_a_pair():
    """A people-only pairs65 match whose last recorded move is a pair."""
    match = Match("pairs65", [Seat("human", "Ann"), Seat("human", "Bob")], seed=11)
    rng = random.Random(4)
    for _ in range(400):
        legal = match.state.legal_actions()
        pairs = [a for a in legal if a.kind == "pair"]
        match.apply(pairs[0] if pairs else rng.choice(legal))
        if pairs:
            return match
    pytest.fail("no pair came up in 400 random moves")


def test_a_save_holding_a_pair_in_the_other_order_still_loads():
    """Saves written before moves were recorded in their normal form."""
    data = pairs_match_with_a_pair().to_json()
    move = data["history"][-1][1]
    listed = list(move["cards"])
    move["cards"] = listed[::-1]
    loaded = Match.from_json(data)
    assert loaded.moves[-1][1] == Action("pair", cards=tuple(listed))
    assert loaded.to_json()["history"][-1][1]["cards"] == listed


def test_a_deal_record_holding_a_pair_in_the_other_order_still_replays():
    match = pairs_match_with_a_pair()
    rng = random.Random(9)
    while not match.finished_deals:
        match.apply(rng.choice(match.state.legal_actions()))
    record = match.take_finished_deals()[0]
    states = records.replay(record)
    at = next(i for i, (_, m) in enumerate(record["moves"]) if m["kind"] == "pair")
    record["moves"][at][1]["cards"].reverse()
    again = records.replay(record)
    assert [s.to_json() for s in again] == [s.to_json() for s in states]


# ----------------------------------------------------------------- the games' own kinds

def test_every_kind_is_declared_by_a_game_with_its_fields():
    """KINDS holds the union of the games' declarations (their states' MOVES), each kind
    with the fields its game gave it; the rummies' two meld moves are open."""
    from cardtable.engine import actions

    union = set()
    for spec in map(registry.get, GAMES):
        moves = spec.state_class.MOVES
        assert moves, f"{spec.id} declares no move"
        assert spec.state_class.move_kinds() == {k.name for k in moves}
        for kind in moves:
            assert KIND_FIELDS[kind.name] == (kind.required, kind.optional)
            assert actions.declared(kind.name) == kind
        union |= spec.state_class.move_kinds()
    assert union <= set(KINDS)
    assert {"play", "marriage", "exchange", "close", "claim", "draw", "discard", "go_out",
            "lay", "swap", "give", "pair", "done"} == union
    assert actions.open_kinds() >= {"go_out", "lay"}
    assert {k for k in union if actions.declared(k).open} == {"go_out", "lay"}


def test_a_kind_declared_at_run_time_is_known_and_strict():
    """A game made after start-up (the tests' own) brings its kinds: the class statement
    declares them, make_action and apply's shape check know them at once, and a kind
    declared again with other fields is refused, so one name keeps one shape."""
    from cardtable.engine import actions
    from cardtable.engine.core import GameState, Kind, check_exact, make_action

    with pytest.raises(IllegalAction) as info:
        make_action("probe_tap", card="AS")
    assert info.value.code == "bad_action"

    class Probe(GameState):
        MOVES = (Kind("probe_tap", ("card",)), Kind("probe_knock"),
                 Kind("play", ("card",)))
    assert Probe.move_kinds() == {"probe_tap", "probe_knock", "play"}
    assert "probe_tap" in KINDS and KIND_FIELDS["probe_knock"] == ((), ())
    tap = make_action("probe_tap", card="AS")
    check_exact(tap)
    for bad in (Action("probe_tap", card=["AS"]), Action("probe_tap", suit="S"),
                Action("probe_knock", card="AS"), Action("probe_tap", card=1)):
        with pytest.raises(IllegalAction) as info:
            check_exact(bad)
        assert info.value.code == "bad_action"
    assert Action.from_json(tap.to_json()) == tap
    # the same declaration again is no change; another shape under a known name is refused
    assert actions.declare(Kind("probe_tap", ("card",))) == Kind("probe_tap", ("card",))
    for clash in (Kind("probe_tap", ("cards",)), Kind("play"),
                  Kind("probe_knock", open=True), Kind("probe_bad", ("colour",)),
                  Kind("probe_twice", ("card",), ("card",)), Kind("")):
        with pytest.raises(ValueError):
            actions.declare(clash)
    with pytest.raises(ValueError):
        type("Clash", (GameState,), {"MOVES": (Kind("play", ("suit",)),)})
    assert KIND_FIELDS["play"] == (("card",), ())
    assert actions.declared("probe_bad") is None and "probe_bad" not in KINDS
