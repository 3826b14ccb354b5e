"""Thinking off the UI's interpreter: bots run in a worker process, or else a thread.

This module owns every thread and process of the program that thinks: the bots'
:class:`BotService` (one worker process, for the match in play) and :class:`Batch` (many
requests at once over a few worker processes: the review's analysis); both fall back to a
thread of this process the same way.

    service = BotService()                     # starts the worker process lazily
    future = service.choose(game_id, "hard", seed, state, seat, budget_s=0.35)
    ...                                        # the UI keeps drawing frames meanwhile
    if future.done():
        action = future.result()               # an Action, legal for ``seat``
    hint = service.hint(game_id, state, seat)     # Future of (Action, reason)
    service.shutdown()

The process uses the ``spawn`` start method: it imports only the engine and ``ai``
(never the UI toolkit), runs at a lower priority so the table keeps its frame rate on a
two-core machine, ends as soon as the program does, even a killed one
(:func:`watch_parent`), and works in a PyInstaller build whose entry script calls
``multiprocessing.freeze_support()`` first (``freeze_support`` below is that call).
The state travels as ``to_json()`` and the action comes back as ``to_json()``.

Where worker processes are unavailable (a sandbox without semaphores, a process that
cannot be spawned, a worker that died), the service falls back to one background
thread in this process, transparently and for good: slower, because the search then
shares the interpreter, but the bots yield the interpreter between sampled deals so
the UI thread still gets its turns.
"""

from __future__ import annotations

import atexit
import functools
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent import futures
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from cardtable.engine import registry
from cardtable.engine.core import Action, IllegalAction

from .base import Bot
from .levels import make_bot

MODES = ("auto", "process", "thread")
#: what a worker that died, or could not start, raises where its answer was awaited
WORKER_LOST = (BrokenProcessPool, OSError, EOFError)

log = logging.getLogger(__name__)


class CannotRun(RuntimeError):
    """A request of a :class:`Batch` could not be sent to any worker (its cause says why)."""

# ---------------------------------------------------------------- the worker side

#: the bots of a worker, the most recently used last: a match asks for a bot of its own
#: seed at each move, so only a few are kept (a hard bot keeps what it learnt of the deal)
_BOTS: OrderedDict[tuple, Bot] = OrderedDict()
_BOTS_LOCK = threading.Lock()
KEEP_BOTS = 8


def freeze_support() -> None:
    """Call first thing in a frozen program's entry script (PyInstaller)."""
    multiprocessing.freeze_support()


def _init_worker() -> None:
    """Worker process start-up: think at a lower priority than the window, and end with
    the program that started it."""
    try:
        os.nice(5)
    except (AttributeError, OSError):
        pass
    watch_parent()


#: how often the watch looks at the parent when it has no handle to wait on, seconds
PARENT_POLL = 0.5


def _parent_gone(parent, ppid: int) -> bool:
    """True once the parent process has ended: with a handle on the parent, waits on it
    for as long as it lives (no wake-up meanwhile); without one, looks every
    :data:`PARENT_POLL` seconds."""
    if parent is not None:
        parent.join()
        if not parent.is_alive():
            return True
    else:
        time.sleep(PARENT_POLL)
    # on POSIX an orphan is adopted by another process: a changed parent id says the same
    return os.name == "posix" and os.getppid() != ppid


def _watch(parent, ppid: int) -> None:
    while not _parent_gone(parent, ppid):
        pass
    os._exit(0)  # mid-search too: nobody is left to read the answer


def watch_parent() -> threading.Thread:
    """End this process as soon as its parent ends, however it ends (even kill -9).

    The worker waits on the handle multiprocessing gives every child for its parent (a
    pipe whose other end only the parent holds on POSIX, the parent's process handle on
    Windows), in a daemon thread, so a search in progress is cut short too. Once the
    worker is gone, the multiprocessing resource tracker, whose pipe the parent and the
    worker held, sees it close, removes the queue's semaphores and ends as well.
    """
    parent = multiprocessing.parent_process()
    thread = threading.Thread(target=_watch, args=(parent, os.getppid()),
                              name="cardtable-parent-watch", daemon=True)
    thread.start()
    return thread


def _with_games(games: tuple, fn, *args):
    """In a worker process: know ``games`` (registered at run time in the parent), then
    ``fn(*args)``."""
    registry.adopt(games)
    return fn(*args)


class _Pool(futures.ProcessPoolExecutor):
    """A process pool whose every job takes along the games registered at run time in
    this process: a spawned worker finds only the program's own and installed games."""

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[override]
        games = registry.added()
        if games and not kwargs:
            return super().submit(_with_games, games, fn, *args)
        return super().submit(fn, *args, **kwargs)


