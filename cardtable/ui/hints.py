"""The Hint button's answer in words: what the hard computer player would do now.

The computer players think in Actions; this turns one into a short sentence for the toast
("Hint: play the queen of spades.") and names the cards to light up in the hand. The move
is worded by its game's table (``GameWords.action_words``): nothing here knows any game's
moves. The player's reason, where it gives one, is a sentence of the catalogue with its
blanks, so it is shown in the player's language too.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from cardtable import i18n
from cardtable.engine.core import Action
from cardtable.i18n import N_, Msg
from cardtable.ui.tables import table_class, the_card
from cardtable.ui.tables.game_words import words_of

log = logging.getLogger(__name__)

#: a move no table words (a game's table that brings no words for it): said plainly
UNWORDED = N_("make the move the computer suggests")
_said: set[str] = set()


def _table(game: Any) -> type:
    """The table class of ``game``: a game id, or its table or table class."""
    if isinstance(game, str):
        return table_class(game)
    return game if isinstance(game, type) else type(game)


def action_words(action: Action, names: Sequence[str], stock: str = N_("the stock"), *,
                 game: Any) -> Msg:
    """The move as an instruction to the player ("play the queen of spades"), in the words
    of its game's table (``game``: its id, its table or table class, as the table and the
    review give it); ``stock``: what the table calls its stock ("the draw pile")."""
    words = words_of(_table(game)).action_words(action, names, stock)
    if words is not None:
        return words
    if action.kind not in _said:
        _said.add(action.kind)
        log.warning("no table words the move %s; the hint says it plainly", action)
    return Msg(UNWORDED)


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


def hint_text(action: Action, reason, names: Sequence[str], stock: str = N_("the stock"), *,
              game: Any) -> Msg:
    """The toast: the move (:func:`action_words`), and why, where the computer player has
    something to say."""
    what = action_words(action, names, stock, game=game)
    why = reason_words(reason)
    if why is not None:
        return Msg("Hint: {what}. {why}", what=what, why=why)
    return Msg("Hint: {what}.", what=what)


def hint_cards(action: Action) -> set[str]:
    """The cards of the viewer's hand the hint is about (lit up at the table)."""
    cards = set(action.cards or ())
    for meld in action.melds or ():
        cards.update(meld)
    for code in (action.card, action.discard):
        if code:
            cards.add(code)
    return cards
