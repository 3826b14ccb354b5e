"""Playing cards drawn in code: faces, backs, shadows and empty-zone outlines.

Everything is drawn with pygame primitives, antialiased by drawing at several times the
final size and smooth-scaling down. Suits are drawn shapes (no font glyphs); only the rank
letters use the bundled typeface (one FreeType face for every size). Every surface is cached
per (what, width, flags), so a card is drawn once per size and then only blitted.

    art = CardArt(four_colour=False, back_colour="blue")
    art.face("QS", 90)            # the queen of spades, 90 px wide (126 px high)
    art.back(90); art.shadow(90, lifted=True); art.slot(90); art.glow(90)

The court cards carry the letters K Q J, or R D V (roi, dame, valet) as French players
expect: the "court_letters" setting (:func:`set_court_letters`) is "auto" by default, the
letters of the language the program speaks, or "kqj" / "rdv" whatever the language. The
letters are worked out each time a face is asked for, and are part of its cache key, so a
change of setting or language shows at the next frame.
"""

from __future__ import annotations

import math

import pygame

from cardtable import i18n
from cardtable.i18n import tr
from cardtable.paths import font_path
from cardtable.ui.lru import LRU
from cardtable.ui.shapes import (
    SUIT_ASPECT,
    crown_points,
    crown_tips,
    draw_shape,
    shape,
    smooth_layer,
    star_points,
)

RATIO = 7 / 5

INK = (28, 28, 34)
RED = (196, 30, 48)
BLUE = (28, 84, 196)
GREEN = (22, 128, 62)
GOLD = (212, 168, 60)
DARK_GOLD = (150, 112, 30)
EDGE = (168, 168, 172)
FACE = (253, 253, 250)

TWO_COLOUR = {"S": INK, "C": INK, "H": RED, "D": RED}
FOUR_COLOUR = {"S": INK, "C": GREEN, "H": RED, "D": BLUE}

#: Named back colours offered by the settings; any RGB tuple also works.
BACK_COLOURS = {
    "blue": (34, 74, 152),
    "red": (158, 34, 46),
    "green": (28, 110, 70),
    "purple": (92, 52, 140),
    "black": (40, 42, 48),
    "teal": (20, 112, 120),
}

RANK_LABEL = {"T": "10"}

#: the narrowest a face-up card is ever drawn at rest: a player's hand at its smallest,
#: so every card on the table shows an index at least as tall as the hand's (10 px)
MIN_FACE_WIDTH = 48

#: the letters on the court cards: the setting's value -> rank code -> letter shown
COURT_LETTERS = {
    "kqj": {"K": "K", "Q": "Q", "J": "J"},
    "rdv": {"K": "R", "Q": "D", "J": "V"},     # roi, dame, valet
}
#: the letters each language's players expect (setting "auto")
LANGUAGE_LETTERS = {"fr": "rdv"}

_court_setting = "auto"


def set_court_letters(setting: str | None) -> None:
    """Apply the "court_letters" setting: "auto" (by language), "kqj" or "rdv"."""
    global _court_setting
    _court_setting = setting if setting in ("auto", *COURT_LETTERS) else "auto"


def court_letters(setting: str | None = None) -> str:
    """The letters in force ("kqj" or "rdv") for ``setting`` (the applied one by default)."""
    value = _court_setting if setting is None else setting
    if value in COURT_LETTERS:
        return value
    return LANGUAGE_LETTERS.get(i18n.language(), "kqj")


def rank_label(rank: str, letters: str = "kqj") -> str:
    """What a card's index shows for ``rank``: "10" for the ten, the court letters chosen."""
    court = COURT_LETTERS.get(letters, COURT_LETTERS["kqj"])
    return court.get(rank) or RANK_LABEL.get(rank, rank)


def card_height(width: int) -> int:
    """Height of a card of ``width`` pixels (poker proportions 5:7)."""
    return int(round(width * RATIO))


def corner_radius(width: int) -> int:
    return max(2, int(round(width * 0.06)))


def _rgb(colour) -> tuple[int, int, int]:
    if isinstance(colour, str):
        return BACK_COLOURS.get(colour, BACK_COLOURS["blue"])
    return tuple(int(c) for c in colour[:3])


def _mix(a, b, t: float) -> tuple[int, int, int]:
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))


# --------------------------------------------------------------------------- fonts

