"""What the computer would have played: the review of a person's decisions in a deal.

A *deal record* (a JSON object, see :func:`check_record`) holds the engine state at the
start of a deal and every move made until the deal was scored. For each decision of the
seats asked about, :func:`judge` rebuilds the state before the move, gives the hard
player only that seat's :class:`~cardtable.ai.base.Window` (its view and deals sampled
from it, never the cards revealed later) and asks the game's knowledge what each option
was worth to the seat's side, in the game's own counting (``Knowledge.appraise``). The
best option is the hard player's choice; a decision whose expected loss reaches the
game's threshold (``Knowledge.mistake_loss``) is a mistake, with a reason in words.

    analysis = analyse(record)                   # in this thread, one decision after another
    job = AnalysisJob(record, on_change=wake)    # off the frame loop, with progress
    job.progress, job.done(), job.result(), job.cancel()

Without a time budget every decision is valued over a fixed number of sampled deals from
an RNG seeded by ``seed`` and the seat's view: the same record gives the same judgement.
Nothing here changes a match in play: the analysis works on its own copies.
"""

from __future__ import annotations

import logging
import os
import random
import threading
from collections.abc import Callable, Iterable
from concurrent import futures
from dataclasses import dataclass
from typing import Any

from cardtable.engine import registry
from cardtable.engine.core import Action, ConfigError, GameState, IllegalAction
from cardtable.i18n import N_, Msg

from . import worker
from .base import Reason, Window, because, view_digest
from .levels import knowledge_for

log = logging.getLogger(__name__)

#: the record format this module reads
RECORD_VERSION = 1
#: the fields a record must hold
RECORD_FIELDS = ("version", "game", "start", "moves", "humans")


# =========================================================================== results


@dataclass(frozen=True)
class Option:
    """One option of a decision and its expected worth to the deciding seat's side, in the
    game's unit (higher is better for that side, also where the lowest score wins)."""

    action: Action
    value: float


@dataclass(frozen=True)
class Judgement:
    """One decision: what was played, what the hard player would have played, the
    options' values (best first), the expected loss and, for a mistake, why."""

    move: int
    seat: int
    played: Action
    best: Action
    options: tuple[Option, ...]
    loss: float
    mistake: bool
    reason: Reason | None

    def value_of(self, action: Action) -> float | None:
        """The value of ``action`` among the options (None if it was not valued)."""
        return next((o.value for o in self.options if o.action == action), None)

    def to_json(self) -> dict:
        """The judgement as plain data (it crosses from a worker process this way)."""
        return {"move": self.move, "seat": self.seat, "played": self.played.to_json(),
                "best": self.best.to_json(),
                "options": [[o.action.to_json(), o.value] for o in self.options],
                "loss": self.loss, "mistake": self.mistake, "reason": self.reason}

    @classmethod
    def from_json(cls, data: dict) -> Judgement:
        """Inverse of :meth:`to_json`."""
        return cls(data["move"], data["seat"], Action.from_json(data["played"]),
                   Action.from_json(data["best"]),
                   tuple(Option(Action.from_json(a), float(v)) for a, v in data["options"]),
                   float(data["loss"]), bool(data["mistake"]), data["reason"])


@dataclass(frozen=True)
class Analysis:
    """Every judged decision of a deal, in the order they were made."""

    judgements: tuple[Judgement, ...]
    #: what the values count: the game's unit word id ("game_points", "penalty_points"...)
    unit: str
    #: the least loss, in :attr:`unit`, that made a decision a mistake (the game's
    #: ``Knowledge.mistake_loss``): every other decision lost less than this
    threshold: float = 0.0

    def mistakes(self) -> int:
        """How many decisions were mistakes."""
        return sum(1 for j in self.judgements if j.mistake)

    def lost(self) -> float:
        """The expected loss of the mistakes, added up, in :attr:`unit`."""
        return sum(j.loss for j in self.judgements if j.mistake)


# =========================================================================== records


def _bad(message: str) -> ConfigError:
    return ConfigError("bad_record", message)


