"""Learn to play: a game's guided first deal on the real table, with a coach beside it.

The lesson (:mod:`cardtable.lessons`) is a deal and a script of steps. Its table is the
table every game is played on (:class:`TableScene`) with a :class:`LessonMatch`, whose
computers play the lesson's moves; the coach's panel (:mod:`cardtable.ui.coach`) says each
step, lights what it talks about (cards of the hand as a hint lights them, anything else
with a ring: a pile, a button, a seat) and puts the keyboard's focus where Enter makes the
step's move. A person's move goes through :meth:`LessonScene.try_action`: the rules refuse
what they refuse, in the table's own words; a legal move that is not the lesson's gets the
step's words, and another try. "Why?" says the rule behind the step, "Back" goes back a
step, "Play on my own" leaves the coach (the computers choose their own moves, hints come
back) and "Skip lesson" leaves. The lesson ends with its deal: the summary, then the
coach's last words. Nothing is saved and nothing counts in the statistics.
"""

from __future__ import annotations

import logging

import pygame

from cardtable import i18n, lessons
from cardtable.engine.core import Action, IllegalAction
from cardtable.i18n import N_, Msg, tr
from cardtable.lessons import LessonMatch
from cardtable.ui import coach, theme
from cardtable.ui.coach import CoachPanel
from cardtable.ui.hints import hint_cards
from cardtable.ui.scenes.table.scene import TableScene
from cardtable.ui.widgets import Button

log = logging.getLogger(__name__)

#: the person's name at a lesson's table
PERSON = N_("You")


