"""The hard level against the reference players, at equal thinking time.

Each match-up of the README's table "Against reference players" is played again on a few
mirrored matches (``cardtable tournament``, 0.3 s a decision on both sides, 0.1 s in the
rummies' whole matches) and printed with its sample size and 95 % intervals, beside the
hard level's think time. A few
matches only tell whether a match-up still runs and which way it leans; the README's
figures come from the same match-ups on hundreds of deals:

    python -m bench.bench_strength --matches 400 [--only sixtysix] [--seed 1]

`python -m bench strength` (part of `make bench`) runs 8 matches of each.
"""

from __future__ import annotations

import argparse
import sys

from cardtable import tournament

#: (game, hard's opponent, options, deals per match or None, players, what a match is,
#: the deal a match starts at[, seconds a decision on both sides when not BUDGET])
MATCHUPS = (
    ("japanese65", "pimc", {"target": 1}, None, 4, "one deal", 1),
    ("japanese65", "all-seeing", {"target": 1}, None, 4, "one deal", 1),
    ("sixtysix", "pimc", {"target": 1}, None, 2, "one deal", 1),
    ("sixtysix", "pimc-ab", {"target": 1}, None, 2, "one deal", 1),
    ("sixtysix", "all-seeing", {"target": 1}, None, 2, "one deal", 1),
    ("pairs65", "pimc", {"games_to_win": 1}, None, 2, "one game", 1),
    ("quebec65", "pimc", None, 1, 3, "the first round", 1),
    ("rummy65", "pimc", None, 1, 3, "the first hand", 1),
    ("rummy65", "pimc", None, 1, 3, "hand 6, eight cards each", 6),
    # whole matches (eleven rounds, twelve hands): at 0.1 s a decision, or they take hours
    ("quebec65", "pimc", None, None, 3, "a whole match", 1, 0.1),
    ("rummy65", "pimc", None, None, 3, "a whole match", 1, 0.1),
)
BUDGET = 0.3


def line(s: dict, unit: str) -> str:
    better = "lower" if s["lower_is_better"] else "higher"
    if s.get("budget", BUDGET) != BUDGET:
        unit += f", {s['budget']:g} s a decision"
    return (f"{s['game']:10} hard vs {s['b']:10} {s['matches']:4} matches ({unit}): wins "
            f"{s['win_rate'] * 100:5.1f} % [{s['win_lo'] * 100:.1f}, {s['win_hi'] * 100:.1f}]; "
            f"per deal {s['deal_diff']:+.2f} [{s['deal_diff_lo']:+.2f}, "
            f"{s['deal_diff_hi']:+.2f}] ({better} is better); hard thinks median "
            f"{s['a_time_median'] * 1000:.0f} ms, p95 {s['a_time_p95'] * 1000:.0f} ms "
            f"({s['seconds']:.0f} s)")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.bench_strength", description=__doc__)
    p.add_argument("--matches", type=int, default=8, help="matches per match-up")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--only", help="one game")
    args = p.parse_args([] if argv is None else argv)
    for game, other, options, deals, players, unit, first, *budget in MATCHUPS:
        if args.only and game != args.only:
            continue
        s = tournament.run(game, "hard", other, args.matches, seed=args.seed, players=players,
                           jobs=args.jobs, budget=budget[0] if budget else BUDGET,
                           options=options, deals=deals, first_deal=first)
        print("   " + line(s, unit), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
