"""The Hint button's answer in words: what the hard computer player would do now.

The computer players think in Actions; this turns one into a short sentence for the toast
("Hint: play the queen of spades.") and names the cards to light up in the hand. Their own
explanation is added in English only (the players' reasons are written in English).
"""

from __future__ import annotations

from cardtable import i18n
from cardtable.engine.core import Action
from cardtable.i18n import Msg
from cardtable.ui.tables import SUIT_WORDS, card_words, the_card


def action_words(action: Action, names: list[str]) -> Msg:
    """The move as an instruction to the player ("play the queen of spades")."""
    k = action.kind
    card = the_card(action.card) if action.card else None
    if k == "play":
        return Msg("play {card}", card=card)
    if k == "discard":
        return Msg("discard {card}", card=card)
    if k == "draw":
        return Msg("take the top card of the discard pile") if action.source == "discard" \
            else Msg("draw from the stock")
    if k == "go_out":
        if action.discard:
            return Msg("go out, discarding {card}", card=the_card(action.discard))
        return Msg("go out")
    if k == "lay":
        return Msg("lay down your melds")
    if k == "marriage":
        return Msg("announce the marriage in {suit}", suit=Msg(SUIT_WORDS[action.suit]))
    if k == "exchange":
        return Msg("exchange the nine of trumps")
    if k == "close":
        return Msg("close the stock")
    if k == "claim":
        return Msg("claim 66")
    if k == "pair" and action.cards:
        a, b = action.cards
        return Msg("lay the pair {a} and {b}", a=card_words(a), b=card_words(b))
    if k == "swap" and action.card is not None and action.target is not None:
        return Msg("offer {card} to {name} in a swap", card=card,
                   name=i18n.seat_name(names[action.target]))
    if k == "give":
        return Msg("give {card}", card=card)
    if k == "done":
        return Msg("end your turn")
    return Msg("{kind}", kind=k)


def hint_text(action: Action, reason: str, names: list[str]) -> Msg:
    """The toast: the move, and the computer player's reason where it can be read."""
    what = action_words(action, names)
    if reason and i18n.language() == i18n.SOURCE_LANGUAGE:
        return Msg("Hint: {what}. {reason}", what=what, reason=reason.rstrip(".") + ".")
    return Msg("Hint: {what}.", what=what)


def hint_cards(action: Action) -> set[str]:
    """The cards of the viewer's hand the hint is about (lit up at the table)."""
    cards = set(action.cards or ())
    for code in (action.card, action.discard):
        if code:
            cards.add(code)
    return cards
