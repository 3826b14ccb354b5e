"""Giving memory back to the system between busy spells.

A card table allocates and frees many middle-sized blocks (card images, text, the frame's
copy for comparison). The C library's allocator on Linux (glibc) keeps what was freed for
later use instead of returning it, so the resident size of a long session creeps up long
after the program's own caches have stopped growing. :func:`trim` asks glibc to hand back
what it holds free; elsewhere (macOS, Windows, musl) it does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
import time

_trim = None
_looked = False
_last = float("-inf")

#: at most one trim in this many seconds (a trim of a large heap takes a few milliseconds)
EVERY = 20.0


def _malloc_trim():
    global _trim, _looked
    if not _looked:
        _looked = True
        if sys.platform.startswith("linux"):
            try:
                libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
                _trim = libc.malloc_trim
                _trim.argtypes = [ctypes.c_size_t]
                _trim.restype = ctypes.c_int
            except (OSError, AttributeError):
                _trim = None          # not glibc: nothing to ask
    return _trim


def trim(now: float | None = None, force: bool = False) -> bool:
    """Return freed heap memory to the system, at most every :data:`EVERY` seconds
    (unless ``force``). True when a trim was made."""
    global _last
    now = time.monotonic() if now is None else now
    if not force and now - _last < EVERY:
        return False
    fn = _malloc_trim()
    if fn is None:
        return False
    _last = now
    fn(0)
    return True
