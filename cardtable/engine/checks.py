"""Shapes of a game's saved fields, checked when a save is loaded, and of what it shows a
seat, checked where that comes from another computer.

A loaded state must hold exactly what the game itself could have written: every field of
the right type, every number in its range, every seat a seat, every card a card of the
game. Each game describes its fields with the small specs below (``GameState.SCHEMA``);
:func:`check` raises ``ConfigError("bad_save")`` naming the first field that does not fit.
The game's own invariants (hand sizes, whose turn it is) are checked by its
``_validate_loaded`` afterwards, on fields already known to be well formed.

    SCHEMA = {"leader": SEAT, "hands": per_seat(CARDS), "last_trick": maybe(obj(...))}

The same specs describe a seat's view, the events as a seat sees them and the particulars
of a refused move (``GameState.VIEW``, ``EVENTS``, ``REFUSALS``; :mod:`.shapes` checks
them), so a friend's copy takes from a host only what the game itself could have sent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import ConfigError

#: no count or score in any game comes near this
BIG = 10**9
SUIT_LETTERS = frozenset("SHDC")


@dataclass(frozen=True)
class Ctx:
    """What a spec may need to know: the number of players and the game's cards."""

    n: int
    deck: frozenset


Spec = Callable[[Any, Ctx], bool]


def integer(lo: int = -BIG, hi: int = BIG) -> Spec:
    def ok(v, ctx):
        return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi
    return ok


COUNT = integer(0)


def anything(v, ctx) -> bool:
    return True


def boolean(v, ctx) -> bool:
    return isinstance(v, bool)


def seat(v, ctx) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < ctx.n


def card(v, ctx) -> bool:
    return isinstance(v, str) and v in ctx.deck


def suit(v, ctx) -> bool:
    return isinstance(v, str) and v in SUIT_LETTERS


def word(*choices: str, longest: int = 40) -> Spec:
    """A string: one of ``choices`` when given, else any short printable one."""
    def ok(v, ctx):
        if not isinstance(v, str):
            return False
        return v in choices if choices else len(v) <= longest and v.isprintable()
    return ok


def maybe(spec: Spec) -> Spec:
    """``spec`` or None."""
    return lambda v, ctx: v is None or spec(v, ctx)


def list_of(spec: Spec, size: int | None = None, most: int = 10_000) -> Spec:
    def ok(v, ctx):
        if not isinstance(v, list) or len(v) > most or (size is not None and len(v) != size):
            return False
        return all(spec(x, ctx) for x in v)
    return ok


def per_seat(spec: Spec) -> Spec:
    """A list with one ``spec`` per player."""
    def ok(v, ctx):
        return isinstance(v, list) and len(v) == ctx.n and all(spec(x, ctx) for x in v)
    return ok


def pair_of(spec: Spec) -> Spec:
    """A list of two ``spec`` (one per side, one per player of a two-player game)."""
    return list_of(spec, size=2)


def obj(fields: dict[str, Spec], optional: dict[str, Spec] | None = None) -> Spec:
    """A mapping with exactly ``fields`` (and any of ``optional``), each of its spec."""
    optional = optional or {}

    def ok(v, ctx):
        if not isinstance(v, dict):
            return False
        keys = set(v)
        if not set(fields) <= keys or not keys <= set(fields) | set(optional):
            return False
        return all((fields.get(k) or optional[k])(x, ctx) for k, x in v.items())
    return ok


def mapping(key: Spec, value: Spec, most: int = 10_000) -> Spec:
    def ok(v, ctx):
        return (isinstance(v, dict) and len(v) <= most
                and all(key(k, ctx) and value(x, ctx) for k, x in v.items()))
    return ok


def one_of(*specs: Spec) -> Spec:
    """A value of any of ``specs`` (the shapes of one kind of event, say, told apart by
    one of their fields)."""
    return lambda v, ctx: any(spec(v, ctx) for spec in specs)


def unique(spec: Spec) -> Spec:
    """A list of ``spec`` in which no value comes twice."""
    def ok(v, ctx):
        return spec(v, ctx) and len(set(v)) == len(v)
    return ok


def plain(most: int = 20_000, depth: int = 8, longest: int = 200) -> Spec:
    """Any JSON value (objects with string keys, lists, strings, numbers, booleans, None)
    of at most ``most`` parts, nested at most ``depth`` deep, its strings at most
    ``longest`` characters: the shape of what a game declares no shape for."""
    def ok(v, ctx):
        left = [most]

        def walk(x, level):
            left[0] -= 1
            if left[0] < 0 or level > depth:
                return False
            if x is None or isinstance(x, (bool, int)):
                return True
            if isinstance(x, str):
                return len(x) <= longest
            if isinstance(x, list):
                return all(walk(y, level + 1) for y in x)
            if isinstance(x, dict):
                return all(isinstance(k, str) and len(k) <= longest and walk(y, level + 1)
                           for k, y in x.items())
            return False
        return walk(v, 0)
    return ok


CARDS = list_of(card)
SUITS = list_of(suit, most=4)
SEATS = list_of(seat, most=16)
#: a match's winners: seats, none twice
WINNERS = unique(SEATS)
#: a match's options as a view repeats them: short words to numbers, booleans or words
OPTIONS = mapping(word(), lambda v, ctx: v is None or isinstance(v, bool) or
                  integer()(v, ctx) or word()(v, ctx), most=64)
SCORES = per_seat(integer())


def played(v, ctx) -> bool:
    """A list of [seat, card]: who played what."""
    return isinstance(v, list) and all(
        isinstance(p, list) and len(p) == 2 and seat(p[0], ctx) and card(p[1], ctx) for p in v)


def check(value: Any, spec: Spec, ctx: Ctx, where: str) -> None:
    if not spec(value, ctx):
        raise ConfigError("bad_save", f"the save's {where} is not valid")


def require(condition: bool, what: str) -> None:
    """One of the game's invariants: ``what`` says what does not hold."""
    if not condition:
        raise ConfigError("bad_save", f"the save is inconsistent: {what}")
