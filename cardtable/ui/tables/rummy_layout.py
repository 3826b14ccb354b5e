"""Where things lie at a rummy table: the opponents' pods round the table, the stock and
the discard pile, the staging area above the hand, the melds laid by each seat."""

from __future__ import annotations

import pygame

from cardtable.i18n import N_, Msg
from cardtable.ui import theme
from cardtable.ui.cardart import MIN_FACE_WIDTH, card_height
from cardtable.ui.tables import Target
from cardtable.ui.tables.rummy_words import wild_list
from cardtable.ui.widgets import Button


def seat_columns(k: int) -> tuple[int, int, int]:
    """How many opponents sit on the left, along the top and on the right."""
    return {0: (0, 0, 0), 1: (0, 1, 0), 2: (1, 0, 1), 3: (1, 1, 1), 4: (1, 2, 1),
            5: (1, 3, 1), 6: (2, 2, 2), 7: (2, 3, 2)}[k]


class RummyLayout:
    """Part of :class:`~cardtable.ui.tables.rummy.RummyTable`: its geometry."""

    def slot(self, seat: int) -> str:
        return "bottom" if seat == self.viewer else "pod"

    def others(self) -> list[int]:
        """The other seats clockwise from the viewer's left."""
        return [(self.viewer + i) % self.n for i in range(1, self.n)]

    def plate_size(self) -> tuple[int, int]:
        """The plates the pods are laid out for: wider with larger text (as the table's
        plates are drawn)."""
        return int(theme.px(176) * max(1.0, theme.text_scale())), theme.px(50)

    #: how much wider than its pod a side column's plate may be drawn (a three-figure
    #: score beside "Computer · Medium"); the staging area keeps clear of it
    SIDE_GROWTH = 40

    def pod_width(self, seat: int) -> int:
        """The plate an opponent's pod was laid out for (narrower in a crowded top row)."""
        return getattr(self, "pod_widths", {}).get(seat, self.plate_size()[0])

    def plate_limit(self, seat: int) -> int | None:
        """The widest a plate may be drawn: in the top row up to its neighbour's (the side
        columns and the player's own have room)."""
        return getattr(self, "pod_limits", {}).get(seat)

    def tiny_width(self) -> int:
        return max(20, theme.px(30))

    def laid_width(self) -> int:
        return max(MIN_FACE_WIDTH, theme.px(48))

    def pod_height(self) -> int:
        """A seat: plate, fan of backs, one row of laid melds."""
        _, ph = self.plate_size()
        return ph + self.fan_shown() + theme.px(6) + card_height(self.laid_width())

    def fan_tuck(self) -> int:
        """How much of an opponent's fan of backs hides under the name plate."""
        return -theme.px(4)   # a plate is translucent: the fan hangs just under it

    def fan_shown(self) -> int:
        return card_height(self.tiny_width()) - self.fan_tuck()

    def layout(self, size) -> None:
        super().layout(size)
        w, h = size
        self.pcw, self.pch, self.cy = self.cw, self.ch, None
        self._layout_pods()
        # the staged cards fill what is left between the piles and the message line: at
        # most 0.64 of a card of the hand, and at least half a card of normal size; when
        # that room is short (larger cards) the piles move up (as far as the seats along
        # the top allow), then become smaller (down to 0.75 of their normal size); the
        # staged cards stay at least as wide as a hand at its smallest
        normal = self.cw / self.card_scale()
        bottom = self.stage_bottom()
        # between the piles and the staged cards: room for a wild card's tag ("7♦", "5")
        # over its card, clear of the piles and their names (with larger text the tags
        # stood on the stock)
        gap = max(theme.px(16), self.tag_room() + theme.px(4))
        want = max(MIN_FACE_WIDTH, int(normal * 0.5))
        top_seats = seat_columns(self.n - 1)[1] > 0
        ceiling = (theme.px(12) + self.pod_height() if top_seats else theme.px(12)) + \
            theme.px(8)
        # where even the smallest piles leave the staged cards too little room (800x500
        # with large cards: the place of a new meld lay over the stock), the piles may rise
        # into the row kept for the top seats' melds, as little as they must (the melds then
        # keep off the piles: see laid_rows), up to the top seats' fans of backs
        low_ceiling = theme.px(12) + self.plate_size()[1] + self.fan_shown() + theme.px(8) \
            if top_seats else ceiling

        def reach(pcw: int) -> float:
            """How far below their centre the piles reach (as ``pile_rect`` says)."""
            return 0.56 * card_height(pcw)

        def fit(pcw: int, cy: float) -> int:
            room = bottom - (cy + reach(pcw) + gap)
            return round(room * 100 / card_height(100))

        # the least the staged cards are drawn at (below: sw, as it is worked out)
        need = max(MIN_FACE_WIDTH, min(int(self.cw * 0.64), int(normal * 0.42)))
        roofs = [ceiling] + list(range(int(ceiling) - theme.px(4), int(low_ceiling) - 1,
                                       -theme.px(4)))
        for roof in roofs:
            pcw, cy = self.cw, h * 0.37
            while True:
                highest = roof + 0.168 * pcw + 0.56 * card_height(pcw)
                cy = min(h * 0.37, max(highest, bottom - gap - card_height(want) - reach(pcw)))
                if fit(pcw, cy) >= want or pcw <= normal * 0.75:
                    break
                pcw = max(int(normal * 0.75), pcw - 2)
            if fit(pcw, cy) >= need:
                break
        self.pcw, self.pch, self.cy = pcw, card_height(pcw), cy
        self.sw = max(MIN_FACE_WIDTH, min(int(self.cw * 0.64),
                                          max(int(normal * 0.42), fit(pcw, cy))))

    def _layout_pods(self) -> None:
        w, h = self.size
        pw, ph = self.plate_size()
        m = theme.px(14)
        left, top, right = seat_columns(self.n - 1)
        seats = self.others()
        self.pods = {}
        self.pod_widths = {seat: pw for seat in seats}
        self.pod_limits: dict[int, int] = {}
        # the side columns run from under the top row to above the player's hand
        y0 = theme.px(12) + (self.pod_height() + theme.px(14) if top else theme.px(150))
        y1 = h * 0.78
        for col, count, x in ((0, left, m), (2, right, w - m - pw)):
            if not count:
                continue
            for seat in (seats[:left] if col == 0 else seats[left + top:]):
                self.pod_limits[seat] = pw + theme.px(self.SIDE_GROWTH)
            part = seats[:left] if col == 0 else seats[left + top:]
            if col == 0:
                part = part[::-1]  # clockwise: the left column goes upwards
            room = y1 - y0
            step = min(room / count, self.pod_height() + theme.px(24))
            start = y0 + (room - step * count) / 2 if count > 1 else y0 + min(
                room * 0.12, theme.px(30))
            for i, seat in enumerate(part):
                self.pods[seat] = (int(x), int(start + step * i))
        if top:
            # between the buttons of the top left (Menu, Undo, Hint) and the score panel;
            # in a narrow window from just right of Menu (a plate meeting the buttons goes
            # below them)
            hi = w - theme.px(262)
            panel = self.t.score_panel_rect()
            if panel is not None:       # wider with larger text
                hi = min(hi, panel.left - theme.px(16))
            row = self.top_row_right() + theme.px(16)
            for lo in (max(theme.px(320), row), theme.px(118)):
                room = hi - lo
                tw = int(min(pw, (room - (top - 1) * theme.px(16)) / top))
                if tw >= min(pw, theme.px(176)):
                    break
            gap = theme.px(28) if top == 1 else \
                min(theme.px(28), max(theme.px(4), (room - top * tw) / (top - 1)))
            span = top * tw + (top - 1) * gap
            cx = min(max(w / 2, lo + span / 2), hi - span / 2)
            x = cx - span / 2
            for i, seat in enumerate(seats[left:left + top]):
                px_ = int(x + i * (tw + gap))
                # a plate meeting the buttons stands below them, its fan below it
                below = px_ < row and theme.px(12) < self.top_row_bottom()
                self.pods[seat] = (px_, self.top_row_bottom() + theme.px(8) if below
                                   else theme.px(12))
                self.pod_widths[seat] = tw
                # up to the next plate of the row; the last up to the score panel's room
                reach = gap - theme.px(6) if i < top - 1 else hi - (px_ + tw)
                self.pod_limits[seat] = int(tw + max(0, reach))

    @staticmethod
    def top_row_right() -> int:
        """Where the row of Menu, Undo and Hint ends, at the width the scene gives their
        words (French with larger text reaches past the 320 px the top row was laid out
        from, and a plate pushed below the buttons covered its own fan)."""
        size = theme.SMALL + 1
        return theme.px(14) + sum(
            Button(label, None, style="quiet", size=size).snug_width(theme.px(92))
            + theme.px(8) for label in ("Menu", "Undo", "Hint"))

    @staticmethod
    def top_row_bottom() -> int:
        return theme.px(12) + theme.px(34)

    @property
    def centre(self) -> tuple[float, float]:
        w, h = self.size
        cy = getattr(self, "cy", None)
        return (w / 2, h * 0.37 if cy is None else cy)

    def stock_pos(self) -> tuple[float, float]:
        cx, cy = self.centre
        return (cx - self.pcw * 0.72, cy)

    def pile_pos(self) -> tuple[float, float]:
        cx, cy = self.centre
        return (cx + self.pcw * 0.72, cy)

    def deck_pos(self) -> tuple[float, float]:
        return self.stock_pos()

    # The piles' names beside them and the wild-card note: drawn by RummyDrawing, placed
    # here, so that the melds laid round the table keep off them (meld_obstacles).
    LABEL_SIZE = 13

    def pile_labels(self, count: int | None = None) -> list[tuple[Msg | str, tuple, str]]:
        """The piles' names as (text, point, anchor): the stock's with its count (``count``,
        else the stock's own) left of the stock, "Discard" right of the discard pile, both
        along the piles' lower edge."""
        stock, pile = self.stock_rect(), self.pile_rect()
        bottom = int(self.centre[1] + self.pch / 2)
        n = len(self.t.zones.get("stock", [])) if count is None else count
        return [(self.m(N_("Stock · {n}"), n=n), (stock.left - theme.px(4), bottom),
                 "bottomright"),
                (N_("Discard"), (pile.right + theme.px(4), bottom), "bottomleft")]

    def pile_label_boxes(self) -> list[pygame.Rect]:
        """Where the piles' names lie (the stock's measured with two figures at least, so
        the melds do not move as the stock runs down)."""
        size = theme.px(self.LABEL_SIZE)
        n = len(self.t.zones.get("stock", []))
        out = []
        for text, point, anchor in self.pile_labels(max(n, 88)):
            w, h = theme.text_size(text, size)
            rect = pygame.Rect(0, 0, w + 2, h + 2)      # (and the text's shadow)
            setattr(rect, anchor, point)
            out.append(rect)
        return out

    def wild_note_lines(self) -> list[Msg | str]:
        return [self.m(N_("WILD CARDS"))] + wild_list(self.wild_ranks)

    def wild_note_box(self, bounds: pygame.Rect) -> pygame.Rect:
        """Where the panel naming the deal's wild cards lies: beside the discard pile, clear
        of its name (small cards, as in the review's narrower table, put the name further
        out); under the pile's name where it would lie over a seat's plate (wide plates,
        with larger text, in the review's narrower table)."""
        size = theme.px(self.LABEL_SIZE)
        lines = self.wild_note_lines()
        width = max(theme.text_size(s, size, True)[0] for s in lines) + theme.px(34)
        height = theme.px(18) * len(lines) + theme.px(14)
        px_, py = self.pile_pos()
        pile = self.pile_rect()
        clear = pile.right + theme.px(14) + theme.text_size(N_("Discard"), size)[0]
        rect = pygame.Rect(0, 0, width, height)
        rect.midleft = (int(max(px_ + self.pcw * 0.5 + theme.px(22), clear)), int(py))
        plates = [self.t.plate_rect(seat, bounds) for seat in self.others()]
        if rect.collidelist(plates) >= 0:
            bottom = int(self.centre[1] + self.pch / 2)
            under = pygame.Rect(pile.right + theme.px(4), bottom + theme.px(8), width, height)
            if under.collidelist(plates) < 0:
                rect = under
        return rect

    # From the hand upwards: the hand, the row of buttons (the scene's), the message line,
    # the labels of the staged groups, the staged cards, the piles. The message line is
    # where the scene shows its toasts (``hand_band().top - px(70)``); this table shows
    # its captions and the line saying what to do now there too, so a toast never covers
    # a group's label or a button.
    def message_y(self) -> float:
        """Centre line of the message line (the scene's toasts, captions, the status)."""
        return self.hand_band().top - theme.px(70)

    def message_rect(self, width: int | None = None) -> pygame.Rect:
        """The space a pill of the message line takes (the scene's ``pill`` at 17 px)."""
        th = theme.text_size("Ag", theme.px(17), True)[1]
        r = pygame.Rect(0, 0, width or self.size[0], th + theme.px(18))
        r.center = (int(self.size[0] / 2), int(self.message_y()))
        return r

    def label_height(self) -> int:
        """A group's label: at most two lines."""
        size = theme.px(13)
        return 2 * max(theme.font(size).get_linesize(), theme.font(size, bold=True)
                       .get_linesize()) + theme.px(6)

    def stage_bottom(self) -> float:
        """Bottom of the staged cards: their labels end above the message line."""
        return self.message_rect().top - theme.px(4) - self.label_height() - theme.px(5)

    def caption_pos(self) -> tuple[float, float]:
        return (self.size[0] / 2, self.message_y())

    def tag_height(self) -> int:
        """A wild card's tag (the scene draws it at 13 px, bold)."""
        return theme.text_size("10", theme.px(13), True)[1] + theme.px(4)

    def tag_room(self) -> int:
        """How far a staged card's tag reaches above the card."""
        return self.tag_height() + theme.px(3)

    def stage_y(self) -> float:
        """Centre line of the staged cards."""
        return self.stage_bottom() - card_height(self.sw) / 2

    def stage_band(self) -> pygame.Rect:
        """Where a card dropped starts a new group (or joins the one under it)."""
        w, _ = self.size
        pw, _ = self.plate_size()
        left = theme.px(14) + pw + theme.px(self.SIDE_GROWTH) + theme.px(16)
        sh = card_height(self.sw)
        top = int(self.stage_y() - sh / 2 - theme.px(20))
        return pygame.Rect(left, top, w - 2 * left, self.hand_band().top - top)

    def pod_anchor(self, seat: int) -> tuple[float, float]:
        x, y = self.pods.get(seat, (0, 0))
        pw, ph = self.pod_width(seat), self.plate_size()[1]
        return (x + pw / 2, y + ph - self.fan_tuck() + card_height(self.tiny_width()) / 2)

    def hand_anchor(self, seat: int) -> tuple[float, float]:
        if seat == self.viewer:
            return super().hand_anchor(seat)
        return self.pod_anchor(seat)

    def plate_anchor(self, seat: int):
        if seat == self.viewer:
            return super().plate_anchor(seat)
        return "topleft", self.pods.get(seat, (0, 0))

    def hand_spacing(self, seat: int, count: int) -> float:
        if seat == self.viewer:
            return super().hand_spacing(seat, count)
        pw = self.pod_width(seat)
        tw = self.tiny_width()
        return max(2.0, min(tw * 0.3, (pw - tw) / max(1, count - 1)))

    def zone_z(self, zone: str) -> int:
        """An opponent's hand lies under the melds it has laid: shown face up (after its last
        turn, in the review) it reaches down over its row of melds, which stay whole on top
        while the hand's indices show above them."""
        if zone.startswith("hand") and zone != f"hand{self.viewer}":
            return self.ZONE_Z["laid"] - 50
        if zone.startswith("laid"):
            # a later meld (the row below, where rows overlap) lies over an earlier one: the
            # last card of a meld, shown whole, hid the corners of the row under it
            _, _, k = zone.partition("_")
            return super().zone_z(zone) + 14 * (int(k) if k.isdigit() else 0)
        return super().zone_z(zone)

    def place_hand(self, seat: int, sprites: list) -> list[Target]:
        if seat == self.viewer:
            return super().place_hand(seat, sprites)
        n = len(sprites)
        ax, ay = self.pod_anchor(seat)
        # backs only, as a hand across the table looks: a card taken from the discard pile
        # is named in the log, but a face this small would show an unreadable index; a hand
        # shown whole (the review of a finished deal) is drawn larger, face up
        if sprites and all(s.code is not None and s.revealed for s in sprites):
            tw = self.sw
            step = min(tw * 0.42, self.hand_spacing(seat, n) * tw / self.tiny_width())
            x0 = ax - step * (n - 1) / 2
            # clear of the plate above it: tucked under it like the backs, the faces hid
            # their indices
            _, py = self.pods.get(seat, (0, 0))
            y = max(ay, py + self.plate_size()[1] + theme.px(4) + card_height(tw) / 2)
            return [(x0 + step * i, y, 0.0, tw, True) for i in range(n)]
        step = self.hand_spacing(seat, n)
        x0 = ax - step * (n - 1) / 2
        tw = self.tiny_width()
        return [(x0 + step * i, ay, 0.0, tw, False) for i in range(len(sprites))]

    def group_width(self, count: int, width: int, step: float) -> float:
        return width + step * max(0, count - 1)

    def stage_step(self) -> float:
        return self.sw * 0.4

    def stage_items(self) -> list[tuple[str, str, pygame.Rect]]:
        """The staging band left to right: (kind, zone, rect of the cards).

        Kinds: 'laid' (the player's melds on the table), 'stage' (a group being built)
        and 'new' (the empty place for a new group).
        """
        t = self.t
        names = [("laid", z) for z in self.laid_zones.get(self.viewer, [])]
        names += [("stage", z) for z in self.groups.names()]
        if self.t.match.is_human(self.viewer) and self.out_seat != self.viewer and \
                not self.t.match.is_over:
            names.append(("new", ""))
        band = self.stage_band()
        sw, sh = self.sw, card_height(self.sw)
        step = self.stage_step()
        gap = theme.px(20)
        label_w = theme.px(112)
        counts = [len(t.zones.get(z, [])) if z else 1 for _, z in names]

        def total(step):
            return sum(max(label_w, self.group_width(c, sw, step)) for c in counts) + \
                gap * (len(names) - 1)

        while total(step) > band.width and step > sw * 0.18:
            step *= 0.85
        x = band.centerx - total(step) / 2
        y = self.stage_y() - sh / 2
        out = []
        for (kind, zone), c in zip(names, counts, strict=True):
            slot = max(label_w, self.group_width(c, sw, step))
            gw = self.group_width(c, sw, step)
            rect = pygame.Rect(int(x + (slot - gw) / 2), int(y), int(gw), sh)
            out.append((kind, zone, rect))
            x += slot + gap
        return out

    def place(self, zone: str, sprites: list) -> list[Target]:
        for s in sprites:
            s.wild = self.is_wild(s.code)
        if zone == "stock":
            return self.place_pile(self.stock_pos(), sprites, False)
        if zone == "pile":
            return self.place_pile(self.pile_pos(), sprites, True)
        if zone.startswith("stage") or zone.startswith(f"laid{self.viewer}_"):
            for _kind, name, rect in self.stage_items():
                if name == zone:
                    step = (rect.width - self.sw) / max(1, len(sprites) - 1)
                    return [(rect.left + self.sw / 2 + step * i, rect.centery, 0.0, self.sw,
                             True) for i in range(len(sprites))]
            return [(*self.centre, 0.0, self.sw, True) for _ in sprites]
        if zone.startswith("laid"):
            return self.place_laid(zone, sprites)
        return super().place(zone, sprites)

    def place_pile(self, pos, sprites, face_up) -> list[Target]:
        n = len(sprites)
        step = min(0.35, self.pcw * 0.12 / max(1, n))
        out = []
        for i, s in enumerate(sprites):
            a = self.jitter(s, 4.0) if face_up else 0.0
            out.append((pos[0] - i * step, pos[1] - i * step * 1.4, a, self.pcw, face_up))
        return out

    def laid_rows(self, seat: int) -> list[tuple[str, float, float, int, float]]:
        """(zone, left x, centre y, card width, step from card to card) of each meld a seat
        has laid, in rows under its fan (under its plate once its hand is gone).

        Where the rows would reach a plate, the score panel or a pile (a seat that went out
        late in a match, in a column of two seats at 800x500: its melds lay over the score
        of the plate below), they spread wider, then overlap more (each card's corner still
        shows), their cards become smaller, down to the smallest face; last they lie over
        the fan of backs, a meld's cards closer (the rank still shows), from the plate's
        edge along the top or beside the plate in a side column."""
        x, y = self.pods.get(seat, (0, 0))
        pw, ph = self.pod_width(seat), self.plate_size()[1]
        hand = self.t.zones.get(f"hand{seat}")
        bounds = pygame.Rect((0, 0), self.size)
        plate = self.t.plate_rect(seat, bounds)     # (below the buttons, where they meet)
        tucked = max(y + ph, plate.bottom) + theme.px(10)
        top = tucked + (self.fan_shown() if hand else 0)
        keep = self.meld_obstacles(seat)
        base = self.laid_width()
        side = self.meld_side(seat)
        # where a row starts: along the top centred under the plate, in a side column from
        # the plate's outer edge towards the middle of the table
        home = {"left": (x, "left"), "right": (x + pw, "right"),
                "top": (x + pw / 2, "centre")}[side]
        # a seat along the top has room below its rows (narrower, more of them); a seat in
        # a side column has room towards the middle of the table (wider, fewer)
        wide = (40, 0, 240, 2000) if side == "top" else (150, 240, 2000)
        tries = [(base, pw + theme.px(e), top, rise, 0.34, home)
                 for rise in (0.62, 0.45) for e in (90, *wide)]
        tries += [(lw, pw + theme.px(wide[0]), top, 0.45, 0.34, home)
                  for lw in range(base - 2, MIN_FACE_WIDTH - 1, -2)]
        least = max(MIN_FACE_WIDTH, base - 8)
        tries += [(least, pw + theme.px(e), tucked, rise, share, home)
                  for share in (0.34, 0.27) for rise in (0.45, 0.36) for e in wide]
        widths = [theme.px(w) for w in (2000, 280, 220, 170, 140)]
        if side == "top":       # from either edge of the plate, along the row of seats
            tries += [(least, w, tucked, rise, 0.27, (edge, align))
                      for rise in (0.45, 0.34, 0.3, 0.25) for w in widths
                      for edge, align in ((x, "left"), (x + pw, "right"))]
        else:                   # beside the plate, towards the middle
            beside = (plate.right + theme.px(10), "left") if side == "left" else \
                (plate.left - theme.px(10), "right")
            tries += [(least, w, y, rise, 0.27, beside)
                      for rise in (0.45, 0.34) for w in widths]
        # last, many melds in rows as wide as the window, of the smallest faces (a seat
        # along the top with twelve melds at 800x500 and two players: they lay on the piles)
        tries += [(lw, self.size[0] - theme.px(8), tucked, rise, 0.27, home)
                  for lw in range(least - 2, MIN_FACE_WIDTH - 1, -2) for rise in (0.45, 0.34)]
        best: tuple[int, list[tuple[str, float, float, int, float]]] | None = None
        for lw, row_w, first, rise, share, start in tries:
            out = self._meld_rows(seat, lw, row_w, first, rise, share, start)
            rects = [self._meld_rect(zone, left, cy, lw, step)
                     for zone, left, cy, lw, step in out]
            cost = sum(self._covered(r, bounds, keep) for r in rects)
            if cost == 0:
                return out
            # none fits: the way covering least (the last way's rows went on down over the
            # piles from a top seat with many melds at 800x500 with two players)
            if best is None or cost < best[0]:
                best = (cost, out)
        return best[1] if best is not None else []

    @staticmethod
    def _covered(rect: pygame.Rect, bounds: pygame.Rect, keep: list[pygame.Rect]) -> int:
        """How much of ``keep`` (and of the space off the window) ``rect`` covers."""
        inside = rect.clip(bounds)
        off = rect.width * rect.height - inside.width * inside.height
        return off + sum(rect.clip(k).width * rect.clip(k).height for k in keep)

    def meld_side(self, seat: int) -> str:
        """Where a seat sits, for its melds: "left", "right" or "top" (a seat of the top row
        pushed below the buttons, near the left edge, is still of the top row)."""
        seats = self.others()
        if seat not in seats:
            return "top"
        left, top, _right = seat_columns(self.n - 1)
        i = seats.index(seat)
        return "left" if i < left else "top" if i < left + top else "right"

    def meld_obstacles(self, seat: int) -> list[pygame.Rect]:
        """What a seat's laid melds keep off: the plates (its own too: beside it they may
        lie), the score panel, the piles, their names and the wild-card note (a top seat's
        melds lay over "Stock · 116" at 800x500 with eight players)."""
        bounds = pygame.Rect((0, 0), self.size)
        keep = [self.t.plate_rect(s, bounds) for s in range(self.n)]
        keep += [self.stock_rect(), self.pile_rect(), *self.pile_label_boxes()]
        keep.append(self.wild_note_box(bounds))
        panel = self.t.score_panel_rect()
        if panel is not None:
            keep.append(panel)
        return [r.inflate(theme.px(4), theme.px(4)) for r in keep]

    def _meld_rect(self, zone: str, left: float, cy: float, lw: int,
                   step: float) -> pygame.Rect:
        count = len(self.t.zones.get(zone, []))
        lh = card_height(lw)
        return pygame.Rect(int(left), int(cy - lh / 2),
                           int(self.group_width(count, lw, step)) + 1, lh)

    def _meld_rows(self, seat: int, lw: int, row_w: float, top: float, rise: float,
                   share: float, start: tuple[float, str]
                   ) -> list[tuple[str, float, float, int, float]]:
        """A seat's melds in rows at most ``row_w`` wide from ``top`` down, each row
        ``rise`` of a card below the last, a meld's cards ``share`` of a card apart; each
        row's left, right or centre at ``start``."""
        step = lw * share
        gap = theme.px(8)
        rows: list[list[tuple[str, float]]] = [[]]
        used = 0.0
        for zone in self.laid_zones.get(seat, []):
            width = self.group_width(len(self.t.zones.get(zone, [])), lw, step)
            if rows[-1] and used + gap + width > row_w:
                rows.append([])
                used = 0.0
            rows[-1].append((zone, width))
            used += (gap if used else 0) + width
        panel = self.t.score_panel_rect()
        anchor, align = start
        out = []
        for r, row in enumerate(rows):
            span = sum(wd for _, wd in row) + gap * (len(row) - 1)
            left = anchor if align == "left" else anchor - span if align == "right" else \
                anchor - span / 2
            cy = top + card_height(lw) / 2 + r * (card_height(lw) * rise)
            if align == "centre" and panel is not None and \
                    cy - card_height(lw) / 2 < panel.bottom:
                left = min(left, panel.left - theme.px(6) - span)    # short of the panel
            left = max(theme.px(4), min(left, self.size[0] - theme.px(4) - span))
            for zone, wd in row:
                out.append((zone, left, cy, lw, step))
                left += wd + gap
        return out

    def place_laid(self, zone: str, sprites: list) -> list[Target]:
        seat = int(zone[4:].split("_")[0])
        for name, left, cy, lw, step in self.laid_rows(seat):
            if name == zone:
                return [(left + lw / 2 + i * step, cy, 0.0, lw, True)
                        for i in range(len(sprites))]
        lw = self.laid_width()
        return [(*self.centre, 0.0, lw, True) for _ in sprites]

    def slots(self):
        """The empty piles' outlines, unnamed: their names stand beside them already
        ("Stock · 0", "Discard"), and an empty discard pile read "discard" twice."""
        out = []
        t = self.t
        if not t.zones.get("stock"):
            out.append((self.stock_pos(), self.pcw, 0.0, ""))
        if not t.zones.get("pile"):
            out.append((self.pile_pos(), self.pcw, 0.0, ""))
        return out
