"""``normalise`` accepts exactly the actions whose normal form is one of
``legal_actions()``, and ``apply`` exactly the normal forms themselves.

The rummies' ``go_out`` and ``lay`` are the one documented widening: any arrangement of
valid melds is accepted. Everything else (extra fields, wrong types, ``None`` inside a
meld, cards from elsewhere) raises IllegalAction and leaves the state exactly as it was;
``apply`` also refuses what only ``normalise`` would mend (a list for a tuple, a pair in
the other order), and what a match records is the normal form. See the docstring of
engine/core.py; tests/engine/test_strict_actions.py holds the strict property alone.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine import melds as meldlib
from cardtable.engine.core import KIND_FIELDS, KINDS, Action, IllegalAction, make_action
from cardtable.match import Match, Seat

from .conformance import canonical, game_configs, new_state

FIELDS = ("card", "suit", "source", "melds", "discard", "target", "cards")
VALUE = {r: v for v, r in enumerate("A23456789TJQK", 1)}


# ----------------------------------------------------------------- the oracle

def exact_shape(action: Action) -> dict | None:
    """The action's fields with lists made tuples, or None when its shape is wrong."""
    kind = action.kind
    if type(kind) is not str or kind not in KIND_FIELDS:
        return None
    required, optional = KIND_FIELDS[kind]
    out = {}
    for name in FIELDS:
        value = getattr(action, name)
        if value is None:
            continue
        if name not in required + optional:
            return None
        if name == "target":
            if type(value) is not int:
                return None
        elif name == "cards":
            if type(value) not in (list, tuple) or any(type(c) is not str for c in value):
                return None
            value = tuple(value)
        elif name == "melds":
            if type(value) not in (list, tuple) or any(
                type(m) not in (list, tuple) or any(type(c) is not str for c in m)
                for m in value
            ):
                return None
            value = tuple(tuple(m) for m in value)
        elif type(value) is not str:
            return None
        out[name] = value
    return out


def open_kind_allowed(state, action: Action) -> bool:
    """The rules of a go_out or lay with any arrangement (rummy65, quebec65)."""
    legal = state.legal_actions()
    if any(a.kind == "draw" for a in legal) or not action.melds:
        return False
    hand = Counter(state.hand(state.current_player))
    used = Counter(c for m in action.melds for c in m)
    rules = state.meld_rules()
    if any(meldlib.check_meld(m, rules) is not None for m in action.melds):
        return False
    if action.kind == "go_out":
        if (action.discard is not None) != state.DISCARD_WHEN_OUT:
            return False
        if action.discard is not None:
            used[action.discard] += 1
        return used == hand
    return state.last_turns and not used - hand and hand.total() - used.total() >= 1


def expected_normal(state, action) -> Action | None:
    """What apply() must accept the action as, or None when it must refuse it."""
    if type(action) is not Action:
        return None
    shape = exact_shape(action)
    if shape is None:
        return None
    normal = Action(action.kind, **shape)
    if state.GAME_ID == "pairs65" and normal.kind == "pair" and len(normal.cards or ()) == 2:
        a, b = normal.cards
        if a[:1] in VALUE and b[:1] in VALUE and VALUE[a[0]] > VALUE[b[0]]:
            normal = Action("pair", cards=(b, a))
    if normal in state.legal_actions():
        return normal
    if normal.kind in ("go_out", "lay") and hasattr(state, "meld_rules"):
        if open_kind_allowed(state, normal):
            return normal
    return None


# ----------------------------------------------------------------- random actions

ODD_VALUES = [None, 0, 1, -1, 7, True, 2.5, "", "ZZ", "AS", "stock", "H", b"AS",
              [], ["AS"], ("AS", None), [["AS"]], {"card": "AS"}]


def random_field(name: str, deck: list[str], draw) -> object:
    pick = draw(st.integers(0, 3))
    if pick == 0:
        return draw(st.sampled_from(ODD_VALUES))
    if name in ("card", "discard"):
        return draw(st.sampled_from(deck))
    if name == "suit":
        return draw(st.sampled_from(["S", "H", "D", "C", "X"]))
    if name == "source":
        return draw(st.sampled_from(["stock", "discard", "elsewhere"]))
    if name == "target":
        return draw(st.integers(-1, 9))
    if name == "cards":
        return tuple(draw(st.lists(st.sampled_from(deck), max_size=3)))
    return tuple(tuple(draw(st.lists(st.sampled_from(deck), max_size=5)))
                 for _ in range(draw(st.integers(0, 3))))


