"""Statistics: one line per game and level from ``app.stats``.

``app.stats`` maps a game id to {level: record} (see ``storage.record_result``; a level is
the computers' level, 'mixed' or 'people'); a flat {game id: record} is shown too. A record
may hold any of: played, won, lost, shared, best_streak, streak, best (a score), total and
scored (for the average), last_played; known keys get columns with friendly headings, the
win rate is derived from played and won. With no finished game yet the screen says so.
"Reset" asks first, then forgets every record (and saves that).
"""

from __future__ import annotations

import pygame

from cardtable.engine import registry
from cardtable.i18n import N_, Msg
from cardtable.ui import theme
from cardtable.ui.scenes.common import FormScene
from cardtable.ui.scenes.rules_text import RULES
from cardtable.ui.widgets import BUTTON_HEIGHT, Button

COLUMNS = (
    ("played", N_("Played")),
    ("won", N_("Won")),
    ("lost", N_("Lost")),
    ("shared", N_("Shared")),
    ("win_rate", N_("Win rate")),
    ("streak", N_("Streak")),
    ("best_streak", N_("Best streak")),
    ("best", N_("Best score")),
    ("average", N_("Average")),
    ("last_played", N_("Last played")),
)

LEVEL_NAMES = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"),
               "mixed": N_("mixed levels"), "people": N_("people only")}


def _records(stats: dict) -> list[tuple[str, dict]]:
    """(row label, record) for every game and level, games in menu order."""
    order = {g: i for i, g in enumerate(registry.ids())}
    out = []
    for gid in sorted((stats or {}), key=lambda g: (order.get(g, 99), str(g))):
        value = stats[gid]
        if not isinstance(value, dict):
            continue
        if "played" in value or not all(isinstance(v, dict) for v in value.values()):
            out.append((game_name(gid), value))           # one record for the game
            continue
        for level in sorted(value, key=lambda lv: (list(LEVEL_NAMES).index(lv)
                                                   if lv in LEVEL_NAMES else 9, lv)):
            out.append((Msg("{game} · {level}", game=Msg(game_name(gid)),
                            level=Msg(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level),
                        value[level]))
    return out


def game_name(game_id: str) -> str:
    try:
        return registry.get(game_id).name
    except ValueError:
        return RULES.get(game_id, (game_id,))[0]


def table_rows(stats: dict) -> tuple[list[tuple[str, str]], list[list[str]]]:
    """(columns, rows) of the statistics table; rows start with the game's name (and level)."""
    records = _records(stats)
    present = set()
    for _, r in records:
        present.update(k for k, v in r.items() if v is not None)
    if "played" in present and "won" in present:
        present.add("win_rate")
    if "total" in present and "scored" in present:
        present.add("average")
    cols = [(k, label) for k, label in COLUMNS if k in present]
    rows = []
    for label, r in records:
        cells = [label]
        for key, _ in cols:
            if key == "win_rate":
                played, won = r.get("played") or 0, r.get("won") or 0
                cells.append(f"{round(100 * won / played)}%" if played else "—")
            elif key == "average":
                scored = r.get("scored") or 0
                cells.append(f"{r.get('total', 0) / scored:.1f}" if scored and "total" in r
                             else "—")
            else:
                v = r.get(key)
                cells.append("—" if v is None else str(v))
        rows.append(cells)
    return cols, rows


class StatsScene(FormScene):
    title = N_("Statistics")
    subtitle = ""

    def layout(self) -> None:
        self.back_button()
        if self.app is not None and table_rows(self.app.stats or {})[1]:
            b = Button("Reset", self.ask_reset, style="quiet")
            b.rect = pygame.Rect(0, 0, max(theme.px(140), b.preferred_width()),
                                 theme.px(BUTTON_HEIGHT))
            b.rect.bottomright = (self.size[0] - theme.px(32), self.size[1] - theme.px(28))
            self.add(b, "Reset")

    def ask_reset(self) -> None:
        from cardtable.ui.scenes.confirm import ConfirmScene

        self.app.push(ConfirmScene(N_("Reset the statistics?"),
                                   N_("Every result of every game is forgotten. This cannot be "
                                      "undone."), N_("Reset"), self.reset))

    def reset(self) -> None:
        from cardtable.ui import session

        session.reset_stats(self.app)
        self.rebuild()

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
