"""The keyboard at a game's table (part of :class:`~cardtable.ui.tables.GameTable`).

:mod:`cardtable.ui.keyboard` moves a focus ring over rows of targets: the game's own rows
(``key_rows``: piles, melds, seats), the row of buttons and the hand. Here the game says
which rows it has, which keys go straight to a move, and what Space and Enter do on a card.
"""

from __future__ import annotations

import pygame

from cardtable.engine.core import Action
from cardtable.i18n import N_
from cardtable.ui.keyboard import KeyTarget


class TableKeys:
    """Part of :class:`~cardtable.ui.tables.GameTable`: its keyboard targets and keys."""

    #: Space on a card picks it up to be put down elsewhere with the keys (on a target of the
    #: game's rows: where its moves are built)
    KEY_HOLD = False

    def own_zones(self) -> list[str]:
        """The zones holding the viewer's own cards, the hand first (a hint's card is looked
        for there)."""
        return [f"hand{self.viewer}"]

    def hint_focus(self, action: Action) -> str | None:
        """The key target (see :meth:`key_rows`) where Enter carries out a hinted ``action``
        when it is not a button or a card of the person's (a game's pile to draw from);
        None: the scene finds the button or the card."""
        return None

    def key_rows(self) -> list[tuple[str, list]]:
        """Rows of keyboard targets on the table, top to bottom, as (row name, [KeyTarget]);
        the scene adds the row of buttons and the hand below them."""
        return []

    def key_shortcuts(self) -> list[tuple[int, str, str, object]]:
        """Direct keys: (pygame key, key label, what it does, callable), shown by F1."""
        return []

    def key_help(self) -> list[tuple[str, str]]:
        """More lines for the F1 overlay: (keys, what they do)."""
        return []

    def key_card(self, sprite) -> None:
        """Space on a card of the hand: a click on it."""
        self.card_clicked(sprite)

    def key_play(self, sprite) -> None:
        """Enter on a card of the hand: a double-click on it (play, discard...)."""
        self.t.try_action(self.drop_action(sprite, None), sprite)

    def key_chosen(self):
        """The card of the viewer's hand the person has chosen (lifted by a click or by
        Space): after a click the keyboard's focus goes to it, so that Enter acts on the
        card picked, not on where the focus was left. None when no card is chosen."""
        return None

    def key_picked(self) -> list:
        """The cards the person has picked up or selected and not yet played or put down:
        while the keys are in use they are drawn as a card picked up with the keys is (an
        orange outline, a line on what Space and Esc do now: :meth:`key_picked_words`)."""
        chosen = self.key_chosen()
        return [] if chosen is None else [chosen]

    def key_picked_words(self) -> tuple[str, str]:
        """What to do with the cards of :meth:`key_picked`: two lines, what puts them to use
        and what puts them back."""
        return (N_("Moving a card: Space puts it down here"), N_("Esc leaves it where it was"))

    def key_cancel(self) -> bool:
        """Esc: drop a pick or a selection; False when there was none (Esc goes on)."""
        return False

    def key_target(self, name: str, rect, click: bool = True, **extra):
        """A target that clicks the middle of ``rect`` when chosen."""
        rect = pygame.Rect(rect)
        activate = (lambda: self.t.keys.click(rect.center)) if click else None
        return KeyTarget(name, rect, activate, **extra)
