"""The application icon, drawn in code: an ace of spades on a round felt badge.

Used for the window icon at run time and by build/make_icons.py for the packaged program.
"""

from __future__ import annotations

import pygame


def spade(surface: pygame.Surface, cx: float, cy: float, size: float, colour) -> None:
    """A spade: two lobes, a point on top, and a flared stem."""
    r = size * 0.26
    pygame.draw.circle(surface, colour, (cx - r * 0.95, cy + r * 0.35), r)
    pygame.draw.circle(surface, colour, (cx + r * 0.95, cy + r * 0.35), r)
    pygame.draw.polygon(
        surface, colour,
        [(cx, cy - size * 0.5), (cx - r * 1.9, cy + r * 0.2), (cx + r * 1.9, cy + r * 0.2)],
    )
    pygame.draw.polygon(
        surface, colour,
        [(cx, cy + r * 0.2), (cx - r * 0.75, cy + size * 0.5), (cx + r * 0.75, cy + size * 0.5)],
    )


def draw_icon(size: int) -> pygame.Surface:
    big = size * 4  # draw large, then smooth-scale down for clean edges
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.circle(s, (14, 74, 45), (big // 2, big // 2), big // 2)
    pygame.draw.circle(s, (24, 104, 64), (big // 2, big // 2), int(big * 0.46))
    w, h = int(big * 0.50), int(big * 0.70)
    card = pygame.Rect(0, 0, w, h)
    card.center = (big // 2, big // 2)
    shadow = card.move(int(big * 0.02), int(big * 0.03))
    pygame.draw.rect(s, (0, 0, 0, 90), shadow, border_radius=int(w * 0.08))
    pygame.draw.rect(s, (250, 250, 246), card, border_radius=int(w * 0.08))
    edge = max(1, big // 128)
    pygame.draw.rect(s, (150, 150, 150), card, width=edge, border_radius=int(w * 0.08))
    spade(s, card.centerx, card.centery, w * 0.62, (25, 25, 30))
    return pygame.transform.smoothscale(s, (size, size))
