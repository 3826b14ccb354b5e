"""engine/cards.py: card codes, decks, stacked-deck checks, names and sort order."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.engine import cards
from cardtable.engine.cards import (
    JOKER,
    NUMBER_RANK,
    RANK_NUMBER,
    RANKS,
    SUITS,
    card_name,
    check_stacked,
    colour,
    is_joker,
    is_red,
    is_valid_code,
    make_deck,
    rank,
    same_cards,
    sort_key,
    suit,
)
from cardtable.engine.core import ConfigError

# --------------------------------------------------------------------------- codes


def test_rank_and_suit_are_the_two_characters():
    assert rank("QS") == "Q" and suit("QS") == "S"
    assert rank("TH") == "T" and suit("TH") == "H"
    assert rank("2C") == "2" and suit("2C") == "C"


def test_joker():
    assert JOKER == "JK"
    assert is_joker("JK")
    assert not is_joker("JS") and not is_joker("KJ")


@pytest.mark.parametrize("card, red", [("AH", True), ("9D", True), ("AS", False), ("9C", False)])
def test_colour_of_each_suit(card, red):
    assert is_red(card) is red
    assert colour(card) == ("red" if red else "black")


@pytest.mark.parametrize("code", ["AS", "TH", "2D", "KC", "9S", "JK"])
def test_valid_codes(code):
    assert is_valid_code(code)


@pytest.mark.parametrize(
    "code",
    ["", "A", "ASX", "1S", "10H", "as", "AX", "SA", "JOKER", "jk", None, 12,
     ["A", "S"], ("A", "S")],
)
def test_invalid_codes(code):
    assert not is_valid_code(code)


def test_rank_numbers_are_ace_low_and_invert():
    assert RANK_NUMBER["A"] == 1 and RANK_NUMBER["T"] == 10 and RANK_NUMBER["K"] == 13
    assert sorted(RANK_NUMBER.values()) == list(range(1, 14))
    assert all(NUMBER_RANK[n] == r for r, n in RANK_NUMBER.items())
    assert set(RANK_NUMBER) == set(RANKS)


# --------------------------------------------------------------------------- decks


def test_full_deck_has_52_distinct_cards():
    deck = make_deck(RANKS)
    assert len(deck) == 52 and len(set(deck)) == 52
    assert all(is_valid_code(c) for c in deck)
    assert Counter(suit(c) for c in deck) == {s: 13 for s in SUITS}


def test_deck_order_is_suit_by_suit_in_the_given_rank_order():
    assert make_deck("AT") == ["AS", "TS", "AH", "TH", "AD", "TD", "AC", "TC"]


def test_sixtysix_deck():
    deck = make_deck("ATKQJ9")
    assert len(deck) == 24
    assert {rank(c) for c in deck} == set("ATKQJ9")


def test_several_decks_and_jokers():
    deck = make_deck(RANKS, decks=2, jokers=2)
    assert len(deck) == 108
    counts = Counter(deck)
    assert counts[JOKER] == 4
    assert counts["QS"] == 2 and counts["2C"] == 2
    assert len(make_deck(RANKS, decks=3, jokers=2)) == 162


def test_make_deck_accepts_any_iterable_of_ranks():
    assert make_deck(iter("KQ")) == make_deck("KQ") == make_deck(["K", "Q"])


def test_same_cards_counts_duplicates_and_ignores_order():
    assert same_cards(["AS", "KH", "AS"], ["AS", "AS", "KH"])
    assert not same_cards(["AS", "KH"], ["AS", "KH", "AS"])
    assert not same_cards(["AS", "KH"], ["AS", "KD"])
    assert same_cards([], ())


# --------------------------------------------------------------------------- stacked decks


def test_check_stacked_accepts_a_permutation_and_returns_a_new_list():
    full = make_deck("AK")
    stacked = tuple(reversed(full))
    out = check_stacked(stacked, full)
    assert out == list(stacked)
    assert isinstance(out, list)


@pytest.mark.parametrize("stacked", ["AS KS", None, {"AS": 1}, 7])
def test_check_stacked_wants_a_list(stacked):
    with pytest.raises(ConfigError) as info:
        check_stacked(stacked, make_deck("AK"))
    assert info.value.code == "bad_stacked_deck"
    assert "list of card codes" in info.value.message


def test_check_stacked_names_the_bad_codes():
    full = make_deck("AK")
    with pytest.raises(ConfigError) as info:
        check_stacked(full[:-2] + ["XX", 3], full)
    assert info.value.code == "bad_stacked_deck"
    assert "'XX'" in info.value.message and "3" in info.value.message


def test_check_stacked_names_missing_and_extra_cards():
    full = make_deck("AK")
    stacked = [c for c in full if c != "KH"] + ["AS"]
    with pytest.raises(ConfigError) as info:
        check_stacked(stacked, full)
    message = info.value.message
    assert "exactly the game's 8 cards" in message
    assert "missing ['KH']" in message and "extra ['AS']" in message


def test_check_stacked_counts_copies():
    full = make_deck("A", decks=2)
    with pytest.raises(ConfigError):
        check_stacked(make_deck("A"), full)
    assert len(check_stacked(make_deck("A") * 2, full)) == 8


# --------------------------------------------------------------------------- names and order


@pytest.mark.parametrize(
    "card, name",
    [("QS", "queen of spades"), ("TH", "ten of hearts"), ("AD", "ace of diamonds"),
     ("2C", "two of clubs"), ("JK", "joker")],
)
def test_card_name(card, name):
    assert card_name(card) == name


def test_every_card_has_a_name():
    names = {card_name(c) for c in make_deck(RANKS)}
    assert len(names) == 52


def test_sort_key_groups_suits_in_alternating_colours_then_rank_high_to_low():
    hand = ["2D", "AS", "KH", "JK", "TC", "3S", "AH"]
    assert sorted(hand, key=sort_key) == ["AS", "3S", "AH", "KH", "TC", "2D", "JK"]


def test_sort_key_with_a_game_order():
    # sixtysix strength: A T K Q J 9, hearts first
    hand = ["KH", "TH", "9S", "AH"]
    assert sorted(hand, key=lambda c: sort_key(c, "HS", "ATKQJ9")) == ["AH", "TH", "KH", "9S"]


def test_sort_key_puts_ranks_outside_the_order_last_in_their_suit():
    assert sort_key("5S", "S", "AK") == (0, 99)
    assert sort_key("KS", "S", "AK") == (0, 1)


def test_module_exports_the_suit_sets():
    assert cards.RED_SUITS | cards.BLACK_SUITS == set(SUITS)
    assert not cards.RED_SUITS & cards.BLACK_SUITS
