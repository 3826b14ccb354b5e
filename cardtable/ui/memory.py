"""Giving memory back to the system between busy spells.

A card table allocates and frees many middle-sized blocks (card images, text, the frame's
copy for comparison). The C library's allocator on Linux (glibc) keeps what was freed for
later use instead of returning it, so the resident size of a long session creeps up long
after the program's own caches have stopped growing. :func:`trim` asks glibc to hand back
what it holds free; elsewhere (macOS, Windows, musl) it does nothing.

:func:`configure` sets glibc's allocator up for such a program once, at start: blocks of
64 KB and more (every card image, panel and text line of any size) get pages of their own,
given back the moment they are freed, instead of glibc raising that threshold after the
first large free and carving later images out of a heap that then cannot shrink; and two
heaps (arenas) serve the threads instead of eight per core.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
import time

_trim = None
_libc = None
_looked = False
_configured = False
_last = float("-inf")

#: at most one trim in this many seconds (a trim of a large heap takes a few milliseconds)
EVERY = 20.0


#: blocks at least this large get pages of their own (mallopt M_MMAP_THRESHOLD)
MMAP_THRESHOLD = 64 * 1024
#: heaps shared by the threads (mallopt M_ARENA_MAX)
ARENAS = 2
_M_MMAP_THRESHOLD = -3
_M_ARENA_MAX = -8


def _glibc():
    global _trim, _libc, _looked
    if not _looked:
        _looked = True
        if sys.platform.startswith("linux"):
            try:
                libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
                _trim = libc.malloc_trim
                _trim.argtypes = [ctypes.c_size_t]
                _trim.restype = ctypes.c_int
                libc.mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
                libc.mallopt.restype = ctypes.c_int
                _libc = libc
            except (OSError, AttributeError):
                _trim = _libc = None   # not glibc: nothing to ask
    return _libc


def _malloc_trim():
    _glibc()
    return _trim


def configure() -> bool:
    """Set the allocator up for long sessions (once; before the threads start). True when
    glibc took both settings; elsewhere nothing is done and False is returned."""
    global _configured
    libc = _glibc()
    if libc is None or _configured:
        return _configured
    _configured = bool(libc.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and \
        bool(libc.mallopt(_M_ARENA_MAX, ARENAS))
    return _configured


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
