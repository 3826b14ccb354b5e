"""What a table server (:mod:`cardtable.net.serve`) keeps about each address that connects,
bounded. No pygame here.

* :class:`Attempts`: refused attempts (a code no table has) per address: the first
  ``free`` within ``window`` seconds cost nothing, each one after that blocks the address
  for twice as long as the one before (up to ``longest``). An address that stops trying is
  forgotten after the window; at most ``size`` addresses are kept (the least recently seen
  go first), so a flood of addresses cannot grow the server.
* :class:`Rate`: at most ``count`` events (tables created) per address in ``seconds``.
* :class:`Counts`: connections open now per address (only addresses with one open).
* :class:`Quiet`: a warning said once, then counted and summed up at most once a minute,
  however often its cause happens (a flood must not become a flood of log lines).
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict, deque
from typing import Any


class Attempts:
    """Refused attempts per address, with back-off (see the module's docstring)."""

    def __init__(self, free: int = 5, window: float = 600.0, first: float = 1.0,
                 longest: float = 300.0, size: int = 65536):
        self.free = free
        self.window = window
        self.first = first
        self.longest = longest
        self.size = size
        #: address -> [misses, last miss, blocked until]
        self._book: OrderedDict[str, list[float]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._book)

    def blocked(self, address: str, now: float | None = None) -> float:
        """Seconds ``address`` must still wait before its next attempt counts (0: none)."""
        now = time.monotonic() if now is None else now
        entry = self._book.get(address)
        if entry is None:
            return 0.0
        if now - entry[1] > self.window and now >= entry[2]:
            del self._book[address]
            return 0.0
        return max(0.0, entry[2] - now)

    def miss(self, address: str, now: float | None = None) -> float:
        """A refused attempt of ``address``: how long it is blocked now (0: not yet)."""
        now = time.monotonic() if now is None else now
        self.blocked(address, now)          # (forgets an address quiet for the window)
        entry = self._book.pop(address, None) or [0.0, now, now]
        entry[0] += 1
        entry[1] = now
        over = int(entry[0]) - self.free
        if over > 0:
            entry[2] = now + min(self.longest, self.first * 2 ** min(over - 1, 30))
        self._book[address] = entry          # the most recently seen last
        while len(self._book) > self.size:
            self._book.popitem(last=False)
        return max(0.0, entry[2] - now)


class Rate:
    """At most ``count`` events per address in ``seconds`` (``size`` addresses kept)."""

    def __init__(self, count: int, seconds: float, size: int = 65536):
        self.count = count
        self.seconds = seconds
        self.size = size
        self._times: OrderedDict[str, deque[float]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._times)

    def allow(self, address: str, now: float | None = None) -> bool:
        """Note an event of ``address`` if it is within its rate; False (nothing noted)
        when it is not."""
        now = time.monotonic() if now is None else now
        times = self._times.pop(address, None) or deque(maxlen=self.count)
        while times and now - times[0] >= self.seconds:
            times.popleft()
        allowed = len(times) < self.count
        if allowed:
            times.append(now)
        self._times[address] = times
        while len(self._times) > self.size:
            self._times.popitem(last=False)
        return allowed


class Counts:
    """Connections open now per address (an address with none is not kept)."""

    def __init__(self) -> None:
        self._open: dict[str, int] = {}

    def __getitem__(self, address: str) -> int:
        return self._open.get(address, 0)

    def __len__(self) -> int:
        return len(self._open)

    def add(self, address: str) -> int:
        self._open[address] = self._open.get(address, 0) + 1
        return self._open[address]

    def remove(self, address: str) -> None:
        left = self._open.get(address, 0) - 1
        if left > 0:
            self._open[address] = left
        else:
            self._open.pop(address, None)


class Quiet:
    """A warning logged the first time, then counted: at most one line per ``every``
    seconds says how many more times it happened."""

    def __init__(self, log: logging.Logger, message: str, every: float = 60.0):
        self.log = log
        self.message = message
        self.every = every
        self.count = 0
        self._said_at: float | None = None
        self._unsaid = 0

    def __call__(self, *args: Any) -> None:
        now = time.monotonic()
        self.count += 1
        self._unsaid += 1
        if self._said_at is None or now - self._said_at >= self.every:
            more = self._unsaid - 1
            suffix = f" ({more} more times since the last such line)" if more else ""
            self.log.warning(self.message + suffix, *args)
            self._said_at = now
            self._unsaid = 0
