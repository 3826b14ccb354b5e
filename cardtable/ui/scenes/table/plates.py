"""The seats' name plates: a seat's name, who plays it (or that it is to play now), its
score, the dealer's chip; the glow round the plate of the seat to play.

A plate is as wide as its words need within what the table allows (``plate_limit``: a
crowded top row of eight at a rummy table). Where the second line's words do not fit whole
they take a slightly smaller type (larger text sizes), then a shorter form, never cut in
the middle of a word: "Ordinateur · Moyen", then "Ordi · Moyen", then "Moyen" (at
1920x1080, French, the largest text, three plates of the top row of eight showed
"Ordinateur · Mo…").
"""

from __future__ import annotations

import pygame

from cardtable import i18n
from cardtable.i18n import N_, Msg, PMsg
from cardtable.ui import theme
from cardtable.ui.canvas import per_frame
from cardtable.ui.scenes.table.words import LEVEL_WORDS

#: the words a plate's second line says, when they do not fit whole, in shorter forms,
#: longest first (a computer's "Computer · {level}" has its own: see :func:`plate_forms`)
SHORTER: dict[str, tuple] = {
    "Human player": (N_("Human"),),
    "Waiting for a friend": (PMsg("plate", "Waiting"),),
    "Away · a computer plays": (Msg("Away · CPU"), PMsg("plate", "Away")),
    "Open · a computer plays": (Msg("Open · CPU"), PMsg("plate", "Open")),
    "Silent · a computer plays": (Msg("Silent · CPU"), PMsg("plate", "Silent")),
}


def plate_forms(sub: Msg | str) -> list[Msg | str]:
    """A plate's second line ``sub`` and its shorter forms, longest first: a computer's
    kind and level, then "CPU" and its level, then its level alone (the name above it is a
    computer's)."""
    if isinstance(sub, Msg) and sub.msgid == "Computer · {level}":
        level = sub.values["level"]
        return [sub, Msg("CPU · {level}", level=level), level]
    return [sub, *SHORTER.get(sub.msgid if isinstance(sub, Msg) else sub, ())]


def plate_line(sub: Msg | str, size: int, room: int) -> tuple[str, int]:
    """The second line as a plate draws it in ``room`` pixels, and its type size: the first
    form of :func:`plate_forms` that fits whole at ``size``, or a tenth smaller with the
    larger text sizes (a plate of the top row at 1920x1080 lacked 3 % for "Ordinateur ·
    Moyen", and its neighbour fitted "Ordinateur · Facile"); else the first that fits at a
    smaller type, down to the normal text size (the larger text setting given up before a
    word); cut short only where nothing fits even so."""
    forms = [theme.drawable(form) for form in plate_forms(sub)]
    for least in (max(1.0, 0.9 * theme.text_scale()), 1.0):
        for text in forms:
            fitted = theme.fit_size(text, size, room, least=least)
            if theme.text_size(text, fitted)[0] <= room:
                return text, fitted
    return theme.ellipsize(forms[-1], fitted, room), fitted


