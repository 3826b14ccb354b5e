"""Memory soak: computers play every seat through the real UI, the five games in turn.

The program's App and table scenes run their own loop (``App.loop_once``) at the fastest
animation speed, in a real window (run it under X or Xvfb; ``--xvfb`` starts one); summaries
and match ends are closed as soon as they show and the next game starts. The first reading
is taken at the menu, before the first match, so the step as each match begins is part of
the curve; readings follow every ``--every`` seconds and just before and after each match
begins (the new table's first frames drawn). Each reading has the program's resident size
(RSS), its anonymous memory (what is neither a shared library nor a mapped file: the
heap, surfaces, Python's objects) and, apart, the resident size of the computer players'
worker processes (they are separate processes and are counted separately).

At the end it prints the spread of the RSS (highest minus lowest reading) over the whole run
and after the first round of the five games, the step as each match begins, each game's
drift from its first match to its last, and it writes the readings (CSV) and the curve as a
picture (PNG, drawn with pygame) to ``--out`` (both are rewritten as the run goes, so a run
cut short still leaves them). ``--tracemalloc`` also compares Python's allocations between
match starts (top growth by line), which slows the run down.

    python -m bench.soak --minutes 120 --xvfb --out /tmp/soak
    python -m bench.soak --plot /tmp/soak/soak.csv        (only redraw the picture)
"""

from __future__ import annotations

import argparse
import csv
import gc
import itertools
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

GAMES = ("japanese65", "sixtysix", "rummy65", "pairs65", "quebec65")
#: the goal: the RSS of the program varies by at most this much over the soak
GOAL_MB = 15.0


# ------------------------------------------------------------------ readings

def _kib_field(path: Path, name: str) -> float | None:
    try:
        text = path.read_text()
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith(name):
            return int(line.split()[1]) / 1024
    return None


def rss_mb(pid: int | str = "self") -> float:
    """The resident size of process ``pid``, MB (0 when it is gone)."""
    return _kib_field(Path(f"/proc/{pid}/status"), "VmRSS:") or 0.0


def anon_mb(pid: int | str = "self") -> float:
    """The anonymous memory of ``pid`` (heap, surfaces, objects; no library, no file), MB."""
    return _kib_field(Path(f"/proc/{pid}/smaps_rollup"), "Anonymous:") or 0.0


def children(pid: int | None = None) -> list[int]:
    """The processes whose parent is ``pid`` (this one by default), and theirs."""
    pid = os.getpid() if pid is None else pid
    found: list[int] = []
    try:
        listing = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        listing = []
    for child in listing:
        found.append(int(child))
        found.extend(children(int(child)))
    return found


#: child processes that are not the program's (the soak's own Xvfb)
NOT_WORKERS: set[int] = set()


def workers_mb() -> tuple[float, int]:
    """The resident size of this process's child processes summed (the computer players'
    worker and multiprocessing's resource tracker), and how many there are."""
    kids = [k for k in children() if k not in NOT_WORKERS]
    return sum(rss_mb(k) for k in kids), len(kids)


def surface_mb() -> float:
    """Pixels held by every surface still alive (what the caches and sprites keep)."""
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


@dataclass
class Reading:
    minutes: float
    rss: float
    anon: float
    workers: float
    n_workers: int
    what: str = ""          # "" (a timed reading), "before <game>" or "begun <game>"
    match: int = 0


FIELDS = ("minutes", "rss", "anon", "workers", "n_workers", "what", "match")


