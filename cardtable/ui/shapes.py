"""The shapes the card art is drawn from: the four suits, stars and crowns, as point lists
and circles in a unit box (x right, y down), drawn at ``SS`` times the final size and
smooth-scaled down (:func:`smooth_layer`)."""

from __future__ import annotations

import math

import pygame

SS = 4  # supersampling factor for shapes and outlines


def heart_points(n: int = 72) -> list[tuple[float, float]]:
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    return [((x - x0) / (x1 - x0), (y - y0) / (y1 - y0)) for x, y in pts]


HEART = heart_points()


def quad(p0, p1, p2, n: int = 12) -> list[tuple[float, float]]:
    out = []
    for i in range(n + 1):
        t = i / n
        a = (1 - t) ** 2
        b = 2 * (1 - t) * t
        c = t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def stem(top: float, half_top: float, half_base: float) -> list[tuple[float, float]]:
    """A flared stem from (0.5, top) down to the base line y = 1."""
    left = quad((0.5 - half_top, top), (0.5 - half_top * 0.8, 0.92), (0.5 - half_base, 1.0))
    right = quad((0.5 + half_base, 1.0), (0.5 + half_top * 0.8, 0.92), (0.5 + half_top, top))
    return left + right


def shape(suit: str) -> tuple[list[list[tuple[float, float]]], list[tuple[float, float, float]]]:
    """(polygons, circles) of a suit in the unit box; circles are (cx, cy, r)."""
    if suit == "H":
        return [[(0.02 + x * 0.96, 0.04 + y * 0.92) for x, y in HEART]], []
    if suit == "D":
        top, right, bottom, left = (0.5, 0.0), (0.88, 0.5), (0.5, 1.0), (0.12, 0.5)
        pts = (
            quad(top, (0.62, 0.3), right)
            + quad(right, (0.62, 0.7), bottom)[1:]
            + quad(bottom, (0.38, 0.7), left)[1:]
            + quad(left, (0.38, 0.3), top)[1:]
        )
        return [pts], []
    if suit == "S":
        body = [(0.02 + x * 0.96, 0.80 - y * 0.80) for x, y in HEART]
        return [body, stem(0.62, 0.05, 0.19)], []
    # clubs: three leaves, a filled middle and a stem
    r = 0.235
    circles = [(0.5, 0.255, r), (0.255, 0.585, r), (0.745, 0.585, r)]
    middle = [(0.5, 0.3), (0.33, 0.6), (0.5, 0.72), (0.67, 0.6)]
    return [middle, stem(0.6, 0.05, 0.19)], circles


def draw_shape(
    surf: pygame.Surface, polys, circles, rect: pygame.Rect | tuple, colour
) -> None:
    x, y, w, h = rect
    for poly in polys:
        pygame.draw.polygon(surf, colour, [(x + px * w, y + py * h) for px, py in poly])
    for cx, cy, r in circles:
        pygame.draw.circle(surf, colour, (x + cx * w, y + cy * h), r * w)


def smooth_layer(size: tuple[int, int], draw, colour) -> pygame.Surface:
    """Run ``draw(surface, scale)`` on an SS-times larger transparent layer, scale it down."""
    w, h = max(1, size[0]), max(1, size[1])
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    big.fill((*colour[:3], 0))
    draw(big, SS)
    return pygame.transform.smoothscale(big, (w, h))


# width of each suit's box relative to its height
SUIT_ASPECT = {"S": 0.92, "H": 0.98, "D": 0.80, "C": 0.96}


def star_points(cx, cy, r_out, r_in, n=5, rot=-math.pi / 2):
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = rot + i * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def crown_points(x, y, w, h, spikes=3):
    """A crown in the rect (x, y, w, h): a band whose top has ``spikes`` points."""
    pts = [(x, y + h)]
    for k in range(spikes):
        px = x + w * k / (spikes - 1)
        if k > 0:
            pts.append((px - w / (spikes - 1) / 2, y + h * 0.55))
        pts.append((px, y))
    pts.append((x + w, y + h))
    return pts


def crown_tips(x, y, w, spikes=3):
    return [(x + w * k / (spikes - 1), y) for k in range(spikes)]
