"""Rounded shapes put together from a small model (cardtable/ui/slices.py): the same pixels
as the shape drawn whole, and one model kept per look instead of one image per size."""

from __future__ import annotations

import random

import pygame
import pytest

from cardtable.ui import slices, theme


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def _sizes(seed: int, n: int) -> list[tuple[int, int, int]]:
    rng = random.Random(seed)
    # narrow and short sides (shorter than two corners) as well as wide panels
    out = [(1, 1, 14), (5, 300, 14), (300, 5, 14), (31, 31, 14), (32, 32, 14), (33, 200, 14)]
    out += [(rng.randint(1, 700), rng.randint(1, 420), rng.choice([0, 3, 10, 14, 28]))
            for _ in range(n)]
    return out


def _canvas(w: int, h: int, alpha: bool) -> pygame.Surface:
    if alpha:
        surf = pygame.Surface((w + 60, h + 60), pygame.SRCALPHA)
    else:
        surf = pygame.Surface((w + 60, h + 60))
    surf.fill((40, 92, 61, 255))
    return surf


@pytest.mark.parametrize("alpha", [False, True])
def test_a_sliced_panel_is_the_panel_drawn_whole(alpha):
    for w, h, r in _sizes(1, 60):
        sliced, whole = _canvas(w, h, alpha), _canvas(w, h, alpha)
        rect = pygame.Rect(30, 30, w, h)
        theme.rounded(sliced, rect, (10, 18, 14, 178), r, edge=(255, 255, 255, 34))
        whole.blit(theme._rounded((w, h), (10, 18, 14, 178), r, (255, 255, 255, 34), 1),
                   rect.topleft)
        assert _pixels(sliced) == _pixels(whole), (w, h, r)


def test_a_sliced_shadow_is_the_shadow_drawn_whole():
    for i, (w, h, r) in enumerate(_sizes(2, 60)):
        spread = (4, 8, 12, 24)[i % 4]
        sliced, whole = _canvas(w, h, False), _canvas(w, h, False)
        rect = pygame.Rect(30, 30, w, h)
        theme.drop_shadow(sliced, rect, r, spread=spread, offset=(0, 3), strength=70)
        whole.blit(theme._shadow((w, h), r, spread, 70), (rect.x - spread, rect.y - spread + 3))
        assert _pixels(sliced) == _pixels(whole), (w, h, r, spread)


def test_a_sliced_gradient_face_is_the_face_drawn_whole():
    for w, h, r in _sizes(3, 60):
        sliced, whole = _canvas(w, h, False), _canvas(w, h, False)
        rect = pygame.Rect(30, 30, w, h)
        theme.face(sliced, rect, (222, 178, 88), (150, 110, 40), r, edge=(255, 255, 255, 48))
        whole.blit(theme._face((w, h), (222, 178, 88), (150, 110, 40), r, (255, 255, 255, 48)),
                   rect.topleft)
        assert _pixels(sliced) == _pixels(whole), (w, h, r)


def test_panels_of_many_sizes_keep_one_small_model():
    theme.clear_caches()
    target = pygame.Surface((1280, 720))
    for i in range(80):                       # a summary panel per deal, each its own size
        theme.panel(target, pygame.Rect(20, 20, 700 + i * 5, 500 - i * 3))
    # one model for the panel and one for its shadow, where one image a size filled the
    # 4 MB bound (a 700 x 500 panel alone is 1.4 MB)
    radius, spread = theme.px(14), theme.px(12)
    side = 2 * (radius + 2) + slices.MIDDLE
    assert theme._rounded.cache_info().currsize == 4 * side * side
    side = 2 * (radius + 2) + slices.MIDDLE        # the shadow's model, less its spread
    assert theme._shadow.cache_info().currsize == 4 * (side + 2 * spread) ** 2


def test_pieces_cover_the_side_once_and_in_order():
    for length in (0, 1, 20, 36, 37, 100, 164, 165, 1000):
        corner = 18
        model = slices.model_size((length, length), corner)[0]
        pieces = slices._pieces(length, model, corner)
        assert sum(run for _, _, run in pieces) == length
        at = 0
        for src, dst, run in pieces:
            assert dst == at and 0 <= src and src + run <= model
            at += run
