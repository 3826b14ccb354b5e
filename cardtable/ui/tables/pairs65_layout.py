"""Where things lie at the pairs65 table: the grid of pairs laid face up, the stock and
the discard, the card offered in a swap, the seats round the table."""

from __future__ import annotations

import pygame

from cardtable.engine.pairs65 import PAIRS_TO_WIN, VALUE
from cardtable.i18n import N_
from cardtable.ui import theme
from cardtable.ui.canvas import per_frame
from cardtable.ui.cardart import MIN_FACE_WIDTH, RATIO, card_height
from cardtable.ui.tables import Target


class Pairs65Layout:
    """Part of :class:`~cardtable.ui.tables.pairs65.Pairs65Table`: its geometry."""

    def layout(self, size) -> None:
        super().layout(size)
        # the pairs are about half a hand card wide; with larger cards in a small window
        # they shrink until no seat's pairs meet another's and the piles have room between
        # the rows (larger cards at 1280x720 laid the draw pile over the person's pairs)
        self.pw = max(MIN_FACE_WIDTH, int(self.cw * 0.56))
        for _ in range(12):
            self.ph = card_height(self.pw)
            self.pile_w = self._pile_width()
            if self.pw <= MIN_FACE_WIDTH or (self.pile_w >= self.pw * 1.6
                                              and not self._pairs_meet()):
                break
            self.pw = max(MIN_FACE_WIDTH, int(self.pw * 0.93))

    def _pile_width(self) -> int:
        """The piles fit between the rows of pairs above and below them, their names
        under them included."""
        room = (self._bottom_row_y() - self.ph / 2) - (self._top_row_y() + self.ph / 2)
        tallest = room - 2 * theme.px(30)
        return max(MIN_FACE_WIDTH, min(self.cw, int(tallest / RATIO)))

    def pair_rects(self, seat: int) -> list[pygame.Rect]:
        """Where each of a seat's five pairs lies (two cards side by side, tilted)."""
        out = []
        for k in range(PAIRS_TO_WIN):
            r = pygame.Rect(0, 0, int(self.pair_width()), int(self.ph))
            r.center = tuple(map(int, self.pair_centre(seat, k)))
            out.append(r)
        return out

    def _pairs_meet(self) -> bool:
        places = [(seat, r) for seat in range(self.n) for r in self.pair_rects(seat)]
        return any(a != b and ra.colliderect(rb) for i, (a, ra) in enumerate(places)
                   for b, rb in places[i + 1:])

    def pair_width(self) -> float:
        return self.pw * 1.42

    def pair_gap(self) -> float:
        return self.pw * 0.22

    def row_gap(self, seat: int) -> float:
        """The gap between a seat's pairs side by side: narrower in the top row of the
        review's smaller board where that keeps the row clear of the score panel."""
        gap = self.pair_gap()
        panel = self.t.score_panel_rect() if self.t.still else None
        if panel is None or self.slot(seat) != "top":
            return gap
        room = panel.left - theme.px(8) - theme.px(6)
        cols = self.grid_shape(seat)[0]
        if cols * self.pair_width() + (cols - 1) * gap <= room:
            return gap
        return max(self.pw * 0.04, min(gap, (room - cols * self.pair_width()) / (cols - 1)))

    def grid_shape(self, seat: int) -> tuple[int, int]:
        """(columns, rows) of a seat's five pair places."""
        return (5, 1) if self.slot(seat) in ("bottom", "top") else (3, 2)

    def grid_size(self, seat: int) -> tuple[float, float]:
        cols, rows = self.grid_shape(seat)
        gap = self.row_gap(seat)
        return (cols * self.pair_width() + (cols - 1) * gap,
                rows * self.ph + (rows - 1) * self.pair_gap())

    @per_frame
    def _bottom_row_y(self) -> float:
        """Above the line shared by the hint and the toasts, and the row of buttons (the
        review's still board has neither: its row keeps just clear of the hand, which on
        its smaller board leaves the piles room between the rows)."""
        band = self.hand_band()
        return band.top - theme.px(28 if self.t.still else 94) - self.ph / 2

    @per_frame
    def _top_row_y(self) -> float:
        _, ay = self.hand_anchor_for_slot("top")
        return ay + card_height(self.small_width()) / 2 + theme.px(12) + self.ph / 2

    def hand_anchor_for_slot(self, slot: str) -> tuple[float, float]:
        w, h = self.size
        m = max(10, int(h * 0.02))
        sh = card_height(self.small_width())
        if slot == "top":
            return (w / 2, m + sh / 2)
        return (w / 2, h - self.ch / 2 - m)

    @property
    def centre(self) -> tuple[float, float]:
        w, _ = self.size
        top = self._top_row_y() + self.ph / 2
        bottom = self._bottom_row_y() - self.ph / 2
        return (w / 2, (top + bottom) / 2 - theme.px(4))

    @per_frame
    def grid_centre(self, seat: int) -> tuple[float, float]:
        slot = self.slot(seat)
        w, _ = self.size
        cx, cy = self.centre
        if slot == "bottom":
            return (w / 2, self._bottom_row_y())
        if slot == "top":
            return (self._top_row_x(seat), self._top_row_y())
        gw, gh = self.grid_size(seat)
        ax, _ = self.hand_anchor(seat)
        reach = card_height(self.small_width()) / 2 + theme.px(18) + gw / 2
        if self.t.still:
            # the review's smaller board: the pairs keep under the score panel in the top
            # right corner, with room for their count above them, and above the seat's plate
            panel = self.t.score_panel_rect()
            if slot == "right" and panel is not None:
                cy = max(cy, panel.bottom + self.progress_height() + theme.px(14) + gh / 2)
            plate = self.t.plate_rect(seat, pygame.Rect(0, 0, *self.size))
            cy = min(cy, plate.top - theme.px(2) - gh / 2)
        elif slot == "right":
            # a playing table's right-hand pairs keep below the score panel too: the host's
            # is taller (the table's code and address), and at 1280x720 it lay over the
            # tops of the first row
            panel = self.t.score_panel_rect()
            if panel is not None and ax - reach + gw / 2 > panel.left:
                cy = max(cy, panel.bottom + theme.px(12) + gh / 2)
        return (ax + reach, cy) if slot == "left" else (ax - reach, cy)

    def _top_row_x(self, seat: int) -> float:
        """The middle of the top seat's row: the board's middle, or on the review's smaller
        board, left of the score panel in the corner where the row would run under it (as
        far as the board's edge allows)."""
        w = self.size[0]
        panel = self.t.score_panel_rect() if self.t.still else None
        if panel is None:
            return w / 2
        gw, _ = self.grid_size(seat)
        right = panel.left - theme.px(8)
        if w / 2 + gw / 2 <= right:
            return w / 2
        return max(gw / 2 + theme.px(6), right - gw / 2)

    def grid_rect(self, seat: int) -> pygame.Rect:
        gw, gh = self.grid_size(seat)
        r = pygame.Rect(0, 0, int(gw), int(gh))
        cx, cy = self.grid_centre(seat)
        r.center = (int(cx), int(cy))
        return r

    def pair_centre(self, seat: int, index: int) -> tuple[float, float]:
        cols, rows = self.grid_shape(seat)
        gx, gy = self.grid_centre(seat)
        pw, gap = self.pair_width(), self.row_gap(seat)
        row, col = divmod(index, cols)
        in_row = cols if row < rows - 1 else PAIRS_TO_WIN - cols * (rows - 1)
        x0 = gx - (in_row * pw + (in_row - 1) * gap) / 2 + pw / 2
        y0 = gy - (rows * self.ph + (rows - 1) * gap) / 2 + self.ph / 2
        return (x0 + col * (pw + gap), y0 + row * (self.ph + gap))

    def stock_pos(self) -> tuple[float, float]:
        cx, cy = self.centre
        return (cx - self.pile_w * 0.78, cy)

    def discard_pos(self) -> tuple[float, float]:
        cx, cy = self.centre
        return (cx + self.pile_w * 0.78, cy)

    def deck_pos(self) -> tuple[float, float]:
        return self.stock_pos()

    def offer_pos(self, target: int) -> tuple[float, float]:
        """Where an offered card waits: beside the pairs of the player asked."""
        slot = self.slot(target)
        r = self.grid_rect(target)
        ow = self.offer_width()
        if slot in ("bottom", "top"):
            return (r.right + ow * 1.5, r.centery)
        return (r.centerx, r.bottom + card_height(ow) * 0.62)

    def offer_width(self) -> int:
        return max(36, int(self.pw * 1.08))

    def caption_pos(self) -> tuple[float, float]:
        """Midway between the top seat's pairs (tilted a little) and the piles: a caption
        26 px above the piles lay over the bottom of those pairs."""
        cx, cy = self.centre
        above = self._top_row_y() + self.ph / 2 + theme.px(3)
        return (cx, (above + cy - card_height(self.pile_w) / 2) / 2)

    def caption_width(self) -> int | None:
        """Between the pairs of the seats on the left and the right (a long caption, a
        swap, ran over their pairs and the word "Swap")."""
        sides = [self.grid_rect(seat) for seat in range(self.n)
                 if self.slot(seat) in ("left", "right")]
        if not sides:
            return None
        left = max((r.right for r in sides if r.centerx < self.size[0] / 2), default=0)
        right = min((r.left for r in sides if r.centerx > self.size[0] / 2),
                    default=self.size[0])
        half = min(self.size[0] / 2 - left, right - self.size[0] / 2) - theme.px(10)
        return max(theme.px(200), int(2 * half))

    def card_rect(self, pos, width) -> pygame.Rect:
        r = pygame.Rect(0, 0, int(width), card_height(int(width)))
        r.center = (int(pos[0]), int(pos[1]))
        return r

    def stock_rect(self) -> pygame.Rect:
        r = self.card_rect(self.stock_pos(), self.pile_w)
        for s in self.t.zones.get("stock", [])[-1:]:
            r.union_ip(s.rect())
        return r.inflate(theme.px(6), theme.px(6))

    def discard_rect(self) -> pygame.Rect:
        r = self.card_rect(self.discard_pos(), self.pile_w)
        for s in self.t.zones.get("pile", [])[-1:]:
            r.union_ip(s.rect())
        return r.inflate(theme.px(6), theme.px(6))

    def offer_rect(self) -> pygame.Rect | None:
        sprites = self.t.zones.get("offer")
        if not sprites:
            return None
        r = sprites[0].rect()
        for s in sprites[1:]:
            r.union_ip(s.rect())
        return r.inflate(theme.px(8), theme.px(8))

    def seat_rect(self, seat: int) -> pygame.Rect:
        """Another player's place: hand and name plate (a drop there asks for a swap)."""
        bounds = pygame.Rect(0, 0, *self.size)
        r = self.t.plate_rect(seat, bounds)
        for s in self.t.zones.get(f"hand{seat}", []):
            x, y, angle, width = s.target
            w, h = width, card_height(int(width))
            if int(round(angle)) % 180 == 90:
                w, h = h, w
            r.union_ip(pygame.Rect(int(x - w / 2), int(y - h / 2), int(w), int(h)))
        return r.inflate(theme.px(10), theme.px(10))

    def seat_at(self, pos) -> int | None:
        for seat in self.opponents():
            if self.seat_rect(seat).collidepoint(pos) or self.grid_rect(seat).collidepoint(pos):
                return seat
        return None

    def place(self, zone: str, sprites: list) -> list[Target]:
        if zone == "stock":
            return self.place_stack(self.stock_pos(), sprites, self.pile_w, depth=0.45)
        if zone == "pile":
            return self.place_stack(self.discard_pos(), sprites, self.pile_w, face_up=True,
                                    jitter=5.0, depth=0.2)
        if zone.startswith("pairs"):
            seat = int(zone[5:])
            out = []
            half = self.pw * 0.21
            for i, _s in enumerate(sprites):
                x, y = self.pair_centre(seat, min(i // 2, PAIRS_TO_WIN - 1))
                dx = -half if i % 2 == 0 else half
                out.append((x + dx, y, -3.0 if i % 2 == 0 else 3.0, self.pw, True))
            return out
        if zone == "offer":
            out = []
            ow = self.offer_width()
            swap = self.swap or {}
            x, y = self.offer_pos(swap.get("target", self.viewer))
            n = len(sprites)
            for i, s in enumerate(sprites):
                dx = (i - (n - 1) / 2) * ow * 0.62
                out.append((x + dx, y, 0.0, ow, s.code is not None and s.revealed))
            return out
        return super().place(zone, sprites)

    def slots(self):
        out = []
        t = self.t
        if not t.zones.get("stock") and not t.zones.get("deck"):
            out.append((self.stock_pos(), self.pile_w, 0.0, N_("draw pile")))
        if not t.zones.get("pile"):
            out.append((self.discard_pos(), self.pile_w, 0.0, N_("discard")))
        for seat in range(self.n):
            laid = len(t.zones.get(f"pairs{seat}", [])) // 2
            for k in range(laid, PAIRS_TO_WIN):
                out.append((self.pair_centre(seat, k), self.pw, 0.0, str(k + 1)))
        return out

    def sort_key(self, code: str | None):
        """Black cards, then red; partners side by side: A Q, 2 J, 3 10, 4 9, 5 8, 6 7."""
        if code is None:
            return (9, 0, 0, "")
        v = VALUE[code[0]]
        return (0 if code[1] in "SC" else 1, min(v, 13 - v), v, code[1])
