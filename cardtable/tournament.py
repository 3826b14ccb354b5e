"""Bot against bot: seat-rotated, mirrored matches with confidence intervals.

    cardtable tournament --game sixtysix --a hard --b medium --matches 40 --seed 1 --jobs 2

Matches come in mirrored pairs: both matches of a pair use the same seed (so the same
deals) and the same first dealer, with the two levels' seats swapped. The first dealer
rotates from pair to pair. Level A sits in the even seats (0, 2, ...) of the first match
of a pair and in the odd seats of its mirror; in japanese65 that makes A and B the two
partnerships.

Reported: A's win rate (a shared win counts half) with a 95% Wilson interval; the mean
match score difference A - B with a 95% interval (computed over mirrored pairs, the
independent units); the mean per-deal difference (japanese65 deal points, sixtysix game
points, pairs65 pairs laid, the rummies' hand scores) with its interval; and each
level's decision times. Progress goes to stderr; the last line of stdout is
``RESULT key=value ...`` (or a JSON object with ``--json``).
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time
from collections.abc import Callable
from concurrent import futures

from cardtable.ai import make_bot
from cardtable.ai.base import ALL_LEVELS
from cardtable.ai.reference import REFERENCES, is_reference, plays, reference_player
from cardtable.ai.worker import process_pool
from cardtable.engine import registry
from cardtable.engine.core import DealResult

#: games where a lower score is better
Z95 = 1.959964


# --------------------------------------------------------------------------- statistics


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (successes may count halves)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): the mean with a normal-approximation 95% interval."""
    if not values:
        return 0.0, 0.0, 0.0
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, m, m
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return m, m - half, m + half


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, math.ceil(q / 100 * len(ordered)) - 1))
    return ordered[k]


# --------------------------------------------------------------------------- one match


#: a match still unfinished after this many moves stops where it is, as if cut short
#: by ``deals`` (two rummy players who only ever take the discard never end a deal)
MAX_MOVES = 20_000

#: every name a tournament accepts for A or B
PLAYERS = ALL_LEVELS + tuple(REFERENCES)


def make_player(game_id: str, level: str, seed: int):
    """A level's bot or a reference player: anything with ``choose(state, seat, budget)``."""
    if is_reference(level):
        return reference_player(game_id, level, seed)
    return make_bot(game_id, level, seed)


def check_player(game_id: str, level: str) -> None:
    if level not in PLAYERS:
        raise ValueError(f"unknown level {level!r}; levels are {', '.join(PLAYERS)}")
    if is_reference(level) and not plays(level, game_id):
        raise ValueError(f"the {level} reference does not play {game_id}")


def deal_difference(result: DealResult, a_seats: list[int], b_seats: list[int]) -> float:
    """One deal's difference A - B in the game's unit (its spec's ``measure_unit``)."""
    a = statistics.fmean(result.measure[s] for s in a_seats)
    b = statistics.fmean(result.measure[s] for s in b_seats)
    return a - b


def _mean_of(values, seats: list[int]) -> float:
    return statistics.fmean(values[s] for s in seats)


def play_match(
    game_id: str,
    level_a: str,
    level_b: str,
    seed: int,
    players: int,
    a_even: bool,
    first_dealer: int,
    budget: float | None,
    options: dict | None,
    index: int,
    deals: int | None = None,
    first_deal: int = 1,
) -> dict:
    """Play one match; A sits in the even seats when ``a_even``.

    ``first_deal`` starts the match at a later deal (the rummies' hands grow: hand 6 of
    rummy65 deals eight cards each).

    With ``deals`` the match stops after that many deals (if it has not ended before):
    the side ahead on the match score then counts as the winner, a level score as shared.
    So does a match that reaches :data:`MAX_MOVES` (``stalled`` in the result).
    """
    spec = registry.get(game_id)
    state = spec.new_match(players=players, seed=seed, options=options, first_dealer=first_dealer,
                           first_deal=first_deal)
    even = [s for s in range(players) if s % 2 == 0]
    odd = [s for s in range(players) if s % 2 == 1]
    a_seats, b_seats = (even, odd) if a_even else (odd, even)
    levels = {s: level_a for s in a_seats} | {s: level_b for s in b_seats}
    bots = {s: make_player(game_id, levels[s], seed * 7919 + index * 31 + s)
            for s in range(players)}
    times: dict[str, list[float]] = {"a": [], "b": []}
    start = time.perf_counter()
    moves = 0
    while not state.is_over and (deals is None or len(state.score_sheet) < deals):
        if moves >= MAX_MOVES:
            break
        seat = state.current_player
        t0 = time.perf_counter()
        action = bots[seat].choose(state, seat, budget)
        times["a" if seat in a_seats else "b"].append(time.perf_counter() - t0)
        state.apply(action)
        moves += 1
    ms = state.match_scores
    diff = statistics.fmean(ms[s] for s in a_seats) - statistics.fmean(ms[s] for s in b_seats)
    if state.is_over:
        winners = set(state.winners)
        a_won = bool(winners & set(a_seats))
        b_won = bool(winners & set(b_seats))
    else:
        ahead = -diff if spec.lower_wins else diff
        a_won, b_won = ahead >= 0, ahead <= 0
    win = 0.5 if a_won and b_won else (1.0 if a_won else 0.0)
    results = state.deal_results()
    deals = [deal_difference(result, a_seats, b_seats) for result in results]
    changes = [_mean_of(r.change, a_seats) - _mean_of(r.change, b_seats) for r in results]
    return {
        "index": index,
        "seed": seed,
        "a_seats": a_seats,
        "win": win,
        "score_diff": diff,
        "deal_diffs": deals,
        "change_diffs": changes,
        "moves": moves,
        "stalled": moves >= MAX_MOVES,
        "seconds": time.perf_counter() - start,
        "times": times,
    }


