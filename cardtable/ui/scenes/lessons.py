"""Learn to play: the games that bring a guided first deal, one button each."""

from __future__ import annotations

import pygame

from cardtable import lessons
from cardtable.engine import registry
from cardtable.i18n import N_, Msg, NMsg
from cardtable.ui import theme
from cardtable.ui.scenes.common import FormScene
from cardtable.ui.widgets import BUTTON_HEIGHT, Button


def entry_text(game_id: str) -> Msg:
    """A game's button: its name and how long its lesson takes."""
    lesson = lessons.lesson_for(game_id)
    minutes = lesson.minutes if lesson is not None else 0
    return Msg("{game}  ·  {minutes}", game=Msg(registry.get(game_id).name),
               minutes=NMsg("about {n} minute", "about {n} minutes", minutes, n=minutes))


class LessonsScene(FormScene):
    title = N_("Learn to play")
    subtitle = N_("A guided deal on a real table: the coach says what to look at and what "
                  "to try")

    def __init__(self) -> None:
        super().__init__()
        self.games = lessons.games_with_lessons()
        if not self.games:      # (the menu offers the entry before it reads the games)
            self.subtitle = N_("None of the games installed here brings a lesson yet.")

    def pick(self, game_id: str) -> None:
        self.app.open("lesson", game_id)

    def layout(self) -> None:
        w, _ = self.size
        bh = theme.px(BUTTON_HEIGHT)
        gap = theme.px(14)
        size = theme.SUBHEADING - 4
        buttons = [Button(entry_text(g), lambda g=g: self.pick(g), size=size)
                   for g in self.games]
        width = min(w - theme.px(80), max([theme.px(420)] +
                                          [b.preferred_width() for b in buttons]))
        y = self.heading_bottom() + theme.px(20)
        for game_id, b in zip(self.games, buttons, strict=True):
            b.rect = pygame.Rect((w - width) // 2, y, width, bh)
            self.add(b, game_id)
            y += bh + gap
        area = pygame.Rect(0, self.heading_bottom(), w, self.size[1] - theme.px(100)
                           - self.heading_bottom())
        self.scroll(area, buttons, y)
        self.back_button()
