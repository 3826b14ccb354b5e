"""The table's buttons (Menu, Undo, Hint, Rules, Last trick and the game's own), the legal
moves of the person to act, hints and undo."""

from __future__ import annotations

import pygame

from cardtable import i18n
from cardtable.engine.core import Action
from cardtable.i18n import N_, tr
from cardtable.ui import theme
from cardtable.ui.app import wake as app_wake
from cardtable.ui.hints import hint_cards, hint_text
from cardtable.ui.widgets import Button


class Controls:
    """Part of :class:`TableScene`: the buttons and what the person to act may do."""

    #: are the host's buttons for a seat it waits at shown (see host_buttons)?
    _host_buttons_shown = False

    def hint_offered(self) -> bool:
        """Is a hint offered now (the Hint button, the ? key)?"""
        return bool(self.settings.get("hint_button", True) and self.my_turn()
                    and not self.finished and self.match.hints)

    def no_hint_words(self) -> str:
        """Why the ? key gives no hint now, in a sentence (it did nothing without a word)."""
        if not self.match.hints:
            return N_("Hints are not given at this table.")
        if not self.settings.get("hint_button", True):
            return N_("Hints are turned off in Settings.")
        return N_("A hint is given on your turn.")

    def ask_hint(self) -> None:
        """Ask the hard computer player what it would do here (it thinks off this thread)."""
        if not self.hint_offered() or self._hint is not None:
            return
        self._hint = (self.match.request_hint(self.viewer), self._legal_key)
        self._hint[0].add_done_callback(lambda _f: app_wake())
        self.show_toast(N_("Thinking about a hint…"), 8.0, kind="info")
        self.toast_until_move()             # goes too if a move is made before the hint

    def _take_hint(self) -> None:
        if self._hint is None or not self._hint[0].done():
            return
        job, key = self._hint
        self._hint = None
        if key != self._legal_key:
            return  # the moment has passed
        action, reason = job.result()
        if action is None:
            return
        self.hint_cards = hint_cards(action)
        self.show_toast(hint_text(action, reason, self.match.names(), self.game.STOCK_WORD,
                                  game=self.game), 6.0, kind="info")
        self.toast_until_move()
        self.keys.release()         # a card held with Space would be put down by Enter
        self.keys.focus_on(self.hint_target(action) or "")

    def hint_target(self, action: Action) -> str | None:
        """The key target where Enter does what the hint says (the focus goes there): where
        the game puts it (a pile to draw from, a rummy's way out), else the button of that
        move, else the card hinted at, in the hand or wherever else the game keeps the
        person's cards (a rummy's groups being built). None: nowhere (the focus stays, and
        Enter does not do something else the person did not ask for)."""
        name = self.game.hint_focus(action) or self.button_for(action)
        if name is not None:
            return name
        hinted = (s for z in self.game.own_zones() for s in self.zones.get(z, [])
                  if s.code in self.hint_cards)
        first = next(hinted, None)
        return None if first is None else f"card{first.id}"

    def button_for(self, action: Action) -> str | None:
        """The key target of the game's button that makes ``action`` now, if one is shown."""
        name = next((n for n, act in self.control_actions.items() if act == action), None)
        return None if name is None else f"button:{name}"

    def can_undo(self) -> bool:
        m = self.match
        return (not self.hotseat and m.undo_seat is not None and m.undo_seat == self.viewer
                and not self.finished and self.drag is None and m.can_undo())

    def why_no_undo(self) -> str | None:
        """Why the person's Undo is greyed now, in a sentence (shown when the pointer rests
        on it, said with its name when it has the focus); None when nothing needs saying."""
        m = self.match
        if self.hotseat or m.undo_seat is None or self.finished or m.is_over:
            return None
        mine = [i for i, (seat, _a, _e) in enumerate(m.history) if seat == self.viewer]
        if not mine:
            return N_("Nothing to take back yet: you have not played in this deal.")
        return N_("Your last move can no longer be taken back: new cards have been seen "
                  "since.")

    def _draw_why_not(self, surface) -> pygame.Rect | None:
        """Under a greyed button the pointer rests on (Undo), why it cannot be used."""
        pointer = self.pointer
        # by the pointer, not the widget's hover: the buttons are made anew as moves come
        w = next((w for w in self.form.widgets if getattr(w, "why_not", None) is not None
                  and not w.enabled and pointer is not None and w.contains(pointer)), None)
        if w is None:
            return None
        if self.toast is not None and tr(self.toast[0]) == tr(w.why_not):
            return None     # pressed: the message says it already (the pill hid a name plate)
        width = min(theme.px(360), surface.get_width() - theme.px(40))
        rect = self._pill_box(w.why_not, theme.px(14), width=width).get_rect(
            topleft=(w.rect.left, w.rect.bottom + theme.px(6)))
        rect.right = min(rect.right, surface.get_width() - theme.px(8))
        return self.pill(surface, w.why_not, rect.topleft, theme.px(14), 255, width=width,
                         anchor="topleft")

    def undo(self) -> bool:
        """Take back the person's last move (against computers, when it reveals nothing)."""
        if not self.can_undo():
            if self.match.undo_seat is not None and not self.hotseat:
                self.show_toast(N_("That move can no longer be taken back: "
                                   "new cards have been seen since."))
            elif not self.finished:
                # several people at the table (sharing this computer, or over the
                # network): Ctrl+Z did nothing and said nothing
                self.show_toast(N_("Undo is for playing alone against computers: it is off "
                                   "at this table."), 3.2, kind="info")
            return False
        self.drop_drag()
        self.match.undo()
        self.show_taken_back()
        self.say(N_("Move taken back."))
        self.show_toast(N_("Move taken back."), 1.6, kind="info")
        return True

    def show_taken_back(self) -> None:
        """The table as the match is after moves were taken back: nothing left to show of
        what was played since, every card where the match has it now."""
        self.timeline.queue.clear()
        self.timeline.wait = 0.0
        self.clear_zones()
        self.game.sync(self.match.view(self.viewer))
        self.relayout(0.0)
        self.turn = self.match.to_act
        self._legal_key = None
        self.caption = None
        self.log.clear()            # the log says the deal as it is again, nothing undone
        self.log_match_so_far(spoken=False)

    def refresh_legal(self) -> None:
        mine = self.my_turn()
        # the host's buttons, made as the match came to a friend's seat, are laid out again
        # once the cards are at rest (they keep clear of where the cards were going then);
        # every button again in another language (the host's said its words in the language
        # they were made in, and the buttons' widths were those of its words)
        key = (len(self.match.moves), mine, self.viewer, self.match.state.deal_no,
               self.secret_for, self._host_buttons_shown and self.settled, i18n.language())
        if key != self._legal_key:
            self._legal_key = key
            self.legal = self.match.legal_actions() if mine else []
            self.playable = self.game.playable(self.legal)
            self._hint = None
            self.hint_cards = set()
            self._drop_move_toast()
            self.rebuild_controls()
        hand = self.zones.get(f"hand{self.viewer}", [])
        for s in hand:
            legal = mine and s.code in self.playable
            s.glow = legal and not s.dragging
            s.dim = mine and not legal and s.code is not None
            if s.dragging:
                s.lift_target = 1.0
            elif s is self.hover and self.drag is None:
                s.lift_target = 1.0 if (legal or not mine) else 0.35
            else:
                s.lift_target = 0.3 if legal else 0.0
        self.game.mark_hand(hand, mine)
        if self.hint_cards and mine:
            for s in hand:
                if s.code in self.hint_cards and not s.dragging:
                    s.glow = True
                    s.lift_target = 1.0

    def rebuild_controls(self) -> None:
        if self.app is None:
            return
        self.form.clear()
        w, h = self.size
        bh = theme.px(38)
        size = theme.SMALL + 1
        menu = Button("Menu", self.leave, style="quiet", size=size)
        menu.rect = pygame.Rect(theme.px(14), theme.px(12), menu.snug_width(theme.px(92)),
                                theme.px(34))
        self.form.add(menu)
        if not self.hotseat and self.match.undo_seat is not None:
            undo = Button("Undo", self.undo, style="quiet", size=size)
            undo.rect = pygame.Rect(menu.rect.right + theme.px(8), menu.rect.top,
                                    undo.snug_width(theme.px(92)), theme.px(34))
            undo.enabled = self.can_undo()
            undo.why_not = None if undo.enabled else self.why_no_undo()
            undo.on_why_not = lambda why: self.show_toast(why, 3.2, kind="info")
            undo.name = "Undo"
            self.form.add(undo)
        if self.hint_offered():
            hint = Button("Hint", self.ask_hint, style="quiet", size=size)
            left = max(w_.rect.right for w_ in self.form.widgets)
            hint.rect = pygame.Rect(left + theme.px(8), menu.rect.top,
                                    hint.snug_width(theme.px(92)), theme.px(34))
            hint.name = "Hint"
            self.form.add(hint)
        # where the row of Menu, Undo and Hint may reach (Hint comes and goes with the turn:
        # the name plates keep clear of the whole row so they never jump)
        self.top_row = pygame.Rect(menu.rect.topleft, (0, menu.rect.height))
        self.top_row.width = sum(Button(label, None, style="quiet", size=size).snug_width(
            theme.px(92)) + theme.px(8) for label in ("Menu", "Undo", "Hint"))
        last = Button("Last trick", self.toggle_review, style="quiet", size=size)
        last.rect = pygame.Rect(0, 0, last.snug_width(theme.px(124)), theme.px(34))
        last.rect.bottomright = (w - theme.px(14), h - theme.px(12))
        last.enabled = self.game.last_trick() is not None
        last.name = "Last trick"
        if self.game.REVIEW:
            self.form.add(last)
            self.last_button = last
        # the rules of this game, in the bottom right corner (beside Last trick), clear of
        # the hand, the name plates and the seats along the top
        rules = Button("Rules", self.show_rules, style="quiet", size=size)
        rules.rect = pygame.Rect(0, 0, rules.snug_width(theme.px(92)), theme.px(34))
        right = last.rect.left - theme.px(8) if self.game.REVIEW else w - theme.px(14)
        rules.rect.bottomright = (right, h - theme.px(12))
        rules.name = "Rules"
        self.form.add(rules)
        # a hosted table waiting at a seat: a friend who has not come, or who is silent at
        # their turn: the host may let a computer play the seat meanwhile, or send them away
        # (in the top left corner, laid out once the rest is: see _lay_host_buttons)
        hosts = []
        for label, action, name in self.host_buttons():
            button = Button(i18n.tr(label), action, style="normal", size=size)
            button.rect = pygame.Rect(0, 0, button.snug_width(theme.px(160)), theme.px(34))
            button.name = name
            self.form.add(button)
            hosts.append(button)
        actions = self.game.controls(self.legal)
        self.control_actions = {}     # each game button's move, by its name (a hint's focus)
        if actions:
            buttons = []
            for label, action, *extra in actions:
                # an Action goes to the engine; a callable is the game's own (local) step
                style = extra[0] if extra else "normal"
                cb = action if callable(action) else lambda a=action: self.try_action(a)
                b = Button(label, cb, style=style, size=size)
                b.name = i18n.tr(label)   # the button as shown (keys and tests find it so)
                self.control_actions[b.name] = action
                buttons.append(b)
            widths = [max(theme.px(120), b.preferred_width()) for b in buttons]
            gap = theme.px(12)
            total = sum(widths) + gap * (len(buttons) - 1)
            band = self.game.hand_band()
            y = band.top - bh - theme.px(6)
            origin = self.game.controls_origin(total, bh)
            if origin is not None:
                x, y = origin
                for b, bw in zip(buttons, widths, strict=True):
                    b.rect = pygame.Rect(x, y, bw, bh)
                    x += bw + gap
                    self.form.add(b)
            else:
                self._lay_controls(buttons, widths, y, bh, gap)
        self._host_buttons_shown = bool(hosts)
        if hosts:
            self._lay_host_buttons(hosts, menu.rect)
        self.form.focus(None)

    #: the least room (px at 1280x720) between the host's buttons and a plate (its glow
    #: at the seat's turn), the score panel or another button; and a card, pile or mark
    HOST_CLEAR, HOST_CARD_CLEAR = 8, 4

    def _lay_host_buttons(self, buttons: list[Button], menu: pygame.Rect) -> None:
        """The host's buttons where they meet nothing (a plate, a card or pile, the score
        panel, another button): beside Menu, in the room Undo and Hint leave (neither is
        offered over a network); else one under another below Menu, each going down past
        what it would meet, above the middle of the window; else in a row above the hand,
        where the person's own buttons stand at their turn (it is a friend's turn). They
        come and go with the seat's state, so they make room and the plates and cards stay
        put: beside Menu, "Let a computer play for ..." touched Sixty-Six's top plate at
        normal text size, and with "Send ... away" beside it reached over the top plates
        and cards of the other games. Where no place is free, beside Menu."""
        gap, near = theme.px(self.HOST_CLEAR), theme.px(self.HOST_CARD_CLEAR)
        ours = {id(b) for b in buttons}
        keep_off = [r.inflate(2 * near, 2 * near) for r in self.laid_rects()]
        bounds = pygame.Rect((0, 0), self.size)
        panel = self.score_panel_rect()
        keep_off += [r.inflate(2 * gap, 2 * gap) for r in (
            *(self.plate_rect(seat, bounds) for seat in range(self.match.n_players)),
            *([] if panel is None else [panel]),
            *(pygame.Rect(b.rect) for b in self.form.widgets
              if id(b) not in ours and b.visible and b.rect.width > 0))]
        window = pygame.Rect((0, 0), self.size).inflate(-2 * theme.px(8), -2 * theme.px(8))

        def clear(rects: list[pygame.Rect]) -> bool:
            return all(window.contains(r) and r.collidelist(keep_off) < 0 for r in rects)

        beside = self._host_row(buttons, menu.right + theme.px(8), menu.top)
        for rects in (beside, self._host_column(buttons, menu, keep_off),
                      self._host_row_above_hand(buttons)):
            if rects is not None and clear(rects):
                break
        else:
            rects = beside
        for b, rect in zip(buttons, rects, strict=True):
            b.rect = rect

    @staticmethod
    def _host_row(buttons: list[Button], x: int, y: int) -> list[pygame.Rect]:
        out = []
        for b in buttons:
            out.append(pygame.Rect(x, y, b.rect.width, b.rect.height))
            x = out[-1].right + theme.px(8)
        return out

    def _host_column(self, buttons: list[Button], menu: pygame.Rect,
                     keep_off: list[pygame.Rect]) -> list[pygame.Rect] | None:
        """The buttons one under another from below Menu, each below what it would meet;
        None where one would reach past the middle of the window."""
        out = []
        y = menu.bottom + theme.px(8)
        for b in buttons:
            rect = pygame.Rect(menu.left, y, b.rect.width, b.rect.height)
            hit = [r for r in keep_off if rect.colliderect(r)]
            while hit:
                rect.top = max(r.bottom for r in hit)
                hit = [r for r in keep_off if rect.colliderect(r)]
            if rect.bottom > self.size[1] // 2:
                return None
            out.append(rect)
            y = rect.bottom + theme.px(8)
        return out

    def _host_row_above_hand(self, buttons: list[Button]) -> list[pygame.Rect]:
        """The buttons as the game's own are laid above the hand, their lower edge where
        the game's is (above those, if the game shows some at another's turn: a rummy's
        Arrange for me), each row as tall as the host's buttons are elsewhere."""
        bh = max(b.rect.height for b in buttons)
        tops = [b.rect.top for b in self.form.widgets if b.name in self.control_actions]
        y = min([self.game.hand_band().top - bh - theme.px(6)]
                + [top - bh - theme.px(8) for top in tops])
        kept = [pygame.Rect(b.rect) for b in buttons]
        widths = [b.rect.width for b in buttons]
        bounds = pygame.Rect((0, 0), self.size)
        clear = 2 * theme.px(self.HOST_CLEAR)
        plates = tuple(self.plate_rect(seat, bounds).inflate(clear, clear)
                       for seat in range(self.match.n_players))
        self._lay_controls(buttons, widths, y, bh, theme.px(12), add=False, clear_of=plates)
        out = [pygame.Rect(b.rect) for b in buttons]
        for b, rect in zip(buttons, kept, strict=True):
            b.rect = rect
        return out

    def laid_rects(self) -> list[pygame.Rect]:
        """The cards on the table, each where it comes to rest, the outlines of the empty
        piles and the marks the table draws by them (a rummy's groups' labels)."""
        out = []
        for sprites in self.zones.values():
            for s in sprites:
                if s.hidden:
                    continue
                x, y, angle, width = s.target
                size = (width, width * 1.4) if int(round(angle)) % 180 != 90 else \
                    (width * 1.4, width)
                rect = pygame.Rect((0, 0), (int(size[0]), int(size[1])))
                rect.center = (int(round(x)), int(round(y)))
                out.append(rect)
        for (x, y), width, _angle, _label in self.slots_now():
            rect = pygame.Rect(0, 0, int(width), int(width * 1.4))
            rect.center = (int(x), int(y))
            out.append(rect)
        out += [pygame.Rect(r) for r in getattr(self.game, "marks", list)()]
        return out

    def _lay_controls(self, buttons: list[Button], widths: list[int], y: int, bh: int,
                      gap: int, add: bool = True, clear_of: tuple = ()) -> None:
        """The game's buttons centred above the hand, inside the span the game leaves free
        (its piles); a row too wide for it goes on in a second row above. Added to the
        form unless not ``add`` (placed only); clear of the rects ``clear_of`` too."""
        span = left, right = self.game.controls_span(y, bh)
        # clear of the log (bottom right) and the person's own plate, where the row meets
        # them: a long row (French, larger text) goes on in a second row instead
        for rect in (self.log_band(), self.plate_rect(self.viewer, pygame.Rect((0, 0),
                                                                               self.size)),
                     *clear_of):
            if rect.top < y + bh and rect.bottom > y:
                if rect.centerx > self.size[0] // 2:
                    right = min(right, rect.left - gap)
                else:
                    left = max(left, rect.right + gap)
        if right - left < max(widths):
            left, right = span         # no room between them for even one button
        rows: list[list[int]] = [[]]
        used = 0
        for i, bw in enumerate(widths):
            if rows[-1] and used + gap + bw > right - left:
                rows.append([])
                used = 0
            used += (gap if rows[-1] else 0) + bw
            rows[-1].append(i)
        w = self.size[0]
        for r, row in enumerate(rows):
            total = sum(widths[i] for i in row) + gap * (len(row) - 1)
            x = max(left, min(w // 2 - total // 2, right - total))
            top = y - (len(rows) - 1 - r) * (bh + theme.px(8))
            for i in row:
                buttons[i].rect = pygame.Rect(x, top, widths[i], bh)
                x += widths[i] + gap
                if add:
                    self.form.add(buttons[i])

    def button(self, name: str) -> Button | None:
        name = i18n.tr(name)    # a label as the game gave it (a Msg) or as shown
        for w in self.form.widgets:
            if w.name == name:
                return w
        return None

    def leave(self) -> None:
        """Back to the main menu; the match stays in progress (Continue)."""
        if self.app is None:
            return
        self.drop_drag()
        if self.hotseat and not self.finished:
            self.conceal()              # whoever presses Continue sees the hand-over first
            self.last_person = None
        if len(self.app.stack) > 1 and self.app.stack[-1] is self:
            self.app.pop()
        else:
            self.app.replace(self.app.build("menu"))

    def show_rules(self) -> None:
        """The rules of this table's game, over the table (Esc comes back to it)."""
        if self.app is None:
            return
        self.drop_drag()
        self.app.open("rules", self.match.game_id)

    def ask_leave(self) -> None:
        """Esc with nothing left to cancel: leave for the menu after a question (the match
        is kept, but a stray Esc should not take the person away from their cards)."""
        if self.app is None:
            return
        if self.finished:
            self.leave()
            return
        self.drop_drag()
        self.app.open("confirm", N_("Leave the table?"),
                      N_("The match is kept: Continue on the menu brings you back to it."),
                      N_("Go to the menu"), self.leave, no=N_("Stay"))

    def show_move_toast(self, text) -> None:
        """A message about the move to make now (how to play a card): it goes once a move
        is made, as a hint's does."""
        self.show_toast(text, kind="info")
        self.toast_until_move()

    def toast_until_move(self) -> None:
        """The toast shown now goes once a move is made (any move, by anybody)."""
        self._move_toast = self.toast
        self._move_toast_at = len(self.match.moves)

    def _drop_move_toast(self) -> None:
        """A move made (the hint's or another): a message about it goes too (a hint's stayed
        up through the other players' moves, naming a card no longer held)."""
        shown = self._move_toast
        if shown is None or len(self.match.moves) == self._move_toast_at:
            return              # no move since (the legal moves were only looked at anew)
        if self.toast is shown:
            self.toast = None
        self._move_toast = None

    def clear_hint(self) -> bool:
        """Forget the hint shown (or asked for); False when there was none."""
        had = bool(self.hint_cards) or self._hint is not None
        self._hint = None
        self.hint_cards = set()
        if had and self.toast is not None and self.toast[3] == "info":
            self.toast = None
        return had

    def toggle_review(self) -> None:
        self.review = not self.review and self.game.last_trick() is not None
