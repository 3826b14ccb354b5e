"""How a card is named in words: its suit and rank, alone or with an article, as the log, the
captions, speech and the keyboard's focus say it ("queen of spades", "the queen of spades",
"le dix de pique").

Every table and screen that names a card uses these; ``cardtable.ui.tables`` offers them
too, where most callers import them from.
"""

from __future__ import annotations

from cardtable.i18n import N_, Msg, PMsg, and_list

#: suits as the log names them ("queen of spades", "marriage in hearts", "hearts are trumps")
SUIT_WORDS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
RANK_WORDS = {
    "A": N_("ace"), "K": N_("king"), "Q": N_("queen"), "J": N_("jack"), "T": N_("ten"),
    "9": N_("nine"), "8": N_("eight"), "7": N_("seven"), "6": N_("six"), "5": N_("five"),
    "4": N_("four"), "3": N_("three"), "2": N_("two"),
}
#: the same with their article, for sentences ("takes the queen of spades"): the article
#: goes with the rank in French ("la dame", "le roi", "l'as")
THE_RANK_WORDS = {
    "A": N_("the ace"), "K": N_("the king"), "Q": N_("the queen"), "J": N_("the jack"),
    "T": N_("the ten"), "9": N_("the nine"), "8": N_("the eight"), "7": N_("the seven"),
    "6": N_("the six"), "5": N_("the five"), "4": N_("the four"), "3": N_("the three"),
    "2": N_("the two"),
}
#: the ranks as the keyboard's focus names a card aloud: 'ten of spades' in English, with its
#: article in French ('le dix de pique'), as a screen reader names a thing
FOCUS_RANK_WORDS = {
    "A": PMsg("focus", "ace"), "K": PMsg("focus", "king"), "Q": PMsg("focus", "queen"),
    "J": PMsg("focus", "jack"), "T": PMsg("focus", "ten"), "9": PMsg("focus", "nine"),
    "8": PMsg("focus", "eight"), "7": PMsg("focus", "seven"), "6": PMsg("focus", "six"),
    "5": PMsg("focus", "five"), "4": PMsg("focus", "four"), "3": PMsg("focus", "three"),
    "2": PMsg("focus", "two"),
}


def suit_words(suit: str) -> Msg:
    """'spades' ('pique')."""
    return Msg(SUIT_WORDS[suit])


def card_words(code: str) -> Msg:
    """'queen of spades' (for the log and captions), in the current language when shown."""
    if code == "JK":
        return Msg("joker")
    return Msg("{rank} of {suit}", rank=Msg(RANK_WORDS[code[0]]), suit=suit_words(code[1]))


def focus_words(code: str) -> Msg:
    """'ten of spades' ('le dix de pique'): a card under the keyboard's focus, said aloud."""
    if code == "JK":
        return PMsg("focus", "joker")
    return Msg("{rank} of {suit}", rank=FOCUS_RANK_WORDS[code[0]], suit=suit_words(code[1]))


def the_card(code: str) -> Msg:
    """'the queen of spades' ('la dame de pique')."""
    if code == "JK":
        return Msg("the joker")
    return Msg("{rank} of {suit}", rank=Msg(THE_RANK_WORDS[code[0]]),
               suit=suit_words(code[1]))


def cards_words(codes) -> Msg | str:
    """'the ace of spades, the ten of hearts and the two of clubs' (for speech)."""
    return and_list([the_card(c) for c in codes])
