"""The words of the table: what a refused move says, a computer's level on its plate.

The engine refuses a move with an English code (``IllegalAction.code``); the player reads
the sentence chosen here, in the current language.
"""

from __future__ import annotations

from cardtable.engine.core import IllegalAction
from cardtable.i18n import N_, Msg
from cardtable.ui.tables import SUIT_WORDS

#: friendly sentences for the engine's error codes (the engine speaks English codes; the
#: player reads these, in the current language)
MESSAGES = {
    "must_follow_suit": N_("You must follow suit: play a card of {suit}."),
    "not_in_hand": N_("That card is not in your hand."),
    "marriage_card_required": N_("After announcing a marriage, lead its king or queen."),
    "must_win_trick": N_("You must beat the card led when you can."),
    "must_trump": N_("You cannot follow suit, so you must play a trump."),
    "not_on_lead": N_("Only the player on lead can do that."),
    "no_marriage": N_("You need the king and queen of one suit for a marriage."),
    "marriage_not_allowed": N_("Marriages can no longer be announced: the stock is used up."),
    "wrong_kind": N_("Only cards can be played in this game."),
    "not_legal": N_("That move is not allowed now."),
    "match_over": N_("The match is over."),
    "must_draw_first": N_("Draw a card first: from the stock or the discard pile."),
    "already_drew": N_("You have already drawn this turn: now discard."),
    "empty_discard": N_("The discard pile is empty."),
    "empty_stock": N_("The stock is empty."),
    "must_discard": N_("Discard a card to end your turn."),
    "invalid_meld": N_("Those cards do not make a valid meld."),
    "no_melds": N_("Lay down at least one meld first."),
    "use_go_out": N_("Put every card in melds to go out."),
    "bad_action": N_("That move is not possible."),
    "bad_source": N_("Draw from the stock or the discard pile."),
    "no_partial_laydown": N_("Melds go down only to go out, until somebody has gone out."),
    "no_discard_when_out": N_("Going out melds every card: there is no discard."),
    "must_meld_all": N_("To go out, put every card in melds (but the one you discard)."),
    "must_keep_discard": N_("Keep one card to discard, or go out with it."),
}
#: the two refusals that carry a reason (its code, the ``reason`` parameter)
REFUSAL_REASONS = {
    "stock_closed": N_("You cannot exchange the nine now: the stock is closed."),
    "trump_drawn": N_("You cannot exchange the nine now: the trump card has been drawn."),
    "no_trick_won":
        N_("You cannot exchange the nine now: you may exchange only after winning a trick."),
    "no_nine": N_("You cannot exchange the nine now: you do not hold the nine of trumps."),
    "already_closed": N_("You cannot close the stock now: it is already closed."),
    "used_up": N_("You cannot close the stock now: it is used up."),
}
#: a computer player's level on its name plate (the words of the setup screen)
LEVEL_WORDS = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard"),
               "expert": N_("Expert")}


def friendly(exc: IllegalAction, led: str | None = None) -> Msg:
    """The sentence a player reads when a move is refused: the engine's code and parameters
    (never its English message), worded here in the current language. ``led`` is the suit
    led when the refusal does not name it."""
    led = exc.params.get("suit", led)
    if exc.code in ("cannot_exchange", "cannot_close"):
        text = REFUSAL_REASONS.get(exc.params.get("reason", ""))
        if text is not None:
            return Msg(text)
        return Msg("You cannot exchange the nine now.") if exc.code == "cannot_exchange" \
            else Msg("You cannot close the stock now.")
    template = MESSAGES.get(exc.code)
    if template is None:
        return Msg("That move is not allowed now.")
    if exc.code == "must_follow_suit" and led not in SUIT_WORDS:
        return Msg("You must follow suit.")
    return Msg(template, suit=Msg(SUIT_WORDS[led]) if led in SUIT_WORDS else "")
