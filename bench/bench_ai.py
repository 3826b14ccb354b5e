"""Computer players' think time per decision, per game and level: median and p95.

Goals (ARCHITECTURE.md, issue 6): hard median <= 0.5 s and p95 <= 1.0 s (default budget),
medium p95 <= 50 ms, easy p95 <= 5 ms. One seat plays at the measured level, the others
at medium; only the measured seat's decisions are timed, with its default budget.

`python -m bench ai` runs it; `python -m bench.bench_ai --quick` takes fewer decisions.
"""

from __future__ import annotations

import statistics
import sys
import time

from cardtable import ai
from cardtable.engine import registry

from .stats import percentile

#: decisions to time per game and level
DECISIONS = {"easy": 1000, "medium": 1000, "hard": 40}
GOALS = {"easy": (None, 0.005), "medium": (None, 0.050), "hard": (0.5, 1.0)}
#: player counts (the busiest tables of the rummies are timed too)
PLAYERS = {"rummy65": (4, 8), "quebec65": (4, 8), "pairs65": (2, 4)}


def think_times(game_id: str, level: str, players: int, decisions: int, seed: int = 1) -> list:
    spec = registry.get(game_id)
    times: list[float] = []
    match = 0
    while len(times) < decisions:
        state = spec.new_match(players=players, seed=seed * 1000 + match)
        measured = match % players
        bots = {s: ai.make_bot(game_id, level if s == measured else "medium", seed + s)
                for s in range(players)}
        match += 1
        while not state.is_over and len(times) < decisions:
            seat = state.current_player
            t0 = time.perf_counter()
            action = bots[seat].choose(state, seat)
            if seat == measured:
                times.append(time.perf_counter() - t0)
            state.apply(action)
    return times


def verdict(level: str, median: float, p95: float) -> str:
    goal_median, goal_p95 = GOALS[level]
    ok = p95 <= goal_p95 and (goal_median is None or median <= goal_median)
    return "ok" if ok else "OVER GOAL"


def main(quick: bool = False) -> None:
    for spec in registry.specs():
        for players in PLAYERS.get(spec.id, (spec.min_players,)):
            for level in ai.LEVELS:
                n = DECISIONS[level] // (5 if quick else 1)
                times = think_times(spec.id, level, players, n)
                med, p95 = statistics.median(times), percentile(times, 95)
                print(
                    f"{spec.id:11} {players}p {level:6}  median {med * 1000:8.2f} ms  "
                    f"p95 {p95 * 1000:8.2f} ms  max {max(times) * 1000:8.2f} ms  "
                    f"({len(times)} decisions)  {verdict(level, med, p95)}",
                    flush=True,
                )


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])
