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
* ``_check(action)``            raise :class:`IllegalAction` if ``action`` is not allowed;
                                must not change anything
* ``_apply(action)``            perform an already-checked action, return events
* ``view(seat)`` / ``determinize(seat, rng)`` / ``hand(seat)``
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar

JSON = Any

SAVE_VERSION = 1


class IllegalAction(Exception):
    """An action the rules do not allow. ``code`` is stable and translatable."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class ConfigError(ValueError):
    """A bad request to start or load a match (unknown game, options, players, save data)."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


# --------------------------------------------------------------------------- actions

_ACTION_FIELDS = ("card", "suit", "source", "melds", "discard", "target", "cards")

KINDS = frozenset(
    {
        "play", "marriage", "exchange", "close", "claim", "draw", "discard",
        "go_out", "lay", "swap", "give", "pair", "done",
    }
)


@dataclass(frozen=True, slots=True)
class Action:
    """A small immutable move. ``kind`` plus the named fields that kind needs.

    ``melds`` is a tuple of tuples of card codes; ``cards`` a tuple of codes.
    Lists given to the constructor helpers are turned into tuples so actions hash.
    """

    kind: str
    card: str | None = None
    suit: str | None = None
    source: str | None = None
    melds: tuple[tuple[str, ...], ...] | None = None
    discard: str | None = None
    target: int | None = None
    cards: tuple[str, ...] | None = None

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind}
        for name in _ACTION_FIELDS:
            value = getattr(self, name)
            if value is None:
                continue
            if name == "melds":
                value = [list(m) for m in value]
            elif name == "cards":
                value = list(value)
            out[name] = value
        return out

    @classmethod
    def from_json(cls, data: JSON) -> Action:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise IllegalAction("bad_action", "an action must be an object with a 'kind'")
        unknown = set(data) - {"kind", *_ACTION_FIELDS}
        if unknown:
            raise IllegalAction("bad_action", f"unknown action fields: {sorted(unknown)}")
        return make_action(data["kind"], **{k: v for k, v in data.items() if k != "kind"})

    def __str__(self) -> str:
        parts = [self.kind]
        for name in _ACTION_FIELDS:
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name}={value}")
        return " ".join(parts)


def make_action(kind: str, **fields: Any) -> Action:
    """Build an action, normalising lists to tuples and checking field types."""
    if kind not in KINDS:
        raise IllegalAction("bad_action", f"unknown action kind {kind!r}")
    melds = fields.get("melds")
    if melds is not None:
        if not isinstance(melds, (list, tuple)) or not all(
            isinstance(m, (list, tuple)) and all(isinstance(c, str) for c in m) for m in melds
        ):
            raise IllegalAction("bad_action", "melds must be a list of lists of card codes")
        fields["melds"] = tuple(tuple(m) for m in melds)
    cards = fields.get("cards")
    if cards is not None:
        if not isinstance(cards, (list, tuple)) or not all(isinstance(c, str) for c in cards):
            raise IllegalAction("bad_action", "cards must be a list of card codes")
        fields["cards"] = tuple(cards)
    for name in ("card", "suit", "source", "discard"):
        value = fields.get(name)
        if value is not None and not isinstance(value, str):
            raise IllegalAction("bad_action", f"{name} must be a string")
    target = fields.get("target")
    if target is not None and (not isinstance(target, int) or isinstance(target, bool)):
        raise IllegalAction("bad_action", "target must be a seat number")
    return Action(kind, **fields)


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
        out = {"kind": self.kind, **self.data}
        if self.secret and seat is not None and seat in self.seen_by:
            out.update(self.secret)
        return out

    def public(self) -> dict:
        return {"kind": self.kind, **self.data}

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "data": self.data,
            "secret": self.secret,
            "seen_by": list(self.seen_by),
        }


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
        "n_players", "options", "dealer", "first_dealer", "deal_no",
        "score_sheet", "match_scores", "winners", "over",
    )

    #: the shape of each of the game's own fields and of one score-sheet row, checked when
    #: a save is loaded (specs of :mod:`cardtable.engine.checks`; a field not listed is
    #: checked only by the game's ``_validate_loaded``)
    SCHEMA: ClassVar[dict[str, Any]] = {}
    ROW: ClassVar[Any] = None
    #: the number of the last deal of a match (None: as many as it takes)
    LAST_DEAL: ClassVar[int | None] = None

    rng: random.Random

    # ---- construction -------------------------------------------------------
    @classmethod
    def _new(
        cls,
        players: int,
        seed: int | None,
        options: dict,
        first_dealer: int | None,
        stacked_deck: list[str] | None,
    ) -> GameState:
        self = cls.__new__(cls)
        self.rng = random.Random(seed)
        self.n_players = players
        self.options = dict(options)
        if first_dealer is None:
            first_dealer = self.rng.randrange(players)
        elif not isinstance(first_dealer, int) or not 0 <= first_dealer < players:
            raise ConfigError("bad_dealer", f"first_dealer must be a seat from 0 to {players - 1}")
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        self.deal_no = 0
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
        ...

    @property
    def is_over(self) -> bool:
        return self.over

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        ...

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` for the current player. Raises IllegalAction, changing nothing."""
        if self.over:
            raise IllegalAction("match_over", "the match is over")
        if not isinstance(action, Action):
            raise IllegalAction("bad_action", f"not an action: {action!r}")
        self._check(action)
        return self._apply(action)

    def _check(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise IllegalAction("not_legal", f"{action} is not allowed now")

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        ...

    @abstractmethod
    def hand(self, seat: int) -> list[str]:
        ...

    @abstractmethod
    def view(self, seat: int) -> dict:
        ...

    @abstractmethod
    def determinize(self, seat: int, rng: random.Random) -> GameState:
        ...

    # ---- copying and saving ----------------------------------------------------
    def _all_fields(self) -> tuple[str, ...]:
        return self.BASE_FIELDS + self.FIELDS

    def clone(self) -> GameState:
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
        version, internal, gauss = self.rng.getstate()
        return {
            "game": self.GAME_ID,
            "version": SAVE_VERSION,
            "rng": [version, list(internal), gauss],
            "fields": {name: _dup(getattr(self, name)) for name in self._all_fields()},
        }

    @classmethod
    def from_json(cls, data: dict) -> GameState:
        if data.get("version") != SAVE_VERSION:
            raise ConfigError(
                "bad_version", f"save version {data.get('version')!r} is not supported"
            )
        fields = data.get("fields")
        if not isinstance(fields, dict) or set(fields) != set(cls.BASE_FIELDS + cls.FIELDS):
            raise ConfigError("bad_save", "the save does not hold this game's fields")
        rng_data = data.get("rng")
        try:
            version, internal, gauss = rng_data
            rng = random.Random()
            rng.setstate((version, tuple(internal), gauss))
        except (TypeError, ValueError) as exc:
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
        from .registry import get

        spec = get(self.GAME_ID)
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
        done = self.deal_no if self.over else self.deal_no - 1
        ck.require(len(self.score_sheet) <= done, "the score sheet runs past the deal")
        if self.ROW is not None:
            ck.require(all(row["deal"] == i + 1 for i, row in enumerate(self.score_sheet)),
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