def check_record(record: Any) -> tuple[GameState, list[tuple[int, Action]]]:
    """The start state and the moves of a deal record; ConfigError ``bad_record`` (or the
    engine's own code for a damaged state) when the record is not one.

    A record: ``{"version": 1, "game", "options", "names", "humans": [seats],
    "start": state.to_json() at the deal's start, "moves": [[seat, action], ...],
    "deal", "code", "when"}``. Only the moves' shape is checked here; :func:`states`
    checks that they are legal.
    """
    if not isinstance(record, dict):
        raise _bad("a deal record must be an object")
    missing = [k for k in RECORD_FIELDS if k not in record]
    if missing:
        raise _bad(f"the deal record has no {', '.join(missing)}")
    if record["version"] != RECORD_VERSION:
        raise _bad(f"deal record version {record['version']!r} is not supported")
    spec = registry.get(record["game"])
    start = registry.from_json(record["start"])
    if start.GAME_ID != spec.id:
        raise _bad("the deal record's start is of another game")
    humans = record["humans"]
    if not isinstance(humans, list) or not all(
        isinstance(s, int) and not isinstance(s, bool) and 0 <= s < start.n_players
        for s in humans
    ):
        raise _bad("the deal record's seats of people are damaged")
    moves = record["moves"]
    if not isinstance(moves, list):
        raise _bad("the deal record's moves are damaged")
    out: list[tuple[int, Action]] = []
    for i, item in enumerate(moves):
        if not isinstance(item, (list, tuple)) or len(item) != 2:
            raise _bad(f"move {i + 1} of the deal record is damaged")
        seat = item[0]
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise _bad(f"move {i + 1} of the deal record has no seat")
        try:
            action = Action.from_json(item[1])
        except IllegalAction as exc:
            raise _bad(f"move {i + 1} of the deal record is damaged: {exc.message}") from None
        out.append((seat, action))
    return start, out


def states(record: Any, upto: int | None = None):
    """Yield ``(index, state before the move, seat, action in normal form)`` for the
    record's moves (the first ``upto`` of them), checking each: made in turn, legal, and
    inside the deal. The state yielded is the live one: copy it to keep it."""
    start, moves = check_record(record)
    state = start
    deal = len(state.score_sheet)
    for i, (seat, action) in enumerate(moves[:upto]):
        if state.over or len(state.score_sheet) != deal:
            raise _bad(f"move {i + 1} of the deal record comes after the deal's end")
        if seat != state.current_player:
            raise _bad(f"move {i + 1} of the deal record was made out of turn")
        try:
            action = state.normalise(action)
        except IllegalAction as exc:
            raise _bad(f"move {i + 1} of the deal record is not allowed: {exc.message}") \
                from None
        yield i, state, seat, action
        state.apply(action)


def _seats(record: dict, seats: Iterable[int] | None) -> set[int]:
    if seats is None:
        return set(record["humans"])
    try:
        return {int(s) for s in seats}
    except (TypeError, ValueError):
        raise _bad("the seats to analyse must be seat numbers") from None


def decisions(record: dict, seats: Iterable[int] | None = None) -> list[int]:
    """Indices in ``record["moves"]`` of the moves to judge: the given seats' (the people's
    by default) real choices, where more than one move was allowed."""
    start, _ = check_record(record)
    wanted = _seats(record, seats)
    return [i for i, state, seat, _ in states(record)
            if seat in wanted and len(state.legal_actions()) > 1]


# =========================================================================== judging


def judge(record: dict, move: int, budget_s: float | None = None, seed: int = 0) -> Judgement:
    """The judgement of move ``move`` of the record, from its seat's view only.

    ``budget_s`` None values the options over the game's fixed number of sampled deals
    (a pure function of the record, the move and ``seed``); a number of seconds instead
    uses as many deals as fit.
    """
    return _judge(record, move, budget_s, seed, cooperative=False)


def _judge(record: dict, move: int, budget_s: float | None, seed: int,
           cooperative: bool) -> Judgement:
    if not isinstance(move, int) or isinstance(move, bool) or move < 0:
        raise _bad(f"there is no move {move!r} in the deal record")
    found = None
    for i, state, seat, action in states(record, move + 1):
        if i == move:
            found = state, seat, action
            break  # the generator would apply the move next
    if found is None:
        raise _bad(f"there is no move {move + 1} in the deal record")
    state, seat, played = found
    return judge_state(state, seat, played, move, budget_s, seed, cooperative)


