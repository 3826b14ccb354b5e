"""A match in progress, headless: seats, the engine state, the event log, computer moves.

No pygame here: the table scene drives a :class:`Match`, and so can tests, tournaments and
benchmarks. Computer players think off the caller's thread (a worker thread, or a worker
process for the expensive search levels), so a window never freezes while they think.

    match = Match.from_config({"game": game_id, "players": 2,
                               "seats": [{"name": "Ann", "kind": "human"},
                                         {"name": "Bot", "kind": "computer", "level": "easy"}]})
    events = match.start_events()          # the first deal, to animate
    match.apply(action)                    # a human move (IllegalAction if not allowed)
    events = match.poll()                  # call every frame: a computer move when it is ready

Pacing: the first ``poll()`` that finds a computer to act starts its move and sets the
earliest time it may be played (``pace`` seconds later); the thinking itself runs at once.
A window need not poll every frame: ``on_ready`` (any callable) is called, on whatever
thread finished the thinking, once the move is ready, and ``wake_in(now)`` says how long
the pause has left then.

A table hosted for other computers (:mod:`cardtable.net.hosted`) wraps a Match through its
public members: ``secret`` deals every deal from a secret of the host's, ``seat_statuses``
says which seats are played from elsewhere, ``on_move`` hears every move, ``turn`` numbers
them. The screens use a match through :class:`cardtable.tablematch.TableMatch`.

A computer player that raises, or answers with a move that is not legal, is logged and the
first legal move is played for it, so the match goes on (:mod:`cardtable.computers`; in
tests the error is raised instead).
"""

from __future__ import annotations

import concurrent.futures as futures
import json
import logging
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from cardtable import ai, computers, records, saves
from cardtable.ai import worker
from cardtable.ai.levels import offered_level
from cardtable.engine import registry
from cardtable.engine.core import Action, Event, GameState, IllegalAction
from cardtable.names import clean_name, fair_names

if TYPE_CHECKING:
    from cardtable.tablematch import EngineState

#: every level a seat may hold; a game offers expert only where it is measured stronger
#: (``ai.levels.offered_levels``), and the match brings any other seat down to what it offers
LEVELS = ("easy", "medium", "hard", "expert")

log = logging.getLogger(__name__)

@dataclass
class Seat:
    name: str
    kind: str = "human"  # 'human' | 'computer'
    level: str = "easy"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, data: dict) -> Seat:
        """A seat from a setup or a file: its name cleaned as a typed one is (printable, at
        most 18 characters, something visible), an unknown kind or level made the default."""
        kind = data.get("kind", "human")
        if kind not in ("human", "computer"):
            kind = "human"
        level = data.get("level")
        if level not in LEVELS:
            level = "easy"
        return cls(clean_name(data.get("name")) or "Player", kind, level)


# --------------------------------------------------------------------------- bots


def make_bot(game_id: str, level: str, seed: int | None):
    """The computer player of ``game_id`` at ``level`` (``cardtable.ai.make_bot``)."""
    return ai.make_bot(game_id, level, seed)


# --------------------------------------------------------------------------- match


