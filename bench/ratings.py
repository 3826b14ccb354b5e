"""Rate the levels of a game on one Elo-like scale; writes ``cardtable/assets/ratings.json``.

    python -m bench.ratings --game sixtysix --matches 40 [--jobs 1] [--seed 1]

For the game, the neighbouring levels meet in mirrored tournaments (``cardtable
tournament``): random-easy, easy-medium, medium-hard (and expert-hard where the game
offers expert), each over ``--matches`` matches:
of one deal in the trick games (a match to one game point), of one game in pairs65, and
whole matches in the rummies (see ``UNITS``; the unit is recorded in the file). Every
level thinks as it does at the table (the hard level with its default budget). A match
still unfinished after ``tournament.MAX_MOVES`` moves is stopped and counted as shared
(``stalled``).

A match-up's score s (wins, shares counting half) gives an Elo difference
400 * log10(s / (1 - s)), s held within [1 %, 99 %] so that a sweep gives a finite
difference (about 800 at most). The scale's zero is the random player; a level's rating
is the sum of the differences up the chain, and its 95 % interval sums the ends of the
differences' intervals (from the Wilson intervals of the scores): wider than it need
be, never narrower. The game's entry in the file is replaced;
the other games' entries are kept. The file records the command and every sample size.
``--keep expert-hard`` takes that match-up's row from the file as it is instead of playing
it again (a longer measurement made apart, as Sixty-Six's expert against hard over 588
deals), so the levels below can be rated again on their own.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import os
import sys
from pathlib import Path

from cardtable import ratings, tournament
from cardtable.ai.levels import offered_levels
from cardtable.engine import registry

#: scores are held this far from 0 and 1, so a sweep gives a finite difference
CAP = 0.01
CHAIN = (("easy", "random"), ("medium", "easy"), ("hard", "medium"))
#: how long each game's matches are: (options, deals or None for whole matches, words)
UNITS = {
    # a match to the default five game points: in one deal alone the cards dealt weigh
    # so much that every level's rating stayed under 400 (all "beginner")
    "japanese65": (None, None, "a whole match (five game points)"),
    "sixtysix": ({"target": 1}, None, "one deal (a match to one game point)"),
    "pairs65": ({"games_to_win": 1}, None, "one game"),
    # a rummy hand is quick, and the first hands (the fewest cards) alone would hardly
    # tell the levels apart: whole matches
    "rummy65": (None, None, "a whole match (twelve hands)"),
    "quebec65": (None, None, "a whole match (eleven rounds)"),
}


def elo(score: float) -> float:
    return 400.0 * math.log10(score / (1.0 - score))


def difference(wins: float, n: int) -> tuple[float, float, float]:
    """(Elo difference, low, high) from ``wins`` of ``n`` matches and the Wilson interval,
    every score held within [1 %, 99 %] (a difference of at most about 800)."""
    lo, hi = tournament.wilson(wins, n)

    def held(x: float) -> float:
        return elo(min(max(x, CAP), 1 - CAP))

    return held(wins / n), held(lo), held(hi)


def chain_of(game_id: str) -> tuple[tuple[str, str], ...]:
    """The game's match-ups, weaker levels first: each level against the one below."""
    return CHAIN + ((("expert", "hard"),) if "expert" in offered_levels(game_id) else ())


