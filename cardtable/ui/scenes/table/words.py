"""The words of the table: what a refused move says, a computer's level on its plate.

The engine refuses a move with an English code (``IllegalAction.code``); the player reads
a sentence in the current language: the game's table's for a code of its own, else the
shared one chosen here.
"""

from __future__ import annotations

from cardtable.engine.core import IllegalAction
from cardtable.i18n import N_, Msg

#: the sentences of the refusal codes every game shares (the engine speaks English codes;
#: the player reads these, in the current language). A code of one game's own is worded
#: by that game's table (``GameWords.REFUSALS``, its ``refusal_text``), asked first
MESSAGES = {
    "not_in_hand": N_("That card is not in your hand."),
    "not_legal": N_("That move is not allowed now."),
    "match_over": N_("The match is over."),
    "bad_action": N_("That move is not possible."),
}
#: a computer player's level on its name plate (the words of the setup screen)
LEVEL_WORDS = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard"),
               "expert": N_("Expert")}


def friendly(exc: IllegalAction, led: str | None = None) -> Msg:
    """The sentence a player reads when a move is refused with a code every game shares
    (:data:`MESSAGES`; any other: "That move is not allowed now."), from the engine's code,
    never its English message. A game's own codes are its table's to word
    (``refusal_text``), asked before this. ``led`` is kept for the callers' sake: no
    shared sentence names a suit."""
    template = MESSAGES.get(exc.code)
    if template is None:
        return Msg("That move is not allowed now.")
    return Msg(template)
