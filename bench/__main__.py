"""`python -m bench` (or `make bench`): every benchmark of the project, one after another.

Each module bench/bench_*.py has a main() that prints its own figures. Pass names to run
only some: `python -m bench engine melds`.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
from pathlib import Path


def main(argv: list[str]) -> int:
    here = Path(__file__).parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    wanted = [f"bench_{a}" if not a.startswith("bench_") else a for a in argv]
    if wanted:
        names = [n for n in names if n in wanted]
    for name in names:
        print(f"== {name[6:]}", flush=True)
        start = time.perf_counter()
        importlib.import_module(f"bench.{name}").main()
        print(f"   ({time.perf_counter() - start:.1f} s)\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
