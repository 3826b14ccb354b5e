"""Sixty-Five (pairs)'s lesson (cardtable/games/pairs65_lesson.py): each rule it names
comes up in its game where the lesson says: pairs of one colour worth 13 (and two cards
worth 13 in two colours refused), two cards waiting for the same partners, a swap, no
discard with three cards or fewer, the three cards drawn at the next turn, the top of the
discard pile taken, and five pairs winning at once."""

from __future__ import annotations

import pytest

from cardtable.engine.core import Action, IllegalAction
from cardtable.engine.pairs65 import PARTNERS, is_pair
from cardtable.games.pairs65_lesson import LESSON
from tests.games import walk


def played():
    return walk.played("pairs65", LESSON)


first = walk.step_of


def test_every_pair_laid_is_one_colour_worth_13_and_a_two_colour_13_is_refused():
    steps, end = played()
    laid = [tuple(p) for p in end.pairs[0]]
    assert len(laid) == 5 and all(is_pair(a, b) for a, b in laid)
    # the eight of hearts and the five of clubs add up to 13, but the rules refuse them
    state, _ = first(steps, "pair", cards=("6D", "7D"))
    assert {"8H", "5C"} <= set(state.hands[0])
    with pytest.raises(IllegalAction) as info:
        state.clone().apply(Action("pair", cards=("5C", "8H")))
    assert info.value.code == "colours_differ"


def test_what_to_keep_the_threes_wait_for_the_same_tens_and_the_eight_for_one_five():
    steps, _ = played()
    state, _ = first(steps, "discard", card="3C")
    assert {"3C", "3S"} <= set(state.hands[0]) and set(PARTNERS["3C"]) == set(PARTNERS["3S"])
    swap, step = first(steps, "swap")
    assert step.expect[0].card == "8H" and step.expect[0].target == 1
    # the eight of hearts has one five left: Noor has laid the other
    gone = {c for p in swap.pairs[1] for c in p}
    assert [c for c in PARTNERS["8H"] if c in gone] == ["5D"]


def test_the_swap_three_cards_no_discard_and_three_drawn_next_turn():
    steps, _ = played()
    done, _ = first(steps, "done")
    assert "2C" in done.hands[0] or ["2C", "JC"] in done.pairs[0]
    assert len(done.hands[0]) == 3
    with pytest.raises(IllegalAction) as info:
        done.clone().apply(Action("discard", card=done.hands[0][0]))
    assert info.value.code == "no_discard_at_3"
    take, _ = first(steps, "draw", source="discard")
    assert len(take.hands[0]) == 6 and {"TC", "8S", "2D"} <= set(take.hands[0])
    assert take.discard_pile[-1] == "4C" and is_pair("4C", "9S")


def test_five_pairs_win_at_once():
    _, end = played()
    row = end.score_sheet[0]
    assert row["winners"] == [0] and row["reason"] == "five_pairs"
    assert row["pairs"] == [5, 1]


def lesson_texts() -> list[str]:
    """Every sentence the lesson says (its steps' words and its closing words)."""
    out = [LESSON["title"], LESSON["end"]]
    for step in LESSON["steps"]:
        out += [step[k] for k in ("say", "why", "wrong", "after") if k in step]
        out += [words for _, words in step.get("refuse", ())]
    return out


def test_in_french_a_pair_is_red_or_black_never_of_one_couleur():
    """In French card talk "couleur" is a suit: "deux cartes de même couleur" read as two
    hearts, where the rule is two red cards or two black ones (a newcomer's play-test). The
    lesson and the rules say "rouge" and "noire", and never "couleur"."""
    from cardtable import i18n
    from cardtable.ui.tables.pairs65 import RULES

    texts = lesson_texts() + [p for p in i18n.paragraphs(RULES[1]) if p]
    i18n.set_language("fr")
    try:
        french = {text: i18n.tr(text) for text in texts}
    finally:
        i18n.set_language("en")
    assert [en for en, fr in french.items() if "couleur" in fr.lower()] == []
    for en, fr in french.items():
        if "colour" in en:            # says what a pair's colour is: says it in red and black
            assert "rouge" in fr and "noir" in fr, fr
