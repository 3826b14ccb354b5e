"""Melds for the rummy games ``rummy65`` and ``quebec65``: checking and best arrangement.

Rules implemented (see ``rules/rummy65.md`` and ``rules/quebec65.md``, "Melds"):

* A **set** is 3 or more cards of one rank; suits may repeat (several decks).
* A **run** is 3 or more cards of one suit in sequence. The ace is low (A-2-3) or high
  (Q-K-A), never both in one run, and a run never wraps (K-A-2 is not a run). Each rank
  appears at most once in a run, so a run holds at most 13 cards.
* **Wild cards** are the jokers (always) and every card whose rank is in
  :attr:`MeldRules.wild_ranks`. A wild card stands for any card of the meld.
* A card of a wild rank may stand as itself and is then **natural** (the 4H in 3H-4H-5H
  when fours are wild, or a set of fours when fours are wild). A joker is never natural.
* ``wilds_at_most_naturals`` (rummy65): no meld holds more wild cards than natural cards.
* ``need_natural`` (quebec65 unless option ``all_wild_melds``): a meld holds at least one
  natural card. When it is off (and the ratio rule is off), 3 or more wild cards alone
  are a meld.

:func:`best_arrangement` finds the exact minimum penalty of the cards left outside melds.
The search works on *cores*: the natural cards of a meld. A set core of ``c`` naturals
needs ``max(0, 3 - c)`` wild cards and takes at most ``c`` of them under the ratio rule
(no limit otherwise). A run core of ``c`` naturals whose ranks span ``s`` positions needs
``max(s - c, 3 - c)`` wild cards and takes at most ``min(13 - c, c)`` of them under the
ratio rule (``13 - c`` otherwise). Any number of wild cards between those bounds turns the
core into a valid meld, so an arrangement is a choice of disjoint cores plus a number
``t`` of wild cards to place; the ``t`` most valuable wild cards of the pool are placed.
Two set cores of the same rank are never worse merged, and a natural card of that rank
left out is never better than added to the set, so the search decides one set per rank.
The cores are explored rank by rank (ace first) with memoisation on the remaining cards
and the running wild-card bounds; equal card codes (several decks) share one counter.
Without the ratio rule a wild-rank card is only ever needed as a natural when a meld has
no other natural, so cores with more wild-rank naturals are not explored. Natural cards
that fit no core at all are set aside before the search. :func:`go_out_options` with a
discard runs one search whose state also says whether the discard is made, and returns
every discard that works at once.

Nothing here relies on splitting long melds into short ones: under the ratio rule a set
of 3 naturals and 3 wilds cannot be cut into two legal sets, so cores of any length are
searched.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import combinations, product
from types import MappingProxyType
from typing import NamedTuple

from .cards import JOKER, NUMBER_RANK, RANK_NUMBER, RANKS, SUITS, is_valid_code

__all__ = [
    "REASONS",
    "Arrangement",
    "GoOut",
    "MeldRules",
    "best_arrangement",
    "can_meld_all",
    "check_meld",
    "check_meld_code",
    "dead_pair",
    "MeldReason",
    "check_partition",
    "clear_cache",
    "go_out_options",
    "meld_kind",
    "quebec65_rules",
    "rummy65_rules",
    "wild_assignment",
]

#: Longest run: 13 ranks (A..K with the ace low, or 2..A with the ace high).
MAX_RUN = 13

#: Stable reason codes and their plain-English text. Some texts get details appended by
#: :func:`check_meld_code` (the card, or the counts of wild and natural cards).
REASONS: Mapping[str, str] = MappingProxyType(
    {
        "not_a_card": "not a card",
        "too_few_cards": "a meld needs at least 3 cards",
        "no_natural": "a meld needs at least one natural card",
        "too_many_wilds": "too many wild cards",
        "mixed_suits": "a run needs one suit",
        "no_shared_rank_or_suit": "the cards share neither one rank nor one suit",
        "duplicate_rank": "a rank appears twice in the run",
        "wraps": "a run cannot wrap from king to ace to two",
        "not_sequence": "the ranks do not form a sequence",
        "run_too_long": "a run holds at most 13 cards",
    }
)

#: Rank letter used by :func:`wild_assignment` for the wilds of a meld of jokers only
#: (possible only when ``need_natural`` is off): such a meld is reported as a set of aces.
JOKERS_ONLY_RANK = "A"


class MeldReason(NamedTuple):
    """Why cards are no meld: a stable ``code`` (one of :data:`REASONS`), the English
    ``text``, and the ``params`` a screen words it with (counts, the card)."""

    code: str
    text: str
    params: Mapping[str, object] = MappingProxyType({})


def _why(code: str, text: str | None = None, **params: object) -> MeldReason:
    return MeldReason(code, REASONS[code] if text is None else text,
                      MappingProxyType(params))


def too_many_wilds_text(wilds: int, naturals: int) -> str:
    """The reason text for a meld breaking the ratio rule (wilds <= naturals)."""
    return f"{REASONS['too_many_wilds']}: {wilds} wild for {naturals} natural"


def not_a_card_text(card: object) -> str:
    return f"{REASONS['not_a_card']}: {card!r}"


# --------------------------------------------------------------------------- rules


@dataclass(frozen=True)
class MeldRules:
    """What counts as a meld this deal, and what each card left in hand costs.

    ``values`` is copied into a read-only mapping when the rules are made, so a
    ``MeldRules`` is immutable and hashable.
    """

    wild_ranks: frozenset[str]
    wilds_at_most_naturals: bool
    need_natural: bool
    values: Mapping[str, int]
    _key: tuple = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        wild = frozenset(self.wild_ranks)
        bad = [r for r in wild if r not in RANK_NUMBER]
        if bad:
            raise ValueError(f"not ranks: {sorted(bad)}")
        values = MappingProxyType(dict(self.values))
        object.__setattr__(self, "wild_ranks", wild)
        object.__setattr__(self, "values", values)
        key = (
            tuple(sorted(wild)),
            bool(self.wilds_at_most_naturals),
            bool(self.need_natural),
            tuple(sorted(values.items())),
        )
        object.__setattr__(self, "_key", key)

    def __hash__(self) -> int:
        return hash(self._key)

    def is_wild(self, card: str) -> bool:
        """Jokers always; other cards when their rank is wild this deal."""
        return card == JOKER or card[0] in self.wild_ranks


@cache
def rummy65_rules(hand_number: int) -> MeldRules:
    """Rules of hand ``hand_number`` (1..12) of rummy65.

    Wild rank: 3 in hand 1 ... K in hand 11, A in hand 12. Penalties: wild cards 50,
    aces 20, K Q J T 10, 2 to 9 face value. One (frozen) object per hand: the solver's
    cache keeps the rules of each hand it holds, and a computer player asks for them at
    every decision.
    """
    if not 1 <= hand_number <= 12:
        raise ValueError("rummy65 has hands 1 to 12")
    wild = "3456789TJQKA"[hand_number - 1]
    values: dict[str, int] = {JOKER: 50}
    for r in RANK_NUMBER:
        if r == wild:
            v = 50
        elif r == "A":
            v = 20
        elif r in "KQJT":
            v = 10
        else:
            v = int(r)
        for s in SUITS:
            values[r + s] = v
    return MeldRules(frozenset({wild}), True, True, values)


@cache
def quebec65_rules(round_number: int, all_wild_melds: bool = False) -> MeldRules:
    """Rules of round ``round_number`` (1..11) of quebec65.

    Wild: jokers, the 2s and the rank ``round + 2`` (3 .. K). Penalties: 3 to 9 = 5,
    T J Q K = 10, A = 15, jokers, 2s and the round's wild rank 20. One (frozen) object
    per round and option, as for :func:`rummy65_rules`.
    """
    if not 1 <= round_number <= 11:
        raise ValueError("quebec65 has rounds 1 to 11")
    wild = "3456789TJQK"[round_number - 1]
    values: dict[str, int] = {JOKER: 20}
    for r in RANK_NUMBER:
        if r in ("2", wild):
            v = 20
        elif r == "A":
            v = 15
        elif r in "TJQK":
            v = 10
        else:
            v = 5
        for s in SUITS:
            values[r + s] = v
    return MeldRules(frozenset({"2", wild}), False, not all_wild_melds, values)


# --------------------------------------------------------------------------- one meld


def _position(card: str) -> int:
    """Run position with the ace low (A=1 .. K=13)."""
    return RANK_NUMBER[card[0]]


def _order_key(card: str) -> tuple[int, int]:
    """Canonical order of the engine: rank ace-low first, then suit S H D C; jokers last."""
    if card == JOKER:
        return (99, 0)
    return (RANK_NUMBER[card[0]], SUITS.index(card[1]))


def _run_orientation(positions: Sequence[int], length: int) -> str | None:
    """How distinct ace-low positions fit a run of ``length`` cards.

    Returns 'low' (window inside A..K), 'high' (window inside 2..A, the ace counted as
    14), 'free' (no ace: either) or None when they do not fit.
    """
    if length > MAX_RUN or not positions:
        return None
    if 1 not in positions:
        return "free" if max(positions) - min(positions) + 1 <= length else None
    if max(positions) <= length:
        return "low"
    others = [p for p in positions if p != 1]
    if 15 - min(others) <= length:
        return "high"
    return None


def _run_window(positions: Sequence[int], orientation: str, length: int) -> list[int]:
    """The window of run positions (ace high = 14) holding ``positions``.

    Wild cards extend the run upward first, then downward.
    """
    if orientation == "high":
        pts = [14 if p == 1 else p for p in positions]
        lo_bound, hi_bound = 2, 14
    elif orientation == "low":
        pts = list(positions)
        lo_bound, hi_bound = 1, 13
    else:
        pts = list(positions)
        lo_bound, hi_bound = 1, 14
    mn, mx = min(pts), max(pts)
    extra = length - (mx - mn + 1)
    up = min(extra, hi_bound - mx)
    down = extra - up
    start = mn - down
    assert start >= lo_bound
    return list(range(start, start + length))


def _card_at(position: int, suit: str) -> str:
    return NUMBER_RANK[1 if position == 14 else position] + suit


@dataclass(frozen=True)
class _Reading:
    """One way to read a meld: which positions are natural and what it is."""

    kind: str  # 'set' or 'run'
    naturals: tuple[int, ...]  # indexes into the meld
    rank: str | None = None  # sets: the rank (None for jokers only)
    suit: str | None = None  # runs
    orientation: str | None = None  # runs: 'low', 'high' or 'free'


def _read(cards: Sequence[str], rules: MeldRules) -> tuple[list[_Reading], MeldReason | None]:
    """Readings of ``cards`` that are valid melds, and a failure reason when there is none.

    For each shape (a set, or a run in a given suit) the reading with the most natural
    cards is kept: the ratio and natural-card rules only get easier with more naturals.
    """
    for c in cards:
        if not is_valid_code(c):
            return [], _why("not_a_card", not_a_card_text(c), card=str(c))
    n = len(cards)
    if n < 3:
        return [], _why("too_few_cards")
    wild_ranks = rules.wild_ranks
    pure = [i for i, c in enumerate(cards) if c != JOKER and c[0] not in wild_ranks]
    wildrank = [i for i, c in enumerate(cards) if c != JOKER and c[0] in wild_ranks]

    shapes: list[_Reading] = []
    # Set: every pure natural has the set's rank; wild-rank cards of that rank are natural.
    pure_ranks = {cards[i][0] for i in pure}
    if len(pure_ranks) <= 1:
        if pure_ranks:
            rank = next(iter(pure_ranks))
        elif wildrank:
            count: dict[str, int] = {}
            for i in wildrank:
                count[cards[i][0]] = count.get(cards[i][0], 0) + 1
            rank = max(sorted(count, key=RANK_NUMBER.__getitem__), key=count.__getitem__)
        else:
            rank = None
        nat = tuple(i for i in range(n) if cards[i] != JOKER and cards[i][0] == rank)
        shapes.append(_Reading("set", nat, rank=rank))
    # Run: every pure natural in one suit at its own position; wild-rank cards of that
    # suit may be natural too (the most that fit are taken).
    pure_suits = {cards[i][1] for i in pure}
    if len(pure_suits) <= 1 and n <= MAX_RUN:
        suits = pure_suits or {cards[i][1] for i in wildrank}
        base_pos = [_position(cards[i]) for i in pure]
        if len(set(base_pos)) == len(base_pos):
            for s in (x for x in SUITS if x in suits):
                elig = [i for i in wildrank if cards[i][1] == s]
                found = None
                for size in range(len(elig), -1, -1):
                    for extra in combinations(elig, size):
                        pos = base_pos + [_position(cards[i]) for i in extra]
                        if len(set(pos)) != len(pos):
                            continue
                        orient = _run_orientation(pos, n)
                        if orient is not None:
                            found = _Reading("run", tuple(sorted(pure + list(extra))), suit=s,
                                             orientation=orient)
                            break
                    if found is not None:
                        break
                if found is not None:
                    shapes.append(found)

    ratio, need = rules.wilds_at_most_naturals, rules.need_natural
    valid = [
        r for r in shapes
        if (not need or r.naturals) and (not ratio or n - len(r.naturals) <= len(r.naturals))
    ]
    if valid:
        return valid, None
    if shapes:
        r = max(shapes, key=lambda x: len(x.naturals))
        k = len(r.naturals)
        if need and k == 0:
            return [], _why("no_natural")
        return [], _why("too_many_wilds", too_many_wilds_text(n - k, k), wild=n - k,
                        natural=k)
    return [], _shape_failure([cards[i] for i in pure], n)


def _run_span(cards: list[str]) -> int:
    """How many places the shortest run holding ``cards`` would take (the ace low or high)."""
    low = [_position(c) for c in cards]
    high = [14 if p == 1 else p for p in low]
    return min(max(ps) - min(ps) + 1 for ps in (low, high))


def _shape_failure(pure: list[str], n: int) -> MeldReason:
    """Why cards whose non-wild cards share neither a rank nor a run shape fail."""
    ranks = [c[0] for c in pure]
    suits = {c[1] for c in pure}
    if len(suits) > 1:
        # "a run needs one suit" only where the ranks nearly make a run of n cards (5♥ 6♠
        # 7♥); cards of other ranks and suits (7♠ A♥ 5♦) could be neither a set nor a run
        code = "mixed_suits" if len(set(ranks)) == len(ranks) and _run_span(pure) <= n + 1 \
            else "no_shared_rank_or_suit"
        return _why(code)
    if len(set(ranks)) != len(ranks):
        return _why("duplicate_rank")
    if n > MAX_RUN:
        return _why("run_too_long")
    positions = [_position(c) for c in pure]
    # A window that would fit if the run could go on from king to ace to two.
    for start in range(3, 14):
        end = start + n - 1
        if end < 15:
            continue
        if all(start <= p <= end or start <= p + 13 <= end for p in positions):
            return _why("wraps")
    return _why("not_sequence")


def check_meld_code(cards: Sequence[str], rules: MeldRules) -> MeldReason | None:
    """None when ``cards`` form one valid meld, else a :class:`MeldReason` (code, text,
    params; it still reads as the pair ``(code, text)`` by index).

    ``code`` is one of :data:`REASONS` and stays stable for translation.
    """
    valid, why = _read(cards, rules)
    return None if valid else why


#: every card a group may be completed with: each natural card and a joker
_ANY_CARD = tuple(r + s for r in RANKS for s in SUITS) + (JOKER,)


def dead_pair(cards: Sequence[str], rules: MeldRules) -> MeldReason | None:
    """Two cards no third card makes a meld with (7♠ A♥: neither one rank nor one suit),
    and why; None for any other group (two cards one more card completes, or another
    number of cards)."""
    if len(cards) != 2 or not all(is_valid_code(c) for c in cards):
        return None
    if any(rules.is_wild(c) for c in cards):
        return None         # a wild card goes with anything, given cards enough (JK JK 7♠ 7♥)
    if any(_read(list(cards) + [c], rules)[0] for c in _ANY_CARD):
        return None
    return _shape_failure(list(cards), 3)


def check_meld(cards: Sequence[str], rules: MeldRules) -> str | None:
    """None when ``cards`` form one valid meld, else a short reason a player can read."""
    why = check_meld_code(cards, rules)
    return None if why is None else why[1]


def _best_reading(cards: Sequence[str], rules: MeldRules) -> _Reading | None:
    valid, _ = _read(cards, rules)
    if not valid:
        return None
    sets = [r for r in valid if r.kind == "set"]
    if sets:
        return sets[0]
    return max(valid, key=lambda r: len(r.naturals))


def meld_kind(cards: Sequence[str], rules: MeldRules) -> str | None:
    """'set' or 'run' for a valid meld ('set' when both readings work), else None."""
    r = _best_reading(cards, rules)
    return None if r is None else r.kind


def wild_assignment(cards: Sequence[str], rules: MeldRules) -> list[str | None]:
    """For a valid meld: what each wild card stands for; None for natural cards.

    The reading with the most natural cards is used (a set when the meld reads as both).
    In a run a wild stands for a card code such as ``'4H'`` (ace high is ``'A'`` too);
    the wilds fill the gaps in ascending order, then extend the run upward, then
    downward. In a set a wild stands for the rank followed by ``'*'`` (``'7*'``). A meld
    of jokers only is read as a set of :data:`JOKERS_ONLY_RANK`. Raises ``ValueError``
    for an invalid meld.
    """
    r = _best_reading(cards, rules)
    if r is None:
        raise ValueError(f"not a valid meld: {' '.join(map(str, cards))}")
    nat = set(r.naturals)
    out: list[str | None] = [None] * len(cards)
    wild_idx = [i for i in range(len(cards)) if i not in nat]
    if r.kind == "set":
        rank = r.rank if r.rank is not None else JOKERS_ONLY_RANK
        for i in wild_idx:
            out[i] = rank + "*"
        return out
    assert r.suit is not None and r.orientation is not None
    positions = [_position(cards[i]) for i in r.naturals]
    window = _run_window(positions, r.orientation, len(cards))
    taken = {14 if (p == 1 and r.orientation == "high") else p for p in positions}
    free = [p for p in window if p not in taken]
    for i, p in zip(wild_idx, free, strict=False):
        out[i] = _card_at(p, r.suit)
    return out


def check_partition(melds: Sequence[Sequence[str]], rules: MeldRules) -> str | None:
    """None when every meld is valid, else the reason, naming the first bad meld."""
    for n, meld in enumerate(melds, 1):
        why = check_meld(meld, rules)
        if why is not None:
            return f"meld {n} ({' '.join(map(str, meld))}): {why}"
    return None


# --------------------------------------------------------------------------- arrangements


@dataclass(frozen=True)
class Arrangement:
    """Melds laid out of a hand, the cards left over and their penalty."""

    melds: list[list[str]]
    leftover: list[str]
    penalty: int


@dataclass(frozen=True)
class GoOut:
    """One way to go out: the card discarded (None in quebec65) and the melds laid."""

    discard: str | None
    melds: list[list[str]]


_NEG = -(1 << 60)


class _Problem:
    """The per-hand data of the core search (see the module docstring)."""

    def __init__(self, hand: tuple[str, ...], rules: MeldRules, full: bool):
        ratio = rules.wilds_at_most_naturals
        self.allwild = not rules.need_natural and not ratio
        self.full = full
        values = rules.values
        self.jokers = hand.count(JOKER)
        counts: dict[str, int] = {}
        for c in hand:
            if c != JOKER:
                counts[c] = counts.get(c, 0) + 1
        codes = sorted(counts, key=_order_key)
        self.codes = codes
        ncode = len(codes)
        self.pos = pos = [_position(c) for c in codes]
        self.wr = wr = [c[0] in rules.wild_ranks for c in codes]
        if full:
            val = [0] * ncode
            joker_value = 0
        else:
            for c in set(hand):
                v = values.get(c)
                if v is None:
                    raise ValueError(f"no penalty value for card {c!r}")
                if v < 0:
                    raise ValueError(f"negative penalty value for card {c!r}")
            val = [values[c] for c in codes]
            joker_value = values[JOKER] if self.jokers else 0
        self.val = val
        self.cnt = cnt = [counts[c] for c in codes]
        # Bit fields: one counter per distinct code, with a guard bit above it that
        # catches a subtraction below zero.
        shift, unit, mask = [], [], []
        bit_code: list[int] = []
        guard = 0
        at = 0
        for k in range(ncode):
            width = cnt[k].bit_length()
            shift.append(at)
            unit.append(1 << at)
            mask.append((1 << width) - 1)
            bit_code.extend([k] * (width + 1))
            guard |= 1 << (at + width)
            at += width + 1
        self.shift, self.unit, self.mask = shift, unit, mask
        self.bit_code, self.guard = bit_code, guard
        self.rem0 = sum(cnt[k] << shift[k] for k in range(ncode))
        self.wtot = wtot = self.jokers + sum(cnt[k] for k in range(ncode) if wr[k])
        # The pool of wild cards not used as naturals: jokers plus wild-rank cards sent
        # there. With equal values it is a count, otherwise a bit field like the hand.
        wild_values = {val[k] for k in range(ncode) if wr[k]}
        if self.jokers:
            wild_values.add(joker_value)
        self.equal_wilds = len(wild_values) <= 1
        self.wild_value = next(iter(wild_values)) if wild_values else 0
        self.joker_value = joker_value
        self.pool_unit = [1 if self.equal_wilds else unit[k] for k in range(ncode)]
        self._pool_cache: dict[int, tuple[int, list[int]]] = {}
        # Memo keys pack the state into one int: widths of the wild counters and pool.
        self.kbits = wtot.bit_length()
        self.pbits = wtot.bit_length() if self.equal_wilds else max(1, self.rem0.bit_length())
        self.rank_mask: dict[int, int] = {}
        for k in range(ncode):
            field_bits = ((1 << (mask[k].bit_length())) - 1) << shift[k]
            self.rank_mask[pos[k]] = self.rank_mask.get(pos[k], 0) | field_bits
        self.states = 0  # memo size of the last search, for measurements

        # Without the ratio rule a wild-rank card is never needed as a natural, except
        # as the one natural of a meld of wild cards only (a set core of that one card,
        # and not even that when all-wild melds are allowed): read as a wild, it fills
        # the same place, and the meld keeps its other naturals. Cores holding more
        # wild-rank naturals are left out of the search.
        alive = 0
        # Set cores per rank position: sub-multisets of the codes of that rank.
        self.set_tpl: dict[int, list[tuple]] = {}
        by_pos: dict[int, list[int]] = {}
        for k in range(ncode):
            by_pos.setdefault(pos[k], []).append(k)
        for p, ks in by_pos.items():
            tpls = []
            for take in product(*(range(cnt[k], -1, -1) for k in ks)):
                c = nwr = sub = value = 0
                naturals: list[str] = []
                for m, k in zip(take, ks, strict=True):
                    if m:
                        c += m
                        sub += m * unit[k]
                        value += m * val[k]
                        naturals.extend([codes[k]] * m)
                        if wr[k]:
                            nwr += m
                if c == 0:
                    continue
                lo = 3 - c if c < 3 else 0
                hi = (c if c < wtot else wtot) if ratio else wtot
                if lo > hi or lo > wtot - nwr:
                    continue
                if nwr and not ratio and (c > 1 or self.allwild):
                    continue  # see above
                tpls.append((sub, value, lo, hi, nwr, "set", tuple(naturals), None))
                alive |= sub
            if len(ks) > 1:
                tpls.sort(key=lambda t: -len(t[6]))
            self.set_tpl[p] = tpls

        # Run cores per lowest code (the ace comes first, for both orientations).
        self.run_tpl: list[list[tuple]] = []
        for k in range(ncode):
            if wr[k] and not ratio:
                self.run_tpl.append([])
                continue
            suit = codes[k][1]
            above = [j for j in range(k + 1, ncode)
                     if codes[j][1] == suit and (ratio or not wr[j])]
            found: dict[int, tuple] = {}
            self._runs_from(k, above, found, False, ratio)
            if pos[k] == 1:
                self._runs_from(k, above[::-1], found, True, ratio)
            tpls = sorted(found.values(), key=lambda t: (-len(t[6]), t[2]))
            for tpl in tpls:
                alive |= tpl[0]
            self.run_tpl.append(tpls)

        # Natural cards in no core at all are left over in every arrangement: they are
        # taken out of the search at once.
        self.dead = [k for k in range(ncode) if not wr[k] and not alive & (mask[k] << shift[k])]
        self.rem_start = self.rem0 - sum(cnt[k] * unit[k] for k in self.dead)

    def _runs_from(self, k: int, cand: list[int], found: dict, high: bool, ratio: bool) -> None:
        """Collect the run cores made of code ``k`` and a subset of ``cand``.

        ``cand`` is ascending for ace-low (and ace-free) runs, descending for ace-high
        ones; the gap count only grows along it, which bounds the enumeration. A core
        found in both orientations keeps the one needing fewer wild cards.
        """
        pos, unit, val, wr, codes, wtot = (
            self.pos, self.unit, self.val, self.wr, self.codes, self.wtot)
        n = len(cand)
        stack = [(0, 14 if high else pos[k], 0, unit[k], val[k], int(wr[k]), (codes[k],))]
        while stack:
            i, last, gaps, sub, value, nwr, naturals = stack.pop()
            for j in range(i, n):
                cj = cand[j]
                q = pos[cj]
                g = gaps + (last - q - 1 if high else q - last - 1)
                if g > wtot:
                    break
                nwr2 = nwr + wr[cj]
                if g > wtot - nwr2:
                    continue
                nat2 = naturals + (codes[cj],)
                c = len(nat2)
                if c > MAX_RUN:
                    break
                sub2, value2 = sub + unit[cj], value + val[cj]
                lo = g if g > 3 - c else 3 - c
                hi = min(MAX_RUN - c, c if ratio else MAX_RUN, wtot)
                if lo <= hi and lo <= wtot - nwr2:
                    old = found.get(sub2)
                    if old is None or lo < old[2]:
                        found[sub2] = (sub2, value2, lo, hi, nwr2, "run", nat2, high)
                stack.append((j + 1, q, g, sub2, value2, nwr2, nat2))

    def pool_info(self, pool: int) -> tuple[int, list[int]]:
        """Size of the pool (jokers included) and prefix sums of its values, best first."""
        got = self._pool_cache.get(pool)
        if got is None:
            vals = [self.joker_value] * self.jokers
            for k in range(len(self.codes)):
                if self.wr[k]:
                    vals.extend([self.val[k]] * ((pool >> self.shift[k]) & self.mask[k]))
            vals.sort(reverse=True)
            prefix = [0]
            for v in vals:
                prefix.append(prefix[-1] + v)
            got = (len(vals), prefix)
            self._pool_cache[pool] = got
        return got

    def placed(self, lo: int, hi: int, pool: int) -> int:
        """How many pool cards the cores (and an all-wild meld) take, or -1 if too few."""
        size = self.jokers + pool if self.equal_wilds else self.pool_info(pool)[0]
        if lo > size:
            return -1
        t = hi if hi < size else size
        if self.allwild and size >= lo + 3:
            t = size
        return t

    def fits(self, lo: int, hi: int, m: int) -> bool:
        """Whether exactly ``m`` wild cards can be placed in the cores (or all-wild)."""
        return lo <= m <= hi or (self.allwild and m >= lo + 3)

    def go_outs(self) -> dict[str, list[list[str]]]:
        """Every card ``c`` such that the hand minus one ``c`` melds entirely, with melds.

        One search for all discards: the state carries whether the discard is already
        made, and the result is the set (a bit mask) of discards that complete it. The
        melds of each discard are then read back from the memo. Only for a problem
        built with ``full=True``.
        """
        assert self.full
        memo: dict[int, int] = {}
        pos, wr, cnt_mask, shift, unit = self.pos, self.wr, self.mask, self.shift, self.unit
        bit_code, guard, rank_mask, kb = self.bit_code, self.guard, self.rank_mask, self.kbits
        set_tpl, run_tpl, jokers, fits = self.set_tpl, self.run_tpl, self.jokers, self.fits
        ncode = len(self.codes)
        joker_bit, done_bit = 1 << ncode, 1 << (ncode + 1)

        def f(rem: int, ph: int, lo: int, hi: int, pool: int, avail: int, d: int) -> int:
            if rem == 0:
                size = jokers + pool
                if d:
                    return done_bit if fits(lo, hi, size) else 0
                return joker_bit if jokers and fits(lo, hi, size - 1) else 0
            key = ((((((rem << 2 | ph) << kb | lo) << kb | hi) << kb) | pool) << 1) | d
            got = memo.get(key)
            if got is not None:
                return got
            k = bit_code[(rem & -rem).bit_length() - 1]
            p = pos[k]
            rmask = rank_mask[p]
            res = 0
            if ph == 0:
                for tpl in set_tpl[p]:
                    sub = tpl[0]
                    if ((rem | guard) - sub) & guard != guard:
                        continue
                    lo2 = lo + tpl[2]
                    avail2 = avail - tpl[4]
                    if lo2 > avail2:
                        continue
                    rem2 = rem - sub
                    hi2 = hi + tpl[3]
                    if hi2 > avail2:
                        hi2 = avail2
                    res |= f(rem2, 2 if rem2 & rmask else 0, lo2, hi2, pool, avail2, d)
                    if res & done_bit:
                        break
                ph = 1
            if not res & done_bit:
                for tpl in run_tpl[k]:
                    sub = tpl[0]
                    if ((rem | guard) - sub) & guard != guard:
                        continue
                    lo2 = lo + tpl[2]
                    avail2 = avail - tpl[4]
                    if lo2 > avail2:
                        continue
                    rem2 = rem - sub
                    hi2 = hi + tpl[3]
                    if hi2 > avail2:
                        hi2 = avail2
                    res |= f(rem2, ph if rem2 & rmask else 0, lo2, hi2, pool, avail2, d)
                    if res & done_bit:
                        break
            if not res & done_bit:
                if wr[k]:
                    c = (rem >> shift[k]) & cnt_mask[k]
                    rem2 = rem - c * unit[k]
                    res |= f(rem2, ph if rem2 & rmask else 0, lo, hi, pool + c, avail, d)
                if not d:
                    rem2 = rem - unit[k]
                    avail2 = avail - wr[k]
                    hi2 = hi if hi <= avail2 else avail2
                    if f(rem2, ph if rem2 & rmask else 0, lo, hi2, pool, avail2, 1):
                        res |= 1 << k
            memo[key] = res
            return res

        def key_of(st: tuple) -> int:
            rem, ph, lo, hi, pool, _, d = st
            return ((((((rem << 2 | ph) << kb | lo) << kb | hi) << kb) | pool) << 1) | d

        def result(st: tuple) -> int:
            if st[0]:
                return memo.get(key_of(st), 0)
            return f(*st)

        def children(st: tuple):
            """The moves of ``f`` from ``st``, in the same order, with their states."""
            rem, ph, lo, hi, pool, avail, d = st
            k = bit_code[(rem & -rem).bit_length() - 1]
            p = pos[k]
            rmask = rank_mask[p]
            groups = [(set_tpl[p], True)] if ph == 0 else []
            groups.append((run_tpl[k], False))
            for tpls, is_set in groups:
                for tpl in tpls:
                    sub = tpl[0]
                    if ((rem | guard) - sub) & guard != guard:
                        continue
                    lo2, avail2 = lo + tpl[2], avail - tpl[4]
                    if lo2 > avail2:
                        continue
                    rem2 = rem - sub
                    ph2 = (2 if is_set else max(ph, 1)) if rem2 & rmask else 0
                    yield (rem2, ph2, lo2, min(hi + tpl[3], avail2), pool, avail2, d), tpl
            ph = max(ph, 1)
            if wr[k]:
                c = (rem >> shift[k]) & cnt_mask[k]
                rem2 = rem - c * unit[k]
                ph2 = ph if rem2 & rmask else 0
                yield (rem2, ph2, lo, hi, pool + c, avail, d), ("out", k, c)
            if not d:
                rem2 = rem - unit[k]
                avail2 = avail - wr[k]
                ph2 = ph if rem2 & rmask else 0
                yield (rem2, ph2, lo, min(hi, avail2), pool, avail2, 1), ("discard", k)

        def walk(st: tuple, target: int) -> list[list[str]]:
            """Melds of one way to reach ``target`` (a discard bit) from ``st``."""
            path: list = []
            jokers_left = jokers
            while st[0]:
                for child, action in children(st):
                    got = result(child)
                    if st[6] == 0 and action[0] == "discard":
                        hit = got & done_bit and target == 1 << action[1]
                    else:
                        hit = got & (done_bit if st[6] else target)
                    if hit:
                        path.append(action)
                        st = child
                        break
                else:  # pragma: no cover - the memo says a way exists
                    raise AssertionError("no way to follow")
            if target == joker_bit and st[6] == 0:
                jokers_left -= 1
            path.append(("end", st[2], st[3], st[4]))
            melds, leftover = self.build(path, jokers_left)
            assert not leftover
            return melds

        dead_copies = sum(self.cnt[k] for k in self.dead)
        if dead_copies > 1:
            return {}
        if dead_copies == 1:
            # the one card that fits no meld must be the discard
            start = (self.rem_start, 0, 0, 0, 0, self.wtot, 1)
            if not f(*start):
                return {}
            return {self.codes[self.dead[0]]: walk(start, done_bit)}
        start = (self.rem0, 0, 0, 0, 0, self.wtot, 0)
        found = f(*start)
        self.states = len(memo)
        out: dict[str, list[list[str]]] = {}
        for k in range(ncode):
            if found >> k & 1:
                out[self.codes[k]] = walk(start, 1 << k)
        if found & joker_bit:
            out[JOKER] = walk(start, joker_bit)
        return out

    def solve(self) -> tuple[int, list[tuple]]:
        """Best value (sum of melded card values) and the path of choices reaching it.

        ``hi`` is kept at most ``avail`` (the wild cards that may still end in the pool):
        more room than wild cards never matters, and the cap merges equivalent states.
        """
        memo: dict[int, int] = {}
        choice: dict[int, tuple] = {}
        pos, wr, val, cnt_mask, shift, unit = (
            self.pos, self.wr, self.val, self.mask, self.shift, self.unit)
        bit_code, guard, full = self.bit_code, self.guard, self.full
        rank_mask, kb, pb = self.rank_mask, self.kbits, self.pbits
        set_tpl, run_tpl, pool_unit = self.set_tpl, self.run_tpl, self.pool_unit
        equal, wild_value, jokers = self.equal_wilds, self.wild_value, self.jokers
        placed, pool_info = self.placed, self.pool_info

        def final(lo: int, hi: int, pool: int) -> int:
            t = placed(lo, hi, pool)
            if t < 0:
                return _NEG
            if full:
                size = jokers + pool if equal else pool_info(pool)[0]
                return 0 if t == size else _NEG
            return t * wild_value if equal else pool_info(pool)[1][t]

        def f(rem: int, ph: int, lo: int, hi: int, pool: int, avail: int, ub: int) -> int:
            # ph: 0 = the set of the current rank is not chosen yet; 1 = no set; 2 = a set
            # (then a natural card of that rank outside it must go to a run).
            if rem == 0:
                return final(lo, hi, pool)
            key = ((((rem << 2 | ph) << kb | lo) << kb | hi) << pb) | pool
            got = memo.get(key)
            if got is not None:
                return got
            k = bit_code[(rem & -rem).bit_length() - 1]
            p = pos[k]
            rmask = rank_mask[p]
            best = _NEG
            best_choice = None
            if ph == 0:
                for tpl in set_tpl[p]:
                    sub = tpl[0]
                    if ((rem | guard) - sub) & guard != guard:
                        continue
                    lo2 = lo + tpl[2]
                    avail2 = avail - tpl[4]
                    if lo2 > avail2:
                        continue
                    rem2 = rem - sub
                    ph2 = 2 if rem2 & rmask else 0
                    hi2 = hi + tpl[3]
                    if hi2 > avail2:
                        hi2 = avail2
                    v = tpl[1]
                    r = f(rem2, ph2, lo2, hi2, pool, avail2, ub - v) + v
                    if r > best:
                        best = r
                        best_choice = (rem2, ph2, lo2, hi2, pool, avail2, ub - v, tpl)
                        if best >= ub:
                            break
                ph = 1  # or no set of this rank: go on in the same call
            if best < ub:
                for tpl in run_tpl[k]:
                    sub = tpl[0]
                    if ((rem | guard) - sub) & guard != guard:
                        continue
                    lo2 = lo + tpl[2]
                    avail2 = avail - tpl[4]
                    if lo2 > avail2:
                        continue
                    rem2 = rem - sub
                    ph2 = ph if rem2 & rmask else 0
                    hi2 = hi + tpl[3]
                    if hi2 > avail2:
                        hi2 = avail2
                    v = tpl[1]
                    r = f(rem2, ph2, lo2, hi2, pool, avail2, ub - v) + v
                    if r > best:
                        best = r
                        best_choice = (rem2, ph2, lo2, hi2, pool, avail2, ub - v, tpl)
                        if best >= ub:
                            break
            if best < ub and (wr[k] or (ph == 1 and not full)):
                # Every copy of this code stays out of the cores: a wild-rank card
                # joins the pool of wilds, any other card is left over.
                c = (rem >> shift[k]) & cnt_mask[k]
                rem2 = rem - c * unit[k]
                ph2 = ph if rem2 & rmask else 0
                if wr[k]:
                    pool2, ub2 = pool + c * pool_unit[k], ub
                else:
                    pool2, ub2 = pool, ub - c * val[k]
                r = f(rem2, ph2, lo, hi, pool2, avail, ub2)
                if r > best:
                    best = r
                    best_choice = (rem2, ph2, lo, hi, pool2, avail, ub2, ("out", k, c))
            memo[key] = best
            choice[key] = best_choice
            return best

        dead = [("out", k, self.cnt[k]) for k in self.dead]
        if full and dead:
            return _NEG, []
        total = sum(c * v for c, v in zip(self.cnt, val, strict=True))
        total += self.jokers * self.joker_value - sum(c * val[k] for _, k, c in dead)
        state = (self.rem_start, 0, 0, 0, 0, self.wtot, total)
        best = f(*state)
        self.states = len(memo)
        path: list[tuple] = list(dead)
        if best > _NEG // 2:
            while state[0]:
                rem, ph, lo, hi, pool = state[:5]
                ch = choice[((((rem << 2 | ph) << kb | lo) << kb | hi) << pb) | pool]
                path.append(ch[7])
                state = ch[:7]
            path.append(("end", state[2], state[3], state[4]))
        return best, path

    def build(
        self, path: list[tuple], jokers: int | None = None
    ) -> tuple[list[list[str]], list[str]]:
        """Turn a path of choices into melds (wild cards placed) and leftover cards.

        ``jokers`` is how many jokers are in play (all of the hand's by default).
        """
        cores: list[tuple] = []
        leftover: list[str] = []
        pool_cards: list[str] = [JOKER] * (self.jokers if jokers is None else jokers)
        end = path[-1]
        for step in path[:-1]:
            if step[0] == "discard":
                continue
            if step[0] == "out":
                _, k, c = step
                (pool_cards if self.wr[k] else leftover).extend([self.codes[k]] * c)
            else:
                cores.append(step)
        _, lo_sum, hi_sum, _ = end
        values = {JOKER: self.joker_value}
        values.update(zip(self.codes, self.val, strict=True))
        pool_cards.sort(key=lambda c: (-values[c], _order_key(c)))
        size = len(pool_cards)
        t = size if self.allwild and size >= lo_sum + 3 else min(hi_sum, size)
        assert t >= lo_sum
        wilds, leftover_wilds = pool_cards[:t], pool_cards[t:]
        leftover.extend(leftover_wilds)
        # Each core takes its minimum, then more up to its maximum; the rest (three or
        # more) form an all-wild meld.
        lo_total = sum(tpl[2] for tpl in cores)
        give = [tpl[2] for tpl in cores]
        spare = t - lo_total
        group_size = 0
        if self.allwild and t > hi_sum:
            group_size = max(3, t - hi_sum)
            spare -= group_size
        for i, tpl in enumerate(cores):
            more = min(spare, tpl[3] - tpl[2])
            give[i] += more
            spare -= more
        group_size += spare
        melds: list[list[str]] = []
        at = 0
        for tpl, g in zip(cores, give, strict=True):
            mine = wilds[at:at + g]
            at += g
            naturals = list(tpl[6])
            if tpl[5] == "set":
                melds.append(naturals + mine)
            else:
                melds.append(_lay_run(naturals, mine, tpl[7]))
        if group_size:
            melds.append(wilds[at:at + group_size])
            at += group_size
        assert at == t
        leftover.sort(key=_order_key)
        return melds, leftover


def _lay_run(naturals: list[str], wilds: list[str], high: bool) -> list[str]:
    """Order a run core and its wild cards by position, wilds in the gaps and ends."""
    positions = [_position(c) for c in naturals]
    if 1 in positions:
        orientation = "high" if high else "low"
    else:
        orientation = "free"
    window = _run_window(positions, orientation, len(naturals) + len(wilds))
    at = {
        (14 if p == 1 and orientation == "high" else p): c
        for p, c in zip(positions, naturals, strict=True)
    }
    free = iter(wilds)
    return [at[p] if p in at else next(free) for p in window]


@lru_cache(maxsize=2048)
def _solve_cached(hand: tuple[str, ...], rules: MeldRules, full: bool) -> tuple | None:
    """Solve one canonically ordered hand; None when (in full mode) it cannot be melded."""
    problem = _Problem(hand, rules, full)
    best, path = problem.solve()
    if best <= _NEG // 2:
        return None
    melds, leftover = problem.build(path)
    return tuple(tuple(m) for m in melds), tuple(leftover)


def _canonical(cards: Sequence[str]) -> tuple[str, ...]:
    for c in cards:
        if not is_valid_code(c):
            raise ValueError(f"not a card code: {c!r}")
    return tuple(sorted(cards, key=_order_key))


def clear_cache() -> None:
    """Forget the results kept for recently seen hands (a bounded cache)."""
    _solve_cached.cache_clear()


def best_arrangement(hand: Sequence[str], rules: MeldRules) -> Arrangement:
    """The arrangement of ``hand`` with the least penalty of cards left outside melds.

    The minimum is exact over every choice of disjoint valid melds (not every card needs
    to be melded). Ties are broken the same way for the same cards in any order.
    ``rules.values`` must give a non-negative penalty for every card in the hand.
    """
    solved = _solve_cached(_canonical(hand), rules, False)
    assert solved is not None  # leaving every card out is always possible
    melds, leftover = solved
    penalty = sum(rules.values[c] for c in leftover)
    return Arrangement([list(m) for m in melds], list(leftover), penalty)


def can_meld_all(cards: Sequence[str], rules: MeldRules) -> list[list[str]] | None:
    """A partition of all ``cards`` into valid melds, or None. No cards: no melds."""
    solved = _solve_cached(_canonical(cards), rules, True)
    if solved is None:
        return None
    return [list(m) for m in solved[0]]


def go_out_options(hand: Sequence[str], rules: MeldRules, discard: bool) -> list[GoOut]:
    """The ways to go out with ``hand``.

    ``discard=True`` (rummy65): one :class:`GoOut` per distinct card ``c`` such that the
    hand minus one ``c`` can be melded entirely, in canonical card order.
    ``discard=False`` (quebec65): ``[GoOut(None, melds)]`` when the whole hand can be
    melded, else ``[]``.
    """
    cards = _canonical(hand)
    if not discard:
        melds = can_meld_all(cards, rules)
        return [] if melds is None else [GoOut(None, melds)]
    ways = _Problem(cards, rules, True).go_outs()
    return [GoOut(c, ways[c]) for c in dict.fromkeys(cards) if c in ways]
