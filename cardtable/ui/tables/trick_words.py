"""What the trick games' tables share: the move of a card played and its words, and the
suit that must follow.

Japanese 65 and Sixty-Six both play a card to a trick and refuse a card that does not
follow the suit led; each game's table adds its own moves and refusals to these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardtable.i18n import N_, Msg, and_list
from cardtable.ui.tables import SUIT_WORDS, card_words, suit_words, the_card
from cardtable.ui.tables.game_words import GameWords

if TYPE_CHECKING:
    from cardtable.engine.core import Action, IllegalAction


class TrickWords(GameWords):
    """A trick game's words: playing a card, following suit (see :class:`GameWords`)."""

    #: a card of the hand is played to the trick by this move (see ``GameTable.PLAY_KIND``)
    PLAY_KIND: str | None = "play"
    #: the rows of a trick game's deal (see :class:`GameWords`)
    ROW_LABELS = {
        "tricks": N_("Tricks won"),
        "trick_points": N_("Trick points"),
        "last_trick": N_("Last trick"),
        "card_points": N_("Card points"),
        "points": N_("Deal points"),
    }
    ONLY_WHEN_SCORED = frozenset({"last_trick"})
    STRONG_ROWS = frozenset({"points"})
    #: the suit that was trumps in the deal
    FACTS = frozenset({"trump"})
    #: the hand-over of pass-and-play shows the trumps (see ``GameTable.handoff_facts``)
    PUBLIC_KEYS: tuple[str, ...] = ("trump", "trump_card")
    REFUSALS = {
        "must_follow_suit": N_("You must follow suit: play a card of {suit}."),
    }

    @classmethod
    def action_words(cls, action: Action, names: Sequence[str],
                     stock: str | None = None) -> Msg | None:
        """A card played (see :meth:`GameWords.action_words`)."""
        if action.kind == cls.PLAY_KIND and action.card:
            return Msg("play {card}", card=the_card(action.card))
        return None

    @classmethod
    def deal_fact(cls, key: str, value: Any) -> Msg | None:
        """The deal's trumps: "Trumps: spades" (see :meth:`GameWords.deal_fact`)."""
        if key == "trump" and isinstance(value, str):
            return Msg("Trumps: {suit}", suit=Msg(SUIT_WORDS[value]) if value in SUIT_WORDS
                       else value)
        return None

    def handoff_facts(self, public: dict) -> list[tuple[Msg | str, bool, list[list[str]]]]:
        """The trump card turned up, else the trump suit (see
        ``TableSpeech.handoff_facts``)."""
        card = public.get("trump_card")
        if isinstance(card, str):
            return [(Msg("Trump card: {card}", card=card_words(card)), False, [])]
        suit = public.get("trump")
        if isinstance(suit, str) and suit in SUIT_WORDS:
            return [(Msg("Trumps: {suit}", suit=suit_words(suit)), False, [])]
        return []

    def handoff_cards(self, public: dict) -> tuple[Msg | str, list[tuple[str, Msg | str]]]:
        """The trump card, face up under the stock for all to see (see
        ``TableSpeech.handoff_cards``)."""
        card = public.get("trump_card")
        if isinstance(card, str):
            return N_("Trump card"), [(card, card_words(card))]
        return "", []

    def spoken_event(self, ev: dict, line: Msg | str | None) -> Msg | str | None:
        """A trick won is said with the cards it held, each with its player (see
        ``TableSpeech.spoken_event``)."""
        if ev.get("kind") == "trick_won":
            last = self.last_trick()
            if last and last[0]:
                held = and_list([Msg("{name}: {card}", name=self.you(seat),
                                     card=card_words(code)) for seat, code in last[0]])
                return Msg("{line}: {cards}", line=line, cards=held)
        return line

    def refusal_text(self, exc: IllegalAction) -> Msg | str | None:
        """Following suit names the suit led: the refusal's, else the trick's on the table
        (see :meth:`GameWords.refusal_text`)."""
        if exc.code == "must_follow_suit":
            led = exc.params.get("suit") or self.led_suit()
            if led not in SUIT_WORDS:
                return Msg("You must follow suit.")
            return Msg(TrickWords.REFUSALS["must_follow_suit"], suit=Msg(SUIT_WORDS[led]))
        return super().refusal_text(exc)

    def led_suit(self) -> str | None:
        """The suit of the trick's first card, as the viewer sees the table (None: no trick
        is under way)."""
        scene = self.t
        trick = scene.match.view(scene.viewer).get("trick") or []
        return trick[0][1][1] if trick else None