class Match:
    """Seats plus the engine state, with computer moves run off the caller's thread."""

    #: the table offers hints (a match played at another computer's table does not)
    hints = True
    #: the server that opens the table to other computers: none for a match played here
    #: (a hosted table's is its :class:`~cardtable.net.hosted.HostedMatch`'s)
    server: None = None

    def __init__(
        self,
        game_id: str,
        seats: Iterable[Seat | dict],
        options: dict | None = None,
        seed: int | None = None,
        first_dealer: int | None = None,
        *,
        first_deal: int = 1,
        state: GameState | None = None,
        pace: float = 0.7,
        threaded: bool = True,
        budget: float | None = None,
        executor: str = "auto",
        secret: bytes | None = None,
    ):
        self.spec = registry.get(game_id)
        self.game_id = game_id
        self.seats = [s if isinstance(s, Seat) else Seat.from_json(s) for s in seats]
        # "You" names one person at most: a computer or a second person kept under it by an
        # older version's file or a table's config from elsewhere plays under its seat's name
        names = fair_names([s.name for s in self.seats], [s.kind for s in self.seats])
        for seat, name in zip(self.seats, names, strict=True):
            seat.name = name
        for seat in self.seats:
            # a level this game does not offer (an expert seat from another game's setup,
            # an older or edited file) plays at the nearest level it does offer
            seat.level = offered_level(game_id, seat.level)
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        # with a secret, every deal is dealt from it but a given seed's first (see deal_seed)
        self._secret = secret
        self._seed_given = seed is not None
        if state is None:
            state = self.spec.new_match(
                players=len(self.seats), seed=self.deal_seed(1), options=options,
                first_dealer=first_dealer, first_deal=first_deal,
            )
            self._start = state.start_events()
        else:
            self._start = []
        self.state = cast("EngineState", state)     # (the fields every state has)
        self.pace = max(0.0, pace)
        self.threaded = threaded
        self.budget = budget
        self.executor_kind = executor
        self.log: list[Event] = list(self._start)
        self.moves: list[tuple[int, Action]] = []
        #: the state at the start of the current deal (:attr:`checkpoint`), and every move
        #: since with its events: what a save holds besides the state (it is replayed to
        #: check the save) and what undo replays from
        self._checkpoint = _packed(state.to_json())
        self.history: list[tuple[int, Action, list[Event]]] = []
        #: each move's events are kept in ``history`` (undo reads them, a save holds them);
        #: a table server, where nobody undoes nor saves, keeps the moves alone (False)
        self.keeps_events = True
        #: called with the match after every move and undo (the autosave)
        self.on_change: Any = None
        #: called with no argument, from the thinking thread, when a computer's move is ready
        self.on_ready: Any = None
        #: called with (seat, move, its events) after every move, once it is recorded and
        #: ``on_change`` was called (a hosted table sends it to its players)
        self.on_move: Callable[[int, Action, list[Event]], object] | None = None
        #: set by a table hosted for other computers: the status of a seat played from
        #: another computer ('empty', 'open', 'asked', 'connected', 'away'), None for a seat
        #: at this computer. Such a seat is no person's here (``is_human``), so ``poll`` would
        #: play it as a computer's: the host polls for it only while a computer stands in
        self.seat_statuses: Callable[[int], str | None] | None = None
        self._undo_cache: tuple[int, bool] | None = None
        self._bots: dict[int, Any] = {}
        self._job: futures.Future[Any] | None = None
        self._job_seat: int | None = None
        self._job_key: int | None = None
        self._ready_at = 0.0
        self._move_no = 0
        #: deal records (``cardtable.records``) of the deals scored since they were last
        #: taken (the recent-matches file takes them)
        self.finished_deals: list[dict] = []
        #: every deal record this match has handed over (the table's reviews read them)
        self.scored_deals: list[dict] = []

    @classmethod
    def from_config(cls, config: dict, **kwargs: Any) -> Match:
        """Build from the setup scene's config (game, players, seats, options, first_dealer,
        and first_deal when a deal code starts the match at a later deal)."""
        seats = [Seat.from_json(s) for s in config.get("seats", [])]
        return cls(
            config["game"],
            seats,
            options=config.get("options"),
            seed=config.get("seed"),
            first_dealer=config.get("first_dealer"),
            first_deal=config.get("first_deal", 1),
            **kwargs,
        )

    # ---- who acts -------------------------------------------------------------
    @property
    def n_players(self) -> int:
        return len(self.seats)

    @property
    def to_act(self) -> int | None:
        return self.state.current_player

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def checkpoint(self) -> dict:
        """The state at the start of the current deal, as JSON (:meth:`GameState.to_json`):
        a new copy each time. It is kept as JSON text, a quarter of the size of the objects
        (some 7 KB rather than 33 KB in 65 (Japanese), the generator's state being 625
        numbers), and read only when undo replays, a save is written or a deal ends."""
        return cast(dict, json.loads(self._checkpoint))

    @checkpoint.setter
    def checkpoint(self, start: dict) -> None:
        self._checkpoint = _packed(start)

    def is_human(self, seat: int | None) -> bool:
        """Is ``seat`` a person's at this computer (not a computer's, nor a friend's at
        another computer)?"""
        return seat is not None and self.seats[seat].is_human and self.seat_status(seat) is None

    @property
    def human_to_act(self) -> bool:
        return self.is_human(self.to_act)

    @property
    def human_seats(self) -> list[int]:
        """The seats people play at this computer."""
        return [i for i in range(len(self.seats)) if self.is_human(i)]

    @property
    def turn(self) -> int:
        """How many moves the match has had (an undo takes its moves back)."""
        return self._move_no

    @property
    def rules(self) -> GameState:
        """The state, to ask the game's rules of (constants, and what depends only on the
        options and a deal number)."""
        return self.state

    @property
    def thinking(self) -> bool:
        """True while a computer's move is being computed or waiting out its pause."""
        return self._job is not None

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def seat_status(self, seat: int) -> str | None:
        """How a seat played from another computer is doing (``seat_statuses``); None for
        a seat at this computer (every seat of a match that is not hosted)."""
        return None if self.seat_statuses is None else self.seat_statuses(seat)

    def seat_elsewhere(self, seat: int) -> bool:
        """Is a seat played over the network looking at a menu, not the table? (Never for
        a seat at this computer.)"""
        return False

    def tell_presence(self, here: bool) -> None:
        """The table is looked at (True) or left for the menu: at a table played over the
        network the others are told; nothing to do here."""

    def people_seats(self) -> list[int]:
        """The seats people play: here, or from other computers (a friend's seat no friend
        ever came to, 'empty' or 'open', played by a computer throughout, is no person's)."""
        return [i for i, s in enumerate(self.seats)
                if s.is_human and self.seat_status(i) not in ("empty", "open")]

    def take_notices(self) -> list:
        """What happened away from the table since the last call (network play: a friend
        came or went, a move was refused by the host, the table closed); none here."""
        return []

    def start_events(self) -> list[Event]:
        """Events of the first deal (empty for a match restored from a save)."""
        return list(self._start)

    def legal_actions(self) -> list[Action]:
        return self.state.legal_actions()

    # ---- moves ------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply a move for the seat to act (a human, or a test). IllegalAction changes nothing.

        The move is recorded (and saved) in its normal form, as the engine applied it."""
        seat = self.to_act
        if seat is None:        # nobody acts once the match is over
            raise IllegalAction("match_over", "the match is over")
        action = self.state.normalise(action)
        events = self._apply(action)
        self._record(seat, action, events)
        return events

    def _apply(self, action: Action) -> list[Event]:
        """Apply a normal-form move. A move that deals the next deal is made again with the
        engine's generator seeded for that deal (``records.deal_seed``): each deal is then
        dealt from a seed of its own, whatever was drawn before, so it has a deal code."""
        events = self.state.apply(action)
        if not any(e.kind == "dealt" for e in events):
            return events
        state = self._replay(len(self.history))
        nth = self.state.deal_no - self.state.first_deal + 1
        state.rng = random.Random(self.deal_seed(nth))
        events = state.apply(action)
        # the state object stays the same (the table and callers hold it): its contents
        # become the redealt state's
        self.state.__dict__.clear()
        self.state.__dict__.update(state.__dict__)
        return events

    def _record(self, seat: int, action: Action, events: list[Event]) -> None:
        self.moves.append((seat, action))
        self.log.extend(events)
        self._move_no += 1
        self._cancel_job()
        if any(e.kind == "deal_scored" for e in events):
            record = self.deal_record([*self.history, (seat, action, [])])
            self.finished_deals.append(record)
            self.scored_deals.append(record)
        if any(e.kind == "dealt" for e in events):
            self._checkpoint = _packed(self.state.to_json())
            self.history = []
        else:
            self.history.append((seat, action, list(events) if self.keeps_events else []))
        self._changed()
        if self.on_move is not None:
            self.on_move(seat, action, events)

    def _changed(self) -> None:
        self._undo_cache = None
        if self.on_change is not None:
            self.on_change(self)

    def poll(self, now: float | None = None) -> list[Event]:
        """Advance computer play: start, wait for, and apply a computer's move when due."""
        if self.is_over:
            return []
        seat = self.to_act
        if seat is None or self.is_human(seat):
            return []
        now = time.monotonic() if now is None else now
        job = self._job
        if job is None or self._job_key != self._move_no:
            job = self._start_job(seat, now)
            if self.on_ready is not None:
                ready = self.on_ready
                job.add_done_callback(lambda _job: ready())
            if self.threaded:
                # the move is applied by a later poll, never by the one that asked for it,
                # however quickly the thread answers: the caller's frame that follows the
                # last move always comes first, whatever the machine's load
                return []
        if not job.done() or now < self._ready_at:
            return []
        action = self.state.normalise(self._job_result(seat))
        events = self._apply(action)
        self._record(seat, action, events)
        return events

    def computers_wait(self) -> bool:
        """The computers hold their moves for now (a lesson's coach is being read): a
        computer whose turn it is does not think. A match's computers never wait."""
        return False

    def wake_in(self, now: float) -> float | None:
        """Seconds until ``poll(now)`` would play the computer's move: 0 when a poll must
        start its thinking, None while it thinks (``on_ready`` tells when it is done)."""
        if self.is_over or self.to_act is None or self.is_human(self.to_act):
            return None
        if self._job is None or self._job_key != self._move_no:
            return 0.0
        if not self._job.done():
            return None
        return max(0.0, self._ready_at - now)

    def run_computer_move(self) -> list[Event]:
        """Play the computer's move now, on this thread, without pause (tests, tools)."""
        seat = self.to_act
        if seat is None or self.is_human(seat):
            return []
        self._cancel_job()
        action = self.state.normalise(self._choose(seat))
        events = self._apply(action)
        self._record(seat, action, events)
        return events

    def _bot(self, seat: int) -> Any:
        bot = self._bots.get(seat)
        if bot is None:
            bot = make_bot(self.game_id, self.seats[seat].level, self.seed * 31 + seat)
            self._bots[seat] = bot
        return bot

    def set_level(self, seat: int, level: str) -> None:
        """A computer of ``level`` plays ``seat`` from its next move (a level the game does
        not offer: the nearest it does)."""
        self.seats[seat].level = offered_level(self.game_id, level)
        self._bots.pop(seat, None)

    def _choose(self, seat: int) -> Action:
        try:
            action = self._bot(seat).choose(self.state.clone(), seat, self.budget)
        except Exception as exc:  # a border: a computer player's code; logged, or raised
            return computers.fallback(self.state, seat, exc)
        return computers.checked(self.state, seat, action)

    def request_hint(self, seat: int) -> futures.Future[tuple[Action | None, str]]:
        """Future of (Action, reason): what the hard level would do for ``seat`` now
        (:func:`cardtable.computers.hint`, on a copy of the state, checked against the
        legal moves of the moment it was asked for)."""
        return computers.hint(self.game_id, self.state.clone(), seat,
                              seed=self.seed * 37 + seat, budget=self.budget,
                              threaded=self.threaded, make_bot=make_bot)

    def _use_process(self, seat: int) -> bool:
        if self.executor_kind == "process":
            return True
        if self.executor_kind == "thread":
            return False
        return self.seats[seat].level in ("hard", "expert")

    def _start_job(self, seat: int, now: float) -> futures.Future[Any]:
        self._cancel_job()
        self._ready_at = now + self.pace
        self._job_seat = seat
        self._job_key = self._move_no
        job: futures.Future[Any]
        if not self.threaded:
            job = futures.Future()
            job.set_result(self._choose(seat))
            self._job = job
            return job
        if self._use_process(seat):
            seed = self.seed * 31 + seat + self._move_no
            try:
                job = worker.shared_service().choose(
                    self.game_id, self.seats[seat].level, seed, self.state, seat,
                    budget_s=self.budget)
                self._job = job
                return job
            except computers.SERVICE_ERRORS:  # the service cannot take it: the bot thinks here
                log.warning("the search worker cannot take seat %s; it thinks here", seat,
                            exc_info=True)
        bot = self._bot(seat)
        snapshot = self.state.clone()
        job = worker.think_here(bot.choose, snapshot, seat, self.budget)
        self._job = job
        return job

    def warm_up(self) -> None:
        """Start the search worker early if a computer seat will need it."""
        if not self.threaded:
            return
        for seat in range(self.n_players):
            if not self.is_human(seat) and self._use_process(seat):
                try:
                    worker.shared_service().warm_up()
                except computers.SERVICE_ERRORS:  # warming up is only a head start
                    log.warning("the search worker could not warm up", exc_info=True)
                return

    def _job_result(self, seat: int) -> Action:
        job = self._job
        self._job = None
        if job is None:
            raise RuntimeError("no computer was thinking")
        try:
            result = job.result()
        except Exception as exc:  # a border: the computer's thinking (a thread, a process)
            return computers.fallback(self.state, seat, exc)
        if isinstance(result, dict):
            try:
                result = Action.from_json(result)
            except IllegalAction as exc:
                return computers.fallback(self.state, seat, exc)
        return computers.checked(self.state, seat, result)

    def _cancel_job(self) -> None:
        if self._job is not None:
            self._job.cancel()
        self._job = None
        self._job_seat = None

    def stop_thinking(self) -> None:
        """Stop the computer's thinking for the seat to act (a person took the seat over;
        the next ``poll`` for a computer there starts again)."""
        self._cancel_job()

    def close(self) -> None:
        """Stop thinking for this match (call when the table closes)."""
        self._cancel_job()

    def wait(self, timeout: float = 10.0) -> list[Event]:
        """Block until the computer to act has moved, ignoring the pause (tests, tools)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.to_act is None or self.is_human(self.to_act):
                return []
            events = self.poll(now=float("inf"))
            if events:
                return events
            time.sleep(0.001)
        raise TimeoutError("the computer player did not move in time")

    # ---- what a seat may see ------------------------------------------------------
    def log_for(self, seat: int | None) -> list[dict]:
        """The event log as ``seat`` may see it (no card that seat may not see)."""
        return [e.for_seat(seat) for e in self.log]

    def view(self, seat: int) -> dict:
        return self.state.view(seat)

    # ---- undo -----------------------------------------------------------------------------
    @property
    def undo_seat(self) -> int | None:
        """The one person at the table (undo is for playing against computers only)."""
        humans = self.human_seats
        return humans[0] if len(humans) == 1 else None

    def can_undo(self) -> bool:
        """True when the person may take back their last move of this deal.

        Only when that move and every computer's reply since showed the person no card
        they had not already seen in this deal (their hand, the table, earlier events):
        not after drawing an unseen card, not after a computer played a new card, never
        across the end of a deal. Off with several people at the table.
        """
        key = self._move_no
        if self._undo_cache is not None and self._undo_cache[0] == key:
            return self._undo_cache[1]
        ok = self._undo_index() is not None
        self._undo_cache = (key, ok)
        return ok

    def _undo_index(self) -> int | None:
        seat = self.undo_seat
        if seat is None or self.is_over or not self.keeps_events:
            return None
        k = next((i for i in range(len(self.history) - 1, -1, -1)
                  if self.history[i][0] == seat), None)
        if k is None:
            return None
        after = [e for _, _, events in self.history[k:] for e in events]
        if any(e.kind in ("dealt", "deal_scored", "match_over") for e in after):
            return None
        deck = set(self.state.all_cards())
        before = self._replay(k)
        known = _codes(before.view(seat), deck)
        for _, _, events in self.history[:k]:
            for e in events:
                known |= _codes(e.for_seat(seat), deck)
        for e in after:
            shown = _codes(e.for_seat(seat), deck)
            # a card shown to this seat alone (a draw from the stock) is news even when its
            # code is known: with two decks its twin may have been seen already
            if not shown <= known or shown - _codes(e.for_seat(None), deck):
                return None
        return k

    def undo(self) -> bool:
        """Take back the person's last move and the computers' replies since (False: refused)."""
        k = self._undo_index()
        if k is None:
            return False
        self._cancel_job()
        undone = len(self.history) - k
        state = self._replay(k)
        dropped = sum(len(ev) for _, _, ev in self.history[k:])
        self.history = self.history[:k]
        self.moves = self.moves[:len(self.moves) - undone]
        if dropped:
            self.log = self.log[:-dropped]
        self.state = state
        self._move_no -= undone
        self._changed()
        return True

    def _replay(self, upto: int) -> EngineState:
        """The state after the first ``upto`` moves of the current deal, from its start."""
        state = cast("EngineState", registry.from_json(self.checkpoint))
        for _seat, action, _events in self.history[:upto]:
            state.apply(action)
        return state

    # ---- the record of a finished deal ----------------------------------------------------
    def deal_seed(self, nth: int) -> int:
        """The seed the match's ``nth`` deal is dealt from (the first: the match's own, so
        its code is the match's; see ``records.deal_seed``). With a ``secret`` (a table
        over the network: every player gets each finished deal's record, its code and its
        generator) each is drawn from the secret (``records.secret_deal_seed``), so no
        record tells another deal; but a seed given to the match still deals the first
        deal (a deal code's table deals that deal first)."""
        if self._secret is not None and not (nth == 1 and self._seed_given):
            return records.secret_deal_seed(self._secret, nth)
        return records.deal_seed(self.seed, nth)

    def deal_code(self, start: GameState) -> str | None:
        """The code that deals the deal beginning with ``start`` again, or None. (A match
        with a secret: the code of its own seed, else by the match's seed, as a table
        saved before it was opened again, or an older version's table, dealt it.)"""
        if self._secret is not None:
            begun = cast("EngineState", start)
            nth = begun.deal_no - begun.first_deal + 1
            code = records.code_with_seed(start, self.deal_seed(nth))
            if code is not None:
                return code
        return records.code_for(start, self.seed)

    def deal_record(self, moves: list[tuple[int, Action, list[Event]]]) -> dict:
        """The deal that began at ``self.checkpoint``, with ``moves``, as a deal record
        (``cardtable.records``), its deal code when one deals it again."""
        start = self._replay(0)
        return records.deal_record(
            self.game_id, start.options, self.names(), self.human_seats, self.checkpoint,
            [(seat, action) for seat, action, _ in moves], start.deal_no,
            self.deal_code(start), people=self.people_seats())

    def take_finished_deals(self) -> list[dict]:
        """The records of the deals scored since the last call (and forget them)."""
        out, self.finished_deals = self.finished_deals, []
        return out

    # ---- saving (the format and its checks: cardtable.saves) ----------------------------
    def to_json(self) -> dict:
        """The match as its save holds it (:func:`cardtable.saves.write`)."""
        return saves.write(self.game_id, [s.to_json() for s in self.seats], self.seed,
                           self._move_no, self.state, self.checkpoint, self.history)

    @classmethod
    def from_json(cls, data: dict, **kwargs: Any) -> Match:
        """Rebuild a saved match. The moves since the deal's start are replayed from it under
        the rules and must give the saved state exactly (:func:`cardtable.saves.read`);
        anything else is a ConfigError."""
        saved = saves.read(data)
        seats = [Seat.from_json(s) for s in saved.seats]
        match = cls(saved.game, seats, seed=saved.seed, state=saved.state, **kwargs)
        if saved.checkpoint is not None:
            match.checkpoint = saved.checkpoint
            match.history = saved.history
            match.moves = [(seat, action) for seat, action, _ in saved.history]
            match.log = [e for _, _, events in saved.history for e in events]
        if saved.move_no is not None:
            match._move_no = saved.move_no
        return match


def _codes(data: Any, deck: set[str]) -> set[str]:
    """Every card code of ``deck`` mentioned anywhere in ``data`` (nested lists and dicts)."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in deck:
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def _packed(start: dict) -> str:
    """A deal's start as the match keeps it (:attr:`Match.checkpoint`): compact JSON text."""
    return json.dumps(start, separators=(",", ":"))
