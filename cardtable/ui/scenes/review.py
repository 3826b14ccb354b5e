"""The review of a finished deal: step through it move by move, every hand face up.

    app.open("review", deals, index)      # deals: deal records (cardtable.records), oldest
                                          # first; index: the one shown first
    app.open("review", deals, index, seat)  # pass-and-play: the person who asked, whose
                                          # chair and decisions the review starts from

With several people at this computer nobody is "You" (every seat named, as at their
table), and a button under Analyse chooses whose decisions are judged: each person in
turn, or everybody's.

Where the review stands (the deal, the step, the decision judged there) is a
:class:`cardtable.review.ReviewCursor`, with no pygame; this screen is its view. The table is
the game's own (:class:`cardtable.ui.replay.ReplayBoard`), on the left; the panel on the
right says which move comes next, the score as it stood then, the deal's code and what the
computer would have played (:mod:`cardtable.ui.scenes.review_analysis`). Along the bottom:
buttons, and a slider that can be dragged. Keys: Left/Right one move; Ctrl or Shift with
them, or PgUp/PgDn, a whole trick (a whole turn in games whose table names no
``REVIEW_STEP_EVENT``); Home/End the start and the end; Ctrl+C copies the deal's code; Esc
closes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import pygame

from cardtable import i18n
from cardtable.engine import registry
from cardtable.i18n import N_, Msg, tr
from cardtable.review import ReviewCursor
from cardtable.ui import theme
from cardtable.ui.held_keys import KEYS
from cardtable.ui.hints import action_words
from cardtable.ui.replay import ReplayBoard
from cardtable.ui.scene import Scene
from cardtable.ui.scenes.deal_reading import at_the_end, so_far
from cardtable.ui.scenes.dealcode import copy_code
from cardtable.ui.scenes.review_analysis import AnalysisPanel
from cardtable.ui.scenes.summary_words import (
    NEXT_DEAL,
    PREVIOUS_DEAL,
    column_labels,
    deal_title,
    deal_word,
    headline,
    shown_names,
)
from cardtable.ui.tables import table_class
from cardtable.ui.widgets import BUTTON_HEIGHT, Button, Form

#: the right-hand panel's width and the bottom bar's height, in design pixels
SIDE_WIDTH = 360
BAR_HEIGHT = 124

#: the step buttons along the bottom: (name, text, how the cursor moves)
STEP_BUTTONS: tuple[tuple[str, str, Callable[[ReviewCursor], None]], ...] = (
    ("First", N_("First"), ReviewCursor.first),
    ("Trick back", "«", ReviewCursor.trick_back),
    ("Back", "‹", ReviewCursor.back),
    ("Forward", "›", ReviewCursor.forward),
    ("Trick forward", "»", ReviewCursor.trick_forward),
    ("Last", N_("Last"), ReviewCursor.end),
)


#: the keys that move the cursor: (key, with Ctrl or Shift) -> how it moves
STEP_KEYS: dict[tuple[int, bool], Callable[[ReviewCursor], None]] = {
    (pygame.K_RIGHT, False): ReviewCursor.forward,
    (pygame.K_RIGHT, True): ReviewCursor.trick_forward,
    (pygame.K_LEFT, False): ReviewCursor.back,
    (pygame.K_LEFT, True): ReviewCursor.trick_back,
    **{(pygame.K_PAGEDOWN, whole): ReviewCursor.trick_forward for whole in (False, True)},
    **{(pygame.K_PAGEUP, whole): ReviewCursor.trick_back for whole in (False, True)},
    **{(pygame.K_HOME, whole): ReviewCursor.first for whole in (False, True)},
    **{(pygame.K_END, whole): ReviewCursor.end for whole in (False, True)},
}


def review_step_event(game: str) -> str | None:
    """The engine event a whole step of ``game``'s review stops after: its table's
    ``REVIEW_STEP_EVENT`` (None: a whole step is a player's turn)."""
    return table_class(game).REVIEW_STEP_EVENT


class SidePlan(NamedTuple):
    """Where the side panel's parts begin, from the top of the window down."""

    where: int          # the previous move and the next one (or the deal's result)
    score: int          # "Score" and a line a side
    rule: int           # the line over the computer's view
    heading: int        # "THE COMPUTER'S VIEW"
    button: int         # the Analyse button, and the rest of the computer's view under it


class ReviewScene(AnalysisPanel, Scene):
    """Shows where a :class:`~cardtable.review.ReviewCursor` stands in one finished deal
    (of a list of deals of one match), and moves it."""

    def __init__(self, deals: Sequence[dict] | dict, index: int = -1,
                 seat: int | None = None) -> None:
        super().__init__()
        # ``seat``: the person who opened the review (pass-and-play), whose chair the deal
        # is seen from and whose decisions the analysis judges first
        self.cursor = ReviewCursor(deals, index, step_event=review_step_event, seat=seat)
        #: analyses made, by (deal, seats judged): a choice of whose decisions shows its own
        self.kept_analyses: dict[tuple, object] = {}
        #: whose decisions were chosen by the player (kept from deal to deal)
        self.whose_chosen = False
        self.form = Form(on_cancel=self.close)
        self.board: ReplayBoard | None = None
        self.slider = pygame.Rect(0, 0, 0, 0)
        self.dragging = False
        self._language = ""
        #: where the side panel's parts go, and what it was measured for (side_plan)
        self._plan: tuple[tuple, SidePlan] | None = None
        #: the deal's last position, for the deal it was worked out for

    # ---- the cursor, as the view reads it ---------------------------------------------------
    @property
    def step(self) -> int:
        """How many moves of the deal are made (the cursor's)."""
        return self.cursor.step

    @property
    def last(self) -> int:
        """The last step: every move made."""
        return self.cursor.last

    @property
    def record(self) -> dict:
        """The deal record shown."""
        return self.cursor.record

    def load(self, index: int) -> bool:
        """Show deal ``index`` from its start; False, and the player told, if its record is
        damaged."""
        if not self.cursor.load(index):
            if self.app is not None:
                why = (Msg("This deal cannot be shown: its game is not installed on this "
                           "computer.") if self.cursor.refused == "game_not_here" else
                       Msg("This deal cannot be shown: its record is damaged."))
                self.app.toast(why, seconds=5.0, kind="bad")
            return False
        self.cancel_analysis()
        self.kept_analyses.clear()
        record = self.record
        humans = record["humans"]
        if not self.whose_chosen or (self.whose is not None and self.whose not in humans):
            self.whose = self.cursor.viewer
        # friends who played from other computers are people on the plates too; several
        # people at this computer are named, nobody "You"
        self.board = ReplayBoard(record["game"], record["names"],
                                 record.get("people", humans),
                                 self.cursor.states[0], self.cursor.viewer,
                                 several=len(humans) > 1)
        self.problem = None
        return True

    def go(self, step: int) -> None:
        """Show ``step`` (kept between the start and the end)."""
        self.cursor.go(step)
        self.show()

    def steer(self, move: Callable[[ReviewCursor], None]) -> None:
        """Move the cursor (a step button's or a key's move) and show where it is."""
        move(self.cursor)
        self.show()

    def other_deal(self, delta: int) -> None:
        if self.cursor.has_deal(delta) and self.load(self.cursor.index + delta):
            self.layout()
            self.show()

    def keys_line(self) -> str:
        """The keys under the bar: whole steps are tricks or, without tricks, turns."""
        if self.cursor.by_tricks:
            return N_("← → a move · Ctrl+← → or PgUp PgDn a trick · Home End")
        return N_("← → a move · Ctrl+← → or PgUp PgDn a player's turn · Home End")

    def instruction(self, action, names) -> Msg:
        """A move as an instruction, in the words of this game's table ("the draw pile")."""
        game = self.board.game
        return action_words(action, names, game.STOCK_WORD, game=game)

    def show(self) -> None:
        if self.board is None:
            return
        # the moves are told in the side panel: the table's log (which a table narrower
        # than the window puts over the person's hand) stays empty; the step after a
        # trick's last card shows the whole trick before it is gathered
        cursor = self.cursor
        if cursor.step == cursor.last and cursor.last > 0:
            # the end: the deal as its last move left it (the last trick still on the
            # table), not the position before that move
            self.board.show(cursor.shown_state(), None, [],
                            hold_trick=cursor.last in cursor.trick_ends())
        else:
            self.board.show(cursor.shown_state(), cursor.turn(), [],
                            hold_trick=cursor.holds_trick())
        self.board.scores = cursor.scores()

    # ---- words ----------------------------------------------------------------------------
    def names(self) -> list:
        return shown_names(self.record.get("names", []))

    def move_words(self, step: int) -> Msg | str:
        """The move made at ``step`` as the table's log tells it ("Margot: ace of spades"),
        or as an instruction with the seat's name when the table tells nothing of it."""
        if self.board is not None:
            for e in self.cursor.events[step]:
                line = self.board.game.describe(e.for_seat(self.cursor.viewer))
                if line:
                    return line
        seat, action = self.cursor.moves[step]
        who = self.names()[seat]
        return Msg("{name}: {move}", name=who, move=self.instruction(action, self.record["names"]))

    def result_line(self) -> Msg | None:
        for evs in self.cursor.events[-1:]:
            for e in evs:
                if e.kind == "deal_scored":
                    return headline(e.for_seat(None), self.record["names"], self.record["game"],
                                    self.record["humans"])
        return None

    def code_line(self) -> Msg:
        code = self.record.get("code")
        if code:
            return Msg("Deal code: {code}", code=code)
        return Msg("This deal has no code (it is not dealt like a first deal).")

    # ---- life cycle -------------------------------------------------------------------------
    def on_enter(self) -> None:
        if not self.cursor.deals or not self.load(self.cursor.index):
            self.close()
            return
        self.layout()
        self.show()

    def on_exit(self) -> None:
        self.cancel_analysis()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def close(self) -> None:
        self.cancel_analysis()
        if self.app is not None and self.app.top is self:
            self.app.pop()

    # ---- layout ------------------------------------------------------------------------------
    def areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """(the table, the side panel, the bottom bar)."""
        w, h = self.size
        side_w = min(theme.px(SIDE_WIDTH), w // 3)
        bar_h = theme.px(BAR_HEIGHT)
        table = pygame.Rect(0, 0, w - side_w, h - bar_h)
        side = pygame.Rect(table.right, 0, side_w, h - bar_h)
        bar = pygame.Rect(0, h - bar_h, w, bar_h)
        return table, side, bar

    def layout(self) -> None:
        self._language = i18n.language()
        focused = self.form.focused.name if self.form.focused is not None else None
        self.form.clear()
        table, side, bar = self.areas()
        if self.board is not None:
            if self.app is not None and self.board.app is None:
                self.board.attach(self.app, table.size)
        pad = theme.px(16)
        bh = theme.px(BUTTON_HEIGHT)
        row_y = bar.bottom - pad - bh
        x = bar.left + pad
        for name, text, move in STEP_BUTTONS:
            b = Button(text, lambda move=move: self.steer(move), style="normal", size=theme.BODY)
            b.name = name
            b.rect = pygame.Rect(x, row_y, max(theme.px(56), b.preferred_width()), bh)
            self.form.add(b)
            x = b.rect.right + theme.px(8)
        close = Button(N_("Close"), self.close, style="primary")
        close.name = "Close"
        close.rect = pygame.Rect(0, 0, max(theme.px(140), close.preferred_width()), bh)
        close.rect.bottomright = (bar.right - pad, bar.bottom - pad)
        right = close.rect.left - theme.px(16)
        if len(self.cursor.deals) > 1:
            word = deal_word(self.record["game"]) if self.record else "deal"
            # in a narrow window with larger text ("Donne précédente" beside "Fin") the two
            # take a smaller type rather than lie over the step buttons
            for type_size in (None, theme.SMALL + 1, theme.SMALL - 1):
                pair = self._deal_buttons(word, type_size, right, bar.bottom - pad, bh)
                if pair[-1].rect.left >= x + theme.px(8):
                    break
            for b in pair:
                self.form.add(b)
            right = pair[-1].rect.left - theme.px(8)
        self.form.add(close)
        copy = self.copy_rect()
        if copy is not None:
            # the deal's code to the clipboard: a small button at the end of the code's line
            b = Button(N_("Copy"), self.copy_code, style="normal", size=theme.SMALL)
            b.name = "Copy code"
            b.rect = copy
            self.form.add(b)
        self.slider = pygame.Rect(bar.left + pad + theme.px(10), bar.top + theme.px(18),
                                  bar.width - 2 * pad - theme.px(20), theme.px(14))
        # the computer's view
        y = self.analysis_top()
        if self.job is not None:
            b = Button(N_("Cancel"), self.cancel_analysis, style="quiet")
            b.name = "Cancel"
        else:
            b = Button(N_("Analyse") if self.cursor.analysis is None else N_("Analyse again"),
                       self.analyse, style="normal")
            b.name = "Analyse"
            b.enabled = self.can_analyse()
        b.rect = pygame.Rect(side.left + pad, y, max(theme.px(150), b.preferred_width()), bh)
        self.form.add(b)
        choice = self.whose_rect()
        if choice is not None:
            c = Button(self.whose_words(), self.choose_whose, style="quiet", size=theme.SMALL)
            c.name = "Whose decisions"
            c.rect = pygame.Rect(choice.left, choice.top,
                                 min(choice.width, c.preferred_width()), choice.height)
            self.form.add(c)
        target = self.widget(focused) if focused else None
        if target is not None and target.enabled:
            self.form.focus(target)

    def copy_rect(self) -> pygame.Rect | None:
        """Where the Copy button goes, at the right end of the code's line in the side panel
        (None: the deal has no code)."""
        if not (self.record and self.record.get("code")):
            return None
        _, side, _ = self.areas()
        pad = theme.px(16)
        b = Button(N_("Copy"), None, size=theme.SMALL)
        w = max(theme.px(64), b.snug_width(0))
        h = theme.line_height(theme.px(theme.SMALL), True) + theme.px(10)
        title = self.title_lines(side.width - 2 * pad)
        y = side.top + theme.px(14) + \
            title * theme.line_height(theme.px(theme.SUBHEADING - 2), True) + theme.px(2)
        return pygame.Rect(side.right - pad - w, y - theme.px(4), w, h)

    def _deal_buttons(self, word: str, type_size: int | None, right: int, bottom: int,
                      bh: int) -> list[Button]:
        """Next and Previous deal, right to left from ``right`` (a given type size)."""
        out = []
        for name, text, delta in (("Next deal", NEXT_DEAL[word], 1),
                                  ("Previous deal", PREVIOUS_DEAL[word], -1)):
            extra = {} if type_size is None else {"size": type_size}
            b = Button(text, lambda d=delta: self.other_deal(d), style="quiet", **extra)
            b.name = name
            b.enabled = self.cursor.has_deal(delta)
            b.rect = pygame.Rect(0, 0, b.preferred_width(), bh)
            b.rect.bottomright = (right, bottom)
            out.append(b)
            right = b.rect.left - theme.px(8)
        return out

    def title(self) -> Msg:
        game = self.record["game"]
        name = registry.get(game).name if game in registry.ids() else game
        return Msg("{game} · {deal}", game=Msg(name),
                   deal=deal_title(game, self.record.get("deal")))

    def title_lines(self, width: int) -> int:
        """The side panel's title on one line, or two where it does not fit (larger text,
        a long game name in French)."""
        size = theme.px(theme.SUBHEADING - 2)
        return min(2, len(theme.wrap(self.title(), theme.font(size, True), width)))

    def analysis_top(self) -> int:
        """Where the computer's view begins (the Analyse button's top)."""
        return self.side_plan().button

    def side_plan(self) -> SidePlan:
        """Where the side panel's parts go, from the heights of their words as they wrap
        (the title, the code, the longest account of a step in this deal, the score), so
        that none lies over the next with larger text or longer French; kept until the
        panel's size, the language, the text size or the deal changes."""
        _, side, _ = self.areas()
        # (the text size shows in the height of a line)
        key = (side.size, i18n.language(), theme.line_height(theme.px(theme.BODY), True),
               self.cursor.index, id(self.record), self.board is not None)
        if self._plan is not None and self._plan[0] == key:
            return self._plan[1]
        pad = theme.px(16)
        x, width = side.left + pad, side.width - 2 * pad
        where = self.draw_head(None, side)
        # the same room at every step: the score stays put while the moves are stepped
        score = max(self.draw_where(None, step, x, where, width)
                    for step in range(self.last + 1)) + theme.px(8)
        rule = score + theme.line_height(theme.px(theme.SMALL)) + \
            len(self.sides()) * theme.line_height(theme.px(theme.SMALL + 1)) + theme.px(8)
        heading = rule + theme.px(6)
        button = self.text_block(None, Msg("THE COMPUTER'S VIEW"), x, heading, width,
                                 theme.SMALL, None, bold=True, lines=1) + theme.px(4)
        plan = SidePlan(where, score, rule, heading, button)
        self._plan = (key, plan)
        return plan

    def sides(self) -> list:
        """The sides the score lists (a seat each, or the partnerships)."""
        game = self.record.get("game")
        n = len(self.record["names"])
        if game in registry.ids():
            return list(registry.get(game).sides(n))
        return [[seat] for seat in range(n)]

    def widget(self, name: str):
        return next((w for w in self.form.widgets if w.name == name), None)

    # ---- input -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.pointer = event.pos
        if not KEYS.admits(event, self.form):
            return True     # a key held since before the review came up
        if event.type == pygame.KEYDOWN and self.key(event):
            return True
        if self.analysis_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.slider.inflate(0, theme.px(24)).collidepoint(event.pos):
            self.dragging = True
            self.drag_to(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.drag_to(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        self.form.handle_event(event)
        return True

    def copy_code(self) -> None:
        """The deal's code onto the system clipboard (Copy code, or Ctrl+C), with a toast."""
        copy_code(self.app, (self.record or {}).get("code"))

    def key(self, event: pygame.event.Event) -> bool:
        k = event.key
        whole = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_SHIFT))
        if k == pygame.K_c and event.mod & pygame.KMOD_CTRL:
            self.copy_code()
            return True
        move = STEP_KEYS.get((k, whole))
        if move is None:
            return False
        self.steer(move)
        return True

    def drag_to(self, x: int) -> None:
        r = self.slider
        fraction = (x - r.left) / max(1, r.width)
        self.go(round(max(0.0, min(1.0, fraction)) * self.last))

    def step_x(self, step: int) -> int:
        r = self.slider
        return r.left + round(r.width * step / max(1, self.last))

    # ---- frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self._language != i18n.language():     # buttons measured in the new words
            self.layout()
        self.poll_job()
        self.form.update(dt)

    def next_frame_in(self) -> float | None:
        if self.job is not None:
            return 0.25          # the progress bar (the job also wakes the loop)
        return self.form.next_frame_in()

    def draw(self, surface: pygame.Surface) -> None:
        table, side, bar = self.areas()
        if self.board is not None:
            self.board.draw_into(surface, table)
        # (the panel is a little translucent: over a cleared ground, not over the last
        # frame, whose words showed faintly through it after a step)
        surface.fill((12, 20, 16), side)
        theme.panel(surface, side, alpha=235)
        pygame.draw.rect(surface, (12, 20, 16), bar)
        self.draw_side(surface, side)
        self.draw_bar(surface, bar)
        self.form.draw(surface)

    def draw_side(self, surface: pygame.Surface, side: pygame.Rect) -> None:
        if not self.record:
            return
        plan = self.side_plan()
        pad = theme.px(16)
        x, width = side.left + pad, side.width - 2 * pad
        self.draw_head(surface, side)
        self.draw_where(surface, self.step, x, plan.where, width)
        # the deal's own score at this step (deal_reading.py)
        title, values = self.score_reading()
        y = self.text_block(surface, title, x, plan.score, width, theme.SMALL,
                            theme.TEXT_MUTED)
        labels = column_labels(self.record["game"], self.record["names"], len(self.sides()))
        small = theme.px(theme.SMALL + 1)
        for i, value in enumerate(values):
            colour = theme.SEAT_COLOURS[i % len(theme.SEAT_COLOURS)]
            label = theme.ellipsize(labels[i], small, width - theme.px(70))
            theme.draw_text(surface, label, (x, y), small, colour, bold=True, shadow=False)
            theme.draw_text(surface, i18n.number(value), (side.right - pad, y),
                            small, theme.TEXT, bold=True, anchor="topright", shadow=False)
            y += theme.line_height(small)
        self.draw_analysis(surface, side)

    def score_reading(self) -> tuple[Msg, list[int]]:
        """What the score lines say at this step, a value per side: the deal's own score
        (as its score sheet has it at the end, as the game's state keeps it before), else
        the match score as it stood."""
        game = self.record.get("game", "")
        sides = self.sides()
        state = self.cursor.shown_state()
        reading = None
        if self.step >= self.last:
            row = next((r for r in reversed(state.score_sheet)
                        if r.get("deal") == self.record.get("deal")), None)
            if row is not None:
                reading = at_the_end(game, row, len(sides), len(self.record["names"]))
        else:
            reading = so_far(game, state.view(self.cursor.viewer), len(sides))
        if reading is not None:
            return reading
        scores = self.cursor.scores()
        return Msg("Match score"), [scores[members[0]] for members in sides]

    def draw_head(self, surface: pygame.Surface | None, side: pygame.Rect) -> int:
        """The panel's title and the deal's code (None: measured only); returns where the
        account of the step begins."""
        pad = theme.px(16)
        x, y = side.left + pad, side.top + theme.px(14)
        width = side.width - 2 * pad
        y = self.text_block(surface, self.title(), x, y, width, theme.SUBHEADING - 2,
                            theme.TEXT, bold=True, lines=self.title_lines(width)) + theme.px(2)
        copy = self.copy_rect()
        code_w = width if copy is None else copy.left - theme.px(8) - x
        y = self.text_block(surface, self.code_line(), x, y, code_w, theme.SMALL,
                            theme.ACCENT_LIGHT)
        if copy is not None:
            y = max(y, copy.bottom)
        return y + theme.px(12)

    def draw_where(self, surface: pygame.Surface | None, step: int, x: int, y: int,
                   width: int) -> int:
        """Where the deal stands at ``step``: the move before it, and the next one or the
        deal's result (None: measured only); returns where it ends."""
        if step > 0:
            y = self.text_block(surface, Msg("Previous move: {move}",
                                             move=self.move_words(step - 1)),
                                x, y, width, theme.SMALL, theme.TEXT_MUTED)
        if step < self.last:
            # the move about to be made from the position shown (the bar counts the moves
            # made: 0 / 17 shows the deal before move 1)
            head = Msg("Next: move {n} of {total}", n=step + 1, total=self.last)
            y = self.text_block(surface, head, x, y, width, theme.SMALL, theme.TEXT_MUTED)
            return self.text_block(surface, self.move_words(step), x, y, width, theme.BODY,
                                   theme.TEXT, bold=True)
        # the deal's result says it is over ("Round 1 is over", "Margot wins the deal"):
        # one line, not that and "The deal is over" over it
        result = self.result_line()
        if result is None:
            return self.text_block(surface, Msg("The deal is over"), x, y, width, theme.BODY,
                                   theme.TEXT, bold=True)
        return self.text_block(surface, result, x, y, width, theme.BODY, theme.TEXT,
                               bold=True)

    def text_block(self, surface, text, x: int, y: int, width: int, size: int, colour,
                   bold: bool = False, lines: int = 2) -> int:
        """``text`` wrapped to ``width`` in at most ``lines`` lines from ``y`` down (with no
        ``surface``: measured only); returns where it ends."""
        size = theme.px(size)
        fnt = theme.font(size, bold)
        shown = theme.wrap(tr(text), fnt, width)
        if len(shown) > lines:      # the rest goes, its last line ending in an ellipsis
            shown = shown[:lines - 1] + [theme.ellipsize(" ".join(shown[lines - 1:]), size,
                                                         width, bold)]
        for line in shown:
            if surface is not None:
                theme.draw_text(surface, line, (x, y), size, colour, bold=bold, shadow=False)
            y += theme.line_height(size, bold)
        return y

    def draw_bar(self, surface: pygame.Surface, bar: pygame.Rect) -> None:
        r = self.slider
        theme.rounded(surface, r, (255, 255, 255, 36), r.height // 2)
        for b in self.cursor.boundaries():
            pygame.draw.line(surface, (120, 132, 122), (self.step_x(b), r.top + 2),
                             (self.step_x(b), r.bottom - 3))
        for m in self.cursor.mistake_steps():
            mx = self.step_x(m)
            pygame.draw.circle(surface, theme.BAD, (mx, r.top - theme.px(6)), theme.px(4))
        filled = pygame.Rect(r.left, r.top, self.step_x(self.step) - r.left, r.height)
        if filled.width > 0:
            theme.rounded(surface, filled, (*theme.ACCENT, 150), r.height // 2)
        pygame.draw.circle(surface, theme.ACCENT_LIGHT, (self.step_x(self.step), r.centery),
                           theme.px(10))
        label = f"{i18n.number(self.step)} / {i18n.number(self.last)}"
        theme.draw_text(surface, label, (r.right, r.bottom + theme.px(6)),
                        theme.px(theme.SMALL - 2), theme.TEXT_MUTED, anchor="topright",
                        shadow=False)
        keys = self.keys_line()
        theme.draw_text(surface, keys, (r.left, r.bottom + theme.px(6)),
                        theme.px(theme.SMALL - 2), theme.TEXT_MUTED, shadow=False)
