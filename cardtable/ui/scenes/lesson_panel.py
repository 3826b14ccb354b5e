"""The coach's panel on a lesson's table: laid where it hides least of what matters, and
laid again only when what it shows changes (part of :class:`LessonScene`).

What it keeps off, most first (see :mod:`cardtable.ui.coach` for the weighing): what the
step lights; what is to stay in view (the person's hand and the band it is dealt into,
the name plates, the buttons, the score panel, the places the person acts on with their
labels, the cards face up on the table, the table's labels); then the backs of the
others' hands, the won piles, empty places and the log. The table lays its buttons anew
at every move, the coach's with them: the panel keeps its place unless its words, its
size, what it lights or the table's buttons changed.
"""

from __future__ import annotations

import pygame

from cardtable import i18n
from cardtable.i18n import N_, tr
from cardtable.ui import coach, theme
from cardtable.ui.coach import CoachPanel
from cardtable.ui.widgets import Button


class CoachLayout:
    """Part of :class:`cardtable.ui.scenes.lesson.LessonScene`: the panel's place and its
    buttons."""

    def _refresh_panel(self) -> None:
        """The panel laid anew only when what it shows or where it may lie changes: its
        words, its buttons, the step, the window, the language or the text size (not as
        the table goes busy and idle while the cards move)."""
        ready = self.step_ready()
        key = (self.coaching(), self.ended, self.coach.index, ready,
               tr(self.heading()), tr(self.words()), tr(self.note[0]) if self.note else None,
               tr(self.recap_now() or ""), self.show_keys(), self.size, i18n.language(),
               theme.text_scale())
        if key != self._shown_key:
            self._shown_key = key
            self._lay_coach()
        # Back and Why? as the table goes busy and idle (without laying the panel again)
        for b in getattr(self, "_coach_widgets", ()):
            if b.name == tr(N_("Back")):
                b.enabled = self.can_go_back()
            elif b.name == tr(N_("Why?")):
                b.enabled = ready

    def _lay_coach(self) -> None:
        """The panel's place and its buttons, laid anew (the game's own buttons stay as
        they are: Sixty-Six's Claim 66, pressed once, waits for its second press)."""
        if self.app is None:
            return
        form = self.form
        old = getattr(self, "_coach_widgets", [])
        focused = form.focused
        refocus = focused.name if focused in old else None
        form.widgets = [w for w in form.widgets if w not in old]
        self._coach_widgets = []
        self._place_coach()
        again = next((b for b in self._coach_widgets if b.name == refocus), None)
        form.focus(again if again is not None else None if focused in old else focused)

    def _place_coach(self) -> None:
        labels = self.coach_buttons()
        if not labels or self._frozen is None and not self.live():
            # nothing to say yet: the first deal is being dealt (the panel comes with the
            # first step, where that step wants it, rather than moving as the deal ends)
            self.panel.rect = pygame.Rect(0, 0, 0, 0)
            return
        heading, body, note = self.heading(), self.words(), self.note[0] if self.note else None
        recap = self.recap_now()
        keys = self.show_keys()
        laid = {}                   # the panel at each width it may take: (text, rows)
        for width in CoachPanel.widths(self.size):
            rows = self._button_rows(labels, width)
            laid[width] = (self.panel.text_height(width, heading, body, note, recap), rows)
        bh, gap = theme.px(34), theme.px(8)
        sizes = [(width, text + len(rows) * (bh + gap) + self.panel.foot_height(width, keys))
                 for width, (text, rows) in laid.items()]
        # the table lays its buttons anew as the moves come (the coach's with them): the
        # panel is placed again only when what it shows, or the window, has changed
        moment = (self.coach.index, self.ended, self.step_ready())
        shows = (moment, tuple(sizes), self.size, tr(heading), tr(body),
                 tr(note) if note else "", tr(recap) if recap else "",
                 # what it must keep off most: the lit things, the table's buttons
                 tuple((name, tuple(r)) for name, r in self.lit()),
                 tuple(tuple(w.rect) for w in self.form.widgets if w.visible))
        rect = self.panel.rect
        if shows != getattr(self, "_placed_for", None) or rect.width not in laid:
            # within a step the panel stays put unless it gains much by moving; a new step
            # (the table has changed) lays it where it covers least
            rect = self.panel.place(self.size, sizes, self._busy(self.score_panel_rect()),
                                    stay=moment == getattr(self, "_placed_at", None))
            self._placed_at = moment
            self._placed_for = shows
        text, rows = laid[rect.width]
        y = rect.top + text
        for row in rows:
            x = rect.left + CoachPanel.pad()
            for b in row:
                b.rect.topleft = (x, y)
                x += b.rect.width + gap
                self.form.add(b)
                self._coach_widgets.append(b)
            y += bh + gap
        self._buttons_top = rect.top + text

    def _button_rows(self, labels, width: int) -> list[list[Button]]:
        """The panel's buttons in rows inside a panel ``width`` wide."""
        pad, gap, bh = CoachPanel.pad(), theme.px(8), theme.px(34)
        rows: list[list[Button]] = [[]]
        used = 0
        for label, action, style in labels:
            b = Button(label, action, style=style, size=theme.SMALL + 1)
            b.name = tr(label)
            b.rect = pygame.Rect(0, 0, min(width - 2 * pad, b.snug_width(theme.px(70))), bh)
            if b.name == tr(N_("Back")):
                b.enabled = self.can_go_back()
            elif b.name == tr(N_("Why?")):
                b.enabled = self.step_ready()
            if rows[-1] and used + gap + b.rect.width > width - 2 * pad:
                rows.append([])
                used = 0
            used += (gap if rows[-1] else 0) + b.rect.width
            rows[-1].append(b)
        return rows

    @staticmethod
    def _rest(sprite) -> pygame.Rect:
        """Where a card lies once it has stopped moving."""
        rect = sprite.rect()
        target = getattr(sprite, "target", None)
        if sprite.moving and target is not None:
            rect.center = (int(target[0]), int(target[1]))
        return rect

    def _busy(self, scores: pygame.Rect | None) -> list[tuple[pygame.Rect, int]]:
        """What the panel should not cover, each with its weight (see :mod:`coach`): what
        the step lights (``LIT``); what it must leave in view wherever it can (``KEEP``):
        the person's hand and the band it is dealt into, the name plates, the buttons,
        the score panel, the places the person acts on with the words under them, the
        cards face up on the table and the table's labels; and, weighed by how much they
        matter, the backs of the others' hands, the won piles, empty places and the log."""
        keep = coach.KEEP
        mine = set(self.game.own_zones())
        # a button is there to be pressed (the coach's own are not in the form as it lays)
        busy = [(pygame.Rect(w.rect), keep) for w in self.form.widgets if w.visible]
        # the person's hand, where it is dealt before a card is there (none once the deal
        # is over: the room is the coach's last words')
        if not self.ended:
            busy.append((pygame.Rect(self.game.hand_band()), keep))
        # the cards where they come to rest (a card in flight is where it is going): the
        # person's and those face up on the table (a trick, the trump, the melds laid) kept
        # in view; the backs of the others' hands and of piles weigh less
        for s in self.sprites:
            if s.hidden or s.dragging:
                continue
            zone = s.zone or ""
            if zone in mine or (s.target_face_up and not zone.startswith("hand")):
                busy.append((self._rest(s), keep))
            else:
                busy.append((self._rest(s), 3 if zone.startswith("hand") else 2))
        # the places the person acts on (a stock, a discard pile) and what is written under
        # them (how many cards are left)
        label = theme.px(30)
        for _row, targets in self.game.key_rows():
            for k in targets:
                rect = pygame.Rect(k.rect)
                busy.append((rect.inflate(theme.px(8), 0).union(rect.move(0, label)), keep))
        for (x, y), w, _angle, _label in self.game.slots():
            rect = pygame.Rect(0, 0, int(w), int(w * 1.4))
            rect.center = (int(x), int(y))
            busy.append((rect, 2))
            # and under it, where a table writes what a place is (its name, a count)
            busy.append((pygame.Rect(rect.left - theme.px(30), rect.bottom,
                                     rect.width + theme.px(60), theme.px(30)), 2))
        # the marks the table draws by its cards (a rummy's labels of groups and piles)
        busy += [(pygame.Rect(r), keep) for r in getattr(self.game, "marks", list)()]
        window = pygame.Rect((0, 0), self.size)
        busy += [(self.plate_rect(seat, window), keep) for seat in range(self.match.n_players)]
        busy += [(scores, keep)] if scores is not None else []
        busy.append((self.log_band(), 1))
        # the message line over the hand (the table's status, its refusals and hints)
        wide = min(theme.px(self.game.TOAST_WIDTH), self.size[0] - theme.px(80))
        line = pygame.Rect(0, 0, wide, theme.px(60))
        line.midbottom = (self.size[0] // 2, self.game.hand_band().top - theme.px(50))
        busy.append((line, 2))
        # what the step lights weighs most: the panel never lies on it where it can help it
        busy += [(rect, coach.LIT) for _name, rect in self.lit()]
        return busy

    def show_keys(self) -> bool:
        """The lesson's keys on the panel's last line: while the coach leads, once the
        keyboard is in use (a mouse player has the buttons, and a smaller panel)."""
        return self.coaching() and self.keys.shown

    def covered(self) -> bool:
        """Another screen stands over the table (the deal's summary, a question, the
        rules): the coach waits behind it rather than drawing over it."""
        return self.app is not None and self.app.top is not self
