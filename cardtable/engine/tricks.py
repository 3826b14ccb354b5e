"""Trick resolution shared by the trick-taking games (japanese65, sixtysix).

A trick is a list of ``(seat, card)`` in the order played. ``order`` maps a rank
character to its strength (higher wins). ``trump`` is a suit letter or None.
"""

from __future__ import annotations

import random
from collections.abc import Sequence


def rank_strength(ranks_high_to_low: str) -> dict[str, int]:
    """{'A': 5, 'T': 4, ...} from a string of ranks written high to low."""
    n = len(ranks_high_to_low)
    return {r: n - i for i, r in enumerate(ranks_high_to_low)}


def beats(
    challenger: str, best: str, led_suit: str, trump: str | None, order: dict[str, int]
) -> bool:
    """Does ``challenger`` beat the card currently winning (``best``)?

    A trump beats any non-trump; between cards of the same suit the higher rank
    wins; a card of neither the led suit nor trumps never wins.
    """
    cs, bs = challenger[1], best[1]
    if cs == bs:
        return order[challenger[0]] > order[best[0]]
    if trump is not None and cs == trump:
        return True
    return False


def winning_index(cards: Sequence[str], trump: str | None, order: dict[str, int]) -> int:
    """Index (into ``cards``, in play order) of the card that wins the trick."""
    led = cards[0][1]
    best_i = 0
    best = cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if beats(c, best, led, trump, order):
            best_i, best = i, c
    return best_i


def follow_suit_options(hand: Sequence[str], led_suit: str) -> list[str]:
    """Cards a player must choose from when following suit is compulsory."""
    same = [c for c in hand if c[1] == led_suit]
    return same if same else list(hand)


def card_points(cards: Sequence[str], values: dict[str, int]) -> int:
    """Sum of card points by rank (ranks missing from ``values`` are worth 0)."""
    return sum(values.get(c[0], 0) for c in cards)


def deal_with_voids(
    pool: list[str], sizes: dict[int, int], voids: dict[int, set[str]], rng: random.Random
) -> dict[int, list[str]]:
    """Deal ``pool`` to the seats in ``sizes`` so no seat gets a suit it is void in.

    The real deal satisfies the constraints, so a solution always exists. Cards
    with the fewest eligible seats are placed first; a random order with a few
    retries almost always succeeds, and a backtracking search guarantees it.
    """
    seats = list(sizes)
    if not any(voids[s] for s in seats):
        cards = list(pool)
        rng.shuffle(cards)
        out, i = {}, 0
        for s in seats:
            out[s] = cards[i:i + sizes[s]]
            i += sizes[s]
        return out
    eligible = {c: [s for s in seats if c[1] not in voids[s]] for c in set(pool)}
    for _ in range(20):
        cards = list(pool)
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(eligible[c]))
        room = dict(sizes)
        out = {s: [] for s in seats}
        ok = True
        for c in cards:
            choices = [s for s in eligible[c] if room[s] > 0]
            if not choices:
                ok = False
                break
            # weight by room left, so hands fill evenly
            s = rng.choices(choices, weights=[room[x] for x in choices])[0]
            out[s].append(c)
            room[s] -= 1
        if ok:
            return out
    return _deal_backtrack(pool, sizes, eligible, rng)


def _deal_backtrack(pool, sizes, eligible, rng):
    cards = sorted(pool, key=lambda c: len(eligible[c]))
    room = dict(sizes)
    out = {s: [] for s in sizes}

    def place(i: int) -> bool:
        if i == len(cards):
            return True
        c = cards[i]
        options = [s for s in eligible[c] if room[s] > 0]
        rng.shuffle(options)
        for s in options:
            room[s] -= 1
            out[s].append(c)
            if place(i + 1):
                return True
            out[s].pop()
            room[s] += 1
        return False

    if not place(0):
        raise ValueError("no deal fits the known voids")
    return out
