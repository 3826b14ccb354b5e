"""The coach's panel at a lesson's table: where it lies, its words, its buttons' room, and
the rings around what a step lights.

The panel is laid where it covers least of the table: every place down the left and the
right of the window (below the row of Menu, below the score panel) is tried at two widths
(a wider panel needs fewer lines), and the one that covers the least of the cards, plates,
panels and buttons wins, each weighed by how much it matters (what the step lights most
of all); once placed it moves only for a real gain. It is drawn once into a surface and
then only blitted until its words, its size, the language, the contrast or the text size
change. Nothing here knows a game.
"""

from __future__ import annotations

import pygame

from cardtable import i18n
from cardtable.i18n import N_, tr
from cardtable.ui import theme

#: the panel's widths before scaling: its own, and a wider one that needs fewer lines (at
#: most this share of the window's width)
WIDTHS = (360, 440)
MOST = 0.36
#: the keys of a lesson, on the panel's last line
KEYS = N_("Y: why?  ·  Backspace: a step back")
#: the weight of what a step lights: the panel lies on it only where nothing else is left
LIT = 40
#: the colour of the rings around what a step lights
LIGHT = (120, 220, 255)


def overlap(rect: pygame.Rect, others: list) -> int:
    """How many pixels of ``others`` ``rect`` covers, each counted by its weight (an item
    is a rect, weight 1, or a (rect, weight) pair)."""
    total = 0
    for item in others:
        other, weight = item if isinstance(item, tuple) else (item, 1)
        clip = rect.clip(other)
        total += clip.width * clip.height * weight
    return total


