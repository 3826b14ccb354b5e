"""The clock that the computer players' time budgets are read from.

Every search asks :func:`now` (seconds, any origin) when it starts, while it decides
whether another world or node fits in its budget, and when it reports how long it took.
The program reads ``time.perf_counter``; a test puts a counting clock in its place with
:func:`use`, so whether a search keeps to its budget is checked by the search's own
reckoning and never by how busy the machine happens to be.
"""

from __future__ import annotations

import time
from collections.abc import Callable

_source: Callable[[], float] = time.perf_counter


def now() -> float:
    """The current time in seconds, by the clock in use."""
    return _source()


def use(source: Callable[[], float]) -> Callable[[], float]:
    """Read ``source`` from now on; returns the clock it replaces (to put it back)."""
    global _source
    previous, _source = _source, source
    return previous


class Ticking:
    """A clock that moves only when read, by ``tick`` seconds each time: a search's time is
    then a count of its own readings, the same on any machine under any load."""

    def __init__(self, tick: float = 0.001):
        self.tick = tick
        self.time = 0.0

    def __call__(self) -> float:
        self.time += self.tick
        return self.time
