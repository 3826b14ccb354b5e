"""Learn to play: a game's guided first deal, as data, and the coach that walks through it.

A lesson is what a game's registration brings through ``Game.lessons`` (see
:mod:`cardtable.engine.registry`): a plain dict, held by the game's own data module
(``cardtable/games/<game>_lesson.py``), read here into a :class:`Lesson`:

* the table: ``players``, the person's ``seat``, the computers' ``names``, the ``options``,
  the first ``dealer``, the ``deal`` number it starts at and the stacked ``deck`` (the cards
  in the order the engine deals them), so the same deal comes every time;
* ``steps``, each a dict: ``say`` (what to look at and what to try), ``why`` (the rule
  behind it, for "Why?"), ``light`` (what the table lights: ``move``, the place of the
  expected move; ``card:<code>``; ``button:<label>``; ``plate:<seat>``; ``zone:<name>``;
  or a name of the table's keyboard targets, as ``stock``), ``expect`` (the person's
  move(s) the step waits for, any one of them; none: a step to read, with Next), ``then``
  (the computers' moves that follow, in order), ``watch`` (what to look at while the
  computers make them; without it the coach names who plays), ``after`` (what the move
  and the replies did, said once the table has shown them: never before the cards are
  there to see),
  ``wrong`` (why another legal move is not the lesson's), ``refuse`` (a sentence for one
  particular other move) and ``example`` (the expected move is a mistake shown on
  purpose: it is not played, ``after`` says why, and the lesson goes on) and ``alone`` (a
  last step to read, after which the person plays the rest of the deal on their own);
* ``end`` (optional): what the coach says once the deal is over (what it came to: what
  the cards left in hand cost, who won and why).

A stacked deck holds every card of the game's pack; :func:`stack` makes one from the
cards that matter (dealt, turned up and drawn in the lesson) and the rest in an order
of its own, fixed by a seed, so the deal is the same every time.

The engine decides what is legal: a move the rules refuse gets the table's own words for
the refusal; a legal move that is not the lesson's gets the step's. The computers play
the lesson's moves while the coach leads, and their own once the person plays on alone.

Nothing here imports pygame or names a game: :mod:`cardtable.ui.scenes.lesson` shows it.
"""

from __future__ import annotations

import concurrent.futures as futures
import logging
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cardtable.engine import registry
from cardtable.engine.core import Action, ConfigError, GameState, IllegalAction
from cardtable.i18n import N_
from cardtable.match import Match, Seat

log = logging.getLogger(__name__)

#: a legal move that is not the lesson's, at a step with no words of its own for it (the
#: step's words are on the screen already: they are not said twice)
OTHER = N_("The rules allow that move, but it is not the one this step is about: try the "
           "one the coach lights.")

#: the fields a step may hold, and a lesson
STEP_KEYS = frozenset({"say", "why", "light", "expect", "then", "watch", "after", "wrong",
                       "refuse", "example", "alone"})
LESSON_KEYS = frozenset({"title", "minutes", "players", "seat", "names", "options",
                         "dealer", "deal", "deck", "seed", "steps", "end"})


def stack(first: Iterable[str], pack: Iterable[str], seed: int) -> tuple[str, ...]:
    """A stacked deck: the cards ``first`` in that order, then the rest of ``pack`` (every
    card of the game, repeated codes included) shuffled by ``seed``. ValueError when
    ``first`` holds a card the pack does not (or more of it)."""
    first = list(first)
    rest = Counter(pack)
    rest.subtract(first)
    short = sorted(c for c, n in rest.items() if n < 0)
    if short:
        raise ValueError(f"not in the pack (or too many): {short}")
    tail = sorted(rest.elements())
    random.Random(seed).shuffle(tail)
    return tuple(first) + tuple(tail)


@dataclass(frozen=True)
class Step:
    """One step of a lesson (see the module's docstring)."""

    say: str
    why: str = ""
    light: tuple[str, ...] = ()
    expect: tuple[Action, ...] = ()
    then: tuple[Action, ...] = ()
    watch: str = ""
    after: str = ""
    wrong: str = ""
    refuse: tuple[tuple[Action, str], ...] = ()
    example: bool = False
    alone: bool = False

    @property
    def reading(self) -> bool:
        """A step with no move to make: read, then Next."""
        return not self.expect