def judge_state(state: GameState, seat: int, played: Action, move: int = 0,
                budget_s: float | None = None, seed: int = 0,
                cooperative: bool = False) -> Judgement:
    """Judge ``played`` (legal, in normal form) for ``seat``, the player to act in
    ``state``; only the seat's window on ``state`` is read."""
    know = knowledge_for(state.GAME_ID)
    win = Window(state, seat, cooperative)
    rng = random.Random((int(seed) * 1_000_003) ^ view_digest(win.view))
    values = know.appraise(win, rng, budget_s, played)
    if played not in values:
        raise RuntimeError(f"{state.GAME_ID}: the move played was not valued")
    order = list(values)
    # the best value; exact ties go to the option the game prefers (listed first)
    best = max(order, key=lambda a: (values[a], -order.index(a)))
    loss = max(0.0, values[best] - values[played])
    mistake = played != best and loss >= know.mistake_loss - 1e-9
    reason = None
    if mistake:
        reason = know.mistake_reason(win, played, best, values) or plain_reason(
            know.unit or registry.get(state.GAME_ID).score_unit, loss)
    options = tuple(Option(a, round(values[a], 4)) for a in
                    sorted(order, key=lambda a: (a != best, -values[a], order.index(a))))
    return Judgement(move, seat, played, best, options, round(loss, 4), mistake, reason)


#: the comparison in numbers, per unit: (one, many); {points} is the loss, rounded
PLAIN = {
    "game_points": (N_("The better move was worth about {points} more game point on "
                       "average."),
                    N_("The better move was worth about {points} more game points on "
                       "average.")),
    "points": (N_("The better move was worth about {points} more point on average."),
               N_("The better move was worth about {points} more points on average.")),
    "penalty_points": (N_("The better move would have cost about {points} fewer penalty "
                          "point on average."),
                       N_("The better move would have cost about {points} fewer penalty "
                          "points on average.")),
    "games": (N_("The better move wins about {points} more game in 100."),
              N_("The better move wins about {points} more games in 100.")),
}


def plain_reason(unit: str, loss: float) -> Reason:
    """"The better move was worth about N more <unit> on average" (the numbers alone).

    The loss is given to one decimal, as the review shows it (a whole number as such);
    games as a share of 100."""
    if unit == "games":
        n: float = max(1, round(loss * 100))
    else:
        n = max(0.1, round(loss, 1))
        n = int(n) if n == int(n) else n
    one, many = PLAIN.get(unit, PLAIN["points"])
    return because(one if n == 1 else many, points=n)


def analyse(record: dict, seats: Iterable[int] | None = None,
            progress: Callable[[int, int], Any] | None = None,
            cancel: Callable[[], bool] | None = None, budget_s: float | None = None,
            seed: int = 0) -> Analysis:
    """Judge every decision of the seats (the people's by default), in this thread, one
    after another; ``progress(done, total)`` after each, ``cancel()`` polled between
    them (a cancelled analysis holds the decisions judged so far)."""
    know = knowledge_for(check_record(record)[0].GAME_ID)
    unit = know.unit or registry.get(record["game"]).score_unit
    wanted = decisions(record, seats)
    todo = set(wanted)
    total = len(wanted)
    out: list[Judgement] = []
    if progress is not None:
        progress(0, total)
    for i, state, seat, action in states(record, (max(wanted) + 1) if wanted else 0):
        if i not in todo:
            continue
        if cancel is not None and cancel():
            break
        out.append(judge_state(state.clone(), seat, action, i, budget_s, seed))
        if progress is not None:
            progress(len(out), total)
    return Analysis(tuple(out), unit, know.mistake_loss)


# =========================================================================== the job


def judge_request(request: dict, cooperative: bool = False) -> dict:
    """One decision for a worker: ``{"record", "move", "budget", "seed"}`` -> the
    :class:`Judgement` as plain data (module-level, so a worker process can run it)."""
    return _judge(request["record"], request["move"], request.get("budget"),
                  int(request.get("seed", 0)), cooperative).to_json()


def judge_request_here(request: dict) -> dict:
    """:func:`judge_request` on a thread of this process (it yields the interpreter)."""
    return judge_request(request, cooperative=True)


#: why a deal cannot be analysed, worded from the error's code for the person who asked
#: (the engine's English sentence goes to the log)
REFUSALS = {
    "bad_record": N_("the record of this deal is damaged"),
    "unknown_game": N_("this deal is of a game this copy of the program does not have"),
}
#: any other code: the state the record starts from did not load
DAMAGED_START = N_("the position this deal starts from is damaged")


def refusal(exc: ConfigError) -> Msg:
    """Why the record of ``exc`` cannot be analysed, as a clause the review shows."""
    return Msg(REFUSALS.get(exc.code, DAMAGED_START))


