"""Starting SDL quietly: only the parts the program uses, and the C libraries' complaints
about a missing sound card kept out of the terminal (they go to the log).

``pygame.init()`` opens every subsystem, the audio device included, and on a machine with no
sound card ALSA's library writes a dozen "ALSA lib ... cannot find card" lines straight to
file descriptor 2, where Python cannot catch them. The window needs only the display and
the fonts; the sounds open the mixer themselves through :func:`open_mixer`.

Sleeping on the window's events: ``pygame.event.wait`` looks at the queue every millisecond
(about 900 wake-ups a second), whereas SDL's own ``SDL_WaitEventTimeout`` sleeps on the
window system's connection (X11, Wayland, Windows, macOS) until an event comes, and an event
posted from another thread (``pygame.event.post``) wakes it at once. :func:`waiter` finds
that function in the SDL library pygame loaded (the same copy, so the same queue) and
:func:`wait_for_event` calls it without taking the event, which pygame then reads as usual.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame

log = logging.getLogger(__name__)

#: the video drivers whose SDL sleeps on the window system rather than looking every
#: millisecond (the others, dummy and offscreen, have nothing to sleep on)
SLEEPING_DRIVERS = frozenset({"x11", "wayland", "windows", "cocoa"})


#: SDL's hint: a window's pixels go to the screen through the X server's shared memory,
#: not through an OpenGL texture (which loads the GL driver: on Mesa, LLVM with it)
FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"


def init() -> None:
    """The display and the fonts (what a window and its text need), nothing else."""
    if not pygame.display.get_init():
        pygame.display.init()
        # on X11 a software window needs no GPU driver: SDL would otherwise load OpenGL
        # to show each frame (about 36 MB of anonymous memory and 95 MB resident with
        # Mesa). Read when the first window is made; the person's own value wins
        if pygame.display.get_driver() == "x11":
            os.environ.setdefault(FRAMEBUFFER_HINT, "0")
    if not pygame.font.get_init():
        pygame.font.init()


@contextlib.contextmanager
def native_stderr_logged(what: str) -> Iterator[None]:
    """Point file descriptor 2 at a temporary file while C code runs; what it wrote there
    is logged (debug) as said by ``what`` rather than shown in the terminal."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):  # no descriptor 2 (a windowed program)
        yield
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            said = sink.read().decode("utf-8", "replace").strip()
            if said:
                log.debug("%s said:\n%s", what, said)


def open_mixer(frequency: int, buffer: int) -> tuple[int, int, int] | None:
    """Open the audio device (16-bit stereo); its format, or None when there is none (the
    reason is logged)."""
    try:
        if not pygame.mixer.get_init():
            with native_stderr_logged("the audio device"):
                pygame.mixer.init(frequency=frequency, size=-16, channels=2, buffer=buffer)
        return pygame.mixer.get_init() or None
    except pygame.error as exc:
        log.info("no sound: %s", exc)
        return None


def sdl_library_paths() -> list[str]:
    """Where the SDL library pygame uses may be: first the one this process has loaded
    (Linux tells), then the copies shipped beside pygame (wheels, macOS, Windows)."""
    found: list[str] = []
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            for line in maps:
                start = line.find("/")
                path = line[start:].rstrip("\n") if start >= 0 else ""
                if os.path.basename(path).startswith("libSDL2-") and path not in found:
                    found.append(path)
    except OSError:          # not Linux
        pass
    here = Path(pygame.__file__).resolve().parent
    for folder in (here, here / ".dylibs", here.parent / "pygame_ce.libs"):
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        found += [str(folder / n) for n in names if str(folder / n) not in found and (
            n == "SDL2.dll" or (n.startswith("libSDL2-") and ".so" in n)
            or (n.startswith("libSDL2-2") and n.endswith(".dylib")))]
    return found


def _load_waiter() -> Callable[[int], int] | None:
    """``SDL_WaitEventTimeout(NULL, ms)`` of the SDL library pygame runs on, or None when it
    cannot be found or is not the same version (the reason is logged)."""
    # ctypes only now, at the first sleep (after the first frame): 1.6 ms less at start
    import ctypes  # noqa: PLC0415

    class SDLVersion(ctypes.Structure):
        _fields_ = [("major", ctypes.c_uint8), ("minor", ctypes.c_uint8),
                    ("patch", ctypes.c_uint8)]

    want = tuple(pygame.get_sdl_version(linked=True))
    for path in sdl_library_paths():
        try:
            lib = ctypes.CDLL(path)
            version = SDLVersion()
            lib.SDL_GetVersion(ctypes.byref(version))
            if (version.major, version.minor, version.patch) != want:
                log.debug("%s is SDL %d.%d.%d, pygame runs on %s", path, version.major,
                          version.minor, version.patch, want)
                continue
            wait = lib.SDL_WaitEventTimeout
        except (OSError, AttributeError) as exc:
            log.debug("no SDL wait in %s: %s", path, exc)
            continue
        wait.argtypes = [ctypes.c_void_p, ctypes.c_int]
        wait.restype = ctypes.c_int
        return lambda ms: wait(None, ms)
    log.info("the loop looks at the window's events in slices: SDL's own wait was not found")
    return None