@dataclass(frozen=True)
class Lesson:
    """A game's guided deal."""

    game_id: str
    title: str
    minutes: int
    players: int
    seat: int
    names: tuple[str, ...]
    options: dict
    dealer: int
    deal: int
    deck: tuple[str, ...]
    seed: int
    steps: tuple[Step, ...]
    #: the coach's words once the deal is over ("" : the common ones)
    end: str = ""

    def new_state(self) -> GameState:
        """The lesson's deal, dealt."""
        return registry.get(self.game_id).new_match(
            players=self.players, seed=self.seed, options=dict(self.options),
            first_dealer=self.dealer, stacked_deck=list(self.deck), first_deal=self.deal)


def _bad(game_id: str, what: str) -> ConfigError:
    return ConfigError("bad_lesson", f"the lesson of {game_id}: {what}")


def _action(game_id: str, data: Any) -> Action:
    try:
        return Action.from_json(dict(data))
    except (IllegalAction, TypeError, ValueError) as exc:
        raise _bad(game_id, f"{data!r} is no move ({exc})") from exc


def _text(game_id: str, step: dict, key: str) -> str:
    value = step.get(key, "")
    if not isinstance(value, str):
        raise _bad(game_id, f"a step's {key} must be a text")
    return value


def _step(game_id: str, data: Any) -> Step:
    if not isinstance(data, dict) or not isinstance(data.get("say"), str) or not data["say"]:
        raise _bad(game_id, f"a step must be a dict with what to say: {data!r}")
    unknown = set(data) - STEP_KEYS
    if unknown:
        raise _bad(game_id, f"a step has no field {sorted(unknown)}")
    light = data.get("light", ())
    if isinstance(light, str) or not all(isinstance(x, str) for x in light):
        raise _bad(game_id, "a step's light must be a list of names")
    refuse = []
    for pair in data.get("refuse", ()):
        move, words = pair
        if not isinstance(words, str):
            raise _bad(game_id, "a refusal's words must be a text")
        refuse.append((_action(game_id, move), words))
    step = Step(say=data["say"], why=_text(game_id, data, "why"), light=tuple(light),
                expect=tuple(_action(game_id, a) for a in data.get("expect", ())),
                then=tuple(_action(game_id, a) for a in data.get("then", ())),
                watch=_text(game_id, data, "watch"), after=_text(game_id, data, "after"),
                wrong=_text(game_id, data, "wrong"),
                refuse=tuple(refuse), example=bool(data.get("example", False)),
                alone=bool(data.get("alone", False)))
    if step.example and (len(step.expect) != 1 or step.then or not step.after):
        raise _bad(game_id, "an example step shows one move, says why, and nobody replies")
    if step.reading and step.then:
        raise _bad(game_id, "a step to read has no moves after it")
    if step.watch and not step.then:
        raise _bad(game_id, "what to watch is said while the computers reply: none do")
    if step.alone and not step.reading:
        raise _bad(game_id, "the step that leaves the rest to the person is one to read")
    return step


def from_data(game_id: str, data: Any) -> Lesson:
    """The lesson of ``game_id`` from its data; ConfigError ``bad_lesson`` if malformed."""
    spec = registry.get(game_id)
    if not isinstance(data, dict):
        raise _bad(game_id, "a lesson is a dict")
    unknown = set(data) - LESSON_KEYS
    if unknown:
        raise _bad(game_id, f"a lesson has no field {sorted(unknown)}")
    players = data.get("players", spec.min_players)
    names = tuple(data.get("names", ()))
    if not isinstance(players, int) or not spec.min_players <= players <= spec.max_players:
        raise _bad(game_id, f"{players!r} players")
    seat = data.get("seat", 0)
    if not isinstance(seat, int) or not 0 <= seat < players or len(names) != players - 1:
        raise _bad(game_id, "the person's seat and a name for every computer")
    steps = tuple(_step(game_id, s) for s in data.get("steps", ()))
    if not steps or not isinstance(data.get("title"), str):
        raise _bad(game_id, "a title and steps")
    if any(s.alone for s in steps[:-1]):
        raise _bad(game_id, "only the last step leaves the rest of the deal to the person")
    deck = data.get("deck")
    if not isinstance(deck, (list, tuple)) or not all(isinstance(c, str) for c in deck):
        raise _bad(game_id, "a stacked deck: the cards in the order they are dealt")
    if not isinstance(data.get("end", ""), str):
        raise _bad(game_id, "the words at the end must be a text")
    return Lesson(game_id=game_id, title=data["title"], minutes=int(data.get("minutes", 4)),
                  players=players, seat=seat, names=names,
                  options=spec.check_options(data.get("options")),
                  dealer=int(data.get("dealer", 0)), deal=int(data.get("deal", 1)),
                  deck=tuple(deck), seed=int(data.get("seed", 1)), steps=steps,
                  end=data.get("end", ""))


