"""A dictionary of drawn surfaces that keeps only the most recently used ``size`` entries.

Caches keyed by texts, sizes or angles that keep changing (every log line, every window
size tried while resizing, every card's own tilt) would otherwise grow for as long as the
program runs.

    cache = LRU(200)
    img = cache.get(key)          # marks ``key`` as just used
    if img is None:
        cache[key] = img = draw()  # the least recently used entry goes beyond 200
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, NamedTuple


class LRU(OrderedDict):
    """At most ``size`` entries and, with ``max_bytes``, at most that many bytes of pixels
    (surfaces of a window's size weigh as much as a thousand small ones)."""

    def __init__(self, size: int, max_bytes: int | None = None):
        super().__init__()
        self.size = max(1, int(size))
        self.max_bytes = max_bytes
        self.bytes = 0

    def get(self, key, default: Any = None) -> Any:
        try:
            value = self[key]
        except KeyError:
            return default
        self.move_to_end(key)
        return value

    def __setitem__(self, key, value) -> None:
        if self.max_bytes is None:
            super().__setitem__(key, value)
            self.move_to_end(key)
            while len(self) > self.size:
                self.popitem(last=False)
            return
        old = super().get(key)
        if old is not None:
            self.bytes -= _pixels(old)
        super().__setitem__(key, value)
        self.move_to_end(key)
        self.bytes += _pixels(value)
        while len(self) > 1 and (len(self) > self.size or self.bytes > self.max_bytes):
            _, gone = self.popitem(last=False)
            self.bytes -= _pixels(gone)

    def __delitem__(self, key) -> None:
        if self.max_bytes is not None:
            self.bytes -= _pixels(self[key])
        super().__delitem__(key)

    def pop(self, key, *default):
        if self.max_bytes is not None and key in self:
            self.bytes -= _pixels(super().get(key))
        return super().pop(key, *default)

    def clear(self) -> None:
        super().clear()
        self.bytes = 0


class CacheInfo(NamedTuple):
    """How full a :func:`surface_cache` is, in bytes of pixels."""

    currsize: int
    maxsize: int


def _pixels(value: Any) -> int:
    try:
        return value.get_bytesize() * value.get_width() * value.get_height()
    except (AttributeError, TypeError):
        return 0


def surface_cache(max_bytes: int) -> Callable:
    """Like ``functools.lru_cache``, for functions that draw surfaces, but bounded by the
    pixels kept (``max_bytes``) rather than by a count: a panel of the window's size weighs
    as much as a thousand small labels, and panels of many sizes (one per summary, per
    window size tried) would otherwise be kept by the hundred."""

    def wrap(fn: Callable) -> Callable:
        kept: OrderedDict = OrderedDict()
        total = 0

        @functools.wraps(fn)
        def cached(*args):
            nonlocal total
            value = kept.get(args)
            if value is not None:
                kept.move_to_end(args)
                return value
            value = fn(*args)
            kept[args] = value
            total += _pixels(value)
            while total > max_bytes and len(kept) > 1:
                _, old = kept.popitem(last=False)
                total -= _pixels(old)
            return value

        def cache_clear() -> None:
            nonlocal total
            kept.clear()
            total = 0

        cached.cache_clear = cache_clear
        cached.cache_info = lambda: CacheInfo(total, max_bytes)
        return cached

    return wrap
