"""Finding tables on the local network with mDNS / DNS-SD (the ``zeroconf`` package).

The host announces ``<name>._cardtable._tcp.local.`` with its port and a few words (the
game, the number of seats, the protocol's version); "Join a table" browses for them. Both
run on threads of their own and never stop the program: a network that blocks multicast
only means no table is listed, and an address typed by hand still works. No pygame here.

Each announcer and browser lives on one thread from its ``Zeroconf`` to that instance's
close: ``close()`` only asks it to stop (the window never waits on the network), and the
thread ends what it started itself, in order: a registration still probing or announcing
is cancelled and awaited, the goodbyes are awaited, then the instance is closed, so no
asyncio task is left pending. :func:`shutdown` asks every one still running to stop and
waits for them, bounded (the program calls it at exit, and so does ``atexit``).
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import logging
import socket
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

from cardtable.net import protocol

log = logging.getLogger(__name__)

#: the longest a registration, the goodbyes or a close is waited for (seconds)
STEP_SECONDS = 5.0
#: the longest the program waits at exit for them all
EXIT_SECONDS = 8.0


def local_address() -> str:
    """This computer's address on its local network, as a friend would type it (no packet
    is sent: connecting a UDP socket only picks the route); 127.0.0.1 without a network."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))      # a documentation address: never reached
        address = probe.getsockname()[0]
    except OSError:
        address = "127.0.0.1"
    finally:
        probe.close()
    return address


@dataclass(frozen=True)
class Found:
    """A table announced on the network."""

    name: str
    address: str
    port: int
    game: str
    players: int
    version: int


class _Worker(ABC):
    """One thread that owns one ``Zeroconf`` from its making to its close."""

    thread_name = "zeroconf"

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is not None or self._stop.is_set():
            return
        self._thread = threading.Thread(target=self._run, name=self.thread_name,
                                        daemon=True)
        with _live_lock:
            _live.add(self)
        _exit_hook()
        self._thread.start()

    @property
    def started(self) -> bool:
        return self._thread is not None

    def close(self) -> None:
        """Ask the thread to stop (returns at once; :meth:`join` waits)."""
        self._stop.set()

    def join(self, timeout: float = STEP_SECONDS) -> bool:
        """Wait until everything the thread started has ended; True when it has."""
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
            return not thread.is_alive()
        return True

    def _run(self) -> None:
        try:
            if not self._stop.is_set():
                self._life()
        except Exception:     # the thread's top: no multicast here, or zeroconf failed
            log.warning("%s stopped early", self.thread_name, exc_info=True)
        finally:
            with _live_lock:
                _live.discard(self)

    @abstractmethod
    def _life(self) -> None:
        """Own a Zeroconf from its start to its close, until asked to stop."""


def _network_errors() -> tuple[type[Exception], ...]:
    """What a step on the network may raise: zeroconf's own errors (a name taken, a packet it
    cannot read, its loop blocked), the sockets' (``OSError``, timeouts included), a loop
    already closed (``RuntimeError``) and a step cancelled as the thread stops. Anything
    else reaches the thread's top, which logs it."""
    from zeroconf import Error
    return (Error, OSError, RuntimeError, concurrent.futures.CancelledError)


def _close_zeroconf(zc) -> None:
    """Close ``zc`` (its loop's own tasks end with it), logging what goes wrong."""
    try:
        zc.close()
    except _network_errors():   # a border: closing the sockets; the thread goes on to its end
        log.warning("closing zeroconf failed", exc_info=True)


async def _await_returned(coro) -> None:
    """Await a zeroconf coroutine and the broadcast task it returns."""
    task = await coro
    await task


def _run_on(zc, coro, stop: threading.Event | None = None) -> bool:
    """Run ``coro`` on ``zc``'s loop to its end (True), or cancel it once ``stop`` is set or
    :data:`STEP_SECONDS` passed, and wait for the cancelled task to end (False)."""
    future = asyncio.run_coroutine_threadsafe(_await_returned(coro), zc.loop)
    deadline = time.monotonic() + STEP_SECONDS
    while time.monotonic() < deadline and not (stop is not None and stop.is_set()):
        try:
            future.result(timeout=0.05)
            return True
        except concurrent.futures.TimeoutError:
            continue
    future.cancel()                  # cancels the task on the loop, and what it awaits
    done = threading.Event()

    async def settled() -> None:     # the loop has run the cancellation through
        for _ in range(5):
            await asyncio.sleep(0)
        done.set()

    try:
        asyncio.run_coroutine_threadsafe(settled(), zc.loop)
        done.wait(STEP_SECONDS)
    except RuntimeError:
        pass
    return False


