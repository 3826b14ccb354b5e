"""αμ for Sixty-Six's closed stock: one plan for every world the searcher cannot tell
apart, checked against the exact solver and against a plain enumeration of plans."""

from __future__ import annotations

import itertools
import random

from cardtable import ai
from cardtable.ai import sixtysix as ai66
from cardtable.ai import sixtysix_alphamu as am
from cardtable.ai import sixtysix_rules as rules
from cardtable.ai.base import Window
from cardtable.engine import registry
from cardtable.engine.sixtysix import CLOSE, PLAY

SPEC = registry.get("sixtysix")


def closed_positions(count: int, seed: int):
    """Closed positions with a seat to move: medium play, the leader closing at a random
    trick, then a random number of medium moves."""
    rng = random.Random(seed)
    out = []
    k = 0
    while len(out) < count:
        state = SPEC.new_match(seed=seed * 1000 + k, options={"target": 1})
        k += 1
        close_at, played = rng.randrange(1, 5), 0
        while not state.score_sheet and not state.closed:
            legal = state.legal_actions()
            if CLOSE in legal and played >= close_at:
                state.apply(CLOSE)
                break
            state.apply(rules.medium_action(rules.Table.from_state(state)))
            played += 1
        for _ in range(rng.randrange(0, 5)):
            if state.score_sheet:
                break
            state.apply(rules.medium_action(rules.Table.from_state(state)))
        if state.closed and not state.score_sheet:
            out.append(state)
    return out


def test_one_world_is_the_exact_solver():
    """With a single world there is nothing to fuse: at every depth each candidate is
    worth what the exact solver makes of the deal after it (claims and marriages too)."""
    checked = 0
    for state in closed_positions(25, seed=3):
        seat = state.current_player
        cands = [a for a in state.legal_actions()]
        worth = ai66.deal_values(state.view(seat), seat)
        for depth in (1, 2, 3):
            values = am.root_fronts([state], seat, cands, worth, depth, {}, ai66._apply_plan)
            for a in cands:
                exact = worth[round(ai66._later_value(ai66._after(state, a), seat, 0))]
                assert values[a] == exact, (depth, a, state)
                checked += 1
    assert checked > 300


def test_pareto_keeps_only_the_undominated_vectors():
    front = am.pareto([(1, 0, 1), (1, 0, 0), (0, 1, 0), (1, 0, 1), (-1, -1, -1)])
    assert sorted(front) == [(0, 1, 0), (1, 0, 1)]
    assert am.pareto([]) == []


# ---------------------------------------------------------------- a stacked fusion
#: seat 0 leads first (seat 1 deals); hearts are trumps (KH turned up)
DECK = ["KC", "JC", "QD", "AS", "QS", "AC", "JD", "AH", "9D", "TD", "TC", "TS", "KH", "AD",
        "JS", "KS", "9S", "KD", "QH", "JH", "9H", "9C", "TH", "QC"]
MOVES = [PLAY["9D"], PLAY["TD"], PLAY["AS"], PLAY["AH"], CLOSE, PLAY["JC"], PLAY["AC"]]
#: two hands seat 1 cannot tell apart for seat 0 (the closer)
HANDS = (["9C", "KC", "QC", "QD", "QH"], ["9H", "JH", "KC", "QC", "QD"])


def stacked_worlds():
    state = SPEC.new_match(seed=1, first_dealer=1, stacked_deck=DECK, options={"target": 1})
    for move in MOVES:
        state.apply(move)
    assert state.closed and state.current_player == 1
    assert sorted(state.hands[1]) == ["9S", "AD", "QS", "TC", "TS"]
    worlds = []
    hidden = state.hands[0] + state.stock[:-1]
    for hand in HANDS:
        w = state.clone()
        w.hands[0] = list(hand)
        w.stock = sorted(c for c in hidden if c not in hand) + [state.stock[-1]]
        assert w.view(1) == state.view(1)  # the same for seat 1 in both
        worlds.append(w)
    return state, worlds


def _paths(state, seat):
    """Every way the opponent can play until ``seat`` moves again: (what seat saw, the
    state then)."""
    if state.score_sheet or state.current_player == seat:
        return [((), state)]
    out = []
    for a in state.legal_actions():
        if a.kind == "claim":
            continue
        after = ai66._after(state, a)
        out += [((a,) + seen, s) for seen, s in _paths(after, seat)]
    return out


def best_plan(worlds, seat, first, worth) -> float:
    """The best mean over the worlds of ``first`` and then one move chosen from what the
    seat has seen (the same move in every world it cannot tell apart), each world then
    solved exactly and each answered by the opponent's best reply there: every plan
    enumerated, by the engine, without αμ."""
    paths = [_paths(ai66._after(w, first), seat) for w in worlds]

    def value(state, move) -> float:
        if state.score_sheet:
            return worth[ai66.deal_value(state, seat, 0)]
        return worth[round(ai66._later_value(ai66._after(state, move), seat, 0))]

    # what the seat saw in one world only: its best move there, whatever the rest
    # (the world's minimum only grows with it); what it saw in both: every choice
    worlds_of = {}
    for k, ps in enumerate(paths):
        for s, _st in ps:
            worlds_of.setdefault(s, set()).add(k)
    shared = sorted((s for s, ks in worlds_of.items() if len(ks) > 1), key=repr)
    options = {s: next(st for ps in paths for s2, st in ps if s2 == s).legal_actions()
               or [None] for s in shared}
    alone = {(k, s): max(value(st, m) for m in st.legal_actions() or [None])
             for k, ps in enumerate(paths) for s, st in ps if s not in options}
    best = None
    for choice in itertools.product(*(options[s] for s in shared)):
        plan = dict(zip(shared, choice, strict=True))
        total = 0.0
        for k, ps in enumerate(paths):
            total += min(value(st, plan[s]) if s in plan else alone[k, s] for s, st in ps)
        best = total if best is None else max(best, total)
    return best / len(worlds)


