"""Input at the table: the pointer (press, drag, release, double-click, re-order the hand)
and keys the keyboard helper leaves; a human move goes to the engine through
:meth:`Input.try_action`."""

from __future__ import annotations

import pygame

from cardtable import i18n
from cardtable.engine.core import Action, IllegalAction
from cardtable.i18n import N_, Msg
from cardtable.ui.scenes.table.words import friendly
from cardtable.ui.sprites import CardSprite

DOUBLE_CLICK = 0.45   # seconds between the clicks of a double-click
DRAG_START = 6        # pixels the pointer moves before a press becomes a drag


class Input:
    """Part of :class:`TableScene`: the pointer and the keys."""

    #: when and where a single click last played a card (see plays_at_once)
    _played_click: tuple[float, tuple[int, int]] = (-1.0, (0, 0))

    def handle_event(self, event: pygame.event.Event) -> bool:
        et = event.type
        if et in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = event.pos
        elif et == pygame.KEYDOWN:
            self._pulse_from = self.clock     # the keyboard's focus breathes again
            if self.listen_key(event):        # speech: H, B, R, W (and L, said and shown)
                return True
        if self.keys.handle_event(event):
            return True
        if self.drag is None and self.form.handle_event(event):
            return True
        if et == pygame.MOUSEMOTION:
            return self._motion(event)
        if et == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if et == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.release(event.pos)
        if et == pygame.KEYDOWN:
            if event.key == pygame.K_z and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
                self.undo()
                return True
            if event.key == pygame.K_l:
                self.review_hold = True
                return True
            if event.key == pygame.K_F2:
                self.show_rules()
                return True
            if getattr(event, "unicode", "") == "?" or event.key == pygame.K_QUESTION:
                if self.hint_offered():
                    self.ask_hint()     # as the Hint button (the same setting offers both)
                elif not self.finished:
                    self.show_toast(self.no_hint_words(), kind="info")
                return True
            if event.key == pygame.K_ESCAPE:
                if self.review or self.review_hover:
                    # the last trick, opened by a click or shown while the pointer rests on
                    # its button: Esc closes it (it asked to leave the table over it)
                    self.review = self.review_hover = False
                else:
                    self.ask_leave()
                return True
            if event.key in (pygame.K_SPACE, pygame.K_RETURN) and not self.idle:
                self.skip()
                return True
        if et == pygame.KEYUP and event.key == pygame.K_l:
            self.review_hold = False
            return True
        return False

    def hand_sprite_at(self, pos) -> CardSprite | None:
        name = f"hand{self.viewer}"
        extra = self.game.draggable
        return self.sprites.at(pos, lambda s: (s.zone == name and s.code is not None)
                               or extra(s))

    def _motion(self, event) -> bool:
        pos = event.pos
        lt = self.button("Last trick")
        if lt is not None and not self.review_hold:
            self.review_hover = lt.contains(pos) and lt.enabled
        d = self.drag
        if d is not None:
            s = d["sprite"]
            if not d["moved"]:
                if abs(pos[0] - d["start"][0]) + abs(pos[1] - d["start"][1]) >= DRAG_START:
                    d["moved"] = True
                    s.dragging = True
                    s.tween = None
            if d["moved"]:
                s.x = pos[0] - d["offset"][0]
                s.y = pos[1] - d["offset"][1]
            return True
        self.hover = self.hand_sprite_at(pos)
        return False

    def _press(self, pos) -> bool:
        if self.review:
            self.review = False
            return True
        if self._second_of_a_play(pos):
            return True
        if not self.idle or self.sprites.busy and self.cards_flying():
            self.skip()
            if not self.my_turn():
                return True
            # the cards of the computers' turns were still landing: they are put in place
            # and the click goes on to what it was aimed at (a draw from the stock...)
            self.refresh_legal()
        s = self.hand_sprite_at(pos)
        if s is not None:
            self.drag = {"sprite": s, "start": pos, "offset": (pos[0] - s.x, pos[1] - s.y),
                         "moved": False}
            return True
        action = self.game.click_action(pos)
        if action is not None:
            self.try_action(action)
            return True
        return False

    def plays_at_once(self, sprite: CardSprite) -> bool:
        """Does a single click on ``sprite`` play it? At the person's turn in a game whose
        cards of the hand are played one by one to the table (the game's ``PLAY_KIND``: a
        trick game), a playable card of the hand has one move, playing it: a first click
        that only picked it up looked like nothing (the card picked rose and glowed as a
        playable card does under the pointer, or as the card the coach names), and the
        second played it. A card the rules refuse goes to the game's ``card_clicked`` (it
        says why); so do the cards of games where a card has several uses (pairs, melds),
        whose first click chooses."""
        kind = self.game.PLAY_KIND
        if kind is None or not self.my_turn() or sprite.zone != f"hand{self.viewer}" or \
                sprite.code not in self.playable:
            return False
        return self.game.drop_action(sprite, None) == Action(kind, card=sprite.code)

    def _second_of_a_play(self, pos) -> bool:
        """Is a press at ``pos`` the second click of a double-click whose first played a
        card (plays_at_once)? It is let go: it would skip the card's flight."""
        at, where = self._played_click
        return self.clock - at <= DOUBLE_CLICK and \
            abs(pos[0] - where[0]) + abs(pos[1] - where[1]) <= 2 * DRAG_START

    def cards_flying(self) -> bool:
        return any(s.tween is not None and s.zone != f"hand{self.viewer}" for s in self.sprites)

    def release(self, pos) -> bool:
        d = self.drag
        if d is None:
            return False
        self.drag = None
        s = d["sprite"]
        if not d["moved"]:
            last_id, t = self.last_click
            if self.plays_at_once(s):
                # a trick game: the card's one move is made by the first click (see
                # plays_at_once); the second click of a double-click is let go
                self.last_click = (None, -1.0)
                self._played_click = (self.clock, pos)
                self.try_action(self.game.drop_action(s, None), s)
            elif last_id == s.id and self.clock - t <= DOUBLE_CLICK:
                self.last_click = (None, -1.0)
                self.try_action(self.game.drop_action(s, None), s)
            else:
                self.last_click = (s.id, self.clock)
                self.game.card_clicked(s)
            self.keys.follow_pointer()     # Enter now acts on the card chosen, if any
            return True
        s.dragging = False
        # the card under the pointer when the drag began is no longer under it: left as
        # the hover, a card dropped where it was refused stayed raised as if picked up
        # (and Esc, finding nothing picked, asked to leave the table)
        self.hover = None
        local = self.game.local_drop(s, pos)
        if local is not None:
            if local is not True:
                self.try_action(local, s)
            return True
        if self.game.hand_band().collidepoint(pos):
            action = self.game.hand_drop_action(s, pos)
            if action is None:
                self._reorder(s, pos)
            else:
                self.try_action(action, s)
            return True
        action = self.game.drop_action(s, pos)
        if action is None:
            self.relayout(0.25, zones=[s.zone])
            return True
        self.try_action(action, s)
        return True

    def drop_drag(self) -> None:
        if self.drag is not None:
            s = self.drag["sprite"]
            s.dragging = False
            self.drag = None
            self.relayout(0.2, zones=[s.zone])

    def _reorder(self, sprite: CardSprite, pos) -> None:
        hand = self.zone(f"hand{self.viewer}")
        others = [s for s in hand if s is not sprite]
        index = sum(1 for s in others if s.target[0] < pos[0])
        if hand.index(sprite) != index:
            self.manual_order = True
        self.put(sprite, f"hand{self.viewer}", index)
        self.relayout(0.22, zones=[f"hand{self.viewer}"])

    def try_action(self, action: Action | None, sprite: CardSprite | None = None) -> bool:
        """Apply a human move; a refused move flies back and a toast says why."""
        if action is None:
            return False
        m = self.match
        if m.is_over:
            return False
        if self.secret_for != self.viewer:   # pass-and-play: the hand is not shown yet
            self._fly_back(sprite)
            return False
        if m.to_act != self.viewer or not m.is_human(self.viewer) or not self.idle:
            if not self.idle and m.to_act == self.viewer:
                self.show_toast(N_("Wait a moment."))
            elif m.to_act is not None:
                self.show_toast(Msg("Wait for your turn: {name} is playing.",
                                    name=i18n.seat_name(m.seats[m.to_act].name)))
            else:
                self.show_toast(N_("Wait for your turn."))
            self._fly_back(sprite)
            return False
        try:
            events = m.apply(action)
        except IllegalAction as exc:
            self.show_toast(self.game.refusal_text(exc) or friendly(exc, self._led_suit()))
            # why a move was refused goes once a move is made: a red "Draw a card first"
            # stayed up after the person drew
            self.toast_until_move()
            self._fly_back(sprite)
            return False
        self.hover = None
        self._hotseat_guard()
        self.timeline.extend(events)
        if self.speed <= 0:
            self.timeline.update(0.0, blocked=self.queue_blocked)
        return True

    def _led_suit(self) -> str | None:
        trick = self.match.view(self.viewer).get("trick") or []
        if trick:
            return trick[0][1][1]
        return None

    def _fly_back(self, sprite: CardSprite | None) -> None:
        if sprite is not None:
            sprite.dragging = False
            self.relayout(0.28, zones=[sprite.zone])
