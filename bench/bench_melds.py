"""Timing of cardtable.engine.melds on random 14-card hands.

Hands come from two 54-card decks (108 cards): first a number of wild cards, uniform in
0..6 (jokers and cards of the deal's wild ranks), then plain cards. Each rule set draws
its deal at random (rummy65 hands 1..12, quebec65 rounds 1..11). The result cache is
cleared before every timed call; each hand is timed 3 times (see ``time_calls``).
Run ``python -m bench.bench_melds [N] [seed]`` from the project root.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable

from bench.stats import percentile
from cardtable.engine.cards import make_deck
from cardtable.engine.melds import (
    MeldRules,
    best_arrangement,
    clear_cache,
    go_out_options,
    quebec65_rules,
    rummy65_rules,
)

DECK = make_deck("AKQJT98765432", decks=2, jokers=2)


def random_hand(rng: random.Random, rules: MeldRules, size: int = 14) -> list[str]:
    wilds = [c for c in DECK if rules.is_wild(c)]
    plain = [c for c in DECK if not rules.is_wild(c)]
    k = rng.randint(0, 6)
    hand = rng.sample(wilds, k) + rng.sample(plain, size - k)
    rng.shuffle(hand)
    return hand


def time_calls(
    cases: list[tuple[list[str], MeldRules]], call: Callable, repeats: int
) -> tuple[list[float], list[float]]:
    """Milliseconds per call, the cache cleared before each: (first run, best of repeats).

    The first run is what a caller sees; the best of a few runs of the same hand takes
    out the time the process spent waiting for a core on a busy machine.
    """
    first, best = [], []
    for hand, rules in cases:
        runs = []
        for _ in range(repeats):
            clear_cache()
            t0 = time.perf_counter()
            call(hand, rules)
            runs.append((time.perf_counter() - t0) * 1000.0)
        first.append(runs[0])
        best.append(min(runs))
    return first, best


def summary(ms: list[float]) -> str:
    return (
        f"median {statistics.median(ms):6.3f}  p99 {percentile(ms, 99):6.3f}"
        f"  worst {max(ms):7.3f}"
    )


def report(name: str, first: list[float], best: list[float]) -> None:
    print(f"{name:<40} n={len(first)}")
    print(f"    first run  (ms): {summary(first)}")
    print(f"    best of 3  (ms): {summary(best)}")


def main(argv: list[str] | None = None) -> None:
    """Print the timings; ``argv`` may give the number of hands and the seed."""
    argv = [] if argv is None else argv
    n = int(argv[0]) if argv else 2000
    seed = int(argv[1]) if len(argv) > 1 else 65
    rng = random.Random(seed)
    games = {
        "rummy65": [rummy65_rules(h) for h in range(1, 13)],
        "quebec65": [quebec65_rules(r) for r in range(1, 12)],
        "quebec65 all_wild_melds": [quebec65_rules(r, True) for r in range(1, 12)],
    }
    print(f"random 14-card hands, 0..6 wild cards, two 54-card decks, seed {seed}")
    for name, rule_list in games.items():
        cases = []
        for _ in range(n):
            rules = rng.choice(rule_list)
            cases.append((random_hand(rng, rules), rules))
        report(f"best_arrangement {name}", *time_calls(cases, best_arrangement, 3))
        discard = name == "rummy65"
        call = lambda h, r, d=discard: go_out_options(h, r, d)  # noqa: E731
        report(f"go_out_options {name} (discard={discard})", *time_calls(cases, call, 3))


if __name__ == "__main__":
    main(sys.argv[1:])
