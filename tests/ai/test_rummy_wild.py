"""The rummy computer players keep their wild cards (stacked deals, every level).

A wild card is thrown only as the last card of a way out, or when the seat holds nothing
else; otherwise handing it to the next player helps him and costs the seat its best card.
The hard level also throws one left out of every meld on its last turn (kept, it would
count 50 or 20), and before that only when its expected cost is clearly the higher.
"""

from __future__ import annotations

import random

import pytest

from cardtable import ai
from cardtable.engine import registry
from cardtable.engine.cards import make_deck
from cardtable.engine.core import Action
from cardtable.engine.rummy import RANKS

LEVELS = ("easy", "medium", "hard")


def stacked(front: list[str], decks: int = 2) -> list[str]:
    """The full deck with ``front`` on top (one copy of each card taken from the rest)."""
    rest = make_deck(RANKS, decks, jokers=2)
    for c in front:
        rest.remove(c)
    return list(front) + rest


def dealt(game: str, n: int, hands: list[list[str]], up: str, stock: list[str]):
    """A match whose first deal gives seat ``i`` the cards ``hands[i]`` (dealer: the last
    seat, so seat 0 plays first), ``up`` face up and ``stock`` on top of the stock."""
    k = len(hands[0])
    front = [hands[(i % n)][i // n] for i in range(n * k)] + [up] + stock
    state = registry.get(game).new_match(players=n, seed=1, first_dealer=n - 1,
                                         stacked_deck=stacked(front))
    for seat, hand in enumerate(hands):
        assert sorted(state.hand(seat)) == sorted(hand), (seat, state.hand(seat))
    return state


def choose(game: str, state, level: str, seed: int) -> Action:
    return ai.make_bot(game, level, seed, iterations=3).choose(state, state.current_player)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", range(8))
def test_rummy65_hand_1_keeps_the_wild_three(level, seed):
    # hand 1 of rummy65: three cards each, 3s wild; seat 0 holds the 3S, a king and a
    # queen, draws the 7C: nothing melds, the 3 is the dearest card (50) but stays
    state = dealt("rummy65", 3, [["3S", "KD", "QH"], ["4S", "9D", "JC"], ["6D", "TH", "AS"]],
                  up="5H", stock=["7C"])
    state.apply(Action("draw", source="stock"))
    assert sorted(state.hand(0)) == ["3S", "7C", "KD", "QH"]
    action = choose("rummy65", state, level, seed)
    assert action.kind == "discard" and action.card != "3S", (level, action)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", range(8))
def test_quebec65_keeps_jokers_twos_and_the_round_rank(level, seed):
    # round 1 of quebec65: three cards each, jokers, 2s and 3s wild; seat 0 holds a joker
    # (20 points), a king and an eight, draws the 4C: nothing melds, the joker stays
    for wild in ("JK", "2H", "3D"):
        state = dealt("quebec65", 3, [[wild, "KS", "8D"], ["4S", "9D", "JC"],
                                      ["6D", "TH", "AS"]], up="5H", stock=["4C"])
        state.apply(Action("draw", source="stock"))
        action = choose("quebec65", state, level, seed)
        assert action.kind == "discard" and action.card != wild, (level, wild, action)


@pytest.mark.parametrize("level", LEVELS)
def test_a_way_out_may_still_end_on_a_wild_card(level):
    # rummy65 hand 1: 7C 8C 9C and a 3 after drawing the 9C: going out beats keeping
    # the wild card (any discard is fine, but the bot must go out)
    state = dealt("rummy65", 3, [["3S", "7C", "8C"], ["4S", "9D", "JC"], ["6D", "TH", "AS"]],
                  up="5H", stock=["9C"])
    state.apply(Action("draw", source="stock"))
    action = choose("rummy65", state, level, 0)
    assert action.kind == "go_out", action


def last_turn_with_a_loose_wild():
    """rummy65 hand 1: seat 0 goes out with 7C 8C 9C (discarding the QS); seat 1, on its
    last turn, holds the 3S, KD and 4H and draws the 9S: nothing melds."""
    state = dealt("rummy65", 3, [["7C", "8C", "9C"], ["3S", "KD", "4H"], ["6D", "TH", "AS"]],
                  up="5H", stock=["QS", "9S"])
    state.apply(Action("draw", source="stock"))
    out = [a for a in state.legal_actions() if a.kind == "go_out"]
    state.apply(next(a for a in out if a.discard == "QS"))
    state.apply(Action("draw", source="stock"))
    assert state.current_player == 1 and sorted(state.hand(1)) == ["3S", "4H", "9S", "KD"]
    return state


@pytest.mark.parametrize("seed", range(4))
def test_hard_throws_a_loose_wild_card_on_its_last_turn(seed):
    # kept, the 3 would count 50; thrown, the hand keeps 4 + 9 + 10
    action = choose("rummy65", last_turn_with_a_loose_wild(), "hard", seed)
    assert action == Action("discard", card="3S"), action


def test_the_wild_card_choice_is_honest():
    # the same choice whatever the hidden cards (the stock, the third hand) are
    state = last_turn_with_a_loose_wild()
    for i in range(4):
        other = state.determinize(1, random.Random(i))
        assert other.view(1) == state.view(1)
        for budget in (None, 0.05):
            a1 = ai.make_bot("rummy65", "hard", 3, iterations=None if budget else 3)
            a2 = ai.make_bot("rummy65", "hard", 3, iterations=None if budget else 3)
            assert a1.choose(state, 1, budget) == a2.choose(other, 1, budget)


def test_a_hand_that_melds_only_whole_is_not_counted_as_out():
    # rummy65 hand 1 (3s wild): 3D 3S 6S 9S meld only as one run of four, and going out
    # wants a discard, so no way out exists: the seat keeps a card and the cheapest
    # discard (a wild three) leaves 3S 6S 9S, 65 points, not the 0 of a way out
    from cardtable.ai.rummy import Hand
    from cardtable.engine import melds as meldlib

    state = dealt("rummy65", 3, [["3D", "3S", "6S"], ["4S", "9D", "JC"], ["6D", "TH", "AS"]],
                  up="5H", stock=["9S"])
    state.apply(Action("draw", source="stock"))
    hand = Hand(state.view(0), state.legal_actions())
    cards = sorted(state.hand(0))
    assert cards == ["3D", "3S", "6S", "9S"]
    assert not hand.arrangement(cards).leftover
    assert not meldlib.go_out_options(cards, hand.rules, True)
    assert hand.after_discard(cards) == (65, "3D")
    assert hand.after_last(cards) == 65
