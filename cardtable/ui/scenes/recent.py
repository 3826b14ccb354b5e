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
from cardtable.ui.scenes.summary_words import deal_count, shown_names
from cardtable.ui.widgets import BUTTON_HEIGHT, Button


def when_text(iso: str) -> str:
    """'2026-11-24 06:10' from an ISO date-time (as much as there is)."""
    return iso.replace("T", " ")[:16]


def winners_text(entry: dict) -> Msg | None:
    """Who won the match (or the daily deal), as its last record says: 'you won', 'won by
    Margot'; None for a match left before its end, or kept by an older version."""
    last = entry["deals"][-1]
    names, winners = last.get("names") or [], last.get("winners")
    if not isinstance(winners, list) or not winners or not all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s < len(names)
            for s in winners):
        return None
    humans = last.get("humans") or []
    if len(humans) == 1 and winners == humans:
        return Msg("you won")
    return Msg("won by {names}", names=and_list([shown_names(names)[s] for s in winners]))


def daily_of(entry: dict) -> str | None:
    """The date of the daily deal this match was, or None."""
    day = entry["deals"][0].get("daily")
    return day if isinstance(day, str) and len(day) <= 20 and day.isprintable() else None


def row_text(entry: dict) -> Msg:
    info = recent.summary(entry)
    game = info["game"]
    name = registry.get(game).name if game in registry.ids() else game
    names = and_list(shown_names(info["names"]))
    won = winners_text(entry)
    day = daily_of(entry)
    if day is not None:
        text = Msg("Daily deal · {date} · {game} · {names}", date=day, game=Msg(name),
                   names=names)
    else:
        text = Msg("{game} · {names} · {deals} · {when}", game=Msg(name), names=names,
                   deals=deal_count(game, info["deals"]), when=when_text(info["when"]))
    return text if won is None else Msg("{match} · {result}", match=text, result=won)


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
