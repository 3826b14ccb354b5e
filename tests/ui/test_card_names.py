"""How a card is named (cardtable/ui/tables/card_names.py), in English and in French, and
the names ``cardtable.ui.tables`` offers from it."""

from __future__ import annotations

import pytest

from cardtable import i18n
from cardtable.i18n import tr
from cardtable.ui import tables
from cardtable.ui.tables import card_names
from cardtable.ui.tables.card_names import (
    card_words,
    cards_words,
    focus_words,
    suit_words,
    the_card,
)


@pytest.fixture
def french():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def test_a_card_in_english():
    assert tr(card_words("QS")) == "queen of spades"
    assert tr(the_card("AH")) == "the ace of hearts"
    assert tr(focus_words("TS")) == "ten of spades"
    assert tr(suit_words("D")) == "diamonds"
    assert tr(card_words("JK")) == "joker" and tr(the_card("JK")) == "the joker"
    assert tr(cards_words(["AS", "TH", "2C"])) == \
        "the ace of spades, the ten of hearts and the two of clubs"


def test_a_card_in_french_takes_its_article_with_the_rank(french):
    assert tr(card_words("QS")) == "dame de pique"
    assert tr(the_card("AH")) == "l’as de cœur"
    assert tr(focus_words("TS")) == "le dix de pique"        # as a screen reader names it
    assert tr(cards_words(["AS", "2C"])) == "l’as de pique et le deux de trèfle"


def test_every_rank_and_suit_is_named():
    for rank in "AKQJT98765432":
        for suit in "SHDC":
            words = {tr(card_words(rank + suit)), tr(the_card(rank + suit)),
                     tr(focus_words(rank + suit))}
            assert all(w and rank + suit not in w for w in words)


def test_an_unknown_card_is_an_error_not_a_made_up_name():
    with pytest.raises(KeyError):
        card_words("XS")
    with pytest.raises(KeyError):
        suit_words("Z")


def test_the_tables_package_offers_the_same_words_and_only_what_it_says():
    for name in ("SUIT_WORDS", "card_words", "cards_words", "suit_words", "the_card"):
        assert getattr(tables, name) is getattr(card_names, name)
    assert all(hasattr(tables, name) for name in tables.__all__)
