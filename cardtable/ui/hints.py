"""The Hint button's answer in words: what the hard computer player would do now.

The computer players think in Actions; this turns one into a short sentence for the toast
("Hint: play the queen of spades.") and names the cards to light up in the hand. The
player's reason, where it gives one, is a sentence of the catalogue with its blanks, so it
is shown in the player's language too.
"""

from __future__ import annotations

from cardtable import i18n
from cardtable.engine.core import Action
from cardtable.i18n import N_, Msg
from cardtable.ui.tables import SUIT_WORDS, card_words, the_card


def action_words(action: Action, names: list[str], stock: str = N_("the stock")) -> Msg:
    """The move as an instruction to the player ("play the queen of spades"); ``stock``: what
    the table calls its stock ("the draw pile")."""
    k = action.kind
    card = the_card(action.card) if action.card else None
    if k == "play":
        return Msg("play {card}", card=card)
    if k == "discard":
        return Msg("discard {card}", card=card)
    if k == "draw":
        return Msg("take the top card of the discard pile") if action.source == "discard" \
            else Msg("draw from {stock}", stock=Msg(stock))
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


def reason_words(reason) -> Msg | None:
    """A computer player's reason ([sentence, values], see ``ai.base.because``) in the
    current language, its cards in words; None when there is none (or it is not one)."""
    if not isinstance(reason, (list, tuple)) or len(reason) != 2:
        return None
    msgid, values = reason
    if not isinstance(msgid, str) or not msgid or not isinstance(values, dict):
        return None
    words = {k: (the_card(v) if k == "card" and isinstance(v, str) else
                 i18n.number(v, 1) if isinstance(v, float) else v)
             for k, v in values.items()}
    try:
        msgid.format(**words)
    except (KeyError, IndexError, ValueError):
        return None
    return Msg(msgid, **words)


def hint_text(action: Action, reason, names: list[str], stock: str = N_("the stock")) -> Msg:
    """The toast: the move, and why, where the computer player has something to say."""
    what = action_words(action, names, stock)
    why = reason_words(reason)
    if why is not None:
        return Msg("Hint: {what}. {why}", what=what, why=why)
    return Msg("Hint: {what}.", what=what)


def same_move(a: Action | None, b: Action | None) -> bool:
    """Are ``a`` and ``b`` one move? A rummy's way out is the same whatever the order of its
    melds and of the cards in each (the table shows a meld in meld order, the computer player
    lists it as it found it)."""
    if a is None or b is None:
        return a is b
    if a == b:
        return True
    if a.kind != b.kind or a.kind not in ("go_out", "lay") or a.discard != b.discard:
        return False
    return _meld_set(a.melds) == _meld_set(b.melds)


def _meld_set(melds) -> list[tuple[str, ...]]:
    return sorted(tuple(sorted(m)) for m in melds or ())


def hint_cards(action: Action) -> set[str]:
    """The cards of the viewer's hand the hint is about (lit up at the table)."""
    cards = set(action.cards or ())
    for meld in action.melds or ():
        cards.update(meld)
    for code in (action.card, action.discard):
        if code:
            cards.add(code)
    return cards
