"""Sixty-Six after a close: the sampled deals searched together as one plan."""

from __future__ import annotations

import random

from cardtable import ai
from cardtable.ai import sixtysix as ai66
from cardtable.ai import sixtysix_vector as vec
from cardtable.ai.base import Window
from cardtable.ai.sixtysix_solver import endgame_of, solve
from cardtable.engine import registry
from cardtable.engine.sixtysix import CLOSE, PLAY

SPEC = registry.get("sixtysix")
EVEN = {v: float(v) for v in range(-3, 4)}


def closed_states(count: int, seed: int = 0):
    """States of closed-stock play (a seat to act), reached by medium play that closes
    at random once the stock is low."""
    out = []
    for k in range(200):
        state = SPEC.new_match(seed=seed + k, options={"target": 1})
        rng = random.Random(seed + k)
        med = ai.make_bot("sixtysix", "medium", k)
        while not state.is_over and not state.score_sheet:
            seat = state.current_player
            if state.closed and rng.random() < 0.5:
                out.append(state.clone())
                if len(out) >= count:
                    return out
            if (not state.closed and state.stock and not state.trick
                    and CLOSE in state.legal_actions() and rng.random() < 0.3):
                state.apply(CLOSE)
                continue
            state.apply(med.choose(state, seat))
    return out


def worlds_of(state, n: int, seed: int = 0):
    seat = state.current_player
    know = ai66.SixtySixKnowledge()
    win = Window(state, seat)
    return [know.sample(win, random.Random(seed + k)) for k in range(n)]


def test_the_move_generator_agrees_with_the_engine_and_the_solver():
    """Each option's next position has the value the solver gives the engine's state
    after the same move."""
    checked = 0
    for state in closed_states(25):
        eg, _ = endgame_of(state)
        pos = vec.world_position(state)
        claim, options = vec.children(eg, pos)
        if claim is not None:
            continue
        for card, kid in options:
            after = state.clone()
            name = vec.DECK[card]
            other = ("Q" if name[0] == "K" else "K") + name[1]
            if (not state.trick and state.announced is None and name[0] in "KQ"
                    and other in state.hands[state.current_player]):
                after.apply(vec.MARRIAGE[name[1]])  # the solver announces it
                if after.score_sheet:
                    continue
            after.apply(PLAY[name])
            if isinstance(kid, int):
                assert after.score_sheet, name
                got = kid
            else:
                got = eg._v(*kid[:10], -4, 4, kid[10])
            if after.score_sheet:
                row = after.score_sheet[-1]["game_points"]
                want = row[0] - row[1]
            else:
                want = solve(after, 0)
            assert got == want, (state, name)
            checked += 1
    assert checked > 60


def test_one_plan_is_never_worth_more_than_a_plan_for_each_deal():
    """Depth 1 is PIMC (each deal solved with both hands open); deeper, the seat's own
    later moves are one for all deals, so no option gains, and depth 1 is the mean of
    the exact solves."""
    checked = 0
    for i, state in enumerate(closed_states(12, seed=50)):
        seat = state.current_player
        worlds = worlds_of(state, 10, seed=i)
        eg, _ = endgame_of(worlds[0])
        positions = [vec.world_position(w) for w in worlds]
        one = vec.VectorSearch(eg, seat, EVEN).root(positions, 1)
        two = vec.VectorSearch(eg, seat, EVEN).root(positions, 2)
        three = vec.VectorSearch(eg, seat, EVEN).root(positions, 3)
        assert one.keys() == two.keys() == three.keys()
        for card in one:
            assert three[card] <= two[card] + 1e-9 <= one[card] + 2e-9
        for card, value in one.items():
            if card < 0:
                continue
            exact = []
            for w in worlds:
                c = w.clone()
                name = vec.DECK[card]
                other = ("Q" if name[0] == "K" else "K") + name[1]
                if not c.trick and c.announced is None and name[0] in "KQ" and \
                        other in c.hands[seat]:
                    c.apply(vec.MARRIAGE[name[1]])
                if not c.score_sheet:
                    c.apply(PLAY[name])
                exact.append(ai66.deal_value(c, seat, 0) if c.score_sheet else solve(c, seat))
            assert abs(sum(exact) / len(exact) - value) < 1e-9
        checked += 1
    assert checked >= 10


def test_hard_plays_closed_stock_play_by_one_plan_and_stays_honest():
    for i, state in enumerate(closed_states(8, seed=90)):
        seat = state.current_player
        other = state.determinize(seat, random.Random(i))
        a1 = ai.make_bot("sixtysix", "hard", 3, iterations=6).choose(state, seat)
        bot = ai.make_bot("sixtysix", "hard", 3, iterations=6)
        a2 = bot.choose(other, seat)
        assert a1 == a2 and a1 in state.legal_actions()
        assert "one plan" in bot.last["reason"] or len(state.legal_actions()) == 1 \
            or bot.last["reason"].startswith("Claim")
