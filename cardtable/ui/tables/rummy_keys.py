"""The keys of a rummy table: rows the focus moves through, shortcuts to stage a card
in a group or go out, the group numbers shown while the keyboard is in use, and how
the cards of the hand are lifted (the one picked up, the one just drawn)."""

from __future__ import annotations

import pygame

from cardtable.engine.core import Action
from cardtable.i18n import N_, Msg, tr
from cardtable.ui import theme
from cardtable.ui.keyboard import KeyTarget


def _meld_set(melds) -> list[tuple[str, ...]]:
    return sorted(tuple(sorted(m)) for m in melds or ())


class RummyKeys:
    """Part of :class:`~cardtable.ui.tables.rummy.RummyTable`: the keyboard."""

    KEY_HOLD = True

    @staticmethod
    def same_move(a: Action | None, b: Action | None) -> bool:
        """Are ``a`` and ``b`` one move? A rummy's way out is the same whatever the order of
        its melds and of the cards in each (the table shows a meld in meld order, the
        computer player lists it as it found it)."""
        if a is None or b is None:
            return a is b
        if a == b:
            return True
        if a.kind != b.kind or a.kind not in ("go_out", "lay") or a.discard != b.discard:
            return False
        return _meld_set(a.melds) == _meld_set(b.melds)

    def key_rows(self) -> list[tuple[str, list]]:
        piles = [self.key_target("stock", self.stock_rect()),
                 self.key_target("pile", self.pile_rect(), drop=self.pile_rect().center)]
        stage = []
        for kind, zone, rect in self.stage_items():
            if kind == "stage":
                for s in self.t.zones.get(zone, []):
                    stage.append(KeyTarget(f"card{s.id}", s.rect(), sprite=s,
                                           drop=s.rect().center))
            elif kind == "new":
                stage.append(KeyTarget("new group", rect, self._key_new_hint,
                                       drop=rect.center))
        return [("piles", piles), ("stage", stage)]

    def key_shortcuts(self) -> list[tuple]:
        t = self.t
        out = [
            (pygame.K_d, "D", N_("Draw from the stock"),
             lambda: t.try_action(Action("draw", source="stock"))),
            (pygame.K_t, "T", N_("Take the top card of the discard pile"),
             lambda: t.try_action(Action("draw", source="discard"))),
            (pygame.K_g, "G", N_("Go out (or lay down on a last turn) with your melds"),
             self._key_go_out),
            (pygame.K_a, "A", N_("Arrange for me"), self.arrange),
            (pygame.K_n, "N", N_("Put the focused card in a new meld"),
             lambda: self._key_to_group(None)),
            (pygame.K_0, "0", N_("Put the focused card back in the hand"),
             lambda: self._key_to_group(0)),
        ]
        for i in range(1, 10):
            out.append((getattr(pygame, f"K_{i}"), "1 – 9" if i == 1 else "",
                        N_("Put the focused card in meld 1, 2, 3..."),
                        lambda i=i: self._key_to_group(i)))
        return out

    def key_help(self) -> list[tuple[str, str]]:
        return [
            (N_("Space"), N_("Pick a card up; Space on a meld, the pile or the hand puts it")),
            (N_("Enter"), N_("Discard the focused card (going out when the rest is laid)")
             if self.discard_when_out else
             N_("Discard the focused card (to go out, lay every card with G)")),
        ]

    def key_chosen(self):
        """The card of the hand picked up by a click."""
        return self.picked_sprite()

    def spoken_target(self, name: str) -> Msg | str | None:
        """The place for a new meld, besides the piles and seats every table says."""
        if name == "new group":
            return Msg("A new meld")
        return super().spoken_target(name)

    def hint_focus(self, action: Action) -> str | None:
        """A hint to go out or lay down: the button that does it when the groups already
        make that very way out, else Arrange for me, which then stages the hinted melds
        (not another way out of the solver's) and puts the focus on the button that makes
        the hinted move (see :meth:`arrange`, :meth:`focus_way_out`): the hint's words, what
        is staged and what Enter does are one move. Never a card: Enter on one would
        discard it. A draw's is the pile it takes from."""
        self.hinted = None
        if action.kind in ("go_out", "lay"):
            name = self._button_making(action)
            if name is not None:
                return name
            self.hinted = action
            return f"button:{tr(N_('Arrange for me'))}"
        if action.kind == "draw":
            return "pile" if action.source == "discard" else "stock"
        return super().hint_focus(action)

    def hinted_way_out(self) -> Action | None:
        """The way out a hint named, while it stands (shown, and the moment not passed)."""
        action = self.hinted
        if action is None or not self.t.hint_cards or not any(
                self.same_move(action, a) for a in self.t.legal):
            return None
        return action

    def _button_making(self, action: Action) -> str | None:
        """The key target of the shown button that makes ``action`` (in any meld order)."""
        for act in (self.go_out_action(), self.lay_action()):
            if act is not None and self.same_move(act, action):
                return self.t.button_for(act)
        return self.t.button_for(action)

    def focus_way_out(self) -> None:
        """After Arrange for me from the keyboard: the focus goes to Go out (or Lay down),
        so that Enter finishes what a hint began."""
        way_out = self.go_out_action() or self.lay_action()
        name = None if way_out is None else self.t.button_for(way_out)
        if name is not None and self.t.keys.shown:
            self.t.keys.focus_on(name)

    def _key_new_hint(self) -> None:
        self.t.show_toast(N_("Focus a card and press N, or pick it up with Space first."))

    def _key_go_out(self) -> None:
        action = self.go_out_action() or self.lay_action()
        if action is None:
            self.t.show_toast(N_("Your melds do not make a way out yet."))
            return
        self.t.try_action(action)

    def _key_to_group(self, number: int | None) -> None:
        """Move the focused (or picked-up) card: to new group (None), the hand (0) or group
        ``number`` counted from the left."""
        keys = self.t.keys
        sprite = keys.held or keys.focused_card()
        keys.release()
        hand = f"hand{self.viewer}"
        if sprite is None or sprite.code is None or not (
                sprite.zone == hand or sprite.zone.startswith("stage")):
            self.t.show_toast(N_("Focus one of your cards first."))
            return
        groups = [rect for kind, _z, rect in self.stage_items() if kind == "stage"]
        if number is None:
            pos = next((rect.center for kind, _z, rect in self.stage_items() if kind == "new"),
                       None)
            if pos is None:
                return
        elif number == 0:
            if sprite.zone == hand:
                return
            band = self.hand_band()
            pos = (band.right - 2, band.centery)
        elif number <= len(groups):
            pos = groups[number - 1].center
        else:
            self.t.show_toast(N_("There is no meld with that number."))
            return
        from_hand = sprite.zone == hand
        index = keys.index
        keys.drop(sprite, pos)
        if from_hand:   # stay in the hand, on the next card
            keys.focus, keys.row, keys.index = None, "hand", index

    def _draw_group_numbers(self, surface) -> None:
        if not self.t.keys.shown:
            return
        n = 0
        for kind, _zone, rect in self.stage_items():
            if kind == "stage":
                n += 1
                self.t.text(surface, str(n), (rect.left - theme.px(6), rect.top),
                            theme.px(15), theme.ACCENT_LIGHT, bold=True, anchor="topright")

    def mark_hand(self, hand: list, mine: bool) -> None:
        t = self.t
        picked = self.picked_sprite()
        for s in hand:
            s.glow = s is picked and not s.dragging
            s.dim = False
            if s.dragging or s is picked:
                s.lift_target = 1.0
            elif s is t.hover and t.drag is None:
                s.lift_target = 1.0
            else:
                s.lift_target = 0.55 if s.id == self.fresh else 0.0