_CACHE: dict[tuple[str, int], Lesson | None] = {}


def lesson_for(game_id: str) -> Lesson | None:
    """The lesson ``game_id``'s registration brings, or None (none, or it cannot be read:
    logged, and the game is played without one)."""
    key = (game_id, registry.generation())
    if key in _CACHE:
        return _CACHE[key]
    lesson = None
    try:
        data = registry.game(game_id).lessons()
        if data is not None:
            lesson = from_data(game_id, data)
    except Exception:  # a border: a game's data (another package's game too)
        log.exception("the lesson of %s cannot be read; it is not offered", game_id)
        lesson = None
    _CACHE[key] = lesson
    return lesson


def games_with_lessons() -> list[str]:
    """The ids of the games that bring a lesson, in the menu's order."""
    return [g for g in registry.ids() if lesson_for(g) is not None]


# --------------------------------------------------------------------------- moves


def _cards(value: Iterable | None) -> Counter:
    out: Counter = Counter()
    for item in value or ():
        if isinstance(item, (list, tuple)):
            out.update(item)
        else:
            out[item] += 1
    return out


def fits(expected: Action, action: Action) -> bool:
    """Is ``action`` the move ``expected``? Melds and a move's cards are compared as the
    cards they hold (a person may arrange the same cards otherwise); every other field
    must be equal."""
    if expected.kind != action.kind:
        return False
    a, b = expected.to_json(), action.to_json()
    for key in set(a) | set(b):
        if key in ("melds", "cards"):
            if _cards(a.get(key)) != _cards(b.get(key)):
                return False
        elif a.get(key) != b.get(key):
            return False
    return True


def is_legal(state: GameState, action: Action) -> bool:
    """Does the engine take ``action`` now (tried on a copy of ``state``)?"""
    try:
        state.clone().apply(state.normalise(action))
    except IllegalAction:
        return False
    return True


@dataclass(frozen=True)
class Verdict:
    """What the coach makes of a person's move: ``lesson`` (make it: the lesson's, or any
    once the person plays alone), ``engine`` (the rules refuse it: the table says why), ``example``
    (the lesson's mistake shown on purpose: not made, ``words`` say why) or ``other`` (legal,
    but not the lesson's: ``words`` say why, and the person tries again)."""

    kind: str
    words: str = ""


class Coach:
    """Where a person is in a lesson: the step, the computers' moves still to come."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.index = 0
        #: False once the person plays on alone (or the lesson is over)
        self.active = True
        #: the computers' moves of the last step still to be played, in order
        self.pending: list[Action] = []
        #: the number of moves made when each step began (the way back)
        self.marks: list[int] = [0]

    @property
    def step(self) -> Step | None:
        """The step now (None once every step is done or the person plays alone)."""
        if not self.active or self.index >= len(self.lesson.steps):
            return None
        return self.lesson.steps[self.index]

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def previous(self) -> Step | None:
        """The step just done (its ``watch`` words are said while the computers reply, its
        ``after`` words once the table has shown its moves)."""
        return self.lesson.steps[self.index - 1] if self.index else None

    def judge(self, state: GameState, action: Action) -> Verdict:
        """What to do with the person's ``action`` at ``state``."""
        step = self.step
        if step is None:
            return Verdict("lesson")
        if any(fits(e, action) for e in step.expect):
            return Verdict("example", step.after) if step.example else Verdict("lesson")
        if not is_legal(state, action):
            return Verdict("engine")
        words = next((w for move, w in step.refuse if fits(move, action)), step.wrong)
        return Verdict("other", words or OTHER)

    def moved(self, made: int) -> None:
        """The step's move was made (``made``: the moves made now, that one included):
        the computers' replies are due, then the next step."""
        step = self.lesson.steps[self.index]
        self.pending = list(step.then)
        self.index += 1
        self.marks = self.marks[:self.index] + [made + len(step.then)]

    def next(self, made: int) -> None:
        """Past a step to read, or an example shown (no move is made)."""
        self.pending = []
        self.index += 1
        self.marks = self.marks[:self.index] + [made]

    def back(self) -> int | None:
        """One step back: the number of moves to go back to (None: at the first step)."""
        if self.index == 0:
            return None
        self.index -= 1
        self.pending = []
        self.marks = self.marks[:self.index + 1]
        return self.marks[self.index]

    def computer_move(self, seat: int, state: GameState) -> Action | None:
        """The lesson's move for the computer at ``seat`` now, if it has one."""
        if not self.active or not self.pending:
            return None
        if state.current_player != seat or not is_legal(state, self.pending[0]):
            log.warning("the lesson of %s has no move for seat %s here; the computer plays",
                        self.lesson.game_id, seat)
            self.pending = []
            return None
        # the move as the engine lists it (a meld's cards in its order): a computer's move
        # is checked against the legal moves
        return next((a for a in state.legal_actions() if fits(self.pending[0], a)),
                    self.pending[0])

    def played(self, seat: int, action: Action) -> None:
        """A move was recorded: a computer's move of the lesson leaves the queue."""
        if self.pending and fits(self.pending[0], action) and seat != self.lesson.seat:
            self.pending.pop(0)

    def free(self) -> None:
        """The person plays on alone: no more steps, the computers choose their moves."""
        self.active = False
        self.pending = []


