"""What the table shows over the cards: name plates (``plates.py``), the score panel, the
log, captions and toasts, hint tags, drop targets and the review of the last trick.

Each panel is drawn once into ``self._panel_cache`` (texts into ``self._text_cache``) and
then only blitted; a change of language, contrast or text size draws them anew.
"""

from __future__ import annotations

import pygame

from cardtable import i18n
from cardtable.i18n import N_, Msg
from cardtable.ui import session, theme
from cardtable.ui.canvas import per_frame
from cardtable.ui.scenes.table.logline import entry_rows
from cardtable.ui.scenes.table.plates import Plates

FADE_IN, FADE_OUT = 0.15, 0.45   # the table's toasts and captions, seconds
#: under the title of the last trick opened by a click or a key
CLOSE_REVIEW = N_("Click or Esc to close")


class Hud(Plates):
    """Part of :class:`TableScene`: plates, scores, log, messages."""

    def say(self, text: str) -> None:
        """A line in the table's log."""
        if text:
            self.log.append(text)

    def show_caption(self, text: str, seconds: float = 2.2) -> None:
        self.caption = [text, 0.0, seconds]

    def show_toast(self, text: str, seconds: float = 2.6, kind: str = "error") -> None:
        """A short message just above the player's hand.

        ``kind`` "error" (a move refused, on a warm red) or "info" (your turn, a hint, how
        to do something, on the quiet panel colour)."""
        self.toast = [text, 0.0, seconds, kind]
        narrator = self.narrator
        if narrator is not None:
            narrator.say(text)      # a refused move, a hint: said at once

    def text(self, surface, text: str, pos, size: int, colour=theme.TEXT, bold=False,
             anchor="topleft", shadow=True, alpha=255) -> pygame.Rect:
        """Text with a soft shadow, rendered once and then only blitted."""
        key = (text, size, tuple(colour), bold, shadow)
        img = self._text_cache.get(key)
        if img is None:
            fg = theme.render(text, size, colour, bold)
            if shadow:
                off = max(1, size // 18)
                img = pygame.Surface((fg.get_width() + off + 1, fg.get_height() + off),
                                     pygame.SRCALPHA)
                sh = theme.render(text, size, theme.SHADOW, bold).copy()
                sh.set_alpha(110)
                img.blit(sh, (off // 2 + 1 if off > 1 else 1, off))
                img.blit(fg, (0, 0))
            else:
                img = fg
            self._text_cache[key] = img
        rect = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
        # the words a table writes on the felt (a pile's name and count, a group's label):
        # the messages keep off them (see :meth:`felt_words`)
        writing = self.__dict__.setdefault("_writing", [])
        writing.append((surface, rect))
        if len(writing) > 512:          # (drawn somewhere without its messages)
            del writing[:256]
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        surface.blit(img, rect)
        return rect

    def seat_colour(self, seat: int) -> tuple:
        """A seat's colour: its side's, partners sharing one."""
        side = self.match.spec.side_of(seat, self.match.n_players)
        return theme.SEAT_COLOURS[side % len(theme.SEAT_COLOURS)]

    def _draw_scores(self, surface) -> None:
        lines = self.panel_lines()
        if not lines:
            return
        w = surface.get_width()
        key = ("scores", lines, theme.px(236), self.panel_title())   # px: the window size
        img = self._panel_cache.get(key)
        if img is None:
            img = self._render_scores(lines, self._scores_width(lines))
            self._panel_cache[key] = img
        rect = img.get_rect(topright=(w - theme.px(14), theme.px(12)))
        surface.blit(img, rect)
        self.score_rect = rect

    @per_frame
    def score_panel_rect(self) -> pygame.Rect | None:
        """Where the score panel will lie (top right), worked out without drawing it: the
        tables keep their right-hand column of cards below it. None when there is none,
        or no window yet to place it in."""
        if self.app is None:
            return None
        lines = self.panel_lines()
        if not lines:
            return None
        rect = pygame.Rect(0, 0, self._scores_width(lines), self._scores_height(len(lines)))
        rect.topright = (self.size[0] - theme.px(14), theme.px(12))
        return rect

    @staticmethod
    def _scores_height(rows: int) -> int:
        return theme.px(12) * 2 + theme.px(24) + theme.px(22) * rows

    def _scores_width(self, lines) -> int:
        """Wide enough for its longest label and value (longer in French, or with larger
        text), within bounds: the panel shares the top right corner with the seats. Measured
        once for each state of its words (score_panel_rect asks every frame)."""
        title, pad = self.panel_title(), theme.px(12)
        key = (lines, title, pad, theme.text_scale(), i18n.language())
        if key in self._score_widths:
            return self._score_widths.get(key)
        need = theme.text_size(title, theme.px(16), bold=True)[0]
        for label, value, colour in lines:
            dot = theme.px(16) if colour is not None else 0
            need = max(need, dot + theme.text_size(label, theme.px(15))[0] + theme.px(18)
                       + theme.text_size(str(value), theme.px(15), bold=True)[0])
        self._score_widths[key] = max(theme.px(236), min(theme.px(320), need + 2 * pad))
        return self._score_widths[key]

    @property
    def one_deal(self) -> bool:
        """The match is one deal only (the daily deal), as the score panel's title says."""
        return session.daily_date(self.match) is not None

    def panel_title(self) -> Msg | str:
        """The score panel's title: the game, or "Daily deal · <date>" at the daily deal."""
        day = session.daily_date(self.match)
        return self.match.spec.name if day is None else Msg("Daily deal · {date}", date=day)

    def _render_scores(self, lines, width) -> pygame.Surface:
        pad = theme.px(12)
        row = theme.px(22)
        img = pygame.Surface((width, self._scores_height(len(lines))), pygame.SRCALPHA)
        rect = img.get_rect()
        theme.panel(img, rect, alpha=170, radius=theme.px(12), shadow=False)
        title = self.panel_title()
        self.text(img, theme.ellipsize(title, theme.px(16), width - 2 * pad, True),
                  (pad, pad), theme.px(16), theme.ACCENT_LIGHT, bold=True)
        y = pad + theme.px(26)
        for label, value, colour in lines:
            lx = pad
            if colour is not None:
                pygame.draw.circle(img, colour, (pad + theme.px(5), y + row // 2 - 2),
                                   theme.px(5))
                lx = pad + theme.px(16)
            room = width - lx - pad - theme.px(18) - \
                theme.text_size(str(value), theme.px(15), bold=True)[0]
            self.text(img, theme.ellipsize(label, theme.px(15), max(room, theme.px(60))),
                      (lx, y), theme.px(15), theme.TEXT)
            self.text(img, value, (width - pad, y), theme.px(15), theme.TEXT, bold=True,
                      anchor="topright")
            y += row
        return img

    #: the log shows its last entries in at most this many rows, each this tall (px)
    LOG_ROWS, LOG_ROW = 6, 19

    def log_band(self) -> pygame.Rect:
        """Where the log may reach at its tallest (bottom right): the game's buttons keep
        out of it, since it grows as the deal goes on."""
        w, h = self.size
        band = pygame.Rect(0, 0, theme.px(250),
                           theme.px(16) + theme.px(self.LOG_ROW) * self.log_room())
        band.bottomright = (w - theme.px(14), h - theme.px(56))
        return band

    @per_frame
    def log_room(self) -> int:
        """The rows the log may show: LOG_ROWS, fewer (never under three) where a seat's
        plate stands over its corner (65 (Japanese)'s right-hand seat at 1280x720)."""
        w, h = self.size
        row, gap = theme.px(self.LOG_ROW), theme.px(6)
        bottom = h - theme.px(56) - theme.px(16)        # the log's foot, less its margins
        left = w - theme.px(14) - theme.px(250)
        top = bottom - row * self.LOG_ROWS
        bounds = pygame.Rect((0, 0), self.size)
        for seat in range(self.match.n_players):
            plate = self.plate_rect(seat, bounds)
            if plate.right > left and plate.top < bottom and plate.bottom + gap > top:
                top = plate.bottom + gap
        return max(3, min(self.LOG_ROWS, (bottom - top) // row))

    def _draw_log(self, surface) -> None:
        if not self.log:
            return
        w, h = surface.get_size()
        lines = tuple(list(self.log)[-5:])
        width = theme.px(250)
        room = self.log_room()
        key = ("log", lines, width, room)
        img = self._panel_cache.get(key)
        if img is None:
            size = theme.px(14)
            row = theme.px(self.LOG_ROW)
            # long entries wrap (a word wider than a row, a long name, shortened); at most
            # six rows, the newest at the bottom
            rows: list[tuple[str, int, bool]] = []
            for i, line in enumerate(lines):
                for j, part in enumerate(entry_rows(line, size, width - theme.px(30))):
                    rows.append((part, i, j > 0))
            rows = theme.last_whole_rows(rows, room)   # whole entries, the newest last
            img = pygame.Surface((width, theme.px(16) + row * len(rows)), pygame.SRCALPHA)
            theme.panel(img, img.get_rect(), alpha=120, radius=theme.px(10), shadow=False)
            y = theme.px(8)
            for part, i, more in rows:
                colour = theme.lerp_colour(theme.TEXT_MUTED, theme.TEXT, (i + 1) / len(lines))
                self.text(img, part, (theme.px(20 if more else 10), y), size, colour,
                          shadow=False)
                y += row
            for old in [k for k in self._panel_cache if k[0] == "log"]:
                del self._panel_cache[old]
            self._panel_cache[key] = img
        surface.blit(img, img.get_rect(bottomright=(w - theme.px(14), h - theme.px(56))))

    def pill(self, surface, text: str, centre, size: int, alpha: int, tint=theme.PANEL,
             width: int | None = None, anchor: str = "center"):
        """A message on a rounded panel; wider than ``width`` (text pixels), it is broken
        into lines. ``anchor`` names the point of the panel put at ``centre``."""
        box = self._pill_box(text, size, tint, width)
        box.set_alpha(alpha)
        rect = box.get_rect(**{anchor: (int(centre[0]), int(centre[1]))})
        surface.blit(box, rect)
        return rect

    def _pill_box(self, text: str, size: int, tint=theme.PANEL,
                  width: int | None = None) -> pygame.Surface:
        """The panel of :meth:`pill` (made once; its size tells where it will lie)."""
        key = ("pill", text, size, tuple(tint), width)
        box = self._panel_cache.get(key)
        if box is None:
            tw, th = theme.text_size(text, size, bold=True)
            lines = [text]
            if width is not None and tw > width:
                lines = theme.wrap(text, theme.font(size, True), width)
                tw = max(theme.text_size(line, size, bold=True)[0] for line in lines)
            step = th + theme.px(2)
            box = pygame.Surface((tw + theme.px(36), step * len(lines) - theme.px(2)
                                  + theme.px(18)), pygame.SRCALPHA)
            radius = min(box.get_height(), th + theme.px(18)) // 2
            theme.rounded(box, box.get_rect(), (*tint[:3], 225), radius,
                          edge=(255, 255, 255, 60))
            top = theme.px(9)
            for i, line in enumerate(lines):
                self.text(box, line, (box.get_width() // 2, top + i * step), size, theme.TEXT,
                          bold=True, anchor="midtop")
            self._panel_cache[key] = box
        return box

    @staticmethod
    def _fade(msg) -> int:
        age, seconds = msg[1], msg[2]
        if age < FADE_IN:
            return int(255 * age / FADE_IN)
        left = seconds - age
        return max(0, min(255, int(255 * left / FADE_OUT))) if left < FADE_OUT else 255

    def felt_words(self) -> list[pygame.Rect]:
        """Where the table wrote its words on the felt at the last frame (the piles' names
        and counts, a seat's count of tricks or pairs, a group's label, the line saying
        what to do): the messages and the coach's panel keep off them. Taken as the
        messages are drawn, from what the table drew before them; a frame that wrote
        nothing on the window keeps the last frame's."""
        return list(self.__dict__.get("_felt_words", []))

    def _take_felt_words(self, surface) -> None:
        writing = self.__dict__.get("_writing", [])
        if any(on is surface for on, _rect in writing):
            self._felt_words = [rect for on, rect in writing if on is surface]
        self._writing = []

    def messages_keep_off(self) -> list[pygame.Rect]:
        """What else lies over the table that the messages keep off (a lesson's coach's
        panel): none at a plain table."""
        return []

    def _message_keep(self, clear_of: pygame.Rect | None = None,
                      keep_off: bool = True) -> list[pygame.Rect]:
        """What a message keeps off: the table's cards, places, marks, buttons and plates
        (:meth:`_keep_clear`), the words written on the felt and the table's
        ``message_marks`` (a hint's strip, where it has any), ``clear_of`` (another
        message) and, with ``keep_off``, what lies over the table
        (:meth:`messages_keep_off`)."""
        gap = theme.px(4)
        keep = self._keep_clear(buttons=True)
        keep += [r.inflate(gap, gap) for r in self.felt_words()]
        # what the table draws over its felt for the messages alone to keep off (a line of
        # hint on its strip: not a mark the buttons or the coach's panel make room for)
        keep += self._message_marks()
        keep += [clear_of] if clear_of is not None else []
        keep += self._over_the_table() if keep_off else []
        return keep

    def _message_marks(self) -> list[pygame.Rect]:
        """The table's ``message_marks`` (none for a table without)."""
        return [pygame.Rect(r) for r in getattr(self.game, "message_marks", list)()]

    def _over_the_table(self) -> list[pygame.Rect]:
        return [pygame.Rect(r) for r in self.messages_keep_off() if r.width > 0]

    def _caption_tries(self, text, surface_width: int) -> list[tuple[int, int]]:
        """The (text width, size) a caption may take, the table's first: within the room
        the table gives it, a smaller type first, then more lines; narrower beside the
        score panel (larger text) than under it. Then the same in about two lines."""
        cx, cy = self.game.caption_pos()
        room = self.game.caption_width() or surface_width - theme.px(40)
        panel = self.score_panel_rect()
        tries = []
        for _ in range(2):
            width = room - theme.px(36)
            size = theme.fit_size(text, theme.px(17), width, bold=True, least=0.8)
            tries.append((width, size))
            rect = self._pill_box(text, size, width=width).get_rect(center=(int(cx), int(cy)))
            if panel is None or not rect.colliderect(panel):
                break
            room = min(room, 2 * (panel.left - theme.px(12) - int(cx)))
        width, size = tries[-1]
        # then in about two lines, where one long line finds no room
        line = min(width, theme.text_size(text, size, bold=True)[0])
        return [(width, size), (max(theme.px(120), line * 11 // 20), size)]

    def caption_rect(self, text, clear_of: pygame.Rect | None = None,
                     keep_off: bool = True) -> tuple[pygame.Rect, int, int]:
        """Where a caption saying ``text`` goes, its (rect, size, text width): where the
        table puts it if that covers nothing the player needs (see :meth:`_message_keep`),
        else the nearest place that covers nothing (moved up or down, aside from what
        lies over the table, in more lines), else the one covering least. Without
        ``keep_off`` it does not keep off what lies over the table (the coach's panel
        asks where a caption would go)."""
        cx, cy = self.game.caption_pos()
        extra = self._over_the_table() if keep_off else []
        keep = self._message_keep(clear_of, keep_off)
        tries = self._caption_tries(text, self.size[0])
        boxes = [(width, size, self._pill_box(text, size, width=width).get_rect())
                 for width, size in tries]
        rect, width, size = self._banner_spot(boxes, (int(cx), int(cy)), "center", keep,
                                              extra)
        return rect, size, width

    def _draw_caption(self, surface, clear_of: pygame.Rect | None = None) -> pygame.Rect | None:
        """The caption where :meth:`caption_rect` puts it (clear of ``clear_of``, the toast
        shown with it: "Hand 1 of 12 · …" and "Bob, it is your turn." lay one on the
        other)."""
        if self.caption is None:
            return None
        rect, size, width = self.caption_rect(self.caption[0], clear_of)
        return self.pill(surface, self.caption[0], rect.center, size, self._fade(self.caption),
                         width=width)

    def _draw_toast(self, surface) -> pygame.Rect | None:
        self._take_felt_words(surface)
        if self.toast is None:
            return None
        band = self.game.hand_band()
        size = theme.px(17)
        # its lower edge stays where a one-line toast's is; a long message (a hint with its
        # reason) takes more lines upwards rather than reaching over the labels of the
        # piles beside it
        bottom = band.top - theme.px(70) + (theme.text_size("Hg", size, bold=True)[1]
                                            + theme.px(18)) // 2
        error = self.toast[3] == "error"
        tint = (110, 36, 28) if error else theme.PANEL
        width, size, rect = self._toast_fit(surface, size, tint, bottom)
        return self.pill(surface, self.toast[0], rect.midbottom, size, self._fade(self.toast),
                         tint=tint, width=width, anchor="midbottom")

    def _toast_fit(self, surface, size: int, tint, bottom: int) -> tuple[int, int, pygame.Rect]:
        """The toast's (text width, size, rect): on the message line, at the table's width
        for it, else wider, else a little smaller, where it lies over nothing the player
        needs (a rummy's lines taller than one covered its groups' labels, a count of
        tricks its seat's); else the nearest place that covers nothing (see
        :meth:`_banner_spot`)."""
        text = self.toast[0]
        centre = surface.get_width() // 2
        narrow = min(theme.px(self.game.TOAST_WIDTH), surface.get_width() - theme.px(80))
        wide = max(narrow, self._toast_room(surface, bottom))
        keep = self._message_keep()
        tries = [(narrow, size)] + [(wide, s) for s in (size, int(size * 0.9), int(size * 0.8))
                                    if wide > narrow or s < size]
        boxes = [(width, s, self._pill_box(text, s, tint, width).get_rect())
                 for width, s in tries]
        rect, width, s = self._banner_spot(boxes, (centre, bottom), "midbottom", keep,
                                           self._over_the_table())
        return width, s, rect

    def _banner_spot(self, boxes: list[tuple[int, int, pygame.Rect]], point: tuple[int, int],
                     anchor: str, keep: list[pygame.Rect],
                     extra: list[pygame.Rect]) -> tuple[pygame.Rect, int, int]:
        """A message's (rect, text width, size) among ``boxes`` ((text width, size, its
        panel's rect) in the order they are wanted): the first whose ``anchor`` at
        ``point`` covers none of ``keep``; else the nearest place for any of them that
        covers none, moved up or down (between the top buttons' row and the person's
        hand) or aside from ``extra`` (the coach's panel); else the one that covers the
        least of it, never the table's ``message_marks`` where another place is left (a
        caption with no free place took the edge of a pairs hint's strip, which covered
        less than a card). Worked out once for each state of the table."""
        key = (tuple((w, s, r.size) for w, s, r in boxes), point, anchor,
               tuple(tuple(r) for r in keep), tuple(tuple(r) for r in extra), self.size)
        cache = self.__dict__.setdefault("_spots", {})
        if key in cache:
            rect, width, size = cache[key]
            return rect.copy(), width, size
        for width, size, box in boxes:
            rect = box.copy()
            setattr(rect, anchor, point)
            if rect.collidelist(keep) < 0 and self._inside(rect):
                return self._kept(cache, key, (rect, width, size))
        best: tuple | None = None
        # moved, it keeps a gap from what it keeps off (rather than touching a card's edge)
        keep = [r.inflate(theme.px(12), theme.px(12)) for r in keep]
        lines = [r.inflate(theme.px(8), theme.px(8)) for r in self._message_marks()]
        step = max(2, theme.px(6))
        top = theme.px(8)
        floor = self.game.hand_band().top + int(self.game.ch * 0.1)
        for width, size, box in boxes:
            home = box.copy()
            setattr(home, anchor, point)
            xs = [home.x] + [r.left - theme.px(10) - home.width for r in extra] + \
                [r.right + theme.px(10) for r in extra]
            for x in xs:
                for y in range(top, max(top, floor - home.height) + 1, step):
                    rect = pygame.Rect(x, y, home.width, home.height)
                    if not self._inside(rect):
                        continue
                    cost = sum(rect.clip(r).width * rect.clip(r).height
                               for i in rect.collidelistall(keep) for r in (keep[i],))
                    near = abs(rect.centerx - home.centerx) + abs(rect.centery - home.centery)
                    # covering no line of the table's first, then nothing; then the table's
                    # first size, then the nearest
                    score = (rect.collidelist(lines) >= 0, cost,
                             boxes.index((width, size, box)), near)
                    if best is None or score < best[0]:
                        best = (score, rect, width, size)
        if best is None:
            width, size, box = boxes[0]
            rect = box.copy()
            setattr(rect, anchor, point)
            return self._kept(cache, key, (rect, width, size))
        return self._kept(cache, key, best[1:])

    def _inside(self, rect: pygame.Rect) -> bool:
        margin = theme.px(4)
        return pygame.Rect((0, 0), self.size).inflate(-2 * margin, -2 * margin).contains(rect)

    @staticmethod
    def _kept(cache: dict, key, spot: tuple) -> tuple[pygame.Rect, int, int]:
        if len(cache) > 64:
            cache.clear()
        cache[key] = (spot[0].copy(), spot[1], spot[2])
        return spot[0], spot[1], spot[2]

    def _toast_room(self, surface, bottom: int) -> int:
        """The text width a toast may take at the message line: between the seats' plates
        beside it (and as much on the other side), at most the window's less a margin."""
        w = surface.get_width()
        half = w // 2 - theme.px(40)
        line = pygame.Rect(0, bottom - theme.px(90), w, theme.px(90))
        bounds = pygame.Rect((0, 0), self.size)
        for seat in range(self.match.n_players):
            plate = self.plate_rect(seat, bounds)
            if plate.colliderect(line):
                half = min(half, abs(plate.centerx - w // 2) - plate.width // 2 - theme.px(12))
        return max(0, 2 * half - theme.px(36))

    @per_frame
    def _keep_clear(self, buttons: bool = False) -> list[pygame.Rect]:
        """What a message keeps off: the cards and empty places of the table (not the
        viewer's hand), the score panel, the marks the table draws by them (a rummy's
        groups' labels, the piles' names); with ``buttons`` the buttons and the seats'
        plates with the hands by them too."""
        gap = theme.px(6)
        mine = f"hand{self.viewer}"
        keep = [s.rect() for name, sprites in self.zones.items()
                if name != mine and (buttons or not name.startswith("hand")) for s in sprites
                if not s.hidden and not s.moving and not s.dragging]
        for (x, y), width, _angle, _label in self.slots_now():
            keep.append(pygame.Rect(0, 0, int(width), int(width * 1.4)))
            keep[-1].center = (int(x), int(y))
        keep = [r.inflate(-gap, -gap) for r in keep]
        panel = self.score_panel_rect()
        keep += [panel] if panel is not None else []
        # the table's own marks (a table without any has no ``marks``)
        keep += [pygame.Rect(r) for r in getattr(self.game, "marks", list)()]
        if buttons:
            keep += [pygame.Rect(w.rect) for w in self.form.widgets
                     if getattr(w, "visible", True) and w.rect.width > 0]
            bounds = pygame.Rect((0, 0), self.size)
            keep += [self.plate_rect(seat, bounds) for seat in range(self.match.n_players)
                     if seat != self.viewer]
        return keep

    def review_panel(self, window: tuple[int, int], n: int, note) -> tuple[pygame.Rect, list]:
        """The last trick's panel for ``n`` cards and the lines of its ``note`` (who keeps
        which card): the note widens the panel as far as the window allows, then goes on
        more lines."""
        w, h = window
        cw = self.game.cw
        total = n * cw + (n - 1) * int(cw * 0.25)
        size = theme.px(14)
        width = total + theme.px(60)
        if note:
            width = max(width, min(theme.text_size(note, size)[0] + theme.px(40),
                                   w - theme.px(40)))
        lines = theme.wrap(note, theme.font(size), width - theme.px(28)) if note else []
        more = max(0, len(lines) - 1) * theme.line_height(size)
        panel = pygame.Rect(0, 0, width, int(cw * 1.4) + theme.px(132) + more)
        panel.center = (w // 2, int(h * 0.45))
        return panel, lines

    def _draw_review(self, surface) -> None:
        trick = self.game.last_trick()
        if not trick:
            return
        cards, winner, note = trick
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, (0, 0))
        cw = self.game.cw
        gap = int(cw * 0.25)
        total = len(cards) * cw + (len(cards) - 1) * gap
        panel, lines = self.review_panel((w, h), len(cards), note)
        theme.panel(surface, panel, alpha=225, radius=theme.px(16))
        theme.draw_text(surface, "Last trick", (panel.centerx, panel.y + theme.px(14)),
                        theme.px(20), theme.ACCENT_LIGHT, bold=True, anchor="midtop")
        if self.review:         # opened by a click or a key: say how it goes away
            theme.draw_text(surface, theme.ellipsize(CLOSE_REVIEW, theme.px(12),
                                                     panel.width - theme.px(20)),
                            (panel.centerx, panel.y + theme.px(40)), theme.px(12),
                            theme.TEXT_MUTED, anchor="midtop", shadow=False)
        x = panel.centerx - total // 2
        y = panel.y + theme.px(62)
        for seat, code in cards:
            img = self.art.face(code, cw)
            surface.blit(img, (x, y))
            if seat == winner:
                pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(x, y, cw, img.get_height())
                                 .inflate(theme.px(6), theme.px(6)), max(2, theme.px(3)),
                                 border_radius=theme.px(8))
            label = self.game.you(seat)
            theme.draw_text(surface, theme.ellipsize(label, theme.px(14), cw + gap),
                            (x + cw // 2, y + img.get_height() + theme.px(8)), theme.px(14),
                            theme.TEXT, anchor="midtop")
            x += cw + gap
        bottom = panel.bottom - theme.px(12)
        for line in reversed(lines):        # the note's last line at the panel's foot
            theme.draw_text(surface, line, (panel.centerx, bottom), theme.px(14),
                            theme.TEXT_DIM, anchor="midbottom")
            bottom -= theme.line_height(theme.px(14))

    def _draw_hint_marks(self, surface) -> None:
        """A green tag with a pointer above each card a hint is about, so it is told apart
        from a card that is only lifted (just drawn, under the pointer, playable)."""
        self.hint_tag_rect = None
        if not self.hint_cards or not self.my_turn():
            return
        cards = [s for s in self.zones.get(f"hand{self.viewer}", [])
                 if s.code in self.hint_cards and not s.dragging and not s.moving]
        for i, s in enumerate(cards):
            r = s.rect()
            tip = (r.left + min(r.width // 2, theme.px(22)), r.top - theme.px(3))
            size = theme.px(9)
            pygame.draw.polygon(surface, theme.GOOD, [tip, (tip[0] - size, tip[1] - size),
                                                      (tip[0] + size, tip[1] - size)])
            if i or self.coached:
                continue     # one word is enough for a pair or a meld; the coach has its own
            key = ("hint-tag", i18n.language(), theme.text_scale(), theme.high_contrast())
            tag = self._panel_cache.get(key)
            if tag is None:
                label = theme.render(N_("Hint"), theme.px(theme.SMALL), theme.TEXT_DARK,
                                     True)
                pad_x, pad_y = theme.px(9), theme.px(3)
                tag = pygame.Surface((label.get_width() + 2 * pad_x,
                                      label.get_height() + 2 * pad_y), pygame.SRCALPHA)
                pygame.draw.rect(tag, theme.GOOD, tag.get_rect(), border_radius=theme.px(8))
                tag.blit(label, (pad_x, pad_y))
                self._panel_cache[key] = tag
            rect = tag.get_rect(midbottom=(tip[0], tip[1] - size + 1))
            rect.left = max(rect.left, theme.px(4))
            moved = self._clear_of_buttons(rect, tip[0], surface.get_width())
            if moved.x != rect.x:
                # stepped aside from a button: a line along the pointer's base leads back
                base = tip[1] - size
                edge = moved.left + theme.px(6) if moved.left > tip[0] else \
                    moved.right - theme.px(6)
                pygame.draw.line(surface, theme.GOOD, (tip[0], base), (edge, base),
                                 max(2, theme.px(2)))
            surface.blit(tag, moved)
            self.hint_tag_rect = moved

    def _clear_of_buttons(self, rect: pygame.Rect, x: int, width: int) -> pygame.Rect:
        """``rect`` moved sideways off any button it would lie under (Sixty-Six's "Claim
        66" stands just above the hand), the way that keeps it nearest its pointer at
        ``x``; unmoved if no side has room (and clear of it by enough not to look stuck to
        it)."""
        gap = theme.px(10)
        blocking = [pygame.Rect(w.rect) for w in self.form.widgets
                    if getattr(w, "visible", True) and rect.colliderect(w.rect)]
        if not blocking:
            return rect
        left = min(b.left for b in blocking) - gap - rect.width
        right = max(b.right for b in blocking) + gap
        tries = [r for r in (rect.move(left - rect.left, 0), rect.move(right - rect.left, 0))
                 if r.left >= gap and r.right <= width - gap
                 and not any(r.colliderect(w.rect) for w in self.form.widgets
                             if getattr(w, "visible", True))]
        if tries:
            return min(tries, key=lambda r: abs(r.centerx - x))
        # no room beside them ("Clear melds" and "Lay down" fill the row): above them
        shown = [pygame.Rect(w.rect) for w in self.form.widgets
                 if getattr(w, "visible", True)]
        above = rect
        while blocking and above.top >= gap:
            above = above.move(0, min(b.top for b in blocking) - gap - above.bottom)
            blocking = [b for b in shown if above.colliderect(b)]
        return above if above.top >= gap else rect

    def _draw_target(self, surface, rect: pygame.Rect) -> None:
        pulse = self.pulse(6.0, rect)
        key = ("target", rect.size)
        layer = self._panel_cache.get(key)
        if layer is None:
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            r = theme.px(12)
            pygame.draw.rect(layer, (255, 230, 150, 40), layer.get_rect(), border_radius=r)
            pygame.draw.rect(layer, (255, 226, 140, 230), layer.get_rect(),
                             width=max(2, theme.px(2)), border_radius=r)
            self._panel_cache[key] = layer
        layer.set_alpha(int(150 + 105 * pulse))
        surface.blit(layer, rect)
