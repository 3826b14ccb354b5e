"""The look shared by every screen: colours, fonts, the UI scale and a few drawing helpers.

Sizes in the code are written for a 720-pixel-high window and multiplied by ``scale()``,
which the App sets from the window height, so screens look the same at 1280×720 and
1920×1080. Everything expensive (fonts, rendered text, panels, the backdrop) is cached.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from cardtable.i18n import N_, tr
from cardtable.paths import font_path
from cardtable.ui import slices
from cardtable.ui.felt import Felt, felt_rgb
from cardtable.ui.lru import surface_cache

# --------------------------------------------------------------------------- colours

#: felt colours offered in settings (the cloth itself is drawn by felt.py)
FELT_NAMES = {"green": N_("Green"), "blue": N_("Blue"), "red": N_("Burgundy"),
              "grey": N_("Grey")}

TEXT = (247, 242, 228)          # warm white
TEXT_DIM = (206, 200, 182)
TEXT_MUTED = (160, 156, 140)
TEXT_DARK = (44, 32, 16)        # on light or gold surfaces
SHADOW = (0, 0, 0)

ACCENT = (233, 193, 104)        # warm gold: focus rings, highlights, primary buttons
ACCENT_LIGHT = (247, 214, 139)
ACCENT_DARK = (176, 134, 58)

PANEL = (10, 18, 14)            # translucent dark panels on the felt
PANEL_ALPHA = 178
#: pixels kept by each cache of drawn panels, shadows, faces and texts (4 MB: a panel of the
#: window's size and every button and plate of a screen; more only fills up over a long
#: match with the sizes of messages long gone)
PANEL_BYTES = 4 * 2**20
#: pixels kept of rendered texts (1 MB: a table's texts of the moment fit; the rest would be
#: lines of the log and messages long gone. Halved from 2 MB: 11 % more texts drawn again
#: over the five games, 0.4 ms a second, and some 3 MB less resident once warm)
TEXT_BYTES = 1 * 2**20
PANEL_EDGE = (255, 255, 255, 34)

BUTTON = (30, 42, 36)
BUTTON_HOVER = (46, 62, 53)
BUTTON_PRESSED = (20, 29, 24)
BUTTON_EDGE = (255, 255, 255, 48)
PRIMARY = (222, 178, 88)
PRIMARY_HOVER = (238, 198, 112)
PRIMARY_PRESSED = (190, 148, 66)
DISABLED = (58, 64, 60)
#: a greyed button: its fill, label and outline (never brighter than an enabled one's)
DISABLED_FILL = (26, 34, 30)
DISABLED_TEXT = (160, 156, 140)
DISABLED_EDGE = (255, 255, 255, 36)
#: the flat 'quiet' buttons (Menu, Undo, Quit): a faint fill (more opaque when hovered)
QUIET = (24, 34, 29)
QUIET_HOVER = (44, 58, 50)
QUIET_ALPHA = 110
QUIET_EDGE = (255, 255, 255, 24)
QUIET_EDGE_WIDTH = 1            # before scaling

GOOD = (126, 198, 128)
BAD = (232, 120, 104)

#: one colour per seat or side, for name plates, score columns and chart lines
SEAT_COLOURS = [
    (240, 196, 96),   # gold
    (112, 184, 240),  # sky
    (236, 124, 112),  # coral
    (150, 214, 140),  # sage
    (200, 150, 230),  # lilac
    (244, 160, 84),   # amber
    (120, 216, 210),  # teal
    (230, 230, 230),  # silver
]

# --------------------------------------------------------------------------- scale

_scale = 1.0


def set_scale_for(size: tuple[int, int]) -> float:
    """Derive the UI scale from the window size (720 px high is 1.0)."""
    global _scale
    w, h = size
    s = min(h / 720.0, w / 1280.0 * 1.12)
    _scale = max(0.7, min(2.4, s))
    return _scale


def scale() -> float:
    return _scale


def px(value: float) -> int:
    """A length written for a 720-pixel-high window, in real pixels (at least 1)."""
    return max(1, int(round(value * _scale)))


# Type sizes, before scaling.
TITLE = 64
HEADING = 32
SUBHEADING = 24
BODY = 20
SMALL = 16

#: the least type size drawn, in real pixels: at 800x600 (scale 0.7) the smallest labels of
#: the table (px(10): "Stock · 95", "F1: keys") came out 7 px high, too small to read
MIN_TYPE = 11


# --------------------------------------------------------------------------- fonts


#: fonts kept open: one holds about 0.15 MB once it has drawn (opening it again takes
#: 0.07 ms, its first text about a millisecond more; the texts drawn are kept apart). The
#: screens and the five tables ask for 20 sizes at 1280x720, but a screen for at most a dozen:
#: over two rounds of the five games (93,000 asks) 12 kept open reopened 33 more times than
#: 24 would (53 opened in all, 20 at the least); 20 open held 2.9 MB, 12 hold 1.6
FONTS_OPEN = 12


@lru_cache(maxsize=FONTS_OPEN)
def _font(size: int, bold: bool) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(font_path(bold)), size)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled Lato at ``size`` real pixels (cached), times the text-size setting, never
    below :data:`MIN_TYPE`."""
    return _font(max(MIN_TYPE, int(size * _text_scale)), bool(bold))


