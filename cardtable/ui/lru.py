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

from collections import OrderedDict
from typing import Any


class LRU(OrderedDict):
    def __init__(self, size: int):
        super().__init__()
        self.size = max(1, int(size))

    def get(self, key, default: Any = None) -> Any:
        try:
            value = self[key]
        except KeyError:
            return default
        self.move_to_end(key)
        return value

    def __setitem__(self, key, value) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)
