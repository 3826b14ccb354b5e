"""Determinised search shared by every game: flat Monte Carlo over sampled deals.

The hard level asks: "if the hidden cards lay like this, how would each of my moves
turn out?" for as many sampled deals as the time budget allows. Each sampled deal
(a *world*) comes from the seat's own window (``Window.sample``), so the search
knows nothing the seat does not. In every world each candidate move is applied to
a copy and played out by a fast policy (the game's medium rules, not random play),
and the outcome is scored from the seat's side. All candidates meet the same worlds
and the same play-out random numbers (common random numbers), so their differences
are measured with little noise; candidates that are clearly worse than the best are
dropped as evidence accumulates (successive elimination).

With ``iterations`` the number of worlds is fixed and the time budget ignored, which
makes the result a pure function of the window and the RNG (tests rely on it).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from cardtable.ai import clock
from cardtable.engine.core import Action, GameState

Sampler = Callable[[random.Random], GameState]
Rollout = Callable[[GameState, random.Random], float]

#: worlds each candidate must see before it can be dropped
MIN_WORLDS_TO_DROP = 6
#: how many standard errors worse than the best a candidate must be to be dropped
DROP_Z = 2.5


@dataclass
class SearchResult:
    best: Action
    worlds: int
    #: per candidate: (mean value, number of worlds), in the order given
    stats: dict[Action, tuple[float, int]] = field(default_factory=dict)
    seconds: float = 0.0


def flat_monte_carlo(
    candidates: Sequence[Action],
    sample: Sampler,
    rollout: Rollout,
    rng: random.Random,
    budget_s: float,
    iterations: int | None = None,
    cooperative: bool = False,
    max_worlds: int = 100_000,
    apply: Callable[[GameState, object], None] | None = None,
) -> SearchResult:
    """Pick the candidate with the best mean play-out value over sampled worlds.

    ``sample(rng)`` returns a fresh world; ``rollout(world, rng)`` plays it out after the
    candidate has been applied and returns the value for the searching seat. Candidate
    order breaks exact ties (put the preferred move first). ``apply(world, candidate)``
    applies a candidate that is more than one move (a plan); by default a candidate is
    one action.
    """
    start = clock.now()
    cands = list(candidates)
    if len(cands) == 1:
        return SearchResult(cands[0], 0, {cands[0]: (0.0, 0)}, 0.0)
    deadline = start + budget_s
    limit = max_worlds if iterations is None else max(1, iterations)
    active = list(range(len(cands)))
    values: list[list[float]] = [[] for _ in cands]
    worlds = 0
    world_cost = 0.0
    while worlds < limit:
        if iterations is None and worlds:
            now = clock.now()
            # stop unless another whole world fits in the budget
            if now + world_cost * len(active) > deadline:
                break
            if len(active) == 1:
                break  # every other move was ruled out: more worlds cannot change the choice
        t0 = clock.now()
        world = sample(rng)
        roll_seed = rng.getrandbits(64)
        for i in active:
            w = world.clone()
            if apply is None:
                w.apply(cands[i])
            else:
                apply(w, cands[i])
            values[i].append(rollout(w, random.Random(roll_seed)))
        worlds += 1
        spent = (clock.now() - t0) / len(active)
        world_cost = spent if worlds == 1 else 0.7 * world_cost + 0.3 * spent
        if worlds >= MIN_WORLDS_TO_DROP and len(active) > 1:
            active = _eliminate(active, values, worlds)
        if cooperative:
            time.sleep(0)
    stats = {}
    for i, a in enumerate(cands):
        vs = values[i]
        stats[a] = (sum(vs) / len(vs) if vs else float("-inf"), len(vs))
    best_i = max(active, key=lambda i: (stats[cands[i]][0], -i))
    return SearchResult(cands[best_i], worlds, stats, clock.now() - start)


def _eliminate(active: list[int], values: list[list[float]], worlds: int) -> list[int]:
    """Drop candidates clearly worse than the leader, by paired differences."""
    n = worlds
    means = {i: sum(values[i][-n:]) / n for i in active if len(values[i]) == n}
    if len(means) < 2:
        return active
    lead = max(means, key=lambda i: means[i])
    lv = values[lead]
    keep = []
    for i in active:
        if i == lead or i not in means:
            keep.append(i)
            continue
        diffs = [a - b for a, b in zip(lv, values[i], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        se = math.sqrt(var / n)
        if mean > DROP_Z * se and mean > 1e-9:
            continue
        keep.append(i)
    return keep


def play_out(
    state: GameState,
    policy: Callable[[GameState, random.Random], Action],
    rng: random.Random,
    max_moves: int = 10_000,
) -> int:
    """Play ``policy`` moves until the deal in progress is scored (or the match ends).

    Returns the index into ``state.score_sheet`` of the deal that was in progress.
    """
    deal = len(state.score_sheet)
    moves = 0
    while not state.over and len(state.score_sheet) == deal and moves < max_moves:
        state.apply(policy(state, rng))
        moves += 1
    return deal


def alpha_beta_step(maximise: bool, v: float, best: float, alpha: float, beta: float):
    """One child's value ``v`` taken into an alpha-beta node: the new best, alpha and beta,
    and whether the remaining children are cut off."""
    if maximise:
        best = max(best, v)
        alpha = max(alpha, best)
    else:
        best = min(best, v)
        beta = min(beta, best)
    return best, alpha, beta, alpha >= beta
