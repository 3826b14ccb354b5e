"""Actions: the small frozen values a player's moves are, and the shapes ``apply`` takes.

Which actions are legal
-----------------------
``apply(action)`` is strict: it accepts an action only when it *equals* one of
``legal_actions()``, field for field and type for type, with one documented widening:
the rummies' ``go_out`` and ``lay`` accept any arrangement of melds the rules allow
(``legal_actions()`` lists only the canonical one). Anything else raises
:class:`IllegalAction` and leaves the state exactly as it was:

* an action that is not an :class:`Action`, an unknown kind, a field its kind does not
  carry (:data:`KIND_FIELDS`) or a field of the wrong type (a list where a tuple belongs,
  ``None`` inside ``cards`` or a meld, a number for a card, a bool for a seat) is a
  ``bad_action`` (:func:`check_exact`); a missing field is refused by the game with its
  own code;
* a well-shaped action that is not listed is refused by the game (``not_in_hand``,
  ``must_follow_suit``, ...; a pair whose cards come in the other order than listed is
  ``not_legal``).

``normalise(action)`` is the lenient door for input from outside the engine (the table,
a friend over the network, a saved move): it writes a well-formed action in its *normal
form* and returns it if that is legal, else raises IllegalAction. The normal form is:

* lists become tuples (``cards``, ``melds`` and each meld), as :func:`make_action` does;
  extra fields, wrong types and ``None`` inside a list are still ``bad_action``;
* the game's own ``_normal`` then applies: pairs65 writes a ``pair`` low card first,
  the way ``legal_actions()`` lists it; the rummies keep the player's arrangement of
  melds (its order is the player's choice and is shown as laid).

So ``apply(normalise(action))`` plays what a person meant, and ``apply`` itself never
guesses. The normal form is what a match records in its history and saves.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
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

KINDS = frozenset(
    {
        "play", "marriage", "exchange", "close", "claim", "draw", "discard",
        "go_out", "lay", "swap", "give", "pair", "done",
    }
)


#: The fields each kind carries: (required, optional). Every other field is None.
KIND_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "play": (("card",), ()),
    "marriage": (("suit",), ()),
    "exchange": ((), ()),
    "close": ((), ()),
    "claim": ((), ()),
    "draw": (("source",), ()),
    "discard": (("card",), ()),
    "go_out": (("melds",), ("discard",)),
    "lay": (("melds",), ()),
    "swap": (("target", "card"), ()),
    "give": (("card",), ()),
    "pair": (("cards",), ()),
    "done": ((), ()),
}


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

#: for kinds whose fields are plain strings and numbers: the type of each field, exactly
_FLAT_SHAPES: dict[str, tuple[type, ...]] = {
    kind: tuple(
        (int if name == "target" else str) if name in required else type(None)
        for name in _ACTION_FIELDS
    )
    for kind, (required, optional) in KIND_FIELDS.items()
    if not optional and not {"melds", "cards"} & set(required)
}


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
