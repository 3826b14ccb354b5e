"""The end of a match: who won, a chart of the scores deal by deal, Play again or Menu.

The daily deal ends after its one deal with this screen too ("Daily deal · <date>", who won
it, its bars; Review and Menu: the same deal played again would be no result to compare).
A game played for money shows what each player won or lost. What a game's one deal is best
shown by, and its money, are its table's to say (``GameWords``): nothing here knows a game.

    MatchEndScene.for_table(table, event)        # what the table scene uses
    MatchEndScene(score_sheet, seat_names, winners, game_id, final_scores=None, ...)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from cardtable import i18n
from cardtable.i18n import N_, Msg, NMsg, tr
from cardtable.ui import session, theme
from cardtable.ui.narrator import sentences
from cardtable.ui.scenes.modal import ModalScene, person_at
from cardtable.ui.scenes.stats import cents
from cardtable.ui.scenes.summary_words import (
    and_list,
    column_labels,
    deal_scores,
    deal_word,
    fair_seat_names,
    fitted_lines,
    game_words,
    listener,
    lower_is_better,
    shown_names,
    sides,
    target_of,
)
from cardtable.ui.widgets import Button, Form

#: the chart's axis in the game's own word for one deal
AXIS_WORDS = {"deal": N_("deal"), "hand": N_("hand"), "round": N_("round"), "game": N_("game")}


def daily_text(winners: Sequence[int], seat_names: Sequence[str], game_id: str,
               humans: Sequence[int] = (0,)) -> Msg:
    """Who won the daily deal: 'You win the daily deal!', 'Won by Margot'."""
    if not winners:
        return Msg("Nobody wins the daily deal")
    seat_names = fair_seat_names(seat_names, humans)
    names = shown_names(seat_names)
    me = listener(seat_names, humans)
    if me is not None and me in winners and len(winners) == 1:
        return Msg("You win the daily deal!")
    teams = sides(game_id, len(names))
    labels = column_labels(game_id, seat_names, len(teams))
    won = [labels[i] for i, side in enumerate(teams) if any(s in winners for s in side)]
    return Msg("Won by {names}", names=and_list(won))


def winner_text(winners: Sequence[int], seat_names: Sequence[str], game_id: str,
                humans: Sequence[int] = (0,)) -> Msg:
    """'You win the match!', 'Margot wins the match', 'You & Hana win the match!'.

    The only person at the table (``humans``) is spoken to as 'you': seats decide it, not
    names; with several people (pass-and-play) everybody is named, and the one named "You"
    spoken to (:func:`~cardtable.ui.scenes.summary_words.listener`). No computer is "You" here
    (:func:`~cardtable.ui.scenes.summary_words.fair_seat_names`): "You wins the match." before."""
    if not winners:
        return Msg("The match is over")
    seat_names = fair_seat_names(seat_names, humans)
    names = shown_names(seat_names)
    happy = any(s in humans for s in winners)
    me = listener(seat_names, humans)
    you = me is not None and me in winners
    teams = sides(game_id, len(names))
    if len(teams) < len(names):
        side = next(i for i, s in enumerate(teams) if winners[0] in s)
        label = column_labels(game_id, seat_names, len(teams))[side]
        if you:
            partner = next(s for s in teams[side] if s != me)
            return Msg("{you} win the match!", you=Msg("You & {name}", name=names[partner]))
        if happy:
            return Msg("{team} win the match!", team=label)
        return Msg("{team} win the match.", team=label)
    labels = [names[s] if 0 <= s < len(names) else Msg("Seat {n}", n=s + 1) for s in winners]
    if len(labels) == 1:
        if you:
            return Msg("You win the match!")
        if happy:
            return Msg("{name} wins the match!", name=labels[0])
        return Msg("{name} wins the match.", name=labels[0])
    if you:
        # the person is 'you' here too (a name would not agree: 'vous et Bob gagnez')
        others = [label for s, label in zip(winners, labels, strict=True) if s != me]
        return NMsg("{names} shares the win with you!", "{names} share the win with you!",
                    len(others), names=and_list(others))
    if happy:
        return Msg("{names} share the win!", names=and_list(labels))
    return Msg("{names} share the win.", names=and_list(labels))


class MatchEndScene(ModalScene):
    PANEL = (900, 600)
    DIM = 140

    reviewer: int | None = None     # who opens its review (see modal.person_at)

    def __init__(self, score_sheet: Sequence[dict], seat_names: Sequence[str],
                 winners: Sequence[int], game_id: str = "",
                 final_scores: Sequence[int] | None = None,
                 on_play_again: Callable[[], Any] | None = None,
                 on_menu: Callable[[], Any] | None = None,
                 humans: Sequence[int] = (0,), target: int | None = None,
                 deals: Sequence[dict] = (), daily: str | None = None):
        super().__init__()
        #: the daily deal's date (its one deal ended it), or None
        self.daily = daily
        #: the match's deal records (cardtable.records), for its review
        self.deals = list(deals)
        self.sheet = list(score_sheet)
        self.seat_names = fair_seat_names(seat_names, humans)
        self.winners = list(winners)
        self.game_id = game_id
        self.final_scores = list(final_scores) if final_scores is not None else None
        self.on_play_again = on_play_again
        self.on_menu = on_menu
        self.humans = list(humans)
        self.target = target
        self.form = Form(on_cancel=self.menu)

    @classmethod
    def for_table(cls, table, event: dict) -> MatchEndScene:
        match = table.match
        state = match.state
        day = session.daily_date(match)
        if day is not None:
            return cls(list(state.score_sheet[:1]), [s.name for s in match.seats],
                       session.deal_winners(match), match.game_id,
                       humans=list(match.human_seats),
                       deals=list(match.scored_deals)[:1], daily=day)
        scene = cls(list(state.score_sheet), [s.name for s in match.seats],
                    list(event.get("winners") or state.winners), match.game_id,
                    final_scores=event.get("scores") or list(state.match_scores),
                    # at a table over the network: the same table again, asked first
                    on_play_again=getattr(table, "play_again_here", lambda: None)(),
                    humans=list(match.human_seats),
                    target=target_of(match.game_id, state.options),
                    deals=list(match.scored_deals))
        scene.reviewer = person_at(table)
        return scene

    # ---- series ---------------------------------------------------------------------------
    def series(self) -> tuple[list[str], list[list[int]]]:
        """Column labels and, for each column, its running total after each deal (from 0)."""
        n = len(self.seat_names)
        per = [p for p in (deal_scores(r, n, self.game_id) for r in self.sheet)
               if p is not None]
        width = len(per[0]) if per else len(sides(self.game_id, n))
        labels = column_labels(self.game_id, self.seat_names, width)
        lines = [[0] for _ in range(width)]
        for scores in per:
            for i in range(width):
                lines[i].append(lines[i][-1] + (scores[i] if i < len(scores) else 0))
        return labels, lines

    # ---- actions ------------------------------------------------------------------------------
    def play_again(self) -> None:
        if self.on_play_again is not None:
            self.on_play_again()
        elif self.app is not None and self.app.last_match_config is not None:
            self.app.start_match(self.app.last_match_config)
        else:
            self.menu()

    def menu(self) -> None:
        if self.on_menu is not None:
            self.on_menu()
            return
        if self.app is None:
            return
        self.app.reset(self.app.build("menu"))

    # ---- layout ---------------------------------------------------------------------------------
    def review(self) -> None:
        """The review of the match's deals, from its last one."""
        if self.app is not None and self.deals:
            self.app.open("review", self.deals, len(self.deals) - 1, self.reviewer)

    def buttons(self) -> tuple[list[Button], Button]:
        if self.daily is not None:
            menu = Button("Menu", self.menu, style="primary")
            row = [menu]
            if self.deals:
                review = Button(N_("Review the deal"), self.review)
                review.name = "Review"
                row.insert(0, review)
            return row, menu
        again = Button("Play again", self.play_again, style="primary")
        row = [again, Button("Menu", self.menu)]
        if self.deals:
            review = Button(N_("Review the deals"), self.review)
            review.name = "Review"
            row.insert(1, review)
        return row, again

    def final_line(self, sep: str) -> Msg | str:
        """Each column's final score ("Margot 5  ·  You 3"), and "lowest wins" where it does."""
        labels, lines = self.series()
        finals = [line[-1] for line in lines]
        if self.final_scores is not None and len(self.final_scores) == len(labels):
            finals = list(self.final_scores)
        # a colon between a name and its score: "Player 1 2" read as one name
        parts = [tr(Msg("{label}: {value}", label=name, value=i18n.number(score)))
                 for name, score in zip(labels, finals, strict=False)]
        sub = sep.join(parts)
        if lower_is_better(self.game_id):
            sub = Msg("{scores}   (lowest wins)", scores=sub)
        return sub

    def money(self) -> list[int] | None:
        """Each seat's money won (above 0) or lost, in cents, in a game played for money
        (its table's reading of the score sheet), else None."""
        return game_words(self.game_id).money(self.sheet, len(self.seat_names))

    def money_line(self, sep: str) -> Msg | None:
        """"Money: You: +60¢ · Margot: −5¢ · ...": what a game played for money is for."""
        net = self.money()
        if net is None or self.daily is not None:
            return None         # one hand of the daily deal: the pot is not shared out
        names = shown_names(self.seat_names)
        return Msg("Money: {amounts}", amounts=sep.join(
            tr(Msg("{label}: {value}", label=name, value=cents(v)))
            for name, v in zip(names, net, strict=True)))

    def title(self) -> Msg:
        if self.daily is not None:
            return Msg("Daily deal · {date}", date=self.daily)
        return winner_text(self.winners, self.seat_names, self.game_id, self.humans)

    def lines(self, sep: str) -> list[Msg | str]:
        """The lines under the title: who won the daily deal, the scores, the money."""
        out: list[Msg | str] = []
        if self.daily is not None:
            out.append(daily_text(self.winners, self.seat_names, self.game_id, self.humans))
        out.append(self.final_line(sep))
        money = self.money_line(sep)
        if money is not None:
            out.append(money)
        return out

    def spoken_heading(self) -> str:
        return sentences([tr(self.title())] + [tr(line) for line in self.lines(", ")])

    # ---- frame ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        p = self.draw_frame(surface)
        y = p.top + theme.px(24)
        # the title and each line under it in one line, or two where they are long
        room = p.width - 2 * theme.px(28)
        rows, size = fitted_lines(self.title(), theme.px(theme.HEADING + 4), room, bold=True)
        for row in rows:
            theme.draw_text(surface, row, (p.centerx, y), size,
                            theme.ACCENT_LIGHT, bold=True, anchor="midtop")
            y += theme.line_height(size, True)
        y += theme.px(6)
        labels, lines = self.series()
        for i, sub in enumerate(self.lines("  ·  ")):
            first = i == 0 and self.daily is not None
            # smaller first (as far as the normal size), on two lines only past that
            size = theme.fit_size(sub, theme.px(theme.BODY), room, bold=first)
            rows, size = fitted_lines(sub, size, room, bold=first)
            for row in rows:
                theme.draw_text(surface, row, (p.centerx, y), size,
                                theme.TEXT if first else theme.TEXT_DIM, bold=first,
                                anchor="midtop", shadow=False)
                y += theme.line_height(size, first)
            y += theme.px(4)
        y += theme.px(12)
        # the chart reaches down to the buttons (a fixed margin left a gap at 800x600)
        buttons_top = min((b.rect.top for b in self.form.widgets), default=p.bottom)
        chart = pygame.Rect(p.left + theme.px(70), y, p.width - theme.px(110),
                            buttons_top - theme.px(22) - y)
        if len(lines[0]) <= 2 and self.sheet:
            self.draw_bars(surface, chart, labels)     # one deal: a line would say nothing
        else:
            self.draw_chart(surface, chart, labels, lines)
        self.form.draw(surface)

    def single_deal(self, labels: list[str]) -> tuple[Msg, list[int], int]:
        """What a match of one deal is best shown by: (title, a value per column, scale)."""
        row = self.sheet[-1]
        n = len(labels)
        chart = game_words(self.game_id).single_deal_chart(row, n)
        if chart is not None:
            return chart
        values = deal_scores(row, len(self.seat_names), self.game_id) or [0] * n
        values = (list(values) + [0] * n)[:n]
        title = Msg("Penalty points") if lower_is_better(self.game_id) \
            else Msg("Game points")
        return title, values, max(1, *values)

    def draw_bars(self, surface: pygame.Surface, area: pygame.Rect,
                  labels: list[str]) -> None:
        """One bar per column for a match of a single deal or game."""
        title, values, scale = self.single_deal(labels)
        size = theme.px(theme.BODY)
        n = max(1, len(values))
        head = size + theme.px(18)
        row_h = min(theme.px(54), (area.height - head) // n)
        y0 = area.top + max(0, (area.height - head - row_h * n) // 3)
        theme.draw_text(surface, title, (area.centerx, y0), size, theme.ACCENT_LIGHT,
                        bold=True, anchor="midtop", shadow=False)
        top = y0 + head
        name_w = max(theme.text_size(tr(name), size)[0] for name in labels) + theme.px(16)
        bar_left = area.left + name_w
        room = area.right - bar_left - theme.px(60)
        for i, (name, value) in enumerate(zip(labels, values, strict=False)):
            colour = theme.SEAT_COLOURS[i % len(theme.SEAT_COLOURS)]
            mid = top + i * row_h + row_h // 2
            theme.draw_text(surface, name, (bar_left - theme.px(14), mid), size, theme.TEXT,
                            anchor="midright", shadow=False)
            bar_h = max(theme.px(10), int(row_h * 0.55))
            track = pygame.Rect(bar_left, mid - bar_h // 2, room, bar_h)
            pygame.draw.rect(surface, (34, 46, 40), track, border_radius=bar_h // 2)
            fill = track.copy()
            fill.width = max(bar_h, int(room * max(0, value) / max(1, scale)))
            pygame.draw.rect(surface, colour if value > 0 else (70, 80, 74), fill,
                             border_radius=bar_h // 2)
            theme.draw_text(surface, str(value), (track.right + theme.px(12), mid), size,
                            theme.TEXT, bold=True, anchor="midleft", shadow=False)

    def draw_chart(self, surface: pygame.Surface, area: pygame.Rect, labels: list[str],
                   lines: list[list[int]]) -> None:
        """A line chart of the running totals, one line per column, with a legend."""
        if area.height < theme.px(60) or not lines:
            return
        legend_h = theme.px(56)
        plot = pygame.Rect(area.left, area.top + theme.px(8), area.width,
                           area.height - legend_h - theme.px(8))
        deals = max(1, len(lines[0]) - 1)
        top = max(max(line) for line in lines)
        if self.target and not lower_is_better(self.game_id):
            top = max(top, self.target)
        top = max(1, top)
        step = _nice_step(top)
        top = ((top + step - 1) // step) * step
        small = theme.px(theme.SMALL - 1)
        # grid and axis labels
        for v in range(0, top + 1, step):
            yy = plot.bottom - int(plot.height * v / top)
            pygame.draw.line(surface, (58, 72, 64), (plot.left, yy), (plot.right, yy))
            theme.draw_text(surface, str(v), (plot.left - theme.px(10), yy), small,
                            theme.TEXT_MUTED, anchor="midright", shadow=False)
        every = max(1, deals // 12)
        for d in range(0, deals + 1, every):
            xx = plot.left + int(plot.width * d / deals)
            theme.draw_text(surface, str(d), (xx, plot.bottom + theme.px(6)), small,
                            theme.TEXT_MUTED, anchor="midtop", shadow=False)
        if self.target and not lower_is_better(self.game_id) and self.target <= top:
            yy = plot.bottom - int(plot.height * self.target / top)
            _dashed(surface, theme.ACCENT_DARK, (plot.left, yy), (plot.right, yy), theme.px(8))
            theme.draw_text(surface, N_("target"), (plot.right, yy - theme.px(4)), small,
                            theme.ACCENT, anchor="bottomright", shadow=False)
        pygame.draw.line(surface, (150, 150, 140), plot.bottomleft, plot.bottomright, 2)
        pygame.draw.line(surface, (150, 150, 140), plot.bottomleft, plot.topleft, 2)
        # the lines
        for i, line in enumerate(lines):
            colour = theme.SEAT_COLOURS[i % len(theme.SEAT_COLOURS)]
            pts = [(plot.left + int(plot.width * d / deals),
                    plot.bottom - int(plot.height * v / top) - i) for d, v in enumerate(line)]
            if len(pts) > 1:
                pygame.draw.lines(surface, colour, False, pts, max(2, theme.px(3)))
            for pt in pts:
                pygame.draw.circle(surface, (16, 26, 21), pt, theme.px(5))
                pygame.draw.circle(surface, colour, pt, theme.px(4))
        axis = AXIS_WORDS.get(deal_word(self.game_id), AXIS_WORDS["deal"])
        theme.draw_text(surface, axis, (plot.right, plot.bottom + theme.px(24)), small,
                        theme.TEXT_MUTED, anchor="topright", shadow=False)
        # legend
        x = plot.left
        ly = area.bottom
        for i, name in enumerate(labels):
            colour = theme.SEAT_COLOURS[i % len(theme.SEAT_COLOURS)]
            mid = ly - theme.px(8)
            pygame.draw.line(surface, colour, (x, mid), (x + theme.px(22), mid),
                             max(2, theme.px(3)))
            r = theme.draw_text(surface, name, (x + theme.px(28), ly), theme.px(theme.SMALL),
                                theme.TEXT, anchor="bottomleft", shadow=False)
            x = r.right + theme.px(24)


def _nice_step(top: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if top / step <= 6:
            return step
    return max(1, top // 6)


def _dashed(surface: pygame.Surface, colour, start: tuple[int, int], end: tuple[int, int],
            dash: int) -> None:
    x0, y = start
    x1, _ = end
    x = x0
    while x < x1:
        pygame.draw.line(surface, colour, (x, y), (min(x + dash, x1), y), 2)
        x += dash * 2