def process_pool(max_workers: int = 1) -> futures.ProcessPoolExecutor:
    """Worker processes started with ``spawn`` (no UI toolkit imported), at a lower
    priority, each ending with this process (:func:`watch_parent`); each job takes along
    the games registered at run time (:class:`_Pool`)."""
    ctx = multiprocessing.get_context("spawn")
    return _Pool(max_workers=max_workers, mp_context=ctx, initializer=_init_worker)


def _bot(game_id: str, level: str, seed: int, cooperative: bool) -> Bot:
    key = (game_id, level, seed, cooperative)
    with _BOTS_LOCK:
        bot = _BOTS.get(key)
        if bot is None:
            bot = make_bot(game_id, level, seed)
            bot.cooperative = cooperative
            _BOTS[key] = bot
            while len(_BOTS) > KEEP_BOTS:
                _BOTS.popitem(last=False)
        else:
            _BOTS.move_to_end(key)
    return bot


def think(request: dict, cooperative: bool = False) -> dict:
    """Run one request: ``{"op": "choose" | "hint", "game", "level", "seed", "state",
    "seat", "budget"}`` with ``state`` a ``to_json()`` dict. Returns plain data."""
    state = registry.from_json(request["state"])
    op = request["op"]
    level = request.get("level", "hard")
    bot = _bot(request["game"], level, int(request.get("seed", 0)), cooperative)
    if op == "hint":
        action, reason = bot.hint(state, request["seat"], request.get("budget"))
        return {"action": action.to_json(), "reason": reason, "pid": os.getpid()}
    action = bot.choose(state, request["seat"], request.get("budget"))
    return {"action": action.to_json(), "seconds": bot.last.get("seconds", 0.0),
            "pid": os.getpid()}


def _think_in_thread(request: dict) -> dict:
    return think(request, cooperative=True)


def _ping(_: Any = None) -> dict:
    return {"ok": True, "pid": os.getpid()}


# ---------------------------------------------------------------- the UI side

_SHARED: list[BotService] = []
_LOCAL: list[futures.ThreadPoolExecutor] = []
_SHARED_LOCK = threading.Lock()


def shared_service() -> BotService:
    """The program's one :class:`BotService` (started on first use, shut down at exit)."""
    with _SHARED_LOCK:
        if not _SHARED:
            service = BotService()
            atexit.register(service.shutdown)
            _SHARED.append(service)
        return _SHARED[0]


def think_here(fn, *args) -> futures.Future:
    """Run ``fn(*args)`` (a bot of this process thinking) on the one background thread
    kept for that, off the caller's thread; a Future of its answer."""
    with _SHARED_LOCK:
        if not _LOCAL:
            pool = futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardtable-bot")
            atexit.register(pool.shutdown, wait=False, cancel_futures=True)
            _LOCAL.append(pool)
        pool = _LOCAL[0]
    return pool.submit(fn, *args)



def _let_go(pool: futures.Executor) -> None:
    """Shut ``pool`` down without waiting, its queued work dropped. A process pool whose
    worker died may fail to (its wake-up pipe is closed): it is gone all the same."""
    try:
        pool.shutdown(wait=False, cancel_futures=True)
    except OSError as exc:
        log.warning("a broken worker pool could not be shut down: %s", exc)


