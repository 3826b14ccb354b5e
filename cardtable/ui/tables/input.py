"""What a person's pointer means at a game's table (part of
:class:`~cardtable.ui.tables.GameTable`): a card dropped or clicked, a click on the table,
the buttons for the moves that are not a card (the words when the engine refuses a move
are the game's words: :mod:`~cardtable.ui.tables.game_words`).

The scene owns the pointer (drags, double-clicks, the hand band); it asks the game's table
what each gesture stands for, and tries the Action it gets back.
"""

from __future__ import annotations

import pygame

from cardtable.engine.core import Action
from cardtable.i18n import Msg


class TableInput:
    """Part of :class:`~cardtable.ui.tables.GameTable`: drops and clicks become Actions."""

    #: the kind of move that plays one card of the hand to the table (a trick game's): the
    #: cards of such legal moves glow and are named when the person asks what they may do,
    #: and a card dropped on the table makes that move. None: no move of the game plays a
    #: card by itself (what a card does is the game's ``drop_action``, its glow ``mark_hand``)
    PLAY_KIND: str | None = None

    def playable(self, legal: list[Action]) -> set[str]:
        """The cards of the hand that the ``legal`` moves play to the table now (the moves
        of :attr:`PLAY_KIND`)."""
        kind = self.PLAY_KIND
        return {a.card for a in legal if kind is not None and a.kind == kind and a.card}

    def drop_action(self, sprite, pos) -> Action | None:
        """The action a card dropped at ``pos`` (outside the hand band) stands for: by
        default, the card played (:attr:`PLAY_KIND`; None for a game without it)."""
        if sprite.code is None or self.PLAY_KIND is None:
            return None
        return Action(self.PLAY_KIND, card=sprite.code)

    def hand_drop_action(self, sprite, pos) -> Action | None:
        """A card dropped inside the hand band: an action, or None to re-order the hand."""
        return None

    def local_drop(self, sprite, pos):
        """A drop the game handles itself before the scene does: True (handled, nothing
        for the engine), an Action to try, or None (the scene's default handling)."""
        return None

    def click_action(self, pos) -> Action | None:
        """A click on the table outside the hand (e.g. on the stock to close it)."""
        return None

    def card_clicked(self, sprite) -> None:
        """A single click on one of the viewer's cards (a double-click is ``drop_action``)."""

    def draggable(self, sprite) -> bool:
        """Cards off the player's hand that may be picked up too (where the game has the
        player build its moves, a pile to draw from)."""
        return False

    def drop_targets(self, sprite) -> list[pygame.Rect]:
        """Rects to highlight while ``sprite`` is dragged."""
        return []

    def mark_hand(self, hand: list, mine: bool) -> None:
        """Adjust the glow, dimming and lift the scene gave the viewer's cards this frame."""

    def controls(self, legal: list[Action]) -> list[tuple]:
        """Buttons for the non-card actions the human may take now: (label, an Action or
        the game's own callable[, the button's style: "normal" when not given])."""
        return []

    def turn_prompt(self, seat: int) -> str | None:
        """The toast shown when the table turns to another human ``seat`` (None: default)."""
        return None

    def turn_instruction(self) -> Msg | str | None:
        """What the table itself tells the person at their turn to do, on a line of its own
        where the table's messages appear (a toast hides it), or None where the table has
        no such line (the trick games: the toast says whose turn it is)."""
        return None
