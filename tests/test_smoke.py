"""`cardtable --smoke-test` from the source tree, as a separate process (as the build runs it)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def smoke(tmp_path, video="dummy"):
    env = dict(os.environ, SDL_VIDEODRIVER=video, SDL_AUDIODRIVER="dummy",
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    log = tmp_path / "smoke.txt"
    done = subprocess.run([sys.executable, "-m", "cardtable", "--smoke-test", "--smoke-log",
                           str(log)], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=180)
    return done, log.read_text(encoding="utf-8")


def test_smoke_test_passes_from_source(tmp_path):
    done, log = smoke(tmp_path)
    lines = done.stdout.splitlines()
    assert done.returncode == 0, done.stdout + done.stderr
    assert lines[-1].startswith("smoke test passed"), lines[-1]
    for step in ("modules", "log", "window", "assets", "scenes", "speech", "tables", "network",
                 "matches"):
        assert any(line.startswith(f"smoke: {step}") and " ok " in line for line in lines), step
    assert "worker process pid" in done.stdout
    assert log.splitlines() == lines
    # it wrote nothing where it ran (no settings, no autosave)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["smoke.txt"]


def test_smoke_test_fails_with_a_one_line_reason(tmp_path):
    done, log = smoke(tmp_path, video="no-such-driver")
    assert done.returncode == 1
    last = done.stdout.splitlines()[-1]
    assert last.startswith("smoke test FAILED in step window: "), last
    assert "Traceback" in done.stderr and "Traceback" in log


BROKEN_WORKER = """
import sys
from cardtable import smoke
from cardtable.ai import worker

def no_process(self):
    raise OSError("no semaphores here")

worker.BotService._make_process_pool = no_process
if __name__ == "__main__":
    try:
        smoke.play_hard_matches(smoke.Report())
    except smoke.SmokeFailure as exc:
        print("failure:", exc)
        sys.exit(1)
"""


def test_a_worker_that_falls_back_to_a_thread_fails_the_smoke_test(tmp_path):
    # the bots would still play (in a thread), which is exactly what must not pass unseen
    script = tmp_path / "broken_worker.py"
    script.write_text(BROKEN_WORKER, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "the worker process did not start (OSError: no semaphores here)" in done.stdout


BROKEN_SPEECH = """
import sys
from importlib import metadata
from cardtable import smoke

real = metadata.version
metadata.version = lambda name: "0.18.3" if name == "prismatoid" else real(name)
sys.modules["prism"] = None        # installed, but its import fails
app, _ = smoke.open_window()
try:
    print(smoke.check_speech(app))
except smoke.SmokeFailure as exc:
    print("failure:", exc)
    sys.exit(1)
"""


def test_a_speech_library_installed_but_broken_fails_the_smoke_test(tmp_path):
    """Speech may be absent (nothing installed: silent), but a bundled library that does not
    load is a broken build."""
    script = tmp_path / "broken_speech.py"
    script.write_text(BROKEN_SPEECH, encoding="utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "prismatoid 0.18.3 is installed but does not load" in done.stdout

