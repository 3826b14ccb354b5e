"""Recent matches: the last matches kept for review, most recent first.

Each row names the game, the players, how many deals and when; choosing one opens the
review of its last deal (the others a button away). The list is ``session.recent_matches``
(one file a match in the data folder's ``recent`` folder; a damaged one was set aside
with one sentence).
"""

from __future__ import annotations

import pygame

from cardtable import recent
from cardtable.engine import registry
from cardtable.i18n import N_, Msg, and_list, tr
from cardtable.ui import session, theme
from cardtable.ui.scenes.common import FormScene
from cardtable.ui.scenes.summary import deal_count, shown_names
from cardtable.ui.widgets import BUTTON_HEIGHT, Button


def when_text(iso: str) -> str:
    """'2026-11-24 06:10' from an ISO date-time (as much as there is)."""
    return iso.replace("T", " ")[:16]


def row_text(entry: dict) -> Msg:
    info = recent.summary(entry)
    game = info["game"]
    name = registry.get(game).name if game in registry.ids() else game
    deals = deal_count(game, info["deals"])
    return Msg("{game} · {names} · {deals} · {when}", game=Msg(name),
               names=and_list(shown_names(info["names"])), deals=deals,
               when=when_text(info["when"]))


class RecentScene(FormScene):
    title = N_("Recent matches")
    subtitle = N_("Choose a match to review its deals")

    _matches: list[dict] | None = None

    def matches(self) -> list[dict]:
        """The list read once while the screen is open (it is read from the file)."""
        if self._matches is None and self.app is not None:
            self._matches = session.recent_matches(self.app)
        return self._matches or []

    def open(self, entry: dict) -> None:
        deals = entry["deals"]
        self.app.open("review", deals, len(deals) - 1)

    def layout(self) -> None:
        self.back_button()
        w, h = self.size
        top = self.heading_bottom() + theme.px(12)
        width = min(w - theme.px(80), theme.px(980))
        x = (w - width) // 2
        bh = theme.px(BUTTON_HEIGHT)
        y = top
        rows = []
        for i, entry in enumerate(self.matches()):
            b = Button(tr(row_text(entry)), lambda e=entry: self.open(e), style="quiet",
                       size=theme.BODY - 1)
            b.rect = pygame.Rect(x, y, width, bh)
            self.add(b, f"match{i}")
            rows.append(b)
            y += bh + theme.px(8)
        area = pygame.Rect(0, top - theme.px(4), w, h - theme.px(100) - top)
        self.scroll(area, rows, y)

    def initial_focus(self):
        return self.widget("match0") or self.widget("Back")

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_heading(surface, self.title, self.subtitle if self.matches() else "")
        if not self.matches():
            w, _ = self.size
            theme.draw_text(surface, N_("No deal has been played to the end yet."),
                            (w // 2, self.heading_bottom() + theme.px(80)),
                            theme.px(theme.SUBHEADING), theme.TEXT_DIM, anchor="midtop")
