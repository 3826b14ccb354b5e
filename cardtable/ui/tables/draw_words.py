"""The words of the games whose turn is a draw and a discard (the rummies and pairs65): what
speech says a person may do now, and the last discard the hand-over screen shows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.i18n import N_, Msg
from cardtable.ui.tables.card_names import card_words
from cardtable.ui.tables.game_words import GameWords

if TYPE_CHECKING:
    from cardtable.engine.core import Action


class DrawWords(GameWords):
    """A table whose game draws from a stock or the discard pile and discards (its table
    scene is ``self.t``; its word for the stock ``STOCK_WORD``)."""

    @classmethod
    def draw_words(cls, action: Action, stock: str | None) -> Msg:
        """A draw as an instruction: from the stock (``stock``: the table's word for it) or
        the top of the discard pile."""
        if action.source == "discard":
            return Msg("take the top card of the discard pile")
        return Msg("draw from {stock}", stock=Msg(stock or cls.STOCK_WORD))

    def handoff_cards(self, public: dict) -> tuple[Msg | str, list[tuple[str, Msg | str]]]:
        """The last card discarded in this deal (see ``TableSpeech.handoff_cards``)."""
        for e in reversed(self.t.match.log):
            if e.kind == "dealt":
                break
            if e.kind == "discarded":
                card = e.data.get("card")
                if isinstance(card, str):
                    return N_("Last discard"), [(card, card_words(card))]
                break
        return "", []

    def turn_options(self, legal: list[Action]) -> list[Msg | str]:
        """The piles the person may draw from, and a discard (see
        ``TableSpeech.turn_options``)."""
        out: list[Msg | str] = []
        draws = {a.source for a in legal if a.kind == "draw"}
        if "stock" in draws:
            out.append(Msg("You may draw from {stock}.", stock=Msg(self.STOCK_WORD)))
        if "discard" in draws:
            out.append(Msg("You may take the top card of the discard pile."))
        if any(a.kind == "discard" for a in legal):
            out.append(Msg("You may discard a card."))
        return out