_UNKNOWN = object()
_waiter: object = _UNKNOWN


def waiter() -> Callable[[int], int] | None:
    """SDL's wait for an event, ``fn(ms) -> 1 when an event is queued, 0 when ``ms``
    milliseconds passed first`` (``ms`` -1: no limit), the event left in the queue; None
    when the video driver has nothing to sleep on (dummy, offscreen) or SDL's library was
    not found: the caller then looks at the queue itself from time to time."""
    global _waiter
    if not pygame.display.get_init() or pygame.display.get_driver() not in SLEEPING_DRIVERS:
        return None
    if _waiter is _UNKNOWN:
        _waiter = _load_waiter()
    return _waiter  # type: ignore[return-value]


def wait_for_event(timeout: float | None) -> bool | None:
    """Sleep until an event is in the queue (True) or ``timeout`` seconds passed (False;
    None: no limit); None at once when SDL cannot sleep here (see :func:`waiter`)."""
    wait = waiter()
    if wait is None:
        return None
    ms = -1 if timeout is None else max(1, int(timeout * 1000 + 0.999))
    return bool(wait(ms))


def close_mixer() -> None:
    """Close the audio device (its thread ends); :func:`open_mixer` opens it again."""
    if pygame.mixer.get_init():
        pygame.mixer.quit()


#: set by the window's wake (``cardtable.ui.app.wake``): a loop sleeping in slices wakes at
#: once for another thread's news
WOKEN = threading.Event()
#: where SDL cannot sleep on the window system (the dummy and offscreen drivers, or its
#: library not found), how often the sleeping loop looks at the window's events (seconds):
#: every 10 ms for the first second (a double-click, a key held), then every 25 ms
SLEEP_SLICE = 0.01
SLEEP_SLICE_LONG = 0.025


def wait_events(timeout: float | None) -> list[pygame.event.Event]:
    """Sleep until an event comes, the window is woken or ``timeout`` seconds pass
    (None: no limit); returns the events queued.

    SDL's own wait sleeps on the window system's connection: nothing runs until an event
    comes (another thread's wake is one), or the timeout. Where SDL has nothing to
    sleep on, the queue is looked at in slices (:data:`SLEEP_SLICE`)."""
    WOKEN.clear()          # a wake from now on is seen; one before posted its event
    events = pygame.event.get()
    if events:
        return events
    begun = time.monotonic()
    end = None if timeout is None else begun + timeout
    while True:
        left = None if end is None else end - time.monotonic()
        if left is not None and left <= 0:
            return []
        queued = wait_for_event(left)
        if queued is None:
            return _wait_in_slices(begun, end)
        events = pygame.event.get()
        if events or not queued:
            return events
        # SDL queued something pygame hands over as nothing: a slice's rest, so that such
        # an event can never make the loop spin
        time.sleep(SLEEP_SLICE)


def _wait_in_slices(begun: float, end: float | None) -> list[pygame.event.Event]:
    """The queue looked at every slice until an event, a wake or ``end``."""
    while True:
        events = pygame.event.get()
        if events:
            return events
        now = time.monotonic()
        left = SLEEP_SLICE if now - begun < 1.0 else SLEEP_SLICE_LONG
        if end is not None:
            left = min(left, end - now)
        if left <= 0:
            return []
        if WOKEN.wait(left):
            WOKEN.clear()
            return pygame.event.get()


def relay_signals(wake: Callable[[], object], terminate: Callable[[], object]
                  ) -> Callable[[], None]:
    """While the window sleeps in SDL, a signal is not seen until an event comes: Python
    runs its handlers only when the main thread runs. Until the returned undo is called,
    each signal's number is written to a socket (``signal.set_wakeup_fd``) that a thread
    sleeps on and ``wake()`` is called, so Ctrl+C is raised at once, and SIGTERM calls
    ``terminate()`` (the window closes as by its close button). Does nothing off the main
    thread."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    reader, writer = socket.socketpair()
    writer.setblocking(False)
    try:
        old_fd = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
        old_term = signal.signal(signal.SIGTERM, lambda _sig, _frame: terminate())
    except (ValueError, OSError) as exc:     # not the main thread of the interpreter
        log.debug("signals not relayed: %s", exc)
        reader.close()
        writer.close()
        return lambda: None

    def relay() -> None:
        while True:
            try:
                if not reader.recv(64):
                    return           # the writer closed: undone
            except OSError:
                return
            wake()

    thread = threading.Thread(target=relay, name="cardtable-signals", daemon=True)
    thread.start()

    def undo() -> None:
        signal.set_wakeup_fd(old_fd)
        signal.signal(signal.SIGTERM, old_term if old_term is not None else signal.SIG_DFL)
        writer.close()
        thread.join(5.0)
        reader.close()
    return undo
