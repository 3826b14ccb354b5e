"""Statistics: one line per game and level from ``app.stats``.

``app.stats`` maps a game id to {level: record} (see ``storage.record_result``; a level is
the computers' level, 'mixed', 'people', or 'daily' for the daily deal); a flat
{game id: record} is shown too. A record
may hold any of: played, won, lost, shared, best_streak, streak, best (a score), total and
scored (for the average), last_played; known keys get columns with friendly headings, the
win rate is derived from played and won. With no finished game yet the screen says so.
"Reset" asks first, then forgets every record (and saves that).
"""

from __future__ import annotations

import pygame

from cardtable import i18n, storage
from cardtable.engine import registry
from cardtable.i18n import N_, Msg, number, percent, tr
from cardtable.ui import session, theme
from cardtable.ui.narrator import sentences
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
    ("money", N_("Money")),
    ("last_played", N_("Last played")),
)

LEVEL_NAMES = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"),
               "expert": N_("expert"),
               "mixed": N_("mixed levels"), "people": N_("people only"),
               session.DAILY: N_("daily deal")}


#: what a record of matches between people only ('people') cannot say: who won. Such a
#: match is always won by somebody, so these counted every match as won (before each
#: person was counted by name, ``storage.PERSON``); they are kept, never shown
NOBODY_IN_PARTICULAR = ("won", "lost", "shared", "win_rate", "streak", "best_streak")


def _level_order(level: str) -> tuple:
    if level in LEVEL_NAMES:
        return (list(LEVEL_NAMES).index(level), level)
    return (8 if level.startswith(storage.PERSON) else 9, level)


def level_label(level: str):
    """A level's words: 'medium', 'people only', or a person's name at pass-and-play."""
    if level in LEVEL_NAMES:
        return Msg(LEVEL_NAMES[level])
    if level.startswith(storage.PERSON):
        return Msg("{name} (pass-and-play)",
                   name=i18n.seat_name(level[len(storage.PERSON):]))
    return level


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
        for level in sorted(value, key=_level_order):
            record = value[level]
            if level == "people":
                record = {k: v for k, v in record.items() if k not in NOBODY_IN_PARTICULAR}
            out.append((Msg("{game} · {level}", game=Msg(game_name(gid)),
                            level=level_label(level)), record))
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
                played, won = r.get("played") or 0, r.get("won")
                cells.append(percent((won or 0) / played) if played and won is not None
                             else "—")
            elif key == "money":
                cells.append(cents(r["money"]) if isinstance(r.get("money"), int) else "—")
            elif key == "average":
                scored = r.get("scored") or 0
                cells.append(number(r.get("total", 0) / scored, 1) if scored and "total" in r
                             else "—")
            else:
                v = r.get(key)
                cells.append("—" if v is None else number(v))
        rows.append(cells)
    return cols, rows


def cents(value: int) -> str:
    """Money won (+60¢) or lost (−5¢), as the language writes it."""
    return tr(i18n.cents(value, signed=True))


