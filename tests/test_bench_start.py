"""bench/bench_start.py's instruments: its private X server, the X client that sees a window
being mapped, and a launch timed to its window and its first frame (needs Xvfb)."""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

import pytest

from bench import bench_start

pytestmark = pytest.mark.skipif(shutil.which("Xvfb") is None or not sys.platform.startswith(
    "linux"), reason="needs Xvfb (Linux)")

#: a window that shows one frame after a pause, then says when and closes
WINDOW = """
import os, sys, time
import pygame
pygame.display.init()
time.sleep(float(sys.argv[1]))
screen = pygame.display.set_mode((320, 200))
screen.fill((0, 90, 0))
pygame.display.flip()
open(os.environ["CARDTABLE_FIRST_FRAME_FILE"], "w").write(f"{time.time():.6f}")
"""


@pytest.fixture(scope="module")
def display():
    with bench_start.Xvfb() as x:
        assert x.name
        watch = bench_start.MapWatch(x.name)
        yield x.name, watch
        watch.close()


def test_a_window_is_seen_mapped_and_its_first_frame_after_the_pause(display, tmp_path):
    name, watch = display
    env = bench_start.environment(name, tmp_path / "home")
    assert "SDL_VIDEODRIVER" not in env and env["DISPLAY"] == name
    command = [sys.executable, "-c", WINDOW]
    quick = bench_start.launch(command + ["0"], env, watch, tmp_path / "stamp")
    slow = bench_start.launch(command + ["0.6"], env, watch, tmp_path / "stamp")
    for run in (quick, slow):
        assert run.mapped is not None and run.first_frame is not None and run.mapped > 0
    # the pause came before the window and its frame: bounds no load can break (how much
    # later than the quick one it comes depends on the machine, and is not asked)
    assert slow.mapped >= 0.6 and slow.first_frame >= 0.6


def test_no_window_is_none_and_a_program_that_fails_is_said(display, tmp_path, monkeypatch):
    name, watch = display
    env = bench_start.environment(name, tmp_path / "home")
    monkeypatch.setattr(bench_start, "TIMEOUT", 1.0)
    started = time.monotonic()
    run = bench_start.launch([sys.executable, "-c", "import time; time.sleep(60)"], env, watch,
                             None)
    assert run.mapped is None and time.monotonic() - started < 30   # (not the 60 s sleep's end)
    with pytest.raises(RuntimeError, match="ended with 3"):
        bench_start.launch([sys.executable, "-c", "import sys; sys.exit(3)"], env, watch,
                           tmp_path / "stamp")


def test_figures_are_the_median_and_the_worst():
    assert bench_start.figures([0.3, 0.1, 0.2]) == "median 0.200 s, worst 0.300 s"
    assert bench_start.figures([None, 0.1, 0.3]).endswith("(1 not seen)")
    assert bench_start.figures([None]) == "never seen"


def test_the_built_program_is_looked_for_in_dist():
    assert bench_start.built_program().parent == Path(bench_start.ROOT) / "dist" / "cardtable"
