"""pairs65's fast play-out (ai/pairs65_playout.py), as the hard level's search uses it."""

from __future__ import annotations

import random

from cardtable.ai import pairs65 as aip
from cardtable.ai.base import Window
from cardtable.ai.pairs65_playout import _fast_play_to_end
from cardtable.engine import registry
from tests.ai.test_bots import random_states


def _positions(count: int, seed: int):
    """Positions reached by random legal play, two to four players, with a seat to act."""
    per = count // 3 + 1
    mixed = [state for players in (2, 3, 4)
             for state in random_states("pairs65", per, seed * 10 + players, players)]
    return random.Random(seed).sample(mixed, count)


def _snapshot(world) -> tuple:
    return (
        [list(h) for h in world.hands], list(world.draw_pile), list(world.discard_pile),
        [[list(p) for p in laid] for laid in world.pairs], dict(world.known), world.turn,
        world.phase, world.swap and dict(world.swap), world.turns_without_pair,
    )


def test_a_move_played_first_by_the_fast_play_out_is_the_engine_s_move():
    """Starting the fast play-out with a take, a swap, a give or a discard gives the same
    result as the engine playing that move and the fast play-out going on from there, and
    leaves the sampled world as it was (every candidate starts from the same one)."""
    k = aip.Pairs65Knowledge()
    kinds = set()
    compared = 0
    for i, state in enumerate(_positions(80, seed=5)):
        win = Window(state, state.current_player)
        for action in win.legal:
            if action.kind not in aip._FAST_FIRST:
                continue
            world = k.sample(win, random.Random(i))
            if len(world.draw_pile) < 2:
                continue  # a reshuffle would draw from the engine's numbers
            moved = world.clone()
            moved.apply(action)
            if moved.score_sheet:
                continue
            before = _snapshot(world)
            expected = _fast_play_to_end(moved, win.seat, random.Random(3))
            got = _fast_play_to_end(world, win.seat, random.Random(3), action)
            assert got == expected, (action, i)
            assert _snapshot(world) == before
            kinds.add(action.kind)
            compared += 1
    assert kinds == {"draw", "swap", "give", "discard"}
    assert compared >= 200


def test_a_forced_discard_changes_the_play_out():
    """The forced first move is played, not the rules' own: some discard other than the
    rules' choice turns out differently (the test fails if ``first`` were ignored)."""
    k = aip.Pairs65Knowledge()
    differs = 0
    for i, state in enumerate(_positions(40, seed=9)):
        if state.phase != "play":
            continue
        win = Window(state, state.current_player)
        discards = [a for a in win.legal if a.kind == "discard"]
        if len(discards) < 2:
            continue
        world = k.sample(win, random.Random(i))
        values = {_fast_play_to_end(world, win.seat, random.Random(1), a)
                  for a in discards}
        differs += len(values) > 1
    assert differs >= 3


def test_the_hard_level_never_gives_half_of_a_pair_it_holds():
    """The second player's first hand often holds a pair (it has not played yet): asked
    for a card by a swap at the first move, the hard level gives a card that pairs with
    nothing it keeps (it gave half of its pair in 36 of 51 such deals before
    ``HELD_PARTNER``)."""
    from cardtable.engine.pairs65 import PARTNERS, SWAP

    spec = registry.get("pairs65")
    k = aip.Pairs65Knowledge()
    held = 0
    for g in range(30):
        state = spec.new_match(players=2, seed=90000 + g, first_dealer=1)
        first = state.current_player
        state.apply(SWAP[1 - first, state.hands[first][0]])
        seat = 1 - first
        hand = state.hands[seat]
        if not any(p in hand for c in hand for p in PARTNERS[c]):
            continue
        held += 1
        action, _ = k.hard(Window(state, seat), random.Random(g), 0, 40)
        assert action.kind == "give"
        kept = [c for c in hand if c != action.card]
        assert not any(p in kept for p in PARTNERS[action.card]), (g, action, hand)
        rules = aip.hard_action(aip.Table.from_state(state))
        assert not any(p in kept for p in PARTNERS[rules.card])
    assert held >= 15