def mutate(action: Action, hand: list[str], deck: list[str], draw) -> Action | object:
    """A legal action changed a little: the cases that slipped through before."""
    how = draw(st.sampled_from(
        ["extra", "wrong_type", "none_inside", "reorder", "lists", "regroup", "swap_card",
         "drop", "not_an_action"]))
    fields = {n: getattr(action, n) for n in FIELDS}
    if how == "extra":
        spare = [n for n in FIELDS if fields[n] is None]
        name = draw(st.sampled_from(spare))
        fields[name] = random_field(name, deck, draw)
    elif how == "wrong_type":
        present = [n for n in FIELDS if fields[n] is not None] or ["card"]
        name = draw(st.sampled_from(present))
        fields[name] = draw(st.sampled_from(ODD_VALUES))
    elif how == "none_inside":
        if fields["melds"]:
            melds = [list(m) for m in fields["melds"]]
            i = draw(st.integers(0, len(melds) - 1))
            melds[i].insert(draw(st.integers(0, len(melds[i]))), None)
            fields["melds"] = tuple(tuple(m) for m in melds)
        elif fields["cards"]:
            fields["cards"] = (fields["cards"][0], None)
        else:
            fields["card"] = None
    elif how == "reorder":
        if fields["cards"]:
            fields["cards"] = tuple(reversed(fields["cards"]))
        if fields["melds"]:
            melds = [list(draw(st.permutations(m))) for m in fields["melds"]]
            fields["melds"] = tuple(tuple(m) for m in draw(st.permutations(melds)))
    elif how == "lists":
        if fields["cards"]:
            fields["cards"] = list(fields["cards"])
        if fields["melds"]:
            fields["melds"] = [list(m) for m in fields["melds"]]
    elif how == "regroup":
        if fields["melds"]:
            cards = [c for m in fields["melds"] for c in m]
            cuts = sorted(draw(st.lists(st.integers(1, max(1, len(cards) - 1)), max_size=3)))
            parts, start = [], 0
            for cut in cuts + [len(cards)]:
                if cut > start:
                    parts.append(tuple(cards[start:cut]))
                    start = cut
            fields["melds"] = tuple(parts)
            if fields["discard"] is not None and draw(st.booleans()) and cards:
                fields["discard"] = cards[0]
    elif how == "swap_card":
        other = draw(st.sampled_from(deck + hand))
        if fields["card"] is not None:
            fields["card"] = other
        elif fields["cards"]:
            fields["cards"] = (fields["cards"][0], other)
        elif fields["melds"]:
            first = fields["melds"][0]
            fields["melds"] = ((other, *first[1:]),) + tuple(fields["melds"][1:])
    elif how == "drop":
        present = [n for n in FIELDS if fields[n] is not None]
        if present:
            fields[draw(st.sampled_from(present))] = None
    else:
        return draw(st.sampled_from([None, "claim", {"kind": "claim"}, action.to_json(),
                                     (action.kind,)]))
    return Action(action.kind, **fields)


def subset_lay(state, draw) -> Action | None:
    """A lay of some melds of a listed go_out or lay: legal on a last turn if a card stays."""
    outs = [a for a in state.legal_actions() if a.kind in ("go_out", "lay")]
    if not outs:
        return None
    melds = list(draw(st.sampled_from(outs)).melds)
    chosen = draw(st.lists(st.sampled_from(melds), min_size=1, max_size=len(melds),
                           unique=True))
    return Action("lay", melds=tuple(chosen))


def random_action(state, draw) -> object:
    legal = state.legal_actions()
    hand = state.hand(state.current_player)
    deck = sorted(set(state._full_deck())) + ["ZZ"]
    source = draw(st.sampled_from(["legal", "mutated", "mutated", "random", "lay"]))
    if source == "legal":
        return draw(st.sampled_from(legal))
    if source == "mutated":
        special = [a for a in legal if a.kind in SPECIAL]
        pool = special if special and draw(st.booleans()) else legal
        return mutate(draw(st.sampled_from(pool)), hand, deck, draw)
    if source == "lay":
        lay = subset_lay(state, draw)
        if lay is not None:
            return lay
    kind = draw(st.sampled_from(sorted(KINDS) + ["bogus", 3]))
    fields = {}
    for name in FIELDS:
        if draw(st.integers(0, 2)) == 0:
            fields[name] = random_field(name, hand + deck, draw)
    return Action(kind, **fields)


