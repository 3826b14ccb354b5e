"""The end-of-deal summary, shown over the table: how the deal scored, and the score sheet.

Each game's ``deal_scored`` event has its own keys, so the breakdown is rendered generically:
values given per seat or per side (lists) become rows of a table with one column per seat
or side; single values (dealer, trumps, who went out) become a line above it. What each
key is called, and which are left to the table (every laid meld), is the game's table's to
say (:class:`~cardtable.ui.tables.game_words.GameWords`): nothing here knows a game's keys.
What the summary says is worked out in :mod:`~cardtable.ui.scenes.summary_words`.

    SummaryScene.for_table(table, event)          # what the table scene uses
    SummaryScene(event, score_sheet, seat_names, game_id, on_continue=None)
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from cardtable.engine.core import DealResult
from cardtable.i18n import N_, Msg, tr
from cardtable.ui import theme
from cardtable.ui.narrator import sentences
from cardtable.ui.scenes.dealcode import copy_code
from cardtable.ui.scenes.modal import ModalScene, person_at
from cardtable.ui.scenes.summary_words import (
    breakdown,
    column_labels,
    deal_columns,
    deal_scores,
    fair_seat_names,
    fitted_lines,
    headline,
    sheet_lines,
    strong_rows,
    target_of,
)
from cardtable.ui.widgets import BUTTON_HEIGHT, Button, Form

log = logging.getLogger(__name__)


class SummaryScene(ModalScene):
    """The end-of-deal summary, drawn over the table with the table dimmed behind it."""

    PANEL = (820, 620)
    BUTTON_MIN = 200

    reviewer: int | None = None     # who opens its review (see modal.person_at)

    def __init__(self, event: dict, score_sheet: Sequence[dict] | None = None,
                 seat_names: Sequence[str] | None = None, game_id: str = "",
                 on_continue: Callable[[], Any] | None = None, target: int | None = None,
                 body: Callable[..., Any] | None = None, title: Msg | str | None = None,
                 humans: Sequence[int] = (0,), deals: Sequence[dict] = (),
                 record: dict | None = None, note: Msg | str | None = None):
        super().__init__()
        #: the match's deal records (cardtable.records) and the one of this deal, if kept:
        #: its code is shown, and "Review" opens it
        self.deals = list(deals)
        self.record = record
        #: a game's own drawing of the breakdown and sheet: body(surface, rect, scene)
        self.body = body
        self.title = title
        #: a game's line under its rows (how deal points turn into game points)
        self.note = note
        self.event = {k: v for k, v in dict(event).items() if k != "kind"}
        self.sheet = list(score_sheet or [])
        width = deal_columns(self.event, game_id)
        self.seat_names = (fair_seat_names(seat_names, humans) if seat_names
                           else [Msg("Seat {n}", n=i + 1) for i in range(width)])
        self.humans = list(humans)
        self.game_id = game_id
        self.on_continue = on_continue
        self.target = target
        self.form = Form(on_cancel=self.close)
        self.form.keyboard = False
        #: height taken off the panel: room a game's body left empty (a short sheet)
        self.spare = 0

    # ---- the panel fits what it shows -----------------------------------------------------
    def panel_rect(self) -> pygame.Rect:
        r = super().panel_rect()
        if self.spare:
            r.height -= self.spare
            r.center = (self.size[0] // 2, self.size[1] // 2)
        return r

    def layout(self) -> None:
        """A game's body that says how far down it drew (rummy's sheet for three or four
        players) gets a panel no taller than it needs: a fixed one left a wide empty band
        above the deal code."""
        self.spare = 0
        if self.size[0] > 0 and self.size[1] > 0:
            p = self.panel_rect()
            area = self.body_area(p)
            scratch = pygame.Surface(self.size, pygame.SRCALPHA)
            used = self.body(scratch, area, self) if self.body is not None \
                else self.draw_breakdown(scratch, area)
            if isinstance(used, (int, float)) and not isinstance(used, bool):
                self.spare = max(0, int(area.bottom - used - theme.px(20)))
        super().layout()

    def code_room(self, p: pygame.Rect) -> int:
        """The height of the deal code's line over the buttons (0: no code)."""
        code = self.code_line()
        if code is None:
            return 0
        size = theme.fit_size(code, theme.px(theme.SMALL + 1), p.width - 2 * theme.px(28))
        return theme.line_height(size) + theme.px(6)

    def body_area(self, p: pygame.Rect) -> pygame.Rect:
        """Where a game's body is drawn in the panel ``p``: under the title, over the code
        and the buttons."""
        pad = theme.px(28)
        y = p.top + theme.px(22) + self.title_height(p) + theme.px(8)
        bottom = p.bottom - theme.px(BUTTON_HEIGHT) - theme.px(34) - self.code_room(p)
        return pygame.Rect(p.left + pad, y, p.width - 2 * pad, bottom - y)

    def title_lines(self, p: pygame.Rect) -> tuple[list[str], int]:
        """The title's lines in the panel ``p`` (one, or two where it is long: in French at
        the largest text it ran past both edges of the panel), and their type size."""
        title = self.title or headline(self.event, self.seat_names, self.game_id, self.humans)
        return fitted_lines(title, theme.px(theme.HEADING - 4), p.width - 2 * theme.px(28),
                            bold=True)

    def title_height(self, p: pygame.Rect) -> int:
        """The height the title takes (as tall as one heading's line at least)."""
        lines, size = self.title_lines(p)
        return max(theme.px(theme.HEADING), len(lines) * theme.line_height(size, True))

    @classmethod
    def for_table(cls, table, event: dict) -> SummaryScene:
        match = table.match
        state = match.state
        deals = list(match.scored_deals)
        try:
            deal = DealResult.from_event(event).deal
        except (KeyError, TypeError):
            deal = event.get("deal")
        game = table.game
        title = getattr(game, "summary_title", None)
        note = getattr(game, "summary_note", None)
        scene = cls(event, list(state.score_sheet), [s.name for s in match.seats], match.game_id,
                   target=target_of(match.game_id, state.options),
                   body=getattr(game, "summary_body", None),
                   title=title(event) if title is not None else None,
                   humans=list(match.human_seats), deals=deals,
                   record=next((r for r in reversed(deals) if r.get("deal") == deal), None),
                   note=note(event) if note is not None else None)
        scene.reviewer = person_at(table)
        return scene

    # ---- actions -----------------------------------------------------------------------
    def close(self) -> None:
        if self.on_continue is not None:
            self.on_continue()
        elif self.app is not None:
            self.app.pop()

    # ---- layout ---------------------------------------------------------------------------
    def review(self) -> None:
        """The review of this deal (the match's other deals a step away)."""
        if self.app is not None and self.record is not None:
            deals = self.deals or [self.record]
            index = next((i for i, r in enumerate(deals) if r is self.record), len(deals) - 1)
            self.app.open("review", deals, index, self.reviewer)

    def code_line(self) -> Msg | None:
        code = (self.record or {}).get("code")
        return Msg("Deal code: {code}", code=code) if code else None

    def code(self) -> str | None:
        return (self.record or {}).get("code") or None

    def copy_code(self) -> None:
        """The deal's code onto the system clipboard (Copy, or Ctrl+C), with a toast."""
        copy_code(self.app, self.code())

    def buttons(self) -> tuple[list[Button], Button]:
        b = Button("Continue", self.close, style="primary")
        b.name = "Continue"
        if self.record is None:
            return [b], b
        review = Button(N_("Review"), self.review)
        review.name = "Review"
        row = [review, b]
        if self.code():
            copy = Button(N_("Copy code"), self.copy_code)
            copy.name = "Copy code"
            row.insert(1, copy)
        return row, b

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c and \
                event.mod & pygame.KMOD_CTRL:
            self.copy_code()
            return True
        return super().handle_event(event)

    def spoken_heading(self) -> str:
        """The headline, the deal's facts, then each row of its breakdown by column ("Card
        points: You 70, Margot 50")."""
        title = self.title or headline(self.event, self.seat_names, self.game_id, self.humans)
        facts, rows = breakdown(self.event, self.seat_names, self.game_id)
        lines = [tr(title)] + [tr(f) for f in facts]
        if rows:
            labels = column_labels(self.game_id, self.seat_names, len(rows[0][2]))
            for _key, label, cells in rows:
                values = ", ".join(f"{tr(name)} {tr(cell)}"
                                   for name, cell in zip(labels, cells, strict=False))
                lines.append(tr(Msg("{label}: {value}", label=tr(label), value=values)))
        return sentences(lines)

    # ---- frame --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        p = self.draw_frame(surface)
        pad = theme.px(28)
        code = self.code_line()
        if code is not None:
            # on a line of its own over the buttons, whole (a player copies it from here)
            size = theme.fit_size(code, theme.px(theme.SMALL + 1), p.width - 2 * pad)
            buttons_top = min(b.rect.top for b in self.form.widgets) if self.form.widgets \
                else p.bottom - theme.px(self.BUTTON_MARGIN) - theme.px(BUTTON_HEIGHT)
            theme.draw_text(surface, code, (p.centerx, buttons_top - theme.px(8)), size,
                            theme.ACCENT_LIGHT, anchor="midbottom", shadow=False)
        lines, size = self.title_lines(p)
        y = p.top + theme.px(22)
        for line in lines:
            theme.draw_text(surface, line, (p.centerx, y), size, theme.TEXT, bold=True,
                            anchor="midtop")
            y += theme.line_height(size, True)
        if self.body is not None:
            self.body(surface, self.body_area(p), self)
        else:
            self.draw_breakdown(surface, self.body_area(p))
        self.form.draw(surface)

    def draw_breakdown(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """The deal's facts, its rows, the game's note on them and the running sheet, in
        ``area``; how far down they went."""
        y = area.top
        facts, rows = breakdown(self.event, self.seat_names, self.game_id)
        small = theme.px(theme.SMALL + 1)
        fnt = theme.font(small)
        if facts:
            line = "  ·  ".join(tr(f) for f in facts)
            for text in theme.wrap(line, fnt, area.width)[:2]:
                theme.draw_text(surface, text, (area.centerx, y), small, theme.TEXT_DIM,
                                anchor="midtop", shadow=False)
                y += fnt.get_linesize()
        y += theme.px(12)
        y = self.draw_rows(surface, rows, pygame.Rect(area.left, y, area.width, 0))
        if self.note:
            y += theme.px(6)
            size = theme.px(theme.SMALL - 1)
            for text in theme.wrap(self.note, theme.font(size), area.width)[:2]:
                theme.draw_text(surface, text, (area.left + theme.px(10), y), size,
                                theme.TEXT_MUTED, shadow=False)
                y += theme.line_height(size)
        y += theme.px(18)
        if self.sheet and y < area.bottom - theme.px(60):
            y = self.draw_sheet(surface, pygame.Rect(area.left, y, area.width, area.bottom - y))
        return y

    def _grid(self, area: pygame.Rect, columns: int) -> tuple[int, int]:
        label_w = min(theme.px(220), area.width // 3)
        col_w = (area.width - label_w) // max(1, columns)
        return label_w, col_w

    def draw_rows(self, surface: pygame.Surface, rows, area: pygame.Rect) -> int:
        width = len(rows[0][2]) if rows else 0
        if not rows:
            return area.top
        labels = column_labels(self.game_id, self.seat_names, width)
        label_w, col_w = self._grid(area, width)
        size = theme.px(theme.BODY - 1)
        rh = int(size * 1.75)
        y = area.top
        # a name too long for its column ("Ordinateur 2" at the largest text) takes two lines
        heads = [fitted_lines(name, size, col_w - theme.px(8), bold=True) for name in labels]
        head_h = max(len(lines) * theme.line_height(s, True) for lines, s in heads)
        for i, (lines, head_size) in enumerate(heads):
            cx = area.left + label_w + col_w * i + col_w // 2
            colour = theme.SEAT_COLOURS[i % len(theme.SEAT_COLOURS)]
            for k, text in enumerate(lines):
                theme.draw_text(surface, text, (cx, y + k * theme.line_height(head_size, True)),
                                head_size, colour, bold=True, anchor="midtop", shadow=False)
        y += max(rh, head_h + theme.px(8))
        pygame.draw.line(surface, (96, 110, 102), (area.left, y - theme.px(6)),
                         (area.right, y - theme.px(6)))
        strong_keys = strong_rows(self.game_id)
        for n, (key, label, cells) in enumerate(rows):
            strong = key in strong_keys
            if n % 2 == 0:
                theme.rounded(surface, pygame.Rect(area.left, y - theme.px(3), area.width,
                                                   rh - theme.px(2)), (255, 255, 255, 12),
                              theme.px(6))
            if strong:
                theme.rounded(surface, pygame.Rect(area.left, y - theme.px(3), area.width,
                                                   rh - theme.px(2)), (*theme.ACCENT, 34),
                              theme.px(6))
            theme.draw_text(surface, label, (area.left + theme.px(10), y + rh // 2 - theme.px(3)),
                            size, theme.TEXT if strong else theme.TEXT_DIM, bold=strong,
                            anchor="midleft", shadow=False)
            for i, cell in enumerate(cells):
                cx = area.left + label_w + col_w * i + col_w // 2
                theme.draw_text(surface, cell, (cx, y + rh // 2 - theme.px(3)), size,
                                theme.TEXT, bold=strong, anchor="center", shadow=False)
            y += rh
        return y

    def draw_sheet(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """The running score sheet: one line per finished deal, and the totals; how far
        down it went."""
        n = len(self.seat_names)
        per = [deal_scores(r, n, self.game_id) for r in self.sheet]
        per = [p for p in per if p is not None]
        if not per:
            return area.top
        width = len(per[0])
        label_w, col_w = self._grid(area, width)
        size = theme.px(theme.SMALL + 1)
        rh = int(size * 1.6)
        theme.draw_text(surface, "SCORE SHEET", (area.left, area.top), theme.px(theme.SMALL),
                        theme.ACCENT_LIGHT, bold=True, shadow=False)
        y = area.top + rh
        room = max(1, (area.bottom - y) // rh - 1)
        #: what the sheet shows, row by row (label, scores): every deal is in it, the first
        #: ones folded into one row when they do not all fit, so the rows add up to the total
        self.sheet_shown = sheet_lines(per, room, self.game_id)
        for label, scores in self.sheet_shown:
            theme.draw_text(surface, label, (area.left + theme.px(10), y), size,
                            theme.TEXT_MUTED, shadow=False)
            for i, v in enumerate(scores):
                cx = area.left + label_w + col_w * i + col_w // 2
                # a nought is written as one: a dot read as a deal not played
                theme.draw_text(surface, str(v), (cx, y), size, theme.TEXT_DIM,
                                anchor="midtop", shadow=False)
            y += rh
        totals = [sum(s[i] for s in per) for i in range(width)]
        pygame.draw.line(surface, (200, 196, 180), (area.left, y), (area.right, y))
        y += theme.px(4)
        total = Msg("Total (to {n})", n=self.target) if self.target else N_("Total")
        theme.draw_text(surface, total, (area.left + theme.px(10), y), size,
                        theme.TEXT, bold=True, shadow=False)
        for i, v in enumerate(totals):
            cx = area.left + label_w + col_w * i + col_w // 2
            theme.draw_text(surface, str(v), (cx, y), size, theme.ACCENT_LIGHT, bold=True,
                            anchor="midtop", shadow=False)
        return y + rh
