"""The cached layer under the moving cards: the felt, the empty slots and every card at
rest off the player's hand, drawn once and blitted each frame until one of them changes.

The layer is a list of blits (each card's own blits kept from the last time while the card
has not changed); the scene adds to it the plates and the cards that rest in the hand or
wait to move, and the picture of it all is drawn again only where the list differs from the
last frame's (:class:`cardtable.ui.canvas.Canvas`): a card coming to rest on a trick draws
the felt and the cards under that card again, not the whole window, and a frame where only
cards in the air moved blits the kept picture and draws those cards over it.
"""

from __future__ import annotations

import pygame

from cardtable.ui.canvas import Recorder, per_frame
from cardtable.ui.sprites import CardSprite


class RestingLayer:
    """Part of :class:`TableScene`: the felt and the cards at rest, in one surface."""

    STACK_ZONES = ("pile", "won", "stock", "deck")

    def _resting(self) -> dict[int, tuple]:
        """Cards at rest off the player's hand, with what they look like now."""
        hand = f"hand{self.viewer}"
        return {
            s.id: (s, (s.code, s.face_up, s.x, s.y, s.angle, s.width, s.z, s.zone, s.wild))
            for s in self.sprites.sprites.values()
            if s.zone != hand and not s.moving and not s.dragging and not s.hidden
        }

    @per_frame
    def slots_now(self) -> list[tuple]:
        """The table's empty places (the game's ``slots()``), worked out once a frame."""
        return list(self.game.slots())

    def _record_layer(self, size: tuple[int, int]) -> Recorder:
        """The blits of the layer under the moving cards: the felt, the empty places and the
        resting cards noted when the layer was last made, then the cards that came to rest
        since (drawn on top of it). The scene adds the plates and the cards of the hand and
        those waiting to move, and paints it all with :meth:`_paint_layer`.

        The layer is made again when a card in it moves or changes, and when the cards that
        came to rest since are many or everything has stopped; cards landing during a deal
        are drawn one by one meanwhile, so the layer is not made again at every landing.
        """
        base = (size, self.felt.rgb, tuple(self.slots_now()), id(self.art))
        rest = self._resting()
        snap = self._static_snapshot
        if self._static is None or self._canvas.surface is not self._static:
            # the layer was let go (or asked for again whole): every card is drawn anew
            self._canvas.forget()
            self._layer_parts = {}
            self._card_parts = {}
            self._layer = None
        rebuild = self._layer is None or base != self._static_cache_key
        if not rebuild:
            for sid, sig in snap.items():
                cur = rest.get(sid)
                if cur is None or cur[1] != sig:
                    rebuild = True
                    break
        extras: list[CardSprite] = []
        if not rebuild:
            extras = [sp for sid, (sp, _) in rest.items() if sid not in snap]
            if extras and (len(extras) > 16 or not self.sprites.busy):
                rebuild = True
        if rebuild:
            self._layer = self._record_resting(size, rest)
            self._static_cache_key = base
            self._static_snapshot = {sid: sig for sid, (_, sig) in rest.items()}
            extras = []
        rec = Recorder(size)
        rec.take(self._layer)
        extras.sort(key=lambda sp: (sp.z, sp.id))
        self._card_parts_now = {}
        for sp in extras:
            self.note_card(rec, sp, self.casts_shadow(sp))
        return rec

    def note_card(self, rec: Recorder, sp: CardSprite, shadow: bool) -> None:
        """``sp``'s blits, added to ``rec``: those noted at the last frame while nothing they
        depend on has changed (a card of the hand at rest, one waiting to be dealt)."""
        art = self.art
        key = (sp.image(art), sp.x, sp.y, sp.angle, sp.w, sp.width, sp.lift, sp.squash(),
               sp.dragging, sp.tween is not None, sp.glow, sp.hidden, shadow, id(art))
        old = self._card_parts.get(sp.id)
        if old is not None and old[0] == key:
            part = old[1]
        else:
            part = Recorder(rec.size)
            sp.draw(part, art, shadow=shadow)
        self._card_parts_now[sp.id] = (key, part)
        rec.take(part)

    def _paint_layer(self, rec: Recorder) -> pygame.Surface:
        """The picture of ``rec`` (see :meth:`_record_layer`), drawn again where it changed."""
        # the cards noted this frame are kept for the next (the others are let go)
        self._card_parts, self._card_parts_now = self._card_parts_now, {}
        self._static = self._canvas.paint(rec)
        return self._static

    def _record_resting(self, size, rest: dict[int, tuple]) -> Recorder:
        kept = self._layer_parts
        rec = Recorder(size)
        rec.blit(self.felt.surface(size), (0, 0))
        art = self.art
        for centre, width, angle, label in self.slots_now():
            img = art.slot(width, label)
            if angle:
                img = art.rotated(img, angle)
            rec.blit(img, img.get_rect(center=(int(centre[0]), int(centre[1]))))
        # in a squared pile only the bottom card (its edge) and the top few show
        shown = {sid for sid in rest}
        for name, cards in self.zones.items():
            if name.startswith(self.STACK_ZONES) and len(cards) > 6:
                for sp in cards[1:-5]:
                    shown.discard(sp.id)
        parts: dict[int, tuple] = {}
        for sp in sorted((v[0] for v in rest.values()), key=lambda sp: (sp.z, sp.id)):
            if sp.id not in shown:
                continue
            shadow = self.casts_shadow(sp)
            # what the card's blits depend on: its place and look (the layer's signature),
            # its shadow, the image the art gives it now, and how it is lit and lifted
            key = (rest[sp.id][1], sp.x, sp.y, sp.angle, sp.w, shadow, sp.image(art),
                   sp.dim, sp.glow, sp.lift, sp.squash(), id(art))
            old = kept.get(sp.id)
            if old is not None and old[0] == key:
                part = old[1]
            else:
                part = Recorder(size)
                sp.draw(part, art, shadow=shadow)
            parts[sp.id] = (key, part)
            rec.take(part)
        self._layer_parts = parts
        return rec

    def casts_shadow(self, sprite: CardSprite) -> bool:
        """A squared pile (stock, discards, tricks won) casts one shadow, its bottom card's:
        a shadow under every card of it would add up to a black block."""
        if not sprite.zone.startswith(self.STACK_ZONES):
            return True
        cards = self.zones.get(sprite.zone)
        return not cards or cards[0] is sprite

    def casts_shadow_moving(self, sprite: CardSprite) -> bool:
        """A card on its way: its own shadow, unless it is one of a pile's cards all moving
        together (the stock closing up as a card is drawn, a pile gathered): those add up
        to a black block as well, so only the pile's bottom card and its top one cast one."""
        if sprite.dragging or self.casts_shadow(sprite):
            return True
        cards = self.zones.get(sprite.zone)
        return not cards or cards[-1] is sprite