#: the typeface of the card indices and of the empty places' names, one per weight: a
#: FreeType face draws every size from one object (sixteen sizes of one font object each,
#: as a card width asks for its own, held 2.1 MB; the face holds 0.2 MB for all of them).
#: The faces themselves are kept, so a face is asked for only when a card is first drawn.
_FACES: dict[bool, pygame.freetype.Font] = {}


def _face(bold: bool = True):
    face = _FACES.get(bold)
    if face is None:
        import pygame.freetype  # only where a card is first drawn: not at start

        if not pygame.freetype.get_init():
            pygame.freetype.init()
        face = pygame.freetype.Font(str(font_path(bold)))
        face.antialiased = True
        face.pad = False
        _FACES[bold] = face
    return face


def _size(size: int) -> int:
    return max(6, int(size))


def text_width(label: str, size: int, bold: bool = True) -> int:
    """How wide ``label`` draws at ``size`` (its advance, as the text is laid out)."""
    return _face(bold).get_rect(label, size=_size(size)).width


def render(label: str, size: int, colour, bold: bool = True) -> pygame.Surface:
    """``label`` at ``size`` px in ``colour`` on a transparent ground, as tight as its ink."""
    surf, _ = _face(bold).render(label, (*colour[:3], 255), size=_size(size))
    return surf


def _text(label: str, size: int, colour, max_width: int | None = None) -> pygame.Surface:
    """Rank text with tight vertical bounds; squeezed horizontally if wider than allowed."""
    surf = render(label, size, colour)
    # crop to the ink so the letter sits where it is placed
    bounds = surf.get_bounding_rect(min_alpha=8)
    if bounds.h > 0:
        surf = surf.subsurface(bounds).copy()
    if max_width and surf.get_width() > max_width:
        surf = pygame.transform.smoothscale(surf, (max_width, surf.get_height()))
    return surf


# --------------------------------------------------------------------------- the art


