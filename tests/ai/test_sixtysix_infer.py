"""Sixty-Six inference: the opponent's lead read by a softened model of the medium rules,
and the weights it puts on sampled deals (honest: the view only)."""

from __future__ import annotations

import random

from cardtable import ai
from cardtable.ai import sixtysix as ai66
from cardtable.ai import sixtysix_infer as inf
from cardtable.ai.base import Window
from cardtable.engine import registry

SPEC = registry.get("sixtysix")


def played_deals(count: int, seed: int = 0, noise: float = 0.2):
    """Deals of medium play (with some random moves), yielding every state with a seat to
    act."""
    for k in range(count):
        state = SPEC.new_match(seed=seed + k, options={"target": 1})
        rng = random.Random(seed + k)
        med = ai.make_bot("sixtysix", "medium", k)
        while not state.is_over and not state.score_sheet:
            yield state
            seat = state.current_player
            legal = state.legal_actions()
            plays = [a for a in legal if a.kind not in ("claim", "close")]
            state.apply(rng.choice(plays) if rng.random() < noise
                        else med.choose(state, seat))


def test_the_lead_likelihood_prefers_the_worlds_where_the_rules_lead_that_card():
    """Medium's own lead is the likeliest card of the hand it led from; over sampled worlds
    those where the rules would have led it weigh more than those where they would not."""
    more = less = 0.0
    n_more = n_less = 0
    checked = 0
    for state in played_deals(30, seed=300, noise=0.0):
        seat = state.current_player
        view = state.view(seat)
        if not (state.trick and state.stock and not state.closed):
            continue
        win = Window(state, seat)
        reader = inf.Reader(view, seat)
        lead = state.trick[0]
        if lead[0] in "KQ" and any(m["suit"] == lead[1] for m in view["marriages"]):
            assert not reader.reads_lead    # a marriage's half: no choice to read
            continue
        assert reader.reads_lead
        know = ai66.SixtySixKnowledge()
        weights = [reader.weight(know.sample(win, random.Random(k))) for k in range(8)]
        assert all(0 < w <= 1 for w in weights)
        t = inf.opponent_table(state, view, seat, lead)
        costs = inf.lead_costs(t, t.hand)
        assert costs[lead] == min(costs.values())
        for k in range(8):
            world = know.sample(win, random.Random(k))
            t = inf.opponent_table(world, view, seat, lead)
            costs = inf.lead_costs(t, t.hand)
            w = inf.lead_likelihood(world, view, seat)
            if costs[lead] == min(costs.values()):
                more, n_more = more + w, n_more + 1
            else:
                less, n_less = less + w, n_less + 1
        checked += 1
    assert checked > 30
    assert more / n_more > 1.5 * less / n_less


def test_inference_reads_the_view_only():
    """Two states alike but for the hidden cards: the same cues, the same worlds kept."""
    know = ai66.SixtySixKnowledge()
    checked = 0
    for i, state in enumerate(played_deals(20, seed=500)):
        if i % 3:
            continue
        seat = state.current_player
        other = state.determinize(seat, random.Random(i))
        view = state.view(seat)
        assert other.view(seat) == view
        ra, rb = inf.Reader(view, seat), inf.Reader(other.view(seat), seat)
        assert ra.reads_lead == rb.reads_lead
        wa = know.sample(Window(state, seat), random.Random(i), ra)
        wb = know.sample(Window(other, seat), random.Random(i), rb)
        assert wa.hands == wb.hands and wa.stock == wb.stock
        checked += 1
    assert checked > 30


def test_hard_and_expert_reading_the_play_stay_honest():
    """States with a history to read (medium's deals): hard and expert decide the same
    whatever the hidden cards, and the reader had something to say in many of them."""
    read = 0
    for i, state in enumerate(played_deals(12, seed=900)):
        if i % 4:
            continue
        seat = state.current_player
        other = state.determinize(seat, random.Random(i))
        assert other.view(seat) == state.view(seat)
        read += inf.Reader(state.view(seat), seat).informative
        for level in ("hard", "expert"):
            a1 = ai.make_bot("sixtysix", level, 5, iterations=3).choose(state, seat)
            a2 = ai.make_bot("sixtysix", level, 5, iterations=3).choose(other, seat)
            assert a1 == a2, (level, state)
    assert read > 10
