"""Sixty-Six's light world (ai/sixtysix_world.py): the same deal as the engine's state move
by move, the same rules' decisions and exact values, the same sampled deals from the same
random numbers, and so the hard level's same choices as on engine states."""

from __future__ import annotations

import random

import pytest

from cardtable import ai
from cardtable.ai import search
from cardtable.ai import sixtysix as ai66
from cardtable.ai import sixtysix_world as lw
from cardtable.ai.base import Window
from cardtable.ai.sixtysix_infer import Reader
from cardtable.ai.sixtysix_rules import Table, medium_action
from cardtable.engine import registry

SPEC = registry.get("sixtysix")


def deals(count: int, seed: int, noise: float = 0.3, strict: bool = False):
    """States of deals in progress (a seat to act, the first deal not yet scored), from
    medium play with random legal moves mixed in (closes, marriages, claims)."""
    for k in range(count):
        state = SPEC.new_match(seed=seed + k, options={"target": 1,
                                                       "strict_later_play": strict})
        rng = random.Random(seed + k)
        med = ai.make_bot("sixtysix", "medium", k)
        while not state.is_over and not state.score_sheet:
            yield state, rng
            seat = state.current_player
            legal = state.legal_actions()
            moves = [a for a in legal if a.kind != "claim" or rng.random() < 0.1]
            state.apply(rng.choice(moves) if rng.random() < noise
                        else med.choose(state, seat))


def same_table(a: Table, b: Table) -> None:
    for name in Table.__slots__:
        x, y = getattr(a, name), getattr(b, name)
        if name in ("hand", "opp_known", "legal"):
            x, y = sorted(map(str, x)), sorted(map(str, y))
        assert x == y, name


def same_deal(world: lw.World, state) -> None:
    assert [sorted(h) for h in world.hands] == [sorted(h) for h in state.hands]
    assert world.stock == state.stock
    assert world.leader == state.leader
    assert world.lead == (state.trick[0] if state.trick else None)
    assert world.current_player == state.current_player
    assert world.tricks == state.tricks
    assert [world.points(s) for s in (0, 1)] == [state.points(s) for s in (0, 1)]
    assert world.marriage_points == state.marriage_points
    pend = [sum(m["points"] for m in state.marriages if m["seat"] == s and not m["scored"])
            for s in (0, 1)]
    assert world.pending == pend
    assert world.announced == state.announced
    assert [sorted(k) for k in world.known] == [sorted(k) for k in state.known]
    assert (world.closed, world.closer, world.coht) == (
        state.closed, state.closer, state.closer_opp_had_trick)


@pytest.mark.parametrize("strict", [False, True])
def test_the_light_world_plays_as_the_engine(strict):
    """Every move made on both (the rules' and random ones: marriages, exchanges, closes,
    right and wrong claims) leaves the same deal; while the stock is open the rules read the
    same table and offer the same moves; once it is gone or closed both solve to the same
    value; a deal that ends scores the same game points."""
    ended = solved = 0
    for state, rng in deals(40, seed=900, strict=strict):
        world = lw.World.of_state(state)
        same_deal(world, state)
        engine = state.clone()
        while not engine.score_sheet:
            if engine.closed or not engine.stock:
                for seat in (0, 1):
                    for window in (1, 4):
                        assert world.solve(seat, {}, window) == ai66.solve(
                            engine, seat, window=window)
                solved += 1
                break
            same_table(world.table(), Table.from_state(engine))
            assert set(world.legal_actions()) == set(engine.legal_actions())
            legal = engine.legal_actions()
            move = (rng.choice(legal) if rng.random() < 0.3
                    else medium_action(Table.from_state(engine)))
            engine.apply(move)
            world.apply(move)
            if engine.score_sheet:
                assert world.result == engine.score_sheet[0]["game_points"]
                ended += 1
            else:
                assert world.result is None
                same_deal(world, engine)
    assert ended > 20 and solved > 20


def test_a_closed_deal_played_to_its_end_scores_as_the_engine():
    """Moves in later play (the hard level's candidates after a close) down to the last
    trick: the same game points, the closer's made or failed close included."""
    ended = 0
    for state, rng in deals(60, seed=950, noise=0.5):
        if not state.closed:
            continue
        engine, world = state.clone(), lw.World.of_state(state)
        while not engine.score_sheet:
            move = rng.choice(engine.legal_actions())
            engine.apply(move)
            world.apply(move)
        assert world.result == engine.score_sheet[0]["game_points"]
        ended += 1
    assert ended > 50


