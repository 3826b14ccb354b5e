"""The review's computer's view (part of :class:`ReviewScene`): "Analyse" runs an
:class:`cardtable.ai.analysis.AnalysisJob` on the person's decisions off the frame loop,
with a progress bar and Cancel; the cursor then keeps its judgements. Below the Analyse
button the panel shows the count of mistakes, the verdict on the move shown, the better move
and its reason, and the table of moves with their values.

With larger text (and in French) all of it is taller than the room under the button: the
part below the button scrolls (the mouse wheel over the panel, or Up and Down) rather than
losing the table of moves, and a thin bar at the panel's edge says how much more there is.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from cardtable import i18n
from cardtable.ai.analysis import AnalysisJob
from cardtable.engine.core import ConfigError
from cardtable.i18n import Msg
from cardtable.ui import theme
from cardtable.ui.app import wake
from cardtable.ui.scenes.review_words import (
    loss_words,
    no_mistake_words,
    reason_text,
    shown_options,
    start_problem,
    unit_heading,
    value_text,
    verdict_words,
)
from cardtable.ui.widgets import BUTTON_HEIGHT

log = logging.getLogger(__name__)

#: the most moves the table lists (the best ones and the person's own)
MOST_OPTIONS = 12


class AnalysisPanel:
    """Runs the analysis of the deal shown and draws the computer's view into the side
    panel, scrolled by ``analysis_scroll``."""

    #: the analysis running (an AnalysisJob), or None
    job: Any = None
    #: why the last analysis did not start or finish, said in the panel (None: nothing)
    problem: Msg | None = None
    #: whose decisions the analysis judges: a person's seat, or None for every person's
    #: (with one person, always theirs)
    whose: int | None = None
    #: the seats the running job judges
    _job_seats: tuple = ()
    analysis_scroll = 0
    analysis_more = 0           # how far it can scroll (0: everything shows)
    analysis_area = pygame.Rect(0, 0, 0, 0)
    _scrolled_at: tuple = ()

    # ---- the job ------------------------------------------------------------------------
    def can_analyse(self) -> bool:
        """A person made decisions in the deal shown (a deal of computers alone has none)."""
        return bool(self.record.get("humans"))

    def several(self) -> bool:
        """Several people played the deal at this computer (pass-and-play): nobody is
        "you", and the analysis judges the decisions of the person chosen, or everybody's."""
        return len(self.record.get("humans", ())) > 1

    def judged_seats(self) -> list[int]:
        """The seats whose decisions the analysis judges (the person chosen, or all)."""
        humans = list(self.record["humans"])
        return [self.whose] if self.whose in humans else humans

    def choose_whose(self) -> None:
        """The next choice of whose decisions are judged: each person in turn, then
        everybody. An analysis already made for that choice in this deal is shown again."""
        order: list[int | None] = [*self.record["humans"], None]
        at = order.index(self.whose) if self.whose in order else -1
        self.whose = order[(at + 1) % len(order)]
        self.whose_chosen = True
        self.cancel_analysis()
        self.problem = None
        self.cursor.judge(self.kept_analyses.get((self.cursor.index,
                                                  tuple(self.judged_seats()))))
        self.layout()

    def whose_words(self) -> Msg:
        """The choice's label: whose decisions are judged."""
        if self.whose not in self.record["humans"]:
            return Msg("Whose decisions: everybody's")
        return Msg("Whose decisions: {name}", name=self.names()[self.whose])

    def analyse(self) -> None:
        """Start judging the people's decisions (the panel shows the progress)."""
        if self.job is not None:
            return
        self.cursor.judge(None)
        self.problem = None
        seats = self.judged_seats()
        try:
            self._job_seats = (self.cursor.index, tuple(seats))
            self.job = AnalysisJob(self.record, seats=seats, on_change=wake)
        except (ConfigError, OSError, RuntimeError) as exc:
            # the deal refused, or no worker could be started: say so, carry on
            log.warning("the analysis of a deal could not start: %r", exc)
            self.job = None
            self.problem = start_problem(exc)
        self.layout()

    def cancel_analysis(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
            if self.app is not None:
                self.layout()

    def poll_job(self) -> None:
        """Take the job's result once it has ended (each frame)."""
        job = self.job
        if job is None or not job.done():
            return
        self.job = None
        result = job.result()
        if result is None and getattr(job, "error", None):
            # the job's reason is for the log: the panel says it in the player's language
            log.warning("the analysis of a deal stopped: %s", job.error)
            self.problem = Msg("The analysis could not finish.")
        elif result is None:
            self.problem = None      # cancelled
        else:
            self.cursor.judge(result)
            self.kept_analyses[self._job_seats] = result
        self.layout()

    def unit(self) -> str:
        """What the analysis counts ("game_points", "points", "games"...)."""
        return str(getattr(self.cursor.analysis, "unit", "") or "")

    def summary_line(self) -> Msg | None:
        """The count of mistakes and what they cost (None: no analysis yet)."""
        analysis = self.cursor.analysis
        if analysis is None:
            return None
        n = analysis.mistakes()
        if n == 0:
            return no_mistake_words(self.unit(), analysis.judgements,
                                    float(getattr(analysis, "threshold", 0.0) or 0.0))
        return loss_words(self.unit(), n, analysis.lost())

    def no_judgement_note(self) -> Msg | None:
        """What the panel says under the summary at a step with no decision of a person
        judged: at a move, that none was made there; at the end, where the mistakes are
        (None when there are none: the summary has said so)."""
        if self.step < self.last:
            if not self.several():
                return Msg("No decision of yours at this move.")
            if self.whose not in self.record["humans"]:
                return Msg("No person's decision at this move.")
            return Msg("No decision of {name} at this move.", name=self.names()[self.whose])
        if self.cursor.mistake_steps():
            return Msg("Step to a marked move to see the mistake.")
        return None

    # ---- the panel ----------------------------------------------------------------------
    def whose_rect(self) -> pygame.Rect | None:
        """Where the choice of whose decisions goes, under the Analyse button (None: one
        person played, whose decisions are always judged)."""
        if not self.several():
            return None
        _, side, _ = self.areas()
        pad = theme.px(16)
        top = self.analysis_top() + theme.px(BUTTON_HEIGHT) + theme.px(8)
        return pygame.Rect(side.left + pad, top, side.width - 2 * pad,
                           theme.line_height(theme.px(theme.SMALL), True) + theme.px(12))

    def analysis_content_top(self) -> int:
        """Where the computer's view says its words, under its button (and the choice)."""
        choice = self.whose_rect()
        if choice is not None:
            return choice.bottom + theme.px(10)
        return self.analysis_top() + theme.px(BUTTON_HEIGHT) + theme.px(12)


    def scroll_analysis(self, lines: float) -> bool:
        """Scroll the panel by ``lines`` rows of small text (down when positive); True
        when there was anything to scroll."""
        if self.analysis_more <= 0:
            return False
        row = theme.line_height(theme.px(theme.SMALL))
        self.analysis_scroll = int(max(0, min(self.analysis_more,
                                              self.analysis_scroll + lines * row)))
        return True

    def analysis_event(self, event: pygame.event.Event) -> bool:
        """The wheel over the panel, or Up and Down, scroll it."""
        if event.type == pygame.MOUSEWHEEL:
            pos = getattr(self, "pointer", None) or pygame.mouse.get_pos()
            if self.analysis_area.collidepoint(pos):
                return self.scroll_analysis(-3 * event.y)
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) \
                and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return self.scroll_analysis(2 if event.key == pygame.K_DOWN else -2)
        return False

    def draw_analysis(self, surface: pygame.Surface, side: pygame.Rect) -> None:
        pad = theme.px(16)
        x, width = side.left + pad, side.width - 2 * pad
        plan = self.side_plan()
        pygame.draw.line(surface, (80, 92, 84), (x, plan.rule), (side.right - pad, plan.rule))
        self.text_block(surface, Msg("THE COMPUTER'S VIEW"), x, plan.heading, width,
                        theme.SMALL, theme.ACCENT_LIGHT, bold=True, lines=1)
        y0 = self.analysis_content_top()
        area = pygame.Rect(side.left, y0, side.width, max(0, side.bottom - theme.px(8) - y0))
        self.analysis_area = area
        # a new move shown, or a new analysis: from the top again
        at = (self.step, id(self.cursor.analysis), self.cursor.index)
        if at != self._scrolled_at:
            self._scrolled_at, self.analysis_scroll = at, 0
        old = surface.get_clip()
        surface.set_clip(area.clip(old))
        try:
            end = self._analysis_content(surface, x, y0 - self.analysis_scroll, width, side)
        finally:
            surface.set_clip(old)
        self.analysis_more = max(0, end + self.analysis_scroll - area.bottom)
        self.analysis_scroll = min(self.analysis_scroll, self.analysis_more)
        if self.analysis_more > 0 and area.height > 0:
            # how much shows, and where: a thin bar at the panel's right edge
            total = area.height + self.analysis_more
            bar_h = max(theme.px(18), area.height * area.height // total)
            bar_y = area.top + (area.height - bar_h) * self.analysis_scroll // \
                max(1, self.analysis_more)
            theme.rounded(surface, pygame.Rect(side.right - theme.px(7), bar_y, theme.px(4),
                                               bar_h), (255, 255, 255, 110), theme.px(2))

    def _analysis_content(self, surface, x: int, y: int, width: int,
                          side: pygame.Rect) -> int:
        """Draw what the panel says from ``y`` down; returns where it ends."""
        if self.job is not None:
            bar = pygame.Rect(x, y, width, theme.px(12))
            theme.rounded(surface, bar, (255, 255, 255, 30), theme.px(6))
            done = max(0.0, min(1.0, float(getattr(self.job, "progress", 0.0) or 0.0)))
            if done > 0:
                theme.rounded(surface, pygame.Rect(x, y, max(theme.px(12), int(width * done)),
                                                   bar.height), (*theme.ACCENT, 230),
                              theme.px(6))
            y = bar.bottom + theme.px(6)
            return self.text_block(surface, Msg("Analysing… {percent}",
                                                percent=i18n.percent(done)),
                                   x, y, width, theme.SMALL, theme.TEXT_DIM)
        if self.problem is not None:
            return self.text_block(surface, self.problem, x, y, width, theme.SMALL, theme.BAD,
                                   lines=4)
        if self.cursor.analysis is None:
            if not self.can_analyse():
                note = Msg("Only computers played this deal.")
            elif self.several() and self.whose not in self.record["humans"]:
                note = Msg("What the hard computer player would have played at each decision "
                           "of every person, seeing only what that person could see.")
            elif self.several():
                note = Msg("What the hard computer player would have played at each decision "
                           "of {name}, seeing only what {name} could see.",
                           name=self.names()[self.whose])
            else:
                note = Msg("What the hard computer player would have played at each of your "
                           "decisions, seeing only what you could see.")
            return self.text_block(surface, note, x, y, width, theme.SMALL, theme.TEXT_DIM,
                                   lines=6)
        # ("…within 0.5 game points of the computer's" takes three lines in French)
        y = self.text_block(surface, self.summary_line(), x, y, width, theme.SMALL + 1,
                            theme.TEXT, bold=True, lines=3)
        y += theme.px(6)
        j = self.cursor.judgement()
        if j is None:
            note = self.no_judgement_note()
            if note is None:
                return y
            return self.text_block(surface, note, x, y, width, theme.SMALL, theme.TEXT_MUTED)
        names = self.record["names"]
        verdict, kind = verdict_words(j, self.unit())
        colour = {"bad": theme.BAD, "good": theme.GOOD}.get(kind, theme.ACCENT_LIGHT)
        y = self.text_block(surface, verdict, x, y, width, theme.SMALL + 1, colour, bold=True)
        if j.mistake:
            better = Msg("Better: {move}", move=self.instruction(j.best, names))
            y = self.text_block(surface, better, x, y, width, theme.SMALL, theme.TEXT, lines=3)
            reason = reason_text(j.reason)
            if reason is not None:
                y = self.text_block(surface, reason, x, y, width, theme.SMALL, theme.TEXT_DIM,
                                    lines=4)
        else:
            y = self.text_block(surface, Msg("The computer's choice: {move}",
                                             move=self.instruction(j.best, names)),
                                x, y, width, theme.SMALL, theme.TEXT, lines=3)
        y += theme.px(6)
        small = theme.px(theme.SMALL)
        right = side.right - theme.px(16)
        rows = shown_options(j.options, j.played, MOST_OPTIONS)
        if rows:
            # what the numbers count, over their column
            theme.draw_text(surface, Msg("Move"), (x, y), small, theme.TEXT_MUTED,
                            shadow=False)
            theme.draw_text(surface, unit_heading(self.unit()), (right, y), small,
                            theme.TEXT_MUTED, anchor="topright", shadow=False)
            y += theme.line_height(small)
        for option in rows:
            played = option.action == j.played
            words = self.instruction(option.action, names)
            label = words if not played else Msg("{move} (played)", move=words) \
                if self.several() else Msg("{move} (yours)", move=words)
            colour = theme.ACCENT_LIGHT if played else theme.TEXT_DIM
            value = value_text(option.value, self.unit())
            room = width - theme.text_size(value, small)[0] - theme.px(12)
            theme.draw_text(surface, value, (right, y), small, colour, anchor="topright",
                            shadow=False)
            # a long move goes on a second line rather than losing its end
            y = self.text_block(surface, label, x, y, room, theme.SMALL, colour)
        return y