def drawable(text) -> str:
    """``text`` translated, as the font can take it: without NUL characters (which the font
    refuses) and with any lone surrogate (from a JSON file) shown as '?'."""
    text = tr(text)
    if "\0" in text:
        text = text.replace("\0", "")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "replace").decode("utf-8")
    return text


@surface_cache(TEXT_BYTES)
def _render(text: str, size: int, bold: bool, colour: tuple) -> pygame.Surface:
    fnt = font(size, bold)
    if fnt.size(text)[0] <= 0:
        # nothing in it has a width (empty, a lone variation selector or combining mark):
        # the font refuses to draw it, so an empty line of the usual height stands for it
        return pygame.Surface((0, fnt.get_linesize()), pygame.SRCALPHA)
    return fnt.render(text, True, colour)


def render(text, size: int, colour=None, bold: bool = False) -> pygame.Surface:
    """Rendered text at ``size`` real pixels (cached by text, size, weight and colour).

    Every text on screen passes here and is translated here (:func:`cardtable.i18n.tr`), so a
    change of language shows at the next frame. Any text may be drawn (see :func:`drawable`):
    one that draws nothing gives an empty surface, never an error.
    """
    return _render(drawable(text), int(size), bool(bold),
                   tuple(TEXT if colour is None else colour))


def text_size(text, size: int, bold: bool = False) -> tuple[int, int]:
    return font(size, bold).size(drawable(text))


def line_height(size: int, bold: bool = False) -> int:
    """The height of one rendered line of text at ``size`` (what :func:`render` makes)."""
    return font(size, bold).get_linesize()


def cap_middle(size: int, bold: bool = False) -> int:
    """From the top of a rendered line to the middle of its capital letters: where a bullet
    or a dot beside the text is centred (a line's rect also holds room below the letters)."""
    fnt = font(size, bold)
    metrics = fnt.metrics("H")
    cap = metrics[0][3] if metrics and metrics[0] else int(fnt.get_ascent() * 0.7)
    return fnt.get_ascent() - cap // 2


