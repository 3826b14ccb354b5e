"""Play a deal code: a field to type or paste a code, and the deal it names is dealt.

    app.open("deal_code", on_play)     # on_play(DealCode) starts the match

A code that is not one gets one sentence under the field (``records.decode``); Ctrl+V
pastes. Esc or Cancel closes the panel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from cardtable import records
from cardtable.i18n import N_, Msg
from cardtable.ui import theme
from cardtable.ui.scenes.modal import ModalScene
from cardtable.ui.widgets import BUTTON_HEIGHT, Button, Form
from cardtable.ui.widgets.text import TextInput

#: the longest text the field takes (a code with spaces or dashes between its groups)
FIELD_LENGTH = 40


class DealCodeScene(ModalScene):
    PANEL = (640, 300)
    DIM = 150

    def __init__(self, on_play: Callable[[records.DealCode], Any]) -> None:
        super().__init__()
        self.on_play = on_play
        self.text = ""
        self.problem: Msg | None = None
        self.form = Form(on_cancel=self.cancel)

    def set_text(self, text: str) -> None:
        self.text = text
        self.problem = None

    def play(self) -> None:
        try:
            code = records.decode(self.text)
        except records.CodeError as err:
            self.problem = err.message
            field = self.field()
            if field is not None:           # back to the field, to correct the code
                self.form.focus(field)
            return
        if self.app is not None and self.app.top is self:
            self.app.pop()
        self.on_play(code)

    def cancel(self) -> None:
        if self.app is not None and self.app.top is self:
            self.app.pop()

    def paste(self) -> None:
        try:
            if not pygame.scrap.get_init():
                pygame.scrap.init()
            text = pygame.scrap.get_text() or ""
        except pygame.error:
            return
        field = self.field()
        if field is not None:
            field.text_input(text.strip())

    def field(self) -> TextInput | None:
        return next((w for w in self.form.widgets if isinstance(w, TextInput)), None)

    # ---- layout ---------------------------------------------------------------------------
    def buttons(self) -> tuple[list[Button], Button]:
        cancel = Button(N_("Cancel"), self.cancel)
        play = Button(N_("Play this deal"), self.play, style="primary")
        cancel.name, play.name = "Cancel", "Play"
        return [cancel, play], play

    def layout(self) -> None:
        super().layout()
        p = self.panel_rect()
        field = TextInput(self.text, on_change=self.set_text, max_length=FIELD_LENGTH,
                          hint=N_("For example 3DPR-D3"))
        field.name = "code"
        field.rect = pygame.Rect(p.left + theme.px(40), p.top + theme.px(110),
                                 p.width - theme.px(80), theme.px(BUTTON_HEIGHT))
        self.form.add(field)
        self.form.focus(field)

    # ---- frame ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
                self.paste()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and \
                    isinstance(self.form.focused, TextInput):
                self.play()
                return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        p = self.draw_frame(surface)
        theme.draw_text(surface, N_("Play a deal code"), (p.centerx, p.top + theme.px(26)),
                        theme.px(theme.SUBHEADING + 2), theme.TEXT, bold=True, anchor="midtop")
        size = theme.px(theme.SMALL)
        note = N_("The same cards on every copy of the program; the computers play at the "
                  "levels chosen for their seats.")
        y = p.top + theme.px(66)
        for line in theme.wrap(note, theme.font(size), p.width - theme.px(80))[:2]:
            theme.draw_text(surface, line, (p.centerx, y), size, theme.TEXT_DIM,
                            anchor="midtop", shadow=False)
            y += theme.line_height(size)
        if self.problem is not None:
            field = self.field()
            top = field.rect.bottom + theme.px(8) if field is not None else y
            theme.draw_text(surface, self.problem, (p.centerx, top), size, theme.BAD,
                            anchor="midtop", shadow=False)
        self.form.draw(surface)
