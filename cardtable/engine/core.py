"""The engine contract: actions, events, errors and the base of every game state.

Every game is a subclass of :class:`GameState`. A state is a plain bag of
JSON-friendly fields (lists, dicts, strings, ints, bools, None) listed in the
class attribute ``FIELDS``, plus one ``random.Random`` kept in ``rng``. That one
rule gives every game ``clone()``, ``to_json()`` and ``from_json()`` for free
and keeps saves exact, RNG included.

Games implement:

* ``_deal()``                   start the next deal (called by ``new_match`` and after scoring)
* ``current_player`` property   seat to act, ``None`` once the match is over
* ``legal_actions()``
* ``_check(action)``            raise :class:`IllegalAction` unless ``action`` (already of
                                the exact shape) is legal; must not change anything
* ``_normal(action)``           optional: the normal form of a well-formed action
* ``_apply(action)``            perform an already-checked action, return events
* ``view(seat)`` / ``determinize(seat, rng)`` / ``hand(seat)``

and declare:

* ``MOVES``                     the kinds of the game's moves and their fields
                                (:class:`~.actions.Kind`), declared when the class is made
* ``SPEC``                      the game's :class:`~.registry.GameSpec`, set by the game's
                                module once it has made it (a loaded save is checked by it)

Actions, their shapes and which of them ``apply`` takes live in :mod:`.actions` (the
names are re-exported here, where the contract has always named them).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .actions import (  # noqa: F401  (the contract names them here)
    KIND_FIELDS,
    KINDS,
    Action,
    IllegalAction,
    Kind,
    check_exact,
    declare,
    make_action,
    well_formed,
)
from .errors import ConfigError

JSON = Any

SAVE_VERSION = 1


# --------------------------------------------------------------------------- events


@dataclass(slots=True)
class Event:
    """Something that happened. ``data`` is public; ``secret`` only for ``seen_by`` seats.

    A seat's view of the event is ``event.for_seat(seat)``. ``seen_by=None`` on an
    event with a secret would be a bug; public events have ``secret`` empty.
    """

    kind: str
    data: dict = field(default_factory=dict)
    secret: dict = field(default_factory=dict)
    seen_by: tuple[int, ...] = ()

    def for_seat(self, seat: int | None) -> dict:
        """The event as ``seat`` may see it (None: the public), cards it may not see hidden."""
        out = {"kind": self.kind, **self.data}
        if self.secret and seat is not None and seat in self.seen_by:
            out.update(self.secret)
        return out

    def public(self) -> dict:
        """The event as every seat may see it."""
        return {"kind": self.kind, **self.data}

    def to_json(self) -> dict:
        """The whole event as a JSON object, secrets included (saves, tests)."""
        return {
            "kind": self.kind,
            "data": self.data,
            "secret": self.secret,
            "seen_by": list(self.seen_by),
        }


# --------------------------------------------------------------------------- deal results


@dataclass(frozen=True)
class DealResult:
    """How one deal scored, in a shape that is the same for every game.

    * ``change``: per seat, what the deal added to that seat's match score
      (``GameState.match_scores``); in a partnership game both partners get their side's.
    * ``totals``: per seat, the match score after the deal.
    * ``measure``: per seat, the deal's own result in the game's ``measure_unit``
      (card points, pairs laid, penalty points...; see ``GameSpec``): what a
      tournament compares between two players.
    * ``breakdown``: the game's own score-sheet row, free-form, for display.

    A ``deal_scored`` event's data is the breakdown with the rest under the key
    ``"result"`` (:meth:`event_data`); :meth:`from_event` reads it back.
    """

    deal: int
    change: tuple[int, ...]
    totals: tuple[int, ...]
    measure: tuple[int, ...]
    breakdown: dict = field(default_factory=dict, compare=False)

    #: the key of a deal_scored event's data that holds everything but the breakdown
    KEY: ClassVar[str] = "result"

    def to_json(self) -> dict:
        """The result as JSON (lists for the per-seat values)."""
        return {"deal": self.deal, "change": list(self.change), "totals": list(self.totals),
                "measure": list(self.measure), "breakdown": _dup(self.breakdown)}

    @classmethod
    def from_json(cls, data: dict) -> DealResult:
        """Inverse of :meth:`to_json`."""
        return cls(data["deal"], tuple(data["change"]), tuple(data["totals"]),
                   tuple(data["measure"]), _dup(data.get("breakdown", {})))

    def event_data(self) -> dict:
        """The data of the ``deal_scored`` event: the breakdown's keys, and ``result``."""
        out = _dup(self.breakdown)
        out[self.KEY] = {"deal": self.deal, "change": list(self.change),
                         "totals": list(self.totals), "measure": list(self.measure)}
        return out

    @classmethod
    def from_event(cls, data: dict) -> DealResult:
        """The result a ``deal_scored`` event carries (its data, as any seat sees it)."""
        fixed = data[cls.KEY]
        breakdown = {k: v for k, v in data.items() if k not in (cls.KEY, "kind")}
        return cls(fixed["deal"], tuple(fixed["change"]), tuple(fixed["totals"]),
                   tuple(fixed["measure"]), breakdown)


