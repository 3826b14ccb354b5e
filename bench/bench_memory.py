"""The running program's memory in a real window (under Xvfb), beside a native card game's.

The program is started as a person would start it, in a window of an X server of its own
(Xvfb; else the session's ``DISPLAY``), with its settings and saves in a fresh temporary
folder. Once it has settled it is read from ``/proc/<pid>/smaps_rollup``:

* anonymous memory: what is neither a shared library nor a mapped file (the heap, the
  surfaces, Python's objects) -- the goal at the menu is <= 45 MB;
* RSS, the resident size, shared libraries included;
* its child processes apart (the computers' search worker and multiprocessing's resource
  tracker): separate processes, counted separately.

Read at the menu, and at a table where computers play every seat (japanese65, easy: no
worker process) after a minute of play. GNOME's solitaire (aisleriot's ``sol``, GTK) is read
the same way beside it when it is installed (``apt-get install aisleriot``). The drift over
hours is the soak's (``python -m bench.soak``).

    python -m bench.bench_memory
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.soak import anon_mb, children, rss_mb, start_xvfb

ROOT = Path(__file__).resolve().parent.parent
MENU_ANON_GOAL = 45.0     # MB of anonymous memory at the menu
MENU_SETTLE = 10.0        # seconds from the start to the reading at the menu
TABLE_SETTLE = 60.0       # seconds of computers playing before the table's reading


def _read(pid: int) -> dict:
    kids = children(pid)
    return {"anon": anon_mb(pid), "rss": rss_mb(pid),
            "kids": len(kids), "kids_rss": sum(rss_mb(k) for k in kids)}


def _run(argv: list[str], settle: float) -> dict | None:
    """Start ``argv`` with a fresh home, read it after ``settle`` seconds, close it."""
    home = tempfile.mkdtemp(prefix="cardtable-mem-")
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=f"{home}/config",
               XDG_DATA_HOME=f"{home}/data", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen(argv, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        time.sleep(settle)
        if proc.poll() is not None:
            print(f"  {argv[-1]} ended early ({proc.returncode})")
            return None
        return _read(proc.pid)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(home, ignore_errors=True)


def _line(name: str, r: dict | None) -> str:
    if r is None:
        return f"  {name:44} (no reading)"
    kids = (f"; {r['kids']} child processes apart: {r['kids_rss']:.1f} MB RSS"
            if r["kids"] else "")
    return f"  {name:44} anonymous {r['anon']:6.1f} MB   RSS {r['rss']:6.1f} MB{kids}"


def main() -> int:
    xvfb = None
    if not os.environ.get("DISPLAY") or shutil.which("Xvfb"):
        xvfb = start_xvfb((1280, 720))
    if xvfb is None and not os.environ.get("DISPLAY"):
        print("  no X display and no Xvfb: nothing measured")
        return 0
    os.environ.pop("SDL_VIDEODRIVER", None)
    python = sys.executable
    try:
        menu = _run([python, "-m", "cardtable"], MENU_SETTLE)
        print(_line("cardtable, menu", menu))
        if menu is not None:
            verdict = "met" if menu["anon"] <= MENU_ANON_GOAL else "NOT met"
            print(f"  {'':44} goal <= {MENU_ANON_GOAL:.0f} MB anonymous at the menu: {verdict}")
        table = _run([python, "-m", "cardtable", "play", "--table", "japanese65",
                      "--computers"], TABLE_SETTLE)
        print(_line("cardtable, japanese65, easy computers, 1 min", table))
        sol = shutil.which("sol") or ("/usr/games/sol" if Path("/usr/games/sol").exists()
                                      else None)
        if sol is not None:
            print(_line("aisleriot (GTK solitaire), its window", _run([sol], MENU_SETTLE)))
        else:
            print("  aisleriot is not installed: no native game beside it")
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
