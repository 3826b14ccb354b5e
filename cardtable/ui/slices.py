"""Rounded shapes of any size drawn from one small model of each look (nine slices).

A panel, a shadow or a button is the same four corners and the same straight edges at every
size: only how far the edges run changes. Keeping one drawn image per size (a summary, a
message, a plate each have their own) filled the caches with a few megabytes within a match.
Instead the look is drawn once at a model size: its corners (``corner`` pixels each way) and
a middle of ``MIDDLE`` pixels. A shape of another size is put together from the model: the
corners as they are, the edges and the middle repeated as often as the size needs.

    w, h = model_size((600, 400), corner=18)   # (132, 132): what to draw once and keep
    blit_sliced(target, model, (x, y), (600, 400), corner=18)

The result is the same, pixel for pixel, as the shape drawn whole at that size, as long as
every row of the middle is alike along the width and every column alike along the height
(a rounded rectangle, its outline, a soft shadow of nested rounded rectangles). A side
shorter than two corners is not cut on that side: the model has that side's own length (a
rounded rectangle's radius shrinks to fit a short side, and the model must shrink alike).
"""

from __future__ import annotations

import pygame

#: pixels of the model's middle along each side (a 600 px wide panel is its two corners and
#: five pieces of the middle)
MIDDLE = 128


def _cut(length: int, corner: int) -> bool:
    return length >= 2 * corner


def model_size(size: tuple[int, int], corner: int) -> tuple[int, int]:
    """The size to draw the model at, for a shape of ``size``: a side long enough to be cut
    is two corners and the middle; a shorter side keeps its own length."""
    w, h = size
    mw = 2 * corner + MIDDLE if _cut(w, corner) else w
    mh = 2 * corner + MIDDLE if _cut(h, corner) else h
    return mw, mh


def _pieces(length: int, model: int, corner: int) -> list[tuple[int, int, int]]:
    """(where in the model, where in the shape, how long) for one side."""
    if not _cut(length, corner):
        return [(0, 0, length)]
    out = [(0, 0, corner)]
    middle = model - 2 * corner
    end = length - corner
    at = corner
    while at < end:
        run = min(middle, end - at)
        out.append((corner, at, run))
        at += run
    out.append((model - corner, end, corner))
    return out


def blit_sliced(target: pygame.Surface, model: pygame.Surface, pos: tuple[int, int],
                size: tuple[int, int], corner: int) -> None:
    """Draw ``model`` (drawn at :func:`model_size` of ``size``) onto ``target`` at ``pos``,
    stretched to ``size`` by repeating its edges and middle."""
    mw, mh = model.get_size()
    x0, y0 = pos
    cols = _pieces(size[0], mw, corner)
    rows = _pieces(size[1], mh, corner)
    target.blits(
        [(model, (x0 + dx, y0 + dy), (sx, sy, cw, rh))
         for sy, dy, rh in rows for sx, dx, cw in cols],
        doreturn=False,
    )