# ----------------------------------------------------------------- the property

#: the kinds worth seeking out: rare in uniformly random play, and the ones with a normal form
SPECIAL = {"go_out", "lay", "pair", "marriage", "exchange", "close"}


def random_state(game_id: str, players: int, seed: int, steps: int, seek: str):
    """A state after random play, leaning towards the special moves so that last turns
    come; then, as ``seek`` says, play on (a while) until a special move is legal, on a
    rummy's last turn too."""
    state = new_state(game_id, players, seed)
    rng = random.Random(seed)
    for step in range(steps + (400 if seek else 0)):
        if state.is_over:
            break
        legal = state.legal_actions()
        special = [a for a in legal if a.kind in SPECIAL]
        if step >= steps and special and (
                seek == "special" or getattr(state, "last_turns", True)):
            break
        state.apply(rng.choice(special if special and rng.random() < 0.3 else legal))
    return state


@pytest.mark.parametrize("game_id, players", game_configs())
@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 250),
       seek=st.sampled_from(["", "special", "last_turn"]), data=st.data())
def test_apply_accepts_exactly_the_normal_form_of_a_legal_action(game_id, players, seed,
                                                                 steps, seek, data):
    state = random_state(game_id, players, seed, steps, seek)
    if state.is_over:
        return
    for _ in range(12):
        action = random_action(state, data.draw)
        expected = expected_normal(state, action)
        before = canonical(state)
        trial = state.clone()
        if expected is None:
            with pytest.raises(IllegalAction):
                trial.apply(action)
            assert canonical(trial) == before, action
            continue
        normal = trial.normalise(action)
        assert normal == expected and exact_shape(normal) is not None, action
        assert canonical(trial) == before
        reference = state.clone()
        reference.apply(expected)
        if not is_exactly(action, expected):
            # apply is strict: what only normalise mends is refused
            with pytest.raises(IllegalAction):
                trial.apply(action)
            assert canonical(trial) == before, action
        trial.apply(normal)
        assert canonical(trial) == canonical(reference), action


def is_exactly(action: Action, normal: Action) -> bool:
    """``action`` is ``normal`` itself: equal, with every field of the same type (a list is
    not a tuple, True is not 1)."""
    def types(a):
        return [(type(v), [type(m) for m in v] if isinstance(v, (list, tuple)) else None)
                for v in (getattr(a, n) for n in FIELDS)]
    return action == normal and types(action) == types(normal)


# ----------------------------------------------------------------- the cases found

def test_a_field_the_kind_does_not_carry_is_refused():
    state = new_state("sixtysix", 2, 5)
    before = canonical(state)
    for bad in (Action("claim", source="x"), Action("play", card=state.hand(
            state.current_player)[0], suit="S"), Action("close", target=0)):
        with pytest.raises(IllegalAction) as info:
            state.apply(bad)
        assert info.value.code == "bad_action"
        assert canonical(state) == before
    with pytest.raises(IllegalAction):
        Action.from_json({"kind": "claim", "source": "x"})
    with pytest.raises(IllegalAction):
        make_action("claim", source="x")


def test_none_inside_a_meld_is_an_illegal_action_not_a_type_error():
    state = new_state("rummy65", 3, 1)
    state.apply(state.legal_actions()[0])
    hand = state.hand(state.current_player)
    before = canonical(state)
    for melds in ((("AS", None, "AH"),), ((None,),), (None,), ("ASAH",), 5):
        with pytest.raises(IllegalAction) as info:
            state.apply(Action("go_out", melds=melds, discard=hand[0]))
        assert info.value.code == "bad_action"
        assert canonical(state) == before


def test_a_match_records_the_normal_form():
    spec_state = new_state("pairs65", 2, 11)
    match = Match("pairs65", [Seat("human", "Ann"), Seat("human", "Bob")], seed=11,
                  state=spec_state)
    rng = random.Random(4)
    for _ in range(400):
        state = match.state
        if state.is_over:
            break
        pairs = [a for a in state.legal_actions() if a.kind == "pair"]
        if pairs:
            low, high = pairs[0].cards
            match.apply(Action("pair", cards=[high, low]))
            recorded = match.to_json()["history"][-1][1]
            assert recorded == {"kind": "pair", "cards": [low, high]}
            assert match.moves[-1][1] == pairs[0]
            return
        match.apply(rng.choice(state.legal_actions()))
    pytest.fail("no pair came up in 400 random moves")