class Batch:
    """Many requests answered by one function off the caller's thread: in ``workers``
    worker processes (:func:`process_pool`), or on one background thread of this process
    where processes cannot run (none can start, or one died), for the rest of the batch.

        batch = Batch(answer, answer_here, on_answer, mode="auto", workers=2)
        batch.start({key: request, ...})
        batch.close()        # drop what is not answered yet (cancelled, or all answered)

    ``answer(request)`` runs in a worker process (module-level, plain data in and out);
    ``answer_here(request)`` is the same on a thread of this process (it should yield the
    interpreter now and then). ``on_answer(key, future)`` is called from another thread with
    each request's settled future: its result, or the function's own exception. Where no
    process can run, the requests not yet answered go to the thread, transparently; on the
    thread, a worker that cannot run is answered with its error (one of
    :data:`WORKER_LOST`, or :class:`CannotRun` when no request can be sent), and the rest
    of the batch is not sent. ``mode`` ("auto", "process" or "thread") and ``workers`` are for
    tests and tools; :attr:`mode` says where the requests are answered now.
    """

    def __init__(self, answer, answer_here, on_answer, mode: str = "auto", workers: int = 1,
                 name: str = "cardtable-batch"):
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}")
        self.mode = "thread" if mode == "thread" else "process"
        self.fallback_reason = ""
        self._answer, self._here, self._on_answer = answer, answer_here, on_answer
        self._workers = max(1, workers)
        self._name = name
        self._lock = threading.Lock()
        self._pool: futures.Executor | None = None
        self._requests: dict = {}
        self._futures: dict = {}
        self._answered: set = set()
        self._closed = False

    def start(self, requests: dict) -> None:
        """Send every request (``{key: request}``); each answer comes to ``on_answer``."""
        with self._lock:
            self._requests = dict(requests)
        self._send(list(requests))

    def close(self) -> None:
        """Stop: what is not answered yet is dropped (a request being answered in a worker
        process runs to its end there, unheard), the pool let go. Idempotent."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            pending = list(self._futures.values())
            pool, self._pool = self._pool, None
        for f in pending:
            f.cancel()
        if pool is not None:
            _let_go(pool)

    # ---- the work -----------------------------------------------------------------
    def _new_pool(self) -> futures.Executor:
        if self.mode == "process":
            try:
                return process_pool(self._workers)
            except (OSError, ImportError, ValueError) as exc:
                self._note_fallback(exc)
        return futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix=self._name)

    def _note_fallback(self, exc: BaseException) -> None:
        self.mode = "thread"
        self.fallback_reason = f"{type(exc).__name__}: {exc}"
        log.warning("%s: no worker process (%s), the rest is answered on a thread",
                    self._name, self.fallback_reason)

    def _send(self, keys: list) -> None:
        pool = self._new_pool()
        fn = self._answer if self.mode == "process" else self._here
        with self._lock:
            if self._closed:
                _let_go(pool)
                return
            self._pool = pool
        for key in keys:
            try:
                f = pool.submit(fn, self._requests[key])
            except (OSError, RuntimeError, BrokenProcessPool) as exc:
                with self._lock:
                    if self._closed or self._pool is not pool:
                        return      # closed meanwhile: the pool is shut
                if self.mode == "process":
                    self._fall_back(exc)
                else:
                    failed: futures.Future = futures.Future()
                    lost = CannotRun(f"{self._name}: no thread takes the request ({exc})")
                    lost.__cause__ = exc
                    failed.set_exception(lost)
                    self._on_answer(key, failed)
                return
            with self._lock:
                if self._pool is not pool:
                    return  # closed, or left this pool meanwhile
                self._futures[key] = f
            f.add_done_callback(functools.partial(self._landed, key))

    def _landed(self, key, f: futures.Future) -> None:
        with self._lock:
            if f.cancelled() or self._closed or self._futures.get(key) is not f:
                return  # cancelled, or sent to a pool the batch has since left
        if isinstance(f.exception(), WORKER_LOST) and self.mode == "process":
            self._fall_back(f.exception())
            return
        with self._lock:
            self._answered.add(key)
        self._on_answer(key, f)

    def _fall_back(self, exc: BaseException) -> None:
        """The worker process died or never started: the rest is answered on a thread."""
        with self._lock:
            if self._closed or self.mode == "thread":
                return
            self._note_fallback(exc)
            pool, self._pool = self._pool, None
            rest = [k for k in self._requests if k not in self._answered]
            pending = list(self._futures.values())
            self._futures = {}
        for f in pending:
            f.cancel()
        if pool is not None:
            _let_go(pool)
        self._send(rest)


class BotService:
    """Runs bot decisions in the background and hands back futures.

    ``mode``: ``auto`` (a worker process, falling back to a thread), ``process`` (the
    same; reported so tests can insist), or ``thread`` (never start a process).
    """

    #: a worker process with nothing to think about for this long ends (it holds about
    #: 30 MB); the next request starts another (a table warms it up as it opens)
    IDLE_SECONDS = 120.0

    def __init__(self, mode: str = "auto"):
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}")
        self.requested = mode
        self.mode = "thread" if mode == "thread" else "process"
        self.fallback_reason = ""
        self._pool: futures.Executor | None = None
        self._lock = threading.Lock()
        self._busy = 0                  # requests sent and not answered yet
        self._idle_timer: threading.Timer | None = None
        #: how many times an idle worker was let go (for tests and the soak's report)
        self.released = 0

    # ---- an idle worker ends ------------------------------------------------------
    def _sent(self) -> None:
        with self._lock:
            self._busy += 1
            timer, self._idle_timer = self._idle_timer, None
        if timer is not None:
            timer.cancel()

    def _answered(self) -> None:
        """A request is settled: once none is left, the worker is let go after
        :attr:`IDLE_SECONDS` unless another comes (one timer, no polling)."""
        with self._lock:
            self._busy = max(0, self._busy - 1)
            if self._busy or self._pool is None or self.mode != "process":
                return
            old, self._idle_timer = self._idle_timer, threading.Timer(
                self.IDLE_SECONDS, self._release_if_idle)
            timer = self._idle_timer
            timer.daemon = True
            timer.name = "cardtable-ai-idle"
        if old is not None:
            old.cancel()
        timer.start()

    def _release_if_idle(self) -> None:
        with self._lock:
            if self._busy or self._idle_timer is not threading.current_thread():
                return                  # a request came meanwhile (it cancelled the timer)
            self._idle_timer = None
            pool, self._pool = self._pool, None
        if pool is not None:
            self.released += 1
            log.debug("the idle search worker ends; the next request starts another")
            _let_go(pool)

    # ---- pools ------------------------------------------------------------------
    def _make_process_pool(self) -> futures.Executor:
        return process_pool(1)

    def _make_thread_pool(self) -> futures.Executor:
        return futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardtable-ai")

    def _executor(self) -> futures.Executor:
        with self._lock:
            if self._pool is None:
                if self.mode == "process":
                    try:
                        self._pool = self._make_process_pool()
                    except (OSError, ImportError, ValueError) as exc:
                        self._fall_back_locked(exc)
                if self._pool is None:
                    self._pool = self._make_thread_pool()
            return self._pool

    def _fall_back_locked(self, exc: BaseException) -> None:
        old = self._pool
        self._pool = None
        self.mode = "thread"
        self.fallback_reason = f"{type(exc).__name__}: {exc}"
        log.warning("the computer players think on a thread of this process from now on: "
                    "no worker process (%s)", self.fallback_reason)
        if old is not None:
            _let_go(old)

    def _fall_back(self, exc: BaseException) -> None:
        with self._lock:
            if self.mode != "thread":
                self._fall_back_locked(exc)

    # ---- requests -----------------------------------------------------------------
    def _submit(self, request: dict, convert) -> futures.Future:
        outer: futures.Future = futures.Future()
        self._sent()
        outer.add_done_callback(lambda _: self._answered())
        self._run(request, convert, outer, retried=False)
        return outer

    def _run(self, request: dict, convert, outer: futures.Future, retried: bool) -> None:
        pool = self._executor()
        in_process = self.mode == "process"
        fn = think if in_process else _think_in_thread
        try:
            inner = pool.submit(fn, request)
        except (OSError, ImportError, RuntimeError, BrokenProcessPool) as exc:
            if self.mode == "process" and not retried:
                self._fall_back(exc)
                self._run(request, convert, outer, retried=True)
                return
            outer.set_exception(exc)
            return

        def done(f: futures.Future) -> None:
            if outer.cancelled():
                return
            if f.cancelled():
                outer.cancel()
                return
            exc = f.exception()
            if isinstance(exc, WORKER_LOST) and in_process and not retried:
                # the worker process died or never started: think in a thread from now on
                self._fall_back(exc)
                self._run(request, convert, outer, retried=True)
                return
            if exc is not None:         # the bot's own error, passed on to the caller
                outer.set_exception(exc)
                return
            try:
                outer.set_result(convert(f.result()))
            except (KeyError, TypeError, IllegalAction) as bad:  # a malformed answer
                outer.set_exception(bad)

        inner.add_done_callback(done)

    def choose(self, game_id: str, level: str, seed: int, state, seat: int,
               budget_s: float | None = None) -> futures.Future:
        """Future of the bot's Action for ``seat`` (the state is copied at once)."""
        request = {"op": "choose", "game": game_id, "level": level, "seed": int(seed or 0),
                   "state": state.to_json(), "seat": seat, "budget": budget_s}
        return self._submit(request, lambda d: Action.from_json(d["action"]))

    def hint(self, game_id: str, state, seat: int, budget_s: float | None = None,
             seed: int = 0) -> futures.Future:
        """Future of (Action, reason): what the hard level would play for ``seat``."""
        request = {"op": "hint", "game": game_id, "level": "hard", "seed": int(seed),
                   "state": state.to_json(), "seat": seat, "budget": budget_s}
        return self._submit(request, lambda d: (Action.from_json(d["action"]), d["reason"]))

    def warm_up(self) -> futures.Future:
        """Start the worker now (a spawned process takes a moment to import)."""
        outer: futures.Future = futures.Future()
        self._sent()
        outer.add_done_callback(lambda _: self._answered())
        pool = self._executor()
        try:
            inner = pool.submit(_ping)
        except (OSError, RuntimeError, BrokenProcessPool) as exc:
            self._fall_back(exc)
            outer.set_result({"ok": True, "pid": os.getpid()})
            return outer

        def done(f: futures.Future) -> None:
            exc = futures.CancelledError() if f.cancelled() else f.exception()
            if exc is None:
                outer.set_result(f.result())
                return
            self._fall_back(exc)        # a worker that cannot start: use the thread
            outer.set_result({"ok": True, "pid": os.getpid()})

        inner.add_done_callback(done)
        return outer

    def shutdown(self, wait: bool = False) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
            timer, self._idle_timer = self._idle_timer, None
        if timer is not None:
            timer.cancel()
        if pool is not None:
            pool.shutdown(wait=wait, cancel_futures=True)

    def __enter__(self) -> BotService:
        return self

    def __exit__(self, *exc) -> None:
        self.shutdown()
