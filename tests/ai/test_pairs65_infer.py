"""pairs65's inference from the discard pile: what it rules out is true of players who lay
their pairs and take a pairing discard (the program's own), and it reads only the view."""

from __future__ import annotations

import random

from cardtable import ai
from cardtable.ai import pairs65 as aip
from cardtable.ai.pairs65_infer import REFUSED_ODDS, refusals
from cardtable.engine import registry


def _positions(games: int, players: int, seed: int):
    """Every position of ``games`` games the medium rules play for every seat."""
    spec = registry.get("pairs65")
    for k in range(games):
        state = spec.new_match(players=players, seed=seed + k, options={"games_to_win": 1})
        bots = [ai.make_bot("pairs65", "medium", seed + s) for s in range(players)]
        while not state.is_over:
            seat = state.current_player
            yield state
            state.apply(bots[seat].choose(state, seat))


def test_what_the_discards_rule_out_is_never_held_and_the_unlikely_seldom():
    ruled_out = unlikely = unlikely_held = 0
    for players in (2, 3):
        for state in _positions(6, players, 31):
            view = state.view(state.current_player)
            for seat, odds in refusals(view).items():
                assert seat != view["seat"]
                hand = set(state.hands[seat])
                for card, p in odds.items():
                    if p == 0.0:
                        ruled_out += 1
                        assert card not in hand, (card, view)
                    else:
                        assert p == REFUSED_ODDS and players == 2
                        unlikely += 1
                        unlikely_held += card in hand
    assert ruled_out > 50 and unlikely > 50
    assert unlikely_held <= 0.2 * unlikely


def test_nothing_is_read_from_a_player_who_may_not_have_discarded():
    for state in _positions(3, 2, 7):
        view = state.view(state.current_player)
        prev = (view["seat"] - 1) % 2
        if view["hand_sizes"][prev] <= 3 or not view["discard_pile"]:
            assert refusals(view) == {}


def test_sampled_hands_respect_what_is_ruled_out():
    """The hard level's sampled deals never give the previous player a partner of the card
    it just discarded; they depend on the view and the random numbers only."""
    k = aip.Pairs65Knowledge()
    checked = 0
    for state in _positions(4, 2, 60):
        seat = state.current_player
        view = state.view(seat)
        zero = {h: {c for c, p in odds.items() if p == 0.0}
                for h, odds in refusals(view).items()}
        if not any(zero.values()):
            continue
        win = ai.base.Window(state, seat)
        other = state.determinize(seat, random.Random(checked))
        twin = ai.base.Window(other, seat)
        for i in range(5):
            world = k.sample(win, random.Random(i))
            assert world.hands == k.sample(twin, random.Random(i)).hands
            for h, cards in zero.items():
                assert not cards & set(world.hands[h])
        checked += 1
    assert checked > 10
