"""Cards as the pairs65 table names them in the log and on its buttons: short enough for
a line ('7 of hearts', 'the queen of spades')."""

from __future__ import annotations

from cardtable.i18n import N_, Msg
from cardtable.ui.tables import SUIT_WORDS

RANK_SHORT = {"A": N_("ace"), "Q": N_("queen"), "J": N_("jack")}
THE_RANK_SHORT = {"A": N_("the ace"), "Q": N_("the queen"), "J": N_("the jack")}


def _digits(rank: str) -> str:
    return "10" if rank == "T" else rank


def short_words(code: str | None) -> Msg:
    """'7 of hearts', 'queen of spades' (compact enough for the log)."""
    if not code:
        return Msg("a card")
    rank = Msg(RANK_SHORT[code[0]]) if code[0] in RANK_SHORT else _digits(code[0])
    return Msg("{rank} of {suit}", rank=rank, suit=Msg(SUIT_WORDS[code[1]]))


def the_short(code: str | None) -> Msg:
    """'the 7 of hearts' ('le 7 de cœur', 'la dame de pique')."""
    if not code:
        return Msg("a card")
    rank = Msg(THE_RANK_SHORT[code[0]]) if code[0] in THE_RANK_SHORT else \
        Msg("the {n}", n=_digits(code[0]))
    return Msg("{rank} of {suit}", rank=rank, suit=Msg(SUIT_WORDS[code[1]]))
