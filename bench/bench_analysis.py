"""The review's analysis: seconds to judge every decision of a person in one deal.

Goals (issue 15): a whole Sixty-Six deal in at most 5 s, a japanese65 deal in at most
20 s on the reference machine (two cores). Each deal is played by medium computers, seat
0 standing for the person; its record is then analysed with the default (reproducible)
number of sampled deals per decision, in this process one decision after another
(``analyse``), and once through ``AnalysisJob`` (worker processes, start-up included).

`python -m bench analysis` runs it; `python -m bench.bench_analysis --quick` analyses
fewer deals.
"""

from __future__ import annotations

import statistics
import sys
import threading
import time

from cardtable import ai
from cardtable.ai import analysis
from cardtable.engine import registry

#: seconds allowed for one deal's analysis, per game
GOALS = {"sixtysix": 5.0, "japanese65": 20.0}
DEALS = 6


def deal_record(game_id: str, seed: int) -> dict:
    """The record of the first deal of a match of medium computers, seat 0 the person."""
    spec = registry.get(game_id)
    state = spec.new_match(seed=seed)
    start = state.to_json()
    bots = {s: ai.make_bot(game_id, "medium", seed + s) for s in range(state.n_players)}
    moves = []
    while not state.score_sheet:
        seat = state.current_player
        action = bots[seat].choose(state, seat)
        moves.append([seat, action.to_json()])
        state.apply(action)
    return {"version": 1, "game": game_id, "options": state.options,
            "names": [f"Player {s + 1}" for s in range(state.n_players)], "humans": [0],
            "start": start, "moves": moves, "deal": 1, "code": None,
            "when": "2026-01-01T00:00:00"}


def job_seconds(record: dict) -> float:
    finished = threading.Event()
    start = time.perf_counter()
    job = analysis.AnalysisJob(record, on_change=lambda: job.done() and finished.set())
    finished.wait(120)
    if not job.done():
        job.cancel()
    return time.perf_counter() - start


def main(quick: bool = False) -> None:
    deals = 2 if quick else DEALS
    for game_id, goal in GOALS.items():
        times, counts = [], []
        for k in range(deals):
            record = deal_record(game_id, 100 + k)
            t0 = time.perf_counter()
            result = analysis.analyse(record)
            times.append(time.perf_counter() - t0)
            counts.append(len(result.judgements))
        worst = max(times)
        verdict = "ok" if worst <= goal else "OVER GOAL"
        print(f"   {game_id:11} {deals} deals, {statistics.mean(counts):.1f} decisions each: "
              f"median {statistics.median(times):.2f} s, worst {worst:.2f} s in this "
              f"process (goal <= {goal:.0f} s) {verdict}", flush=True)
        job = job_seconds(deal_record(game_id, 100))
        print(f"   {'':11} the same first deal as a background job (worker processes, "
              f"start-up included): {job:.2f} s", flush=True)


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])
