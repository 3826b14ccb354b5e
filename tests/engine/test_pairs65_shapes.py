"""The pairs' declared shapes (:mod:`cardtable.engine.pairs65_shapes`) fit what the game
shows each seat while a swap is pending (the offered card only in the swapper's view and
events), and refuse a view that would show another seat's offered card in the wrong place
or a swap between seats that are not there."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.engine.core import Action, ConfigError, IllegalAction
from tests.engine.conformance import new_state


def wire(value):
    return json.loads(json.dumps(value))


def test_a_swap_fits_every_seat_and_a_refused_pair_names_its_colours():
    rng = random.Random(2)
    state = new_state("pairs65", 3, 2)
    swaps = colours = 0
    for _ in range(400):
        if state.is_over:
            break
        legal = state.legal_actions()
        swap = [a for a in legal if a.kind == "swap"]
        action = rng.choice(swap if swap and rng.random() < 0.5 else legal)
        seat = state.current_player
        hand = state.hand(seat)
        if len(hand) >= 2 and state.phase == "play":
            try:
                state.normalise(Action("pair", cards=tuple(rng.sample(hand, 2))))
            except IllegalAction as no:
                state.check_refusal(no.code, wire(no.params))
                colours += no.code == "colours_differ"
        events = state.apply(action)
        for s in range(3):
            state.check_view(wire(state.view(s)), s)
            for event in events:
                state.check_event(wire(event.for_seat(s)))
        if state.swap is not None:
            swaps += 1
            swapper = state.swap["swapper"]
            assert "card" in state.view(swapper)["swap"]
            other = next(s for s in range(3) if s != swapper)
            view = wire(state.view(other))
            with pytest.raises(ConfigError):
                state.check_view(dict(view, swap=dict(view["swap"], target=3)), other)
    assert swaps and colours


@pytest.mark.parametrize("field,value", [
    ("phase", "nap"), ("pairs", [[["AS", "QS", "2S"]], [], []]), ("draw_pile", 49),
    ("known", [[], []]), ("stalemate_turns", 7), ("swap", {"swapper": 0}),
])
def test_what_the_pairs_never_show_is_refused(field, value):
    state = new_state("pairs65", 3, 1)
    view = wire(state.view(0))
    state.check_view(view, 0)
    with pytest.raises(ConfigError):
        state.check_view(dict(view, **{field: value}), 0)