def _play_match_args(args: tuple) -> dict:
    return play_match(*args)


# --------------------------------------------------------------------------- the tournament


def run(
    game_id: str,
    level_a: str,
    level_b: str,
    matches: int,
    seed: int = 1,
    players: int | None = None,
    jobs: int = 1,
    budget: float | None = 0.3,
    options: dict | None = None,
    progress: Callable[[str], None] | None = None,
    deals: int | None = None,
    first_deal: int = 1,
) -> dict:
    """Play ``matches`` matches (rounded up to whole mirrored pairs); return the summary.

    ``deals`` cuts every match short after that many deals (see :func:`play_match`)."""
    spec = registry.get(game_id)
    for level in (level_a, level_b):
        check_player(spec.id, level)
    players = spec.min_players if players is None else players
    if not spec.min_players <= players <= spec.max_players:
        raise ValueError(f"{spec.name} is played by {spec.min_players}-{spec.max_players}")
    # a bad option or first deal is refused here, once, before any match or worker starts
    spec.new_match(players=players, seed=0, options=options, first_deal=first_deal)
    pairs = max(1, (matches + 1) // 2)
    tasks = []
    for p in range(pairs):
        match_seed = seed * 100_003 + p
        dealer = p % players
        for mirror in (0, 1):
            tasks.append((game_id, level_a, level_b, match_seed, players, mirror == 0, dealer,
                          budget, options, 2 * p + mirror, deals, first_deal))
    results: list[dict] = []
    start = time.perf_counter()

    def done(r: dict) -> None:
        results.append(r)
        if progress is not None:
            wins = sum(x["win"] for x in results)
            progress(
                f"[{len(results):>4}/{len(tasks)}] match {r['index']:>4}: "
                f"A {'won' if r['win'] == 1 else 'shared' if r['win'] else 'lost'}, "
                f"score diff {r['score_diff']:+.1f}; A win rate so far "
                f"{wins / len(results):.3f} ({time.perf_counter() - start:.0f} s)"
            )

    if jobs <= 1:
        for t in tasks:
            done(_play_match_args(t))
    else:
        with process_pool(jobs) as pool:
            for fut in futures.as_completed([pool.submit(_play_match_args, t) for t in tasks]):
                done(fut.result())
    results.sort(key=lambda r: r["index"])
    summary = summarise(game_id, level_a, level_b, players, seed, budget, results,
                        time.perf_counter() - start)
    if first_deal != 1:
        summary["first_deal"] = first_deal
    return summary


def summarise(game_id, level_a, level_b, players, seed, budget, results, seconds) -> dict:
    n = len(results)
    wins = sum(r["win"] for r in results)
    lo, hi = wilson(wins, n)
    by_pair: dict[int, list[dict]] = {}
    for r in results:
        by_pair.setdefault(r["index"] // 2, []).append(r)
    pair_diffs = [statistics.fmean(x["score_diff"] for x in rs) for rs in by_pair.values()]
    d_mean, d_lo, d_hi = mean_interval(pair_diffs)
    pair_deals = []
    deals = 0
    for rs in by_pair.values():
        vals = [d for x in rs for d in x["deal_diffs"]]
        deals += len(vals)
        if vals:
            pair_deals.append(statistics.fmean(vals))
    dd_mean, dd_lo, dd_hi = mean_interval(pair_deals)
    # the match score each deal adds (japanese65's game points), per deal, by pairs
    pair_changes = [statistics.fmean(vals) for rs in by_pair.values()
                    if (vals := [d for x in rs for d in x.get("change_diffs", ())])]
    dc_mean, dc_lo, dc_hi = mean_interval(pair_changes)
    ta = [t for r in results for t in r["times"]["a"]]
    tb = [t for r in results for t in r["times"]["b"]]
    out = {
        "game": game_id,
        "a": level_a,
        "b": level_b,
        "players": players,
        "seed": seed,
        "budget": budget,
        "matches": n,
        "deals": deals,
        "a_wins": wins,
        "stalled": sum(1 for r in results if r.get("stalled")),
        "win_rate": wins / n if n else 0.0,
        "win_lo": lo,
        "win_hi": hi,
        "score_diff": d_mean,
        "score_diff_lo": d_lo,
        "score_diff_hi": d_hi,
        "deal_diff": dd_mean,
        "deal_diff_lo": dd_lo,
        "deal_diff_hi": dd_hi,
        "deal_change": dc_mean,
        "deal_change_lo": dc_lo,
        "deal_change_hi": dc_hi,
        "lower_is_better": registry.get(game_id).lower_wins,
        "a_time_median": statistics.median(ta) if ta else 0.0,
        "a_time_p95": percentile(ta, 95),
        "a_time_max": max(ta, default=0.0),
        "b_time_median": statistics.median(tb) if tb else 0.0,
        "b_time_p95": percentile(tb, 95),
        "b_time_max": max(tb, default=0.0),
        "seconds": seconds,
    }
    return out


def format_summary(s: dict) -> list[str]:
    better = "lower" if s["lower_is_better"] else "higher"
    return [
        f"{s['game']}: {s['a']} (A) vs {s['b']} (B), {s['players']} players, "
        f"{s['matches']} matches ({s['deals']} deals"
        + (f" from deal {s['first_deal']}" if s.get("first_deal", 1) != 1 else "")
        + f"), seed {s['seed']}, budget {s['budget']}",
        f"A win rate {s['win_rate']:.3f}  95% Wilson [{s['win_lo']:.3f}, {s['win_hi']:.3f}]",
        f"match score A-B {s['score_diff']:+.3f}  95% [{s['score_diff_lo']:+.3f}, "
        f"{s['score_diff_hi']:+.3f}]  ({better} is better)",
        f"per deal A-B {s['deal_diff']:+.3f}  95% [{s['deal_diff_lo']:+.3f}, "
        f"{s['deal_diff_hi']:+.3f}]",
        f"match score per deal A-B {s['deal_change']:+.3f}  95% [{s['deal_change_lo']:+.3f}, "
        f"{s['deal_change_hi']:+.3f}]",
        f"think time A median {s['a_time_median'] * 1000:.1f} ms p95 "
        f"{s['a_time_p95'] * 1000:.1f} ms max {s['a_time_max'] * 1000:.1f} ms; "
        f"B median {s['b_time_median'] * 1000:.1f} ms p95 {s['b_time_p95'] * 1000:.1f} ms "
        f"max {s['b_time_max'] * 1000:.1f} ms",
        f"took {s['seconds']:.1f} s",
    ]


def result_line(s: dict) -> str:
    parts = []
    for k, v in s.items():
        if isinstance(v, float):
            v = f"{v:.6g}"
        elif isinstance(v, bool):
            v = "1" if v else "0"
        parts.append(f"{k}={v}")
    return "RESULT " + " ".join(parts)


def parse_result_line(line: str) -> dict:
    """Read back a ``RESULT key=value ...`` line (numbers become floats or ints)."""
    if not line.startswith("RESULT "):
        raise ValueError("not a RESULT line")
    out: dict = {}
    for part in line[7:].split():
        key, _, value = part.partition("=")
        try:
            out[key] = int(value)
        except ValueError:
            try:
                out[key] = float(value)
            except ValueError:
                out[key] = value
    return out


def parse_options(items: list[str] | None) -> dict | None:
    """``["target=3", "strict_later_play=true"]`` -> {"target": 3, "strict_later_play": True}."""
    if not items:
        return None
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"an option is key=value, not {item!r}")
        try:
            out[key] = json.loads(value)
        except ValueError:
            out[key] = value
    return out


def main(args) -> int:
    """The ``cardtable tournament`` sub-command (``args`` from cli.py's parser)."""
    try:
        options = parse_options(getattr(args, "option", None))
        summary = run(
            args.game, args.a, args.b, args.matches, seed=args.seed, players=args.players,
            jobs=args.jobs, budget=args.budget, options=options,
            deals=getattr(args, "deals", None), first_deal=getattr(args, "first_deal", 1),
            progress=None if args.quiet else (lambda m: print(m, file=sys.stderr, flush=True)),
        )
    except (ValueError, registry.ConfigError) as exc:
        print(f"tournament: {exc}", file=sys.stderr)
        return 2
    for line in format_summary(summary):
        print(line)
    print(json.dumps(summary, sort_keys=True) if args.json else result_line(summary), flush=True)
    return 0