class Plates:
    """Part of :class:`TableScene` (through its ``Hud``): the seats' name plates."""

    plate_line = staticmethod(plate_line)

    @per_frame
    def plate_rect(self, seat: int, bounds: pygame.Rect) -> pygame.Rect:
        pw, ph = self.plate_width(seat), theme.px(50)
        anchor, pos = self.game.plate_anchor(seat)
        rect = pygame.Rect(0, 0, pw, ph)
        setattr(rect, anchor, pos)
        rect.clamp_ip(bounds.inflate(-theme.px(8), -theme.px(8)))
        row = getattr(self, "top_row", None)
        if row is not None and rect.colliderect(row.inflate(theme.px(8), theme.px(8))):
            rect.top = row.bottom + theme.px(8)     # below the row of buttons
        return rect

    def _draw_plates(self, surface) -> None:
        bounds = surface.get_rect()
        for seat in range(self.match.n_players):
            self._plate(surface, self.plate_rect(seat, bounds), seat)

    def plate_player(self, seat: int) -> Msg | str:
        """Who plays a seat, as its plate says between turns."""
        info = self.match.seats[seat]
        if info.is_human:
            # the person at this screen (their plate already says "You" by default), or a
            # person passing the screen round or at another table
            return N_("Your seat") if seat == self.viewer and not self.hotseat \
                else N_("Human player")
        if info.level in LEVEL_WORDS:
            return Msg("Computer · {level}", level=Msg(LEVEL_WORDS[info.level]))
        return N_("Computer")   # a level not known here (a review's deal record keeps none)

    def plate_words(self, seat: int) -> Msg | str:
        """The small line under a seat's name: who plays it, or that it is to play now."""
        m = self.match
        info = m.seats[seat]
        # nobody's turn behind a summary, the match's end or a hand-over (the next deal's
        # first player is not to play yet); the review's still board always waits, and
        # says whose turn it was
        turn = self.turn == seat and not m.is_over and (self.still or not self.waiting)
        sub = self.plate_player(seat)
        if turn and not info.is_human and self.idle and not m.computers_wait():
            sub = Msg("Thinking{dots}", dots="." * (1 + int(self.clock * 3) % 3))
        elif turn and info.is_human:
            sub = N_("Your turn") if (seat == self.viewer and not self.hotseat
                                      and not self.still) else N_("To play")
        away = self.seat_words(seat, turn)     # network play: empty, or a computer stands in
        return sub if away is None else away

    def plate_width(self, seat: int) -> int:
        """176 px, wider with larger text or a score of three figures, so that the name and
        "Computer · Medium" fit beside the score (up to two fifths wider; a longer name is
        shortened)."""
        score = self.scores[seat] if seat < len(self.scores) else 0
        name = i18n.seat_name(self.match.seats[seat].name)
        # sized for who plays it, not for what it says this moment ("Thinking..." is
        # shorter than "Computer · Medium": the plate keeps its width through the turn);
        # measured once for each state of its words (plate_rect asks every frame)
        player = i18n.tr(self.plate_player(seat))
        away = self.seat_words(seat, False)
        key = (name, player, None if away is None else i18n.tr(away), score,
               self.game.plate_limit(seat), theme.px(100), theme.text_scale(), i18n.language())
        widths = self._plate_widths
        width = widths.get(key)
        if width is None:
            base = int(theme.px(176) * max(1.0, theme.text_scale()))
            words = max(theme.text_size(name, theme.px(17), bold=True)[0],
                        theme.text_size(player, theme.px(13))[0],
                        theme.text_size(key[2] or "", theme.px(13))[0])
            # the sum _render_plate lays out, term by term (rounded apart, px(16) + px(14)
            # can be px(30) + 1: "Computer · Mediu…" at 1900x1060)
            need = (theme.px(16) + theme.px(14) + words + theme.px(8) + theme.px(14)
                    + theme.text_size(str(score), theme.px(24), bold=True)[0])
            limit = key[4]
            width = max(base, min(need, int(base * 1.4)))
            width = width if limit is None else min(width, limit)
            widths[key] = width
        return width

    def _plate(self, surface, rect: pygame.Rect, seat: int) -> None:
        m = self.match
        info = m.seats[seat]
        turn = self.turn == seat and not m.is_over and (self.still or not self.waiting)
        sub = self.plate_words(seat)
        score = self.scores[seat] if seat < len(self.scores) else 0
        pad = theme.px(10)
        if turn:
            pulse = self.pulse(4.0, rect.inflate(2 * pad, 2 * pad))
            glow = self._plate_glow(rect.size, pad)
            glow.set_alpha(int(140 + 115 * pulse))
            surface.blit(glow, (rect.x - pad, rect.y - pad))
        chip = None
        if self.dealer == seat:
            # the dealer's chip sits on the plate's top edge, or on its bottom edge where the
            # score panel comes down to the plate (a network table's panel is a row taller)
            chip = "top"
            panel = self.score_rect
            if panel is not None and rect.top - theme.px(12) < panel.bottom and \
                    rect.right > panel.left and rect.left < panel.right:
                chip = "bottom"
        key = ("plate", rect.size, info.name, sub, score, turn, chip, self.seat_colour(seat))
        img = self._panel_cache.get(key)
        if img is None:
            img = self._render_plate(rect.size, pad, i18n.seat_name(info.name), sub, score, turn,
                                     chip, self.seat_colour(seat))
            if len(self._panel_cache) > 300:
                self._panel_cache.clear()
            self._panel_cache[key] = img
        surface.blit(img, (rect.x - pad, rect.y - pad))

    def _plate_glow(self, size, pad) -> pygame.Surface:
        key = ("glow", size)
        glow = self._panel_cache.get(key)
        if glow is None:
            w, h = size
            glow = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            glow.fill((*theme.ACCENT, 0))
            r = theme.px(12)
            pygame.draw.rect(glow, (*theme.ACCENT, 150), (pad // 2, pad // 2, w + pad, h + pad),
                             border_radius=r + pad // 2)
            glow = pygame.transform.gaussian_blur(glow, max(1, pad // 2))
            self._panel_cache[key] = glow
        return glow

    def _render_plate(self, size, pad, name, sub, score, turn, dealer, colour):
        w, h = size
        img = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        rect = pygame.Rect(pad, pad, w, h)
        r = theme.px(12)
        theme.panel(img, rect, alpha=200, radius=r, shadow=False)
        if turn:
            pygame.draw.rect(img, theme.ACCENT, rect, width=max(2, theme.px(2)), border_radius=r)
        cx = rect.x + theme.px(16)
        name_size, sub_size, score_size = theme.px(17), theme.px(13), theme.px(24)
        pygame.draw.circle(img, colour, (cx, rect.y + theme.px(17)), theme.px(7))
        # the name and the line under it end short of the score, whatever the text size
        score_box, badge = self.plate_parts(rect, score, dealer, pad)
        name_room, line_room = self.plate_rooms(rect, score_box, badge)
        label = theme.ellipsize(name, name_size, name_room, bold=True)
        self.text(img, label, (cx + theme.px(14), rect.y + theme.px(6)), name_size, theme.TEXT,
                  bold=True)
        line, line_size = self.plate_line(sub, sub_size, line_room)
        self.text(img, line, (cx + theme.px(14), rect.y + theme.px(28)),
                  line_size, theme.ACCENT_LIGHT if turn else theme.TEXT_DIM)
        self.text(img, str(score), (rect.right - theme.px(14), rect.centery), score_size,
                  theme.TEXT, bold=True, anchor="midright")
        if badge is not None:
            theme.draw_badge(img, "D", badge.center, badge.width // 2, (250, 246, 232),
                             theme.px(13), theme.TEXT_DARK,
                             edge=(theme.ACCENT_DARK, max(1, theme.px(2))))
        return img

    @staticmethod
    def plate_rooms(rect: pygame.Rect, score_box: pygame.Rect,
                    badge: pygame.Rect | None) -> tuple[int, int]:
        """How wide the name and the line under it may be drawn on a plate at ``rect``: up
        to the score (``score_box``), and short of the dealer's chip (``badge``) where the
        chip comes down over the line (on the top edge, over the name: an 18-letter name's
        last letter was under the "D"; on the bottom edge, over the line under it)."""
        left = rect.x + theme.px(16) + theme.px(14)
        room = score_box.left - theme.px(8) - left
        rooms = []
        for top, size, bold in ((rect.y + theme.px(6), theme.px(17), True),
                                (rect.y + theme.px(28), theme.px(13), False)):
            line = pygame.Rect(left, top, room, theme.line_height(size, bold))
            if badge is not None and line.colliderect(badge):
                rooms.append(max(0, badge.left - theme.px(4) - left))
            else:
                rooms.append(room)
        return rooms[0], rooms[1]

    @staticmethod
    def plate_parts(rect: pygame.Rect, score: int, dealer: str | None,
                    pad: int) -> tuple[pygame.Rect, pygame.Rect | None]:
        """Where a plate at ``rect`` shows its score's digits and the dealer's chip (None: not
        the dealer; "top" or "bottom": on that edge): the chip left of the score however
        wide it is, a clear gap between them (at 800x600 the "D" touched the digit)."""
        size = theme.px(24)
        w, h = theme.text_size(str(score), size, bold=True)
        box = pygame.Rect(0, 0, w, h)
        box.midright = (rect.right - theme.px(14), rect.centery)
        if not dealer:
            return box, None
        chip = min(pad, theme.px(11))
        x = min(rect.right - theme.px(44), box.left - chip - max(6, theme.px(8)))
        y = rect.top + theme.px(1) if dealer == "top" else rect.bottom - theme.px(1)
        return box, pygame.Rect(x - chip, y - chip, 2 * chip, 2 * chip)
