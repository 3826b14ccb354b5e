"""Mirrored matches at equal *computing* time, for a machine others are using too.

`cardtable tournament` gives every decision its budget of wall-clock time; on a shared
machine that is a fraction of the computing the players get alone, and a different one from
run to run. Here every player's budget is read from this process's CPU time instead (the
players' one clock, ``cardtable.ai.clock``), so a decision searches as long as it would on
an idle core, however busy the machine. The matches are the tournament's own
(``tournament.play_match``: the same seeds, seats and mirrors); each match's result is
appended to a file of JSON lines as soon as it ends, so a run cut short still counts, and
``--summary`` prints the tournament's summary of a file (whole mirrored pairs only). The
think times it reports are wall-clock, inflated by the load; the CPU time of a decision is
its budget.

    python -m bench.cpu_matches japanese65 hard pimc --pairs 40 --seed 36 --out j.jsonl \
        --option target=1
    python -m bench.cpu_matches japanese65 hard pimc --summary j.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from cardtable import tournament
from cardtable.ai import clock
from cardtable.engine import registry


def summary(path: str, game: str, a: str, b: str, budget: float) -> list[str]:
    with open(path, encoding="utf-8") as f:
        results = [json.loads(line) for line in f if line.strip()]
    pairs: dict[int, list[dict]] = {}
    for r in results:
        pairs.setdefault(r["index"] // 2, []).append(r)
    whole = [r for rs in pairs.values() if len(rs) == 2 for r in rs]
    players = len(whole[0]["a_seats"]) * 2 if whole else 0
    seed = whole[0]["seed"] // 100_003 if whole else 0
    s = tournament.summarise(game, a, b, players, seed, budget,
                             whole, sum(r["seconds"] for r in whole))
    return tournament.format_summary(s)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.cpu_matches", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game")
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--pairs", type=int, default=10, help="mirrored pairs of matches")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--first-pair", type=int, default=0, help="resume a run at this pair")
    p.add_argument("--budget", type=float, default=0.3, help="CPU seconds a decision")
    p.add_argument("--players", type=int)
    p.add_argument("--option", action="append", help="a game option, key=value")
    p.add_argument("--out", help="append each match's result here (JSON lines)")
    p.add_argument("--summary", metavar="FILE", help="summarise a file of results and stop")
    args = p.parse_args(argv)
    if args.summary:
        for line in summary(args.summary, args.game, args.a, args.b, args.budget):
            print(line)
        return 0
    if not args.out:
        p.error("--out is needed to play")
    spec = registry.get(args.game)
    for level in (args.a, args.b):
        tournament.check_player(spec.id, level)
    players = args.players or spec.min_players
    options = tournament.parse_options(args.option)
    clock.use(time.process_time)
    for k in range(args.first_pair, args.first_pair + args.pairs):
        match_seed = args.seed * 100_003 + k
        for mirror in (0, 1):
            r = tournament.play_match(spec.id, args.a, args.b, match_seed, players, mirror == 0,
                                      k % players, args.budget, options, 2 * k + mirror)
            with open(args.out, "a", encoding="utf-8") as f:
                f.write(json.dumps(r) + "\n")
            print(f"pair {k} mirror {mirror}: A {r['win']}, per deal "
                  f"{sum(r['deal_diffs']) / max(1, len(r['deal_diffs'])):+.2f}",
                  file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