def fit_size(text, size: int, width: int, bold: bool = False, height: int | None = None,
             least: float = 1.0) -> int:
    """The largest type size up to ``size`` at which ``text`` fits ``width`` (and ``height``)
    pixels, never below ``least`` times the normal type size: where the room is fixed, a
    larger text-size setting is given up before any letter is cut (:func:`ellipsize` does
    the rest)."""
    text = drawable(text)
    floor = max(6, int(size * least / _text_scale))

    def fits(s: int) -> bool:
        fnt = font(s, bold)
        return fnt.size(text)[0] <= width and (height is None or fnt.get_linesize() <= height)

    while size > floor and not fits(size):
        size -= 1
    return size


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int,
    colour=None,
    bold: bool = False,
    anchor: str = "topleft",
    shadow: bool = True,
    alpha: int = 255,
) -> pygame.Rect:
    """Draw ``text`` (size in real pixels) with a soft shadow; returns the text's rect.

    ``anchor`` is any pygame.Rect point name: topleft, center, midtop, midright, ...
    """
    img = render(text, size, colour, bold)
    rect = img.get_rect(**{anchor: pos})
    if shadow:
        sh = render(text, size, SHADOW, bold).copy()
        off = max(1, min(3, size // 20))
        sh.set_alpha(int((100 if size < 40 else 80) * alpha / 255))
        surface.blit(sh, rect.move(max(1, off // 2), off))
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
    surface.blit(img, rect)
    return rect


def draw_badge(surface: pygame.Surface, text: str, centre: tuple[int, int], radius: int,
               fill, size: int, colour, bold: bool = True, edge=None) -> None:
    """A round badge with a short mark in it (a seat's number, the dealer's "D"): the circle
    drawn smooth, the mark centred by its ink, not its line box (whose room for descenders
    set digits above the middle)."""
    x, y = int(centre[0]), int(centre[1])
    pygame.draw.circle(surface, fill, (x, y), radius)
    pygame.draw.aacircle(surface, fill, (x, y), radius)
    if edge is not None:
        colour_, width = edge
        pygame.draw.circle(surface, colour_, (x, y), radius, width)
    img = render(text, size, colour, bold)
    ink = img.get_bounding_rect()
    if ink.width == 0:
        return
    surface.blit(img, (x - ink.centerx, y - ink.centery))


#: marks that French sets off with a space but that must not begin a line
_CLINGING = frozenset(":;!?»")


def clings(word: str) -> bool:
    """Whether ``word`` is only punctuation that stays on the line of the word before it
    (French puts a space before ``:``, so "points :" must not break before the colon)."""
    return bool(word) and all(ch in _CLINGING for ch in word)


#: white space a line may not break at (French "65 ¢", "50 %")
NO_BREAK = "\u00a0\u2007\u202f"


def words_of(para: str) -> list[str]:
    """The words of ``para`` between the spaces a line may break at: any white space but
    the no-break ones."""
    words: list[str] = []
    word: list[str] = []
    for ch in para:
        if ch.isspace() and ch not in NO_BREAK:
            if word:
                words.append("".join(word))
                word = []
        else:
            word.append(ch)
    if word:
        words.append("".join(word))
    return words


def wrap(text, fnt: pygame.font.Font, width: int) -> list[str]:
    """Break ``text`` (translated first) into lines no wider than ``width`` (words are never
    split, nor broken at a no-break space, and a lone ``:`` or ``;`` stays with the word
    before it)."""
    lines: list[str] = []
    for para in drawable(text).split("\n"):
        words: list[str] = []
        for word in words_of(para):
            if words and clings(word):
                words[-1] = f"{words[-1]} {word}"
            else:
                words.append(word)
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if fnt.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def last_whole_rows(rows: list[tuple], most: int) -> list[tuple]:
    """The last ``most`` rows of wrapped entries, whole entries only (each row's last item
    says whether it continues the entry above): an entry cut in two showed its last words
    alone at the top. An entry longer than all the rows keeps its end."""
    last = rows[-most:]
    whole = last
    while whole and whole[0][-1]:
        whole = whole[1:]
    return whole or last


def ellipsize(text, size: int, width: int, bold: bool = False) -> str:
    """``text`` (translated) shortened with an ellipsis so that it fits ``width`` pixels."""
    text = drawable(text)
    fnt = font(size, bold)
    if fnt.size(text)[0] <= width:
        return text
    # the longest beginning that fits with its ellipsis, found by halving (a long text costs
    # a few measures, not one per character)
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fnt.size(text[:mid] + "…")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo] + "…"


# --------------------------------------------------------------------------- shapes


#: pixels past a rounded corner's radius that are still kept whole in a nine-slice model
_CORNER_MARGIN = 2


@surface_cache(PANEL_BYTES)
def _rounded(size: tuple[int, int], colour: tuple, radius: int, edge: tuple | None,
             edge_width: int) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, colour, rect, border_radius=radius)
    if edge is not None and edge_width > 0:
        _blend_edge(surf, edge, edge_width, radius)
    return surf


def _blend_edge(surf: pygame.Surface, edge: tuple, width: int, radius: int) -> None:
    """Draw a (possibly translucent) outline blended over ``surf``, not replacing it."""
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(layer, edge, layer.get_rect(), width=width, border_radius=radius)
    surf.blit(layer, (0, 0))


def rounded(surface: pygame.Surface, rect: pygame.Rect, colour, radius: int,
            edge=None, edge_width: int = 1) -> None:
    """A filled rounded rectangle; ``colour`` may carry alpha (RGBA)."""
    if rect.width <= 0 or rect.height <= 0:
        return
    colour = tuple(colour)
    if len(colour) == 3 and edge is None:
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
        return
    corner = radius + _CORNER_MARGIN
    model = _rounded(slices.model_size(rect.size, corner), colour, radius,
                     tuple(edge) if edge is not None else None, edge_width)
    slices.blit_sliced(surface, model, rect.topleft, rect.size, corner)


@surface_cache(PANEL_BYTES)
def _shadow(size: tuple[int, int], radius: int, spread: int, strength: int) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
    steps = max(1, spread)
    for i in range(steps):
        grow = spread - i
        a = int(strength * ((i + 1) / steps) ** 2 / steps * 2.2)
        r = pygame.Rect(spread - grow, spread - grow, w + 2 * grow, h + 2 * grow)
        pygame.draw.rect(surf, (0, 0, 0, min(255, a)), r, border_radius=radius + grow)
    return surf


def drop_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int,
                spread: int | None = None, offset: tuple[int, int] | None = None,
                strength: int = 90) -> None:
    """A soft shadow under ``rect`` (drawn before the thing that casts it)."""
    spread = px(8) if spread is None else spread
    offset = (0, px(3)) if offset is None else offset
    # the shadow's image is the rectangle and ``spread`` round it; every nested rectangle's
    # corner lies within ``spread + radius`` of the image's edge
    corner = spread + radius + _CORNER_MARGIN
    size = (rect.width + 2 * spread, rect.height + 2 * spread)
    mw, mh = slices.model_size(size, corner)
    img = _shadow((mw - 2 * spread, mh - 2 * spread), radius, spread, strength)
    slices.blit_sliced(surface, img, (rect.x - spread + offset[0], rect.y - spread + offset[1]),
                       size, corner)


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int | None = None,
          radius: int | None = None, shadow: bool = True, colour=None) -> None:
    """A translucent dark rounded panel with a faint light edge, for text on the felt
    (solid black with a clear white edge on the high-contrast table)."""
    alpha = PANEL_ALPHA if alpha is None else max(alpha, PANEL_ALPHA) if _high_contrast else alpha
    colour = PANEL if colour is None or _high_contrast else colour
    radius = px(14) if radius is None else radius
    if shadow:
        drop_shadow(surface, rect, radius, spread=px(12), offset=(0, px(4)), strength=70)
    rounded(surface, rect, (*colour[:3], alpha), radius, edge=PANEL_EDGE, edge_width=1)


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    """The keyboard focus ring: a gold outline just outside ``rect``."""
    gap = px(3)
    ring = rect.inflate(gap * 2, gap * 2)
    pygame.draw.rect(surface, ACCENT, ring, width=max(2, px(2)), border_radius=radius + gap)


def lerp_colour(a, b, t: float) -> tuple[int, int, int]:
    t = max(0.0, min(1.0, t))
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))


