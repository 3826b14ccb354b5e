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

A lesson's deal is practice, played on alone or not: it is never saved, so it never takes
the place of the match in progress, which Continue resumes as it was. Leaving the deal
before its end (the table's Menu, as Esc) asks first and says the deal is not kept.
"""

from __future__ import annotations

import logging

import pygame

from cardtable import lessons
from cardtable.engine.core import Action, IllegalAction
from cardtable.i18n import N_, Msg, NMsg, and_list, tr
from cardtable.lessons import LessonMatch
from cardtable.ui import coach
from cardtable.ui.coach import CoachPanel
from cardtable.ui.hints import hint_cards
from cardtable.ui.scenes.lesson_panel import CoachLayout
from cardtable.ui.scenes.table.scene import TableScene
from cardtable.ui.widgets import Button

log = logging.getLogger(__name__)

#: the person's name at a lesson's table
PERSON = N_("You")


class LessonScene(CoachLayout, TableScene):
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
        #: a line under the coach's words: (text, bad) — a refusal, a mistake shown, why
        self.note: tuple[object, bool] | None = None
        #: what the last move did (a step's ``after``), the step it is shown at (above that
        #: step's words once the table has shown the move and its replies) and whether it
        #: was a mistake (a mistake shown on purpose: why it is one, in red)
        self.recap: tuple[object, int, bool] | None = None
        self.ended = False
        self._spoken: tuple | None = None       # what was said last: (step, ready, watching)
        self._focused: tuple | None = None     # (step, keyboard in use) the focus went to
        self._shown_key: tuple | None = None   # what the panel was laid for
        #: the heading and words last shown while they were current: kept while the table
        #: shows the person's own move (the next step's words wait for the cards)
        self._frozen: tuple[object, object] | None = None

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
            # Enter goes on to a match of the game (Tab and arrows reach the others)
            self.keys.focus_on("button:" + tr(N_("Play a match")))
            if self._spoken != ("end",):
                # the summary is closed: the coach's last words, now they are in view
                self._spoken = ("end",)
                recap = self.recap_now()
                self.say_now(" ".join(([tr(recap)] if recap else []) + [tr(self.words())]),
                             interrupt=False)

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

    @property
    def coached(self) -> bool:      # type: ignore[override]
        """The coach's panel is up (its steps or its end): it says what to do, so the
        table's own line of what to do now is not drawn beside it."""
        return self.panel.rect.width > 0 and (self.coaching() or self.ended)

    def step_ready(self) -> bool:
        """The step now waits for the person: the computers' replies are shown and every
        card has come to rest (what the last move did is there to be seen)."""
        step = self.coach.step
        if step is None or not self.settled or self.coach.pending:
            return False
        return step.reading or self.my_turn()

    def replying(self) -> bool:
        """The lesson's computers are making the replies of the step just done (the words
        stay until the table has shown the last of them)."""
        return self.coaching() and bool(self.coach.pending)

    def watching(self) -> object:
        """The words while the computers reply: the step's own, or who plays."""
        step = self.coach.previous
        if step is not None and step.watch:
            return step.watch
        index = self.coach.index
        if getattr(self, "_watchers", (None,))[0] != index:
            # who makes the replies still to come, found once (the words stay as they play)
            state, seats = self.match.state.clone(), []
            for move in self.coach.pending:
                if state.current_player not in seats:
                    seats.append(state.current_player)
                try:
                    state.apply(state.normalise(move))
                except IllegalAction:       # (the lesson's computers will play their own)
                    break
            self._watchers = (index, [self.match.seats[s].name for s in seats])
        names = self._watchers[1]
        return NMsg("Watch the table: {names} plays.", "Watch the table: {names} play.",
                    len(names), names=and_list(names))

    def recap_now(self) -> object | None:
        """What the last move did, once the table shows it (None: nothing to say)."""
        if self.recap is None or self.recap[1] != self.coach.index:
            return None
        if self.ended or self.step_ready():
            return self.recap[0]
        return None

    def heading(self) -> Msg:
        if self.ended:
            return Msg("{title} · the end", title=Msg(self.lesson.title))
        if not self.live() and self._frozen is not None:
            return self._frozen[0]
        return self.step_heading()

    def step_heading(self) -> Msg:
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
        if self.replying():
            return self.watching()
        if self._frozen is not None:
            return self._frozen[1]
        step = self.coach.step      # (the first deal is being dealt: the panel waits)
        return step.say if step is not None else ""

    def live(self) -> bool:
        """The coach's words are those of the moment (not kept from before while the table
        catches up with the person's own move)."""
        return self.ended or self.step_ready() or self.replying()

    def say_now(self, text, interrupt: bool = True) -> None:
        """Say ``text``: at once (an answer to what the person did), or after what is being
        said (``interrupt`` False: the table's own sentences of the moves come first)."""
        narrator = self.narrator
        if narrator is not None and text:
            narrator.say(tr(text), interrupt)

    # ---- the frame ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.coaching():
            self._refresh_panel()
            return
        if self.live():
            self._frozen = (self.step_heading(), self.words())
        # said once the person's own move has been shown (and said): then the others play
        if self.replying() and self.idle and self._spoken != (self.coach.index, False, True):
            self._spoken = (self.coach.index, False, True)
            self.say_now(self.watching(), interrupt=False)
        if self.step_ready():
            index = self.coach.index
            if self._spoken != (index, True, False):
                self._spoken = (index, True, False)
                recap = self.recap_now()
                said = [tr(recap)] if recap else []
                self.say_now(" ".join(said + [tr(self.coach.step.say)]), interrupt=False)
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
            # why it is a mistake, first (it answers the press), then the next step
            self.note = None
            self.recap = (verdict.words, self.coach.index, True)
            self.say_now(verdict.words)
            # the next step's words follow the refusal (said when the step is ready)
            self._spoken = (self.coach.index, True, False)
            self.say_now(self.coach.step.say if self.coach.step else "", interrupt=False)
            return False
        made = super().try_action(action, sprite)
        if made:
            self.coach.moved(len(self.match.moves))
            self.note = None
            # what the move did, said once the table has shown it and the replies (above
            # the next step's words, or the coach's last ones)
            self.recap = (step.after, self.coach.index, False) if step.after else None
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
        """Not the lesson's move: the step's words, said, and in red in the panel (the
        table's own message about the card, "click it again to play it", goes: the coach's
        answer is the one that counts)."""
        self._fly_back(sprite)
        self.toast = None
        self.note = (words, True)
        self.say_now(words)

    # ---- the coach's buttons ------------------------------------------------------------
    def why(self) -> None:
        """Why this step's move, here (only once the step is there to be read: not while
        the table still shows the moves before it)."""
        step = self.coach.step if self.coaching() else None
        if step is None or not self.step_ready():
            return
        self.note = (step.why or step.say, False)
        self.say_now(self.note[0])

    def next_step(self) -> None:
        step = self.coach.step
        if step is None or not step.reading or not self.idle:
            return
        self.coach.next(len(self.match.moves))
        self.note = None
        self.recap = None
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
        self.recap = None
        # the step gone back to is said as the table shows the deal taken back
        self._frozen = (self.step_heading(), self.coach.step.say)
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
        self.to_menu()

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
        """The table's Menu: while the deal goes on, asked first as Esc asks (the deal is
        not kept, unlike a match's); once it is over, back to the menu."""
        if self.ended:
            self.to_menu()
        else:
            self.ask_leave()

    def to_menu(self) -> None:
        """Back to the main menu (the lesson is not kept)."""
        if self.app is None:
            return
        self.drop_drag()
        self.app.reset(self.app.build("menu"))

    def ask_leave(self) -> None:
        if self.app is None:
            return
        self.drop_drag()
        # the match in progress (if any) is untouched: a lesson is never saved
        detail = N_("This practice deal is not kept. Your match in progress stays as it "
                    "was: Continue on the menu goes back to it.") \
            if self.app.has_match_in_progress() else \
            N_("This practice deal is not kept. You can take the lesson again from Learn "
               "to play on the menu.")
        self.app.open("confirm", N_("Leave the lesson?"), detail, N_("Leave"), self.to_menu,
                      no=N_("Stay"))

    def coach_buttons(self) -> list[tuple[str, object, str]]:
        """(label, what it does, style) of the panel's buttons now."""
        if self.ended:
            return [(N_("Play a match"), self.play_match, "primary"),
                    (N_("Again"), self.again, "normal"),
                    (N_("Back to the menu"), self.to_menu, "quiet")]
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
        self._mistake_at_once()
        self._coach_widgets: list[Button] = []
        self._lay_coach()

    def _mistake_at_once(self) -> None:
        """At a step that shows a move as a mistake, a move the game's table would ask
        about first (a claim below 66 waits for a second press) is made at its first
        press, by its button or its key: the coach refuses it at once, with why, rather
        than the person having to press again to hear it."""
        step = self.coach.step if self.coaching() else None
        self.asks_twice = step is None or not step.example

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
        covered = self.covered()
        for b in getattr(self, "_coach_widgets", ()):
            b.visible = not covered         # its buttons wait behind the screen too
        super().draw(surface)
        if self.panel.rect.width <= 0 or covered:
            return
        pulse = self.pulse(5.0)
        for name, rect in self.lit():
            if not name.startswith("card:") or not self._in_hand(name[5:]):
                coach.ring(surface, rect, pulse)
        note = self.note
        recap, words = self.panel_words()
        self.panel.draw(surface, self.heading(), words, note[0] if note else None,
                        bool(note and note[1]), getattr(self, "_buttons_top", 0),
                        keys=self.show_keys(), recap=recap,
                        recap_bad=bool(self.recap and self.recap[2]))
        self.form.draw(surface)        # the panel's buttons over it
        self.keys.draw(surface)

    def _in_hand(self, code: str) -> bool:
        return any(s.code == code for s in self.zones.get(f"hand{self.viewer}", []))

    def spoken_heading(self) -> str:
        return tr(Msg(self.lesson.title))
