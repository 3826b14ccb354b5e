"""The coach's panel at a lesson's table: where it lies, its words, its buttons' room, and
the rings around what a step lights.

The panel is laid where it hides least of the table: every place in the window (along
its edges, or on the felt between the seats) is tried at each of its widths (a wider
panel needs fewer lines). It keeps off what the step lights before anything else, then
what is to stay in view (the hand, the plates, the buttons...), then the least of the
rest, each weighed by how much it matters; measured on grids of running sums (a finer
one for what is kept in view: a panel beside a plate is not taken for one over its
edge) so that the thousands of places cost a few milliseconds. It may be given the
panel at several sizes, each with a rank (its own type, a notch smaller, its words in
pages): a worse rank is taken only where it lies over less of what is kept in view. It
prefers the window's edges to the felt in the middle, and stays where it was unless it
must move (a moving panel has to be looked for again). It is drawn once into a surface
and then only blitted until its words, its size, the language, the contrast or the text
size change. Nothing here knows a game."""

from __future__ import annotations

from itertools import accumulate

import pygame

from cardtable import i18n
from cardtable.i18n import N_, tr
from cardtable.ui import theme

#: the panel's widths before scaling, narrowest first: the wider need fewer lines (at
#: most this share of the window's width); 410 fits between Sixty-Six's top plate and
#: the won tricks where 440 does not, and saves its words a page there
WIDTHS = (320, 380, 410, 440, 560)
MOST = 0.45
#: the keys of a lesson, on the panel's last line
KEYS = N_("Y: why?  ·  Backspace: a step back")
#: the weight of what a step lights: the panel lies on it only where nothing else is left
LIT = 40
#: the weight of what the panel must leave in view wherever it can (the person's hand, the
#: name plates, the buttons...): it covers any of it only where every place would
KEEP = 20
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


