"""Time from starting the built program to its first frame on screen.

    python build/first_frame.py [PROGRAM] [--runs N]

PROGRAM defaults to the built executable (see build.py). Each run starts the program with
``CARDTABLE_FIRST_FRAME_FILE`` set; the program writes the wall-clock time of its first shown
frame there and closes. The first run is reported apart ("cold": the files may not be in the
operating system's cache yet), then the median and worst of the others. The video driver is
whatever the environment says (``SDL_VIDEODRIVER=dummy``, or a real or Xvfb display).
The program's settings go to a temporary folder on Linux, so a user's own are not touched.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build import program  # noqa: E402


def once(exe: Path, scratch: Path) -> float:
    stamp = scratch / "first-frame.txt"
    stamp.unlink(missing_ok=True)
    env = dict(os.environ, CARDTABLE_FIRST_FRAME_FILE=str(stamp),
               XDG_CONFIG_HOME=str(scratch / "config"), CARDTABLE_DATA_DIR=str(scratch / "data"))
    start = time.time()
    subprocess.run([str(exe)], env=env, check=True, timeout=60,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return float(stamp.read_text().strip()) - start


def main(argv: list[str]) -> int:
    runs = 7
    if "--runs" in argv:
        i = argv.index("--runs")
        runs = int(argv[i + 1])
        del argv[i:i + 2]
    exe = Path(argv[0]) if argv else program()
    with tempfile.TemporaryDirectory(prefix="cardtable-ff-") as tmp:
        times = [once(exe, Path(tmp)) for _ in range(max(2, runs))]
    warm = times[1:]
    driver = os.environ.get("SDL_VIDEODRIVER") or f"display {os.environ.get('DISPLAY', '?')}"
    print(f"first frame ({driver}): cold {times[0]:.2f} s, then median "
          f"{statistics.median(warm):.2f} s, worst {max(warm):.2f} s over {len(warm)} runs")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
