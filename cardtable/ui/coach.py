"""The coach's panel at a lesson's table: where it lies, its words, its buttons' room, and
the rings around what a step lights.

The panel is laid where it covers least of the table: the places it may take are tried
(under the row of Menu, under the score panel, the middle of either side, above the plates
at the foot), and the one that covers the fewest pixels of cards, plates, panels and
buttons wins. It is drawn once into a surface and then only blitted until its words, its
size, the language, the contrast or the text size change. Nothing here knows a game.
"""

from __future__ import annotations

import pygame

from cardtable import i18n
from cardtable.i18n import N_, tr
from cardtable.ui import theme

#: the panel's width before scaling (and at most this share of the window's)
WIDTH = 360
MOST = 0.34
#: the keys of a lesson, on the panel's last line
KEYS = N_("Y: why?  ·  Backspace: a step back")
#: the colour of the rings around what a step lights
LIGHT = (120, 220, 255)


def overlap(rect: pygame.Rect, others: list[pygame.Rect]) -> int:
    """How many pixels of ``others`` ``rect`` covers (counted once each)."""
    return sum(rect.clip(r).width * rect.clip(r).height for r in others)


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
    def width(window: tuple[int, int]) -> int:
        return min(theme.px(WIDTH), int(window[0] * MOST))

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

    def foot_height(self) -> int:
        """The keys' line under the buttons, with the padding."""
        return theme.line_height(self.sizes()[2]) + self.pad()

    # ---- place ----------------------------------------------------------------------------
    def place(self, window: tuple[int, int], height: int, busy: list[pygame.Rect],
              top: int, right_top: int) -> pygame.Rect:
        """Where a panel ``height`` tall covers least of ``busy``: ``top`` is the bottom of
        the row of Menu, ``right_top`` that of the score panel."""
        w, h = window
        width = self.width(window)
        margin = theme.px(14)
        height = min(height, h - 2 * margin)
        spots = [(margin, top + theme.px(10)),
                 (w - width - margin, right_top + theme.px(10)),
                 (margin, (h - height) // 2),
                 (w - width - margin, (h - height) // 2),
                 (margin, h - height - theme.px(120)),
                 (w - width - margin, h - height - theme.px(120))]
        best = None
        for i, (x, y) in enumerate(spots):
            rect = pygame.Rect(x, max(margin, min(y, h - height - margin)), width, height)
            cost = overlap(rect, busy)
            if i == self.spot and window == self.window:
                cost -= width * height // 12    # where it was: it does not jump for little
            if best is None or cost < best[0]:
                best = (cost, rect, i)
        assert best is not None
        _, self.rect, self.spot = best
        self.window = window
        return self.rect

    # ---- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, heading, body, note, note_bad: bool,
             buttons_top: int) -> None:
        """The panel at ``self.rect`` with its words above ``buttons_top`` (the scene's
        form draws the buttons over it)."""
        rect = self.rect
        key = (rect.size, tr(heading), tr(body) if body else "", tr(note) if note else "",
               note_bad, buttons_top - rect.top, i18n.language(), theme.text_scale(),
               theme.high_contrast())
        if key != self._key or self._surface is None:
            self._surface = self._render(rect, heading, body, note, note_bad,
                                         buttons_top - rect.top)
            self._key = key
        surface.blit(self._surface, rect)

    def _render(self, rect, heading, body, note, note_bad, buttons_y) -> pygame.Surface:
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
        keys = theme.ellipsize(KEYS, small, rect.width - 2 * x)
        theme.draw_text(out, keys, (x, rect.height - self.pad()), small, theme.TEXT_MUTED,
                        anchor="bottomleft", shadow=False)
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
