"""A match's computer players seen from the match: their answers checked, their failures
logged, and the hint. No pygame here.

A computer player is code the match does not trust: it may raise, or answer with a move
that is not legal now. :func:`checked` and :func:`fallback` log either with its traceback
and play the first legal move for it, so the match goes on; in tests
(:data:`RAISE_COMPUTER_ERRORS`, set by ``tests/conftest.py``) they raise
:class:`ComputerError` instead, so a crashing computer fails the test that met it.

:func:`hint` asks the hard level what it would play for a seat, off the caller's thread.
"""

from __future__ import annotations

import concurrent.futures as futures
import logging
from collections.abc import Callable
from typing import Any

from cardtable.ai import worker
from cardtable.engine.core import Action, GameState

log = logging.getLogger(__name__)

#: True in tests (``tests/conftest.py``): a computer player that raises, or whose move is
#: not legal, raises :class:`ComputerError` rather than have a legal move played for it
RAISE_COMPUTER_ERRORS = False

#: what asking the search worker may raise at once (it cannot take the request): the
#: computer then thinks on a thread of this process
SERVICE_ERRORS = (*worker.WORKER_LOST, RuntimeError, ValueError, ImportError)


class ComputerError(RuntimeError):
    """A computer player failed (raised, or chose a move that is not legal): raised only
    where :data:`RAISE_COMPUTER_ERRORS` is set."""


def checked(state: GameState, seat: int, action: Any) -> Action:
    """``action`` if it is a legal move in ``state`` now, else :func:`fallback`."""
    if isinstance(action, Action) and action in state.legal_actions():
        return action
    return fallback(state, seat, ComputerError(
        f"the computer at seat {seat} chose {action!r}, which is not a legal move"))


def fallback(state: GameState, seat: int, failure: BaseException) -> Action:
    """The computer at ``seat`` failed (``failure``): logged with its traceback, and the
    first legal move is played for it so the match goes on (raised where
    :data:`RAISE_COMPUTER_ERRORS`)."""
    log.error("the computer at seat %s failed; the first legal move is played for it", seat,
              exc_info=failure)
    if RAISE_COMPUTER_ERRORS:
        raise ComputerError(f"the computer at seat {seat} failed: {failure!r}") from failure
    return state.legal_actions()[0]


def hint(game_id: str, state: GameState, seat: int, *, seed: int, budget: float | None,
         threaded: bool, make_bot: Callable[[str, str, int], Any]
         ) -> futures.Future[tuple[Action | None, str]]:
    """Future of (Action, reason): what the hard level would play for ``seat`` in
    ``state`` (a copy only this call reads), and why.

    It thinks off the caller's thread (the search worker when there is one; on this thread
    when not ``threaded``), reading only what ``seat`` may see, like every computer player.
    The answer is checked against the legal moves of ``state``: a failed or illegal one is
    logged and the first legal move given with no reason (raised where
    :data:`RAISE_COMPUTER_ERRORS`)."""
    legal = state.legal_actions()
    out: futures.Future[tuple[Action | None, str]] = futures.Future()

    def finish(result: Any, failure: BaseException | None = None) -> None:
        action, reason = result if isinstance(result, tuple) else (result, "")
        if failure is None and (not isinstance(action, Action) or action not in legal):
            failure = ComputerError(f"the hint {action!r} is not a legal move")
        if failure is not None:
            log.warning("the hint for seat %s failed; the first legal move stands in", seat,
                        exc_info=failure)
            if RAISE_COMPUTER_ERRORS:
                out.set_exception(failure)
                return
            action, reason = (legal[0] if legal else None), ""
        out.set_result((action, reason or ""))

    def local() -> Any:
        bot = make_bot(game_id, "hard", seed)
        ask = getattr(bot, "hint", None)
        if ask is not None:
            return ask(state, seat, budget)
        return bot.choose(state, seat, budget), ""

    if not threaded:
        try:
            answer = local()
        except Exception as exc:  # a border: a computer player's code; logged, or raised
            finish(None, exc)
        else:
            finish(answer)
        return out
    try:
        inner = worker.shared_service().hint(game_id, state, seat, budget_s=budget, seed=seed)
    except SERVICE_ERRORS:  # the service cannot take it: the worker's thread thinks here
        log.warning("the search worker cannot give a hint; it is thought here", exc_info=True)
        inner = worker.think_here(local)

    def landed(job: futures.Future[Any]) -> None:
        failure = futures.CancelledError() if job.cancelled() else job.exception()
        finish(None if failure is not None else job.result(), failure)

    inner.add_done_callback(landed)
    return out
