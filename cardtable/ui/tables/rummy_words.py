"""The rummy tables' words: ranks as kinds of wild card, the wild cards of a deal, and the
engine's reasons a group is no meld."""

from __future__ import annotations

from cardtable.i18n import N_, Msg, and_list
from cardtable.ui.cardart import court_letters
from cardtable.ui.cardart import rank_label as index_label

#: a set's label, whole: the rank's word cannot be put in a sentence of its own in every
#: language (French elides "de" before "as")
SET_LABELS = {"A": N_("Set of aces"), "K": N_("Set of kings"), "Q": N_("Set of queens"),
              "J": N_("Set of jacks"), "T": N_("Set of tens"), "9": N_("Set of nines"),
              "8": N_("Set of eights"), "7": N_("Set of sevens"), "6": N_("Set of sixes"),
              "5": N_("Set of fives"), "4": N_("Set of fours"), "3": N_("Set of threes"),
              "2": N_("Set of twos")}


def rank_label(rank: str) -> Msg:
    """'2s', '10s', 'Ks' (a rank as a kind of wild card, its letter as the card faces write
    it: 'R' for the king in French)."""
    return Msg("{rank}s", rank=index_label(rank, court_letters()))


def wild_words(ranks) -> Msg:
    """'jokers, 2s and 5s'."""
    return and_list([Msg("jokers")] + [rank_label(r) for r in ranks])


def wild_list(ranks) -> list[Msg]:
    """['Jokers', '2s', '5s'] (one a line in the wild-card note)."""
    return [Msg("Jokers")] + [rank_label(r) for r in ranks]


def dotted(parts: list) -> Msg:
    """'Jokers · 2s · 5s' (each part translated when shown)."""
    text = parts[-1]
    for p in reversed(parts[:-1]):
        text = Msg("{a} · {b}", a=p, b=text)
    return text


#: the engine's reasons a group is no meld (melds.REASONS codes), as the player reads them;
#: too_many_wilds is worded by the game (its word for a wild card)
MELD_REASONS = {
    "not_a_card": N_("Not a card"),
    "too_few_cards": N_("A meld needs at least 3 cards"),
    "no_natural": N_("A meld needs at least one natural card"),
    "mixed_suits": N_("A run needs one suit"),
    "no_shared_rank_or_suit": N_("The cards share neither one rank nor one suit"),
    "duplicate_rank": N_("A rank appears twice in the run"),
    "wraps": N_("A run cannot wrap from king to ace to two"),
    "not_sequence": N_("The ranks do not form a sequence"),
    "run_too_long": N_("A run holds at most 13 cards"),
}
