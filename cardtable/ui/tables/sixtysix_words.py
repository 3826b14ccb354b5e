"""Sixty-Six's words: its moves, its refusals, why a deal ended, and its one-deal chart."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.engine.sixtysix import WIN_POINTS
from cardtable.i18n import N_, Msg
from cardtable.ui.tables import SUIT_WORDS
from cardtable.ui.tables.trick_words import TrickWords

if TYPE_CHECKING:
    from cardtable.engine.core import Action, IllegalAction

#: why a deal ended, said of the winner on the table: (to the viewer, of another player)
ENDINGS = {
    "claim": (N_("You reached 66."), N_("{name} reached 66.")),
    "wrong_claim": (N_("You claimed too early."), N_("{name} claimed too early.")),
    "closer_made": (N_("You closed and made 66."), N_("{name} closed and made 66.")),
    "closer_failed": (N_("The closer fell short."), N_("The closer fell short.")),
    "played_out": (N_("You reached 66 at the end."), N_("{name} reached 66 at the end.")),
    "both_66": (N_("Both reached 66: nobody scores."), N_("Both reached 66: nobody scores.")),
    "tie": (N_("65 each: nobody scores."), N_("65 each: nobody scores.")),
}

#: why the exchange of the nine or the close of the stock was refused (its ``reason``)
REFUSAL_REASONS = {
    "stock_closed": N_("You cannot exchange the nine now: the stock is closed."),
    "trump_drawn": N_("You cannot exchange the nine now: the trump card has been drawn."),
    "no_trick_won":
        N_("You cannot exchange the nine now: you may exchange only after winning a trick."),
    "no_nine": N_("You cannot exchange the nine now: you do not hold the nine of trumps."),
    "already_closed": N_("You cannot close the stock now: it is already closed."),
    "used_up": N_("You cannot close the stock now: it is used up."),
}


class SixtySixWords(TrickWords):
    """Sixty-Six's words for the shared screens (see :class:`GameWords`)."""

    REASONS = {
        "claim": N_("A correct claim of 66"),
        "wrong_claim": N_("A wrong claim"),
        "closer_made": N_("The closer reached 66"),
        "closer_failed": N_("The closer did not reach 66"),
        "played_out": N_("Played out to the last trick"),
        "both_66": N_("Both reached 66: nobody scores"),
        "tie": N_("Both have 65: nobody scores"),
    }
    SEAT_LABELS = {"claimant": N_("Claimed by"), "closer": N_("Closed by")}
    #: the hand-over says too that the stock is closed
    PUBLIC_KEYS = (*TrickWords.PUBLIC_KEYS, "closed")
    #: the trick games' rows, with the marriages announced before the deal's points
    ROW_LABELS = {**{k: v for k, v in TrickWords.ROW_LABELS.items() if k != "points"},
                  "marriages": N_("Marriages"), "points": TrickWords.ROW_LABELS["points"]}
    REFUSALS = {
        **TrickWords.REFUSALS,
        "marriage_card_required": N_("After announcing a marriage, lead its king or queen."),
        "must_win_trick": N_("You must beat the card led when you can."),
        "must_trump": N_("You cannot follow suit, so you must play a trump."),
        "not_on_lead": N_("Only the player on lead can do that."),
        "no_marriage": N_("You need the king and queen of one suit for a marriage."),
        "marriage_not_allowed":
            N_("Marriages can no longer be announced: the stock is used up."),
        "cannot_exchange": N_("You cannot exchange the nine now."),
        "cannot_close": N_("You cannot close the stock now."),
    }

    @classmethod
    def action_words(cls, action: Action, names: Sequence[str],
                     stock: str | None = None) -> Msg | None:
        """A card played, a marriage, the exchange, the close, the claim (see
        :meth:`GameWords.action_words`)."""
        kind = action.kind
        if kind == "marriage" and action.suit in SUIT_WORDS:
            return Msg("announce the marriage in {suit}", suit=Msg(SUIT_WORDS[action.suit]))
        if kind == "exchange":
            return Msg("exchange the nine of trumps")
        if kind == "close":
            return Msg("close the stock")
        if kind == "claim":
            return Msg("claim 66")
        return super().action_words(action, names, stock)

    def handoff_facts(self, public: dict) -> list[tuple[Msg | str, bool, list[list[str]]]]:
        """The trumps, and a closed stock (see ``TableSpeech.handoff_facts``)."""
        out = super().handoff_facts(public)
        if public.get("closed"):
            out.append((Msg("The stock is closed."), False, []))
        return out

    def refusal_text(self, exc: IllegalAction) -> Msg | str | None:
        """An exchange or a close refused says why, from the refusal's ``reason`` (see
        :meth:`GameWords.refusal_text`)."""
        if exc.code in ("cannot_exchange", "cannot_close"):
            why = REFUSAL_REASONS.get(exc.params.get("reason", ""))
            if why is not None:
                return Msg(why)
        return super().refusal_text(exc)

    @classmethod
    def single_deal_chart(cls, row: dict, columns: int) -> tuple[Msg, list[int], int] | None:
        """Each player's points of the deal, against the 66 that wins it (see
        :meth:`GameWords.single_deal_chart`)."""
        points = row.get("points")
        if isinstance(points, list) and len(points) == columns and \
                all(isinstance(v, int) for v in points):
            return Msg("Card points"), list(points), max(WIN_POINTS, *points)
        return None
