"""Playing by ear: what the table says aloud, and the keys that ask it to.

With speech on (:mod:`cardtable.ui.narrator`), every event's line of the log is said as it
is animated (with the cards of a trick won or of melds laid), the table waits for it to be
said, the keyboard's focus is said as it moves ("ten of spades, playable"), and these keys
say what the player would look at:

* H: my hand (by suit; by meld in the rummies)
* B: the table (the trick in progress, the piles, the melds laid)
* R: the scores (the score panel's lines)
* W: whose turn it is and what I may do now
* L: the last trick (it is also shown while L is held)

(listed by F1 while speech is on: ``cardtable.ui.keyboard.LISTEN_KEYS``)

The sentences are the screen's own (the log's ``game.describe``, the score panel's
lines, the buttons' labels), in the current language.
"""

from __future__ import annotations

import pygame

from cardtable import i18n
from cardtable.i18n import N_, Msg, and_list, tr
from cardtable.ui.narrator import sentences
from cardtable.ui.tables import card_words, cards_words


class Listen:
    """Part of :class:`TableScene`: speech at the table."""

    # ---- the narrator --------------------------------------------------------------------
    @property
    def narrator(self):
        """The App's narrator when something listens, else None."""
        app = self.app
        narrator = getattr(app, "narrator", None) if app is not None else None
        return narrator if narrator is not None and narrator.active else None

    @property
    def speaking(self) -> bool:
        """Speech is on: something listens to what the table says."""
        return self.narrator is not None

    def speech_busy(self) -> bool:
        """An event's sentence is still being said: the next event waits for it."""
        narrator = self.narrator
        return narrator is not None and not self.skipping and narrator.busy()

    def speak_event(self, ev: dict, line) -> None:
        """Say an event's log line as it is animated (after the game's table moved the
        cards), as the game's table says it (``spoken_event``: a trick won with the cards
        it held, melds laid with their cards)."""
        narrator = self.narrator
        if narrator is None or self.skipping:
            return
        text = self.game.spoken_event(ev, line)
        if text:
            narrator.event(text)

    # ---- what the focus is ---------------------------------------------------------------
    def spoken_heading(self) -> str:
        return tr(Msg(self.match.spec.name))

    def spoken_focus(self) -> str | None:
        keys = self.keys
        if keys.help or keys.focus is None or not keys.shown:
            return None
        k = keys.current()
        if k is None:
            return None
        if k.widget is not None:
            return k.widget.spoken()
        if k.sprite is not None and getattr(k.sprite, "code", None) is not None:
            return tr(self.game.spoken_card(k.sprite))
        words = self.game.spoken_target(k.name)
        return tr(words) if words is not None else None

    # ---- keys ------------------------------------------------------------------------------
    def listen_key(self, event: pygame.event.Event) -> bool:
        """H, B, R, W: say what the player asked for (only while speech is on)."""
        narrator = self.narrator
        if narrator is None or self.keys.help:
            return False
        if getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        said = {pygame.K_h: self.hear_hand, pygame.K_b: self.hear_table,
                pygame.K_r: self.hear_scores, pygame.K_w: self.hear_turn,
                pygame.K_l: self.hear_last_trick}.get(event.key)
        if said is None or (event.key == pygame.K_l and not self.game.REVIEW):
            return False
        narrator.say(said())
        return event.key != pygame.K_l     # L goes on to show the last trick

    def hear_hand(self) -> str:
        hand = [s.code for s in self.zones.get(f"hand{self.viewer}", []) if s.code is not None]
        if self.concealed or not hand:
            return tr(Msg("Your hand is empty.")) if not hand else tr(
                Msg("Your hand is hidden until you show it."))
        groups = self.game.hand_groups(hand)
        parts = [tr(self.game.hand_group_words(head, cards)) for head, cards in groups if cards]
        head = tr(i18n.NMsg("Your hand, {n} card", "Your hand, {n} cards", len(hand),
                            n=len(hand)))
        return sentences([head] + parts)

    def hear_table(self) -> str:
        parts = [tr(p) for p in self.game.spoken_table() if p]
        return sentences(parts) if parts else tr(Msg("Nothing on the table."))

    def hear_scores(self) -> str:
        parts = []
        for label, value, _colour in self.game.score_lines():
            value = tr(value)
            parts.append(tr(Msg("{label}: {value}", label=tr(label), value=value)) if value
                         else tr(label))
        return sentences(parts)

    def hear_turn(self) -> str:
        m = self.match
        if m.is_over:
            return tr(Msg("The match is over."))
        seat = m.to_act
        if seat is None:
            return tr(Msg("Wait a moment."))
        if not self.my_turn():
            if seat == self.viewer and m.is_human(seat) and not self.hotseat:
                return tr(Msg("Your turn in a moment."))
            return tr(Msg("{name} is playing.", name=self.game.you(seat)))
        parts = [tr(Msg("Your turn."))]
        cards = sorted(self.game.playable(self.legal), key=self._hand_order)
        if cards:
            parts.append(tr(Msg("You may play {cards}.", cards=cards_words(cards))))
        parts.extend(tr(p) for p in self.game.turn_options(self.legal))
        buttons = [tr(label) for label, *_rest in self.game.controls(self.legal)]
        if buttons:
            parts.append(tr(Msg("Buttons: {names}.", names=and_list(buttons))))
        return sentences(parts)

    def hear_last_trick(self) -> str:
        last = self.game.last_trick()
        if not last or not last[0]:
            return tr(Msg("No trick has been played yet."))
        cards, winner, _note = last
        held = and_list([Msg("{name}: {card}", name=self.game.you(seat), card=card_words(code))
                         for seat, code in cards])
        won = self.game.said(winner, N_("You won it."), N_("{name} won it."))
        return tr(Msg("Last trick: {cards}. {won}", cards=held, won=won))

    def _hand_order(self, code: str):
        hand = [s.code for s in self.zones.get(f"hand{self.viewer}", [])]
        return hand.index(code) if code in hand else len(hand)


__all__ = ["Listen"]
