"""Statistics: one line per game from ``app.stats`` (game id -> record dict).

A record may hold any of: played, won, lost, shared, best_streak, streak, best (a score),
last_played; known keys get columns with friendly headings, and the win rate is derived
from played and won. With no finished game yet the screen says so.
"""

from __future__ import annotations

import pygame

from cardtable.engine import registry
from cardtable.ui import theme
from cardtable.ui.scenes.common import FormScene
from cardtable.ui.scenes.rules_text import RULES

COLUMNS = (
    ("played", "Played"),
    ("won", "Won"),
    ("lost", "Lost"),
    ("shared", "Shared"),
    ("win_rate", "Win rate"),
    ("streak", "Streak"),
    ("best_streak", "Best streak"),
    ("best", "Best score"),
    ("last_played", "Last played"),
)


def game_name(game_id: str) -> str:
    try:
        return registry.get(game_id).name
    except ValueError:
        return RULES.get(game_id, (game_id,))[0]


def table_rows(stats: dict) -> tuple[list[tuple[str, str]], list[list[str]]]:
    """(columns, rows) of the statistics table; rows start with the game's name."""
    records = {g: r for g, r in (stats or {}).items() if isinstance(r, dict)}
    present = set()
    for r in records.values():
        present.update(k for k, v in r.items() if v is not None)
    if "played" in present and "won" in present:
        present.add("win_rate")
    cols = [(k, label) for k, label in COLUMNS if k in present]
    rows = []
    for gid, r in records.items():
        cells = [game_name(gid)]
        for key, _ in cols:
            if key == "win_rate":
                played, won = r.get("played") or 0, r.get("won") or 0
                cells.append(f"{round(100 * won / played)}%" if played else "—")
            else:
                v = r.get(key)
                cells.append("—" if v is None else str(v))
        rows.append(cells)
    return cols, rows


class StatsScene(FormScene):
    title = "Statistics"
    subtitle = ""

    def layout(self) -> None:
        self.back_button()

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_heading(surface, self.title)
        w, h = self.size
        stats = getattr(self.app, "stats", None) or {}
        cols, rows = table_rows(stats)
        top = self.heading_bottom() + theme.px(10)
        if not rows:
            box = pygame.Rect(0, 0, theme.px(560), theme.px(150))
            box.midtop = (w // 2, top + theme.px(60))
            theme.panel(surface, box)
            theme.draw_text(surface, "No games finished yet.",
                            (box.centerx, box.top + theme.px(38)),
                            theme.px(theme.SUBHEADING), theme.TEXT, bold=True, anchor="midtop")
            theme.draw_text(surface, "Finish a match and your results will be kept here.",
                            (box.centerx, box.top + theme.px(84)), theme.px(theme.BODY - 1),
                            theme.TEXT_DIM, anchor="midtop", shadow=False)
            return
        name_w = theme.px(300)
        col_w = theme.px(112)
        width = name_w + col_w * len(cols) + theme.px(40)
        width = min(width, w - theme.px(60))
        col_w = (width - name_w - theme.px(40)) // max(1, len(cols))
        size = theme.px(theme.BODY - 1)
        rh = int(size * 2.0)
        box = pygame.Rect(0, top, width, rh * (len(rows) + 1) + theme.px(36))
        box.centerx = w // 2
        theme.panel(surface, box)
        x0 = box.left + theme.px(20)
        y = box.top + theme.px(18)
        for i, (_, label) in enumerate(cols):
            cx = x0 + name_w + col_w * i + col_w // 2
            theme.draw_text(surface, label, (cx, y + rh // 2), theme.px(theme.SMALL),
                            theme.ACCENT_LIGHT, bold=True, anchor="center", shadow=False)
        y += rh
        for n, cells in enumerate(rows):
            if n % 2 == 0:
                theme.rounded(surface, pygame.Rect(x0 - theme.px(8), y, width - theme.px(24), rh),
                              (255, 255, 255, 12), theme.px(6))
            theme.draw_text(surface, theme.ellipsize(cells[0], size, name_w - theme.px(10)),
                            (x0, y + rh // 2), size, theme.TEXT, bold=True, anchor="midleft",
                            shadow=False)
            for i, cell in enumerate(cells[1:]):
                cx = x0 + name_w + col_w * i + col_w // 2
                theme.draw_text(surface, cell, (cx, y + rh // 2), size, theme.TEXT_DIM,
                                anchor="center", shadow=False)
            y += rh
