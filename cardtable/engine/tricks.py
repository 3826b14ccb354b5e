"""Trick resolution shared by the trick-taking games (japanese65, sixtysix).

A trick is a list of ``(seat, card)`` in the order played. ``order`` maps a rank
character to its strength (higher wins). ``trump`` is a suit letter or None.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations


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
    retries almost always succeeds, and a search checked by Hall's condition guarantees it.
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
    """A deal found card by card, each placed only where the rest can still be dealt.

    The cards that may go to the same seats form one group. A deal exists exactly when,
    for every set of groups, their cards fit in the room of the seats any of them may go
    to (Hall's condition): at most 15 sets for four suits. Checking it before each card is
    placed never needs to undo a choice, where a plain search could take exponential time
    (one seat forced to take a whole suit that another seat could also take).
    """
    count = Counter(tuple(eligible[c]) for c in pool)
    room = dict(sizes)

    def fits() -> bool:
        groups = [g for g, n in count.items() if n]
        for r in range(1, len(groups) + 1):
            for combo in combinations(groups, r):
                need = sum(count[g] for g in combo)
                if need > sum(room[s] for s in set().union(*combo)):
                    return False
        return True

    if sum(sizes.values()) != len(pool) or not fits():
        raise ValueError("no deal fits the known voids")
    cards = list(pool)
    rng.shuffle(cards)
    out = {s: [] for s in sizes}
    for c in cards:
        group = tuple(eligible[c])
        count[group] -= 1
        options = [s for s in group if room[s] > 0]
        rng.shuffle(options)
        for s in options:
            room[s] -= 1
            if fits():
                out[s].append(c)
                break
            room[s] += 1
        else:  # cannot happen while fits() held before this card
            raise ValueError("no deal fits the known voids")
    return out