class CardArt:
    """All card imagery at any width, cached. Settings are fixed per instance."""

    def __init__(self, four_colour: bool = False, back_colour="blue",
                 court: str | None = None):
        self.four_colour = bool(four_colour)
        #: "auto", "kqj" or "rdv" for this art alone; None follows set_court_letters()
        self.court = court
        self.back_rgb = _rgb(back_colour)
        self.colours = FOUR_COLOUR if self.four_colour else TWO_COLOUR
        # every image drawn, the least recently used forgotten past a bound in bytes that
        # follows the widest card in use (:meth:`_use_width`)
        self._cache: LRU = LRU(self.KEEP_ENTRIES, self._bound(100))
        # turned images: every card has a tilt of its own, so angles keep coming
        self._rot: dict[tuple, pygame.Surface] = LRU(self.KEEP_TURNED)
        self._widths: list[int] = []

    # ---- public API -----------------------------------------------------------
    @staticmethod
    def height(width: int) -> int:
        return card_height(width)

    def suit_colour(self, suit: str) -> tuple[int, int, int]:
        return self.colours.get(suit, INK)

    def rank_text(self, rank: str) -> str:
        """``rank`` as this art's card faces write it ("10", "K" or "R"): for every small
        label that names a card (a wild card's tag, the cards left in a summary)."""
        return rank_label(rank, court_letters(self.court))

    #: how many card widths are kept cached (a window resized by dragging asks for many)
    KEEP_WIDTHS = 8
    #: how many turned images are kept (the most recently used): a trick, the tops of the
    #: piles and a few in the air need fewer (48 kept 2.4 MB at 1280x720 in a rummy match)
    KEEP_TURNED = 24
    #: the images kept, in faces of the widest card in use: a table shows at most a few
    #: dozen different faces at once (a rummy hand, the melds at a smaller width); more
    #: only held faces long gone -- each rummy hand has its own wild rank, so its wild
    #: faces of every hand were kept to the end of the match (12 MB at 1280x720). At 60
    #: a japanese65 deal draws a face again now and then (150 drawn for 96 in two deals),
    #: never in every frame
    KEEP_FACES = 60
    #: and at most so many images, whatever their size
    KEEP_ENTRIES = 2000

    @classmethod
    def _bound(cls, width: int) -> int:
        return cls.KEEP_FACES * 4 * width * card_height(width)

    def _use_width(self, width: int) -> None:
        """Remember ``width`` as recently used; forget the surfaces of old widths."""
        order = self._widths
        if order and order[-1] == width:
            return
        if width in order:
            order.remove(width)
        order.append(width)
        if len(order) > self.KEEP_WIDTHS:
            old = order.pop(0)
            for key in [k for k in self._cache if len(k) >= 2 and old in k[1:3]
                        and k[0] != "suit"]:
                del self._cache[key]
        self._cache.max_bytes = self._bound(max(order))

    def face(self, code: str, width: int, wild: bool = False, dim: bool = False) -> pygame.Surface:
        """The face of ``code`` (``'QS'``, ``'TH'``, ``'JK'``) ``width`` pixels wide."""
        width = max(12, int(width))
        self._use_width(width)
        letters = court_letters(self.court)
        key = ("face", code, width, bool(wild), bool(dim), letters)
        surf = self._cache.get(key)
        if surf is None:
            if dim or wild:
                surf = self.face(code, width).copy()
                if wild:
                    self._draw_wild_badge(surf, width)
                if dim:
                    surf.blit(self._dim_overlay(width), (0, 0))
            else:
                surf = self._draw_face(code, width, letters)
            self._cache[key] = surf
        return surf

    def back(self, width: int) -> pygame.Surface:
        width = max(12, int(width))
        key = ("back", width)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._draw_back(width)
            self._cache[key] = surf
        return surf

    def card(self, code: str | None, width: int, face_up: bool = True, **flags) -> pygame.Surface:
        """Face or back: a face-down or unknown (``None``) card shows its back."""
        if code is None or not face_up:
            return self.back(width)
        return self.face(code, width, **flags)

    def shadow(self, width: int, lifted: bool = False) -> pygame.Surface:
        """A soft shadow; blit it at ``card_topleft + shadow_offset(width, lifted)``."""
        width = max(12, int(width))
        key = ("shadow", width, bool(lifted))
        surf = self._cache.get(key)
        if surf is None:
            surf = self._draw_shadow(width, lifted)
            self._cache[key] = surf
        return surf

    @staticmethod
    def shadow_offset(width: int, lifted: bool = False) -> tuple[int, int]:
        width = max(12, int(width))
        pad = _shadow_pad(width, lifted)
        dx, dy = (0.03, 0.07) if lifted else (0.012, 0.025)
        return (int(round(width * dx)) - pad, int(round(width * dy)) - pad)

    def slot(self, width: int, label: str = "") -> pygame.Surface:
        """A faint outline showing where cards go (an empty stock, trick place or pile)."""
        width = max(12, int(width))
        label = tr(label)   # marked with N_() by the tables; shown in the current language
        key = ("slot", width, label)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._draw_slot(width, label)
            self._cache[key] = surf
        return surf

    def glow(self, width: int, colour=(255, 214, 102)) -> pygame.Surface:
        """A soft halo drawn under a highlighted card; centre it on the card."""
        width = max(12, int(width))
        colour = tuple(colour[:3])
        key = ("glow", width, colour)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._draw_glow(width, colour)
            self._cache[key] = surf
        return surf

    def suit_symbol(self, suit: str, size: int, colour=None) -> pygame.Surface:
        """A suit shape ``size`` pixels high (for the score panel, buttons, captions)."""
        size = max(4, int(size))
        colour = tuple(colour[:3]) if colour is not None else self.suit_colour(suit)
        key = ("suit", suit, size, colour)
        surf = self._cache.get(key)
        if surf is None:
            polys, circles = shape(suit)
            w = max(3, int(round(size * SUIT_ASPECT[suit])))

            def draw(big, s, polys=polys, circles=circles, w=w):
                draw_shape(big, polys, circles, (0, 0, w * s, size * s), colour)

            surf = smooth_layer((w, size), draw, colour)
            self._cache[key] = surf
        return surf

    def rotated(self, surf: pygame.Surface, angle: float) -> pygame.Surface:
        """``surf`` (one of this art's cached surfaces) turned by ``angle`` degrees."""
        a = int(round(angle)) % 360
        if a == 0:
            return surf
        # keyed by the surface itself, which the entry keeps alive: an image the cache
        # has forgotten cannot hand its id on to a new one while a turned copy remains
        key = (surf, a)
        out = self._rot.get(key)
        if out is None:
            if a % 90 == 0:
                out = pygame.transform.rotate(surf, a)
            else:
                out = pygame.transform.rotozoom(surf, a, 1.0)
            self._rot[key] = out
        return out

    def clear(self) -> None:
        self._cache.clear()
        self._rot.clear()

    # ---- pieces -----------------------------------------------------------------
    def _base(self, width: int) -> pygame.Surface:
        """White rounded face with a thin grey edge (shared by every face of this width)."""
        key = ("base", width)
        surf = self._cache.get(key)
        if surf is None:
            h = card_height(width)
            r = corner_radius(width)

            def draw(big, s):
                full = pygame.Rect(0, 0, width * s, h * s)
                pygame.draw.rect(big, (*EDGE, 255), full, border_radius=r * s)
                inner = full.inflate(-2 * s, -2 * s)
                pygame.draw.rect(big, (*FACE, 255), inner, border_radius=max(1, r * s - s))

            surf = smooth_layer((width, h), draw, EDGE)
            self._cache[key] = surf
        return surf

    def _mask_layer(self, width: int, colour, alpha: int, inset: float = 0.0) -> pygame.Surface:
        h = card_height(width)
        r = corner_radius(width)

        def draw(big, s):
            rect = pygame.Rect(0, 0, width * s, h * s).inflate(-2 * inset * s, -2 * inset * s)
            rad = max(1, int(r * s - inset * s))
            pygame.draw.rect(big, (*colour, alpha), rect, border_radius=rad)

        return smooth_layer((width, h), draw, colour)

    def _dim_overlay(self, width: int) -> pygame.Surface:
        key = ("dim", width)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._mask_layer(width, (40, 44, 52), 38)
            self._cache[key] = surf
        return surf

    def _index(self, surf: pygame.Surface, label: str, suit: str | None, width: int, colour):
        """Rank over suit at top-left, and the same rotated at bottom-right."""
        h = card_height(width)
        cx = width * 0.105
        rank_size = max(8, int(round(width * 0.21)))
        text = _text(label, rank_size, colour, max_width=int(width * 0.19))
        top = max(2, int(round(width * 0.065)))
        tile_h = text.get_height()
        parts = [(text, top)]
        if suit is not None:
            sym = self.suit_symbol(suit, max(5, int(round(width * 0.14))), colour)
            y = top + tile_h + max(1, int(round(width * 0.035)))
            parts.append((sym, y))
        for piece, y in parts:
            x = int(round(cx - piece.get_width() / 2))
            surf.blit(piece, (x, y))
            turned = pygame.transform.rotate(piece, 180)
            surf.blit(turned, (width - x - piece.get_width(), h - y - piece.get_height()))

    def _pip(self, surf, suit, cx, cy, size, flip=False):
        sym = self.suit_symbol(suit, size)
        if flip:
            sym = pygame.transform.rotate(sym, 180)
        surf.blit(sym, sym.get_rect(center=(int(round(cx)), int(round(cy)))))

    def _draw_face(self, code: str, width: int, letters: str = "kqj") -> pygame.Surface:
        surf = self._base(width).copy()
        if code == "JK":
            self._draw_joker(surf, width)
            return surf
        rank, suit = code[0], code[1]
        colour = self.suit_colour(suit)
        self._index(surf, rank_label(rank, letters), suit, width, colour)
        if rank in "JQK":
            self._draw_court(surf, rank, suit, width, colour, rank_label(rank, letters))
        elif rank == "A":
            self._draw_ace(surf, suit, width, colour)
        else:
            self._draw_pips(surf, rank, suit, width)
        return surf

    # classic pip layouts: (column, row) with columns 0..2 and rows 0..1 (top to bottom)
    _LAYOUTS = {
        "2": [(1, 0), (1, 1)],
        "3": [(1, 0), (1, 0.5), (1, 1)],
        "4": [(0, 0), (2, 0), (0, 1), (2, 1)],
        "5": [(0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)],
        "6": [(0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
        "7": [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
        "8": [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)],
        "9": [(0, 0), (2, 0), (0, 1 / 3), (2, 1 / 3), (1, 0.5), (0, 2 / 3), (2, 2 / 3),
              (0, 1), (2, 1)],
        "T": [(0, 0), (2, 0), (1, 1 / 6), (0, 1 / 3), (2, 1 / 3), (0, 2 / 3), (2, 2 / 3),
              (1, 5 / 6), (0, 1), (2, 1)],
    }

    def _draw_pips(self, surf, rank, suit, width):
        h = card_height(width)
        cols = (width * 0.33, width * 0.5, width * 0.67)
        top, bottom = h * 0.2, h * 0.8
        size = int(round(width * (0.18 if rank in "9T" else 0.2)))
        for col, row in self._LAYOUTS[rank]:
            cy = top + (bottom - top) * row
            self._pip(surf, suit, cols[col], cy, size, flip=row > 0.5)

    def _draw_ace(self, surf, suit, width, colour):
        h = card_height(width)
        size = int(round(width * (0.5 if suit == "S" else 0.42)))
        if suit == "S":
            ring_r = width * 0.33

            def draw(big, s):
                c = (width * s / 2, h * s / 2)
                pygame.draw.circle(big, (*GOLD, 255), c, ring_r * s, max(1, int(width * 0.015 * s)))
                pygame.draw.circle(big, (*GOLD, 110), c, (ring_r - width * 0.04) * s,
                                   max(1, int(width * 0.006 * s)))

            surf.blit(smooth_layer((width, h), draw, GOLD), (0, 0))
        self._pip(surf, suit, width / 2, h / 2, size)

    def _draw_court(self, surf, rank, suit, width, colour, label=None):
        h = card_height(width)
        panel = pygame.Rect(0, 0, int(width * 0.6), int(h * 0.76))
        panel.center = (width // 2, h // 2)
        tint = _mix(colour, (255, 255, 255), 0.9)
        tint = _mix(tint, (252, 240, 210), 0.5)

        def frame(big, s):
            r = panel.move(0, 0)
            br = pygame.Rect(r.x * s, r.y * s, r.w * s, r.h * s)
            rad = max(1, int(width * 0.04 * s))
            pygame.draw.rect(big, (*colour, 255), br, border_radius=rad)
            inner = br.inflate(-int(width * 0.025 * s) * 2, -int(width * 0.025 * s) * 2)
            pygame.draw.rect(big, (*tint, 255), inner, border_radius=max(1, rad - s))
            gold = inner.inflate(-int(width * 0.03 * s) * 2, -int(width * 0.03 * s) * 2)
            pygame.draw.rect(big, (*GOLD, 255), gold, max(1, int(width * 0.012 * s)),
                             border_radius=max(1, rad - 2 * s))
            # diagonal divide, as on a double-headed court card
            pygame.draw.line(big, (*GOLD, 200), gold.bottomleft, gold.topright,
                             max(1, int(width * 0.008 * s)))

        surf.blit(smooth_layer((width, h), frame, colour), (0, 0))
        # one half: ornament, big letter and suit; the other half is the same turned round
        half = pygame.Surface((panel.w, panel.h // 2), pygame.SRCALPHA)
        hw, hh = half.get_size()
        orn_h = max(4, int(hh * 0.22))
        orn_w = max(6, int(hw * 0.42))
        spikes = {"K": 3, "Q": 5, "J": 2}[rank]

        def ornament(big, s):
            ox, oy = (hw - orn_w) / 2 * s, hh * 0.12 * s
            pts = crown_points(ox, oy, orn_w * s, orn_h * s, spikes)
            pygame.draw.polygon(big, (*GOLD, 255), pts)
            pygame.draw.polygon(big, (*DARK_GOLD, 255), pts, max(1, int(width * 0.008 * s)))
            # jewels on the tips
            for jx, jy in crown_tips(ox, oy, orn_w * s, spikes):
                pygame.draw.circle(big, (*colour, 255), (jx, jy), max(1, width * 0.02 * s))

        half.blit(smooth_layer((hw, hh), ornament, GOLD), (0, 0))
        letter = _text(label or rank, max(8, int(width * 0.3)), colour)
        ly = int(hh * 0.12 + orn_h + hh * 0.06)
        lx = int(hw * 0.30 - letter.get_width() / 2)
        half.blit(letter, (lx, ly))
        sym = self.suit_symbol(suit, max(5, int(width * 0.17)))
        half.blit(sym, sym.get_rect(center=(int(hw * 0.70), ly + letter.get_height() // 2)))
        surf.blit(half, panel.topleft)
        surf.blit(pygame.transform.rotate(half, 180), (panel.x, panel.y + panel.h - hh))

    def _draw_joker(self, surf, width):
        h = card_height(width)
        colour = RED
        # corner: JOKER in stacked letters with a small star, both corners
        size = max(6, int(round(width * 0.12)))
        letters = [_text(ch, size, colour) for ch in "JOKER"]
        y = max(2, int(round(width * 0.06)))
        gap = max(1, int(round(width * 0.012)))
        cx = width * 0.1
        col = pygame.Surface((int(width * 0.2), h // 2), pygame.SRCALPHA)
        yy = 0
        for le in letters:
            col.blit(le, (int(cx - le.get_width() / 2), yy))
            yy += le.get_height() + gap
        star_r = width * 0.05

        def small_star(big, s):
            pts = star_points(cx * s, (yy + star_r) * s, star_r * s, star_r * 0.45 * s)
            pygame.draw.polygon(big, (*GOLD, 255), pts)

        col.blit(smooth_layer(col.get_size(), small_star, GOLD), (0, 0))
        surf.blit(col, (0, y))
        turned = pygame.transform.rotate(col, 180)
        surf.blit(turned, (width - col.get_width(), h - y - col.get_height()))

        # centre: a crowned star in a ring of small stars
        def centre(big, s):
            cxs, cys = width * s / 2, h * s * 0.54
            ring = width * 0.3 * s
            for i in range(12):
                a = i * math.pi / 6
                p = star_points(cxs + ring * math.cos(a), cys + ring * math.sin(a),
                                 width * 0.03 * s, width * 0.012 * s)
                pygame.draw.polygon(big, (*GOLD, 255), p)
            big_star = star_points(cxs, cys, width * 0.22 * s, width * 0.09 * s)
            pygame.draw.polygon(big, (*RED, 255), big_star)
            pygame.draw.polygon(big, (*DARK_GOLD, 255), big_star, max(1, int(width * 0.012 * s)))
            cw, ch = width * 0.34 * s, width * 0.17 * s
            crown = crown_points(cxs - cw / 2, cys - width * 0.44 * s, cw, ch, 3)
            pygame.draw.polygon(big, (*GOLD, 255), crown)
            pygame.draw.polygon(big, (*DARK_GOLD, 255), crown, max(1, int(width * 0.01 * s)))
            pygame.draw.circle(big, (*INK, 255), (cxs, cys), width * 0.035 * s)

        surf.blit(smooth_layer((width, h), centre, GOLD), (0, 0))

    def _draw_wild_badge(self, surf, width):
        """A small gold star badge under the top-left index: the card is wild."""
        r = max(4, width * 0.075)
        cx = width * 0.105
        cy = width * 0.58
        size = int(r * 2 + 4)

        def draw(big, s):
            c = (size * s / 2, size * s / 2)
            pygame.draw.circle(big, (*DARK_GOLD, 255), c, r * s)
            pygame.draw.circle(big, (*GOLD, 255), c, (r - max(1, width * 0.012)) * s)
            pygame.draw.polygon(big, (255, 255, 255, 255),
                                star_points(c[0], c[1], r * 0.72 * s, r * 0.3 * s))

        badge = smooth_layer((size, size), draw, GOLD)
        surf.blit(badge, badge.get_rect(center=(int(cx), int(cy))))

    def _draw_back(self, width: int) -> pygame.Surface:
        h = card_height(width)
        surf = self._base(width).copy()
        base = self.back_rgb
        light = _mix(base, (255, 255, 255), 0.22)
        dark = _mix(base, (0, 0, 0), 0.18)
        inset = max(2, int(round(width * 0.065)))
        r = corner_radius(width)
        inner = pygame.Rect(inset, inset, width - 2 * inset, h - 2 * inset)

        def draw(big, s):
            rect = pygame.Rect(inner.x * s, inner.y * s, inner.w * s, inner.h * s)
            rad = max(1, (r - inset // 2) * s)
            pygame.draw.rect(big, (*base, 255), rect, border_radius=rad)
            # a diamond lattice with small dots where the lines cross
            step = max(4.0, width * 0.11) * s
            line_w = max(1, int(width * 0.012 * s))
            clip = big.get_clip()
            big.set_clip(rect.inflate(-2 * s, -2 * s))
            span = rect.w + rect.h
            k = -span
            while k < span:
                x0 = rect.x + k
                tint = (*light, 150)
                pygame.draw.line(big, tint, (x0, rect.y), (x0 + rect.h, rect.bottom), line_w)
                pygame.draw.line(big, tint, (x0 + rect.h, rect.y), (x0, rect.bottom), line_w)
                k += step
            # dots at the crossings
            j = 0
            y = rect.y + step / 2
            while y < rect.bottom:
                x = rect.x + (step / 2 if j % 2 == 0 else 0)
                while x < rect.right:
                    pygame.draw.circle(big, (*dark, 255), (x, y), max(1.0, width * 0.018 * s))
                    x += step
                y += step / 2
                j += 1
            big.set_clip(clip)
            # a double inner frame
            f1 = rect.inflate(-int(width * 0.05 * s) * 2, -int(width * 0.05 * s) * 2)
            pygame.draw.rect(big, (*light, 230), f1, max(1, int(width * 0.014 * s)),
                             border_radius=max(1, rad // 2))
            # centre medallion
            c = rect.center
            rr = width * 0.16 * s
            pygame.draw.circle(big, (*base, 255), c, rr)
            pygame.draw.circle(big, (*light, 255), c, rr, max(1, int(width * 0.014 * s)))
            pygame.draw.polygon(big, (*light, 255),
                                star_points(c[0], c[1], rr * 0.7, rr * 0.3, n=4, rot=0))

        surf.blit(smooth_layer((width, h), draw, base), (0, 0))
        return surf

    def _draw_shadow(self, width: int, lifted: bool) -> pygame.Surface:
        h = card_height(width)
        pad = _shadow_pad(width, lifted)
        r = corner_radius(width)
        alpha = 80 if lifted else 125
        surf = pygame.Surface((width + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        surf.fill((0, 0, 0, 0))
        pygame.draw.rect(surf, (0, 0, 0, alpha), (pad, pad, width, h), border_radius=r)
        radius = max(1, pad // 2)
        return pygame.transform.gaussian_blur(surf, radius)

    def _draw_slot(self, width: int, label: str) -> pygame.Surface:
        h = card_height(width)
        r = corner_radius(width)
        colour = (235, 245, 235)

        def draw(big, s):
            rect = pygame.Rect(0, 0, width * s, h * s).inflate(-2 * s, -2 * s)
            pygame.draw.rect(big, (*colour, 22), rect, border_radius=r * s)
            pygame.draw.rect(big, (*colour, 80), rect, max(1, int(width * 0.018 * s)),
                             border_radius=r * s)

        surf = smooth_layer((width, h), draw, colour)
        if label:
            # readable (11 px at the least, where the slot is wide enough for the word)
            # yet quiet: a name for an empty place, not a card
            size = next((s for s in range(min(16, max(11, int(width * 0.2))), 7, -1)
                         if text_width(label, s) <= width - 6), None)
            if size is not None:        # else no name: a bare place, not a clipped word
                text = _text(label, size, colour)      # its ink centred in the place
                text.set_alpha(150)
                surf.blit(text, text.get_rect(center=(width // 2, h // 2)))
        return surf

    def _draw_glow(self, width: int, colour) -> pygame.Surface:
        h = card_height(width)
        pad = max(4, int(width * 0.1))
        r = corner_radius(width)
        surf = pygame.Surface((width + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        surf.fill((*colour, 0))
        grow = max(2, pad // 3)
        pygame.draw.rect(surf, (*colour, 200), (pad - grow, pad - grow, width + 2 * grow,
                                                 h + 2 * grow), border_radius=r + grow)
        return pygame.transform.gaussian_blur(surf, max(1, pad // 2))


#: the card art of each look in use (four colours or two, the back's colour), shared by
#: every screen and table of that look: a new table draws with the faces already drawn
#: rather than drawing them all again (and the old ones freed a moment later)
_SHARED: LRU = LRU(3)


def card_art_for(settings: dict, four_colours: bool = True) -> CardArt:
    """The CardArt that follows the card settings (four-colour suits, back colour); not
    ``four_colours`` where the two colours are a game's rule. Shared by every caller of
    the same look (the few most recently used looks are kept)."""
    four = bool(settings.get("four_colour_suits")) and four_colours
    back = _rgb(settings.get("card_back", "blue"))
    key = (four, back)
    art = _SHARED.get(key)
    if art is None:
        art = _SHARED[key] = CardArt(four_colour=four, back_colour=back)
    return art


def _shadow_pad(width: int, lifted: bool) -> int:
    return max(3, int(round(width * (0.12 if lifted else 0.06))))


