"""Card codes and decks.

A card is a two-character string: rank then suit (``QS`` is the queen of spades,
``TH`` the ten of hearts); the joker is ``JK``. With several decks the same code
appears more than once; the rules treat equal codes as interchangeable.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .errors import ConfigError

RANKS = "AKQJT98765432"  # high to low, for display ordering
SUITS = "SHDC"
JOKER = "JK"
RED_SUITS = frozenset("HD")
BLACK_SUITS = frozenset("SC")

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {
    "A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine",
    "8": "eight", "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three", "2": "two",
}

#: Numeric rank for runs: ace low = 1 (ace high = 14 is handled by the meld code).
RANK_NUMBER = {
    "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
    "T": 10, "J": 11, "Q": 12, "K": 13,
}
NUMBER_RANK = {v: k for k, v in RANK_NUMBER.items()}


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def is_joker(card: str) -> bool:
    return card == JOKER


def is_red(card: str) -> bool:
    return card[1] in RED_SUITS


def colour(card: str) -> str:
    """'red' or 'black' (jokers have no colour in these games; they are never asked)."""
    return "red" if card[1] in RED_SUITS else "black"


def is_valid_code(card: object) -> bool:
    return isinstance(card, str) and (
        card == JOKER or (len(card) == 2 and card[0] in RANKS and card[1] in SUITS)
    )


def make_deck(ranks: Iterable[str], decks: int = 1, jokers: int = 0) -> list[str]:
    """Cards of the given ranks in every suit, ``decks`` times, plus ``jokers`` per deck."""
    ranks = list(ranks)
    one = [r + s for s in SUITS for r in ranks] + [JOKER] * jokers
    return one * decks


def same_cards(a: Iterable[str], b: Iterable[str]) -> bool:
    """True when the two collections hold the same cards, counting duplicates."""
    return Counter(a) == Counter(b)


def check_stacked(stacked: object, full_deck: list[str]) -> list[str]:
    """Validate a stacked deck (top card first) against the game's full deck."""
    if not isinstance(stacked, (list, tuple)):
        raise ConfigError("bad_stacked_deck", "stacked_deck must be a list of card codes")
    bad = [c for c in stacked if not is_valid_code(c)]
    if bad:
        raise ConfigError("bad_stacked_deck", f"not card codes: {bad[:5]}")
    if not same_cards(stacked, full_deck):
        want, got = Counter(full_deck), Counter(stacked)
        missing = sorted((want - got).elements())
        extra = sorted((got - want).elements())
        raise ConfigError(
            "bad_stacked_deck",
            f"stacked_deck must hold exactly the game's {len(full_deck)} cards "
            f"(missing {missing[:8]}, extra {extra[:8]})",
        )
    return list(stacked)


def card_name(card: str) -> str:
    """English name for logs and tests: 'queen of spades', 'joker'."""
    if card == JOKER:
        return "joker"
    return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"


def sort_key(card: str, suit_order: str = "SHCD", rank_order: str = RANKS) -> tuple[int, int]:
    """A key that groups by suit (alternating colours by default) then rank high to low."""
    if card == JOKER:
        return (len(suit_order), 0)
    return (suit_order.index(card[1]), rank_order.index(card[0]) if card[0] in rank_order else 99)
