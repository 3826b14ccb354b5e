"""Meld staging for the rummy tables, in cards' codes only (no pygame, no sprites): the
rummy family's own, which the shared table parts never name (the rummy table offers it
through the hooks every table has: ``draggable``, ``local_drop``, ``KEY_HOLD``...).

Before laying melds or going out, the player builds groups of cards in a staging area
above the hand. This module knows what those groups are worth under the deal's
:class:`~cardtable.engine.melds.MeldRules`; the rummy table
(:mod:`cardtable.ui.tables.rummy`) moves the sprites and words the verdicts.

* :class:`Groups`: the names of the groups on the staging area, in order (``stage<i>``)
* :func:`check`: whether one group is a meld, what it lacks, what each wild stands for
* :func:`meld_order`: a valid group in the order of its meld (a run by position)
* :func:`arrangement`: the groups "Arrange for me" stages (a way out when there is one)
* :func:`go_out_action`, :func:`lay_action`: the move the staged groups make, if any
* :func:`drop_outcome`: what dropping a card somewhere does to the groups
* :func:`sort_key`: the order of a sorted hand
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardtable.engine import melds as meldlib
from cardtable.engine.core import Action

SUIT_ORDER = "SHCD"          # suits alternate colour in a sorted hand
RUN_ORDER = "A23456789TJQK"  # ace low in a sorted hand
MELD_SIZE = 3                # the fewest cards of a meld
STAGE = "stage"              # the prefix of a group's zone name


def is_wild(code: str | None, wild_ranks: Sequence[str]) -> bool:
    """A joker, or a card of one of the deal's wild ranks."""
    return code is not None and (code == "JK" or code[0] in wild_ranks)


def sort_key(code: str | None, wild_ranks: Sequence[str]) -> tuple:
    """Suits apart (alternating colours), ace low; wild cards at the right end, unknown
    cards after them."""
    if code is None:
        return (9, 0, 0)
    if is_wild(code, wild_ranks):
        return (8, 0 if code == "JK" else 1, RUN_ORDER.find(code[0]))
    return (0, SUIT_ORDER.index(code[1]), RUN_ORDER.index(code[0]))


@dataclass(frozen=True)
class Verdict:
    """What one staged group is worth.

    ``missing``: cards still needed to reach a meld's size (0 once it has enough);
    ``reason``: the engine's ``(code, text)`` for a group of enough cards that is no meld;
    for a valid meld, ``kind`` ("set" or "run"), the ``rank`` of a set or the ``suit`` of
    a run, and ``stands``: what each card stands for (None: itself).
    """

    valid: bool
    stands: tuple[str | None, ...]
    missing: int = 0
    reason: tuple[str, str] | None = None
    kind: str | None = None
    rank: str | None = None
    suit: str | None = None


def check(codes: Sequence[str], rules: meldlib.MeldRules) -> Verdict:
    """The :class:`Verdict` on one group of cards."""
    if len(codes) < MELD_SIZE:
        dead = meldlib.dead_pair(codes, rules)
        if dead is not None:
            # no third card makes a meld of these two (7♠ A♥): "add 1 more card" misled
            return Verdict(False, (None,) * len(codes), reason=dead)
        return Verdict(False, (None,) * len(codes), missing=MELD_SIZE - len(codes))
    why = meldlib.check_meld_code(codes, rules)
    if why is not None:
        return Verdict(False, (None,) * len(codes), reason=why)
    stands = tuple(meldlib.wild_assignment(codes, rules))
    if meldlib.meld_kind(codes, rules) == "set":
        rank = next((s[0] for s in stands if s), None) or next(c[0] for c in codes if c != "JK")
        return Verdict(True, stands, kind="set", rank=rank)
    suit = next(c[1] for c, s in zip(codes, stands, strict=True) if s is None)
    return Verdict(True, stands, kind="run", suit=suit)


def meld_order(codes: Sequence[str], stands: Sequence[str | None]) -> list[int]:
    """The positions of a valid group's cards in meld order: by the rank each card is or
    stands for (an ace after a king is high), a wild after the natural of its rank."""
    def position(i: int) -> int:
        rank = (stands[i] or codes[i])[0]
        high = rank == "A" and any(x and x[0] == "K" for x in list(stands) + list(codes))
        return 14 if high else RUN_ORDER.index(rank) + 1

    return sorted(range(len(codes)), key=lambda i: (position(i), stands[i] is not None))


