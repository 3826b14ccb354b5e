"""A question before something that cannot be taken back (replace a match, reset statistics).

    app.push(ConfirmScene("Start a new match?", "The match in progress will be lost.",
                          "Start new match", on_yes))

Drawn over the scene below it, dimmed. Esc, or the Cancel button, pops it and does nothing;
the yes button pops it and then calls ``on_yes``. The focus starts on Cancel, so a stray
Enter never destroys anything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from cardtable.i18n import N_
from cardtable.ui import theme
from cardtable.ui.scene import Scene
from cardtable.ui.widgets import BUTTON_HEIGHT, Button, Form


class ConfirmScene(Scene):
    overlay = True

    def __init__(self, question: str, detail: str, yes: str,
                 on_yes: Callable[[], Any], no: str = N_("Cancel"),
                 on_no: Callable[[], Any] | None = None) -> None:
        super().__init__()
        self.question = question
        self.detail = detail
        self.yes_text = yes
        self.no_text = no
        self.on_yes = on_yes
        self.on_no = on_no
        self.answer: bool | None = None
        self.form = Form(on_cancel=self.cancel)

    # ---- answers --------------------------------------------------------------------
    def confirm(self) -> None:
        self.answer = True
        if self.app is not None and self.app.top is self:
            self.app.pop()
        self.on_yes()

    def cancel(self) -> None:
        self.answer = False
        if self.app is not None and self.app.top is self:
            self.app.pop()
        if self.on_no is not None:
            self.on_no()

    # ---- layout -----------------------------------------------------------------------
    def on_enter(self) -> None:
        self.layout()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def panel_rect(self) -> pygame.Rect:
        w, h = self.size
        r = pygame.Rect(0, 0, min(w - theme.px(60), theme.px(620)), theme.px(250))
        r.center = (w // 2, h // 2)
        return r

    def layout(self) -> None:
        self.form.clear()
        p = self.panel_rect()
        no = Button(self.no_text, self.cancel)
        yes = Button(self.yes_text, self.confirm, style="primary")
        bh = theme.px(BUTTON_HEIGHT)
        gap = theme.px(16)
        widths = [max(theme.px(170), b.preferred_width()) for b in (no, yes)]
        x = p.centerx - (sum(widths) + gap) // 2
        y = p.bottom - theme.px(24) - bh
        for b, bw in zip((no, yes), widths, strict=True):
            b.rect = pygame.Rect(x, y, bw, bh)
            x += bw + gap
            self.form.add(b)
        no.name, yes.name = "no", "yes"
        self.form.focus(no)

    def widget(self, name: str):
        return next((w for w in self.form.widgets if w.name == name), None)

    # ---- frame ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        self.form.handle_event(event)
        return True

    def update(self, dt: float) -> None:
        self.form.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        surface.blit(dim, (0, 0))
        p = self.panel_rect()
        theme.panel(surface, p, alpha=250, colour=(16, 26, 21))
        theme.draw_text(surface, self.question, (p.centerx, p.top + theme.px(30)),
                        theme.px(theme.SUBHEADING + 2), theme.TEXT, bold=True, anchor="midtop")
        if self.detail:
            size = theme.px(theme.BODY - 1)
            lines = theme.wrap(self.detail, theme.font(size), p.width - theme.px(60))
            y = p.top + theme.px(80)
            for line in lines[:3]:
                theme.draw_text(surface, line, (p.centerx, y), size, theme.TEXT_DIM,
                                anchor="midtop", shadow=False)
                y += int(size * 1.35)
        self.form.draw(surface)
