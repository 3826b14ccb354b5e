"""engine/tricks.py: trick winner with and without trumps, following suit, card points, and
dealing the unseen cards so that known voids hold."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable.engine.cards import make_deck
from cardtable.engine.tricks import (
    beats,
    card_points,
    deal_with_voids,
    follow_suit_options,
    rank_strength,
    winning_index,
)

#: sixtysix (rules/sixtysix.md): rank high to low A T K Q J 9; A 11, T 10, K 4, Q 3, J 2
SIXTYSIX = rank_strength("ATKQJ9")
SIXTYSIX_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
#: plain ace-high order (japanese65)
PLAIN = rank_strength("AKQJT98765432")


def test_rank_strength_counts_down_from_the_first_rank():
    assert rank_strength("ATKQJ9") == {"A": 6, "T": 5, "K": 4, "Q": 3, "J": 2, "9": 1}
    assert PLAIN["A"] > PLAIN["K"] > PLAIN["T"] > PLAIN["2"]
    assert SIXTYSIX["T"] > SIXTYSIX["K"]  # the ten outranks the king in sixtysix
    assert rank_strength("") == {}


# --------------------------------------------------------------------------- beats


def test_higher_card_of_the_same_suit_beats():
    assert beats("AH", "TH", "H", None, SIXTYSIX)
    assert beats("TH", "KH", "H", None, SIXTYSIX)
    assert not beats("KH", "TH", "H", None, SIXTYSIX)
    assert not beats("9H", "JH", "H", "S", SIXTYSIX)


def test_an_equal_card_does_not_beat_the_first_one():
    assert not beats("AH", "AH", "H", None, PLAIN)


def test_a_card_of_another_suit_never_wins_without_trumps():
    assert not beats("AS", "2H", "H", None, PLAIN)


def test_trump_beats_any_plain_card_and_only_a_higher_trump_beats_a_trump():
    assert beats("2S", "AH", "H", "S", PLAIN)
    assert beats("3S", "2S", "H", "S", PLAIN)
    assert not beats("2S", "3S", "H", "S", PLAIN)
    assert not beats("AH", "2S", "H", "S", PLAIN)


def test_a_discard_of_a_third_suit_never_wins():
    assert not beats("AD", "2H", "H", "S", PLAIN)
    assert not beats("AD", "2S", "H", "S", PLAIN)


# --------------------------------------------------------------------------- winning_index


@pytest.mark.parametrize(
    "trick, trump, winner",
    [
        (["KH", "AH"], None, 1),
        (["AH", "KH"], None, 0),
        (["KH", "TH"], None, 1),          # ten over king in sixtysix
        (["9H", "AS"], None, 0),          # off-suit ace loses without trumps
        (["9H", "AS"], "S", 1),           # ...and wins as a trump
        (["AH", "9S"], "S", 1),           # lowest trump beats the led ace
        (["JC", "QC"], "C", 1),           # trumps led: higher trump wins
        (["QD", "AC"], "H", 0),           # neither follows nor trumps
    ],
)
def test_winning_index_two_cards(trick, trump, winner):
    assert winning_index(trick, trump, SIXTYSIX) == winner


def test_winning_index_four_players_with_an_overtrump():
    # led 5H; 9H is higher; 2S trumps; 7S overtrumps; AD is a discard
    trick = ["5H", "9H", "2S", "7S"]
    assert winning_index(trick, "S", PLAIN) == 3
    assert winning_index(trick + ["AD"], "S", PLAIN) == 3
    assert winning_index(trick, None, PLAIN) == 1


def test_winning_index_spades_trumps_as_in_japanese65():
    assert winning_index(["KD", "AD", "3S", "QD"], "S", PLAIN) == 2
    assert winning_index(["KD", "AD", "3C", "QD"], "S", PLAIN) == 1


def test_the_led_card_wins_alone_or_when_nobody_follows():
    assert winning_index(["9C"], "S", SIXTYSIX) == 0
    assert winning_index(["2C", "AH", "AD", "KH"], None, PLAIN) == 0


# --------------------------------------------------------------------------- follow suit


def test_follow_suit_keeps_only_the_led_suit_when_held():
    hand = ["AS", "KH", "2H", "QD"]
    assert follow_suit_options(hand, "H") == ["KH", "2H"]


def test_without_the_led_suit_any_card_may_be_played():
    hand = ["AS", "QD"]
    options = follow_suit_options(hand, "H")
    assert options == hand
    options.append("XX")
    assert hand == ["AS", "QD"], "the options are a copy, not the hand"


def test_follow_suit_of_an_empty_hand():
    assert follow_suit_options([], "S") == []


# --------------------------------------------------------------------------- card points


def test_card_points_sixtysix():
    assert card_points(["AS", "TS", "KS", "QS", "JS", "9S"], SIXTYSIX_POINTS) == 30
    assert card_points(make_deck("ATKQJ9"), SIXTYSIX_POINTS) == 120
    assert card_points(["9H", "9D"], SIXTYSIX_POINTS) == 0
    assert card_points([], SIXTYSIX_POINTS) == 0


# --------------------------------------------------------------------------- deal_with_voids


def _check_deal(out, pool, sizes, voids):
    assert {s: len(h) for s, h in out.items()} == sizes
    assert Counter(c for h in out.values() for c in h) == Counter(pool)
    for seat, hand in out.items():
        assert not {c[1] for c in hand} & voids[seat], (seat, hand)


def test_deal_without_voids_is_a_shuffle_cut_to_sizes():
    pool = make_deck("AKQ")
    sizes = {1: 4, 2: 8}
    out = deal_with_voids(pool, sizes, {1: set(), 2: set()}, random.Random(3))
    _check_deal(out, pool, sizes, {1: set(), 2: set()})


def test_deal_with_voids_keeps_every_void():
    pool = make_deck("AKQJT9")[:18]  # spades, hearts, diamonds
    sizes = {1: 6, 2: 6, 3: 6}
    voids = {1: {"S"}, 2: {"H"}, 3: {"D"}}
    for seed in range(20):
        out = deal_with_voids(pool, sizes, voids, random.Random(seed))
        _check_deal(out, pool, sizes, voids)


def test_a_seat_void_in_two_suits_gets_the_whole_third_one():
    # the random attempts often fail here (seat 3 may take spades), so the search runs
    pool = make_deck("AKQJT9")[:18]
    sizes = {1: 6, 2: 6, 3: 6}
    voids = {1: {"S"}, 2: {"H", "D"}, 3: set()}
    for seed in range(10):
        out = deal_with_voids(pool, sizes, voids, random.Random(seed))
        _check_deal(out, pool, sizes, voids)
        assert sorted(out[2]) == sorted(c for c in pool if c[1] == "S")


def test_a_whole_suit_forced_on_one_seat_is_dealt_at_once():
    """Thirteen spades that only one seat may take, while another could take them too: the
    search once took exponential time here (13 cards of a suit never finished), which would
    stall a computer's move late in a japanese65 deal with known voids."""
    pool = make_deck("AKQJT98765432")[:39]          # spades, hearts, diamonds
    sizes = {1: 13, 2: 13, 3: 13}
    voids = {1: {"S"}, 2: {"H", "D"}, 3: set()}
    for seed in range(5):
        out = deal_with_voids(pool, sizes, voids, random.Random(seed))
        _check_deal(out, pool, sizes, voids)
        assert sorted(out[2]) == sorted(c for c in pool if c[1] == "S")


def test_a_tight_deal_is_still_found():
    # each seat void in all but one suit: only one deal fits
    pool = ["AS", "KS", "AH", "KH", "AD"]
    sizes = {0: 2, 1: 2, 2: 1}
    voids = {0: {"H", "D", "C"}, 1: {"S", "D", "C"}, 2: {"S", "H", "C"}}
    out = deal_with_voids(pool, sizes, voids, random.Random(0))
    assert sorted(out[0]) == ["AS", "KS"]
    assert sorted(out[1]) == ["AH", "KH"]
    assert out[2] == ["AD"]


def test_no_fitting_deal_is_an_error():
    with pytest.raises(ValueError):
        deal_with_voids(["AS", "KS"], {0: 1, 1: 1}, {0: set(), 1: {"S"}}, random.Random(0))


def test_same_seed_same_deal():
    pool = make_deck("AKQJ")
    sizes = {0: 6, 1: 5, 2: 5}
    voids = {0: {"C"}, 1: set(), 2: {"S"}}
    a = deal_with_voids(pool, sizes, voids, random.Random(42))
    b = deal_with_voids(pool, sizes, voids, random.Random(42))
    assert a == b
