"""The rummies' declared shapes (:mod:`cardtable.engine.rummy_shapes`) fit each game's own
word for a deal, rummy65's pot and money, a stalemate and a refused meld, and refuse what a
rummy never shows."""

from __future__ import annotations

import json

import pytest

from cardtable.engine.core import Action, ConfigError, IllegalAction
from tests.engine.conformance import new_state


def wire(value):
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("game", ["rummy65", "quebec65"])
def test_a_stalemate_fits_and_its_deal_ends_as_declared(game):
    state = new_state(game, 3, 1)
    state.apply(Action("draw", source="stock"))
    seat = state.current_player
    state.apply(Action("discard", card=state.hand(seat)[0]))
    # the stock used up at the last rebuild the rules allow: the next draw ends the deal
    state.stock = []
    state.reshuffles = state.MAX_RESHUFFLES - 1
    events = state.apply(Action("draw", source="stock"))
    assert [e.kind for e in events][:2] == ["reshuffled", "stalemate"]
    for seat in range(3):
        state.check_view(wire(state.view(seat)), seat)
        for event in events:
            state.check_event(wire(event.for_seat(seat)))


@pytest.mark.parametrize("game", ["rummy65", "quebec65"])
def test_a_refused_meld_names_its_cards_and_reason(game):
    state = new_state(game, 3, 1)
    state.apply(Action("draw", source="stock"))
    hand = state.hand(state.current_player)
    refused = 0
    for i in range(len(hand) - 2):
        try:
            state.normalise(Action("go_out", melds=(tuple(hand[i:i + 3]),),
                                   discard=hand[-1] if game == "rummy65" else None))
        except IllegalAction as no:
            state.check_refusal(no.code, wire(no.params))
            refused += no.code == "invalid_meld"
    assert refused
    with pytest.raises(ConfigError):
        state.check_refusal("invalid_meld", {"meld": [1, 2], "reason": "wraps"})


@pytest.mark.parametrize("game,field,value", [
    ("rummy65", "hand", 3), ("quebec65", "round", 12), ("rummy65", "pot", -1),
    ("quebec65", "pot", 0), ("rummy65", "wild_ranks", ["Z"]),
    ("quebec65", "laid", [[["AS"]], [], [], []]), ("rummy65", "deals_in_match", 11),
])
def test_what_a_rummy_never_shows_is_refused(game, field, value):
    state = new_state(game, 3, 1)
    view = wire(state.view(0))
    state.check_view(view, 0)
    with pytest.raises(ConfigError):
        state.check_view(dict(view, **{field: value}), 0)
