"""kill -9 of the program while a hard computer thinks leaves no process and no file behind.

The program runs as ``python -m cardtable --smoke-test`` (window on the SDL dummy driver,
hard computer players thinking in the worker process) in a session of its own, so that
everything it started can be found afterwards by its session id, even once reparented.
It is killed with SIGKILL half a second after its worker process is up (in the manual
run, at a random moment up to 3 s later); then within a few seconds no process of that
session may be left, no named semaphore of ours in /dev/shm and no file in its temporary
folder (but the smoke test's own scratch folder, which only a smoke test has).

Run by hand for a count: ``python -m tests.test_kill 20``.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHM = Path("/dev/shm")

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists() or not hasattr(os, "setsid"),
    reason="finds the program's processes through /proc (Linux)",
)


def session_members(sid: int) -> list[int]:
    """Pids of the live (not zombie) processes whose session is ``sid``."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        state, session = fields[0], int(fields[3])
        if session == sid and state != "Z":
            out.append(int(entry.name))
    return out


def cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def cpu_ticks(pid: int) -> int:
    """CPU time the process has used so far, in clock ticks (0 once it is gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0
    fields = stat[stat.rindex(")") + 2:].split()
    return int(fields[11]) + int(fields[12])


def semaphores(pids) -> set[str]:
    """Named semaphores (in /dev/shm) that these processes have open: ours, not those of
    other programs running meanwhile."""
    out = set()
    for pid in pids:
        try:
            maps = Path(f"/proc/{pid}/maps").read_text()
        except OSError:
            continue
        for line in maps.splitlines():
            path = line.split(maxsplit=5)[-1]
            if path.startswith(str(SHM / "sem.")):
                out.add(Path(path).name)
    return out


def still_there(names: set[str]) -> list[str]:
    return sorted(n for n in names if (SHM / n).exists())


def clean_up(proc: subprocess.Popen) -> None:
    """Never leave anything behind, even when a test fails: the program and its workers
    first, so that the resource tracker can still remove their semaphores, then the rest."""
    if proc.poll() is None:
        proc.kill()
        proc.wait()
    for stubborn in (False, True):
        for pid in session_members(proc.pid):
            if stubborn or b"resource_tracker" not in cmdline(pid):
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
        end = time.monotonic() + 3
        while session_members(proc.pid) and time.monotonic() < end:
            time.sleep(0.05)


def smoke_scratch(path: Path, tmp: Path) -> bool:
    """The smoke test's own data folder (the program proper has none): a killed smoke
    test cannot remove it."""
    parts = path.relative_to(tmp).parts
    return len(parts) > 1 and parts[0] == "temp" and parts[1].startswith("cardtable-smoke-")


def kill_while_thinking(tmp: Path, delay: float, patience: float = 5.0) -> dict:
    """Start the program, kill -9 it ``delay`` s after its worker is up; what survives."""
    (tmp / "temp").mkdir()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CARDTABLE_DATA_DIR=str(tmp / "data"), TMPDIR=str(tmp / "temp"),
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "cardtable", "--smoke-test"], cwd=tmp,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    sid = proc.pid
    try:
        deadline = time.monotonic() + 120
        while not any(b"spawn_main" in cmdline(pid) for pid in session_members(sid)):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("the program ended before its worker started")
            time.sleep(0.05)
        started = set(session_members(sid)) - {proc.pid}
        time.sleep(delay)
        busy = sum(cpu_ticks(pid) for pid in started)
        time.sleep(0.1)
        busy = sum(cpu_ticks(pid) for pid in started) - busy
        ours = semaphores(session_members(sid))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        left, sems = session_members(sid), still_there(ours)
        end = time.monotonic() + patience
        while (left or sems) and time.monotonic() < end:
            time.sleep(0.1)
            left, sems = session_members(sid), still_there(ours)
        files = sorted(str(p.relative_to(tmp)) for p in tmp.rglob("*")
                       if p.is_file() and not smoke_scratch(p, tmp))
        return {"children": started, "left": left, "busy": busy > 0, "files": files,
                "semaphores": sems, "semaphores_seen": sorted(ours)}
    finally:
        clean_up(proc)


PARENT = """
import sys, time

if __name__ == "__main__":
    if sys.argv[1] == "service":
        from cardtable.ai.worker import BotService

        service = BotService()
        print(service.warm_up().result()["pid"], flush=True)
        service._executor().submit(time.sleep, 120)   # busy, as in a long search
    else:
        import cardtable.match as m
        from cardtable.ai import worker

        bots = [m.Seat("A", "computer", "hard"), m.Seat("B", "computer", "hard")]
        match = m.Match("sixtysix", bots, seed=1, budget=60.0, executor="process")
        match.poll(now=0.0)       # the hard bot starts a search of a minute, in the worker
        service = worker.shared_service()
        while service._pool is None or not service._pool._processes:
            time.sleep(0.01)
        print(next(iter(service._pool._processes)), flush=True)
    time.sleep(120)
"""


@pytest.mark.parametrize("which", ["service", "match"])
def test_a_busy_worker_ends_with_its_killed_parent(tmp_path, which):
    script = tmp_path / "parent.py"
    script.write_text(PARENT, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, str(script), which], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        worker = int(proc.stdout.readline())
        assert worker in session_members(proc.pid)
        time.sleep(0.3)
        ours = semaphores(session_members(proc.pid))
        proc.kill()
        proc.wait(timeout=10)
        end = time.monotonic() + 5
        while session_members(proc.pid) and time.monotonic() < end:
            time.sleep(0.1)
        assert session_members(proc.pid) == []
        assert still_there(ours) == []
    finally:
        clean_up(proc)
        proc.stdout.close()


def test_kill_9_while_a_hard_computer_thinks_leaves_nothing_behind(tmp_path):
    result = kill_while_thinking(tmp_path, delay=0.5)
    assert result["children"], "the worker process never started"
    assert result["left"] == [], f"still running after the kill: {result['left']}"
    assert result["semaphores"] == [], result["semaphores"]
    assert result["files"] == [], result["files"]


def main(argv: list[str]) -> int:
    import tempfile

    runs = int(argv[0]) if argv else 20
    rng = random.Random(1)
    survived = busy = 0
    for i in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            r = kill_while_thinking(Path(tmp), delay=rng.uniform(0.0, 3.0))
        bad = bool(r["left"] or r["semaphores"] or r["files"])
        survived += bad
        busy += r["busy"]
        print(f"kill {i + 1}: children {sorted(r['children'])}"
              f"{' (thinking)' if r['busy'] else ''}, left {r['left']}, "
              f"semaphores left {r['semaphores']} of {len(r['semaphores_seen'])}, "
              f"files left {r['files']}"
              f"{'  SURVIVED' if bad else ''}", flush=True)
    print(f"{survived} of {runs} kills left something behind; "
          f"a child was thinking at {busy} of the kills")
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