def test_alphamu_finds_the_lead_that_wins_every_world_where_pimc_fuses():
    """Seat 1 defends a closed stock. Solved world by world (PIMC), leading the queen of
    spades wins both deals, as does the ten of clubs, so PIMC takes the first it tries.
    But after the queen seat 1 must guess its next card from what it has seen, and no
    guess wins both: αμ's depth 2 finds that, and leads the ten, which does."""
    state, worlds = stacked_worlds()
    seat = 1
    worth = ai66.deal_values(state.view(seat), seat)
    qs, tc = PLAY["QS"], PLAY["TC"]
    cands = [qs, tc] + [a for a in state.legal_actions() if a not in (qs, tc)]
    pimc = am.root_fronts(worlds, seat, cands, worth, 1, {}, ai66._apply_plan)
    alphamu = am.root_fronts(worlds, seat, cands, worth, 2, {}, ai66._apply_plan)
    assert pimc[qs] == pimc[tc] == 1.0             # fused: both win every world
    assert max(cands, key=lambda a: pimc[a]) == qs
    assert alphamu[tc] == 1.0 and alphamu[qs] == 0.0  # one plan: the queen wins one of two
    assert max(cands, key=lambda a: alphamu[a]) == tc
    # the enumeration of every plan agrees
    assert best_plan(worlds, seat, qs, worth) == alphamu[qs]
    assert best_plan(worlds, seat, tc, worth) == alphamu[tc]


def test_a_deeper_search_never_values_a_move_higher():
    """Each of the searcher's moves chosen once for the worlds it cannot tell apart can
    only lose what per-world choices won: depth 2 is at most depth 1, depth 3 at most 2."""
    rng = random.Random(4)
    for state in closed_positions(12, seed=9):
        seat = state.current_player
        win = Window(state, seat)
        worlds = [ai66.SixtySixKnowledge().sample(win, rng) for _ in range(6)]
        cands = list(win.legal)
        worth = ai66.deal_values(win.view, seat)
        tables: dict = {}
        v = {d: am.root_fronts(worlds, seat, cands, worth, d, tables, ai66._apply_plan)
             for d in (1, 2, 3)}
        for a in cands:
            assert v[3][a] <= v[2][a] + 1e-9 and v[2][a] <= v[1][a] + 1e-9


def test_hard_plays_the_closed_stock_by_alphamu_within_its_time():
    """Hard's move after a close is legal, and the search keeps to its budget (a clock
    the test turns: every reading moves it on)."""
    from cardtable.ai import clock

    ticks = [0.0]

    def tick():
        ticks[0] += 0.0005
        return ticks[0]

    previous = clock.use(tick)
    try:
        for state in closed_positions(8, seed=5):
            seat = state.current_player
            start = ticks[0]
            action = ai.make_bot("sixtysix", "hard", 3).choose(state, seat, 0.3)
            assert action in state.legal_actions()
            assert ticks[0] - start < 0.6
    finally:
        clock.use(previous)


def test_out_of_time_keeps_nothing_half_done():
    """Past its deadline the search raises, and the caller keeps its last whole answer."""
    state = closed_positions(1, seed=6)[0]
    seat = state.current_player
    worth = ai66.deal_values(state.view(seat), seat)
    cands = state.legal_actions()
    try:
        am.root_fronts([state, state], seat, cands, worth, 2, {}, ai66._apply_plan,
                       deadline=-1.0)
    except am.OutOfTime:
        return
    # a position whose every candidate ends the deal at once never reaches a leaf
    assert all(ai66._after(state, a).score_sheet for a in cands)


def test_the_narrow_window_settles_who_wins_as_the_full_one():
    """Where only who wins counts (a one-deal match) the solver's window 1 gives every
    later-play deal the sign the full search gives it, and the window is 4 otherwise."""
    one = ai66.deal_values({"options": {"target": 1}, "match_scores": [0, 0]}, 0)
    long = ai66.deal_values({"options": {"target": 10}, "match_scores": [0, 0]}, 0)
    assert am.window(one) == 1 and am.window(long) == 4
    checked = 0
    for state in closed_positions(30, seed=8):
        for seat in (0, 1):
            full = ai66.solve(state, seat)
            quick = ai66.solve(state, seat, window=1)
            assert (full > 0) == (quick > 0) and (full < 0) == (quick < 0), state
            assert one[max(-3, min(3, quick))] == one[full]
            checked += 1
    assert checked == 60
