"""The table's felt: a cloth colour with a soft light in the middle, a vignette and grain.

Rendered once per window size (and colour) and cached; a frame only blits it. The light
and vignette are computed on a small surface and smooth-scaled up, which gives a smooth
gradient without numpy; the grain is a small tile of random specks repeated.

The rendered cloths are shared by every :class:`Felt` (the menu's, the table's and the
review's ask for the same one, a window's size of pixels each): at most
:data:`KEEP_CLOTHS` are kept, the least recently asked for forgotten first.

    felt = Felt("green")
    screen.blit(felt.surface(screen.get_size()), (0, 0))
"""

from __future__ import annotations

import math
import random

import pygame

from cardtable.ui.lru import LRU

#: Felt colours offered by the settings (the middle tone; the edges are darker).
FELT_COLOURS = {
    "green": (26, 100, 60),
    "blue": (27, 70, 118),
    "red": (112, 34, 40),
    "grey": (74, 80, 84),
    "teal": (22, 96, 100),
    "purple": (72, 48, 104),
    "contrast": (10, 34, 22),  # the high-contrast table: nearly black, plain
}

_GRID = (48, 27)  # the small gradient, smooth-scaled to the window
_TILE = 96        # grain tile size

#: cloths rendered and kept, shared by all felts: the one on screen and the one before (a
#: window's size and its fullscreen size, or a colour just changed)
KEEP_CLOTHS = 2
#: (size, rgb, seed) -> the cloth drawn (a window's size of pixels each)
_CLOTHS: LRU = LRU(KEEP_CLOTHS)
#: seed -> its grain tile
_TILES: dict[int, pygame.Surface] = {}


def forget_cloths() -> None:
    """Forget every cloth drawn (the display's pixel format changed)."""
    _CLOTHS.clear()
    _TILES.clear()


def felt_rgb(colour) -> tuple[int, int, int]:
    if isinstance(colour, str):
        return FELT_COLOURS.get(colour, FELT_COLOURS["green"])
    return tuple(int(c) for c in colour[:3])


def _clamp(v: float) -> int:
    return 0 if v < 0 else 255 if v > 255 else int(v)


class Felt:
    """A felt of one colour; its cloth, drawn per window size, is shared (:data:`_CLOTHS`)."""

    def __init__(self, colour="green", seed: int = 12345):
        self.rgb = felt_rgb(colour)
        self._seed = seed

    def set_colour(self, colour) -> None:
        self.rgb = felt_rgb(colour)

    def surface(self, size: tuple[int, int]) -> pygame.Surface:
        """The cloth at ``size``: drawn once, then shared by every felt of the same colour
        (read it, do not draw on it)."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        key = (size, self.rgb, self._seed)
        surf = _CLOTHS.get(key)
        if surf is None:
            surf = self._render(size)
            _CLOTHS[key] = surf
        return surf

    def draw(self, target: pygame.Surface) -> None:
        target.blit(self.surface(target.get_size()), (0, 0))

    # ---- rendering -------------------------------------------------------------
    def _gradient(self, size: tuple[int, int]) -> pygame.Surface:
        gw, gh = _GRID
        small = pygame.Surface((gw, gh))
        r0, g0, b0 = self.rgb
        aspect = size[0] / max(1, size[1])
        for y in range(gh):
            ny = (y + 0.5) / gh * 2 - 1
            for x in range(gw):
                nx = (x + 0.5) / gw * 2 - 1
                # elliptical distance so the light follows the window's shape
                d = math.sqrt((nx * min(1.0, aspect / 1.6)) ** 2 * 0.9 + ny**2 * 1.0)
                light = 1.18 - 0.28 * d * d            # soft radial light in the middle
                vig = max(0.0, max(abs(nx), abs(ny)) - 0.72) / 0.28
                shade = light * (1 - 0.32 * vig * vig)  # gentle darkening at the edges
                small.set_at((x, y), (_clamp(r0 * shade), _clamp(g0 * shade), _clamp(b0 * shade)))
        return pygame.transform.smoothscale(small, size)

    def _grain_tile(self) -> pygame.Surface:
        tile = _TILES.get(self._seed)
        if tile is None:
            rng = random.Random(self._seed)
            tile = pygame.Surface((_TILE, _TILE), pygame.SRCALPHA)
            tile.fill((0, 0, 0, 0))
            for y in range(_TILE):
                for x in range(_TILE):
                    v = rng.random()
                    if v < 0.22:
                        tile.set_at((x, y), (0, 0, 0, rng.randint(6, 16)))
                    elif v > 0.80:
                        tile.set_at((x, y), (255, 255, 255, rng.randint(3, 9)))
            # a faint woven diagonal
            for i in range(0, _TILE, 3):
                for j in range(_TILE):
                    x = (i + j) % _TILE
                    if (j // 2) % 2 == 0:
                        c = tile.get_at((x, j))
                        tile.set_at((x, j), (c.r, c.g, c.b, min(255, c.a + 4)))
            _TILES[self._seed] = tile
        return tile

    def _render(self, size: tuple[int, int]) -> pygame.Surface:
        surf = self._gradient(size).convert() if pygame.display.get_surface() else self._gradient(
            size
        )
        tile = self._grain_tile()
        w, h = size
        for y in range(0, h, _TILE):
            for x in range(0, w, _TILE):
                surf.blit(tile, (x, y))
        return surf