# --------------------------------------------------------------------------- state


def _dup(value: Any) -> Any:
    """Deep copy of JSON-like data (lists, dicts, scalars); fast path for the common cases."""
    t = type(value)
    if t is list:
        if not value:
            return []
        first = type(value[0])
        if first is str or first is int:
            # flat lists of scalars are by far the most common
            for v in value:
                if type(v) is list or type(v) is dict:
                    break
            else:
                return value[:]
        return [_dup(v) for v in value]
    if t is dict:
        return {k: _dup(v) for k, v in value.items()}
    return value


class GameState(ABC):
    """Base class for a match in progress. See the module docstring for the contract."""

    GAME_ID: ClassVar[str] = ""
    FIELDS: ClassVar[tuple[str, ...]] = ()

    # fields common to every game
    BASE_FIELDS: ClassVar[tuple[str, ...]] = (
        "n_players", "options", "dealer", "first_dealer", "first_deal", "deal_no",
        "score_sheet", "match_scores", "winners", "over",
    )

    #: the shape of each of the game's own fields and of one score-sheet row, checked when
    #: a save is loaded (specs of :mod:`cardtable.engine.checks`; a field not listed is
    #: checked only by the game's ``_validate_loaded``)
    SCHEMA: ClassVar[dict[str, Any]] = {}
    ROW: ClassVar[Any] = None
    #: the shape of what the game shows a seat, checked where it comes from another
    #: computer (:mod:`cardtable.engine.shapes`): each field of ``view(seat)``; each kind
    #: of event as a seat sees it (its fields, ``kind`` aside; a deal's end is checked
    #: against ``ROW``); the particulars of each refusal that has some (a code not listed
    #: has none). None: not declared, checked as plain JSON of bounded size only
    VIEW: ClassVar[dict[str, Any] | None] = None
    EVENTS: ClassVar[dict[str, Any] | None] = None
    REFUSALS: ClassVar[dict[str, Any] | None] = None
    #: the number of the last deal of a match (None: as many as it takes)
    LAST_DEAL: ClassVar[int | None] = None
    #: the kinds of the game's moves and their fields (declared when the class is made)
    MOVES: ClassVar[tuple[Kind, ...]] = ()
    #: the game's spec (a ``registry.GameSpec``), set by the game's module once it made it
    SPEC: ClassVar[Any] = None

    rng: random.Random

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for kind in cls.MOVES:
            declare(kind)

    @classmethod
    def move_kinds(cls) -> frozenset[str]:
        """The names of the kinds of move this game has (its ``MOVES``)."""
        return frozenset(kind.name for kind in cls.MOVES)

    # ---- construction -------------------------------------------------------
    @classmethod
    def _new(
        cls,
        players: int,
        seed: int | None,
        options: dict,
        first_dealer: int | None,
        stacked_deck: list[str] | None,
        first_deal: int = 1,
    ) -> GameState:
        self = cls.__new__(cls)
        self.rng = random.Random(seed)
        self.n_players = players
        self.options = dict(options)
        if first_dealer is None:
            first_dealer = self.rng.randrange(players)
        elif not isinstance(first_dealer, int) or not 0 <= first_dealer < players:
            raise ConfigError("bad_dealer", f"first_dealer must be a seat from 0 to {players - 1}")
        last = cls.LAST_DEAL or 1_000_000
        if isinstance(first_deal, bool) or not isinstance(first_deal, int) \
                or not 1 <= first_deal <= last:
            raise ConfigError("bad_first_deal", f"first_deal must be a deal from 1 to {last}")
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        self.first_deal = first_deal
        self.deal_no = first_deal - 1
        self.score_sheet = []
        self.match_scores = [0] * players
        self.winners = []
        self.over = False
        self._init_fields()
        if stacked_deck is not None:
            deck = self._check_stacked(stacked_deck)
        else:
            deck = None
        self._events_at_start = self._deal(deck)
        return self

    @abstractmethod
    def _init_fields(self) -> None:
        """Set every game-specific field to its empty value before the first deal."""

    @abstractmethod
    def _full_deck(self) -> list[str]:
        ...

    def _deck_for_deal(self, stacked: list[str] | None) -> list[str]:
        """The cards of a new deal in order: the stacked deck if given, else a fresh shuffle."""
        if stacked is not None:
            return list(stacked)
        deck = self._full_deck()
        self.rng.shuffle(deck)
        return deck

    def _check_stacked(self, stacked: list[str]) -> list[str]:
        from .cards import check_stacked

        return check_stacked(stacked, self._full_deck())

    @abstractmethod
    def _deal(self, stacked: list[str] | None = None) -> list[Event]:
        ...

    def start_events(self) -> list[Event]:
        """Events of the very first deal (the UI animates them when a match starts)."""
        return list(getattr(self, "_events_at_start", []))

    # ---- the protocol ---------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that must act now, or None once the match is over."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the match has ended (``winners`` is then set)."""
        return self.over

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now (a canonical finite list)."""
        ...

    def normalise(self, action: Action) -> Action:
        """The normal form of ``action`` if it is legal now, else IllegalAction.

        The lenient door for moves from outside the engine (a list for a tuple, a pair
        in either order): changes nothing, and returns the action ``apply`` accepts.
        Record that, not the action as given (see the module docstring).
        """
        if self.over:
            raise IllegalAction("match_over", "the match is over")
        action = self._normal(well_formed(action))
        check_exact(action)
        self._check(action)
        return action

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` for the current player and return what happened.

        Strict: ``action`` must equal one of ``legal_actions()`` (for a kind its game
        declares open: be any arrangement the rules allow), of exactly the
        listed shape; anything else raises IllegalAction and changes nothing. A move
        from outside the engine goes through :meth:`normalise` first.
        """
        if self.over:
            raise IllegalAction("match_over", "the match is over")
        check_exact(action)
        self._check(action)
        return self._apply(action)

    def _normal(self, action: Action) -> Action:
        """The game's normal form of a well-formed action (by default the action itself)."""
        return action

    def _check(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise IllegalAction("not_legal", f"{action} is not allowed now")

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        ...

    @abstractmethod
    def hand(self, seat: int) -> list[str]:
        """The cards in ``seat``'s hand (tests and debugging; a bot reads :meth:`view`)."""
        ...

    @abstractmethod
    def view(self, seat: int) -> dict:
        """Everything ``seat`` may know now, and nothing more, as JSON values."""
        ...

    @abstractmethod
    def determinize(self, seat: int, rng: random.Random) -> GameState:
        """A copy whose hidden cards are dealt again at random, consistently with
        ``view(seat)`` (what that seat knows), for search."""
        ...

    # ---- what comes from another computer -------------------------------------------
    def check_view(self, view: Any, seat: int) -> None:
        """Raise ConfigError unless ``view`` has the shape this game's ``view(seat)`` gives
        in a match of this many players (``VIEW``): a host's message to a friend's copy."""
        from . import shapes

        shapes.check_view(self, view, seat)

    def check_event(self, event: Any) -> None:
        """Raise ConfigError unless ``event`` is one of the game's events as a seat sees
        it (``EVENTS``; a deal's end by ``ROW``)."""
        from . import shapes

        shapes.check_event(self, event, DealResult.KEY)

    def check_refusal(self, code: Any, params: Any) -> None:
        """Raise ConfigError unless ``code`` and ``params`` could be an IllegalAction of
        this game (``REFUSALS``)."""
        from . import shapes

        shapes.check_refusal(self, code, params)

    def check_move(self, data: Any) -> Action:
        """The move of JSON ``data`` if it is one of the game's kinds with fields of the
        game (cards of its deck, seats of the match), else ConfigError."""
        from . import shapes

        return shapes.check_move(self, data)

    # ---- deal results ------------------------------------------------------------
    @classmethod
    @abstractmethod
    def deal_change(cls, row: dict, n_players: int) -> list[int]:
        """Per seat, what the deal of score-sheet ``row`` added to the match scores."""

    @classmethod
    @abstractmethod
    def deal_measure(cls, row: dict, n_players: int) -> list[int]:
        """Per seat, the deal of score-sheet ``row`` in the game's ``measure_unit``."""

    def deal_results(self) -> list[DealResult]:
        """Every finished deal's :class:`DealResult`, in order, from the score sheet."""
        n = self.n_players
        totals = [0] * n
        out = []
        for row in self.score_sheet:
            change = self.deal_change(row, n)
            totals = [t + c for t, c in zip(totals, change, strict=True)]
            out.append(DealResult(row["deal"], tuple(change), tuple(totals),
                                  tuple(self.deal_measure(row, n)), _dup(row)))
        return out

    def _deal_scored(self) -> Event:
        """The ``deal_scored`` event of the deal just added to the score sheet."""
        return Event("deal_scored", self.deal_results()[-1].event_data())

    # ---- copying and saving ----------------------------------------------------
    def _all_fields(self) -> tuple[str, ...]:
        return self.BASE_FIELDS + self.FIELDS

    def clone(self) -> GameState:
        """An exact, independent copy (the random generator included)."""
        new = self.__class__.__new__(self.__class__)
        d = new.__dict__
        src = self.__dict__
        for name in self._all_fields():
            d[name] = _dup(src[name])
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        new.rng = rng
        return new

    def to_json(self) -> dict:
        """The whole state as a JSON object: an exact round trip with :meth:`from_json`."""
        version, internal, gauss = self.rng.getstate()
        return {
            "game": self.GAME_ID,
            "version": SAVE_VERSION,
            "rng": [version, list(internal), gauss],
            "fields": {name: _dup(getattr(self, name)) for name in self._all_fields()},
        }

    @classmethod
    def from_json(cls, data: dict) -> GameState:
        """Rebuild a state from :meth:`to_json`; a damaged or impossible one raises ConfigError."""
        if data.get("version") != SAVE_VERSION:
            raise ConfigError(
                "bad_version", f"save version {data.get('version')!r} is not supported"
            )
        fields = data.get("fields")
        if isinstance(fields, dict) and "first_deal" not in fields:
            fields = dict(fields, first_deal=1)     # saved before matches could start later
        if not isinstance(fields, dict) or set(fields) != set(cls.BASE_FIELDS + cls.FIELDS):
            raise ConfigError("bad_save", "the save does not hold this game's fields")
        rng_data = data.get("rng")
        try:
            version, internal, gauss = rng_data
            rng = random.Random()
            rng.setstate((version, tuple(internal), gauss))
        except (TypeError, ValueError, OverflowError) as exc:
            raise ConfigError("bad_save", f"the save's random state is damaged ({exc})") from exc
        self = cls.__new__(cls)
        for name, value in fields.items():
            setattr(self, name, _dup(value))
        self.rng = rng
        try:
            self._validate_shape()
            self._validate_loaded()
            self._validate_playable()
        except ConfigError:
            raise
        except Exception as exc:  # any inconsistency in a hand-edited save
            raise ConfigError(
                "bad_save", f"the save's match state is inconsistent ({exc})"
            ) from exc
        return self

    def _validate_shape(self) -> None:
        """Check every field of a loaded state has the type and range the game gives it:
        the common fields here, the game's own from its ``SCHEMA``, the score sheet's rows
        from its ``ROW``. Raise ConfigError on the first that does not fit."""
        from . import checks as ck

        spec = type(self).SPEC
        if spec is None:
            raise ConfigError("bad_save", f"{type(self).__name__} names no spec (its SPEC)")
        ck.check(self.n_players, ck.integer(spec.min_players, spec.max_players),
                 ck.Ctx(0, frozenset()), "number of players")
        n = self.n_players
        ctx = ck.Ctx(n, frozenset(self._full_deck()))
        if not isinstance(self.options, dict):
            raise ConfigError("bad_save", "the save's options are not valid")
        self.options = spec.check_options(self.options)     # an option left out: its default
        base = {
            "dealer": ck.seat,
            "first_dealer": ck.seat,
            "first_deal": ck.integer(1, self.LAST_DEAL or ck.BIG),
            "deal_no": ck.integer(1, self.LAST_DEAL or ck.BIG),
            # (read from the class: a spec is a plain function, not a method)
            "score_sheet": ck.list_of(type(self).ROW or ck.mapping(ck.word(), ck.anything),
                                      most=100_000),
            "match_scores": ck.SCORES,
            "winners": ck.SEATS,
            "over": ck.boolean,
        }
        for name, field_spec in (base | self.SCHEMA).items():
            ck.check(getattr(self, name), field_spec, ctx, name.replace("_", " "))
        ck.require(len(set(self.winners)) == len(self.winners), "a winner listed twice")
        ck.require(bool(self.winners) == self.over, "winners without the match's end")
        ck.require(self.first_deal <= self.deal_no, "the match starts after its deal")
        done = self.deal_no if self.over else self.deal_no - 1
        ck.require(len(self.score_sheet) <= done - self.first_deal + 1,
                   "the score sheet runs past the deal")
        if self.ROW is not None:
            first = self.first_deal
            ck.require(all(row["deal"] == first + i for i, row in enumerate(self.score_sheet)),
                       "the score sheet's deals are out of order")

    def _validate_playable(self) -> None:
        """The loaded state answers every question the table and the players ask of it."""
        from .checks import require

        current = self.current_player
        if self.over:
            require(current is None, "a player to act after the match's end")
        else:
            require(isinstance(current, int) and 0 <= current < self.n_players,
                    "no player to act")
            require(bool(self.legal_actions()), "no move for the player to act")
        for seat in range(self.n_players):
            self.view(seat)
            self.hand(seat)

    def _validate_loaded(self) -> None:
        """Check a loaded state obeys the rules (cards conserved, sizes sane). Raise on error.

        Called once every field has its type and range (:meth:`_validate_shape`)."""
        from .cards import same_cards

        if not same_cards(self.all_cards(), self._full_deck()):
            raise ConfigError("bad_save", "the cards in the save do not form this game's deck")

    @abstractmethod
    def all_cards(self) -> list[str]:
        """Every card of the game wherever it lies (conservation checks)."""

    def __repr__(self) -> str:
        return f"<{self.__class__.__name__} deal={self.deal_no} to_act={self.current_player}>"
