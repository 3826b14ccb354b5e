"""Cards as the pairs65 table names them in the log, captions and on its buttons: with the
words every table uses (:func:`~cardtable.ui.tables.card_words`, ``the_card``), so a turn
never says "the 4 of diamonds" in one line and "the four of diamonds" in the next (the
hint, the spoken hand and the log named the same card two ways)."""

from __future__ import annotations

from cardtable.i18n import Msg
from cardtable.ui.tables import card_words, the_card


def short_words(code: str | None) -> Msg:
    """'seven of hearts', 'queen of spades' (a pair's cards in the log)."""
    return card_words(code) if code else Msg("a card")


def the_short(code: str | None) -> Msg:
    """'the seven of hearts' ('le sept de cœur', 'la dame de pique')."""
    return the_card(code) if code else Msg("a card")
