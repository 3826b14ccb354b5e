"""A panel over the scene below it, dimmed: the end-of-deal summary, the match end and the
confirm question share this frame.

A subclass sets ``PANEL`` (its largest size, in design pixels), ``DIM`` (how dark the scene
below gets), makes ``self.form`` in its ``__init__`` and returns its row of buttons from
``buttons()``; ``draw_frame(surface)`` dims, draws the panel and gives back its rect.
"""

from __future__ import annotations

from abc import ABCMeta, abstractmethod

import pygame

from cardtable.ui import theme
from cardtable.ui.scene import Scene
from cardtable.ui.widgets import BUTTON_HEIGHT, Button, Form

PANEL_COLOUR = (16, 26, 21)


class ModalScene(Scene, metaclass=ABCMeta):
    overlay = True
    PANEL: tuple[int, int] = (820, 620)
    DIM = 120
    #: the narrowest a button of the row may be, and its distance from the panel's bottom
    BUTTON_MIN = 180
    BUTTON_MARGIN = 22

    form: Form

    # ---- layout ---------------------------------------------------------------------
    def on_enter(self) -> None:
        self.layout()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def panel_rect(self) -> pygame.Rect:
        w, h = self.size
        pw, ph = self.PANEL
        r = pygame.Rect(0, 0, min(w - theme.px(60), theme.px(pw)),
                        min(h - theme.px(60), theme.px(ph)))
        r.center = (w // 2, h // 2)
        return r

    @abstractmethod
    def buttons(self) -> tuple[list[Button], Button]:
        """The row of buttons, left to right, each with its ``name``, and the one focused."""

    def layout(self) -> None:
        """The buttons in one row, centred along the bottom of the panel."""
        self.form.clear()
        p = self.panel_rect()
        row, focused = self.buttons()
        bh = theme.px(BUTTON_HEIGHT)
        gap = theme.px(16)
        widths = [max(theme.px(self.BUTTON_MIN), b.preferred_width()) for b in row]
        x = p.centerx - (sum(widths) + gap * (len(row) - 1)) // 2
        y = p.bottom - theme.px(self.BUTTON_MARGIN) - bh
        for b, bw in zip(row, widths, strict=True):
            b.rect = pygame.Rect(x, y, bw, bh)
            x += bw + gap
            self.form.add(b)
        self.form.focus(focused)

    def toasts_bottom(self, height: int) -> int | None:
        """Toasts keep clear of the panel and its buttons ("Copied: …" lay across the
        panel's foot, on the buttons, for three seconds): at their place if that is below
        the panel, else at the window's foot if there is room under the panel, else inside
        it above the buttons (and the summary's line of the deal code over them)."""
        p = self.panel_rect()
        gap = theme.px(8)
        usual = self.size[1] - theme.px(40)
        if usual - height >= p.bottom + gap:
            return None
        if self.size[1] - gap - height >= p.bottom + gap:
            return self.size[1] - gap
        tops = [w.rect.top for w in self.form.widgets if w.rect.height > 0]
        # and above the line over the buttons (the summary's deal code), if there is one
        code_room = getattr(self, "code_room", None)
        return (min(tops) if tops else p.bottom) - gap - (code_room(p) if code_room else 0)

    def widget(self, name: str):
        return next((w for w in self.form.widgets if w.name == name), None)

    # ---- frame ----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        self.form.handle_event(event)
        return True        # the scene underneath gets nothing while the panel is up

    def update(self, dt: float) -> None:
        self.form.update(dt)

    def draw_frame(self, surface: pygame.Surface) -> pygame.Rect:
        """The felt if nothing is below, the scene below dimmed, the panel; its rect."""
        if self.app is not None and len(self.app.stack) == 1:
            theme.backdrop(surface, self.app.settings.get("felt", "green"))
        # darkened in place (black at DIM's opacity), with no window-sized layer a frame
        keep = 255 - self.DIM
        surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
        p = self.panel_rect()
        theme.panel(surface, p, alpha=255, colour=PANEL_COLOUR)
        return p


def person_at(table) -> int | None:
    """The seat of the person at the screen when a table's summary or match end comes up:
    with several people at one computer, the one whose hand was shown last (the review opens
    at their seat and judges their decisions first); else None (the review's own choice)."""
    seat = getattr(table, "secret_for", None)
    return seat if seat is not None else getattr(table, "last_person", None)
