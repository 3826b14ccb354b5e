"""japanese65's inference: the history read back from a view, the plays' likelihood, the
weights, and its honesty (the same view and random numbers give the same weighed deals)."""

from __future__ import annotations

import math
import random

from cardtable.ai import japanese65 as aij
from cardtable.ai import japanese65_infer as infer
from cardtable.engine import registry


def _played_deals(count: int, seed: int):
    """(state, true finished tricks) at every decision of ``count`` deals of random play."""
    spec = registry.get("japanese65")
    out = []
    for k in range(count):
        state = spec.new_match(seed=seed + k, options={"target": 1}, first_dealer=k % 4)
        rng = random.Random(seed + k)
        tricks: list = []
        current: list = []
        while not state.score_sheet:
            out.append((state.clone(), [list(t) for t in tricks]))
            seat = state.current_player
            action = rng.choice(state.legal_actions())
            state.apply(action)
            current.append((seat, action.card))
            if len(current) == 4:
                tricks.append(current)
                current = []
    return out


def test_the_true_history_is_always_found_and_a_single_one_is_the_truth():
    ambiguous = 0
    for state, truth in _played_deals(12, 5):
        view = state.view(state.current_player)
        found = infer.histories(view, most=50)
        assert truth in found
        ambiguous += len(found) > 1
        if len(found) == 1:
            assert found[0] == truth
    assert ambiguous  # random play leaves some histories open: the agreement rule is used


def test_plays_seen_are_the_others_true_plays_in_order():
    for state, truth in _played_deals(6, 40):
        view = state.view(state.current_player)
        seat = view["seat"]
        plays = infer.plays_seen(view)
        found = infer.histories(view)
        tricks = truth + [[(s, c) for s, c in view["trick"]]]
        expected = [(n, s, c) for n, t in enumerate(tricks) for s, c in t if s != seat]
        got = [(n, s, c) for n, s, c, *_ in plays]
        if len(found) == 1:
            assert got == expected
        else:
            assert got == expected[:len(got)]  # a prefix the histories agree on
        played: set = set()
        for n, s, c, before, seen, voids in plays:
            assert c not in seen and set(c for _, c in before) <= seen
            assert all(x not in v for x, v in zip("SHDC", voids, strict=False)) or voids
            played.add(c)


def test_a_history_breaking_the_rules_is_refused():
    """A view whose voids say a seat showed out of a suit it played in the last trick fits
    no order of the tricks, and then no play is read from it."""
    for state, truth in _played_deals(3, 70):
        if len(truth) < 3 or state.trick:
            continue
        view = state.view(state.current_player)
        seat, card = truth[-1][1]
        view = dict(view, voids=[list(v) for v in view["voids"]])
        view["voids"][seat] = sorted(set(view["voids"][seat]) | {card[1]})
        assert infer.histories(view) == []
        assert infer.plays_seen(view) == []
        return
    raise AssertionError("no position to test")


def test_the_likelihood_is_the_softened_model():
    """Seat 1 led the 3 of hearts and seat 2, the searcher's partner, played the jack: its
    log-probability is the softmax of the model's scores of its hearts then, so a hand
    where the model would have chosen the jack makes the play likelier than one where it
    would not; a play without a choice says nothing."""
    before = ((1, "3H"),)
    plays = [(0, 2, "JH", before, frozenset({"3H"}), ((), (), (), ()))]
    ranked = []
    for extra in (["QH"], ["AH"], ["KH", "QH"], ["TH"], ["5H", "6H"], ["9H", "AH"]):
        then = sorted(extra + ["JH", "7C", "8D"])
        scores = aij.model_scores(2, then, list(before), frozenset({"3H"}),
                                  [[], [], [], []], 0)
        top = max(scores.values())
        t = infer.PARTNER_TEMPERATURE
        expected = ((scores["JH"] - top) / t
                    - math.log(sum(math.exp((v - top) / t) for v in scores.values())))
        hands = {1: ["4C"], 2: extra + ["7C", "8D"], 3: ["5C"]}
        got = infer.log_likelihood(plays, hands, 0, aij.model_scores, {})
        assert math.isclose(got, expected)
        ranked.append((scores["JH"] == top, got))
    chosen = [ll for top, ll in ranked if top]
    other = [ll for top, ll in ranked if not top]
    assert chosen and other and min(chosen) > max(other)
    forced = {1: ["4C"], 2: ["7C", "8D"], 3: ["5C"]}  # the jack was its only heart
    assert infer.log_likelihood(plays, forced, 0, aij.model_scores, {}) == 0.0


def test_the_true_deal_is_likelier_than_a_sampled_one_when_the_model_played():
    """Deals played by the medium rules at every seat (the model itself): the hands as they
    truly lie explain the plays seen better, on average, than deals sampled from the view."""
    spec = registry.get("japanese65")
    gap = []
    for seed in range(6):
        state = spec.new_match(seed=seed, options={"target": 1})
        while state.tricks_played < 4 + seed % 4:
            table = aij.Table.from_state(state)
            state.apply(aij.PLAY[aij.medium_card(table)])
        view = state.view(state.current_player)
        likelihood = infer.Likelihood(view, aij.model_scores)
        assert likelihood.plays
        truth = aij.fast.FastWorld([aij.fast.mask_of(h) for h in state.hands], [], 0, 0,
                                   [0, 0])
        rng = random.Random(seed)
        sampled = [likelihood(aij.fast_world(view, rng)) for _ in range(30)]
        gap.append(likelihood(truth) - sum(sampled) / len(sampled))
    assert sum(gap) / len(gap) > 1.0 and sum(g > 0 for g in gap) >= 5


def test_likelihoods_depend_on_the_view_and_the_rng_only():
    spec = registry.get("japanese65")
    checked = 0
    for seed in range(6):
        state = spec.new_match(seed=seed, options={"target": 1})
        rng = random.Random(seed)
        for _ in range(9 + seed * 3):
            state.apply(rng.choice(state.legal_actions()))
        seat = state.current_player
        other = state.determinize(seat, random.Random(seed))
        assert other.hands != state.hands
        found = []
        for s in (state, other):
            view = s.view(seat)
            likelihood = infer.Likelihood(view, aij.model_scores)
            r = random.Random(3)
            worlds = [aij.fast_world(view, r) for _ in range(12)]
            found.append(([w.hands for w in worlds], [likelihood(w) for w in worlds]))
        assert found[0] == found[1]
        assert len(set(found[0][1])) > 1  # the plays seen tell these deals apart
        checked += 1
    assert checked