def arrangement(hand: Sequence[str], rules: meldlib.MeldRules, wild_ranks: Sequence[str], *,
                going_out: bool, discard_when_out: bool) -> list[tuple[str, ...]]:
    """The melds "Arrange for me" stages from ``hand``: when the player may go out and a
    way out exists, the one discarding the least useful card (a natural before a wild,
    the dearest first); else the arrangement leaving the least penalty in hand."""
    if going_out:
        ways = meldlib.go_out_options(list(hand), rules, discard_when_out)
        if ways:
            ways.sort(key=lambda g: (is_wild(g.discard, wild_ranks),
                                     -rules.values.get(g.discard, 0) if g.discard else 0))
            return [tuple(m) for m in ways[0].melds]
    return [tuple(m) for m in meldlib.best_arrangement(list(hand), rules).melds]


def go_out_action(groups: Sequence[Sequence[str]], rest: Sequence[str],
                  discard_when_out: bool, valid: Callable[[Sequence[str]], bool]) -> Action | None:
    """Going out with the staged ``groups`` (``rest``: the cards left in hand), when every
    group is a meld and what is left is what the game allows: one card to discard
    (``discard_when_out``) or none."""
    if not groups or not all(valid(g) for g in groups):
        return None
    melds = tuple(tuple(g) for g in groups)
    if discard_when_out:
        return Action("go_out", melds=melds, discard=rest[0]) if len(rest) == 1 else None
    return Action("go_out", melds=melds, discard=None) if not rest else None


def lay_action(groups: Sequence[Sequence[str]], in_hand: int,
               valid: Callable[[Sequence[str]], bool]) -> Action | None:
    """On a last turn: laying the staged groups that are melds, when at least one card
    stays in hand (``in_hand``: the cards in hand, the staged ones not counted)."""
    melds = [g for g in groups if valid(g)]
    mine = in_hand + sum(len(g) for g in groups)
    if not melds or mine - sum(len(g) for g in melds) < 1:
        return None
    return Action("lay", melds=tuple(tuple(g) for g in melds))


class Groups:
    """The groups on the staging area, left to right, by zone name (``stage<i>``); a new
    group always gets a name never used before in the deal."""

    def __init__(self) -> None:
        self.ids: list[int] = []
        self._next = 0

    def names(self) -> list[str]:
        """The zone names of the groups, in order."""
        return [f"{STAGE}{i}" for i in self.ids]

    def new(self) -> str:
        """Start a group at the right end; its zone name."""
        i = self._next
        self._next += 1
        self.ids.append(i)
        return f"{STAGE}{i}"

    def clear(self) -> None:
        """No group any more (a new deal); names already used stay used."""
        self.ids = []

    def prune(self, empty: Callable[[str], bool]) -> list[str]:
        """Forget the groups ``empty`` says have no card left; their names."""
        gone = [i for i in self.ids if empty(f"{STAGE}{i}")]
        self.ids = [i for i in self.ids if i not in gone]
        return [f"{STAGE}{i}" for i in gone]


def drop_outcome(source: str, *, on_pile: bool, on_stock: bool, item: str | None,
                 in_hand_band: bool, in_stage_band: bool, alone: bool) -> str:
    """What dropping a card taken from zone ``source`` does.

    Where it lands: on the discard pile (``on_pile``), on the stock (``on_stock``), on an
    item of the staging area (``item``: "stage" a group, "laid" a meld on the table,
    "new" the place for a new group, None), in the band of the hand or of the staging
    area. ``alone``: the card is the only one of its group. The answer:

    * "draw":      a card dragged off the stock or the pile to the hand or the stage
    * "discard":   onto the pile (going out, when the staged groups allow it)
    * "not_stock": the stock takes no card
    * "not_laid":  melds on the table are finished
    * "join":      into the group it was dropped on
    * "to_hand":   a staged card back into the hand
    * "reorder":   a card of the hand moved within the hand
    * "new_group": a group of its own
    * "stay":      it is a group of its own already
    * "back":      it goes back where it was
    """
    if source in ("stock", "pile"):
        return "draw" if in_hand_band or in_stage_band else "back"
    if on_pile:
        return "discard"
    if on_stock:
        return "not_stock"
    if item == "laid":
        return "not_laid"
    if item == "stage":
        return "join"
    if in_hand_band:
        return "to_hand" if source.startswith(STAGE) else "reorder"
    if item is not None or in_stage_band:
        return "stay" if source.startswith(STAGE) and alone else "new_group"
    return "back"