class Announcer(_Worker):
    """Announces a table while it is open (registration runs on a thread of its own)."""

    thread_name = "table-announcer"

    def __init__(self, name: str, port: int, game: str, players: int):
        super().__init__()
        self.name = _label(name)
        self.port = port
        self.game = game
        self.players = players
        #: set once the table is announced (tests wait on it)
        self.registered = threading.Event()

    def _life(self) -> None:
        from zeroconf import ServiceInfo, Zeroconf
        address = local_address()
        info = ServiceInfo(
            protocol.SERVICE_TYPE, f"{self.name}.{protocol.SERVICE_TYPE}",
            addresses=[socket.inet_aton(address)], port=self.port,
            properties={"game": self.game, "players": str(self.players),
                        "v": str(protocol.VERSION), "name": self.name})
        zc = Zeroconf()
        try:
            if self._stop.is_set():
                return
            try:
                announced = _run_on(zc, zc.async_register_service(info, allow_name_change=True),
                                    self._stop)
            except _network_errors():   # a border: the network; the table is served unannounced
                log.warning("the table could not be announced", exc_info=True)
                announced = False
            if announced:
                self.registered.set()
            self._stop.wait()
            # goodbyes, also after a registration cancelled while announcing (some
            # announcements went out); none for a name still being probed
            if zc.registry.async_get_info_name(info.name) is not None:
                try:
                    _run_on(zc, zc.async_unregister_service(info))
                except _network_errors():   # a border: the network; the closing goes on
                    log.warning("the table's goodbyes could not be sent", exc_info=True)
        finally:
            _close_zeroconf(zc)


def _label(name: str) -> str:
    """A service instance name: printable, no dots, at most 40 characters."""
    text = "".join(ch for ch in name if ch.isprintable() and ch != ".").strip()
    return text[:40] or "cardtable"


class Browser(_Worker):
    """The tables announced on the local network, kept up to date on zeroconf's threads.
    ``on_change`` (any callable, e.g. the window's wake) is called on zeroconf's thread
    each time the list changed, so the window need not look at it on a timer."""

    thread_name = "table-browser"

    def __init__(self, on_change: Callable[[], object] | None = None):
        super().__init__()
        self._found: dict[str, Found] = {}
        self._lock = threading.Lock()
        self.failed = False
        self.changed_at = 0.0
        self.on_change = on_change

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def _life(self) -> None:
        browsed = False     # else ``failed`` (the thread's top logs why)
        try:
            from zeroconf import ServiceBrowser, Zeroconf
            zc = Zeroconf()
            try:
                browser = ServiceBrowser(zc, protocol.SERVICE_TYPE,
                                         handlers=[self._on_change])
                try:
                    self._stop.wait()
                finally:
                    browser.cancel()    # waits for a handler asking for a table's details
                browsed = True
            finally:
                _close_zeroconf(zc)
        finally:
            self.failed = not browsed

    def _on_change(self, zeroconf, service_type, name, state_change) -> None:
        from zeroconf import ServiceStateChange
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
                self.changed_at = time.monotonic()
            self._changed()
            return
        if self._stop.is_set():
            return
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=1500)
        except _network_errors():   # a border: the network, on zeroconf's thread
            log.warning("no details for the table %r", name, exc_info=True)
            info = None
        if info is None:
            return
        found = _found_from(info)
        if found is not None:
            with self._lock:
                self._found[name] = found
                self.changed_at = time.monotonic()
            self._changed()

    def tables(self) -> list[Found]:
        with self._lock:
            return sorted(self._found.values(), key=lambda f: (f.name.lower(), f.address))


# every announcer and browser whose thread runs, until it has closed what it started
_live: set[_Worker] = set()
_live_lock = threading.Lock()
_hooked = False


def _exit_hook() -> None:
    global _hooked
    if not _hooked:
        _hooked = True
        atexit.register(shutdown)


def running() -> int:
    """How many announcers and browsers still have a thread (tests check it is 0)."""
    with _live_lock:
        return len(_live)


def shutdown(timeout: float = EXIT_SECONDS) -> bool:
    """Stop every announcer and browser, and wait (``timeout`` at most in all) until each
    has closed what it started. True when all have; the late ones are logged."""
    with _live_lock:
        workers = list(_live)
    for worker in workers:
        worker.close()
    deadline = time.monotonic() + timeout
    late = [w.thread_name for w in workers if not w.join(max(0.0, deadline - time.monotonic()))]
    if late:
        log.warning("still closing at exit: %s", ", ".join(late))
    return not late


def _found_from(info) -> Found | None:
    try:
        props = {(k.decode() if isinstance(k, bytes) else k):
                 (v.decode() if isinstance(v, bytes) else v or "")
                 for k, v in (info.properties or {}).items()}
        addresses = info.parsed_addresses()
        if not addresses or not info.port:
            return None
        return Found(props.get("name") or info.name.split(".")[0], addresses[0], int(info.port),
                     props.get("game", ""), int(props.get("players") or 0),
                     int(props.get("v") or 0))
    except (ValueError, TypeError, UnicodeDecodeError):
        return None