@dataclass
class Log:
    """The readings of a run, written to CSV and drawn as they come."""

    out: Path | None
    readings: list[Reading] = field(default_factory=list)
    t0: float = field(default_factory=time.monotonic)

    def read(self, what: str = "", match: int = 0) -> Reading:
        workers, n = workers_mb()
        r = Reading((time.monotonic() - self.t0) / 60, rss_mb(), anon_mb(), workers, n,
                    what, match)
        self.readings.append(r)
        return r

    def save(self, title: str) -> None:
        if self.out is None:
            return
        self.out.mkdir(parents=True, exist_ok=True)
        with open(self.out / "soak.csv", "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(FIELDS)
            for r in self.readings:
                w.writerow([f"{r.minutes:.3f}", f"{r.rss:.1f}", f"{r.anon:.1f}",
                            f"{r.workers:.1f}", r.n_workers, r.what, r.match])
        draw(self.readings, self.out / "soak.png", title)


def load(path: Path) -> list[Reading]:
    with open(path, newline="") as f:
        return [Reading(float(row["minutes"]), float(row["rss"]), float(row["anon"]),
                        float(row["workers"]), int(row["n_workers"]), row["what"],
                        int(row["match"])) for row in csv.DictReader(f)]


# ------------------------------------------------------------------ the picture

GAME_COLOURS = {"japanese65": (220, 80, 80), "sixtysix": (80, 160, 230),
                "rummy65": (90, 190, 100), "pairs65": (230, 180, 60),
                "quebec65": (180, 110, 220)}
_BG, _GRID, _INK = (250, 250, 247), (222, 222, 216), (40, 40, 46)
_RSS, _ANON, _WORKERS = (30, 30, 36), (40, 110, 200), (200, 110, 40)


def draw(readings: list[Reading], path: Path, title: str = "",
         size: tuple[int, int] = (1200, 640)) -> None:
    """The curve as a PNG drawn with pygame: RSS, anonymous memory and the workers' RSS
    against minutes, each match's start a tick in its game's colour, the goal's band."""
    import pygame

    if not pygame.font.get_init():
        pygame.font.init()
    font = pygame.font.Font(None, 20)
    small = pygame.font.Font(None, 16)
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(_BG)
    left, right, top, bottom = 70, w - 20, 56, h - 60
    surf.blit(font.render(title or "memory soak", True, _INK), (left, 12))
    if not readings:
        pygame.image.save(surf, str(path))
        return
    t_max = max(1e-6, max(r.minutes for r in readings))
    values = [v for r in readings for v in (r.rss, r.anon, r.workers) if v > 0]
    lo = max(0.0, (min(values) // 10) * 10 - 10)
    hi = (max(values) // 10) * 10 + 20

    def at(t: float, mb: float) -> tuple[int, int]:
        x = left + (right - left) * t / t_max
        y = bottom - (bottom - top) * (mb - lo) / (hi - lo)
        return int(x), int(y)

    step = next(s for s in (5, 10, 20, 25, 50, 100, 200, 500) if (hi - lo) / s <= 12)
    mb = lo
    while mb <= hi:
        y = at(0, mb)[1]
        pygame.draw.line(surf, _GRID, (left, y), (right, y))
        label = small.render(f"{mb:.0f} MB", True, _INK)
        surf.blit(label, (left - label.get_width() - 6, y - label.get_height() // 2))
        mb += step
    t_step = next(s for s in (1, 2, 5, 10, 15, 30, 60) if t_max / s <= 12)
    t = 0.0
    while t <= t_max + 1e-9:
        x = at(t, lo)[0]
        pygame.draw.line(surf, _GRID, (x, top), (x, bottom))
        label = small.render(f"{t:.0f}", True, _INK)
        surf.blit(label, (x - label.get_width() // 2, bottom + 4))
        t += t_step
    surf.blit(small.render("minutes", True, _INK), (right - 50, bottom + 18))
    # the goal's band: the lowest RSS once every game's table was drawn once (else once the
    # first match began), and 15 MB above it
    begun = [r for r in readings if r.what.startswith("begun")]
    since = next((r for r in begun if r.match == len(GAMES) + 1), begun[0] if begun else None)
    if since is not None:
        floor = min(r.rss for r in readings if r.minutes >= since.minutes)
        band = pygame.Surface((right - left, max(1, at(0, floor)[1] - at(0, floor + GOAL_MB)[1])),
                              pygame.SRCALPHA)
        band.fill((60, 180, 90, 40))
        surf.blit(band, (left, at(0, floor + GOAL_MB)[1]))
    for r in readings:
        if r.what.startswith("begun"):
            colour = GAME_COLOURS.get(r.what.split()[-1], _INK)
            x = at(r.minutes, lo)[0]
            pygame.draw.line(surf, colour, (x, bottom), (x, bottom - 10), 2)
    for colour, value in ((_RSS, "rss"), (_ANON, "anon"), (_WORKERS, "workers")):
        points = [at(r.minutes, getattr(r, value)) for r in readings if getattr(r, value) > 0]
        if len(points) > 1:
            pygame.draw.lines(surf, colour, False, points, 2)
    x = left
    for name, colour in (("RSS", _RSS), ("anonymous", _ANON), ("workers' RSS", _WORKERS)):
        pygame.draw.line(surf, colour, (x, 36), (x + 24, 36), 3)
        label = small.render(name, True, _INK)
        surf.blit(label, (x + 30, 30))
        x += 40 + label.get_width()
    for game, colour in GAME_COLOURS.items():
        pygame.draw.line(surf, colour, (x, 40), (x, 30), 2)
        label = small.render(game, True, _INK)
        surf.blit(label, (x + 5, 30))
        x += 14 + label.get_width()
    rss = [r.rss for r in readings]
    note = (f"RSS {rss[0]:.1f} MB at the menu, {rss[-1]:.1f} MB at the end; "
            f"lowest {min(rss):.1f}, highest {max(rss):.1f}; green band: {GOAL_MB:.0f} MB above "
            "the lowest reading after the first round of the games; ticks: a match begins")
    surf.blit(small.render(note, True, _INK), (left, h - 24))
    pygame.image.save(surf, str(path))


# ------------------------------------------------------------------ the summary

def summary(readings: list[Reading]) -> list[str]:
    """What the run says, as lines of text."""
    lines: list[str] = []
    if not readings:
        return ["no reading"]
    rss = [r.rss for r in readings]
    lines.append(f"menu: RSS {rss[0]:.1f} MB, anonymous {readings[0].anon:.1f} MB")
    begun = [r for r in readings if r.what.startswith("begun")]
    if begun:
        after = [r.rss for r in readings if r.minutes >= begun[0].minutes]
        lines.append(f"from the first match on: lowest {min(after):.1f} MB, highest "
                     f"{max(after):.1f} MB: spread {max(after) - min(after):.1f} MB "
                     f"(goal <= {GOAL_MB:.0f})")
        round_done = next((r for r in begun if r.match == len(GAMES) + 1), None)
        if round_done is not None:
            later = [r.rss for r in readings if r.minutes >= round_done.minutes]
            lines.append(f"after the first round of every game: lowest {min(later):.1f} MB, "
                         f"highest {max(later):.1f} MB: spread {max(later) - min(later):.1f} MB")
    lines.append(f"whole run with the menu: {min(rss):.1f} .. {max(rss):.1f} MB, "
                 f"last {rss[-1]:.1f} MB")
    steps = []
    before = {r.match: r for r in readings if r.what.startswith("before")}
    for r in begun:
        if r.match in before:
            steps.append((r.what.split()[-1], r.rss - before[r.match].rss))
    if steps:
        lines.append("the step as a match begins (RSS once its table drew, minus just before): "
                     f"median {sorted(s for _, s in steps)[len(steps) // 2]:+.1f} MB, largest "
                     f"{max(s for _, s in steps):+.1f} MB")
        for game in GAMES:
            mine = [s for g, s in steps if g == game]
            if mine:
                lines.append(f"  {game:10} {len(mine):3} matches, steps "
                             + " ".join(f"{s:+.1f}" for s in mine[:12])
                             + (" ..." if len(mine) > 12 else ""))
    for game in GAMES:
        mine = [r.rss for r in readings if r.what == f"before {game}"]
        if len(mine) > 1:
            lines.append(f"  {game:10} as its matches begin: first {mine[0]:.1f} MB, last "
                         f"{mine[-1]:.1f} MB ({mine[-1] - mine[0]:+.1f})")
    workers = [r for r in readings if r.n_workers]
    if workers:
        lines.append(f"worker processes (counted apart): {min(r.n_workers for r in workers)}"
                     f"..{max(r.n_workers for r in workers)} processes, RSS "
                     f"{min(r.workers for r in workers):.1f} .. "
                     f"{max(r.workers for r in workers):.1f} MB, last {workers[-1].workers:.1f}")
    anon = [r.anon for r in readings]
    lines.append(f"anonymous memory: {min(anon):.1f} .. {max(anon):.1f} MB, last {anon[-1]:.1f}")
    return lines


# ------------------------------------------------------------------ tracemalloc

class Traces:
    """Python's allocations compared between match starts: what grew since the previous
    start and since the first, by line."""

    def __init__(self, frames: int):
        import tracemalloc

        self.tm = tracemalloc
        tracemalloc.start(frames)
        self.first = None
        self.last = None

    def compare(self, label: str, top: int = 8) -> None:
        gc.collect()
        snap = self.tm.take_snapshot().filter_traces(
            (self.tm.Filter(False, self.tm.__file__), self.tm.Filter(False, "<frozen *>")))
        total = sum(s.size for s in snap.statistics("filename")) / 2**20
        print(f"  tracemalloc at {label}: {total:.1f} MB traced", flush=True)
        for name, old in (("since the last start", self.last),
                          ("since the first start", self.first)):
            if old is None:
                continue
            print(f"    grown {name}:", flush=True)
            for stat in snap.compare_to(old, "traceback")[:top]:
                if stat.size_diff <= 0:
                    break
                frame = stat.traceback[0]
                where = " <- ".join(f"{Path(f.filename).name}:{f.lineno}"
                                    for f in list(stat.traceback)[:4])
                print(f"      {stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+6} "
                      f"blocks  {frame.filename}:{frame.lineno}  ({where})", flush=True)
        if self.first is None:
            self.first = snap
        self.last = snap


# ------------------------------------------------------------------ the run

def start_xvfb(size: tuple[int, int]) -> subprocess.Popen | None:
    """An X server of its own for the window (Xvfb on the first free display)."""
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        print("no Xvfb: the window uses DISPLAY or SDL_VIDEODRIVER as they are",
              file=sys.stderr)
        return None
    for n in range(140, 200):
        if Path(f"/tmp/.X11-unix/X{n}").exists() or Path(f"/tmp/.X{n}-lock").exists():
            continue
        proc = subprocess.Popen([xvfb, f":{n}", "-screen", "0", f"{size[0] + 100}x"
                                 f"{size[1] + 100}x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        NOT_WORKERS.add(proc.pid)
        for _ in range(50):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                os.environ["DISPLAY"] = f":{n}"
                os.environ.pop("SDL_VIDEODRIVER", None)
                return proc
            if proc.poll() is not None:
                break
            time.sleep(0.1)
        proc.kill()
    print("Xvfb did not start", file=sys.stderr)
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.soak")
    parser.add_argument("--minutes", type=float, default=120.0)
    parser.add_argument("--every", type=float, default=30.0,
                        help="seconds between timed readings (default 30)")
    parser.add_argument("--games", default=",".join(GAMES),
                        help="the games played in turn, comma-separated (default all five)")
    parser.add_argument("--level", default="hard",
                        help="the computers' level at every seat (default hard)")
    parser.add_argument("--deals", type=int, default=0,
                        help="leave a match after this many scored deals for the next game's "
                             "(as New match does; default 0: play every match to its end)")
    parser.add_argument("--size", default="1280x720", help="the window's size")
    parser.add_argument("--out", type=Path, default=None,
                        help="folder for soak.csv and soak.png (rewritten as the run goes)")
    parser.add_argument("--xvfb", action="store_true",
                        help="start an Xvfb of its own for the window (a real X window)")
    parser.add_argument("--tracemalloc", type=int, default=0, metavar="FRAMES",
                        help="compare Python's allocations between match starts (slow)")
    parser.add_argument("--surfaces", action="store_true",
                        help="also print the bytes held by live surfaces at each match start "
                             "(slow: walks the heap)")
    parser.add_argument("--plot", type=Path, default=None, metavar="CSV",
                        help="only draw the picture of a run's CSV (next to it) and say it")
    args = parser.parse_args(argv)

    if args.plot is not None:
        readings = load(args.plot)
        draw(readings, args.plot.with_suffix(".png"), f"memory soak ({args.plot})")
        print("\n".join(summary(readings)))
        return 0

    size = tuple(int(v) for v in args.size.lower().split("x"))
    xvfb = start_xvfb(size) if args.xvfb else None
    try:
        return _soak(args, size)
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(10)


def _soak(args, size) -> int:
    import pygame

    from cardtable.cli import quick_setup
    from cardtable.ui import main as ui_main
    from cardtable.ui.app import App
    from cardtable.ui.scenes.table.launch import MatchDesk

    games_played = [g.strip() for g in args.games.split(",") if g.strip()]
    traces = Traces(args.tracemalloc) if args.tracemalloc else None
    home = tempfile.mkdtemp(prefix="cardtable-soak-")
    app = App(size=size, settings={"sound": False, "animation_speed": "fast"},
              settings_path=Path(home) / "settings.json")
    app.data_dir = Path(home)
    app.open("menu")
    desk = None
    for entry in ui_main.LATER:     # what the program loads once its first frame is shown
        made = ui_main._named(entry)(app)
        desk = made if isinstance(made, MatchDesk) else desk
    assert desk is not None, "none of the program's later steps gave it a table"
    # the loop sleeps while nothing moves (a summary waiting for a click): it hands back
    # control every 50 ms so this script closes the summary
    wait = app.wait_events
    app.wait_events = lambda timeout: wait(0.05 if timeout is None else min(timeout, 0.05))
    for _ in range(30):             # the menu drawn and settled
        app.loop_once()
    log = Log(args.out)
    title = (f"memory soak: {', '.join(games_played)}, {args.level} computers at every seat, "
             f"{size[0]}x{size[1]}, {pygame.display.get_driver()}")
    print(title, flush=True)
    games = itertools.cycle(games_played)
    state = {"matches": 0, "game": "", "begun_at": None}
    r = log.read("menu")
    print(f"menu: RSS {r.rss:.1f} MB, anonymous {r.anon:.1f} MB", flush=True)

    def new_match() -> None:
        state["matches"] += 1
        state["game"] = game = next(games)
        r = log.read(f"before {game}", state["matches"])
        if traces is not None:
            traces.compare(f"match {state['matches']} ({game})")
        if args.surfaces:
            print(f"  surfaces alive: {surface_mb():.1f} MB", flush=True)
        print(f"{r.minutes:6.1f} min  match {state['matches']:3} {game:10} begins: "
              f"RSS {r.rss:7.1f} MB  anonymous {r.anon:6.1f}  workers {r.workers:6.1f} MB "
              f"({r.n_workers})", flush=True)
        # as the menu's New match once it is confirmed: a match left unfinished is
        # replaced without the question
        desk.go(quick_setup(game, people=0, level=args.level))
        state["begun_at"] = time.monotonic()

    def close_summary(table) -> None:
        """The deal's summary (an overlay over the table): go on at once."""
        if app.top is not table and app.top is not None and app.top.overlay:
            app.pop()

    end = time.monotonic() + args.minutes * 60
    new_match()
    try:
        _play(app, args, state, log, title, new_match, close_summary, traces, end)
    except KeyboardInterrupt:
        print("interrupted: the readings so far", flush=True)
    log.read("end")
    log.save(title)
    print("\n".join(summary(log.readings)), flush=True)
    if args.out is not None:
        print(f"readings: {args.out / 'soak.csv'}, picture: {args.out / 'soak.png'}",
              flush=True)
    pygame.quit()
    return 0


def _play(app, args, state, log, title, new_match, close_summary, traces, end) -> None:
    """Run the loop until ``end``: each match followed by the next, readings as they fall."""
    next_reading = time.monotonic() + args.every
    while time.monotonic() < end and app.running:
        app.loop_once()
        table = getattr(app, "table", None)
        if table is None:
            new_match()
        elif args.deals and len(table.match.scored_deals) >= args.deals and app.top is table:
            new_match()
        elif app.top is not table:
            if table.finished:
                new_match()
            else:
                close_summary(table)
        now = time.monotonic()
        if state["begun_at"] is not None and now - state["begun_at"] >= 2.0:
            # the new table's first frames drawn, its first computers thinking
            state["begun_at"] = None
            log.read(f"begun {state['game']}", state["matches"])
        if now >= next_reading:
            r = log.read()
            if traces is not None:
                print(f"{r.minutes:6.1f} min  RSS {r.rss:7.1f} MB  anonymous {r.anon:6.1f}  "
                      f"Python's traced {traces.tm.get_traced_memory()[0] / 2**20:6.1f} MB",
                      flush=True)
            log.save(title)
            next_reading = now + args.every


if __name__ == "__main__":
    sys.exit(main())
