"""The running program at rest in a real window (under Xvfb): CPU and wake-ups a second.

The program is started as a person would start it, in a window of an X server (Xvfb when it
is installed; else the ``DISPLAY`` of the session), with its settings and saves in a fresh
temporary folder, and brought to each screen (``bench/idle_screens.py``): the menu, a
match's setup, the table waiting for the person, the review of a deal, Join a table (with
no table on the network, and with one listed), a table open to the network waiting for
its friend. After a warm-up (the deal dealt, the turn's glow at rest) it is measured over
10 s:

* CPU: the time its threads ran (``/proc/<pid>/task/*/schedstat``, in nanoseconds), in %
  of one core;
* wake-ups: every thread's voluntary + involuntary context switches
  (``/proc/<pid>/task/*/status``) a second, the program's child processes included; the
  threads that woke are listed by name.

Goal at rest: <= 0.1 % of a core and <= 3 wake-ups a second on every screen. GNOME's
solitaire (aisleriot's ``sol``, GTK) is measured the same way beside it, when it is
installed (``apt-get install aisleriot``). Then, for comparison: a table where computers
play every seat (cards moving), and the menu showing a one-line message (a toast).

    python -m bench.bench_idle                 (apt-get install xvfb, if there is no display)
    python -m bench.bench_idle join host       only these screens
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench.idle_screens import SCREENS

ROOT = Path(__file__).resolve().parent.parent
IDLE_CPU_GOAL = 0.1       # percent of one core
IDLE_WAKE_GOAL = 3.0      # wake-ups a second, all threads and child processes
WINDOW = 10.0             # seconds measured
WARM_UP = 20.0            # seconds before measuring (deal animated, computers moved, glow at rest)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def children(pid: int) -> list[int]:
    """The processes ``pid`` started, and theirs (the computers' worker processes)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
    return found + [g for c in found for g in children(c)]


def switches(pid: int) -> dict[tuple[int, int], tuple[str, int, int]]:
    """(process, thread) -> (thread name, context switches, nanoseconds on a CPU) of
    ``pid`` and its child processes, now."""
    out = {}
    for proc in [pid, *children(pid)]:
        try:
            tasks = list(Path(f"/proc/{proc}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                status = (task / "status").read_text()
                name = (task / "comm").read_text().strip()
                # nanoseconds on a CPU (finer than the stat file's 10 ms ticks)
                ran = int((task / "schedstat").read_text().split()[0])
            except OSError:          # the thread ended meanwhile
                continue
            count = sum(int(line.split()[1]) for line in status.splitlines()
                        if line.split(":")[0] in ("voluntary_ctxt_switches",
                                                  "nonvoluntary_ctxt_switches"))
            label = name if proc == pid else f"child:{name}"
            out[(proc, int(task.name))] = (label, count, ran)
    return out


@dataclass
class Figures:
    """What one measurement found."""

    cpu: float                      # % of one core, the process and its children
    wakes: float                    # context switches a second, every thread
    rss: float                      # MB, the main process
    threads: list[tuple[str, float]] = field(default_factory=list)   # the busiest, a second

    def line(self) -> str:
        busiest = ", ".join(f"{name} {rate:.1f}" for name, rate in self.threads[:4] if rate >= 0.1)
        return (f"{self.cpu:6.3f} %  {self.wakes:6.1f} wake-ups/s  RSS {self.rss:4.0f} MB"
                f"   ({busiest or 'no thread woke'})")


def sample(pid: int, window: float) -> Figures:
    """Measure process ``pid`` (and its children) over ``window`` seconds."""
    before, t0 = switches(pid), time.monotonic()
    time.sleep(window)
    after, spent = switches(pid), time.monotonic() - t0
    rates: dict[str, float] = {}
    cpu = wakes = 0.0
    for key, (name, count, ran) in after.items():
        _, count0, ran0 = before.get(key, (name, 0, 0))
        rate = (count - count0) / spent
        cpu += (ran - ran0) / 1e9 / spent * 100.0
        wakes += rate
        label = f"{name}[{key[1]}]"
        rates[label] = rates.get(label, 0.0) + rate
    threads = sorted(rates.items(), key=lambda kv: -kv[1])
    return Figures(cpu, wakes, rss_mb(pid), threads)


class Display:
    """An X display for the measured program: a private Xvfb, or the session's."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen | None = None
        self.name = os.environ.get("DISPLAY", "")

    def __enter__(self) -> Display:
        xvfb = shutil.which("Xvfb")
        if xvfb is None:
            return self
        for n in range(91, 120):
            if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
                break
        self.proc = subprocess.Popen([xvfb, f":{n}", "-screen", "0", "1920x1080x24", "-nolisten",
                                      "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.name = f":{n}"
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                break
            time.sleep(0.05)
        return self

    def __exit__(self, *exc) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(5)


def environment(display: str, home: str) -> dict[str, str]:
    return dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                PYGAME_HIDE_SUPPORT_PROMPT="1", XDG_CONFIG_HOME=f"{home}/config",
                XDG_DATA_HOME=f"{home}/data", XDG_CACHE_HOME=f"{home}/cache",
                CARDTABLE_DATA_DIR=f"{home}/data/cardtable", HOME=home,
                PYTHONPATH=str(ROOT), NO_AT_BRIDGE="1")


def measure(display: str, command: list[str], warm_up: float = WARM_UP,
            window: float = WINDOW, poke: bool = False) -> Figures:
    """The figures of ``command`` (run in ``ROOT`` with a fresh home) over ``window``
    seconds after ``warm_up`` seconds; with ``poke``, SIGUSR1 is sent to it as the
    measurement begins (bench/idle_screens.py shows a toast)."""
    with tempfile.TemporaryDirectory() as home:
        proc = subprocess.Popen(command, cwd=ROOT, env=environment(display, home),
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)
        try:
            time.sleep(warm_up)
            if proc.poll() is not None:
                raise RuntimeError(f"{command[0]} stopped: "
                                   f"{proc.stderr.read().decode(errors='replace')[-400:]}")
            if poke:
                proc.send_signal(signal.SIGUSR1)
            return sample(proc.pid, window)
        finally:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)


def program(screen: str, *args: str) -> list[str]:
    return [sys.executable, "-m", "bench.idle_screens", screen, *args]


def main(argv: list[str] | None = None) -> None:
    wanted = list(argv or SCREENS)
    if not sys.platform.startswith("linux"):
        print("   skipped: /proc is read on Linux only")
        return
    with Display() as display:
        if not display.name:
            print("   skipped: no X display (apt-get install xvfb)")
            return
        print(f"   real window on display {display.name}; over {WINDOW:.0f} s after "
              f"{WARM_UP:.0f} s: % of one core, wake-ups a second of every thread (goal at "
              f"rest <= {IDLE_CPU_GOAL} % and <= {IDLE_WAKE_GOAL:.0f})", flush=True)
        worst_cpu = worst_wakes = 0.0
        for screen in [s for s in SCREENS if s in wanted]:
            figures = measure(display.name, program(screen))
            worst_cpu, worst_wakes = max(worst_cpu, figures.cpu), max(worst_wakes, figures.wakes)
            print(f"   at rest  {screen:12} {figures.line()}", flush=True)
        sol = shutil.which("sol") or shutil.which("sol", path="/usr/games")
        if sol is None:
            print("   aisleriot (GNOME solitaire, GTK): not found (apt-get install aisleriot)")
        else:
            figures = measure(display.name, [sol], warm_up=8.0)
            print(f"   at rest  {'aisleriot':12} {figures.line()}   [GTK, for comparison]",
                  flush=True)
        everything = wanted == list(SCREENS)
        if "toast" in wanted or everything:
            # a one-line message (2.6-2.8 s) shown as the measurement begins: its whole life
            for screen in ("menu", "table"):
                figures = measure(display.name, program(screen, "toast"), poke=True,
                                  window=3.0)
                print(f"   a toast  {screen:12} {figures.line()}", flush=True)
        if "moving" in wanted or everything:
            figures = measure(display.name, program("table", "computers"), warm_up=3.0)
            print(f"   moving   {'sixtysix':12} {figures.line()}   [computers at every seat]",
                  flush=True)
        ok = worst_cpu <= IDLE_CPU_GOAL and worst_wakes <= IDLE_WAKE_GOAL
        print(f"   at rest, worst: {worst_cpu:.2f} % and {worst_wakes:.1f} wake-ups a second: "
              f"{'ok' if ok else 'OVER GOAL'}")


if __name__ == "__main__":
    main(sys.argv[1:])