class LessonMatch(Match):
    """The lesson's deal against computers that play the lesson's moves while the coach
    leads (their own once the person plays on alone). Nothing is saved and it never counts
    in the statistics (the table is not attached to the session); no undo (the coach has
    its own way back) and no Hint button (the coach is the hint)."""

    hints = False

    def __init__(self, lesson: Lesson, person: str, **kwargs: Any) -> None:
        state = lesson.new_state()
        names = iter(lesson.names)
        seats = [Seat(person, "human") if i == lesson.seat else
                 Seat(next(names), "computer", "easy") for i in range(lesson.players)]
        super().__init__(lesson.game_id, seats, seed=lesson.seed, state=state, **kwargs)
        self._start = state.start_events()
        self.log = list(self._start)
        self.lesson = lesson
        self.coach = Coach(lesson)

    @property
    def undo_seat(self) -> int | None:
        return None

    def _start_job(self, seat: int, now: float) -> futures.Future[Any]:
        scripted = self.coach.computer_move(seat, self.state)
        if scripted is None:
            return super()._start_job(seat, now)
        self._cancel_job()
        self._ready_at = now + self.pace
        self._job_seat = seat
        self._job_key = self._move_no
        job: futures.Future[Any] = futures.Future()
        job.set_result(scripted)
        self._job = job
        return job

    def _record(self, seat: int, action: Action, events: list) -> None:
        self.coach.played(seat, action)
        super()._record(seat, action, events)

    def rewind(self, moves: int) -> None:
        """Back to the deal as it was after its first ``moves`` moves."""
        self._cancel_job()
        moves = max(0, min(moves, len(self.history)))
        state = self._replay(moves)
        dropped = sum(len(events) for _, _, events in self.history[moves:])
        self.history = self.history[:moves]
        self.moves = self.moves[:moves]
        if dropped:
            self.log = self.log[:-dropped]
        self.state = state
        self._move_no = moves
        self._changed()

    def poll(self, now: float | None = None) -> list:
        """The computers' moves: while the coach leads, the lesson's only (at a step to
        read, the last one that leaves the rest of the deal to the person among them,
        they wait for the person to go on: nothing moves while the coach is read)."""
        if self.computers_wait():
            return []
        return super().poll(now)

    def computers_wait(self) -> bool:
        return self.coach.active and not self.coach.pending and not self.coach.finished

    def waiting_for_computers(self) -> bool:
        """The lesson's computers still have moves to make before the next step."""
        return bool(self.coach.pending) and not self.is_human(self.to_act)


def rehearse(lesson: Lesson) -> list[str]:
    """Play the lesson through the engine alone; what is wrong with it (empty: nothing).

    Each step must begin with the person to act (or be one to read), each expected move,
    refused move and computer's move must be legal where it comes (an example's move too:
    the lesson refuses it, not the rules), and the last step must end the deal (or leave
    the rest of it to the person: ``alone``)."""
    problems: list[str] = []
    state = lesson.new_state()
    deal = state.deal_no
    for n, step in enumerate(lesson.steps, 1):
        if step.alone:
            return problems
        if step.reading:
            continue
        if state.current_player != lesson.seat:
            problems.append(f"step {n}: seat {state.current_player} is to act, not the person")
            break
        for move in step.expect + tuple(m for m, _ in step.refuse):
            if not is_legal(state, move):
                problems.append(f"step {n}: {move} is not legal here")
        if step.example:
            continue
        state.apply(state.normalise(step.expect[0]))
        for move in step.then:
            if state.current_player == lesson.seat or not is_legal(state, move):
                problems.append(f"step {n}: the computers' {move} is not legal here")
                return problems
            state.apply(state.normalise(move))
    if not problems and state.deal_no == deal and not state.is_over:
        problems.append("the last step does not end the deal")
    return problems