def rate(game_id: str, matches: int, seed: int, jobs: int, progress=None,
         kept: dict | None = None) -> dict:
    """Play the game's chain of match-ups; ``kept`` maps (stronger, weaker) to a row of
    an earlier measurement to use as it is instead of playing that match-up again."""
    options, deals, unit = UNITS[game_id]
    rows = []
    levels = {"random": {"rating": 0.0, "low": 0.0, "high": 0.0}}
    total = low = high = 0.0
    for stronger, weaker in chain_of(game_id):
        row = (kept or {}).get((stronger, weaker))
        if row is None:
            s = tournament.run(game_id, stronger, weaker, matches, seed=seed, jobs=jobs,
                               budget=None, options=options, deals=deals, progress=progress)
            row = {"a": stronger, "b": weaker, "matches": s["matches"], "deals": s["deals"],
                   "a_score": round(s["win_rate"], 4), "a_score_low": round(s["win_lo"], 4),
                   "a_score_high": round(s["win_hi"], 4),
                   "deal_diff": round(s["deal_diff"], 3), "stalled": s["stalled"],
                   "a_time_median": round(s["a_time_median"], 4),
                   "a_time_p95": round(s["a_time_p95"], 4),
                   "wins": s["a_wins"]}
        wins = row.pop("wins", row["a_score"] * row["matches"])
        d, d_lo, d_hi = difference(wins, row["matches"])
        row["elo_difference"] = round(d)
        total, low, high = total + d, low + d_lo, high + d_hi
        levels[stronger] = {"rating": round(total), "low": round(low), "high": round(high)}
        rows.append(row)
    return {"levels": levels, "matchups": rows, "seed": seed, "unit": unit,
            "measured": dt.date.today().isoformat()}


def write(path: Path, game_id: str, entry: dict, command: str) -> None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        ratings.parse(data)
    except (OSError, ValueError, TypeError):
        data = {"format": ratings.FORMAT, "games": {}}
    data["format"] = ratings.FORMAT
    data["scale"] = ("Elo-like, per match (each game's unit): the random player is 0; "
                     "400 more wins about 10 matches in 11 against it; 95 % intervals")
    data.setdefault("commands", {})[game_id] = command
    data["command"] = "python -m bench.ratings --game GAME --matches N (per game: commands)"
    data["games"][game_id] = entry
    ratings.parse(data)  # never write what the program would refuse to read
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.ratings", description=__doc__)
    p.add_argument("--game", required=True, choices=registry.ids())
    p.add_argument("--matches", type=int, default=40, help="matches per match-up")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", default=str(ratings.asset(ratings.FILE_NAME)))
    p.add_argument("--keep", action="append", default=[], metavar="STRONGER-WEAKER",
                   help="use this match-up's row from the file as it is (a longer "
                        "measurement made apart, e.g. expert-hard) instead of playing it")
    args = p.parse_args(argv)
    kept = {}
    if args.keep:
        try:
            old = json.loads(Path(args.out).read_text(encoding="utf-8"))["games"][args.game]
            rows = {(r["a"], r["b"]): dict(r) for r in old["matchups"]}
            ratings.parse({"format": ratings.FORMAT, "command": "kept",
                           "games": {args.game: old}})
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            p.error(f"no readable earlier measurement of {args.game} in {args.out} to keep")
        chain = chain_of(args.game)
        for pair in args.keep:
            key = tuple(pair.split("-", 1))
            if key not in chain:
                p.error(f"{pair} is not one of {args.game}'s match-ups ("
                        + ", ".join("-".join(c) for c in chain) + ")")
            if key not in rows:
                p.error(f"{args.out} has no {pair} match-up for {args.game} to keep")
            try:
                score = ratings.number(rows[key]["a_score"])
                n = ratings.number(rows[key]["matches"])
            except (KeyError, ValueError):
                score, n = -1.0, 0.0
            if not (0.0 <= score <= 1.0 and n >= 2 and n == int(n)):
                p.error(f"the {pair} match-up of {args.game} in {args.out} has no score "
                        "and sample size to keep")
            # (its wins are its score times its matches, whatever else the row says)
            kept[key] = {k: v for k, v in rows[key].items() if k != "wins"}
    entry = rate(args.game, args.matches, args.seed, args.jobs,
                 progress=lambda m: print(m, file=sys.stderr, flush=True), kept=kept)
    command = (f"python -m bench.ratings --game {args.game} --matches {args.matches} "
               f"--seed {args.seed}" + "".join(f" --keep {k}" for k in args.keep))
    write(Path(args.out), args.game, entry, command)
    print(json.dumps(entry, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
