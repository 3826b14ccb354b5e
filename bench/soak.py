"""Memory soak: computers play every seat through the real UI, the five games in turn.

The program's App and table scenes run their own loop (``App.loop_once``) at the fastest
animation speed; summaries and match ends are closed as soon as they show and the next
game starts. The RSS is read from ``/proc/self/status`` after a warm-up deal, then every
minute; the growth is what the goal (<= 15 MB over two hours) is about. With
``--warm-up-round`` one deal of each game is played first and the start reading comes
``--warm-up`` seconds after that round, once every table has been drawn and the allocator
has held each table's largest images. The RSS is
also read as each match begins, and the end compares each game's first and last such
reading: the tables differ (two players' cards are drawn larger than eight players'), so
that is the drift over time with the game held the same.

    python -m bench.soak --minutes 120        (SDL_VIDEODRIVER=dummy, or under Xvfb)
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

GAMES = ("japanese65", "sixtysix", "rummy65", "pairs65", "quebec65")


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def surface_mb() -> float:
    """Pixels held by every surface still alive (what the caches and sprites keep)."""
    import gc

    import pygame

    # surfaces are not tracked by the collector themselves: they are found as what the
    # tracked containers (dicts, lists, caches, sprites) refer to
    seen: dict[int, pygame.Surface] = {}
    for obj in gc.get_objects():
        for ref in gc.get_referents(obj):
            if isinstance(ref, pygame.Surface):
                seen[id(ref)] = ref
    total = 0
    for surf in seen.values():
        try:
            total += surf.get_bytesize() * surf.get_width() * surf.get_height()
        except pygame.error:
            pass
    return total / 2**20


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.soak")
    parser.add_argument("--minutes", type=float, default=120.0)
    parser.add_argument("--warm-up", type=float, default=60.0, help="seconds before the start")
    parser.add_argument("--warm-up-round", action="store_true",
                        help="first play one deal of each game in turn (each table drawn "
                             "once); the start reading comes --warm-up seconds after it")
    parser.add_argument("--surfaces", action="store_true",
                        help="also report the bytes held by live surfaces (slow: walks the heap)")
    args = parser.parse_args(argv)

    import pygame

    from cardtable.cli import quick_setup
    from cardtable.ui.app import App
    from cardtable.ui.app import _wait_events as wait_events
    from cardtable.ui.scenes import table as table_mod

    home = tempfile.mkdtemp(prefix="cardtable-soak-")
    app = App(size=(1280, 720), settings={"sound": False, "animation_speed": "fast"},
              settings_path=Path(home) / "settings.json")
    app.data_dir = Path(home)
    desk = table_mod.install(app)
    games = itertools.cycle(GAMES)
    start = time.monotonic()
    end = start + args.warm_up + args.minutes * 60
    base: float | None = None
    highest = 0.0
    next_report = start + args.warm_up
    matches = 0
    game = ""
    #: each game's RSS as its matches begin (the old table gone, the new one not yet drawn)
    floors: dict[str, list[float]] = {}

    def new_match() -> None:
        nonlocal matches, game
        matches += 1
        game = next(games)
        # as the menu's New match once it is confirmed: a match left unfinished (each of
        # the warm-up round's) is replaced without the question
        desk.go(quick_setup(game, people=0, level="easy"))
        floors.setdefault(game, []).append(rss_mb())

    def close_summary(table) -> None:
        """The deal's summary (an overlay over the table): go on at once."""
        if app.top is not table and app.top is not None and app.top.overlay:
            app.pop()

    # the loop sleeps while nothing moves (a summary waiting for a click): it hands back
    # control every 50 ms so this script closes the summary
    app.wait_events = lambda timeout: wait_events(0.05 if timeout is None else min(timeout, 0.05))
    if args.warm_up_round:
        # one deal of each table, left as soon as it is scored; the clock starts after
        played = []
        for _ in GAMES:
            new_match()
            table = app.table
            give_up = time.monotonic() + 30 * 60
            while (app.running and app.table is table and not table.match.scored_deals
                   and time.monotonic() < give_up):
                app.loop_once()
                close_summary(table)
            if table.match.scored_deals:
                played.append(game)
        if len(played) < len(GAMES):
            print(f"the warm-up round scored a deal in {', '.join(played) or 'no game'} only",
                  file=sys.stderr, flush=True)
            return 1
        floors.clear()
        matches = 0
        print(f"warm-up round: one deal of each game ({', '.join(played)}), RSS "
              f"{rss_mb():.1f} MB; the start reading follows in {args.warm_up:.0f} s",
              flush=True)
        start = time.monotonic()
        end = start + args.warm_up + args.minutes * 60
        next_report = start + args.warm_up

    new_match()
    while time.monotonic() < end and app.running:
        app.loop_once()
        table = getattr(app, "table", None)
        if table is None:
            new_match()
        elif app.top is not table:
            if table.finished:
                new_match()
            else:
                close_summary(table)
        now = time.monotonic()
        if now >= next_report:
            rss = rss_mb()
            if base is None:
                base = highest = rss
                print(f"start RSS {base:.1f} MB (after {args.warm_up:.0f} s)", flush=True)
            else:
                highest = max(highest, rss)
                minutes = (now - start - args.warm_up) / 60
                extra = f"  surfaces {surface_mb():6.1f} MB" if args.surfaces else ""
                print(f"{minutes:6.1f} min  RSS {rss:7.1f} MB  growth {rss - base:+6.1f} MB  "
                      f"matches {matches} ({game}){extra}", flush=True)
            next_report = now + 60
    if base is not None:
        rss = rss_mb()
        highest = max(highest, rss)
        print(f"end: start RSS {base:.1f} MB, last {rss:.1f} MB (growth {rss - base:+.1f} MB), "
              f"highest reading {highest:.1f} MB ({highest - base:+.1f} MB), {matches} matches",
              flush=True)
    # like for like: a game's table holds what its own card sizes and texts need, so the
    # drift over the run is read at the same moment of the same game's matches
    for name, values in floors.items():
        if len(values) > 1:
            print(f"  {name:10} as a match begins: first {values[0]:.1f} MB, last "
                  f"{values[-1]:.1f} MB ({values[-1] - values[0]:+.1f} MB over "
                  f"{len(values)} matches), lowest {min(values):.1f}, highest "
                  f"{max(values):.1f}", flush=True)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
