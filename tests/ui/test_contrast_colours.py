"""The high-contrast table keeps the felt chosen (made nearly black, it was one dark green
whatever the setting), and a greyed button looks fainter than an enabled one (it was a
lighter grey, the brighter of the two on the black table)."""

from __future__ import annotations

import pygame
import pytest

from cardtable.ui import theme
from cardtable.ui.felt import felt_rgb
from cardtable.ui.widgets import Button


def luminance(rgb) -> float:
    """WCAG relative luminance of an sRGB colour."""
    def lin(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = rgb[:3]
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.fixture
def high_contrast():
    pygame.init()
    theme.set_access(True, "normal")
    yield
    theme.set_access(False, "normal")


def test_the_high_contrast_cloth_follows_the_felt_setting(high_contrast):
    cloths = {felt: theme.cloth_colour(felt) for felt in theme.FELT_NAMES}
    assert len(set(cloths.values())) == len(cloths)          # each felt its own cloth
    for felt, cloth in cloths.items():
        rgb = felt_rgb(cloth)
        assert contrast(theme.TEXT, rgb) >= 12, (felt, rgb)   # still a high-contrast table
        # the same hue as the felt chosen: its strongest channel stays the strongest
        chosen = felt_rgb(felt)
        assert max(range(3), key=lambda i: rgb[i]) == max(range(3), key=lambda i: chosen[i])


def test_the_drawn_backdrop_changes_with_the_felt(high_contrast):
    surface = pygame.Surface((64, 48))
    seen = set()
    for felt in ("green", "blue", "red"):
        theme.backdrop(surface, felt)
        seen.add(tuple(surface.get_at((32, 24)))[:3])
    assert len(seen) == 3


def mean_luminance(surface: pygame.Surface, rect: pygame.Rect) -> float:
    total = 0.0
    n = 0
    for y in range(rect.top, rect.bottom, 2):
        for x in range(rect.left, rect.right, 2):
            total += luminance(surface.get_at((x, y)))
            n += 1
    return total / n


@pytest.mark.parametrize("contrast_on", [True, False])
@pytest.mark.parametrize("style", ["normal", "quiet", "primary"])
def test_a_greyed_button_is_never_brighter_than_an_enabled_one(contrast_on, style):
    pygame.init()
    theme.set_access(contrast_on, "normal")
    try:
        looks = {}
        for enabled in (True, False):
            surface = pygame.Surface((240, 80))
            surface.fill((0, 0, 0) if contrast_on else (26, 100, 60))
            b = Button("Undo", None, style=style, enabled=enabled)
            b.rect = pygame.Rect(20, 20, 200, 40)
            b.draw(surface)
            looks[enabled] = mean_luminance(surface, b.rect)
        assert looks[False] < looks[True], looks
        if contrast_on:
            assert luminance(theme.DISABLED_FILL) <= luminance(theme.BUTTON)
            assert luminance(theme.DISABLED_TEXT) < luminance(theme.TEXT)
            assert contrast(theme.DISABLED_TEXT, theme.DISABLED_FILL) >= 4.5   # still read
    finally:
        theme.set_access(False, "normal")
