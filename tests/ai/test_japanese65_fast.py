"""The hard level's fast play-out agrees with the engine, and its exact end with plain
minimax on the engine's own states."""

from __future__ import annotations

import random

from cardtable.ai import japanese65 as aij
from cardtable.ai import japanese65_fast as fast
from cardtable.ai.search import alpha_beta_step
from cardtable.engine import registry
from tests.ai.test_bots import _brute_points as brute_points
from tests.ai.test_bots import japanese65_endgames


def _fast_from_state(state) -> fast.FastWorld:
    hands = [fast.mask_of(h) for h in state.hands]
    trick = [(s, fast.CODE[c]) for s, c in state.trick]
    return fast.FastWorld(hands, trick, state.turn, state.tricks_played,
                          list(state.deal_points()["points"]))


def test_fast_play_out_equals_the_engine():
    """Moves made on the engine and on the fast world alike (the play-out rule's, and a
    random legal card now and then) give the same legal cards, hands, tricks, turns and
    points after every move, and the same deal score."""
    spec = registry.get("japanese65")
    for seed in range(20):
        state = spec.new_match(seed=seed, options={"target": 1})
        rng = random.Random(seed)
        # start some deals part-way, after random moves
        for _ in range(seed % 7 * 4 + seed % 3):
            state.apply(rng.choice(state.legal_actions()))
        world = _fast_from_state(state)
        noise = 0.3 if seed % 2 else 0.0
        rule = random.Random(seed)
        while not state.score_sheet:
            legal = {a.card for a in state.legal_actions()}
            assert {fast.NAME[c] for c in fast.cards_of(world.legal())} == legal
            if rule.random() < noise:
                card = rule.choice(fast.cards_of(world.legal()))
            else:
                card = fast.policy(world, rng)
            assert fast.NAME[card] in legal
            state.apply(aij.PLAY[fast.NAME[card]])
            world.play(card)
            assert world.turn == state.turn or state.score_sheet
            if not state.score_sheet:
                assert world.hands == [fast.mask_of(h) for h in state.hands]
                assert world.points == state.deal_points()["points"]
        assert world.points == state.score_sheet[-1]["points"]
        assert world.played == 12


def test_exact_end_agrees_with_brute_force():
    for state in japanese65_endgames(30, 2, seed=3) + japanese65_endgames(8, 3, seed=4):
        side = state.current_player & 1
        world = _fast_from_state(state)
        assert fast.final_points(world, side) == brute_points(state, side)


# ------------------------------------------------------------------ a second solver
# A plain double-dummy search on card codes (the hard level's former endgame), kept here
# as an independent check of the bit-mask solver on ends too long for brute force.


def _side_points(state, side: int) -> int:
    cards = state.partner_cards[side] + state.piles[side]
    return 2 * state.tricks_won[side] + sum(aij.VALUE[c] for c in cards)


def _reference_lead(hands, trick, turn: int, tricks_left: int, side: int) -> int:
    """``side``'s lead in points over the other side from the rest of the deal, both
    sides playing their best with every hand open."""
    hands = [list(h) for h in hands]

    def gain(trick: list, last: bool) -> tuple[int, int]:
        w_seat, _ = aij._winner(trick)
        keep = sum(aij.VALUE[c] for s, c in trick if s == (w_seat + 2) % 4)
        give = sum(aij.VALUE[c] for s, c in trick if s != (w_seat + 2) % 4)
        return w_seat & 1, (3 if last else 2) + keep - give

    def search(trick: list, turn: int, left: int, alpha: int, beta: int) -> int:
        if len(trick) == 4:
            win_side, g = gain(trick, left == 1)
            value = g if win_side == side else -g
            if left == 1:
                return value
            return value + search([], aij._winner(trick)[0], left - 1, -999, 999)
        led = trick[0][1][1] if trick else None
        hand = hands[turn]
        same = [c for c in hand if led is not None and c[1] == led]
        maximise = (turn & 1) == side
        best = -999 if maximise else 999
        for c in list(same or hand):
            hand.remove(c)
            trick.append((turn, c))
            v = search(trick, (turn + 1) % 4, left, alpha, beta)
            trick.pop()
            hand.append(c)
            best, alpha, beta, cut = alpha_beta_step(maximise, v, best, alpha, beta)
            if cut:
                break
        return best

    return search([tuple(p) for p in trick], turn, tricks_left, -999, 999)


def test_exact_end_agrees_with_a_plain_search_on_longer_ends():
    """Five tricks, some with a trick begun (the former solver took cards around one
    lying in the trick in progress, e.g. 7C and TC after 8C was led, for equals: 30
    points instead of 32 in the second of these ends)."""
    for state in japanese65_endgames(6, 5, seed=5):
        side = state.current_player & 1
        lead = _side_points(state, side) - _side_points(state, 1 - side)
        left = 12 - state.tricks_played
        plain = (65 + lead + _reference_lead(state.hands, state.trick, state.turn, left,
                                             side)) // 2
        assert fast.final_points(_fast_from_state(state), side) == plain


def test_a_sampled_world_keeps_the_view():
    spec = registry.get("japanese65")
    state = spec.new_match(seed=9, options={"target": 1})
    rng = random.Random(1)
    for _ in range(19):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    view = state.view(seat)
    for k in range(20):
        world = aij.fast_world(view, random.Random(k))
        assert world.hands[seat] == fast.mask_of(view["hand"])
        assert world.turn == seat and world.played == view["tricks_played"]
        for s in range(4):
            assert bin(world.hands[s]).count("1") == view["hand_sizes"][s]
            for suit in view["voids"][s]:
                assert not world.hands[s] & fast.SUIT_MASK["SHDC".index(suit)]
        everything = 0
        for h in world.hands:
            assert not everything & h
            everything |= h
        assert everything == fast.mask_of([c for h in state.hands for c in h])


def test_the_pimc_exact_reference_value_is_the_brute_force_one():
    """The PIMC + exact reference's solver (japanese65.exact_value): the side's points minus
    the others' under best play with every hand open, from three tricks left, and nothing
    before."""
    for state in japanese65_endgames(12, aij.REFERENCE_EXACT_TRICKS, seed=6):
        seat = state.current_player
        assert aij.exact_value(state, seat) == 2 * brute_points(state, seat & 1) - 65
    for state in japanese65_endgames(3, aij.REFERENCE_EXACT_TRICKS + 1, seed=7):
        if not state.trick:
            assert aij.exact_value(state, state.current_player) is None
