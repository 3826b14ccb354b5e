"""Actions: the small frozen values a player's moves are, and the shapes ``apply`` takes.

Which actions are legal
-----------------------
``apply(action)`` is strict: it accepts an action only when it *equals* one of
``legal_actions()``, field for field and type for type, with one documented widening:
a kind its game declares ``open`` (:class:`Kind`: a move that lays melds) accepts any
arrangement of melds the rules allow (``legal_actions()`` lists only the canonical one).
Anything else raises :class:`IllegalAction` and leaves the state exactly as it was:

* an action that is not an :class:`Action`, a kind no game declares, a field its kind does
  not carry (:data:`KIND_FIELDS`) or a field of the wrong type (a list where a tuple belongs,
  ``None`` inside ``cards`` or a meld, a number for a card, a bool for a seat) is a
  ``bad_action`` (:func:`check_exact`); a missing field is refused by the game with its
  own code;
* a well-shaped action that is not listed is refused by the game with its own code
  (``not_in_hand``, ...; two cards in the other order than listed are ``not_legal``).

``normalise(action)`` is the lenient door for input from outside the engine (the table,
a friend over the network, a saved move): it writes a well-formed action in its *normal
form* and returns it if that is legal, else raises IllegalAction. The normal form is:

* lists become tuples (``cards``, ``melds`` and each meld), as :func:`make_action` does;
  extra fields, wrong types and ``None`` inside a list are still ``bad_action``;
* the game's own ``_normal`` then applies: a game may write a move's cards in the order
  ``legal_actions()`` lists them (low card first, say), and one whose melds are open
  keeps the player's arrangement (its order is the player's choice and is shown as laid).

The kinds of moves
------------------
Each game declares the kinds of its own moves and their fields: its state class's
``MOVES`` (:class:`Kind`), which :func:`declare` adds to :data:`KINDS` and
:data:`KIND_FIELDS` when the class is made, so a game registered at run time brings its
own. One name means one shape: two games may share a kind only with the same fields.

So ``apply(normalise(action))`` plays what a person meant, and ``apply`` itself never
guesses. The normal form is what a match records in its history and saves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from operator import attrgetter
from types import MappingProxyType
from typing import Any

JSON = Any


class IllegalAction(Exception):
    """An action the rules do not allow.

    ``code`` is stable and is what a screen words for a person; ``params`` hold the
    particulars that wording may need (the suit led, the two cards of a pair, the counts of
    a meld), JSON values only; ``message`` is an English sentence for logs and tools, never
    to be parsed.
    """

    def __init__(self, code: str, message: str, **params: Any):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.params = params


# --------------------------------------------------------------------------- actions

_ACTION_FIELDS = ("card", "suit", "source", "melds", "discard", "target", "cards")
#: what each field of an action holds: a card, a suit, a word, melds (lists of cards), a
#: seat, cards (where a move from another computer is checked: :mod:`.shapes`)
FIELD_HOLDS: Mapping[str, str] = MappingProxyType({
    "card": "card", "suit": "suit", "source": "word", "melds": "melds", "discard": "card",
    "target": "seat", "cards": "cards"})

@dataclass(frozen=True)
class Kind:
    """One kind of move a game has: its name, the fields it must carry and those it may.

    ``open``: ``legal_actions()`` lists one canonical arrangement of the move, and ``apply``
    takes any other the rules allow (the one widening the module docstring documents).
    A game names its kinds in its state class's ``MOVES``; :func:`declare` adds them here.
    """

    name: str
    required: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    open: bool = False


_DECLARED: dict[str, Kind] = {}
_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}

#: every kind of move some game has declared (a live, read-only view: a game registered
#: later adds its own)
KINDS = _FIELDS.keys()

#: the fields each declared kind carries: (required, optional). Every other field is None.
KIND_FIELDS: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]] = MappingProxyType(_FIELDS)

#: for kinds whose fields are plain strings and numbers: the type of each field, exactly
_FLAT_SHAPES: dict[str, tuple[type, ...]] = {}


def declare(kind: Kind) -> Kind:
    """Make ``kind`` a move :func:`make_action`, :func:`check_exact` and
    :func:`well_formed` know. Declaring a kind again with the same fields does nothing
    (two games may share a kind: ``play``, ``draw``); with other fields it is a
    ValueError, since one name must mean one shape for every game."""
    if not isinstance(kind, Kind) or not isinstance(kind.name, str) or not kind.name:
        raise ValueError(f"not a kind of move: {kind!r}")
    fields = (*kind.required, *kind.optional)
    stray = [f for f in fields if f not in _ACTION_FIELDS]
    if stray or len(set(fields)) != len(fields):
        raise ValueError(f"the move {kind.name!r} names fields an action cannot hold twice "
                         f"or at all: {fields}")
    known = _DECLARED.get(kind.name)
    if known is not None:
        if known != kind:
            raise ValueError(f"the move {kind.name!r} is already declared as {known}")
        return known
    _DECLARED[kind.name] = kind
    _FIELDS[kind.name] = (tuple(kind.required), tuple(kind.optional))
    if not kind.optional and not {"melds", "cards"} & set(kind.required):
        _FLAT_SHAPES[kind.name] = tuple(
            (int if name == "target" else str) if name in kind.required else type(None)
            for name in _ACTION_FIELDS)
    return kind


def declared(name: str) -> Kind | None:
    """The declared kind called ``name`` (None: no game has it)."""
    return _DECLARED.get(name)


def open_kinds() -> frozenset[str]:
    """The kinds ``apply`` takes in any arrangement the rules allow (see :class:`Kind`)."""
    return frozenset(k.name for k in _DECLARED.values() if k.open)


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
        """The action as a JSON object: its kind and fields (tuples as lists)."""
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
        """An action from :meth:`to_json`'s object; a malformed one raises IllegalAction."""
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


