"""Thinking off the UI's interpreter: bots run in a worker process, or else a thread.

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
import multiprocessing
import os
import threading
import time
from concurrent import futures
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from cardtable.engine import registry
from cardtable.engine.core import Action

from .base import Bot
from .levels import make_bot

MODES = ("auto", "process", "thread")

# ---------------------------------------------------------------- the worker side

_BOTS: dict[tuple, Bot] = {}
_BOTS_LOCK = threading.Lock()


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
    """Wait up to :data:`PARENT_POLL` seconds; True once the parent process has ended."""
    if parent is not None:
        parent.join(PARENT_POLL)
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


def process_pool(max_workers: int = 1) -> futures.ProcessPoolExecutor:
    """Worker processes started with ``spawn`` (no UI toolkit imported), at a lower
    priority, each ending with this process (:func:`watch_parent`)."""
    ctx = multiprocessing.get_context("spawn")
    return futures.ProcessPoolExecutor(max_workers=max_workers, mp_context=ctx,
                                       initializer=_init_worker)


def _bot(game_id: str, level: str, seed: int, cooperative: bool) -> Bot:
    key = (game_id, level, seed, cooperative)
    with _BOTS_LOCK:
        bot = _BOTS.get(key)
        if bot is None:
            if len(_BOTS) > 64:
                _BOTS.clear()
            bot = make_bot(game_id, level, seed)
            bot.cooperative = cooperative
            _BOTS[key] = bot
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



class BotService:
    """Runs bot decisions in the background and hands back futures.

    ``mode``: ``auto`` (a worker process, falling back to a thread), ``process`` (the
    same; reported so tests can insist), or ``thread`` (never start a process).
    """

    def __init__(self, mode: str = "auto"):
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}")
        self.requested = mode
        self.mode = "thread" if mode == "thread" else "process"
        self.fallback_reason = ""
        self._pool: futures.Executor | None = None
        self._lock = threading.Lock()

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
        if old is not None:
            try:
                old.shutdown(wait=False, cancel_futures=True)
            except Exception:  # a broken pool may fail to shut down; it is gone anyway
                pass

    def _fall_back(self, exc: BaseException) -> None:
        with self._lock:
            if self.mode != "thread":
                self._fall_back_locked(exc)

    # ---- requests -----------------------------------------------------------------
    def _submit(self, request: dict, convert) -> futures.Future:
        outer: futures.Future = futures.Future()
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
            try:
                data = f.result()
            except (BrokenProcessPool, OSError, EOFError) as exc:
                if retried or not in_process:
                    outer.set_exception(exc)
                    return
                # the worker process died or never started: think in a thread from now on
                self._fall_back(exc)
                self._run(request, convert, outer, retried=True)
                return
            except futures.CancelledError:
                outer.cancel()
                return
            except BaseException as exc:  # the bot's own error, passed on to the caller
                outer.set_exception(exc)
                return
            try:
                outer.set_result(convert(data))
            except BaseException as exc:  # a malformed answer
                outer.set_exception(exc)

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
        pool = self._executor()
        try:
            inner = pool.submit(_ping)
        except (OSError, RuntimeError, BrokenProcessPool) as exc:
            self._fall_back(exc)
            outer.set_result({"ok": True, "pid": os.getpid()})
            return outer

        def done(f: futures.Future) -> None:
            try:
                outer.set_result(f.result())
            except BaseException as exc:  # a worker that cannot start: use the thread
                self._fall_back(exc)
                outer.set_result({"ok": True, "pid": os.getpid()})

        inner.add_done_callback(done)
        return outer

    def shutdown(self, wait: bool = False) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=wait, cancel_futures=True)

    def __enter__(self) -> BotService:
        return self

    def __exit__(self, *exc) -> None:
        self.shutdown()
