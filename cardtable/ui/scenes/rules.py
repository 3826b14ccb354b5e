"""The rules screen: a tab for each game on the left, its rules scrolling on the right."""

from __future__ import annotations

import pygame

from cardtable.i18n import N_
from cardtable.ui import theme
from cardtable.ui.scenes.common import FormScene
from cardtable.ui.scenes.rules_text import ORDER, RULES
from cardtable.ui.widgets import BUTTON_HEIGHT, Button, ScrollText


class RulesScene(FormScene):
    title = N_("Rules")
    subtitle = ""

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id if game_id in RULES else ORDER[0]
        self.text: ScrollText | None = None

    def select(self, game_id: str) -> None:
        if game_id != self.game_id:
            self.game_id = game_id
            self.rebuild()
            text = self.widget("text")
            self.form.focus(self.widget(f"tab.{game_id}") or text)

    def layout(self) -> None:
        w, h = self.size
        top = self.heading_bottom()
        bottom = h - theme.px(100)
        margin = max(theme.px(40), (w - theme.px(1200)) // 2)
        bh = theme.px(BUTTON_HEIGHT)
        tabs = [Button(RULES[gid][0], lambda g=gid: self.select(g),
                       style="primary" if gid == self.game_id else "normal",
                       size=theme.BODY - 1) for gid in ORDER]
        # as wide as the longest game's name needs (larger text, French), within a third of
        # the window; a name longer still gives up its larger type (Button.label_fit)
        widest = max(b.preferred_width() - theme.px(24) for b in tabs)
        tab_w = min(max(theme.px(270), widest), int((w - 2 * margin) * 0.34))
        y = top
        for gid, b in zip(ORDER, tabs, strict=True):
            b.rect = pygame.Rect(margin, y, tab_w, bh)
            self.add(b, f"tab.{gid}")
            y += bh + theme.px(12)
        text_rect = pygame.Rect(margin + tab_w + theme.px(28), top,
                                w - 2 * margin - tab_w - theme.px(28), bottom - top)
        self.text_rect = text_rect
        old = self.text
        self.text = ScrollText(RULES[self.game_id][1])
        self.text.rect = text_rect.inflate(-theme.px(24), -theme.px(20))
        if old is not None and old.markup == self.text.markup:
            self.text.offset = old.offset
            self.text.target = old.target
        self.add(self.text, "text")
        self.back_button()

    def initial_focus(self):
        return self.widget(f"tab.{self.game_id}")

    #: keys that page the rules wherever the focus is (on a game's tab, on Back): the text
    #: is what this screen is read for
    PAGE_KEYS = (pygame.K_PAGEDOWN, pygame.K_PAGEUP, pygame.K_HOME, pygame.K_END)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in self.PAGE_KEYS and \
                self.text is not None and self.form.focused is not self.text:
            return self.text.key(event)
        return super().handle_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_heading(surface, self.title)
        theme.panel(surface, self.text_rect, alpha=200)