# --------------------------------------------------------------------------- backdrop


_felts: dict[object, Felt] = {}


def backdrop(surface: pygame.Surface, felt: str = "green") -> None:
    """Paint the felt (the table's cloth, cached per size and colour) over ``surface``."""
    felt = cloth_colour(felt)
    cloth = _felts.get(felt)
    if cloth is None:
        cloth = _felts[felt] = Felt(felt)
    cloth.draw(surface)


# --------------------------------------------------------------------------- access

#: text-size setting -> factor on every font size
TEXT_SCALES = {"normal": 1.0, "large": 1.15, "larger": 1.3}
_text_scale = 1.0
_high_contrast = False
_NORMAL_COLOURS = {name: globals()[name] for name in (
    "TEXT", "TEXT_DIM", "TEXT_MUTED", "PANEL", "PANEL_ALPHA", "PANEL_EDGE", "BUTTON",
    "BUTTON_HOVER", "BUTTON_PRESSED", "BUTTON_EDGE", "DISABLED", "DISABLED_FILL",
    "DISABLED_TEXT", "DISABLED_EDGE", "QUIET", "QUIET_HOVER", "QUIET_ALPHA", "QUIET_EDGE",
    "QUIET_EDGE_WIDTH")}
_CONTRAST_COLOURS = {
    "TEXT": (255, 255, 255), "TEXT_DIM": (240, 240, 240), "TEXT_MUTED": (215, 215, 215),
    "PANEL": (0, 0, 0), "PANEL_ALPHA": 235, "PANEL_EDGE": (255, 255, 255, 150),
    "BUTTON": (14, 14, 14), "BUTTON_HOVER": (48, 48, 48), "BUTTON_PRESSED": (0, 0, 0),
    "BUTTON_EDGE": (255, 255, 255, 190), "DISABLED": (70, 70, 70),
    # a greyed button is darker and fainter than an enabled one (it was a lighter grey, so
    # it looked the brighter of the two on the black table)
    "DISABLED_FILL": (0, 0, 0), "DISABLED_TEXT": (150, 150, 150),
    "DISABLED_EDGE": (255, 255, 255, 70),
    # quiet buttons: solid black with a clear white outline, so they stand out on the cloth
    "QUIET": (0, 0, 0), "QUIET_HOVER": (60, 60, 60), "QUIET_ALPHA": 235,
    "QUIET_EDGE": (255, 255, 255, 175), "QUIET_EDGE_WIDTH": 1.5,
}


