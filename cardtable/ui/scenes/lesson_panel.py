"""The coach's panel on a lesson's table: laid where it hides least of what matters, and
laid again only when what it shows changes (part of :class:`LessonScene`).

The rule: the panel never covers a name plate, the person's own hand (and the room it
plays in), a pile, a card face up on the table, the table's buttons or the score panel,
nor what the step lights, nor an empty place the step points at or has the person drop
a card on (the trick's place when the person is to lead). It may lie over the backs of
the others' hands and the outlines of the other empty places (a meld's, a pair's, a
trick's place, an empty pile: they show nothing while the panel is up), and over the
log, the message line and the move banner's place (the table's caption saying what was
just done: where it is, or where the last one went), only where no other place is free,
and then over as little of them as it can; the banner and the table's toasts then keep
off the panel (:meth:`CoachLayout.messages_keep_off`), so a message is never under it.

To keep to it where the table is full (the larger text sizes, a small window), the
panel is tried, in this order, at each of its widths; a notch smaller at the larger text
sizes (type one size down, less room around the words and buttons); and with what the
last move did and the step's words in two, then three, pages, which a "More ›" button
turns (everything is still said aloud whole). The first of these that lies clear of all
that is kept in view wins; where none does, the one that covers least of it (see
:mod:`cardtable.ui.coach` for the weighing). The table lays its buttons anew at every
move, the coach's with them: the panel keeps its place unless its words, its size, what
it lights, the table's buttons, the plates, the score panel or the table's labels
changed.
"""

from __future__ import annotations

import pygame

from cardtable import i18n
from cardtable.i18n import N_, tr
from cardtable.ui import coach, theme
from cardtable.ui.coach import CoachPanel
from cardtable.ui.widgets import Button

#: the weight of an empty place's outline the step does not aim at (see :mod:`coach`):
#: the panel may lie on it, as on the backs of the others' hands
EMPTY = 3
#: the weight of the move banner's place (the caption saying what was just done): the
#: heaviest of what the panel may lie on, but under what it keeps in view (weighed as kept,
#: it pushed the panel onto Sixty-Six's plate and stock at 1280x720, with no clear place
#: left), since the banner keeps off the panel in turn (see messages_keep_off)
BANNER = 10
#: the page control, while the step's words are shown in pages: the next page, and from
#: the last the first again
MORE = N_("More ›")
FIRST = N_("‹ From the start")


