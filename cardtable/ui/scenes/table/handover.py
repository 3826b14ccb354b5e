"""Pass-and-play: the hand-over screen between two people sharing the device.

With several people at the table, events are shown as the public sees them and every
private zone lies face down until the person to act confirms on the hand-over screen.
"""

from __future__ import annotations

from cardtable import i18n
from cardtable.i18n import Msg


class HandOver:
    """Part of :class:`TableScene`: hiding and showing hands as the device changes hands."""

    def _hotseat_guard(self) -> None:
        """Hide every hand as soon as the engine has moved on from the person shown.

        Called before any new events are animated: whatever follows is shown as the public
        sees it, so nobody's cards are on screen while the device changes hands. A computer
        to play hides them too: the person who played may already be handing the device on
        while the computers play (a hand face up for seconds, longer with several computer
        seats in a row); if the same person is next after them, their hand comes back
        without a hand-over (see _hotseat_turn). At a deal's end (nobody to act) the table
        shows what it shows now.
        """
        if not self.hotseat or self.secret_for is None:
            return
        seat = self.match.to_act
        if self.match.is_over or (seat is not None and seat != self.secret_for):
            self.conceal()

    def conceal(self) -> None:
        """Show events as the public sees them and turn every private zone face down."""
        if not self.hotseat:
            return
        if self.secret_for is not None:
            self.last_person = self.secret_for
        self.secret_for = None
        self.drop_drag()
        self.review = False
        self.hover = None
        self.toast = None    # it spoke to the person who was playing
        if not self.concealed:
            self.concealed = True
            self.relayout(0.2, zones=[z for z in self.zones
                                       if z.startswith(self.game.PRIVATE_ZONES)])

    def _forget_private(self) -> None:
        """The cards in private zones lose their faces (only their backs are known)."""
        for name, sprites in self.zones.items():
            if name.startswith(self.game.PRIVATE_ZONES):
                for sp in sprites:
                    sp.code = None
                    sp.revealed = False

    def _hotseat_turn(self) -> None:
        """The picture has caught up: show the hand of the person to act, or hand over."""
        m = self.match
        seat = m.to_act
        if not self.hotseat or seat is None or not m.is_human(seat):
            return
        if self.secret_for == seat:
            return
        if seat == self.last_person and self.secret_for is None:
            self.reveal_for(seat)   # the same person again: nobody else's cards to hide
            return
        self.show_handoff(seat)

    def show_handoff(self, seat: int) -> None:
        """Cover the table with the hand-over screen for ``seat``."""
        self.conceal()
        self._forget_private()
        self.relayout(0.0)
        self.sprites.finish()
        if self.app is None:
            self.reveal_for(seat)
            return
        self.waiting = True
        self.app.open("handoff", self, seat)

    def reveal_for(self, seat: int) -> None:
        """``seat`` is at the screen: rebuild the table from that seat's view."""
        m = self.match
        self.viewer = seat
        self.secret_for = seat
        self.last_person = seat
        self.concealed = False
        self.waiting = False
        self.clear_zones()
        self.game.layout(self.size)    # the seats turn round: geometry follows the viewer
        self.game.sync(m.view(seat))
        self.relayout(0.0)
        self._legal_key = None
        self.refresh_legal()        # the moves, the buttons: the game's line depends on them
        self.keys.reset()
        prompt = self.game.turn_prompt(seat)   # what that player is asked to do
        if prompt is None and self.game_instruction():
            # the game's table says what to do on its own line, which a toast would hide:
            # a restored table (Continue, a restart) showed "Player 1, it is your turn."
            # where it had said "Discard a card: ..." (the hand-over screen named them)
            return
        self.show_toast(prompt or Msg("{name}, it is your turn.",
                                      name=i18n.seat_name(m.seats[seat].name)), kind="info")

    def game_instruction(self):
        """What the game's table itself tells the person to do now, on the message line
        (under any toast), or None (``turn_instruction``)."""
        return self.game.turn_instruction() or None
