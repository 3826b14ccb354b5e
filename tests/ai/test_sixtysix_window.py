"""Sixty-Six's hard level solves a sampled deal only as far as the result matters: where
only who wins counts, the solver's narrow window (ai/sixtysix.py solve_window)."""

from __future__ import annotations

import random

from cardtable.ai import sixtysix as ai66
from cardtable.ai import sixtysix_rules as rules
from cardtable.engine import registry
from cardtable.engine.sixtysix import CLOSE

SPEC = registry.get("sixtysix")


def later_positions(count: int, seed: int):
    """Positions with the stock closed or gone: medium play, the leader closing at a
    random trick in half of the deals."""
    rng = random.Random(seed)
    out = []
    k = 0
    while len(out) < count:
        state = SPEC.new_match(seed=seed * 1000 + k, options={"target": 1})
        closes = rng.random() < 0.5
        close_at = rng.randrange(1, 5)
        k += 1
        played = 0
        while not state.score_sheet and not state.closed and state.stock:
            if closes and CLOSE in state.legal_actions() and played >= close_at:
                state.apply(CLOSE)
                break
            state.apply(rules.medium_action(rules.Table.from_state(state)))
            played += 1
        for _ in range(rng.randrange(0, 4)):
            if state.score_sheet:
                break
            state.apply(rules.medium_action(rules.Table.from_state(state)))
        if not state.score_sheet:
            out.append(state)
    return out


def test_the_window_is_narrow_only_where_only_who_wins_counts():
    def worth(target, scores):
        return ai66.deal_values({"options": {"target": target}, "match_scores": scores}, 0)

    assert ai66.solve_window(worth(1, [0, 0])) == 1       # a one-deal match
    assert ai66.solve_window(worth(10, [0, 0])) == 4      # a long match: 1, 2, 3 differ
    assert ai66.solve_window(worth(3, [2, 2])) == 1       # its last deal either way


def test_the_narrow_window_settles_who_wins_as_the_full_one():
    """Window 1 gives every later-play deal the sign the full search gives it, so the deal
    is worth the same in a one-deal match; the full window is the exact value."""
    one = ai66.deal_values({"options": {"target": 1}, "match_scores": [0, 0]}, 0)
    checked = closed = 0
    for state in later_positions(40, seed=8):
        closed += state.closed
        for seat in (0, 1):
            full = ai66.solve(state, seat)
            quick = ai66.solve(state, seat, window=1)
            assert (full > 0) == (quick > 0) and (full < 0) == (quick < 0), state
            assert one[max(-3, min(3, quick))] == one[full]
            assert ai66.solve(state, seat, window=4) == full
            checked += 1
    assert checked == 80 and 5 <= closed <= 35