class CoachLayout:
    """Part of :class:`cardtable.ui.scenes.lesson.LessonScene`: the panel's place and its
    buttons."""

    def _refresh_panel(self) -> None:
        """The panel laid anew only when what it shows or where it may lie changes: its
        words, its buttons, the step, the window, the language or the text size (not as
        the table goes busy and idle while the cards move); and when the table's labels
        change (they are known once drawn: a first step ready before the first frame is
        laid again, off them)."""
        ready = self.step_ready()
        if self.caption is not None:
            self._last_caption = self.caption[0]      # where the next one will go
        key = (self.coaching(), self.ended, self.coach.index, ready,
               tr(self.heading()), tr(self.words()), tr(self.note[0]) if self.note else None,
               tr(self.recap_now() or ""), self.show_keys(), self.size, i18n.language(),
               theme.text_scale(), getattr(self, "_page", 0), self._marks())
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
            self._page_words = None
            return
        heading, body, note = self.heading(), self.words(), self.note[0] if self.note else None
        recap = self.recap_now()
        keys = self.show_keys()
        panel = self.panel
        said = (self.coach.index, self.ended, tr(body) if body else "")
        if said != getattr(self, "_page_of", None):
            self._page_of, self._page = said, 0         # new words: their first page
        laid = self._sizes(labels, heading, body, note, recap, keys)
        panel.notch = notch = getattr(self, "_notch", 0)
        # the table lays its buttons anew as the moves come (the coach's with them): the
        # panel is placed again only when what it shows, or the window, has changed
        moment = (self.coach.index, self.ended, self.step_ready())
        sizes = [(size[0], size[6], size[2]) for size in laid]
        window = pygame.Rect((0, 0), self.size)
        shows = (moment, tuple(sizes), self.size, tr(heading), tr(body),
                 tr(note) if note else "", tr(recap) if recap else "",
                 # what it must keep off most: the lit things, the table's buttons, the
                 # plates, the score panel and the table's labels (a first step laid as the
                 # table opened kept off the plates as they were before their names were
                 # laid out, and off none of the labels, not drawn yet)
                 tuple((name, tuple(r)) for name, r in self.lit()),
                 tuple(tuple(w.rect) for w in self.form.widgets if w.visible),
                 tuple(tuple(self.plate_rect(seat, window))
                       for seat in range(self.match.n_players)),
                 tuple(self.score_panel_rect() or ()), self._marks())
        rect = panel.rect
        chosen = next((i for i, size in enumerate(laid) if (size[0], size[1], len(size[3]))
                       == (rect.width, notch, getattr(self, "_paged", 1))), None)
        if shows != getattr(self, "_placed_for", None) or chosen is None:
            # within a step the panel stays put unless it gains much by moving; a new step
            # (the table has changed) lays it where it covers least
            rect = panel.place(self.size, sizes, self._busy(self.score_panel_rect()),
                               stay=moment == getattr(self, "_placed_at", None))
            chosen = panel.chosen
            self._placed_at = moment
            self._placed_for = shows
        width, notch, _rank, pages, text, _rows, _height = laid[chosen]
        panel.notch = self._notch = notch
        self._paged = len(pages)
        self._page = min(self._page, len(pages) - 1)
        self._page_words = pages[self._page] if len(pages) > 1 else None    # (recap, words)
        # the buttons at the notch it was laid at (with the page control's words now)
        more = MORE if self._page < len(pages) - 1 else FIRST
        rows = self._button_rows(labels if len(pages) < 2 else
                                 [(more, self.more, "normal")] + labels, width)
        bh, gap = panel.button_height(), panel.button_gap()
        y = rect.top + text
        for row in rows:
            x = rect.left + panel.pad()
            for b in row:
                b.rect.topleft = (x, y)
                x += b.rect.width + gap
                self.form.add(b)
                self._coach_widgets.append(b)
            y += bh + gap
        self._buttons_top = rect.top + text

    def _sizes(self, labels, heading, body, note, recap, keys: bool) -> list[tuple]:
        """The panel at each width it may take, each notch (its own size first, one smaller
        at the larger text sizes) and the step's words whole or in pages, ranked in that
        order: (width, notch, rank, pages, height of the words, rows of buttons, height).
        Worked out again only when the words, the buttons or the window change."""
        panel = self.panel
        key = (tuple(tr(label) for label, _a, _s in labels), tr(heading),
               tr(body) if body else "", tr(note) if note else "",
               tr(recap) if recap else "", keys, self.size, i18n.language(),
               theme.text_scale())
        cached = getattr(self, "_sizes_for", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        kept = panel.notch
        laid = []
        for notch in panel.notches():
            panel.notch = notch
            bh, gap = panel.button_height(), panel.button_gap()
            for width in CoachPanel.widths(self.size):
                for split, share in enumerate((0, 2, 3)):
                    pages = self._pages(width, body, recap, share)
                    if share and len(pages) < 2:
                        continue
                    # paged, the page control reads "More ›" and, on the last page,
                    # "‹ From the start" (wider: in French it took a row more, and the
                    # panel's last button stood below its border): room for the wider
                    rows = max(len(self._button_rows(
                        labels if len(pages) < 2 else [(more, self.more, "normal")] + labels,
                        width)) for more in (MORE, FIRST))
                    text = max(panel.text_height(width, heading, part, note, told)
                               for told, part in pages)
                    laid.append((width, notch, notch + 2 * split, pages, text, rows,
                                 text + rows * (bh + gap) + panel.foot_height(width, keys)))
        panel.notch = kept
        self._sizes_for = (key, laid)
        return laid

    def _pages(self, width: int, body, recap, share: int) -> list[tuple[object, object]]:
        """What the last move did (``recap``) and the step's words (``body``) in pages of
        about a ``share``-th of their lines each, at the panel's notch and ``width``: each
        page's (recap, words), their lines joined by line breaks (a page wraps as it did
        whole); the two whole on one page when ``share`` is 0."""
        if not share or not body:
            return [(recap, body)]
        panel = self.panel
        _head, size, small = panel.sizes()
        inner = width - 2 * panel.pad()
        lines = [(True, line) for line in
                 (theme.wrap(recap, theme.font(small, True), inner) if recap else [])]
        lines += [(False, line) for line in theme.wrap(body, theme.font(size), inner)]
        per = max(2, -(-len(lines) // share))
        if len(lines) <= per:
            return [(recap, body)]
        pages = []
        while lines:
            # a page ends where a sentence does if one ends in its second half, else where
            # a clause does
            cut = min(per, len(lines))
            if cut < len(lines):
                for marks in ((".", "!", "?", ":"), (",", ";")):
                    ends = [i + 1 for i in range(per // 2, cut)
                            if lines[i][1].rstrip().endswith(marks)
                            or lines[i][0] != lines[i + 1][0]]
                    if ends:
                        cut = ends[-1]
                        break
            chunk, lines = lines[:cut], lines[cut:]
            said = [line for is_recap, line in chunk if is_recap]
            words = [line for is_recap, line in chunk if not is_recap]
            pages.append(("\n".join(said) or None, "\n".join(words)))
        return pages

    def more(self) -> None:
        """The page control: the next page of the step's words, or the first again."""
        pages = getattr(self, "_paged", 1)
        self._page = (getattr(self, "_page", 0) + 1) % max(1, pages)

    def panel_words(self) -> tuple[object, object]:
        """What the panel shows now, (what the last move did, the step's words): whole, or
        the page of them in view."""
        paged = getattr(self, "_page_words", None)
        return paged if paged is not None else (self.recap_now(), self.words())

    def _button_rows(self, labels, width: int) -> list[list[Button]]:
        """The panel's buttons in rows inside a panel ``width`` wide (at the panel's
        notch)."""
        panel = self.panel
        pad, gap, bh = panel.pad(), panel.button_gap(), panel.button_height()
        rows: list[list[Button]] = [[]]
        used = 0
        for label, action, style in labels:
            b = Button(label, action, style=style, size=panel.button_size())
            b.name = tr(label)
            b.rect = pygame.Rect(0, 0, min(width - 2 * pad,
                                           b.snug_width(theme.px(70 - 10 * panel.notch))), bh)
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

    def _hand_room(self) -> pygame.Rect:
        """The person's hand and the room it takes as it plays: the band it is dealt into,
        across the cards and a card's width either side of them (a card drawn, a card
        risen as it is lit or chosen); the whole band before the first card is there. The
        rest of the band, beside the hand, is felt the panel may lie on."""
        band = pygame.Rect(self.game.hand_band())
        hand = self.game.own_zones()[0]
        cards = [self._rest(s) for s in self.zones.get(hand, [])
                 if not s.hidden and not s.dragging]
        if not cards:
            return band
        span = cards[0].unionall(cards[1:])
        span.inflate_ip(2 * max(r.width for r in cards), 0)
        return pygame.Rect(span.left, band.top, span.width, band.height).clip(band)

    def _busy(self, scores: pygame.Rect | None) -> list[tuple[pygame.Rect, int]]:
        """What the panel should not cover, each with its weight (see :mod:`coach`): what
        the step lights (``LIT``); what it must leave in view (``KEEP``, the module's
        rule): the person's hand and its room, the name plates, the buttons, the score
        panel, the places the person acts on with the words under them, every card on the
        table but the backs of the others' hands (piles, won tricks, melds, the trick),
        the empty places the step aims at (:meth:`aimed_places`) and the table's labels;
        and, weighed by how much they matter, the backs of the others' hands, the other
        empty places (a place the person acts on among them, when it is empty), the words
        under empty places, the message line, the log and, most, the move banner (the
        caption shown, or where the last one went)."""
        keep = coach.KEEP
        mine = set(self.game.own_zones())
        # a button is there to be pressed (the coach's own are not in the form as it lays)
        busy = [(pygame.Rect(w.rect), keep) for w in self.form.widgets if w.visible]
        # the person's hand, where it is dealt before a card is there (none once the deal
        # is over: the room is the coach's last words')
        if not self.ended:
            busy.append((self._hand_room(), keep))
        # the cards where they come to rest (a card in flight is where it is going): the
        # person's and those face up on the table (a trick, the trump, the melds laid) kept
        # in view; the backs of the others' hands and of piles weigh less
        for s in self.sprites:
            if s.hidden or s.dragging:
                continue
            zone = s.zone or ""
            if zone.startswith("hand") and zone not in mine and not s.target_face_up:
                busy.append((self._rest(s), 3))     # a back of another's hand
            else:
                busy.append((self._rest(s), keep))
        # the empty places: an outline shows nothing while the panel is up, unless the step
        # points at it or the person is to drop a card on it
        empty, aimed = self.empty_places(), self.aimed_places()
        for rect in empty:
            busy.append((rect, keep if rect in aimed else EMPTY))
            # and under it, where a table writes what a place is (its name, a count)
            busy.append((pygame.Rect(rect.left - theme.px(30), rect.bottom,
                                     rect.width + theme.px(60), theme.px(30)), 2))
        # the places the person acts on (a stock, a discard pile) and what is written under
        # them (how many cards are left); one on an empty place weighs as the place does
        label = theme.px(30)
        for _row, targets in self.game.key_rows():
            for k in targets:
                rect = pygame.Rect(k.rect)
                on = next((r for r in empty if r.collidepoint(rect.center)), None)
                weight = keep if on is None or on in aimed else EMPTY
                busy.append((rect.inflate(theme.px(8), 0).union(rect.move(0, label)), weight))
        # the marks the table draws by its cards (a rummy's labels of groups and piles)
        busy += [(pygame.Rect(r), keep) for r in self._marks()]
        window = pygame.Rect((0, 0), self.size)
        busy += [(self.plate_rect(seat, window), keep) for seat in range(self.match.n_players)]
        busy += [(scores, keep)] if scores is not None else []
        busy.append((self.log_band(), 1))
        # the message line over the hand (the table's status, its refusals and hints)
        wide = min(theme.px(self.game.TOAST_WIDTH), self.size[0] - theme.px(80))
        line = pygame.Rect(0, 0, wide, theme.px(60))
        line.midbottom = (self.size[0] // 2, self.game.hand_band().top - theme.px(50))
        busy.append((line, 2))
        # the move banner (the caption saying what was just done: "You lay a pair: …"), where
        # it is, or where the last one went (BANNER: where the panel must lie on it, the
        # banner moves off the panel as it is shown, see messages_keep_off)
        said = self.caption[0] if self.caption is not None else \
            getattr(self, "_last_caption", None)
        if said is not None:
            busy.append((self.caption_rect(said, keep_off=False)[0], BANNER))
        # what the step lights weighs most: the panel never lies on it where it can help it
        busy += [(rect, coach.LIT) for _name, rect in self.lit()]
        return busy

    def messages_keep_off(self) -> list[pygame.Rect]:
        """The table's messages (the move banner, a toast) keep off the coach's panel while
        it is shown."""
        rect = self.panel.rect
        return [pygame.Rect(rect)] if rect.width > 0 and not self.covered() else []

    def _marks(self) -> tuple[tuple[int, ...], ...]:
        """The labels the table draws by its cards (a rummy's names of groups and piles), as
        last drawn."""
        return tuple(tuple(pygame.Rect(r)) for r in getattr(self.game, "marks", list)())

    def empty_places(self) -> list[pygame.Rect]:
        """The outlines of the table's empty places (a pile, a trick, a meld's or a pair's
        place with no card)."""
        out = []
        for (x, y), w, _angle, _label in self.game.slots():
            rect = pygame.Rect(0, 0, int(w), int(w * 1.4))
            rect.center = (int(x), int(y))
            out.append(rect)
        return out

    def aimed_places(self) -> list[pygame.Rect]:
        """The empty places the step now points at (what it lights lies on them) or asks
        the person to drop a card on (where the table lights a drop for a card of the
        step's move, as it does while the card is dragged): none until the step waits for
        the person."""
        if not self.coaching() or self.coach.step is None or not self.step_ready():
            return []
        aims = [rect for _name, rect in self.lit()]
        mine = {s.code: s for z in self.game.own_zones() for s in self.zones.get(z, [])
                if not s.hidden}
        for action in self.coach.step.expect:
            codes = [action.card] + list(action.cards or ()) + \
                [c for meld in action.melds or () for c in meld]
            for code in dict.fromkeys(c for c in codes if c in mine):
                aims += self.game.drop_targets(mine[code])
        return [rect for rect in self.empty_places() if rect.collidelist(aims) >= 0]

    def show_keys(self) -> bool:
        """The lesson's keys on the panel's last line: while the coach leads, once the
        keyboard is in use (a mouse player has the buttons, and a smaller panel)."""
        return self.coaching() and self.keys.shown

    def covered(self) -> bool:
        """Another screen stands over the table (the deal's summary, a question, the
        rules): the coach waits behind it rather than drawing over it."""
        return self.app is not None and self.app.top is not self
