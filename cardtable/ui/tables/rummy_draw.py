"""What a rummy table draws over the cards: the status line, the place for a new group,
the groups' labels, the wild-card note and tags."""

from __future__ import annotations

import math

import pygame

from cardtable.i18n import N_
from cardtable.ui import theme
from cardtable.ui.cardart import card_height


class RummyDrawing:
    """Part of :class:`~cardtable.ui.tables.rummy.RummyTable`: its drawing."""

    def extra_draw(self, surface: pygame.Surface) -> None:
        t = self.t
        size = theme.px(13)
        for kind, zone, rect in self.stage_items():
            if kind == "new":
                self._draw_new_slot(surface, rect)
            if kind != "stage" or self.face_shown(zone):
                self._draw_group_label(surface, kind, zone, rect)
        # what to do now, on the message line (a toast or a caption takes its place)
        text = self.status_shown() if not t.coached else ""
        if text:
            t.text(surface, text, (int(self.size[0] / 2), int(self.message_y())), theme.px(15),
                   theme.ACCENT_LIGHT if self.my_turn() else theme.TEXT_DIM, anchor="center")
        # the piles: their names and the count of the stock beside them (where the layout
        # puts them: the laid melds keep off them), and a hint of where to click while
        # drawing
        #: the piles' names where they went, and the wild-card note's (tests look)
        self.pile_label_rects = [t.text(surface, text, point, size, theme.TEXT_DIM,
                                        anchor=anchor)
                                 for text, point, anchor in self.pile_labels()]
        if self.can_draw() and t.drag is None:
            for r in (self.stock_rect(), self.pile_rect()):
                self._outline(surface, r)
        elif self.can_discard() and t.drag is None:
            self._outline(surface, self.pile_rect(), soft=True)
        # the wild cards of this deal, beside the piles, clear of the pile's name
        self._draw_wild_note(surface)
        if self.out_seat is not None and not t.match.is_over:
            # who went out, and who then melded every card on a last turn (no card left in
            # hand: they score nothing either)
            for seat, (x, y) in self.pods.items():
                if seat == self.viewer:
                    continue
                if seat == self.out_seat:
                    badge = N_("went out")
                elif not t.zones.get(f"hand{seat}") and not t.cards_flying():
                    badge = N_("every card melded")
                else:
                    continue
                pw, ph = self.pod_width(seat), self.plate_size()[1]
                t.pill(surface, badge, (x + pw / 2, y + ph + theme.px(10)), theme.px(12),
                       255, tint=theme.ACCENT_DARK)
        # wild cards in staged groups: what they stand for
        self._draw_wild_tags(surface)
        self._draw_group_numbers(surface)   # the numbers keys 1-9 put cards in

    def marks(self) -> list[pygame.Rect]:
        """What the scene's messages keep off besides the cards: the labels of the staging
        area (a group's name, or what it lacks in red), the wild cards' tags, the piles'
        names and the wild-card note (those as last drawn)."""
        found = [rect for _, rect in self.group_label_rects()]
        found += getattr(self, "wild_tag_rects", [])
        found += getattr(self, "pile_label_rects", [])
        note = getattr(self, "wild_note_rect", None)
        return found + ([note] if note is not None else [])

    def _draw_new_slot(self, surface, rect: pygame.Rect) -> None:
        """The place of a new group: a card-sized dashed outline with a plus in it."""
        t = self.t
        key = ("newslot", rect.size)
        img = t.panel_cache.get(key)
        if img is None:
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            r = img.get_rect()
            radius = max(4, rect.width // 10)
            pygame.draw.rect(img, (255, 255, 255, 22), r, border_radius=radius)
            colour = (*theme.ACCENT_LIGHT, 200)
            lw = max(2, theme.px(2))
            dash, gap = theme.px(7), theme.px(5)
            inner = r.inflate(-2 * radius, -2 * radius)
            for x0, x1, y, horizontal in ((inner.left, inner.right, 0, True),
                                          (inner.left, inner.right, r.bottom - lw, True),
                                          (inner.top, inner.bottom, 0, False),
                                          (inner.top, inner.bottom, r.right - lw, False)):
                a = x0
                while a < x1:
                    b = min(a + dash, x1)
                    if horizontal:
                        pygame.draw.rect(img, colour, (a, y, b - a, lw))
                    else:
                        pygame.draw.rect(img, colour, (y, a, lw, b - a))
                    a = b + gap
            for cx, cy, start in ((r.left + radius, r.top + radius, 1),
                                  (r.right - radius - 1, r.top + radius, 0),
                                  (r.right - radius - 1, r.bottom - radius - 1, 3),
                                  (r.left + radius, r.bottom - radius - 1, 2)):
                box = pygame.Rect(0, 0, 2 * radius, 2 * radius)
                box.center = (cx, cy)
                pygame.draw.arc(img, colour, box, start * math.pi / 2,
                                (start + 1) * math.pi / 2, lw)
            arm = max(6, rect.width // 5)
            c = r.center
            pygame.draw.line(img, colour, (c[0] - arm, c[1]), (c[0] + arm, c[1]), lw + 1)
            pygame.draw.line(img, colour, (c[0], c[1] - arm), (c[0], c[1] + arm), lw + 1)
            t.panel_cache[key] = img
        surface.blit(img, rect)

    def _outline(self, surface, rect: pygame.Rect, soft: bool = False) -> None:
        pulse = self.t.pulse(4.0, rect)
        alpha = int((60 if soft else 110) + (40 if soft else 90) * pulse)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*theme.ACCENT, alpha), layer.get_rect(),
                         width=max(2, theme.px(2)), border_radius=theme.px(10))
        surface.blit(layer, rect)

    def _draw_wild_note(self, surface) -> None:
        """The deal's wild cards on a small panel where :meth:`wild_note_box` puts it."""
        t = self.t
        size = theme.px(self.LABEL_SIZE)
        lines = self.wild_note_lines()
        rect = self.wild_note_box(surface.get_rect())
        key = ("wildnote", tuple(lines), size, rect.size)
        img = t.panel_cache.get(key)
        if img is None:
            row = theme.px(18)
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            theme.rounded(img, img.get_rect(), (*theme.PANEL, 150), theme.px(10),
                          edge=(*theme.ACCENT, 120))
            for i, s in enumerate(lines):
                colour = theme.ACCENT_LIGHT if i == 0 else theme.TEXT
                t.text(img, s, (theme.px(12) if i else img.get_width() // 2,
                                theme.px(7) + row * i), size, colour, bold=True,
                       anchor="topleft" if i else "midtop", shadow=False)
            t.panel_cache[key] = img
        surface.blit(img, rect)
        self.wild_note_rect = rect

    def _group_label(self, kind, zone, rect) -> tuple[pygame.Surface, pygame.Rect, tuple]:
        """The label under a staging-area item, where it goes, and its colour."""
        t = self.t
        size = theme.px(13)
        y = rect.bottom + theme.px(5)
        if kind in ("new", "laid"):
            text, colour = (N_("New meld"), theme.ACCENT_LIGHT) if kind == "new" else \
                (N_("On the table"), theme.TEXT_DIM)
            # no wider than a group's label, so the two never meet ("Nouvelle combinaison"
            # in larger text goes on two lines)
            width = max(rect.width + theme.px(20), theme.px(118))
            key = ("gtext", text, colour, size, width)
            img = t.panel_cache.get(key)
            if img is None:
                fnt = theme.font(size)
                lines = theme.wrap(text, fnt, width - 4)[:2]
                lh = fnt.get_linesize()
                w = max(theme.text_size(line, size)[0] for line in lines)
                img = pygame.Surface((w + 4, lh * len(lines) + 4), pygame.SRCALPHA)
                for i, line in enumerate(lines):
                    t.text(img, line, (img.get_width() // 2, lh * i), size, colour,
                           anchor="midtop")
                t.panel_cache[key] = img
            return img, img.get_rect(midtop=(rect.centerx, y)), colour
        codes = [s.code for s in t.zones.get(zone, [])]
        ok, label, _ = self.check(codes)
        colour = theme.GOOD if ok else theme.BAD
        width = max(rect.width + theme.px(20), theme.px(118))
        key = ("glabel", label, width, ok)
        img = t.panel_cache.get(key)
        if img is None:
            fnt = theme.font(size, bold=ok)
            lines = theme.wrap(label, fnt, width - theme.px(12))[:2]
            lh = fnt.get_linesize()
            img = pygame.Surface((width, lh * len(lines) + theme.px(6)), pygame.SRCALPHA)
            theme.rounded(img, img.get_rect(), (*theme.PANEL, 170), theme.px(7),
                          edge=(*colour, 160))
            for i, line in enumerate(lines):
                t.text(img, line, (width // 2, theme.px(3) + lh * i), size, colour,
                       bold=ok, anchor="midtop", shadow=False)
            t.panel_cache[key] = img
        return img, img.get_rect(midtop=(rect.centerx, y)), colour

    def group_label_rects(self) -> list[tuple[str, pygame.Rect]]:
        """(zone, where its label is drawn) of every item of the staging area."""
        return [(zone or kind, self._group_label(kind, zone, rect)[1])
                for kind, zone, rect in self.stage_items()]

    def _draw_group_label(self, surface, kind, zone, rect) -> None:
        img, where, colour = self._group_label(kind, zone, rect)
        surface.blit(img, where)
        if kind != "stage":
            return
        # a frame round the group: green when valid, red when not
        frame = rect.inflate(theme.px(10), theme.px(10))
        layer = pygame.Surface(frame.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*colour, 150), layer.get_rect(), width=max(2, theme.px(2)),
                         border_radius=theme.px(9))
        surface.blit(layer, frame)

    def face_shown(self, zone: str) -> bool:
        """Do the cards of a staged group show their faces? Turned down (pass-and-play, the
        next person's turn) its label, frame and wild tags would tell what it holds."""
        return all(s.face_up and s.code is not None for s in self.t.zones.get(zone, []))

    def _draw_wild_tags(self, surface) -> None:
        t = self.t
        piles = (self.stock_rect(), self.pile_rect())
        self.wild_tag_rects: list[pygame.Rect] = []      # where they went (tests look)
        for zone in self.stage_zones() + list(self.laid_zones.get(self.viewer, [])):
            if not self.face_shown(zone):
                continue
            sprites = t.zones.get(zone, [])
            ok, _, stands = self.check([s.code for s in sprites])
            if not ok:
                continue
            for s, stand in zip(sprites, stands, strict=True):
                if stand is None or s.dragging or s.moving:
                    continue
                top = s.y - card_height(s.width) / 2
                img = self._tag_image(stand)
                rect = img.get_rect(midbottom=(int(s.x), int(top - theme.px(3))))
                if any(rect.colliderect(p) for p in piles):
                    # just under the piles: on the card's top edge instead of over it
                    rect.bottom = int(top + rect.height * 0.7)
                surface.blit(img, rect)
                self.wild_tag_rects.append(rect)

    def _tag_image(self, stand: str) -> pygame.Surface:
        """A small label over a wild card: the card it stands for ('7♥', or '7' in a set)."""
        t = self.t
        size = theme.px(13)
        rank = t.art.rank_text(stand[0])
        key = ("tag", stand, rank, size)
        img = t.panel_cache.get(key)
        if img is None:
            suit = stand[1] if stand[1] in "SHDC" else None
            tw, th = theme.text_size(rank, size, True)
            sym = t.art.suit_symbol(suit, int(size * 0.8), None) if suit else None
            wdt = tw + (sym.get_width() + theme.px(3) if sym else 0) + theme.px(14)
            img = pygame.Surface((wdt, th + theme.px(4)), pygame.SRCALPHA)
            theme.rounded(img, img.get_rect(), (252, 248, 236, 240), img.get_height() // 2,
                          edge=(*theme.ACCENT_DARK, 255))
            colour = t.art.suit_colour(suit) if suit else theme.TEXT_DARK
            x = theme.px(7)
            t.text(img, rank, (x, img.get_height() // 2), size, colour, bold=True,
                   anchor="midleft", shadow=False)
            if sym:
                img.blit(sym, sym.get_rect(midleft=(x + tw + theme.px(2),
                                                    img.get_height() // 2)))
            t.panel_cache[key] = img
        return img
