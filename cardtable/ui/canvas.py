"""Drawing kept from one frame to the next, so that a frame redraws only what changed.

* :class:`Transforms`: the scaled and turned images of the cards in motion, kept for this
  frame and the one before (cards moving together are scaled and turned once, not once a
  card).
* :class:`Recorder` and :class:`Canvas`: a picture made of a list of blits. The recorder
  stands in for a surface and notes each blit (what, where, with which alpha); the canvas
  keeps the picture the last list drew and, given the next list, draws again only the
  rectangles where the two lists differ, from the new list's blits that reach into them.

Why that is exact: a pixel outside every rectangle where the lists differ is reached by the
same blits in the same order in both lists (the lists are matched in order, and a blit that
is new or gone marks its own rectangle), so it keeps its colour; a pixel inside one is drawn
again by every blit of the new list that reaches it, in order, the first being the opaque
cloth under everything (:meth:`Canvas.paint` needs an opaque first blit over the whole
picture).
"""

from __future__ import annotations

from collections.abc import Callable
from difflib import SequenceMatcher

import pygame

#: above this share of the picture changed, the whole of it is drawn again
WHOLE_SHARE = 0.6
#: the largest product of the two lists' differing stretches matched blit by blit (above
#: it the whole stretch counts as changed)
MATCH_LIMIT = 400 * 400