def test_a_clone_is_independent():
    state = next(s for s, _ in deals(1, seed=5, noise=0.0))
    world = lw.World.of_state(state)
    copy = world.clone()
    copy.apply(copy.legal_actions()[0])
    copy.apply(copy.legal_actions()[0])
    same_deal(world, state)


def old_sample(win, rng, reader):
    return ai66.SixtySixKnowledge().sample(win, rng, reader)


def test_the_sampler_deals_the_engine_samplers_worlds():
    """From the same generator the light sampler deals the same hands and stock as the hard
    level's engine sampler (the opponent's lead read or not), and leaves the generator in
    the same state."""
    read = 0
    for i, (state, _) in enumerate(deals(25, seed=700, noise=0.2)):
        if not state.stock or i % 3:
            continue
        seat = state.current_player
        win = Window(state, seat)
        reader = Reader(win.view, seat)
        read += reader.informative
        sampler = lw.Sampler(win, ai66.redeal, ai66.keep_out, reader, ai66.DRAWS)
        r1, r2 = random.Random(i), random.Random(i)
        for _ in range(4):
            old, new = old_sample(win, r1, reader), sampler(r2)
            assert [sorted(h) for h in new.hands] == [sorted(h) for h in old.hands]
            assert new.stock == old.stock
            same_deal(new, old)
        assert r1.getstate() == r2.getstate()
    assert read > 5


def both_searches(win, seed: int, worlds: int):
    """The hard level's search of ``win`` over light worlds and over engine states."""
    view, seat = win.view, win.seat
    cands = [a for a in win.legal if a.kind != "claim"]
    worth = ai66.deal_values(view, seat)
    span = ai66.solve_window(worth)
    deal = len(view["score_sheet"])
    reader = Reader(view, seat)
    plans = ai66.close_plans(cands, view)
    new = search.flat_monte_carlo(
        plans, lw.Sampler(win, ai66.redeal, ai66.keep_out, reader, ai66.DRAWS),
        lambda w, r: worth[round(lw.open_value(w, seat, {}, span))],
        random.Random(seed), 0.0, worlds, apply=ai66._apply_plan)
    old = search.flat_monte_carlo(
        plans, lambda r: old_sample(win, r, reader),
        lambda w, r: worth[round(ai66._open_value(w, seat, deal, r, {}, span))],
        random.Random(seed), 0.0, worlds, apply=ai66._apply_plan)
    return new, old


def test_hard_chooses_as_on_engine_states():
    """With a fixed number of sampled deals the hard level's search over light worlds gives
    every candidate exactly the values the same search over engine states gave (the old
    play-out: engine clones, engine moves, the rules' table rebuilt from the state)."""
    checked = 0
    for i, (state, _) in enumerate(deals(30, seed=800, noise=0.2)):
        if not state.stock or i % 4 or state.closed and i % 8:
            continue
        win = Window(state, state.current_player)
        if len([a for a in win.legal if a.kind != "claim"]) < 2:
            continue
        new, old = both_searches(win, i, 12)
        assert new.stats == old.stats
        assert new.best == old.best
        checked += 1
    assert checked > 20


def brute(state, seat: int, deal: int) -> int:
    """The deal's value for ``seat`` by plain minimax over the engine's own moves (both
    seats claim as soon as they reach 66, as the solver assumes)."""
    if len(state.score_sheet) > deal:
        return ai66.deal_value(state, seat, deal)
    mover = state.current_player
    legal = state.legal_actions()
    if ai66.CLAIM in legal and state.points(mover) >= ai66.WIN_POINTS:
        legal = [ai66.CLAIM]
    values = []
    for a in legal:
        w = state.clone()
        w.apply(a)
        values.append(brute(w, seat, deal))
    return max(values) if mover == seat else min(values)


@pytest.mark.parametrize("strict", [False, True])
def test_the_solver_agrees_with_minimax_after_a_close(strict):
    """Closed deals of four cards a hand or fewer (marriages still to announce, failed and
    made closes): the solver's exact value, and its value within the window of one (the
    sign), from both seats, equal plain minimax over the engine."""
    checked = 0
    for state, _ in deals(80, seed=1200, noise=0.6, strict=strict):
        if not state.closed or len(state.hands[state.leader]) > 4 or state.trick:
            continue
        deal = len(state.score_sheet)
        world = lw.World.of_state(state)
        for seat in (0, 1):
            exact = brute(state, seat, deal)
            assert world.solve(seat, {}) == exact
            assert max(-1, min(1, world.solve(seat, {}, 1))) == max(-1, min(1, exact))
        checked += 1
    assert checked > 15