class LessonScene(TableScene):
    """A lesson's deal at the table, with the coach."""

    def __init__(self, game_id: str, then: dict | None = None, **kwargs) -> None:
        lesson = lessons.lesson_for(game_id)
        if lesson is None:
            raise KeyError(f"{game_id} has no lesson")
        super().__init__(LessonMatch(lesson, tr(PERSON)), **kwargs)
        self.lesson = lesson
        self.coach = self.match.coach
        #: the setup the person was starting when the lesson was offered (its match follows)
        self.then = then
        self.panel = CoachPanel()
        #: a line under the coach's words: (text, bad) — a refusal, what a move did, why
        self.note: tuple[object, bool] | None = None
        self.ended = False
        self._spoken: int | None = None        # the step whose words were said
        self._focused: tuple | None = None     # (step, keyboard in use) the focus went to
        self._shown_key: tuple | None = None   # what the panel's buttons were laid for

    # ---- life cycle -----------------------------------------------------------------------
    def on_enter(self) -> None:
        super().on_enter()
        if self.app is not None:
            taken = dict(self.app.settings.get("lessons") or {})
            if taken.get(self.lesson.game_id) != "taken":
                taken[self.lesson.game_id] = "taken"
                self.app.set_setting("lessons", taken)

    def on_exit(self) -> None:
        super().on_exit()
        if self.app is not None and self._setting_changed in self.app.settings_listeners:
            self.app.settings_listeners.remove(self._setting_changed)
        self.match.close()

    def on_resume(self) -> None:
        super().on_resume()
        if self.ended:
            self.waiting = True          # the lesson's deal is over: nothing more is shown
            self.rebuild_controls()

    def _handle(self, event) -> float:
        hold = super()._handle(event)
        if getattr(event, "kind", "") == "deal_scored":
            # one deal: the next one the engine dealt is never shown
            self.timeline.queue.clear()
            self.ended = True
            self.coach.free()
            self.note = None
        return hold

    def my_turn(self) -> bool:
        return not self.ended and super().my_turn()

    # ---- what the coach says ----------------------------------------------------------
    def coaching(self) -> bool:
        """The coach leads (not once the person plays alone, nor after the deal)."""
        return self.coach.active and not self.ended

    def step_ready(self) -> bool:
        """The step now waits for the person (the computers' replies are shown)."""
        step = self.coach.step
        if step is None:
            return False
        if step.reading:
            return self.idle
        return self.my_turn() and not self.coach.pending

    def heading(self) -> Msg:
        if self.ended:
            return Msg("{title} · the end", title=Msg(self.lesson.title))
        return Msg("{title} · step {n} of {of}", title=Msg(self.lesson.title),
                   n=min(self.coach.index + 1, len(self.lesson.steps)),
                   of=len(self.lesson.steps))

    def words(self) -> object:
        """The coach's words now."""
        if self.ended:
            if not self.coach.finished:
                return N_("The deal is over. Play a match of your own, take the "
                          "lesson again, or go back to the menu.")
            last = N_("That is the whole lesson. Play a match of your own, take "
                      "the lesson again, or go back to the menu.")
            if self.lesson.end:
                return Msg("{end} {then}", end=Msg(self.lesson.end), then=Msg(last))
            return last
        if self.step_ready():
            return self.coach.step.say
        previous = self.coach.previous
        if previous is not None and previous.after:
            return previous.after
        return N_("Watch the other players.")

    def say_now(self, text) -> None:
        narrator = self.narrator
        if narrator is not None and text:
            narrator.say(tr(text))

    # ---- the frame ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.coaching():
            self._refresh_panel()
            return
        if self.step_ready():
            index = self.coach.index
            if self._spoken != index:
                self._spoken = index
                self.say_now(self.coach.step.say)
            self._light_hand()
            focus = (index, self.keys.shown)
            if self._focused != focus:
                self._focused = focus
                self._focus_move()
        self._refresh_panel()

    def _light_hand(self) -> None:
        """The step's cards of the hand glow and rise as a hint's do."""
        step = self.coach.step
        cards = {name[5:] for name in step.light if name.startswith("card:")}
        if "move" in step.light:
            for action in step.expect:
                cards |= hint_cards(action)
        mine = {s.code for z in self.game.own_zones() for s in self.zones.get(z, [])}
        self.hint_cards = cards & mine

    def _focus_move(self) -> None:
        """The keyboard's focus on the step's move (Enter makes it), or on Next. The move's
        only once the keyboard is in use: a game may choose the move's cards for the
        person to put the focus on its button, which a mouse player is to do."""
        step = self.coach.step
        if step.reading:
            self.keys.focus_on("button:" + tr(N_("Play on") if step.alone else N_("Next")))
            return
        if not self.keys.shown:
            return
        for action in step.expect:
            target = self.hint_target(action)
            if target is not None and self.keys.focus_on(target):
                return
        for name in step.light:          # a button the game makes its own step (asks twice)
            if name.startswith("button:") and self.keys.focus_on("button:" + tr(name[7:])):
                return

    def _refresh_panel(self) -> None:
        key = (self.coaching(), self.ended, self.coach.index, self.step_ready(),
               self.idle, str(tr(self.note[0])) if self.note else None, self.size,
               i18n.language(), theme.text_scale())
        if key != self._shown_key:
            self._shown_key = key
            self._lay_coach()

    # ---- lights -----------------------------------------------------------------------------
    def lit(self) -> list[tuple[str, pygame.Rect]]:
        """What the step lights now, each with its place on the screen."""
        step = self.coach.step
        if not self.coaching() or step is None or not self.step_ready():
            return []
        out: list[tuple[str, pygame.Rect]] = []
        for name in step.light:
            rects = self.light_rects(name, step)
            out += [(name, r) for r in rects]
        return out

    def light_rects(self, name: str, step) -> list[pygame.Rect]:
        """The places of one thing a step lights (see :mod:`cardtable.lessons`)."""
        if name == "move":
            out = []
            for action in step.expect:
                target = self.game.hint_focus(action) or self.button_for(action)
                k = self.keys.target(target) if target is not None else None
                if k is not None:
                    out.append(pygame.Rect(k.rect))
                else:
                    out += self._card_rects(hint_cards(action))
            return out
        if name == "scores":
            rect = self.score_panel_rect()
            return [pygame.Rect(rect)] if rect is not None else []
        if name.startswith("card:"):
            return self._card_rects({name[5:]})
        if name.startswith("button:"):
            b = self.button(name[7:])
            return [pygame.Rect(b.rect)] if b is not None and b.visible else []
        if name.startswith("plate:"):
            return [self.plate_rect(int(name[6:]), pygame.Rect((0, 0), self.size))]
        if name.startswith("zone:"):
            return [s.rect() for s in self.zones.get(name[5:], []) if not s.hidden]
        k = self.keys.target(name)
        return [pygame.Rect(k.rect)] if k is not None else []

    def _card_rects(self, codes: set[str]) -> list[pygame.Rect]:
        return [s.rect() for z in self.zones.values() for s in z
                if s.code in codes and not s.hidden]

    # ---- moves ------------------------------------------------------------------------------
    def try_action(self, action: Action | None, sprite=None) -> bool:
        """A person's move, judged by the coach first (see the module's docstring)."""
        if action is None or not self.coaching() or self.coach.step is None or \
                not self.my_turn():
            return super().try_action(action, sprite)
        step = self.coach.step
        if step.reading:
            self._refuse(N_("Read what the coach says, then press Next."), sprite)
            return False
        try:
            normal = self.match.state.normalise(action)
        except IllegalAction:
            return self._engine_refuses(action, sprite)
        verdict = self.coach.judge(self.match.state, normal)
        if verdict.kind == "engine":
            return self._engine_refuses(action, sprite)
        if verdict.kind == "other":
            self._refuse(verdict.words, sprite)
            return False
        if verdict.kind == "example":
            self._fly_back(sprite)
            self.coach.next(len(self.match.moves))
            self.note = (verdict.words, True)
            self.say_now(verdict.words)
            return False
        made = super().try_action(action, sprite)
        if made:
            self.coach.moved(len(self.match.moves))
            # what the move did, under the next step's words when nobody plays in between
            # (else it is the coach's words while the others play)
            self.note = (step.after, False) if step.after and not step.then else None
            self.say_now(step.after)
        return made

    def _engine_refuses(self, action: Action, sprite) -> bool:
        """The rules refuse it: the table's words (said as its toast is), shown in the
        coach's panel rather than over the table (one place for what the coach says)."""
        made = super().try_action(action, sprite)
        if not made and self.toast is not None:
            self.note = (self.toast[0], True)
            self.toast = None
        return made

    def _refuse(self, words, sprite) -> None:
        """Not the lesson's move: the step's words, said, and in red in the panel."""
        self._fly_back(sprite)
        self.note = (words, True)
        self.say_now(words)

    # ---- the coach's buttons ------------------------------------------------------------
    def why(self) -> None:
        step = self.coach.step if self.coaching() else None
        if step is None:
            return
        self.note = (step.why or step.say, False)
        self.say_now(self.note[0])

    def next_step(self) -> None:
        step = self.coach.step
        if step is None or not step.reading or not self.idle:
            return
        self.coach.next(len(self.match.moves))
        self.note = None
        if step.alone:
            self.play_alone()

    def can_go_back(self) -> bool:
        return self.coaching() and self.coach.index > 0 and self.idle and \
            not self.coach.pending and self.drag is None

    def step_back(self) -> None:
        """Back to the start of the step before: the deal as it was then."""
        if not self.can_go_back():
            return
        moves = self.coach.back()
        if moves is None:
            return
        self.drop_drag()
        self.match.rewind(moves)
        self.show_taken_back()
        self.toast = None
        self.note = None
        self._spoken = self._focused = None

    def play_alone(self) -> None:
        """Leave the coach: the rest of the deal is a normal one against the computers."""
        if not self.coaching():
            return
        self.coach.free()
        self.match.hints = True
        self.note = None
        self.hint_cards = set()
        self._legal_key = None          # the Hint button comes back
        self.say_now(N_("You play on alone: the computers choose their own moves now."))
        self.show_toast(N_("You play on alone: the computers choose their own moves now."),
                        4.0, kind="info")

    def skip_lesson(self) -> None:
        """Leave the lesson: for the match the person was starting, or the menu."""
        if self.app is None:
            return
        if self.then is not None:
            self.app.reset(self.app.build("menu"))
            self.app.start_match(self.then)
            return
        self.leave()

    def play_match(self) -> None:
        """After the lesson: a match of this game (the setup the person had made, or the
        game's setup screen)."""
        if self.app is None:
            return
        if self.then is not None:
            self.skip_lesson()
            return
        self.app.reset(self.app.build("menu"))
        self.app.open("setup", self.lesson.game_id)

    def again(self) -> None:
        if self.app is None:
            return
        self.app.replace(self.app.build("lesson", self.lesson.game_id, then=self.then))

    def leave(self) -> None:
        """Back to the main menu (the lesson is not kept)."""
        if self.app is None:
            return
        self.drop_drag()
        self.app.reset(self.app.build("menu"))

    def ask_leave(self) -> None:
        if self.app is None:
            return
        self.drop_drag()
        self.app.open("confirm", N_("Leave the lesson?"),
                      N_("You can take it again from Learn to play on the menu."),
                      N_("Leave"), self.leave, no=N_("Stay"))

    def coach_buttons(self) -> list[tuple[str, object, str]]:
        """(label, what it does, style) of the panel's buttons now."""
        if self.ended:
            return [(N_("Play a match"), self.play_match, "primary"),
                    (N_("Again"), self.again, "normal"),
                    (N_("Back to the menu"), self.leave, "quiet")]
        if not self.coaching():
            return []
        step = self.coach.step
        out: list[tuple[str, object, str]] = []
        if step is not None and step.alone:
            out.append((N_("Play on"), self.next_step, "primary"))
        elif step is not None and step.reading:
            out.append((N_("Next"), self.next_step, "primary"))
        out += [(N_("Why?"), self.why, "normal"), (N_("Back"), self.step_back, "normal"),
                (N_("Play on my own"), self.play_alone, "quiet"),
                (N_("Skip lesson"), self.skip_lesson, "quiet")]
        return out

    def rebuild_controls(self) -> None:
        super().rebuild_controls()
        self._coach_widgets: list[Button] = []
        self._lay_coach()

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
        if not labels:
            self.panel.rect = pygame.Rect(0, 0, 0, 0)
            return
        heading, body, note = self.heading(), self.words(), self.note[0] if self.note else None
        keys = self.coaching()
        laid = {}                   # the panel at each width it may take: (text, rows)
        for width in CoachPanel.widths(self.size):
            rows = self._button_rows(labels, width)
            laid[width] = (self.panel.text_height(width, heading, body, note), rows)
        bh, gap = theme.px(34), theme.px(8)
        sizes = [(width, text + len(rows) * (bh + gap) + self.panel.foot_height(width, keys))
                 for width, (text, rows) in laid.items()]
        scores = self.score_panel_rect()
        # within a step the panel stays put unless it gains much by moving; a new step
        # (the table has changed) lays it where it covers least
        moment = (self.coach.index, self.ended, self.step_ready())
        rect = self.panel.place(self.size, sizes, self._busy(scores),
                                stay=moment == getattr(self, "_placed_at", None))
        self._placed_at = moment
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
        """What the panel should not cover, each with its weight: what the step lights
        most, then the person's hand and plate, the others' plates and cards, the buttons,
        the panels and the places of the cards."""
        mine = set(self.game.own_zones())
        # a button is never to be covered where it can be helped: it is there to be pressed
        busy = [(pygame.Rect(w.rect), 12) for w in self.form.widgets]
        # the cards where they come to rest (a card in flight is where it is going)
        still = [s for s in self.sprites if not s.hidden and not s.dragging]
        # the cards: the person's and those on the table (a trick, the piles, laid melds)
        # weigh most; the backs of the others' hands less
        busy += [(self._rest(s), 3 if (s.zone or "").startswith("hand") and s.zone not in mine
                  else 6) for s in still]
        for (x, y), w, _angle, _label in self.game.slots():
            rect = pygame.Rect(0, 0, int(w), int(w * 1.4))
            rect.center = (int(x), int(y))
            busy.append((rect, 1))
            # and beside it, where a table writes what a place is (its name, a count)
            busy.append((rect.inflate(theme.px(200), theme.px(36)), 1))
        # the marks the table draws by its cards (a rummy's labels of groups and piles)
        busy += [(pygame.Rect(r), 2) for r in getattr(self.game, "marks", list)()]
        window = pygame.Rect((0, 0), self.size)
        busy += [(self.plate_rect(seat, window), 4 if seat == self.viewer else 3)
                 for seat in range(self.match.n_players)]
        busy += [(scores, 2)] if scores is not None else []
        busy.append((self.log_band(), 1))
        # the message line over the hand (the table's status, its refusals and hints)
        wide = min(theme.px(self.game.TOAST_WIDTH), self.size[0] - theme.px(80))
        line = pygame.Rect(0, 0, wide, theme.px(60))
        line.midbottom = (self.size[0] // 2, self.game.hand_band().top - theme.px(50))
        busy.append((line, 2))
        # what the step lights weighs most: the panel never lies on it where it can help it
        busy += [(rect, coach.LIT) for _name, rect in self.lit()]
        return busy

    # ---- keys and drawing ---------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.coaching():
            if event.key == pygame.K_y:
                self.why()
                return True
            if event.key == pygame.K_BACKSPACE:
                self.step_back()
                return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.panel.rect.width <= 0:
            return
        pulse = self.pulse(5.0)
        for name, rect in self.lit():
            if not name.startswith("card:") or not self._in_hand(name[5:]):
                coach.ring(surface, rect, pulse)
        note = self.note
        self.panel.draw(surface, self.heading(), self.words(), note[0] if note else None,
                        bool(note and note[1]), getattr(self, "_buttons_top", 0),
                        keys=self.coaching())
        self.form.draw(surface)        # the panel's buttons over it
        self.keys.draw(surface)

    def _in_hand(self, code: str) -> bool:
        return any(s.code == code for s in self.zones.get(f"hand{self.viewer}", []))

    def spoken_heading(self) -> str:
        return tr(Msg(self.lesson.title))
