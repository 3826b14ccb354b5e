"""CPU use of the running program in a real window (under Xvfb): idle and while cards move.

The program is started as a person would start it (``python -m cardtable``), in a window
of an X server (Xvfb when it is installed; else the ``DISPLAY`` of the session), with its
settings and saves in a fresh temporary folder. After a warm-up (the deal dealt, the
turn's glow at rest) the CPU time it used over 10 s is read from ``/proc/<pid>/stat``:

* at the main menu, and at each of the five tables waiting for the person: goal <= 1 %
  of one core (nothing moves, so no frame is drawn);
* at a table where computers play every seat (cards moving, at normal speed), for
  comparison.

    python -m bench.bench_idle          (apt-get install xvfb, if there is no display)
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("japanese65", "sixtysix", "rummy65", "pairs65", "quebec65")
IDLE_GOAL = 1.0        # percent of one core
WINDOW = 10.0          # seconds measured
WARM_UP = 20.0         # seconds before measuring (deal animated, computers moved, glow at rest)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` (all its threads) so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])      # utime, stime (fields 14 and 15)
    return ticks / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


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


def measure(display: str, args: list[str], warm_up: float = WARM_UP,
            window: float = WINDOW) -> tuple[float, float]:
    """(percent of one core over ``window`` seconds, RSS in MB) of the program with
    ``args``, after ``warm_up`` seconds."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1", XDG_CONFIG_HOME=f"{home}/config",
                   XDG_DATA_HOME=f"{home}/data", XDG_CACHE_HOME=f"{home}/cache",
                   HOME=home, PYTHONPATH=str(ROOT))
        proc = subprocess.Popen([sys.executable, "-m", "cardtable", *args], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            time.sleep(warm_up)
            if proc.poll() is not None:
                raise RuntimeError(f"the program stopped: {proc.stderr.read().decode()[-400:]}")
            start, t0 = cpu_seconds(proc.pid), time.monotonic()
            time.sleep(window)
            used, spent = cpu_seconds(proc.pid) - start, time.monotonic() - t0
            return 100.0 * used / spent, rss_mb(proc.pid)
        finally:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()


def main() -> None:
    if not sys.platform.startswith("linux"):
        print("   skipped: /proc is read on Linux only")
        return
    with Display() as display:
        if not display.name:
            print("   skipped: no X display (apt-get install xvfb)")
            return
        print(f"   real window on display {display.name}; CPU over {WINDOW:.0f} s after "
              f"{WARM_UP:.0f} s, % of one core (goal idle <= {IDLE_GOAL:.0f} %)")
        worst = 0.0
        cases = [("menu", [])] + [(f"{g} (your turn)", ["play", "--table", g]) for g in GAMES]
        for label, args in cases:
            cpu, rss = measure(display.name, args)
            worst = max(worst, cpu)
            print(f"   idle  {label:24} {cpu:5.1f} %   RSS {rss:5.0f} MB", flush=True)
        cpu, rss = measure(display.name, ["play", "--table", "sixtysix", "--computers"],
                           warm_up=3.0)
        print(f"   cards moving (sixtysix, computers) {cpu:5.1f} %   RSS {rss:5.0f} MB")
        print(f"   idle worst {worst:.1f} %: {'ok' if worst <= IDLE_GOAL else 'OVER GOAL'}")


if __name__ == "__main__":
    main()
