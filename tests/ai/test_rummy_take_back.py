"""A rummy computer never takes the top discard only to throw it straight back.

Hand 4 of rummy65 (sixes and jokers wild), three players. Ann (seat 0) took the ten of
hearts from the pile; Bert threw the nine of clubs. Cleo holds 2♠ 4♥ 5♦ 7♣ 8♥ 10♦: the
medium player took the nine of clubs and discarded it at once (the ten of diamonds would
feed Ann's ten). Whatever a level takes from the pile it keeps this turn.
"""

from __future__ import annotations

import pytest

from cardtable import ai
from cardtable.engine import registry
from cardtable.engine.core import Action
from cardtable.engine.rummy import DRAW_DISCARD

from .test_rummy_wild import stacked

ANN = ["2C", "4C", "5S", "7D", "8S", "JH"]
BERT = ["2D", "4S", "5H", "7H", "8C", "QS"]
CLEO = ["2S", "4H", "5D", "7C", "8H", "TD"]


def cleo_to_act():
    front = [c for trio in zip(ANN, BERT, CLEO, strict=True) for c in trio] + ["TH", "9C"]
    state = registry.get("rummy65").new_match(players=3, seed=1, first_dealer=2, first_deal=4,
                                              stacked_deck=stacked(front))
    assert state.wild_ranks() == ["6"] and sorted(state.hand(2)) == sorted(CLEO)
    state.apply(Action("draw", source="discard"))       # Ann takes the ten of hearts
    state.apply(Action("discard", card="JH"))
    state.apply(Action("draw", source="stock"))         # Bert draws the nine of clubs
    state.apply(Action("discard", card="9C"))
    assert state.current_player == 2 and state.discard_pile[-1] == "9C"
    return state


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("seed", range(4))
def test_a_card_taken_from_the_pile_is_not_thrown_straight_back(level, seed):
    state = cleo_to_act()
    bot = ai.make_bot("rummy65", level, seed, iterations=3)
    draw = bot.choose(state, 2)
    if draw != DRAW_DISCARD:
        return                              # drew from the stock: nothing to throw back
    state.apply(draw)
    then = bot.choose(state, 2)
    assert not (then.kind == "discard" and then.card == "9C"), (level, then)


def test_the_medium_player_takes_the_nine_here_and_keeps_it():
    """The reported turn: the medium player does take the nine (it lowers its deadwood),
    and then throws another card."""
    state = cleo_to_act()
    bot = ai.make_bot("rummy65", "medium", 0, iterations=3)
    assert bot.choose(state, 2) == DRAW_DISCARD
    state.apply(DRAW_DISCARD)
    then = bot.choose(state, 2)
    assert then.kind == "discard" and then.card != "9C"


def test_a_second_copy_of_a_card_taken_may_still_be_thrown():
    """With two decks a hand may hold the card taken and another copy dealt to it: the
    code is not barred then (one copy stays)."""
    from cardtable.ai.base import Window
    from cardtable.ai.rummy import Hand

    state = cleo_to_act()
    state.apply(DRAW_DISCARD)
    win = Window(state, 2)
    h = Hand(win.view, win.legal)
    assert h.taken_only() == {"9C"}
    h.cards = h.cards + ["9C"]
    assert h.taken_only() == set()