class AnalysisJob:
    """:func:`analyse` off the frame loop: each decision is judged in a worker process, or
    on a background thread where processes cannot run (a :class:`worker.Batch`).

    ``on_change()`` is called from another thread whenever :attr:`progress` moves or the
    job ends. A record that cannot be read ends the job at once. :attr:`error` is why a
    job failed, a clause in the player's language (a :class:`~cardtable.i18n.Msg`: "the
    record of this deal is damaged"); what went wrong in detail is logged. ``mode``
    ("auto", "process" or "thread") and ``workers`` are for tests and tools.
    """

    def __init__(self, record: dict, seats: Iterable[int] | None = None,
                 on_change: Callable[[], None] | None = None, mode: str = "auto",
                 workers: int | None = None, budget_s: float | None = None, seed: int = 0):
        self.progress = 0.0
        self.error: Msg | None = None
        #: True once :meth:`cancel` stopped the job
        self.cancelled = False
        self._on_change = on_change
        self._lock = threading.Lock()
        self._done: dict[int, Judgement] = {}
        self._analysis: Analysis | None = None
        self._finished = False
        self._batch = worker.Batch(judge_request, judge_request_here, self._landed, mode=mode,
                                   workers=workers or max(1, min(2, os.cpu_count() or 1)),
                                   name="cardtable-analysis")
        try:
            self._moves = decisions(record, seats)
            know = knowledge_for(record["game"])
            self._unit = know.unit or registry.get(record["game"]).score_unit
            self._threshold = know.mistake_loss
        except ConfigError as exc:
            log.warning("a deal record cannot be analysed: %s", exc)
            self._moves = []
            self._stop(error=refusal(exc))
            return
        if not self._moves:
            self._finish()
            return
        self._batch.start({move: {"record": record, "move": move, "budget": budget_s,
                                  "seed": seed} for move in self._moves})

    @property
    def mode(self) -> str:
        """"process" or "thread": where the decisions are judged now."""
        return self._batch.mode

    # ---- the UI's side --------------------------------------------------------
    def done(self) -> bool:
        """True once the job has ended: finished, failed or cancelled."""
        return self._finished

    def result(self) -> Analysis | None:
        """The analysis once finished; None before, or when cancelled or failed."""
        return self._analysis

    def cancel(self) -> None:
        """Stop: no further decision is judged (one being judged is dropped)."""
        self._stop(cancelled=True)

    def _stop(self, cancelled: bool = False, error: Msg | None = None) -> None:
        """End the job once: what is still to be judged is dropped, the workers let go."""
        with self._lock:
            if self._finished:
                return
            self.cancelled = cancelled
            self.error = error
            self._finished = True
        self._batch.close()
        self._notify()

    # ---- the work ---------------------------------------------------------------
    def _landed(self, move: int, f: futures.Future) -> None:
        """A decision's answer, from the batch's thread."""
        exc = f.exception()
        if isinstance(exc, ConfigError):
            log.warning("a deal record cannot be analysed: %s", exc)
            self._stop(error=refusal(exc))
            return
        if isinstance(exc, (*worker.WORKER_LOST, worker.CannotRun)):
            log.warning("the analysis's worker could not run", exc_info=exc)
            self._stop(error=Msg("its worker could not run"))
            return
        if exc is None:
            try:
                judgement = Judgement.from_json(f.result())
            except (KeyError, TypeError, ValueError, IllegalAction) as bad:
                exc = bad
        if exc is not None:       # a bug: the job ends with a sentence rather than hang
            log.error("judging move %d of a deal failed", move, exc_info=exc)
            self._stop(error=Msg("an error in the program stopped it (the log file has the "
                                 "details)"))
            return
        with self._lock:
            if self._finished:
                return
            self._done[move] = judgement
            self.progress = len(self._done) / len(self._moves)
            complete = len(self._done) == len(self._moves)
        if complete:
            self._finish()
        else:
            self._notify()

    def _finish(self) -> None:
        with self._lock:
            if self._finished:
                return
            self._analysis = Analysis(tuple(self._done[m] for m in self._moves), self._unit,
                                      self._threshold)
            self.progress = 1.0
            self._finished = True
        self._batch.close()
        self._notify()

    def _notify(self) -> None:
        if self._on_change is None:
            return
        try:
            self._on_change()
        except Exception:   # a border: the caller's wake-up, on a worker's thread
            log.exception("the analysis could not tell its caller it moved on")