def set_access(high_contrast: bool = False, text_size: str = "normal") -> bool:
    """Apply the settings for every eye: a high-contrast palette (white text, solid black
    panels, a nearly black cloth) and a larger type. Returns True when anything changed (the
    caller lays its scenes out again)."""
    global _text_scale, _high_contrast
    scale_ = TEXT_SCALES.get(text_size, 1.0)
    if scale_ == _text_scale and bool(high_contrast) == _high_contrast:
        return False
    _text_scale, _high_contrast = scale_, bool(high_contrast)
    globals().update(_CONTRAST_COLOURS if _high_contrast else _NORMAL_COLOURS)
    clear_caches()
    return True


def high_contrast() -> bool:
    return _high_contrast


def text_scale() -> float:
    return _text_scale


#: how much of the felt's brightness the high-contrast table keeps
CONTRAST_FELT = 0.38


def cloth_colour(felt: str):
    """The cloth actually drawn for the felt setting: on the high-contrast table the chosen
    colour made nearly black (it was one dark green whatever the setting), so white text
    stands out on it as much and the choice still shows."""
    if not _high_contrast:
        return felt
    return tuple(int(round(c * CONTRAST_FELT)) for c in felt_rgb(felt))


def clear_caches(fonts: bool = False) -> None:
    """Forget cached surfaces (after the display mode changes), and with ``fonts`` the
    opened fonts too (when a table closes: the next one asks for sizes of its own)."""
    _felts.clear()
    _rounded.cache_clear()
    _shadow.cache_clear()
    _face.cache_clear()
    _render.cache_clear()
    if fonts:
        _font.cache_clear()


@surface_cache(PANEL_BYTES)
def _face(size: tuple[int, int], top: tuple, bottom: tuple, radius: int,
          edge: tuple | None) -> pygame.Surface:
    w, h = size
    grad = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        c = lerp_colour(top, bottom, y / max(1, h - 1))
        pygame.draw.line(grad, (*c, 255), (0, y), (w - 1, y))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    out = grad
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    if edge is not None:
        _blend_edge(out, edge, 1, radius)
    return out


def face(surface: pygame.Surface, rect: pygame.Rect, top, bottom, radius: int,
         edge=None) -> None:
    """A rounded rectangle with a vertical gradient from ``top`` to ``bottom`` colour."""
    if rect.width <= 0 or rect.height <= 0:
        return
    # the gradient runs down the height: only the width is cut
    corner = radius + _CORNER_MARGIN
    width = slices.model_size(rect.size, corner)[0]
    model = _face((width, rect.height), tuple(top[:3]), tuple(bottom[:3]), radius,
                  tuple(edge) if edge is not None else None)
    slices.blit_sliced(surface, model, rect.topleft, (rect.width, rect.height), corner)
