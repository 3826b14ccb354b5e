"""The pairs65 table's words: its moves, refusals and reasons (:class:`Pairs65Words`), and
cards as it names them in the log, captions and on its buttons, with the words every table
uses (:func:`~cardtable.ui.tables.card_words`, ``the_card``), so a turn never says "the 4
of diamonds" in one line and "the four of diamonds" in the next (the hint, the spoken hand
and the log named the same card two ways)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable import i18n
from cardtable.engine.pairs65 import PAIRS_TO_WIN
from cardtable.i18n import N_, Msg
from cardtable.ui.tables import card_words, the_card
from cardtable.ui.tables.draw_words import DrawWords

if TYPE_CHECKING:
    from cardtable.engine.core import Action, IllegalAction

#: the engine's refusals (IllegalAction codes) as the player reads them
REFUSALS = {
    "must_give": N_("You have been asked to swap: choose a card to give."),
    "not_in_hand": N_("That card is not in your hand."),
    "no_swap_pending": N_("Nobody has asked you to swap."),
    "empty_pile": N_("The discard pile is empty."),
    "bad_target": N_("Swap with another player at the table."),
    "target_has_no_cards": N_("That player holds no card to swap."),
    "must_take_first": N_("First draw a card, take the top discard or swap with a player."),
    "bad_pair": N_("Not a pair: choose two different cards of your hand."),
    "no_discard_at_3": N_("You hold 3 cards or fewer: end your turn without discarding."),
    "must_discard": N_("You hold more than 3 cards: discard one."),
    "already_took": N_("You have already taken a card this turn."),
}
#: a suit's colour, which a pair's two cards share
COLOUR_WORDS = {"H": N_("red"), "D": N_("red"), "S": N_("black"), "C": N_("black")}


def short_words(code: str | None) -> Msg:
    """'seven of hearts', 'queen of spades' (a pair's cards in the log)."""
    return card_words(code) if code else Msg("a card")


def the_short(code: str | None) -> Msg:
    """'the seven of hearts' ('le sept de cœur', 'la dame de pique')."""
    return the_card(code) if code else Msg("a card")


class Pairs65Words(DrawWords):
    """Sixty-Five (pairs)'s words for the shared screens (see :class:`GameWords`)."""

    REASONS = {
        "five_pairs": N_("Five pairs laid"),
        "stalemate": N_("No pair for a long time: most pairs wins"),
    }
    SEAT_LABELS = {"first_player": N_("Started")}
    ROW_LABELS = {"pairs": N_("Pairs laid"), "games_won": N_("Games won")}
    #: how many turns the game took (its stalemate's count)
    HIDDEN_KEYS = frozenset({"turns"})
    REFUSALS = REFUSALS

    @classmethod
    def action_words(cls, action: Action, names: Sequence[str],
                     stock: str | None = None) -> Msg | None:
        """A draw, a swap asked or answered, a pair, a discard, the turn's end (see
        :meth:`GameWords.action_words`)."""
        kind = action.kind
        if kind == "draw":
            return cls.draw_words(action, stock)
        if kind == "pair" and action.cards and len(action.cards) == 2:
            a, b = action.cards
            return Msg("lay the pair {a} and {b}", a=card_words(a), b=card_words(b))
        if kind == "swap" and action.card is not None and action.target is not None \
                and 0 <= action.target < len(names):
            return Msg("offer {card} to {name} in a swap", card=the_card(action.card),
                       name=i18n.seat_name(names[action.target]))
        if kind == "give" and action.card:
            return Msg("give {card}", card=the_card(action.card))
        if kind == "discard" and action.card:
            return Msg("discard {card}", card=the_card(action.card))
        if kind == "done":
            return Msg("end your turn")
        return None

    def refusal_text(self, exc: IllegalAction) -> Msg | str | None:
        """The game's refusal codes in the player's words (the engine stays English): a
        pair refused names its cards' colours or their total; None for a code every game
        shares, which the table scene words."""
        params = exc.params
        if exc.code == "colours_differ" and len(params.get("cards", ())) == 2:
            a, b = params["cards"]
            return Msg("Not a pair: {a} is {ca} and {b} is {cb}; a pair is one colour.",
                       a=short_words(a), b=short_words(b),
                       ca=Msg(COLOUR_WORDS[a[1]]), cb=Msg(COLOUR_WORDS[b[1]]))
        if exc.code == "values_not_13" and "total" in params:
            return Msg("Not a pair: the values add to {total}, not 13.", total=params["total"])
        if exc.code in REFUSALS:
            return REFUSALS[exc.code]
        return None

    @classmethod
    def single_deal_chart(cls, row: dict, columns: int) -> tuple[Msg, list[int], int] | None:
        """Each player's pairs laid, against the five that win (see
        :meth:`GameWords.single_deal_chart`)."""
        pairs = row.get("pairs")
        if isinstance(pairs, list) and len(pairs) == columns:
            return Msg("Pairs laid"), [int(v) for v in pairs], PAIRS_TO_WIN
        return None