class Transforms:
    """The scaled and turned images of the cards in motion, kept for this frame and the one
    before: cards moving together (a hand gathered to the deck, the cards waiting there to
    be dealt) are drawn from the same image at the same size and angle, scaled and turned
    once a frame rather than once a card. The same call on the same image gives the same
    pixels, so nothing drawn changes. At most ``max_bytes`` of pixels a frame (beyond
    that an image is made and not kept): twice that at most with the frame before, and
    nothing once the table is still (the table calls :meth:`clear`)."""

    def __init__(self, max_bytes: int = 2 * 2**20) -> None:
        self.max_bytes = max_bytes
        self._now: dict[tuple, pygame.Surface] = {}
        self._before: dict[tuple, pygame.Surface] = {}
        self._bytes = 0

    def new_frame(self) -> None:
        """A frame begins: what the last one made is kept one frame more, then let go."""
        if self._now or self._before:
            self._before, self._now = self._now, {}
            self._bytes = 0

    def clear(self) -> None:
        self._now.clear()
        self._before.clear()
        self._bytes = 0

    @property
    def bytes(self) -> int:
        """Bytes of pixels kept for this frame."""
        return self._bytes

    def _get(self, key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        # keyed by the surface itself, which the entry keeps alive (its id is not handed
        # on to another while the entry lasts)
        out = self._now.get(key)
        if out is not None:
            return out
        out = self._before.pop(key, None)
        if out is None:
            out = make()
        size = out.get_width() * out.get_height() * out.get_bytesize()
        if self._bytes + size <= self.max_bytes:
            self._now[key] = out
            self._bytes += size
        return out

    def scale(self, img: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        """``pygame.transform.scale(img, size)``, made once a frame."""
        return self._get((img, size), lambda: pygame.transform.scale(img, size))

    def rotate(self, img: pygame.Surface, angle: float) -> pygame.Surface:
        """``pygame.transform.rotate(img, angle)``, made once a frame."""
        return self._get((img, angle), lambda: pygame.transform.rotate(img, angle))


#: the cards' transforms of the last two frames (see :class:`Transforms`)
transforms = Transforms()


class Recorder:
    """Stands in for a surface of ``size``: notes each blit instead of drawing it.

    A blit's key is what makes its pixels: the source surface (the recorder keeps it
    alive, so its id stays its own), where, the part of it and the source's alpha at the
    time of the blit (a cached surface may be given another alpha for the next blit)."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.keys: list[tuple] = []
        self.rects: list[pygame.Rect] = []
        self.ops: list[tuple] = []

    def get_size(self) -> tuple[int, int]:
        return self.size

    def get_width(self) -> int:
        return self.size[0]

    def get_height(self) -> int:
        return self.size[1]

    def get_rect(self, **where) -> pygame.Rect:
        rect = pygame.Rect((0, 0), self.size)
        for name, value in where.items():
            setattr(rect, name, value)
        return rect

    def blit(self, source: pygame.Surface, dest, area=None, special_flags: int = 0
             ) -> pygame.Rect:
        if isinstance(dest, pygame.Rect):
            x, y = dest.x, dest.y
        else:
            x, y = dest[0], dest[1]
        exact = type(x) is int and type(y) is int
        key_x, key_y = x, y
        if not exact:           # where a blit at a fraction of a pixel lands, give or take one
            x, y = int(x), int(y)
        if area is None:
            w, h = source.get_size()
            part = None
        else:
            area = pygame.Rect(area)
            w, h = area.size
            part = (area.x, area.y, w, h)
        alpha = source.get_alpha()
        rect = pygame.Rect(x, y, w, h)
        self.keys.append((id(source), key_x, key_y, w, h, alpha, special_flags, part))
        self.rects.append(rect if exact else rect.inflate(2, 2))
        self.ops.append((source, dest, area, special_flags, alpha))
        return rect

    def call(self, draw: Callable[[pygame.Surface], object], rect: pygame.Rect,
             key: tuple) -> None:
        """A drawing that is not a blit (an outline drawn with pygame.draw): ``draw(surface)``
        draws it within ``rect``; ``key`` says everything its pixels depend on."""
        self.keys.append(("call", key))
        self.rects.append(pygame.Rect(rect))
        self.ops.append((None, draw, None, 0, None))

    def take(self, other: Recorder) -> None:
        """Add the blits ``other`` noted (a part recorded once and kept)."""
        self.keys += other.keys
        self.rects += other.rects
        self.ops += other.ops

    def __len__(self) -> int:
        return len(self.keys)


def changed_rects(old: Recorder, new: Recorder) -> list[pygame.Rect]:
    """The rectangles of the blits that are in one list and not in the other, the lists
    matched in order (common ends first, then blit by blit)."""
    a, b = old.keys, new.keys
    n, m = len(a), len(b)
    lim = min(n, m)
    i = 0
    while i < lim and a[i] == b[i]:
        i += 1
    if i == n == m:
        return []
    j = 0
    while j < lim - i and a[n - 1 - j] == b[m - 1 - j]:
        j += 1
    a0, a1, b0, b1 = i, n - j, i, m - j
    if a1 == a0 or b1 == b0 or (a1 - a0) * (b1 - b0) > MATCH_LIMIT:
        return old.rects[a0:a1] + new.rects[b0:b1]
    out: list[pygame.Rect] = []
    matcher = SequenceMatcher(None, a[a0:a1], b[b0:b1], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            out += old.rects[a0 + i1:a0 + i2]
            out += new.rects[b0 + j1:b0 + j2]
    return out


def merged(rects: list[pygame.Rect], size: tuple[int, int]) -> list[pygame.Rect]:
    """``rects`` within the picture, those that overlap joined into one; the whole picture
    when they cover more than :data:`WHOLE_SHARE` of it."""
    bounds = pygame.Rect((0, 0), size)
    out: list[pygame.Rect] = []
    for r in rects:
        r = r.clip(bounds)
        if r.width <= 0 or r.height <= 0:
            continue
        k = r.collidelist(out)
        while k >= 0:
            r.union_ip(out.pop(k))
            k = r.collidelist(out)
        out.append(r)
    if sum(r.width * r.height for r in out) > WHOLE_SHARE * bounds.width * bounds.height:
        return [bounds]
    return out


class Canvas:
    """A picture drawn from a :class:`Recorder`'s blits, kept, and drawn again only where
    the next list of blits differs (see the module's docstring)."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self._drawn: Recorder | None = None
        #: the rectangles the last paint drew again (the whole picture at the first)
        self.last_area: list[pygame.Rect] = []

    def forget(self) -> None:
        """The next paint draws the whole picture."""
        self._drawn = None

    def release(self) -> None:
        """Let the picture go (a window's size of pixels); the next paint makes it anew."""
        self.surface = None
        self._drawn = None
        self.last_area = []

    def paint(self, rec: Recorder) -> pygame.Surface:
        """The picture of ``rec``'s blits (whose first must be opaque and cover it all)."""
        surf = self.surface
        if surf is None or surf.get_size() != rec.size:
            surf = pygame.Surface(rec.size)
            if pygame.display.get_surface() is not None:
                surf = surf.convert()
            self.surface = surf
            self._drawn = None
        if self._drawn is None:
            area = [surf.get_rect()]
        else:
            area = merged(changed_rects(self._drawn, rec), rec.size)
        for clip in area:
            _replay(surf, clip, rec)
        self._drawn = rec
        self.last_area = area
        return surf


def _replay(surf: pygame.Surface, clip: pygame.Rect, rec: Recorder) -> None:
    """Draw again, within ``clip``, every blit of ``rec`` that reaches into it."""
    ops = rec.ops
    surf.set_clip(clip)
    try:
        for k in clip.collidelistall(rec.rects):
            source, dest, area, flags, alpha = ops[k]
            if source is None:
                dest(surf)          # a drawing of its own (Recorder.call)
                continue
            now = source.get_alpha()
            if now != alpha:
                source.set_alpha(alpha)
                surf.blit(source, dest, area, flags)
                source.set_alpha(now)
            else:
                surf.blit(source, dest, area, flags)
    finally:
        surf.set_clip(None)


# ---- answers kept while one frame is drawn ---------------------------------------------
#: the frame being drawn (a new object each frame), None between frames
_frame: list[object | None] = [None]


class drawing:
    """``with drawing():`` around a frame's drawing: the answers of the methods marked
    :func:`per_frame` are kept until it ends (nothing they depend on changes while a frame
    is drawn; between frames the table moves, and they are worked out anew)."""

    def __enter__(self) -> None:
        self._outer = _frame[0]
        _frame[0] = object()

    def __exit__(self, *exc) -> None:
        _frame[0] = self._outer


def per_frame(method: Callable) -> Callable:
    """Mark a method whose answer, within one frame's drawing, depends only on its
    arguments (rectangles are compared by value): asked again in the same frame (the
    plates' places, asked by the log, the messages and the boxes beside them), it answers
    from what it worked out the first time. Outside :class:`drawing` it always works
    it out. Rectangles and lists are handed out as copies."""
    name = method.__name__
    # the method's own name in its class: an override and the method it overrides, both
    # marked, keep their answers apart
    whose = getattr(method, "__qualname__", name)

    def kept(self, *args, **named):
        frame = _frame[0]
        if frame is None:
            return method(self, *args, **named)
        key = (whose, *[tuple(a) if isinstance(a, pygame.Rect) else a for a in args],
               *sorted(named.items()))
        try:
            hash(key)
        except TypeError:           # an argument that cannot be a key
            return method(self, *args, **named)
        memo = self.__dict__.get("_per_frame")
        if memo is None or memo[0] is not frame:
            memo = self.__dict__["_per_frame"] = (frame, {})
        table = memo[1]
        if key in table:
            out = table[key]
        else:
            out = table[key] = method(self, *args, **named)
        if isinstance(out, pygame.Rect):
            return out.copy()
        if isinstance(out, list):
            return list(out)
        return out

    kept.__name__ = name
    kept.__qualname__ = getattr(method, "__qualname__", name)
    kept.__doc__ = method.__doc__
    kept.__wrapped__ = method
    return kept
