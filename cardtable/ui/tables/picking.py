"""Click to pick a card up, click it again to play it: the trick tables' way of clicking a
card that is not simply played.

At the person's turn a single click on a playable card plays it at once (the table scene's
``Input.plays_at_once``: in a trick game that card has one move). The clicks that come here
are the others: a card the rules refuse (the table says why), or one whose move is more
than a play (a king or queen whose marriage it announces). Such a click lifts the card (and
says how to play it the first time); a second click on it plays it, as does a double-click
or a drag onto the table. Clicking another card picks that one instead. What "play" means
is the table's ``drop_action``.
"""

from __future__ import annotations

import pygame

from cardtable.i18n import N_


class ClickToPlay:
    """Mixin for a :class:`~cardtable.ui.tables.GameTable` whose cards are played one by one."""

    picked: int | None = None
    _told_how = False

    def card_clicked(self, sprite) -> None:
        t = self.t
        if sprite.zone != f"hand{self.viewer}":
            return
        if self.picked == sprite.id or self.refused_now(sprite):
            self.picked = None
            t.try_action(self.drop_action(sprite, None), sprite)
            return
        self.picked = sprite.id
        if t.my_turn() and not self._told_how:
            self._told_how = True
            t.show_move_toast(N_("Click the card again to play it, or drag it to the "
                                 "table."))

    def refused_now(self, sprite) -> bool:
        """At the person's turn, would the rules refuse this card? It is then not lifted
        as if it could be played: the first click already says why (follow suit)."""
        t = self.t
        if not t.my_turn():
            return False
        action = self.drop_action(sprite, None)
        return action is not None and action not in t.legal

    # ---- where a dragged card is played ------------------------------------------------
    def play_area(self) -> pygame.Rect:
        """The middle of the table: a card dropped here is played (the trick and a margin)."""
        return self.trick_rect().inflate(int(self.cw * 1.0), int(self.ch * 0.6))

    def other_targets(self) -> list[pygame.Rect]:
        """Things on the table a card dropped on is not played (the stock, the trump card)."""
        return []

    def dropped_to_play(self, pos) -> bool:
        """A drop at ``pos`` plays the card (None: a click or a key, always a play).

        Anywhere else the card flies back to the hand with a word on where to drop it,
        rather than being played by a drop the player did not mean as a play."""
        if pos is None:
            return True
        if self.play_area().collidepoint(pos) and \
                not any(r.collidepoint(pos) for r in self.other_targets()):
            return True
        self.t.show_toast(N_("Drop the card in the middle of the table to play it."),
                          kind="info")
        return False

    def drop_targets(self, sprite) -> list[pygame.Rect]:
        return [self.play_area()]

    def mark_hand(self, hand: list, mine: bool) -> None:
        if self.picked is None:
            return
        for s in hand:
            if s.id == self.picked and not s.dragging:
                s.lift_target = 1.0
                s.glow = True
                break
        else:
            self.picked = None  # the card left the hand

    # ---- keys: Space picks the focused card up, Space again (or Enter) plays it -------------
    def key_card(self, sprite) -> None:
        if sprite.zone != f"hand{self.viewer}":
            return
        if self.picked == sprite.id or self.refused_now(sprite):
            self.picked = None
            self.t.try_action(self.drop_action(sprite, None), sprite)
            return
        self.picked = sprite.id

    def key_play(self, sprite) -> None:
        self.picked = None
        super().key_play(sprite)

    def key_chosen(self):
        if self.picked is None:
            return None
        return next((s for s in self.t.zones.get(f"hand{self.viewer}", [])
                     if s.id == self.picked), None)

    def key_picked_words(self) -> tuple[str, str]:
        return (N_("Card picked up: Space or Enter on it plays it"),
                N_("Esc puts it back"))

    def key_help(self) -> list[tuple[str, str]]:
        return [(N_("Enter"), N_("Play the focused card")),
                (N_("Space"), N_("Pick the focused card up; Space again plays it"))]

    def key_cancel(self) -> bool:
        if self.picked is None:
            return False
        self.picked = None
        return True
