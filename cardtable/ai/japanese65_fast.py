"""A fast play-out of a japanese65 deal for the hard level: cards as small integers,
hands as bit masks, no engine states.

The engine is the authority; this module only has to agree with it (a test plays the
same moves on both and checks every trick and the deal's points). Card ``c`` is
``suit * 12 + rank``: suits in the order S H D C (spades, the trumps, are 0) and ranks
from 3 (0) to A (11), so within a suit the higher number is the higher card.

* :class:`FastWorld` -- a sampled deal from a decision on: four hands, the trick in
  progress, the points each side holds so far. ``clone`` and ``apply`` are all the
  flat Monte Carlo search needs of a world.
* :func:`policy` -- a quick play-out rule for every seat, built on the twist: only the
  winning card changes sides, so win with cheap cards, shed honours into tricks the
  hand does not win, never overtake the partner.
* :func:`solve` -- the rest of the deal solved exactly with every hand open
  (double-dummy), each trick valued by what it moves between the sides.
"""

from __future__ import annotations

import random

SUITS = "SHDC"
RANKS = "3456789TJQKA"
TRUMP_MASK = (1 << 12) - 1
SUIT_MASK = [TRUMP_MASK << (12 * s) for s in range(4)]
#: card points of a card by its number: J 1, Q 2, K 3, A 4
VAL = [(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4)[c % 12] for c in range(48)]
HONOURS = 0
for _c in range(48):
    if VAL[_c]:
        HONOURS |= 1 << _c