class CoachPanel:
    """The panel's place, its lines and its drawing (one per lesson scene)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.spot = -1                  # which of the places it took last
        self.window: tuple[int, int] = (0, 0)
        self._surface: pygame.Surface | None = None
        self._key: tuple | None = None

    # ---- measures ---------------------------------------------------------------------
    @staticmethod
    def sizes() -> tuple[int, int, int]:
        """Type sizes of the heading, the words, and the note and keys."""
        return theme.px(theme.SMALL), theme.px(theme.SMALL + 1), theme.px(theme.SMALL - 1)

    @staticmethod
    def widths(window: tuple[int, int]) -> list[int]:
        """The widths the panel may take in ``window``, narrowest first."""
        most = int(window[0] * MOST)
        return sorted({min(theme.px(w), most) for w in WIDTHS})

    @staticmethod
    def width(window: tuple[int, int]) -> int:
        """The panel's own (narrowest) width."""
        return CoachPanel.widths(window)[0]

    @staticmethod
    def pad() -> int:
        return theme.px(14)

    def lines(self, width: int, heading, body, note) -> tuple[list[str], list[str], list[str]]:
        """The heading's, the words' and the note's lines in a panel ``width`` wide."""
        head, size, small = self.sizes()
        inner = width - 2 * self.pad()
        return (theme.wrap(heading, theme.font(head, True), inner),
                theme.wrap(body, theme.font(size), inner) if body else [],
                theme.wrap(note, theme.font(small, True), inner) if note else [])

    def text_height(self, width: int, heading, body, note) -> int:
        """The height of the words above the buttons (heading, body, note), padding and
        the gap to the buttons included."""
        head, size, small = self.sizes()
        h_lines, b_lines, n_lines = self.lines(width, heading, body, note)
        gap = theme.px(6)
        return (self.pad() + len(h_lines) * theme.line_height(head, True) + gap
                + len(b_lines) * theme.line_height(size)
                + (gap + len(n_lines) * theme.line_height(small, True) if n_lines else 0)
                + 2 * gap)

    def key_lines(self, width: int) -> list[str]:
        """The lesson's keys, in lines that fit the panel (never cut short)."""
        fnt, room = theme.font(self.sizes()[2]), width - 2 * self.pad()
        if fnt.size(tr(KEYS))[0] <= room:
            return [tr(KEYS)]
        return theme.wrap(KEYS, fnt, room)

    def foot_height(self, width: int | None = None, keys: bool = True) -> int:
        """The keys' lines under the buttons (none once the lesson is over), with the
        padding."""
        if not keys:
            return self.pad()
        lines = len(self.key_lines(width)) if width is not None else 1
        return lines * theme.line_height(self.sizes()[2]) + self.pad()

    # ---- place ----------------------------------------------------------------------------
    def place(self, window: tuple[int, int], sizes: list[tuple[int, int]], busy: list,
              top: int, right_top: int, stay: bool = True) -> pygame.Rect:
        """Where the panel covers least of ``busy`` (rects, or (rect, weight) pairs), at one
        of ``sizes`` ((width, height): the panel laid out at each width it may take), down
        the left side below ``top`` (the bottom of the row of Menu) or the right side below
        ``right_top`` (the score panel's). It covers a lit thing (weight :data:`LIT`) only
        where it cannot help it; with ``stay``, where it was costs less: it does not jump
        for little."""
        w, h = window
        margin = theme.px(14)
        stride = theme.px(12)
        before = self.rect if stay and window == self.window and self.rect.width else None
        lit = [item for item in busy if isinstance(item, tuple) and item[1] >= LIT]
        best = None
        for width, height in sizes:
            height = min(height, h - 2 * margin)
            area = width * height
            # the right first: where nothing decides, the panel lies by the score panel,
            # away from the Menu and the play that starts on the dealer's left
            for x, y0 in ((w - width - margin, right_top + theme.px(10)),
                          (margin, top + theme.px(10))):
                low = h - height - margin
                ys = list(range(min(y0, low), low + 1, stride)) + [max(margin, low)]
                if before is not None and before.left == x:
                    ys.append(before.top)
                for y in ys:
                    rect = pygame.Rect(x, max(margin, min(y, low)), width, height)
                    cost = overlap(rect, busy) + area // 200      # the smaller, the better
                    if before is not None and rect.topleft != before.topleft:
                        cost += area // 12
                    cost = (overlap(rect, lit), cost)
                    if best is None or cost < best[0]:
                        best = (cost, rect)
        assert best is not None
        self.rect = best[1]
        self.window = window
        return self.rect

    # ---- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, heading, body, note, note_bad: bool,
             buttons_top: int, keys: bool = True) -> None:
        """The panel at ``self.rect`` with its words above ``buttons_top`` (the scene's
        form draws the buttons over it) and, with ``keys``, the lesson's keys at its foot."""
        rect = self.rect
        key = (rect.size, tr(heading), tr(body) if body else "", tr(note) if note else "",
               note_bad, buttons_top - rect.top, keys, i18n.language(), theme.text_scale(),
               theme.high_contrast())
        if key != self._key or self._surface is None:
            self._surface = self._render(rect, heading, body, note, note_bad,
                                         buttons_top - rect.top, keys)
            self._key = key
        surface.blit(self._surface, rect)

    def _render(self, rect, heading, body, note, note_bad, buttons_y,
                keys: bool = True) -> pygame.Surface:
        out = pygame.Surface(rect.size, pygame.SRCALPHA)
        theme.panel(out, out.get_rect(), alpha=235, shadow=False)
        pygame.draw.rect(out, (*theme.ACCENT, 200), out.get_rect(), width=max(2, theme.px(2)),
                         border_radius=theme.px(12))
        head, size, small = self.sizes()
        h_lines, b_lines, n_lines = self.lines(rect.width, heading, body, note)
        x = self.pad()
        y = self.pad()
        gap = theme.px(6)
        for line in h_lines:
            theme.draw_text(out, line, (x, y), head, theme.ACCENT_LIGHT, bold=True)
            y += theme.line_height(head, True)
        y += gap
        for line in b_lines:
            theme.draw_text(out, line, (x, y), size, theme.TEXT, shadow=False)
            y += theme.line_height(size)
        if n_lines:
            y += gap
            colour = theme.BAD if note_bad else theme.GOOD
            for line in n_lines:
                theme.draw_text(out, line, (x, y), small, colour, bold=True, shadow=False)
                y += theme.line_height(small, True)
        if keys:
            lines = self.key_lines(rect.width)
            y = rect.height - self.pad() - (len(lines) - 1) * theme.line_height(small)
            for line in lines:
                theme.draw_text(out, line, (x, y), small, theme.TEXT_MUTED,
                                anchor="bottomleft", shadow=False)
                y += theme.line_height(small)
        return out


def ring(surface: pygame.Surface, rect: pygame.Rect, pulse: float) -> None:
    """A breathing ring around ``rect``: something the coach talks about."""
    grow = theme.px(5)
    r = rect.inflate(2 * grow, 2 * grow)
    layer = pygame.Surface(r.size, pygame.SRCALPHA)
    alpha = int(140 + 115 * pulse)
    radius = theme.px(12)
    pygame.draw.rect(layer, (*LIGHT, 36), layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, (0, 20, 30, alpha), layer.get_rect(),
                     width=max(4, theme.px(5)), border_radius=radius)
    pygame.draw.rect(layer, (*LIGHT, alpha), layer.get_rect().inflate(-2, -2),
                     width=max(2, theme.px(3)), border_radius=radius)
    surface.blit(layer, r)
