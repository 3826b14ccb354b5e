"""A question before something that cannot be taken back (replace a match, reset statistics).

    app.push(ConfirmScene("Start a new match?", "The match in progress will be lost.",
                          "Start new match", on_yes))

Drawn over the scene below it, dimmed. Esc, or the Cancel button, pops it and does nothing;
the yes button pops it and then calls ``on_yes``. The focus starts on Cancel, shown at once,
so a stray Enter never destroys anything and nobody expects it to press the gold button.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from cardtable.i18n import N_, tr
from cardtable.ui import theme
from cardtable.ui.narrator import sentences
from cardtable.ui.scenes.modal import ModalScene
from cardtable.ui.widgets import BUTTON_HEIGHT, Button, Form


class ConfirmScene(ModalScene):
    PANEL = (620, 250)
    DIM = 150
    BUTTON_MIN = 170
    BUTTON_MARGIN = 24

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

    def on_enter(self) -> None:
        super().on_enter()
        # the focus ring is on Cancel from the start: the gold button is the other one, and
        # Enter must not look as if it will press that
        self.form.keyboard = True

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
    def buttons(self) -> tuple[list[Button], Button]:
        no = Button(self.no_text, self.cancel)
        yes = Button(self.yes_text, self.confirm, style="primary")
        no.name, yes.name = "no", "yes"
        return [no, yes], no

    def spoken_heading(self) -> str:
        return sentences([tr(t) for t in (self.question, self.detail) if t])

    def panel_rect(self) -> pygame.Rect:
        """As wide as a modal's, as tall as its words and buttons need (at least
        :data:`PANEL`'s height): a long question, a language's longer words or the larger
        text sizes take more lines, and the buttons stay below them."""
        p = super().panel_rect()
        words = self._lines(p.width)
        below = words[-1][1] + words[-1][2] if words else 0
        need = below + theme.px(24 + self.BUTTON_MARGIN) + theme.px(BUTTON_HEIGHT)
        if need > p.height:
            p.height = min(self.size[1] - theme.px(20), need)
            p.centery = self.size[1] // 2
        return p

    def _lines(self, width: int) -> list[tuple[str, int, int, bool]]:
        """The question (two lines at most) and the detail (three), each line with its top
        below the panel's top, its height and whether it is the question's."""
        out: list[tuple[str, int, int, bool]] = []
        y = theme.px(30)
        size = theme.px(theme.SUBHEADING + 2)
        fnt = theme.font(size, bold=True)
        for line in theme.wrap(self.question, fnt, width - theme.px(60))[:2]:
            out.append((line, y, int(fnt.get_linesize() * 1.05), True))
            y += out[-1][2]
        if self.detail:
            size = theme.px(theme.BODY - 1)
            y = max(y + theme.px(12), theme.px(80))
            for line in theme.wrap(self.detail, theme.font(size), width - theme.px(60))[:3]:
                out.append((line, y, int(size * 1.35), False))
                y += out[-1][2]
        return out

    # ---- frame ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        p = self.draw_frame(surface)
        for text, y, _h, question in self._lines(p.width):
            if question:
                theme.draw_text(surface, text, (p.centerx, p.top + y),
                                theme.px(theme.SUBHEADING + 2), theme.TEXT, bold=True,
                                anchor="midtop")
            else:
                theme.draw_text(surface, text, (p.centerx, p.top + y),
                                theme.px(theme.BODY - 1), theme.TEXT_DIM, anchor="midtop",
                                shadow=False)
        self.form.draw(surface)