class StatsTable:
    """Where every part of the statistics table goes, measured with the text size in force.

    Columns are as wide as their values and the longest word of their heading (headings
    wrap); the name column takes what is left, up to its longest name. When even that does
    not fit the window, the table's type gives up the larger text-size setting step by step
    (down to the normal size) before a name is shortened. Rows beyond the window scroll.
    """

    def __init__(self, cols, rows, width: int, top: int, bottom: int) -> None:
        self.cols, self.rows = cols, rows
        avail = width - theme.px(60) - theme.px(40)
        normal = theme.px(theme.BODY - 1)
        size = normal
        floor = max(6, int(normal / theme.text_scale()))
        while True:
            head = max(6, size * theme.SMALL // (theme.BODY - 1))
            col_need = [self._col_need(i, label, size, head) for i, (_, label) in
                        enumerate(cols)]
            name_need = max((theme.text_size(r[0], size, bold=True)[0] for r in rows),
                            default=0) + theme.px(14)
            if name_need + sum(col_need) <= avail or size <= floor:
                break
            size -= 1
        self.size, self.head = size, head
        self.name_w = max(theme.px(120),
                          min(max(name_need, theme.px(300)), avail - sum(col_need)))
        spare = avail - self.name_w - sum(col_need)
        extra = max(0, min(spare // max(1, len(cols)), theme.px(40)))
        self.col_ws = [c + extra for c in col_need]
        fnt = theme.font(head, True)
        self.heads = [theme.wrap(label, fnt, w - theme.px(8)) for (_, label), w in
                      zip(cols, self.col_ws, strict=True)]
        self.row_h = theme.line_height(size, True) + theme.px(14)
        lines = max((len(h) for h in self.heads), default=1)
        self.head_h = max(self.row_h, lines * theme.line_height(head, True) + theme.px(12))
        self.width = self.name_w + sum(self.col_ws) + theme.px(40)
        full = theme.px(18) + self.head_h + self.row_h * len(rows) + theme.px(18)
        self.box = pygame.Rect(0, top, self.width, min(full, max(bottom - top, theme.px(120))))
        self.box.centerx = width // 2
        body_top = self.box.top + theme.px(18) + self.head_h
        #: where the rows are seen (they scroll in it when the window is too low for them)
        self.body = pygame.Rect(self.box.left, body_top, self.box.width,
                                self.box.bottom - theme.px(12) - body_top)
        self.rows_bottom = body_top + self.row_h * len(rows)

    def _col_need(self, i: int, label, size: int, head: int) -> int:
        words = tr(label).split() or [""]
        word = max(theme.text_size(wd, head, bold=True)[0] for wd in words)
        cells = max((theme.text_size(r[i + 1], size)[0] for r in self.rows), default=0)
        return max(word, cells) + theme.px(18)


class StatsScene(FormScene):
    title = N_("Statistics")
    subtitle = ""

    def layout(self) -> None:
        self.back_button()
        self.table = None
        stats = getattr(self.app, "stats", None) or {}
        cols, rows = table_rows(stats)
        if rows:
            w, h = self.size
            top = self.heading_bottom() + theme.px(10)
            self.table = StatsTable(cols, rows, w, top, h - theme.px(96))
            self.scroll(self.table.body, [], self.table.rows_bottom)
        if self.app is not None and rows:
            b = Button("Reset", self.ask_reset, style="quiet")
            b.rect = pygame.Rect(0, 0, max(theme.px(140), b.preferred_width()),
                                 theme.px(BUTTON_HEIGHT))
            b.rect.bottomright = (self.size[0] - theme.px(32), self.size[1] - theme.px(28))
            self.add(b, "Reset")

    def spoken_heading(self) -> str:
        """The title, then each row of the table: its game and each column's value."""
        cols, rows = table_rows(getattr(self.app, "stats", None) or {})
        if not rows:
            return sentences([tr(self.title), tr(N_("No games finished yet.")),
                              tr(N_("Finish a match and your results will be kept here."))])
        lines = [tr(self.title)]
        for cells in rows:
            values = [tr(Msg("{label}: {value}", label=tr(label), value=cell))
                      for (_key, label), cell in zip(cols, cells[1:], strict=True)]
            lines.append(tr(Msg("{label}: {value}", label=tr(cells[0]),
                                value=", ".join(values))))
        return sentences(lines)

    def ask_reset(self) -> None:
        self.app.open("confirm", N_("Reset the statistics?"),
                      N_("Every result of every game is forgotten. This cannot be undone."),
                      N_("Reset"), self.reset)

    def reset(self) -> None:
        session.reset_stats(self.app)
        self.rebuild()

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_heading(surface, self.title)
        w, h = self.size
        table = getattr(self, "table", None)
        top = self.heading_bottom() + theme.px(10)
        if table is None:
            self.draw_empty(surface, top)
            return
        box = table.box
        theme.panel(surface, box)
        x0 = box.left + theme.px(20)
        y = box.top + theme.px(18)
        hstep = theme.line_height(table.head, True)
        x = x0 + table.name_w
        for lines, cw in zip(table.heads, table.col_ws, strict=True):
            ly = y + (table.head_h - hstep * len(lines)) // 2
            for line in lines:
                theme.draw_text(surface, line, (x + cw // 2, ly), table.head,
                                theme.ACCENT_LIGHT, bold=True, anchor="midtop", shadow=False)
                ly += hstep
            x += cw
        size, rh = table.size, table.row_h
        old_clip = surface.get_clip()
        surface.set_clip(table.body.clip(old_clip))
        y = table.body.top - int(round(self.scroller.offset))
        for n, cells in enumerate(table.rows):
            if y + rh < table.body.top or y > table.body.bottom:
                y += rh
                continue
            if n % 2 == 0:
                theme.rounded(surface, pygame.Rect(x0 - theme.px(8), y, box.width - theme.px(24),
                                                   rh), (255, 255, 255, 12), theme.px(6))
            theme.draw_text(surface, theme.ellipsize(cells[0], size, table.name_w - theme.px(10),
                                                     bold=True),
                            (x0, y + rh // 2), size, theme.TEXT, bold=True, anchor="midleft",
                            shadow=False)
            x = x0 + table.name_w
            for cell, cw in zip(cells[1:], table.col_ws, strict=True):
                theme.draw_text(surface, cell, (x + cw // 2, y + rh // 2), size,
                                theme.TEXT_DIM, anchor="center", shadow=False)
                x += cw
            y += rh
        surface.set_clip(old_clip)

    def draw_empty(self, surface: pygame.Surface, top: int) -> None:
        """No finished game yet: a box that says so (its sentences wrap in the box)."""
        w, _ = self.size
        width = min(w - theme.px(60), max(theme.px(560), int(theme.px(560) * theme.text_scale())))
        inner = width - theme.px(60)
        big, small = theme.px(theme.SUBHEADING), theme.px(theme.BODY - 1)
        first = theme.wrap(N_("No games finished yet."), theme.font(big, True), inner)
        second = theme.wrap(N_("Finish a match and your results will be kept here."),
                            theme.font(small), inner)
        height = (theme.px(38) + len(first) * theme.line_height(big, True) + theme.px(20)
                  + len(second) * theme.line_height(small) + theme.px(38))
        box = pygame.Rect(0, 0, width, max(theme.px(150), height))
        box.midtop = (w // 2, top + theme.px(60))
        theme.panel(surface, box)
        y = box.top + theme.px(38)
        for line in first:
            theme.draw_text(surface, line, (box.centerx, y), big, theme.TEXT, bold=True,
                            anchor="midtop")
            y += theme.line_height(big, True)
        y += theme.px(20)
        for line in second:
            theme.draw_text(surface, line, (box.centerx, y), small, theme.TEXT_DIM,
                            anchor="midtop", shadow=False)
            y += theme.line_height(small)
