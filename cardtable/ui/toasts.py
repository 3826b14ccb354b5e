"""The window's toasts: short messages over whatever screen is on top, that fade away.

A toast lives as long as it takes to read (:func:`reading_time`, at least the seconds it
was given), is wrapped to the room the screen gives it, and several lie one above the other
without overlapping (:func:`place`); a click on one sends it away (the App's
``dismiss_toast``). The App keeps them (``App.toast``) and draws them over the scenes.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable import i18n
from cardtable.i18n import Msg
from cardtable.ui import theme

#: reading speed for a toast's life: characters a second (about 150 words a minute), and
#: the time to notice it first
READ_CHARS_PER_SECOND, READ_START = 13.0, 1.5
#: each kind's tint (anything else: the theme's panel)
TINTS = {"bad": (70, 24, 20), "good": (18, 56, 30)}


def reading_time(text: str | Msg) -> float:
    """The seconds a person needs to read ``text`` (as shown, in the current language)."""
    return READ_START + len(i18n.tr(text)) / READ_CHARS_PER_SECOND


class Toast:
    """A short message at the bottom of the window that fades away."""

    FADE_IN, FADE_OUT = 0.18, 0.5
    #: a fade is drawn 30 times a second: an alpha ramp needs no more, and at the menu a
    #: toast drawn at the display's rate cost 6-7 % of a core over its life (5 % allowed)
    FADE_FRAME = 1 / 30

    def __init__(self, text: str | Msg, seconds: float = 2.8, kind: str = "info"):
        self.text = text
        self.seconds = seconds
        self.kind = kind
        self.age = 0.0

    @property
    def alive(self) -> bool:
        return self.age < self.seconds

    def fading(self) -> bool:
        """It fades in or out now (its picture changes from frame to frame)."""
        return self.alive and (self.age < self.FADE_IN or self.seconds - self.age <= self.FADE_OUT)

    def next_frame_in(self) -> float | None:
        """A fade's next frame while it fades in or out, else the seconds until it starts
        to fade out."""
        if not self.alive:
            return None
        if self.fading():
            return self.FADE_FRAME
        return self.seconds - self.FADE_OUT - self.age

    def dismiss(self) -> None:
        """Fade away now (it was clicked)."""
        self.age = max(self.age, self.seconds - self.FADE_OUT)

    def alpha(self) -> int:
        fade_in, fade_out = self.FADE_IN, self.FADE_OUT
        if self.age < fade_in:
            return int(255 * self.age / fade_in)
        left = self.seconds - self.age
        if left < fade_out:
            return max(0, int(255 * left / fade_out))
        return 255


def wrapped(toasts: list[Toast], room: int) -> list[tuple[list[str], Toast]]:
    """Each toast's lines, no wider than ``room`` (in the order given)."""
    fnt = theme.font(theme.px(theme.BODY))
    return [(theme.wrap(t.text, fnt, room) or [""], t) for t in toasts]


def place(boxes: list[tuple[list[str], Toast]], size: tuple[int, int],
          bottom: Callable[[int], int | None] | None,
          centre: Callable[[int], int | None] | None
          ) -> list[tuple[pygame.Rect, list[str], Toast]]:
    """Where each wrapped toast (the newest first) is drawn, one above the other, in a
    window of ``size``: their foot where ``bottom(height of them all)`` says (None: above
    the window's foot), centred where ``centre(widest)`` says (None: the window's middle).
    Toasts that would go past the window's top are left out (they are drawn once those
    below them are gone)."""
    text = theme.px(theme.BODY)
    fnt = theme.font(text)
    line = theme.line_height(text)
    gap, pad = theme.px(8), theme.px(20)
    widths = [max(fnt.size(words)[0] for words in lines) for lines, _ in boxes]
    height = sum(len(lines) * line + pad + gap for lines, _ in boxes) - gap
    y = size[1] - theme.px(40)
    x = size[0] // 2
    if boxes:
        y = (bottom(height) if bottom is not None else None) or y
        x = (centre(max(widths) + 2 * pad) if centre is not None else None) or x
    placed: list[tuple[pygame.Rect, list[str], Toast]] = []
    for (lines, toast), width in zip(boxes, widths, strict=True):
        rect = pygame.Rect(0, 0, width + 2 * pad, len(lines) * line + pad)
        rect.midbottom = (x, y)
        if placed and rect.top < 0:
            break
        placed.append((rect, lines, toast))
        y = rect.top - gap
    return placed


def draw(surface: pygame.Surface, rect: pygame.Rect, lines: list[str], toast: Toast) -> None:
    """One toast, its lines centred one under the other, at its fade's alpha."""
    text = theme.px(theme.BODY)
    line = theme.line_height(text)
    tint = TINTS.get(toast.kind, theme.PANEL)
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    theme.rounded(box, box.get_rect(), (*tint, 225), theme.px(12), edge=(255, 255, 255, 50))
    y = theme.px(10)
    for words in lines:
        theme.draw_text(box, words, (rect.width // 2, y), text, anchor="midtop")
        y += line
    box.set_alpha(toast.alpha())
    surface.blit(box, rect)
