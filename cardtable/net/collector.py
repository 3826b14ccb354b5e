"""Python's garbage collector, paced for a server that holds many tables. No pygame here.

A full collection looks at every object the process holds: with a thousand tables that is
millions of objects and half a second during which no table moves (measured by
bench/bench_serve.py: pauses of 0.2 to 0.5 s, the slowest moves' whole delay). The tables'
objects live long and are freed by their reference counts when a table ends, so the
collector need not look at them again and again:

* every ``every`` seconds the young generations are collected (what was made since, a
  short pause), then everything is frozen (:func:`gc.freeze`, at once): later
  collections, the automatic ones included, look only at what was made since. A pause
  lasts as long as what still lives of what was made since takes to look at, so it looks
  every second: with a thousand tables playing 333 moves a second (played in one process,
  bench figures in docs/SERVER.md), 6 to 9 ms a look; looking every five seconds took 180
  to 210 ms (when the host kept each seat's view whole, and counted the frozen objects
  for a debug line), a delay every move made meanwhile waited for;
* the automatic full collections come a hundred times less often (``gc.set_threshold``'s
  third number): between two of this pacing's, what is new is looked at by the young
  generations' collections, which are short;
* a table that ends may leave cycles among its frozen objects that only a collection
  finds: once as many tables have ended since the last thaw as ``thaw_share`` of those
  still open (and at least ``thaw_min``), everything is thawed and collected once, so
  nothing stays for ever.

    collector = Collector()
    collector.start()                        # after the imports: they are frozen at once
    collector.tick(now, open_tables=800, ended=3)      # from the server's sweep
"""

from __future__ import annotations

import gc
import logging
import time

log = logging.getLogger(__name__)


class Collector:
    """When to collect and freeze (see the module's docstring)."""

    def __init__(self, every: float = 1.0, thaw_share: float = 0.25, thaw_min: int = 50):
        self.every = every
        self.thaw_share = thaw_share
        self.thaw_min = thaw_min
        self.ended = 0           # tables ended since the last thaw
        self.last = 0.0
        self.thaws = 0
        self.longest = 0.0       # the longest pause this pacing took, seconds
        self._thresholds: tuple[int, int, int] | None = None

    def start(self, now: float | None = None) -> None:
        """Collect and freeze what the program holds before any table (its modules), and
        make the automatic full collections rare."""
        self.last = time.monotonic() if now is None else now
        young, middle, old = gc.get_threshold()
        self._thresholds = (young, middle, old)
        gc.set_threshold(young, middle, max(old, 100 * old))
        self._collect(thaw=False, everything=True)

    def tick(self, now: float, open_tables: int, ended: int = 0) -> bool:
        """The server's regular look: ``ended`` tables ended since the last. True when it
        collected."""
        self.ended += ended
        if now - self.last < self.every:
            return False
        self.last = now
        thaw = self.ended >= max(self.thaw_min, self.thaw_share * open_tables)
        self._collect(thaw)
        return True

    def _collect(self, thaw: bool, everything: bool = False) -> None:
        started = time.perf_counter()
        if thaw:
            gc.unfreeze()
            self.ended = 0
            self.thaws += 1
        found = gc.collect() if thaw or everything else gc.collect(1)
        gc.freeze()
        spent = time.perf_counter() - started
        self.longest = max(self.longest, spent)
        if log.isEnabledFor(logging.DEBUG):     # (counting the frozen walks them all)
            log.debug("collected %d objects in %.0f ms%s (%d frozen)", found, spent * 1000,
                      " after a thaw" if thaw else "", gc.get_freeze_count())

    def stop(self) -> None:
        """Give every frozen object back to the collector, and the collector its usual
        pace (the server stops)."""
        gc.unfreeze()
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None
