"""What the pairs65 table draws over the cards: the ring round a seat to pick, the hint,
the progress of each seat towards the games it needs."""

from __future__ import annotations

import pygame

from cardtable.engine.pairs65 import PAIRS_TO_WIN
from cardtable.i18n import N_, Msg
from cardtable.ui import theme
from cardtable.ui.cardart import card_height


class Pairs65Drawing:
    """Part of :class:`~cardtable.ui.tables.pairs65.Pairs65Table`: its drawing."""

    def extra_draw(self, surface: pygame.Surface) -> None:
        t = self.t
        size = theme.px(13)
        below = card_height(self.pile_w) / 2 + theme.px(8)
        sx, sy = self.stock_pos()
        n = len(t.zones.get("stock", []))
        t.text(surface, Msg("Draw pile · {n}", n=n) if n else N_("Draw pile empty"),
               (int(sx), int(sy + below)), size, theme.TEXT_DIM, anchor="midtop")
        dx, dy = self.discard_pos()
        n = len(t.zones.get("pile", []))
        t.text(surface, Msg("Discards · {n}", n=n) if n else "", (int(dx), int(dy + below)), size,
               theme.TEXT_DIM, anchor="midtop")
        if self.squeezed:
            self._draw_grid_edges(surface)
        for seat, placed in self.progress_boxes().items():
            self._draw_progress(surface, seat, placed)
        if self.swap and t.zones.get("offer"):
            r = self.offer_rect()
            if r is not None:
                label = Msg("{name}'s offer", name=self.name(self.swap["swapper"]))
                if self._is_me(self.swap["swapper"]):
                    label = N_("Your offer")
                if len(t.zones["offer"]) > 1:
                    label = N_("Swap")
                t.text(surface, label, (r.centerx, r.bottom + theme.px(2)), size,
                       theme.ACCENT_LIGHT, bold=True, anchor="midtop")
        if t.my_turn() and self.phase() == "take":
            self._ring(surface, self.stock_rect())
            if t.zones.get("pile"):
                self._ring(surface, self.discard_rect())
        hint = self.hint()
        #: the hint's strip as last drawn (None: none shown), which the messages keep off
        self.hint_strip = self._draw_hint(surface, hint) \
            if hint and t.toast is None and not t.coached else None

    def message_marks(self) -> list[pygame.Rect]:
        """What the table's messages keep off besides its marks: the hint's strip, as last
        drawn (a move's caption moved down off the cards lay over its edge at 800x500 with
        four players). A toast hides the hint, so it never keeps off it."""
        strip = getattr(self, "hint_strip", None)
        return [strip] if strip is not None else []

    def _draw_grid_edges(self, surface: pygame.Surface) -> None:
        """On the review's squeezed board, a thin line in the seat's colour round each
        seat's places: closed up, one seat's met the next with only a few pixels between
        (four players: the top row over the left seat's), and a count left out for want of
        room no longer says whose they are."""
        t = self.t
        for seat in range(self.n):
            rect = self.grid_rect(seat).inflate(theme.px(4), theme.px(4))
            colour = t.seat_colour(seat)
            key = ("grid edge", rect.size, tuple(colour))
            img = t.panel_cache.get(key)
            if img is None:
                img = pygame.Surface(rect.size, pygame.SRCALPHA)
                pygame.draw.rect(img, (*colour[:3], 170), img.get_rect(),
                                 width=max(1, theme.px(2)), border_radius=theme.px(8))
                t.panel_cache[key] = img
            surface.blit(img, rect)

    def _ring(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A quiet gold outline round a pile the player may click now."""
        key = ("ring", rect.size)
        img = self.t.panel_cache.get(key)
        if img is None:
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(img, (*theme.ACCENT, 150), img.get_rect(),
                             width=max(2, theme.px(2)), border_radius=theme.px(10))
            self.t.panel_cache[key] = img
        surface.blit(img, rect)

    def _draw_hint(self, surface: pygame.Surface, hint: str) -> pygame.Rect:
        """What to do now, on a dark strip where the toasts appear (hidden under a toast),
        between the side seats' plates at its height: smaller (down to the size of the
        counts of pairs) where it would reach them (at 800x500 with three or four players,
        French, it lay over the corners of both). Returns the strip."""
        t = self.t
        cx, _ = self.centre
        y = self.hand_band().top - theme.px(70)   # where the toasts appear
        bounds = pygame.Rect(0, 0, *self.size)
        size = theme.px(15)
        while True:
            tw, th = theme.text_size(hint, size)
            box = pygame.Rect(0, 0, tw + theme.px(30), th + theme.px(12))
            box.center = (int(cx), int(y))
            near = box.inflate(theme.px(8), 0)
            if size <= theme.px(13) or near.collidelist(
                    [t.plate_rect(s, bounds) for s in range(self.n)]) < 0:
                break
            size -= 1
        key = ("hintbox", box.size)
        bg = t.panel_cache.get(key)
        if bg is None:
            bg = pygame.Surface(box.size, pygame.SRCALPHA)
            theme.rounded(bg, bg.get_rect(), (*theme.PANEL, 165), box.height // 2,
                          edge=(255, 255, 255, 30))
            t.panel_cache[key] = bg
        surface.blit(bg, box)
        t.text(surface, hint, box.center, size, theme.TEXT, anchor="center", shadow=False)
        return box

    def progress_boxes(self) -> dict[int, tuple[pygame.Rect, Msg | str]]:
        """Each seat's '3 / 5 pairs' box and words: beside its pair places (left of a row,
        above a column), or where that would cover other places, piles, plates, the score
        panel, another box, a hand's cards, a button or the line of the hint and toasts,
        the first free of :meth:`_progress_ways`. Where none is free, the short form ('3 /
        5' over smaller pips, a str) in the first free of the same. A seat whose box has no
        free place has none while the score panel, which counts every seat's pairs, is
        shown (the review's board with four players at 800x500)."""
        t = self.t
        bounds = pygame.Rect(0, 0, *self.size)
        taken = [self.grid_rect(s) for s in range(self.n)]
        taken += [t.plate_rect(s, bounds) for s in range(self.n)]
        taken += [self.stock_rect(), self.discard_rect(), *self.pile_words().values()]
        scores = t.score_panel_rect()
        if scores is not None:
            taken.append(scores)
        # every hand's cards (a side seat's column of backs too), the buttons, and the line
        # where the hint and the toasts appear, which would be drawn over a box there
        taken += [s.rect() for seat in range(self.n) for s in t.zone(f"hand{seat}")]
        taken += [pygame.Rect(w.rect) for w in t.form.widgets
                  if getattr(w, "visible", True) and w.rect.width > 0]
        if not t.still:
            taken.append(self.message_band())
        room = theme.px(6)
        out: dict[int, tuple[pygame.Rect, Msg | str]] = {}
        for seat in range(self.n):
            laid = len(t.zones.get(f"pairs{seat}", [])) // 2
            ways = self._progress_ways(seat, room)
            placed = None
            words: Msg | str = ""
            for words in (Msg("{n} / {k} pairs", n=laid, k=PAIRS_TO_WIN),
                          f"{laid} / {PAIRS_TO_WIN}"):
                placed = self._free_place(self._progress_box(words), ways, bounds, taken, room)
                if placed is not None:
                    break
            if placed is None:
                if scores is not None:
                    continue        # no count rather than one over a plate, a pile, pairs
                # nowhere free: the whole box where it covers least
                words = Msg("{n} / {k} pairs", n=laid, k=PAIRS_TO_WIN)
                placed = self._progress_box(words)
                covered = []
                for i, way in enumerate(ways):
                    (anchor, pos), = way.items()
                    setattr(placed, anchor, pos)
                    covered.append((self._covering(placed, bounds, taken), i))
                (anchor, pos), = ways[min(covered)[1]].items()
                setattr(placed, anchor, pos)
            taken.append(placed.copy())
            out[seat] = (placed.copy(), words)
        return out

    def _progress_ways(self, seat: int, room: int) -> list[dict[str, tuple[int, int]]]:
        """Where a seat's count may go, in the order tried: a row's left, its right (on the
        review's board under or over its first pair), then over the seat's own plate (under
        it along the top), beside it, under it (over it); a column's top, its outer edge,
        under it, under its outer edge (on the review's board beside its first row, or up
        from there), above and under its inner edge, then under it beside the seat's plate,
        on the side of the piles."""
        t = self.t
        r = self.grid_rect(seat)
        plate = t.plate_rect(seat, pygame.Rect(0, 0, *self.size))
        if self.slot(seat) in ("bottom", "top"):
            ways = [{"midright": (r.left - room, r.centery)},
                    {"midleft": (r.right + room, r.centery)}]
            if t.still:
                # (three seats on the review's smaller board: the side seats' plates
                # meet the row's ends; under or over the row's first pair)
                ways += [{"topleft": (r.left, r.bottom + room)},
                         {"bottomleft": (r.left, r.top - room)}]
            # (three seats at 800x500: the side seats' plates meet both ends of the
            # person's row; four, French: the top row's left end meets the left-hand
            # seat's box, its right end the score panel)
            # (at the window's top edge over a top seat's plate, it stood among the buttons)
            over = {"bottomleft": (plate.left, plate.top - room)}
            under = {"topleft": (plate.left, plate.bottom + room)}
            return ways + [over if self.slot(seat) == "bottom" else under,
                           {"midright": (plate.left - room, plate.centery)},
                           {"midleft": (plate.right + room, plate.centery)},
                           under if self.slot(seat) == "bottom" else over]
        outer = "left" if self.slot(seat) == "left" else "right"
        inner = "right" if outer == "left" else "left"
        edge = getattr(r, outer)
        ways = [{"midbottom": (r.centerx, r.top - room)},
                {f"bottom{outer}": (edge, r.top - room)},
                {"midtop": (r.centerx, r.bottom + room)},
                {f"top{outer}": (edge, r.bottom + room)}]
        if t.still:
            # (the review's smaller board: between the score panel and the seat's
            # plate the column has no room above or below; beside its first row,
            # on the side of the piles, or up from there)
            x = r.right + room if outer == "left" else r.left - room
            ways += [{f"top{outer}": (x, r.top)},
                     {f"bottom{outer}": (x, r.top - room)}]
        # (a right-hand column under the score panel at 800x500 with three players, or
        # with four at 1280x720 and larger text, its plate just under it; with four at
        # 800x500 the person's row reaches under the column, short of the plate)
        edge = getattr(r, inner)
        side = plate.right + room if outer == "left" else plate.left - room
        return ways + [{f"bottom{inner}": (edge, r.top - room)},
                       {f"top{inner}": (edge, r.bottom + room)},
                       {f"top{inner}": (side, r.bottom + room)}]

    @staticmethod
    def _free_place(box: pygame.Rect, ways: list, bounds: pygame.Rect, taken: list,
                    room: int) -> pygame.Rect | None:
        """``box`` at the first of ``ways`` where it lies on the board clear of ``taken``
        by ``room`` / 2 all round (None: at none)."""
        for way in ways:
            (anchor, pos), = way.items()
            setattr(box, anchor, pos)
            if bounds.contains(box) and box.inflate(room, room).collidelist(taken) < 0:
                return box
        return None

    @staticmethod
    def _progress_metrics(words: Msg | str) -> tuple[int, int, int]:
        """The pips' radius and gap and the box's side margin: smaller for the short form
        (a str)."""
        if isinstance(words, str):
            return theme.px(3), theme.px(2), theme.px(4)
        return theme.px(5), theme.px(4), theme.px(8)

    def _progress_box(self, words: Msg | str) -> pygame.Rect:
        """The size of a count's box: its words over the pips, with a margin."""
        size = theme.px(13)
        pip, gap, side = self._progress_metrics(words)
        tw, th = theme.text_size(words, size, bold=True)
        pips_w = PAIRS_TO_WIN * (2 * pip) + (PAIRS_TO_WIN - 1) * gap
        return pygame.Rect(0, 0, max(tw, pips_w) + 2 * side, th + gap + 2 * pip + theme.px(10))

    def message_band(self) -> pygame.Rect:
        """The strip across the table where the hint and the toasts appear (see
        :meth:`_draw_hint`): a count there would be hidden under them."""
        half = (theme.text_size("0", theme.px(15))[1] + theme.px(12)) // 2 + theme.px(2)
        y = self.hand_band().top - theme.px(70)
        return pygame.Rect(0, y - half, self.size[0], 2 * half)

    def progress_height(self) -> int:
        """The height of a seat's '3 / 5 pairs' box: a line of words over the pips."""
        pip, gap = theme.px(5), theme.px(4)
        th = theme.text_size("0", theme.px(13), bold=True)[1]
        return th + gap + 2 * pip + theme.px(10)

    @staticmethod
    def _covering(box: pygame.Rect, bounds: pygame.Rect, taken: list) -> int:
        """How much of what is ``taken`` (and of the space off the board) ``box`` covers."""
        off = box.width * box.height - box.clip(bounds).width * box.clip(bounds).height
        return off + sum(box.clip(r).width * box.clip(r).height for r in taken)

    def _draw_progress(self, surface: pygame.Surface, seat: int,
                       placed: tuple[pygame.Rect, Msg | str]) -> None:
        """'3 / 5 pairs' (or '3 / 5') with five pips, in the box :meth:`progress_boxes` chose."""
        t = self.t
        box, text = placed
        laid = len(t.zones.get(f"pairs{seat}", [])) // 2
        size = theme.px(13)
        colour = t.seat_colour(seat)
        tw, th = theme.text_size(text, size, bold=True)
        pip, gap, side = self._progress_metrics(text)
        pips_w = PAIRS_TO_WIN * (2 * pip) + (PAIRS_TO_WIN - 1) * gap
        x, y = box.x + side, box.y + theme.px(5)
        key = ("progress", box.size)
        bg = t.panel_cache.get(key)
        if bg is None:
            bg = pygame.Surface(box.size, pygame.SRCALPHA)
            theme.rounded(bg, bg.get_rect(), (*theme.PANEL, 120), theme.px(8))
            t.panel_cache[key] = bg
        surface.blit(bg, box)
        t.text(surface, text, (x, y), size, colour, bold=True)
        px0 = x + (max(tw, pips_w) - pips_w) // 2 + pip
        py = y + th + gap + pip
        for k in range(PAIRS_TO_WIN):
            c = (px0 + k * (2 * pip + gap), py)
            if k < laid:
                pygame.draw.circle(surface, colour, c, pip)
            else:
                pygame.draw.circle(surface, (*theme.TEXT_MUTED,), c, pip, max(1, pip // 3))
