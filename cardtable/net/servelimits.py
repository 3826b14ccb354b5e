"""What a table server (:mod:`cardtable.net.serve`) keeps about each address that connects,
bounded. No pygame here. (Wrong codes and tokens per address are
:class:`cardtable.net.door.Guesses`, which a host's table counts with too.)

* :class:`Rate`: at most ``count`` events (tables created) per address in ``seconds``; at
  most ``size`` addresses are kept (the least recently seen go first), so a flood of
  addresses cannot grow the server.
* :class:`Counts`: connections open now per address (only addresses with one open).
* :class:`Quiet`: a warning said once, then counted and summed up at most once a minute,
  however often its cause happens (a flood must not become a flood of log lines).
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict, deque
from typing import Any


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
