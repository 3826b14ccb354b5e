"""Opening the review of a stored deal: goal under 0.3 s.

The recent matches as full as they get (50 matches, of every game, several deals each) are
written to a temporary folder (the slowest addition of a deal is reported: what the table
does after each deal), then, in a headless window of 1280x720:

* reading them all (what the Recent matches screen does once);
* opening the review of a stored deal: its record checked and replayed, the game's table
  built and laid out, the first frame drawn; for each game, the median of four, and the
  first review of the run (after the main menu was drawn, as in the program) apart.

    python -m bench.bench_review
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from cardtable import recent  # noqa: E402
from cardtable.engine import registry  # noqa: E402
from cardtable.match import Match  # noqa: E402
from cardtable.ui.app import App  # noqa: E402
from cardtable.ui.scenes.review import ReviewScene  # noqa: E402

GOAL = 0.3               # seconds to open a review
DEALS = 6                # deals kept of each match
PLAYERS = {"japanese65": 4, "sixtysix": 2, "rummy65": 3, "pairs65": 3, "quebec65": 3}


def deals_of(game: str, seed: int, count: int) -> list[dict]:
    """The records of the first deals of a match of computers (and one person who takes the
    first legal move)."""
    seats = [{"name": f"P{i}", "kind": "computer", "level": "easy"}
             for i in range(PLAYERS[game])]
    seats[0]["kind"] = "human"
    match = Match(game, seats, seed=seed, threaded=False, pace=0)
    out: list[dict] = []
    while not match.is_over and len(out) < count:
        if match.human_to_act:
            match.apply(match.legal_actions()[0])
        else:
            match.run_computer_move()
        out += match.take_finished_deals()
    return out


def main() -> None:
    folder = tempfile.mkdtemp(prefix="cardtable-bench-")
    games = registry.ids()
    stored = {}
    worst_add = 0.0
    for i in range(recent.KEEP):
        game = games[i % len(games)]
        deals = deals_of(game, 1000 + i, DEALS)
        for record in deals:
            start = time.perf_counter()
            recent.add_deal(folder, record, f"{game}-{1000 + i}")
            worst_add = max(worst_add, time.perf_counter() - start)
        stored[game] = deals
    size = sum(p.stat().st_size for p in recent.recent_path(folder).iterdir()) / 2**20
    start = time.perf_counter()
    loaded, message = recent.load_recent(folder)
    read = time.perf_counter() - start
    assert message is None and len(loaded) == recent.KEEP
    print(f"   recent matches: {len(loaded)} matches, {size:.1f} MB, "
          f"read in {read * 1000:.0f} ms; a deal added in {worst_add * 1000:.0f} ms at most")
    pygame.display.init()
    app = App(size=(1280, 720), settings={"sound": False})
    app.reset(app.build("menu"))        # as in the program: the menu was drawn before
    app.draw()
    worst = 0.0
    first = None
    for game in games:
        deals = stored[game]
        times = []
        for k in range(5):
            start = time.perf_counter()
            app.push(ReviewScene(deals, k % len(deals)))
            app.draw()
            took = time.perf_counter() - start
            app.pop()
            if first is None:
                first = took
                continue
            times.append(took)
        median = statistics.median(times)
        worst = max(worst, median)
        print(f"   open the review of a {game} deal: {median * 1000:.0f} ms (median of "
              f"{len(times)})")
    print(f"   the first review of the run (after the menu; its cloth and card faces are "
          f"drawn then): {first * 1000:.0f} ms")
    worst = max(worst, first)
    verdict = "met" if worst < GOAL else "NOT met"
    print(f"   goal: under {GOAL * 1000:.0f} ms: {verdict} (slowest game {worst * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
