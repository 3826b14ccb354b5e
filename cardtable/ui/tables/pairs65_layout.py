"""Where things lie at the pairs65 table: the grid of pairs laid face up, the stock and
the discard, the card offered in a swap, the seats round the table."""

from __future__ import annotations

import pygame

from cardtable.engine.pairs65 import PAIRS_TO_WIN, VALUE
from cardtable.i18n import N_, Msg
from cardtable.ui import theme
from cardtable.ui.canvas import per_frame
from cardtable.ui.cardart import MIN_FACE_WIDTH, RATIO, card_height
from cardtable.ui.tables import Target


class Pairs65Layout:
    """Part of :class:`~cardtable.ui.tables.pairs65.Pairs65Table`: its geometry."""

    #: the review's smaller board with its places closed up (see layout)
    squeezed = False

    def layout(self, size) -> None:
        super().layout(size)
        self.squeezed = False
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
        # the review's smaller board (three or four players at 800x500): the side seats'
        # grids of three by two were wider than the room between their hands and the piles
        # and met, and the rows ran under the plates. There the places close up (see
        # pitch) and, while something still meets, the pairs shrink, no smaller than the
        # face-up cards of the side hands on that board
        if self.t.still and self.crowded():
            self.squeezed = True
            floor = min(self.pw, self.small_width())
            for _ in range(12):
                self.ph = card_height(self.pw)
                self.pile_w = self._pile_width()
                if self.pw <= floor or not self.crowded():
                    break
                self.pw = max(floor, int(self.pw * 0.93))

    def crowded(self) -> list[str]:
        """What of the pairs' places meets what on the review's board, as laid out now
        (empty: nothing): another seat's places, a plate, the score panel, the piles or
        their words, the edge of the board."""
        t = self.t
        bounds = pygame.Rect(0, 0, *self.size)
        others = {f"plate {s}": t.plate_rect(s, bounds) for s in range(self.n)}
        others.update({"draw pile": self.stock_rect(), "discards": self.discard_rect()})
        others.update(self.pile_words())
        panel = t.score_panel_rect()
        if panel is not None:
            others["the score panel"] = panel
        found = []
        places = [(seat, r) for seat in range(self.n) for r in self.pair_rects(seat)]
        for i, (seat, r) in enumerate(places):
            if not bounds.contains(r):
                found.append(f"pairs {seat} off the board")
            found += [f"pairs {seat} under {k}" for k, q in others.items() if r.colliderect(q)]
            found += [f"pairs {seat} over pairs {b}" for b, q in places[i + 1:]
                      if b != seat and r.colliderect(q)]
        return found

    def pile_words(self) -> dict[str, pygame.Rect]:
        """Where the piles' words go under them, as wide as their longest ("Draw pile
        empty", two-figure counts)."""
        size = theme.px(13)
        below = card_height(self.pile_w) / 2 + theme.px(8)
        out = {}
        for name, pos, texts in (
                ("the draw pile's words", self.stock_pos(),
                 (Msg("Draw pile · {n}", n=30), N_("Draw pile empty"))),
                ("the discards' words", self.discard_pos(), (Msg("Discards · {n}", n=30),))):
            w = max(theme.text_size(text, size)[0] for text in texts)
            h = theme.line_height(size)
            r = pygame.Rect(0, 0, w, h)
            r.midtop = (int(pos[0]), int(pos[1] + below))
            out[name] = r
        return out

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
        """(columns, rows) of a seat's five pair places: a side seat's are two columns
        wide on the review's squeezed board."""
        if self.slot(seat) in ("bottom", "top"):
            return (5, 1)
        return (2, 3) if self.squeezed else (3, 2)

    def grid_size(self, seat: int) -> tuple[float, float]:
        cols, rows = self.grid_shape(seat)
        px, py = self.pitch(seat)
        return (self.pair_width() + (cols - 1) * px, self.ph + (rows - 1) * py)

    @per_frame
    def pitch(self, seat: int) -> tuple[float, float]:
        """From one of a seat's pair places to the next: across a row, and down to the
        next row. On the review's squeezed board they close up to fit the room the seat
        has (see grid_room): across, down to three quarters of a pair, the next pair then
        covering the far edge of the one before but neither card's corner; down, to two
        fifths of a card, each row showing the top of the one above, with its corners, as
        a hand's cards do."""
        cols, rows = self.grid_shape(seat)
        gap = self.row_gap(seat)
        across, down = self.pair_width() + gap, self.ph + gap
        if not self.squeezed:
            return across, down
        if self.slot(seat) in ("left", "right"):
            across = self.pair_width() + self.pw * 0.08
        (left, right), (top, bottom) = self.grid_room(seat)
        if cols > 1:
            fits = (right - left - self.pair_width()) / (cols - 1)
            across = max(self.pair_width() * 0.75, min(across, fits))
        if rows > 1:
            fits = (bottom - top - self.ph) / (rows - 1)
            down = max(self.ph * 0.4, min(down, fits))
        return across, down

    @per_frame
    def grid_room(self, seat: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The review's squeezed board: the x range and the y range a seat's places may
        fill. A row: between the side seats' hands (and plates, for the person's), left
        of the score panel. A column: from its hand to the piles and their words, and from
        what is above it (the top row, the score panel) to its plate (or the person's
        row)."""
        w, h = self.size
        t = self.t
        edge = theme.px(6)
        bounds = pygame.Rect(0, 0, w, h)
        small = self.small_width()
        panel = t.score_panel_rect()
        slot = self.slot(seat)
        sides = [s for s in range(self.n) if self.slot(s) in ("left", "right")]
        if slot in ("bottom", "top"):
            y = self._bottom_row_y() if slot == "bottom" else self._top_row_y()
            band = pygame.Rect(0, int(y - self.ph / 2), w, int(self.ph))
            left, right = float(edge), float(w - edge)
            for s in sides:
                ax, _ = self.hand_anchor(s)
                reach = [pygame.Rect(int(ax - small / 2), 0, small, h)]
                if slot == "bottom":
                    # (clear of the plate at any height it follows its column to)
                    plate = t.plate_rect(s, bounds)
                    reach.append(pygame.Rect(plate.left, 0, plate.width, h))
                for r in reach:
                    if not r.colliderect(band):
                        continue
                    if r.centerx < w / 2:
                        left = max(left, r.right + edge)
                    else:
                        right = min(right, r.left - edge)
            if panel is not None and panel.colliderect(band):
                right = min(right, panel.left - theme.px(8))
            return (left, right), (band.top, band.bottom)
        ax, _ = self.hand_anchor(seat)
        near = card_height(small) / 2 + theme.px(18)
        # (the piles' top cards where they lie now: a relayout sends the piles before the
        # pairs, the zones being made in that order by sync)
        piles = [self.stock_rect(), self.discard_rect(), *self.pile_words().values()]
        if slot == "left":
            left = ax + near
            right = min(r.left for r in piles) - theme.px(8)
        else:
            right = ax - near
            left = max(r.right for r in piles) + theme.px(8)
        column = pygame.Rect(int(left), 0, max(1, int(right - left)), h)
        top, bottom = float(edge), float(h - edge)
        above = [r for r in (panel, *(self.grid_rect(s) for s in range(self.n)
                                      if self.slot(s) == "top")) if r is not None]
        for r in above:
            if r.colliderect(column):
                top = max(top, r.bottom + edge)
        below = [self.highest_plate(seat)] + [self.grid_rect(s) for s in range(self.n)
                                               if self.slot(s) == "bottom"]
        for r in below:
            if r.colliderect(column):
                bottom = min(bottom, r.top - edge)
        return (left, right), (top, bottom)

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
        if self.squeezed:
            return self._squeezed_centre(seat)
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

    def highest_plate(self, seat: int) -> pygame.Rect:
        """A side seat's plate as high as it goes: under a column of one card (it follows
        its column up as the hand shrinks). The places above it keep clear of it at every
        step of a deal, and stay put from one step to the next."""
        plate = self.t.plate_rect(seat, pygame.Rect(0, 0, *self.size))
        n = len(self.t.zone(f"hand{seat}")) or 6        # (as the plate counts them)
        plate.top -= int(self.hand_spacing(seat, n) * (n - 1) / 2)
        # a long right-hand column stands lower, below the score panel: by what it stands
        # lower than the left-hand one (which nothing pushes)
        _, y = self.hand_anchor(seat)
        level = [self.hand_anchor(s)[1] for s in range(self.n) if self.slot(s) == "left"]
        if self.slot(seat) == "right" and level:
            plate.top -= int(max(0.0, y - level[0]))
        return plate

    def _squeezed_centre(self, seat: int) -> tuple[float, float]:
        """The middle of a seat's places on the review's squeezed board: a row as near the
        board's middle as its room allows, a column beside its hand, as near the piles'
        height as its room allows (in the middle of the room when it is too short)."""
        slot = self.slot(seat)
        gw, gh = self.grid_size(seat)
        (left, right), (top, bottom) = self.grid_room(seat)
        if slot in ("bottom", "top"):
            y = self._bottom_row_y() if slot == "bottom" else self._top_row_y()
            x = max(left + gw / 2, min(self.size[0] / 2, right - gw / 2))
            return (x if gw <= right - left else (left + right) / 2, y)
        ax, _ = self.hand_anchor(seat)
        reach = card_height(self.small_width()) / 2 + theme.px(18) + gw / 2
        y = max(top + gh / 2, min(self.centre[1], bottom - gh / 2))
        if gh > bottom - top:
            y = (top + bottom) / 2
        return (ax + reach, y) if slot == "left" else (ax - reach, y)

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
        across, down = self.pitch(seat)
        row, col = divmod(index, cols)
        in_row = cols if row < rows - 1 else PAIRS_TO_WIN - cols * (rows - 1)
        x0 = gx - (in_row - 1) * across / 2
        y0 = gy - (rows - 1) * down / 2
        return (x0 + col * across, y0 + row * down)

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