class Weights:
    """How much of ``busy`` (rects, or (rect, weight) pairs) lies in any rect of ``window``,
    from a table of running sums over cells ``cell`` pixels square: any rect is weighed in
    four look-ups (to the cells it touches)."""

    def __init__(self, window: tuple[int, int], busy: list, cell: int) -> None:
        self.cell = cell
        cols, rows = -(-window[0] // cell), -(-window[1] // cell)
        grid = [[0] * cols for _ in range(rows)]
        bounds = pygame.Rect((0, 0), window)
        for item in busy:
            rect, weight = item if isinstance(item, tuple) else (item, 1)
            rect = rect.clip(bounds)
            if not rect.width or not rect.height:
                continue
            for r in range(rect.top // cell, (rect.bottom - 1) // cell + 1):
                dy = min(rect.bottom, (r + 1) * cell) - max(rect.top, r * cell)
                row = grid[r]
                for c in range(rect.left // cell, (rect.right - 1) // cell + 1):
                    dx = min(rect.right, (c + 1) * cell) - max(rect.left, c * cell)
                    row[c] += dx * dy * weight
        sums = [[0] * (cols + 1)]
        for row in grid:
            sums.append([0] + [a + b for a, b in zip(sums[-1][1:], accumulate(row), strict=True)])
        self.sums, self.cols, self.rows = sums, cols, rows

    def under(self, rect: pygame.Rect) -> int:
        """The weight in the cells ``rect`` touches."""
        cell = self.cell
        c0, r0 = max(0, rect.left // cell), max(0, rect.top // cell)
        c1 = min(self.cols, -(-rect.right // cell))
        r1 = min(self.rows, -(-rect.bottom // cell))
        if c1 <= c0 or r1 <= r0:
            return 0
        s = self.sums
        return s[r1][c1] - s[r0][c1] - s[r1][c0] + s[r0][c0]


class CoachPanel:
    """The panel's place, its lines and its drawing (one per lesson scene)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.spot = -1                  # which of the places it took last
        self.window: tuple[int, int] = (0, 0)
        self._surface: pygame.Surface | None = None
        self._key: tuple | None = None
        #: how many notches smaller than its own the panel is laid (see :data:`NOTCHES`)
        self.notch = 0
        #: which of the sizes :meth:`place` was given it took
        self.chosen = 0

    # ---- measures ---------------------------------------------------------------------
    @staticmethod
    def notches() -> list[int]:
        """The notches the panel may be laid at: its own, and at the larger text sizes one
        smaller (the type a notch down, still larger than at the normal size; less room
        around the words and the buttons)."""
        return [0, 1] if theme.text_scale() > 1 else [0]

    def sizes(self) -> tuple[int, int, int]:
        """Type sizes of the heading, the words, and the note and keys."""
        n = self.notch
        return (theme.px(theme.SMALL - n), theme.px(theme.SMALL + 1 - n),
                theme.px(theme.SMALL - 1 - n))

    def button_size(self) -> int:
        """The type size of the panel's buttons (before scaling)."""
        return theme.SMALL + 1 - self.notch

    def button_height(self) -> int:
        return theme.px(34 - 4 * self.notch)

    def button_gap(self) -> int:
        """Between the buttons, and between their rows."""
        return theme.px(8 - 2 * self.notch)

    def gap(self) -> int:
        """Between the words' parts, and between the buttons."""
        return theme.px(6 - 2 * self.notch)

    @staticmethod
    def widths(window: tuple[int, int]) -> list[int]:
        """The widths the panel may take in ``window``, narrowest first."""
        most = int(window[0] * MOST)
        return sorted({min(theme.px(w), most) for w in WIDTHS})

    @staticmethod
    def width(window: tuple[int, int]) -> int:
        """The panel's own (narrowest) width."""
        return CoachPanel.widths(window)[0]

    def pad(self) -> int:
        return theme.px(14 - 4 * self.notch)

    def lines(self, width: int, heading, body, note, recap=None) -> tuple[list[str], ...]:
        """The heading's, the recap's, the words' and the note's lines in a panel ``width``
        wide."""
        head, size, small = self.sizes()
        inner = width - 2 * self.pad()
        return (theme.wrap(heading, theme.font(head, True), inner),
                theme.wrap(recap, theme.font(small, True), inner) if recap else [],
                theme.wrap(body, theme.font(size), inner) if body else [],
                theme.wrap(note, theme.font(small, True), inner) if note else [])

    def text_height(self, width: int, heading, body, note, recap=None) -> int:
        """The height of the words above the buttons (heading, recap, body, note), padding
        and the gap to the buttons included."""
        head, size, small = self.sizes()
        h_lines, r_lines, b_lines, n_lines = self.lines(width, heading, body, note, recap)
        gap = self.gap()
        return (self.pad() + len(h_lines) * theme.line_height(head, True) + gap
                + (len(r_lines) * theme.line_height(small, True) + gap if r_lines else 0)
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
              stay: bool = True) -> pygame.Rect:
        """Where the panel covers least of ``busy`` (rects, or (rect, weight) pairs), at one
        of ``sizes`` ((width, height): the panel laid out at each width it may take),
        anywhere in ``window``: along its edges or on the felt between the seats. It covers
        a lit thing (weight :data:`LIT`) only where it cannot help it, then what is to stay
        in view (:data:`KEEP`), then takes the size of the best rank (``sizes`` may be
        (width, height, rank); 0 when not given; :attr:`chosen` says which it took), then
        covers the least of the rest. Where it was costs less (a
        panel that moves must be looked for again), much less within a step (``stay``):
        it does not jump for little. Where nothing decides, the edges (the right one
        first) before the middle."""
        w, h = window
        margin = theme.px(14)
        cell = max(4, theme.px(12))

        def tier(low: int, high: int, fine: int) -> Weights:
            return Weights(window, [i for i in busy
                                    if low <= (i[1] if isinstance(i, tuple) else 1) < high],
                           fine)

        # what is kept in view weighed on a finer grid: a panel beside a plate or a pile is
        # not taken for one over its edge
        fine = max(2, cell // 2)
        plain, kept, lit = tier(0, KEEP, cell), tier(KEEP, LIT, fine), tier(LIT, 1 << 30, cell)
        before = self.rect if window == self.window and self.rect.width else None
        step = 2 * cell
        best = None
        # a width at which the words would not fit the window is not tried (the shortest
        # is, cut to the window, when none fits)
        ranked = [(i, size[0], size[1], size[2] if len(size) > 2 else 0)
                  for i, size in enumerate(sizes)]
        fitting = [size for size in ranked if size[2] <= h - 2 * margin]
        for index, width, height, rank in sorted(
                fitting or [min(ranked, key=lambda size: size[2])], key=lambda s: s[3]):
            if best is not None and best[0][:2] == (0, 0) and rank > best[0][2]:
                break           # clear of all that matters at a better rank: none can win
            width, height = min(width, w - 2 * margin), min(height, h - 2 * margin)
            area = width * height
            # every other cell across the felt (a panel a cell off the best place covers
            # next to nothing more), the window's edges, and where it was
            xs = {margin, w - width - margin} | set(range(margin, w - width - margin, step))
            ys = {margin, h - height - margin} | set(range(margin, h - height - margin, step))
            if before is not None:      # where it was: the same corner, whatever its size
                xs |= {x for x in (before.left, before.right - width)
                       if margin <= x <= w - width - margin}
                ys |= {y for y in (before.top, before.bottom - height)
                       if margin <= y <= h - height - margin}
            move = area if stay else area // 2
            for x in xs:
                edge = min(x - margin, w - width - margin - x)      # 0 at either edge
                for y in ys:
                    rect = pygame.Rect(x, y, width, height)
                    # the tiers in turn: a place already worse on one is not weighed further
                    first = lit.under(rect)
                    if best is not None and first > best[0][0]:
                        continue
                    second = kept.under(rect)
                    if best is not None and (first, second) > best[0][:2]:
                        continue
                    cost = plain.under(rect) + area // 200        # the smaller, the better
                    if edge and margin < y < h - height - margin:
                        cost += area // 2       # afloat on the felt: in the way of the play
                    if before is not None and not (
                            (x == before.left or rect.right == before.right)
                            and (y == before.top or rect.bottom == before.bottom)):
                        cost += move
                    key = (first, second, rank, cost, edge, x != w - width - margin, y)
                    if best is None or key < best[0]:
                        best = (key, rect, index)
        assert best is not None
        self.rect = best[1]
        self.chosen = best[2]
        self.window = window
        return self.rect

    # ---- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, heading, body, note, note_bad: bool,
             buttons_top: int, keys: bool = True, recap=None, recap_bad: bool = False) -> None:
        """The panel at ``self.rect`` with its words above ``buttons_top`` (the scene's
        form draws the buttons over it) and, with ``keys``, the lesson's keys at its foot:
        the heading, what the last move did (``recap``; red when it was a mistake), the
        words, then the ``note``."""
        rect = self.rect
        key = (rect.size, tr(heading), tr(body) if body else "", tr(note) if note else "",
               tr(recap) if recap else "", recap_bad, note_bad, buttons_top - rect.top, keys,
               i18n.language(), theme.text_scale(), theme.high_contrast(), self.notch)
        if key != self._key or self._surface is None:
            self._surface = self._render(rect, heading, body, note, note_bad,
                                         buttons_top - rect.top, keys, recap, recap_bad)
            self._key = key
        surface.blit(self._surface, rect)

    def _render(self, rect, heading, body, note, note_bad, buttons_y,
                keys: bool = True, recap=None, recap_bad: bool = False) -> pygame.Surface:
        out = pygame.Surface(rect.size, pygame.SRCALPHA)
        theme.panel(out, out.get_rect(), alpha=235, shadow=False)
        pygame.draw.rect(out, (*theme.ACCENT, 200), out.get_rect(), width=max(2, theme.px(2)),
                         border_radius=theme.px(12))
        head, size, small = self.sizes()
        h_lines, r_lines, b_lines, n_lines = self.lines(rect.width, heading, body, note, recap)
        x = self.pad()
        y = self.pad()
        gap = self.gap()
        for line in h_lines:
            theme.draw_text(out, line, (x, y), head, theme.ACCENT_LIGHT, bold=True)
            y += theme.line_height(head, True)
        y += gap
        for line in r_lines:
            theme.draw_text(out, line, (x, y), small, theme.BAD if recap_bad else theme.GOOD,
                            bold=True, shadow=False)
            y += theme.line_height(small, True)
        if r_lines:
            y += gap
        for line in b_lines:
            theme.draw_text(out, line, (x, y), size, theme.TEXT, shadow=False)
            y += theme.line_height(size)
        if n_lines:
            y += gap
            colour = theme.BAD if note_bad else theme.TEXT       # a refusal, or why
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