PLAIN = ((1 << 48) - 1) & ~HONOURS
CODE = {r + SUITS[s]: s * 12 + i for s in range(4) for i, r in enumerate(RANKS)}
NAME = [RANKS[c % 12] + SUITS[c // 12] for c in range(48)]
TRICKS = 12


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << CODE[c]
    return m


def cards_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def value_of(mask: int) -> int:
    return sum(VAL[c] for c in cards_of(mask & HONOURS))


def beats(card: int, best: int) -> bool:
    """Does ``card`` beat ``best``, the card winning the trick so far?"""
    if card // 12 == best // 12:
        return card > best
    return card < 12 and best >= 12


def winner(trick) -> tuple[int, int]:
    """(seat, card) winning a non-empty trick of (seat, card) pairs."""
    seat, best = trick[0]
    for s, c in trick[1:]:
        if beats(c, best):
            seat, best = s, c
    return seat, best


def beaters(mask: int, best: int) -> int:
    """The cards of ``mask`` that beat ``best``."""
    s = best // 12
    above = mask & SUIT_MASK[s] & ~((2 << best) - 1)
    if s:
        above |= mask & TRUMP_MASK
    return above


class FastWorld:
    """One sampled deal from a decision to the end of the deal."""

    __slots__ = ("hands", "trick", "turn", "played", "points")

    def __init__(self, hands, trick, turn, played, points):
        self.hands = hands        # four bit masks
        self.trick = trick        # [(seat, card)] of the trick in progress
        self.turn = turn
        self.played = played      # tricks finished
        self.points = points      # [side 0, side 1] points so far (tricks and cards)

    def clone(self) -> FastWorld:
        return FastWorld(list(self.hands), list(self.trick), self.turn, self.played,
                         list(self.points))

    def apply(self, action) -> None:
        self.play(CODE[action.card])

    def legal(self) -> int:
        hand = self.hands[self.turn]
        if self.trick:
            same = hand & SUIT_MASK[self.trick[0][1] // 12]
            if same:
                return same
        return hand

    def play(self, card: int) -> None:
        seat = self.turn
        self.hands[seat] &= ~(1 << card)
        trick = self.trick
        trick.append((seat, card))
        if len(trick) < 4:
            self.turn = (seat + 1) & 3
            return
        w_seat, _ = winner(trick)
        side = w_seat & 1
        partner = (w_seat + 2) & 3
        keep = give = 0
        for s, c in trick:
            if s == partner:
                keep = VAL[c]
            else:
                give += VAL[c]
        self.played += 1
        self.points[side] += (3 if self.played == TRICKS else 2) + keep
        self.points[1 - side] += give
        self.trick = []
        self.turn = w_seat

    def left(self) -> int:
        """Tricks still to finish, the one in progress included."""
        return TRICKS - self.played


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def _dearest(mask: int) -> int:
    """The card of ``mask`` worth most points (the highest one among equals)."""
    hon = mask & HONOURS
    if not hon:
        return _high(mask)
    return max(cards_of(hon), key=lambda c: (VAL[c], c))


def _cheapest(mask: int) -> int:
    """The card of ``mask`` worth fewest points (the lowest one among equals)."""
    plain = mask & PLAIN
    if plain:
        return _low(plain)
    return min(cards_of(mask), key=lambda c: (VAL[c], c))


def policy(world: FastWorld, rng: random.Random) -> int:
    """A quick card for the seat to act, from its hand and the trick alone.

    Lead a low plain card; with the partner winning play under it, shedding an honour;
    with the other side winning take the trick with a card worth nothing when one is
    there (the highest such, so it holds), else shed the dearest card that does not win.
    """
    opts = world.legal()
    trick = world.trick
    if not trick:
        plain = opts & PLAIN & ~TRUMP_MASK
        if plain:
            suits = [s for s in (1, 2, 3) if plain & SUIT_MASK[s]]
            s = suits[rng.randrange(len(suits))] if len(suits) > 1 else suits[0]
            return _low(plain & SUIT_MASK[s])
        return _cheapest(opts)
    seat = world.turn
    w_seat, best = winner(trick)
    win = beaters(opts, best)
    under = opts & ~win
    if (w_seat - seat) & 1 == 0:
        if under:
            return _dearest(under)
        return _cheapest(win)
    cheap = win & PLAIN
    if cheap:
        if len(trick) == 3:
            return _low(cheap)
        trumps = cheap & TRUMP_MASK
        if trumps and best // 12 != 0 and (opts & SUIT_MASK[trick[0][1] // 12]) == 0:
            return _low(trumps)
        return _high(cheap)
    if under:
        return _dearest(under)
    return _cheapest(win)


# =========================================================================== exact end


def solve(hands: list[int], trick: list, turn: int, played: int, side: int) -> int:
    """What the rest of the deal moves to ``side`` under both sides' best play, every hand
    open: the sum over the tricks still to finish (the one in progress included) of
    (2, or 3 for the last trick, minus twice the winning card's points), counted for the
    side that wins each trick against the other.

    Only the winning card of a trick changes sides, so a side's final lead is its lead
    now, plus the points of the cards it still holds (the trick's included) minus the
    other side's, plus this. Cards of one suit that touch (no card still in play lies
    between them) and are worth nothing are interchangeable: one of them is tried.
    """
    hands = list(hands)
    memo: dict = {}

    def options(seat: int, led: int, live: int) -> list[int]:
        hand = hands[seat]
        if led >= 0:
            same = hand & SUIT_MASK[led]
            if same:
                hand = same
        out = []
        prev = -1
        others = live & ~hands[seat]
        m = hand
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            if (prev >= 0 and prev // 12 == c // 12 and not VAL[c] and not VAL[prev]
                    and not (others & ((1 << c) - (2 << prev)))):
                continue
            out.append(c)
            prev = c
        return out

    def search(trick: list, seat: int, done: int, alpha: int, beta: int) -> int:
        if len(trick) == 4:
            w_seat, w_card = winner(trick)
            done += 1
            gain = (3 if done == TRICKS else 2) - 2 * VAL[w_card]
            value = gain if (w_seat & 1) == side else -gain
            if done == TRICKS:
                return value
            if done == TRICKS - 1:
                # one card each: the last trick plays itself
                last = [(s, hands[s].bit_length() - 1) for s in
                        (w_seat, (w_seat + 1) & 3, (w_seat + 2) & 3, (w_seat + 3) & 3)]
                l_seat, l_card = winner(last)
                gain = 3 - 2 * VAL[l_card]
                return value + (gain if (l_seat & 1) == side else -gain)
            key = (w_seat, hands[0], hands[1], hands[2], hands[3])
            rest = memo.get(key)
            if rest is None:
                rest = memo[key] = search([], w_seat, done, -999, 999)
            return value + rest
        led = trick[0][1] // 12 if trick else -1
        live = hands[0] | hands[1] | hands[2] | hands[3]
        for _, c in trick:
            live |= 1 << c
        maximise = (seat & 1) == side
        best = -999 if maximise else 999
        nxt = (seat + 1) & 3
        for c in options(seat, led, live):
            bit = 1 << c
            hands[seat] ^= bit
            trick.append((seat, c))
            v = search(trick, nxt, done, alpha, beta)
            trick.pop()
            hands[seat] ^= bit
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        return best

    return search(list(trick), turn, played, -999, 999)


def final_points(world: FastWorld, side: int) -> int:
    """The points ``side`` ends the deal with, the rest solved exactly (:func:`solve`)."""
    if world.played == TRICKS:
        return world.points[side]
    mine = theirs = 0
    for s in range(4):
        v = value_of(world.hands[s])
        if (s & 1) == side:
            mine += v
        else:
            theirs += v
    for s, c in world.trick:
        if (s & 1) == side:
            mine += VAL[c]
        else:
            theirs += VAL[c]
    lead = world.points[side] - world.points[1 - side] + mine - theirs
    lead += solve(world.hands, world.trick, world.turn, world.played, side)
    return (65 + lead) // 2


def play_to(world: FastWorld, exact: int, rng: random.Random) -> None:
    """Play :func:`policy` for every seat until ``exact`` tricks (or fewer) are left."""
    while TRICKS - world.played > exact:
        world.play(policy(world, rng))
