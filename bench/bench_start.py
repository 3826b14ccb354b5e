"""Launch to window shown: the program from source, the built program, and GNOME's solitaire.

Each program is started as a person starts it, in a private X server (Xvfb, 1280x720) with a
fresh home folder (no settings, no saved match: the first frame is the main menu), once
"cold" (not counted: files perhaps not in the disk cache, Python's bytecode not yet
written), then ten times; the median and the worst of the ten are printed. Two moments are
timed from the instant before the process is started:

* mapped: the X server maps the program's top-level window (seen by this script, a client
  of the same server listening to the root window's MapNotify events through libX11);
* first frame: the program's first picture is on screen (the program writes the time of
  its first ``display.flip()`` to the file ``CARDTABLE_FIRST_FRAME_FILE`` names, then
  closes). A window is mapped before anything is drawn in it, so this is the later and
  the honest moment; the goal (issue 35) is <= 0.25 s median.

From source, the program is ``python -m cardtable`` with Python's bytecode cache kept in a
temporary folder (the cold run writes it, as a person's first start does). The built program
is ``dist/cardtable/cardtable`` (``make build``), measured when it is there. GNOME's
solitaire (aisleriot's ``sol``, GTK 3), where it is installed, is timed to its window mapped
(a GTK window is drawn as it is mapped) and closed then.

    python -m bench.bench_start             (apt-get install xvfb; aisleriot for comparison)
    python -m bench.bench_start --runs 20
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL = 0.25        # seconds, median launch to first frame (issue 35)
RUNS = 10
TIMEOUT = 30.0     # seconds a program may take to show its window

# libX11, as much as this script needs of it
_MAP_NOTIFY = 19
_SUBSTRUCTURE_NOTIFY_MASK = 1 << 19


class _MapEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong),
                ("send_event", ctypes.c_int), ("display", ctypes.c_void_p),
                ("event", ctypes.c_ulong), ("window", ctypes.c_ulong),
                ("override_redirect", ctypes.c_int)]


class _Event(ctypes.Union):
    _fields_ = [("type", ctypes.c_int), ("map", _MapEvent), ("pad", ctypes.c_long * 24)]


class MapWatch:
    """A connection to the X server that notes when a top-level window is mapped."""

    def __init__(self, display: str) -> None:
        name = ctypes.util.find_library("X11")
        if name is None:
            raise OSError("libX11 is not installed")
        self.x = ctypes.CDLL(name)
        self.x.XOpenDisplay.restype = ctypes.c_void_p
        self.x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x.XDefaultRootWindow.restype = ctypes.c_ulong
        self.x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.x.XSelectInput.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_long]
        self.x.XPending.argtypes = [ctypes.c_void_p]
        self.x.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.POINTER(_Event)]
        self.x.XConnectionNumber.argtypes = [ctypes.c_void_p]
        self.x.XFlush.argtypes = [ctypes.c_void_p]
        self.x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.dpy = self.x.XOpenDisplay(display.encode())
        if not self.dpy:
            raise OSError(f"cannot open the X display {display}")
        root = self.x.XDefaultRootWindow(self.dpy)
        self.x.XSelectInput(self.dpy, root, _SUBSTRUCTURE_NOTIFY_MASK)
        self.x.XFlush(self.dpy)
        self.fd = self.x.XConnectionNumber(self.dpy)

    def drain(self) -> None:
        """Forget the events so far (a previous program's)."""
        event = _Event()
        while self.x.XPending(self.dpy):
            self.x.XNextEvent(self.dpy, ctypes.byref(event))

    def wait_mapped(self, deadline: float) -> float | None:
        """The wall-clock time a top-level window (not a menu's or a tooltip's) is mapped,
        or None if none is by ``deadline`` (time.time())."""
        event = _Event()
        while True:
            while self.x.XPending(self.dpy):
                self.x.XNextEvent(self.dpy, ctypes.byref(event))
                if event.type == _MAP_NOTIFY and not event.map.override_redirect:
                    return time.time()
            left = deadline - time.time()
            if left <= 0:
                return None
            select.select([self.fd], [], [], left)

    def close(self) -> None:
        self.x.XCloseDisplay(self.dpy)


class Xvfb:
    """A private X server on a free display number."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen | None = None
        self.name = ""

    def __enter__(self) -> Xvfb:
        xvfb = shutil.which("Xvfb")
        if xvfb is None:
            return self
        for n in range(140, 180):
            if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
                break
        self.proc = subprocess.Popen([xvfb, f":{n}", "-screen", "0", "1280x720x24", "-nolisten",
                                      "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                self.name = f":{n}"
                break
            time.sleep(0.025)
        return self

    def __exit__(self, *exc) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(5)


@dataclass
class Launch:
    """One start of a program: seconds from the start to its window mapped and (for
    cardtable) to its first frame shown."""

    mapped: float | None
    first_frame: float | None = None


def environment(display: str, home: Path) -> dict[str, str]:
    env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy",
               XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               XDG_CACHE_HOME=str(home / "cache"), CARDTABLE_DATA_DIR=str(home / "cardtable"),
               HOME=str(home), NO_AT_BRIDGE="1", PYGAME_HIDE_SUPPORT_PROMPT="1")
    # `make bench` names the dummy video driver for the other benchmarks: here the window
    # is a real one
    env.pop("SDL_VIDEODRIVER", None)
    return env


def launch(command: list[str], env: dict[str, str], watch: MapWatch,
           stamp: Path | None) -> Launch:
    """Start ``command``, note when its window is mapped and (with ``stamp``) when its
    first frame was shown; a program that does not close itself is closed once mapped."""
    watch.drain()
    if stamp is not None:
        stamp.unlink(missing_ok=True)
        env = dict(env, CARDTABLE_FIRST_FRAME_FILE=str(stamp))
    start = time.time()
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        mapped = watch.wait_mapped(start + TIMEOUT)
        if stamp is None:
            return Launch(None if mapped is None else mapped - start)
        _, err = proc.communicate(timeout=TIMEOUT)
        if proc.returncode != 0 or not stamp.exists():
            raise RuntimeError(f"{command[0]} ended with {proc.returncode}: "
                               f"{err.decode(errors='replace')[-400:]}")
        shown = float(stamp.read_text().strip())
        return Launch(None if mapped is None else mapped - start, shown - start)
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.communicate(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.communicate(timeout=5)


def figures(times: list[float | None]) -> str:
    known = [t for t in times if t is not None]
    if not known:
        return "never seen"
    missed = f" ({len(times) - len(known)} not seen)" if len(known) < len(times) else ""
    return f"median {statistics.median(known):.3f} s, worst {max(known):.3f} s{missed}"


def series(label: str, command: list[str], env: dict[str, str], watch: MapWatch,
           stamp: Path | None, runs: int, note: str = "") -> float | None:
    """One cold start, then ``runs`` counted; prints the line and returns the median
    time to the first frame (or to the window mapped, for a program that tells no frame)."""
    cold = launch(command, env, watch, stamp)
    done = [launch(command, env, watch, stamp) for _ in range(runs)]
    mapped = figures([d.mapped for d in done])
    if stamp is None:
        print(f"   {label:22} window mapped {mapped}; cold {cold.mapped or 0:.3f} s{note}",
              flush=True)
        known = [d.mapped for d in done if d.mapped is not None]
    else:
        shown = figures([d.first_frame for d in done])
        print(f"   {label:22} first frame {shown}; cold {cold.first_frame or 0:.3f} s{note}\n"
              f"   {'':22} window mapped {mapped}", flush=True)
        known = [d.first_frame for d in done if d.first_frame is not None]
    return statistics.median(known) if known else None


def built_program() -> Path:
    name = "cardtable.exe" if sys.platform == "win32" else "cardtable"
    return ROOT / "dist" / "cardtable" / name


def main(argv: list[str] | None = None) -> None:
    argv = list(argv or [])
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else RUNS
    if not sys.platform.startswith("linux"):
        print("   skipped: the window is watched through an X server (Linux)")
        return
    with Xvfb() as x, tempfile.TemporaryDirectory(prefix="cardtable-start-") as tmp:
        if not x.name:
            print("   skipped: no Xvfb (apt-get install xvfb)")
            return
        scratch = Path(tmp)
        watch = MapWatch(x.name)
        try:
            load = os.getloadavg()[0]
            print(f"   Xvfb {x.name} 1280x720; one cold start, then {runs} counted; load "
                  f"average {load:.2f} on {os.cpu_count()} cores; goal: first frame <= "
                  f"{GOAL} s median", flush=True)
            env = environment(x.name, scratch / "home")
            source_env = dict(env, PYTHONPYCACHEPREFIX=str(scratch / "bytecode"))
            source_env.pop("PYTHONDONTWRITEBYTECODE", None)
            results = {}
            results["source"] = series("cardtable, source", [sys.executable, "-m", "cardtable"],
                                       source_env, watch, scratch / "stamp", runs)
            exe = built_program()
            if exe.exists():
                results["built"] = series("cardtable, built", [str(exe)], env, watch,
                                          scratch / "stamp", runs)
            else:
                print(f"   cardtable, built: {exe.relative_to(ROOT)} is not there (make build)")
            sol = shutil.which("sol") or shutil.which("sol", path="/usr/games")
            if sol is None:
                print("   aisleriot (GNOME solitaire, GTK): not installed (apt-get install "
                      "aisleriot)")
            else:
                series("aisleriot (sol), GTK", [sol], env, watch, None, runs,
                       note="   [for comparison]")
            over = [k for k, v in results.items() if v is None or v > GOAL]
            verdict = "ok" if not over else "OVER GOAL: " + ", ".join(over)
            print(f"   first frame, median: {verdict}")
        finally:
            watch.close()


if __name__ == "__main__":
    main(sys.argv[1:])