def _normal_fields(kind: Any, fields: dict) -> dict:
    """The fields of a well-formed action of ``kind`` in normal form (tuples, no Nones).

    Raises :class:`IllegalAction` ``bad_action`` for an unknown kind, a field the kind
    does not carry or a value of the wrong type. A missing field is left to the game,
    which refuses it with its own code (``bad_source``, ``bad_pair``, ...).
    """
    if type(kind) is not str or kind not in KINDS:
        raise IllegalAction("bad_action", f"unknown action kind {kind!r}")
    required, optional = KIND_FIELDS[kind]
    out: dict = {}
    for name, value in fields.items():
        if value is None:
            continue
        if name not in required and name not in optional:
            raise IllegalAction("bad_action", f"a {kind} action has no {name!r}")
        if name == "melds":
            if not isinstance(value, (list, tuple)) or not all(
                isinstance(m, (list, tuple)) and all(isinstance(c, str) for c in m)
                for m in value
            ):
                raise IllegalAction("bad_action", "melds must be a list of lists of card codes")
            value = tuple(tuple(m) for m in value)
        elif name == "cards":
            if not isinstance(value, (list, tuple)) or not all(isinstance(c, str) for c in value):
                raise IllegalAction("bad_action", "cards must be a list of card codes")
            value = tuple(value)
        elif name == "target":
            if not isinstance(value, int) or isinstance(value, bool):
                raise IllegalAction("bad_action", "target must be a seat number")
        elif not isinstance(value, str):
            raise IllegalAction("bad_action", f"{name} must be a string")
        out[name] = value
    return out


_FIELD_VALUES = attrgetter(*_ACTION_FIELDS)

def make_action(kind: str, **fields: Any) -> Action:
    """Build a well-formed action: lists become tuples; a field of the wrong type or
    one the kind does not carry raises :class:`IllegalAction` ``bad_action``."""
    unknown = set(fields) - set(_ACTION_FIELDS)
    if unknown:
        raise IllegalAction("bad_action", f"unknown action fields: {sorted(unknown)}")
    return Action(kind, **_normal_fields(kind, fields))


def well_formed(action: Any) -> Action:
    """``action`` with its fields in normal form (see the module docstring).

    Returns ``action`` itself when it already is; raises :class:`IllegalAction`
    ``bad_action`` for anything that is not an :class:`Action` of the right shape.
    """
    if type(action) is not Action:
        raise IllegalAction("bad_action", f"not an action: {action!r}")
    values = _FIELD_VALUES(action)
    kind = action.kind
    if type(kind) is str and tuple(map(type, values)) == _FLAT_SHAPES.get(kind):
        return action  # the common case: a kind of plain fields, already exact
    fields = dict(zip(_ACTION_FIELDS, values, strict=True))
    normal = _normal_fields(action.kind, fields)
    for name, value in normal.items():
        if fields[name] is not value:
            return Action(action.kind, **normal)
    return action


def check_exact(action: Any) -> None:
    """Raise :class:`IllegalAction` ``bad_action`` unless ``action`` is an :class:`Action`
    of a known kind whose every field has exactly the type the kind gives it: ``str``
    for a card, suit or source, ``int`` (not bool) for a target, a tuple of ``str`` for
    ``cards``, a tuple of such tuples for ``melds``; fields the kind does not carry are
    None. A missing field is left to the game. Nothing is converted: this is the shape
    ``apply`` accepts and ``legal_actions()`` lists (see the module docstring)."""
    if type(action) is not Action:
        raise IllegalAction("bad_action", f"not an action: {action!r}")
    values = _FIELD_VALUES(action)
    kind = action.kind
    if type(kind) is str and tuple(map(type, values)) == _FLAT_SHAPES.get(kind):
        return  # the common case: a kind of plain fields, all present
    if type(kind) is not str or kind not in KINDS:
        raise IllegalAction("bad_action", f"unknown action kind {kind!r}")
    required, optional = KIND_FIELDS[kind]
    for name, value in zip(_ACTION_FIELDS, values, strict=True):
        if value is None:
            continue
        if name not in required and name not in optional:
            raise IllegalAction("bad_action", f"a {kind} action has no {name!r}")
        if name == "melds":
            ok = type(value) is tuple and all(
                type(m) is tuple and all(type(c) is str for c in m) for m in value)
        elif name == "cards":
            ok = type(value) is tuple and all(type(c) is str for c in value)
        elif name == "target":
            ok = type(value) is int
        else:
            ok = type(value) is str
        if not ok:
            raise IllegalAction("bad_action", f"the {name} of a {kind} action has the wrong "
                                              f"type: {value!r}")
