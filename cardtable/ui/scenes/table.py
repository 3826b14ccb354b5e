"""The card table: the one scene every game is played in.

The scene owns the sprites, the zones they lie in, the queue of engine events being
animated, the input (drag a card to the table, or double-click it; drag within the hand
to re-order), the name plates, score panel, log, captions and toasts. What is particular
to a game (geometry, what each event moves, what a drop means) lives in its
:mod:`cardtable.ui.tables` module.

After each deal the table pushes the shell's summary scene, built with
``SummaryScene.for_table(table, event)`` (or ``SummaryScene(table, event)``), where
``event`` is the ``deal_scored`` data as the viewer sees it and ``table.match`` holds the
seats and ``state.score_sheet``; popping it resumes the table. At the end of the match it
pushes ``MatchEndScene.for_table(table, event)`` with the ``match_over`` data.

The engine is always ahead of the picture: a move is applied at once, and its events are
queued and animated one after another. A human may act only when the queue is empty; a
computer's move is asked for (``match.poll``) only then, so its pause starts once the
previous move has been seen. A click while cards are moving skips ahead.
"""

from __future__ import annotations

import math
from collections import deque

import pygame

from cardtable import i18n
from cardtable.engine.core import Action, DealResult, IllegalAction
from cardtable.i18n import N_, Msg
from cardtable.match import Match
from cardtable.ui import session, theme
from cardtable.ui.app import sooner
from cardtable.ui.app import wake as app_wake
from cardtable.ui.cardart import CardArt
from cardtable.ui.felt import Felt
from cardtable.ui.hints import hint_cards, hint_text
from cardtable.ui.keyboard import Keyboard
from cardtable.ui.lru import LRU
from cardtable.ui.scene import Scene
from cardtable.ui.sound import Sounds
from cardtable.ui.sprites import CardSprite, SpriteSet, Timeline
from cardtable.ui.tables import SUIT_WORDS, table_class
from cardtable.ui.tween import speed_factor
from cardtable.ui.widgets import Button, Form

DOUBLE_CLICK = 0.45   # seconds between the clicks of a double-click
FADE_IN, FADE_OUT = 0.15, 0.45   # the table's toasts and captions, seconds
DRAG_START = 6        # pixels the pointer moves before a press becomes a drag
PACE = 0.65           # pause before a computer's move at normal speed, seconds
PANEL_CACHE = 96      # panels, plates and message pills kept drawn (the most recent)
TEXT_CACHE = 240      # texts kept rendered (the most recent)
PULSE_SECONDS = 4.0   # a glow (whose turn, the keyboard's focus) breathes this long, then rests

#: friendly sentences for the engine's error codes (the engine speaks English codes; the
#: player reads these, in the current language)
MESSAGES = {
    "must_follow_suit": N_("You must follow suit: play a card of {suit}."),
    "not_in_hand": N_("That card is not in your hand."),
    "marriage_card_required": N_("After announcing a marriage, lead its king or queen."),
    "must_win_trick": N_("You must beat the card led when you can."),
    "must_trump": N_("You cannot follow suit, so you must play a trump."),
    "not_on_lead": N_("Only the player on lead can do that."),
    "no_marriage": N_("You need the king and queen of one suit for a marriage."),
    "marriage_not_allowed": N_("Marriages can no longer be announced: the stock is used up."),
    "wrong_kind": N_("Only cards can be played in this game."),
    "not_legal": N_("That move is not allowed now."),
    "match_over": N_("The match is over."),
    "must_draw_first": N_("Draw a card first: from the stock or the discard pile."),
    "already_drew": N_("You have already drawn this turn: now discard."),
    "empty_discard": N_("The discard pile is empty."),
    "empty_stock": N_("The stock is empty."),
    "must_discard": N_("Discard a card to end your turn."),
    "invalid_meld": N_("Those cards do not make a valid meld."),
    "no_melds": N_("Lay down at least one meld first."),
    "use_go_out": N_("Put every card in melds to go out."),
}
#: the engine's reasons (English sentences) for the two refusals that carry one
REFUSAL_REASONS = {
    "the stock is closed": N_("You cannot exchange the nine now: the stock is closed."),
    "the trump card has been drawn":
        N_("You cannot exchange the nine now: the trump card has been drawn."),
    "you may exchange only after winning a trick":
        N_("You cannot exchange the nine now: you may exchange only after winning a trick."),
    "you do not hold the nine of trumps":
        N_("You cannot exchange the nine now: you do not hold the nine of trumps."),
    "the stock is already closed": N_("You cannot close the stock now: it is already closed."),
    "the stock is exhausted": N_("You cannot close the stock now: it is used up."),
}
#: a computer player's level on its name plate (the words of the setup screen)
LEVEL_WORDS = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}


def friendly(exc: IllegalAction, led: str | None = None) -> Msg:
    """The sentence a player reads when a move is refused (a code of the engine, worded here
    in the current language)."""
    if exc.code in ("cannot_exchange", "cannot_close"):
        text = REFUSAL_REASONS.get(exc.message or "")
        if text is not None:
            return Msg(text)
        return Msg("You cannot exchange the nine now.") if exc.code == "cannot_exchange" \
            else Msg("You cannot close the stock now.")
    template = MESSAGES.get(exc.code)
    if template is None:
        return Msg("That move is not allowed now.")
    if exc.code == "must_follow_suit" and led not in SUIT_WORDS:
        return Msg("You must follow suit.")
    return Msg(template, suit=Msg(SUIT_WORDS[led]) if led in SUIT_WORDS else "")


class TableScene(Scene):
    """Plays a :class:`~cardtable.match.Match` on the felt."""

    def __init__(self, match: Match, *, speed=None, pace: float | None = None,
                 sound: bool | None = None):
        super().__init__()
        self.match = match
        self._speed_override = speed
        self._pace_override = pace
        self._sound_override = sound
        self.viewer = self._pick_viewer()
        # pass-and-play: with several people at the table, events are shown as the public
        # sees them (``secret_for`` None, every private zone face down: ``concealed``) until
        # the person to act confirms on the hand-over screen; see _hotseat_guard
        self.hotseat = len(match.human_seats) > 1
        self.secret_for: int | None = None if self.hotseat else self.viewer
        self.concealed = self.hotseat
        self.last_person: int | None = None   # whose hand was shown last (pass-and-play)
        self.zones: dict[str, list[CardSprite]] = {}
        self.sprites = SpriteSet()
        self.timeline = Timeline(self._handle)
        self.game = table_class(match.game_id)(self)
        self.clock = 0.0
        self.log: deque[str] = deque(maxlen=6)
        self.toast: list | None = None      # [text, age, seconds]
        self.caption: list | None = None    # [text, age, seconds]
        self.scores = list(match.state.match_scores)
        self.dealer: int | None = getattr(match.state, "dealer", None)
        self.turn: int | None = None if match.start_events() else match.to_act
        self.waiting = False                # an overlay (summary, match end) is up
        self.finished = False
        self.drag: dict | None = None
        self.hover: CardSprite | None = None
        self.pointer = (0, 0)
        self.last_click: tuple[int | None, float] = (None, -1.0)
        self.review = False
        self.review_hold = False
        self.review_hover = False
        self.last_button: Button | None = None
        self._hint: tuple | None = None         # (future of (Action, reason), legal key)
        self.hint_cards: set[str] = set()       # cards of the hand the last hint is about
        self.score_rect: pygame.Rect | None = None
        self._sounds_due: list[list] = []
        self._skipping = False
        self._text_cache: dict[tuple, pygame.Surface] = LRU(TEXT_CACHE)
        self._panel_cache: dict[tuple, pygame.Surface] = LRU(PANEL_CACHE)
        self._static: pygame.Surface | None = None
        self._look: tuple | None = None
        self._static_cache_key = None
        self._static_snapshot: dict[int, tuple] = {}
        self.manual_order = False
        self.legal: list[Action] = []
        self.playable: set[str] = set()
        self._legal_key = None
        self.form = Form()
        self._started = False
        self.art: CardArt | None = None
        self.felt: Felt | None = None
        self.sounds: Sounds | None = None
        self.speed = 1.0
        self.summaries: list[dict] = []
        self.deal_rows: list[dict] = []
        self.keys = Keyboard(self)          # focus cursor, keys, F1 help
        self._pulse_from = 0.0              # when the glows began to breathe (see pulse)
        self._pulse_turn: int | None = None

    # ------------------------------------------------------------------ life cycle
    def _pick_viewer(self) -> int:
        m = self.match
        if m.is_human(m.to_act):
            return m.to_act
        humans = m.human_seats
        return humans[0] if humans else 0

    @property
    def settings(self) -> dict:
        return self.app.settings if self.app is not None else {}

    def on_enter(self) -> None:
        self._apply_settings()
        if self.app is not None and self._setting_changed not in self.app.settings_listeners:
            self.app.settings_listeners.append(self._setting_changed)
        if self._started and self.game.size != self.size:
            self.on_resize(self.size)   # the window changed while the table was away
        self.game.layout(self.size)
        self._build_controls()
        # a computer's move ready on its worker wakes the window's loop
        self.match.on_ready = app_wake
        if not self._started:
            self._started = True
            self.match.warm_up()
            start = self.match.start_events()
            if start:
                self.timeline.extend(start)
            else:
                self.game.sync(self.match.view(self.viewer))
                if self.concealed:
                    self._forget_private()
                self.relayout(0.0)
                for event in self.match.log[-self.log.maxlen:]:   # a restored deal's moves
                    line = self.game.describe(event.for_seat(self.secret_for))
                    if line:
                        self.say(line)

    def on_exit(self) -> None:
        if self.app is not None and self.finished:
            if self._setting_changed in self.app.settings_listeners:
                self.app.settings_listeners.remove(self._setting_changed)

    def on_resume(self) -> None:
        if self.size != self.game.size:
            self.on_resize(self.size)
        self.keys.reset()          # after a summary or a hand-over: the focus starts afresh
        if self.waiting and not self.finished:
            self.waiting = False

    def on_resize(self, size: tuple[int, int]) -> None:
        old = self.game.size
        self.game.layout(size)
        sx, sy = size[0] / max(1, old[0]), size[1] / max(1, old[1])
        for s in self.sprites:
            s.scale_position(sx, sy)
        if self.drag is not None:
            self.drag["sprite"].x, self.drag["sprite"].y = self.pointer
        self.relayout(resize=True)
        self._build_controls()

    def _apply_settings(self) -> None:
        st = self.settings
        self.art = CardArt(four_colour=bool(st.get("four_colour_suits", False)),
                           back_colour=st.get("card_back", "blue"))
        cloth = theme.cloth_colour(st.get("felt", "green"))
        if self.felt is None:
            self.felt = Felt(cloth)
        else:
            self.felt.set_colour(cloth)
        # reduced motion: cards move at once, without easing (computer moves stay paced)
        speed = self._speed_override if self._speed_override is not None else \
            "off" if st.get("reduced_motion") else st.get("animation_speed", "normal")
        self.speed = speed_factor(speed)
        self.timeline.speed = self.speed
        if self._pace_override is not None:
            self.match.pace = self._pace_override
        else:
            self.match.pace = PACE / self.speed if self.speed > 0 else 0.3
        enabled = self._sound_override if self._sound_override is not None else \
            bool(st.get("sound", True))
        if self.app is not None:
            sounds = getattr(self.app, "sounds", None)
            if not isinstance(sounds, Sounds):
                sounds = Sounds(enabled=enabled)
                self.app.sounds = sounds
            sounds.set_enabled(enabled)
            self.sounds = sounds

    def _setting_changed(self, key: str, value) -> None:
        if key in ("four_colour_suits", "card_back", "felt", "animation_speed", "sound",
                   "show_card_points", "reduced_motion", "high_contrast", "court_letters",
                   "language"):
            self._apply_settings()
        if key == "large_cards":
            self.on_resize(self.game.size)
        if key == "hint_button":
            self._build_controls()

    # ------------------------------------------------------------------ zones
    def zone(self, name: str) -> list[CardSprite]:
        z = self.zones.get(name)
        if z is None:
            z = self.zones[name] = []
        return z

    def put(self, sprite: CardSprite, zone: str, index: int | None = None) -> CardSprite:
        """Move ``sprite`` to the end of (or ``index`` in) ``zone``."""
        if sprite.zone:
            old = self.zones.get(sprite.zone)
            if old is not None and sprite in old:
                old.remove(sprite)
        target = self.zone(zone)
        if index is None:
            target.append(sprite)
        else:
            target.insert(index, sprite)
        sprite.zone = zone
        if not zone.startswith("hand"):
            sprite.glow = sprite.dim = False
            sprite.lift_target = 0.0
        if sprite.id not in self.sprites.sprites:
            self.sprites.add(sprite)
        return sprite

    def discard(self, sprite: CardSprite) -> None:
        if sprite.zone and sprite in self.zones.get(sprite.zone, []):
            self.zones[sprite.zone].remove(sprite)
        self.sprites.remove(sprite)

    def clear_zones(self) -> None:
        self.zones.clear()
        self.sprites.clear()
        self.game.trick_angles.clear()

    def new_card(self, code: str | None, pos, zone: str, width: int | None = None,
                 face_up: bool = False) -> CardSprite:
        s = CardSprite(code, pos, width or self.game.cw, face_up=face_up)
        return self.put(s, zone)

    def take_from_hand(self, seat: int, code: str | None) -> CardSprite | None:
        """The sprite for ``code`` in a hand: that card if known, else an unknown one."""
        hand = self.zone(f"hand{seat}")
        for s in hand:
            if s.code == code:
                return s
        unknown = [s for s in hand if s.code is None]
        if unknown:
            s = unknown[len(unknown) // 2]
            s.code = code
            return s
        if hand:
            s = hand[len(hand) // 2]
            s.code = code
            return s
        return None

    def sort_hand(self, seat: int) -> None:
        hand = self.zone(f"hand{seat}")
        hand.sort(key=lambda s: self.game.sort_key(s.code))

    def insert_sorted(self, sprite: CardSprite, seat: int) -> None:
        """Put a new card in a hand where sorting would put it (or at the end if re-ordered)."""
        hand = self.zone(f"hand{seat}")
        if seat != self.viewer or self.manual_order or sprite.code is None:
            self.put(sprite, f"hand{seat}")
            return
        key = self.game.sort_key(sprite.code)
        i = 0
        while i < len(hand) and self.game.sort_key(hand[i].code) <= key:
            i += 1
        self.put(sprite, f"hand{seat}", i)

    # ------------------------------------------------------------------ layout
    def relayout(self, duration: float = 0.3, delays: dict[int, float] | None = None,
                 resize: bool = False, zones: list[str] | None = None) -> None:
        """Send every sprite to its resting place (animated unless ``duration`` is 0)."""
        instant = self.speed <= 0 or self._skipping
        dur = 0.0 if instant else duration / self.speed
        names = zones if zones is not None else list(self.zones)
        for name in names:
            sprites = self.zones.get(name, [])
            targets = self.game.place(name, sprites)
            base_z = self.game.zone_z(name)
            hide = self.concealed and name.startswith(self.game.PRIVATE_ZONES)
            for i, (s, tgt) in enumerate(zip(sprites, targets, strict=True)):
                x, y, angle, width, face_up = tgt
                face_up = face_up and not hide
                s.z = base_z + i
                if s.dragging:
                    s.target = (x, y, angle, width)
                    s.width = int(round(width))
                    continue
                if resize:
                    s.retarget(x, y, angle, width)
                    if s.target_face_up != face_up:
                        s.flip_to(face_up, 0.0)
                    continue
                if (x, y, angle, float(width)) == s.target and face_up == s.target_face_up \
                        and (s.tween is not None or _at(s, x, y, angle, width)):
                    continue
                delay = 0.0
                if delays is not None:
                    delay = delays.get(s.id, 0.0)
                    delay = 0.0 if instant else delay / self.speed
                s.move_to(x, y, angle, width, duration=dur, delay=delay, face_up=face_up)

    # ------------------------------------------------------------------ messages
    def say(self, text: str) -> None:
        """A line in the table's log."""
        if text:
            self.log.append(text)

    def show_caption(self, text: str, seconds: float = 2.2) -> None:
        self.caption = [text, 0.0, seconds]

    def show_toast(self, text: str, seconds: float = 2.6, kind: str = "error") -> None:
        """A short message just above the player's hand.

        ``kind`` "error" (a move refused, on a warm red) or "info" (your turn, a hint, how
        to do something, on the quiet panel colour)."""
        self.toast = [text, 0.0, seconds, kind]

    def play_sound(self, name: str, delay: float = 0.0) -> None:
        """Play a sound now or ``delay`` seconds (at normal speed) from now."""
        if self.sounds is None or self.speed <= 0 or self._skipping:
            return
        if delay > 0:
            self._sounds_due.append([self.clock + delay / self.speed, name])
        else:
            self.sounds.play(name)

    # ------------------------------------------------------------------ events
    def _handle(self, event) -> float:
        if self.hotseat and event.kind in ("dealt", "deal_scored", "match_over"):
            self.conceal()   # a new deal is dealt face down; summaries show no hand
        ev = event.for_seat(self.secret_for)
        kind = ev["kind"]
        # with several people the log is public: it names players and shows no secret
        line = self.game.describe(event.for_seat(None) if self.hotseat else ev)
        if line:
            self.say(line)
        if kind == "deal_scored":
            self.scores_from(ev)
            self.deal_rows.append(ev)
            return self._show_summary(ev)
        if kind == "match_over":
            self.finished = True
            self._show_match_end(ev)
            return 0.0
        if kind == "dealt":
            self.dealer = ev.get("dealer", self.dealer)
            self.manual_order = False
        hold = self.game.handle(ev) or 0.0
        if not self.timeline.queue and not self.waiting:
            self.turn = self.match.to_act   # the picture has caught up with the engine
        return hold

    def scores_from(self, ev: dict) -> None:
        self.scores = list(self.match.state.match_scores) if self.match.is_over else \
            self._add_scores(ev)

    def _add_scores(self, ev: dict) -> list[int]:
        """Every seat's match score after the deal ``ev`` scored (its typed result)."""
        return list(DealResult.from_event(ev).totals)

    def _show_summary(self, ev: dict) -> float:
        """The shell's end-of-deal summary over the table (or a caption without it)."""
        self.summaries.append(ev)
        # a chime when the deal won the person game points
        mine = DealResult.from_event(ev).change[self.viewer] \
            if self.match.spec.score_unit == "game_points" else 0
        if mine and self.match.is_human(self.viewer):
            self.play_sound("chime")
        scene = None
        try:
            from cardtable.ui.scenes import summary
        except ImportError:
            summary = None
        if summary is not None and self.app is not None:
            scene = _make_scene(summary, ("SummaryScene", "DealSummaryScene"), self, ev)
        if scene is None or self.app is None:
            self.show_caption(self.game.deal_result(ev), 3.0)
            return 3.0
        self.waiting = True
        self.app.push(scene)
        return 0.0

    def _show_match_end(self, ev: dict) -> None:
        self.scores = list(self.match.state.match_scores)
        scene = None
        try:
            from cardtable.ui.scenes import matchend
        except ImportError:
            matchend = None
        if matchend is not None and self.app is not None:
            scene = _make_scene(matchend, ("MatchEndScene", "MatchEnd"), self, ev)
        if scene is None or self.app is None:
            self.show_caption(self.match_result_text(), 30.0)
            return
        self.waiting = True
        self.app.push(scene)

    def match_result_text(self) -> Msg:
        from cardtable.ui.scenes.matchend import winner_text

        return winner_text(self.match.state.winners, [s.name for s in self.match.seats],
                           self.match.game_id, list(self.match.human_seats))

    # ------------------------------------------------------------------ state
    @property
    def idle(self) -> bool:
        """Nothing queued and nothing waiting: the picture shows the engine's state."""
        return self.timeline.idle and not self.waiting

    @property
    def settled(self) -> bool:
        return self.idle and not any(s.tween is not None for s in self.sprites)

    def my_turn(self) -> bool:
        m = self.match
        return self.idle and not m.is_over and m.to_act == self.viewer and \
            m.is_human(self.viewer) and self.secret_for == self.viewer

    def skip(self) -> None:
        """A click while cards move: jump to the end of what is queued."""
        self._skipping = True
        try:
            self.timeline.skip(stop=lambda e: getattr(e, "kind", "") in ("deal_scored",
                                                                          "match_over"))
        finally:
            self._skipping = False
        self.sprites.finish()
        self._sounds_due.clear()

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.clock += dt
        self._hotseat_guard()
        if not self.waiting:
            self.timeline.update(dt, blocked=lambda: self.waiting)
        self.sprites.update(dt)
        if self._sounds_due:
            due = [x for x in self._sounds_due if x[0] <= self.clock]
            if due:
                self._sounds_due = [x for x in self._sounds_due if x[0] > self.clock]
                for _, name in due[:2]:
                    self.play_sound(name)
        if self.idle and not self.match.is_over:
            self._hotseat_turn()
            if not self.match.is_human(self.match.to_act):
                events = self.match.poll(now=self.clock)
                if events:
                    self._hotseat_guard()
                    self.timeline.extend(events)
                    if self.speed <= 0:
                        self.timeline.update(0.0, blocked=lambda: self.waiting)
        if self.idle:
            self.turn = self.match.to_act
        self._refresh_legal()
        self._take_hint()
        self.keys.update(dt)
        if self.last_button is not None:
            self.last_button.enabled = self.game.last_trick() is not None
        for msg in (self.toast, self.caption):
            if msg is not None:
                msg[1] += dt
        if self.toast is not None and self.toast[1] >= self.toast[2]:
            self.toast = None
        if self.caption is not None and self.caption[1] >= self.caption[2]:
            self.caption = None
        self.form.update(dt)
        if self.turn != self._pulse_turn:
            self._pulse_turn = self.turn
            self._pulse_from = self.clock

    def pulse(self, rate: float) -> float:
        """0..1 for a breathing glow: it breathes for a few seconds after the turn passed or
        a key was pressed, then rests half lit (a still table draws no frames)."""
        calm = PULSE_SECONDS - (self.clock - self._pulse_from)
        if calm <= 0:
            return 0.5
        return 0.5 + 0.5 * math.sin(self.clock * rate) * min(1.0, calm)

    def next_frame_in(self) -> float | None:
        """0 while cards move, a card is dragged or a glow breathes; else the seconds until
        a message fades, a sound or the computer's move is due (None: nothing is)."""
        if self.drag is not None or self.sprites.busy or \
                any(s.lift != s.lift_target for s in self.sprites):
            return 0.0
        if not self.waiting and not self.timeline.idle:
            return 0.0
        if self.clock - self._pulse_from < PULSE_SECONDS:
            return 0.0
        due: float | None = None
        for msg in (self.toast, self.caption):
            if msg is not None:
                age, seconds = msg[1], msg[2]
                if age < FADE_IN or seconds - age <= FADE_OUT:
                    return 0.0
                due = sooner(due, seconds - FADE_OUT - age)
        for at, _name in self._sounds_due:
            due = sooner(due, at - self.clock)
        m = self.match
        if self.idle and not m.is_over and not m.is_human(m.to_act):
            due = sooner(due, m.wake_in(self.clock))
            if self.turn is not None and not m.is_human(self.turn):   # "Thinking..." dots
                due = sooner(due, (math.floor(self.clock * 3) + 1) / 3 - self.clock)
        return sooner(due, self.form.next_frame_in())

    # ------------------------------------------------------------------ pass-and-play
    def _hotseat_guard(self) -> None:
        """Hide every hand as soon as the engine has moved on to another person.

        Called before any new events are animated: whatever follows is shown as the public
        sees it, so nobody's cards are on screen while the device changes hands.
        """
        if not self.hotseat or self.secret_for is None:
            return
        seat = self.match.to_act
        if self.match.is_over or (self.match.is_human(seat) and seat != self.secret_for):
            self.conceal()

    def conceal(self) -> None:
        """Show events as the public sees them and turn every private zone face down."""
        if not self.hotseat:
            return
        if self.secret_for is not None:
            self.last_person = self.secret_for
        self.secret_for = None
        self.drop_drag()
        self.review = False
        self.hover = None
        self.toast = None    # it spoke to the person who was playing
        if not self.concealed:
            self.concealed = True
            self.relayout(0.2, zones=[z for z in self.zones
                                       if z.startswith(self.game.PRIVATE_ZONES)])

    def _forget_private(self) -> None:
        """The cards in private zones lose their faces (only their backs are known)."""
        for name, sprites in self.zones.items():
            if name.startswith(self.game.PRIVATE_ZONES):
                for sp in sprites:
                    sp.code = None
                    sp.revealed = False

    def _hotseat_turn(self) -> None:
        """The picture has caught up: show the hand of the person to act, or hand over."""
        m = self.match
        seat = m.to_act
        if not self.hotseat or seat is None or not m.is_human(seat):
            return
        if self.secret_for == seat:
            return
        if seat == self.last_person and self.secret_for is None:
            self.reveal_for(seat)   # the same person again: nobody else's cards to hide
            return
        self.show_handoff(seat)

    def show_handoff(self, seat: int) -> None:
        """Cover the table with the hand-over screen for ``seat``."""
        self.conceal()
        self._forget_private()
        self.relayout(0.0)
        self.sprites.finish()
        if self.app is None:
            self.reveal_for(seat)
            return
        from cardtable.ui.scenes.handoff import HandoffScene

        self.waiting = True
        self.app.push(HandoffScene(self, seat))

    def reveal_for(self, seat: int) -> None:
        """``seat`` is at the screen: rebuild the table from that seat's view."""
        m = self.match
        self.viewer = seat
        self.secret_for = seat
        self.last_person = seat
        self.concealed = False
        self.waiting = False
        self.clear_zones()
        self.game.layout(self.size)    # the seats turn round: geometry follows the viewer
        self.game.sync(m.view(seat))
        self.relayout(0.0)
        self._legal_key = None
        self._build_controls()
        self.keys.reset()
        prompt = self.game.turn_prompt(seat)   # what that player is asked to do
        self.show_toast(prompt or Msg("{name}, it is your turn.",
                                      name=i18n.seat_name(m.seats[seat].name)), kind="info")

    # ------------------------------------------------------------------ undo
    # ------------------------------------------------------------------ hint
    def ask_hint(self) -> None:
        """Ask the hard computer player what it would do here (it thinks off this thread)."""
        if not self.my_turn() or self._hint is not None:
            return
        self._hint = (self.match.request_hint(self.viewer), self._legal_key)
        self._hint[0].add_done_callback(lambda _f: app_wake())
        self.show_toast(N_("Thinking about a hint…"), 8.0, kind="info")

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
        self.show_toast(hint_text(action, reason, self.match.names()), 6.0, kind="info")
        # the keyboard's focus moves to the card hinted at, so Enter plays it
        for s in self.zones.get(f"hand{self.viewer}", []):
            if s.code in self.hint_cards:
                self.keys.focus_on(f"card{s.id}")
                break

    def can_undo(self) -> bool:
        m = self.match
        return (not self.hotseat and m.undo_seat is not None and m.undo_seat == self.viewer
                and not self.finished and self.drag is None and m.can_undo())

    def undo(self) -> bool:
        """Take back the person's last move (against computers, when it reveals nothing)."""
        if not self.can_undo():
            if self.match.undo_seat is not None and not self.hotseat:
                self.show_toast(N_("That move can no longer be taken back: "
                                   "new cards have been seen since."))
            return False
        self.drop_drag()
        self.match.undo()
        self.timeline.queue.clear()
        self.timeline.wait = 0.0
        self.clear_zones()
        self.game.sync(self.match.view(self.viewer))
        self.relayout(0.0)
        self.turn = self.match.to_act
        self._legal_key = None
        self.caption = None
        self.say(N_("Move taken back."))
        self.show_toast(N_("Move taken back."), 1.6, kind="info")
        return True

    def _refresh_legal(self) -> None:
        mine = self.my_turn()
        key = (len(self.match.moves), mine, self.viewer, self.match.state.deal_no,
               self.secret_for)
        if key != self._legal_key:
            self._legal_key = key
            self.legal = self.match.legal_actions() if mine else []
            self.playable = {a.card for a in self.legal if a.kind == "play"}
            self._hint = None
            self.hint_cards = set()
            self._build_controls()
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

    # ------------------------------------------------------------------ controls
    def _build_controls(self) -> None:
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
            undo.name = "Undo"
            self.form.add(undo)
        if self.settings.get("hint_button", True) and self.my_turn() and not self.finished:
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
        actions = self.game.controls(self.legal)
        if actions:
            buttons = []
            for label, action, *extra in actions:
                # an Action goes to the engine; a callable is the game's own (local) step
                style = extra[0] if extra else "primary" if action.kind == "claim" else "normal"
                cb = action if callable(action) else lambda a=action: self.try_action(a)
                b = Button(label, cb, style=style, size=size)
                b.name = i18n.tr(label)   # the button as shown (keys and tests find it so)
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
        self.form.focus(None)

    def _lay_controls(self, buttons: list[Button], widths: list[int], y: int, bh: int,
                      gap: int) -> None:
        """The game's buttons centred above the hand, inside the span the game leaves free
        (its piles); a row too wide for it goes on in a second row above."""
        left, right = self.game.controls_span(y, bh)
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
            try:
                from cardtable.ui.scenes.menu import MenuScene
            except ImportError:
                return
            self.app.replace(MenuScene())

    def show_rules(self) -> None:
        """The rules of this table's game, over the table (Esc comes back to it)."""
        if self.app is None:
            return
        from cardtable.ui.scenes.rules import RulesScene

        self.drop_drag()
        self.app.push(RulesScene(self.match.game_id))

    def ask_leave(self) -> None:
        """Esc with nothing left to cancel: leave for the menu after a question (the match
        is kept, but a stray Esc should not take the person away from their cards)."""
        if self.app is None:
            return
        if self.finished:
            self.leave()
            return
        from cardtable.ui.scenes.confirm import ConfirmScene

        self.drop_drag()
        self.app.push(ConfirmScene(N_("Leave the table?"),
                                   N_("The match is kept: Continue on the menu brings you "
                                      "back to it."),
                                   N_("Go to the menu"), self.leave, no=N_("Stay")))

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

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        et = event.type
        if et in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = event.pos
        elif et == pygame.KEYDOWN:
            self._pulse_from = self.clock     # the keyboard's focus breathes again
        if self.keys.handle_event(event):
            return True
        if self.drag is None and self.form.handle_event(event):
            return True
        if et == pygame.MOUSEMOTION:
            return self._motion(event)
        if et == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if et == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        if et == pygame.KEYDOWN:
            if event.key == pygame.K_z and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
                self.undo()
                return True
            if event.key == pygame.K_l:
                self.review_hold = True
                return True
            if event.key == pygame.K_F2:
                self.show_rules()
                return True
            if event.key == pygame.K_ESCAPE:
                if self.review:
                    self.review = False
                else:
                    self.ask_leave()
                return True
            if event.key in (pygame.K_SPACE, pygame.K_RETURN) and not self.idle:
                self.skip()
                return True
        if et == pygame.KEYUP and event.key == pygame.K_l:
            self.review_hold = False
            return True
        return False

    def _hand_sprite_at(self, pos) -> CardSprite | None:
        name = f"hand{self.viewer}"
        extra = self.game.draggable
        return self.sprites.at(pos, lambda s: (s.zone == name and s.code is not None)
                               or extra(s))

    def _motion(self, event) -> bool:
        pos = event.pos
        lt = self.button("Last trick")
        if lt is not None and not self.review_hold:
            self.review_hover = lt.contains(pos) and lt.enabled
        d = self.drag
        if d is not None:
            s = d["sprite"]
            if not d["moved"]:
                if abs(pos[0] - d["start"][0]) + abs(pos[1] - d["start"][1]) >= DRAG_START:
                    d["moved"] = True
                    s.dragging = True
                    s.tween = None
            if d["moved"]:
                s.x = pos[0] - d["offset"][0]
                s.y = pos[1] - d["offset"][1]
            return True
        self.hover = self._hand_sprite_at(pos)
        return False

    def _press(self, pos) -> bool:
        if self.review:
            self.review = False
            return True
        if not self.idle or self.sprites.busy and self._cards_flying():
            self.skip()
            if not self.my_turn():
                return True
            # the cards of the computers' turns were still landing: they are put in place
            # and the click goes on to what it was aimed at (a draw from the stock...)
            self._refresh_legal()
        s = self._hand_sprite_at(pos)
        if s is not None:
            self.drag = {"sprite": s, "start": pos, "offset": (pos[0] - s.x, pos[1] - s.y),
                         "moved": False}
            return True
        action = self.game.click_action(pos)
        if action is not None:
            self.try_action(action)
            return True
        return False

    def _cards_flying(self) -> bool:
        return any(s.tween is not None and s.zone != f"hand{self.viewer}" for s in self.sprites)

    def _release(self, pos) -> bool:
        d = self.drag
        if d is None:
            return False
        self.drag = None
        s = d["sprite"]
        if not d["moved"]:
            last_id, t = self.last_click
            if last_id == s.id and self.clock - t <= DOUBLE_CLICK:
                self.last_click = (None, -1.0)
                self.try_action(self.game.drop_action(s, None), s)
            else:
                self.last_click = (s.id, self.clock)
                self.game.card_clicked(s)
            return True
        s.dragging = False
        local = self.game.local_drop(s, pos)
        if local is not None:
            if local is not True:
                self.try_action(local, s)
            return True
        if self.game.hand_band().collidepoint(pos):
            action = self.game.hand_drop_action(s, pos)
            if action is None:
                self._reorder(s, pos)
            else:
                self.try_action(action, s)
            return True
        action = self.game.drop_action(s, pos)
        if action is None:
            self.relayout(0.25, zones=[s.zone])
            return True
        self.try_action(action, s)
        return True

    def drop_drag(self) -> None:
        if self.drag is not None:
            s = self.drag["sprite"]
            s.dragging = False
            self.drag = None
            self.relayout(0.2, zones=[s.zone])

    def _reorder(self, sprite: CardSprite, pos) -> None:
        hand = self.zone(f"hand{self.viewer}")
        others = [s for s in hand if s is not sprite]
        index = sum(1 for s in others if s.target[0] < pos[0])
        if hand.index(sprite) != index:
            self.manual_order = True
        self.put(sprite, f"hand{self.viewer}", index)
        self.relayout(0.22, zones=[f"hand{self.viewer}"])

    def try_action(self, action: Action | None, sprite: CardSprite | None = None) -> bool:
        """Apply a human move; a refused move flies back and a toast says why."""
        if action is None:
            return False
        m = self.match
        if m.is_over:
            return False
        if self.secret_for != self.viewer:   # pass-and-play: the hand is not shown yet
            self._fly_back(sprite)
            return False
        if m.to_act != self.viewer or not m.is_human(self.viewer) or not self.idle:
            if not self.idle and m.to_act == self.viewer:
                self.show_toast(N_("Wait a moment."))
            elif m.to_act is not None:
                self.show_toast(Msg("Wait for your turn: {name} is playing.",
                                    name=i18n.seat_name(m.seats[m.to_act].name)))
            else:
                self.show_toast(N_("Wait for your turn."))
            self._fly_back(sprite)
            return False
        try:
            events = m.apply(action)
        except IllegalAction as exc:
            self.show_toast(self.game.refusal_text(exc) or friendly(exc, self._led_suit()))
            self._fly_back(sprite)
            return False
        self.hover = None
        self._hotseat_guard()
        self.timeline.extend(events)
        if self.speed <= 0:
            self.timeline.update(0.0, blocked=lambda: self.waiting)
        return True

    def _led_suit(self) -> str | None:
        trick = self.match.view(self.viewer).get("trick") or []
        if trick:
            return trick[0][1][1]
        return None

    def _fly_back(self, sprite: CardSprite | None) -> None:
        if sprite is not None:
            sprite.dragging = False
            self.relayout(0.28, zones=[sprite.zone])

    # ------------------------------------------------------------------ drawing
    # Everything that does not change from one frame to the next is drawn once into a
    # cached surface: the felt with the resting cards off the player's hand (one blit),
    # each name plate, the score panel, the log and every caption. A frame blits these,
    # the player's hand and whatever cards are in the air.

    def text(self, surface, text: str, pos, size: int, colour=theme.TEXT, bold=False,
             anchor="topleft", shadow=True, alpha=255) -> pygame.Rect:
        """Text with a soft shadow, rendered once and then only blitted."""
        key = (text, size, tuple(colour), bold, shadow)
        img = self._text_cache.get(key)
        if img is None:
            fg = theme.render(text, size, colour, bold)
            if shadow:
                off = max(1, size // 18)
                img = pygame.Surface((fg.get_width() + off + 1, fg.get_height() + off),
                                     pygame.SRCALPHA)
                sh = theme.render(text, size, theme.SHADOW, bold).copy()
                sh.set_alpha(110)
                img.blit(sh, (off // 2 + 1 if off > 1 else 1, off))
                img.blit(fg, (0, 0))
            else:
                img = fg
            self._text_cache[key] = img
        rect = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        surface.blit(img, rect)
        return rect

    STACK_ZONES = ("pile", "won", "stock", "deck")

    def _resting(self) -> dict[int, tuple]:
        """Cards at rest off the player's hand, with what they look like now."""
        hand = f"hand{self.viewer}"
        return {
            s.id: (s, (s.code, s.face_up, round(s.x, 1), round(s.y, 1), round(s.angle, 1),
                       s.width, s.z, s.zone, s.wild))
            for s in self.sprites.sprites.values()
            if s.zone != hand and not s.moving and not s.dragging and not s.hidden
        }

    def _draw_static(self, surface) -> list[CardSprite]:
        """Blit the cached layer; return resting cards not in it yet (drawn on top).

        The layer is redrawn when a card in it moves or changes, and when the cards that
        came to rest since are many or everything has stopped; cards landing during a deal
        are drawn one by one meanwhile, so the layer is not redrawn at every landing.
        """
        size = surface.get_size()
        base = (size, self.felt.rgb, tuple(self.game.slots()), id(self.art))
        rest = self._resting()
        snap = self._static_snapshot
        rebuild = self._static is None or base != self._static_cache_key
        if not rebuild:
            for sid, sig in snap.items():
                cur = rest.get(sid)
                if cur is None or cur[1] != sig:
                    rebuild = True
                    break
        extras: list[CardSprite] = []
        if not rebuild:
            extras = [sp for sid, (sp, _) in rest.items() if sid not in snap]
            if extras and (len(extras) > 16 or not self.sprites.busy):
                rebuild = True
        if rebuild:
            self._build_static(size, rest)
            self._static_cache_key = base
            self._static_snapshot = {sid: sig for sid, (_, sig) in rest.items()}
            extras = []
        surface.blit(self._static, (0, 0))
        extras.sort(key=lambda sp: (sp.z, sp.id))
        return extras

    def _build_static(self, size, rest: dict[int, tuple]) -> None:
        layer = self._static
        if layer is None or layer.get_size() != size:
            layer = pygame.Surface(size).convert() if pygame.display.get_surface() \
                else pygame.Surface(size)
        layer.blit(self.felt.surface(size), (0, 0))
        art = self.art
        for centre, width, angle, label in self.game.slots():
            img = art.slot(width, label)
            if angle:
                img = art.rotated(img, angle)
            layer.blit(img, img.get_rect(center=(int(centre[0]), int(centre[1]))))
        # in a squared pile only the bottom card (its edge) and the top few show
        shown = {sid for sid in rest}
        for name, cards in self.zones.items():
            if name.startswith(self.STACK_ZONES) and len(cards) > 6:
                for sp in cards[1:-5]:
                    shown.discard(sp.id)
        for sp in sorted((v[0] for v in rest.values()), key=lambda sp: (sp.z, sp.id)):
            if sp.id in shown:
                sp.draw(layer, art, shadow=self.casts_shadow(sp))
        self._static = layer

    def casts_shadow(self, sprite: CardSprite) -> bool:
        """A squared pile (stock, discards, tricks won) casts one shadow, its bottom card's:
        a shadow under every card of it would add up to a black block."""
        if not sprite.zone.startswith(self.STACK_ZONES):
            return True
        cards = self.zones.get(sprite.zone)
        return not cards or cards[0] is sprite

    def draw(self, surface: pygame.Surface) -> None:
        # texts and panels are cached as drawn: a change of language, contrast or text size
        # draws them anew
        look = (i18n.language(), theme.high_contrast(), theme.text_scale())
        if look != self._look:
            self._look = look
            self._text_cache.clear()
            self._panel_cache.clear()
            self._static = None
        art = self.art
        for s in self._draw_static(surface):
            s.draw(surface, art, shadow=self.casts_shadow(s))
        if self.drag is not None and self.drag["moved"]:
            for rect in self.game.drop_targets(self.drag["sprite"]):
                self._draw_target(surface, rect)
        self._draw_plates(surface)
        hand = f"hand{self.viewer}"
        focused = self.keys.focused_hand_card()
        for s in self.sprites.ordered():
            if s.zone == hand or s.moving or s.dragging:
                s.draw(surface, art)
                if s is focused and not s.moving:
                    # the ring goes on before the cards to its right, so they cover it as
                    # they cover the card: it frames the card and hides no neighbour's index
                    self.keys.outline(surface, s.rect())
        self._draw_hint_marks(surface)
        self.game.extra_draw(surface)
        self._draw_scores(surface)
        self._draw_log(surface)
        self.form.draw(surface)
        self._draw_caption(surface)
        self._draw_toast(surface)
        if self.review or self.review_hold or self.review_hover:
            self._draw_review(surface)
        self.keys.draw(surface)

    def _draw_hint_marks(self, surface) -> None:
        """A green tag with a pointer above each card a hint is about, so it is told apart
        from a card that is only lifted (just drawn, under the pointer, playable)."""
        if not self.hint_cards or not self.my_turn():
            return
        cards = [s for s in self.zones.get(f"hand{self.viewer}", [])
                 if s.code in self.hint_cards and not s.dragging and not s.moving]
        for i, s in enumerate(cards):
            r = s.rect()
            tip = (r.left + min(r.width // 2, theme.px(22)), r.top - theme.px(3))
            size = theme.px(9)
            pygame.draw.polygon(surface, theme.GOOD, [tip, (tip[0] - size, tip[1] - size),
                                                      (tip[0] + size, tip[1] - size)])
            if i:
                continue     # one word is enough for a pair or a meld
            key = ("hint-tag", i18n.language(), theme.text_scale(), theme.high_contrast())
            tag = self._panel_cache.get(key)
            if tag is None:
                label = theme.render(N_("Hint"), theme.px(theme.SMALL), theme.TEXT_DARK,
                                     True)
                pad_x, pad_y = theme.px(9), theme.px(3)
                tag = pygame.Surface((label.get_width() + 2 * pad_x,
                                      label.get_height() + 2 * pad_y), pygame.SRCALPHA)
                pygame.draw.rect(tag, theme.GOOD, tag.get_rect(), border_radius=theme.px(8))
                tag.blit(label, (pad_x, pad_y))
                self._panel_cache[key] = tag
            rect = tag.get_rect(midbottom=(tip[0], tip[1] - size + 1))
            rect.left = max(rect.left, theme.px(4))
            surface.blit(tag, rect)

    def _draw_target(self, surface, rect: pygame.Rect) -> None:
        pulse = self.pulse(6.0)
        key = ("target", rect.size)
        layer = self._panel_cache.get(key)
        if layer is None:
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            r = theme.px(12)
            pygame.draw.rect(layer, (255, 230, 150, 40), layer.get_rect(), border_radius=r)
            pygame.draw.rect(layer, (255, 226, 140, 230), layer.get_rect(),
                             width=max(2, theme.px(2)), border_radius=r)
            self._panel_cache[key] = layer
        layer.set_alpha(int(150 + 105 * pulse))
        surface.blit(layer, rect)

    def seat_colour(self, seat: int) -> tuple:
        """A seat's colour: its side's, partners sharing one."""
        side = self.match.spec.side_of(seat, self.match.n_players)
        return theme.SEAT_COLOURS[side % len(theme.SEAT_COLOURS)]

    def plate_rect(self, seat: int, bounds: pygame.Rect) -> pygame.Rect:
        pw, ph = theme.px(176), theme.px(50)
        anchor, pos = self.game.plate_anchor(seat)
        rect = pygame.Rect(0, 0, pw, ph)
        setattr(rect, anchor, pos)
        rect.clamp_ip(bounds.inflate(-theme.px(8), -theme.px(8)))
        row = getattr(self, "top_row", None)
        if row is not None and rect.colliderect(row.inflate(theme.px(8), theme.px(8))):
            rect.top = row.bottom + theme.px(8)     # below the row of buttons
        return rect

    def _draw_plates(self, surface) -> None:
        bounds = surface.get_rect()
        for seat in range(self.match.n_players):
            self._plate(surface, self.plate_rect(seat, bounds), seat)

    def _plate(self, surface, rect: pygame.Rect, seat: int) -> None:
        m = self.match
        info = m.seats[seat]
        turn = self.turn == seat and not m.is_over
        if info.is_human:
            sub = N_("You") if seat == self.viewer and not self.hotseat else N_("Player")
        else:
            sub = Msg("Computer · {level}", level=Msg(LEVEL_WORDS.get(info.level, "")))
        if turn and not info.is_human and self.idle:
            sub = Msg("Thinking{dots}", dots="." * (1 + int(self.clock * 3) % 3))
        elif turn and info.is_human:
            sub = N_("Your turn") if seat == self.viewer and not self.hotseat else N_("To play")
        score = self.scores[seat] if seat < len(self.scores) else 0
        pad = theme.px(10)
        if turn:
            pulse = self.pulse(4.0)
            glow = self._plate_glow(rect.size, pad)
            glow.set_alpha(int(140 + 115 * pulse))
            surface.blit(glow, (rect.x - pad, rect.y - pad))
        key = ("plate", rect.size, info.name, sub, score, turn, self.dealer == seat,
               self.seat_colour(seat))
        img = self._panel_cache.get(key)
        if img is None:
            img = self._render_plate(rect.size, pad, i18n.seat_name(info.name), sub, score, turn,
                                     self.dealer == seat, self.seat_colour(seat))
            if len(self._panel_cache) > 300:
                self._panel_cache.clear()
            self._panel_cache[key] = img
        surface.blit(img, (rect.x - pad, rect.y - pad))

    def _plate_glow(self, size, pad) -> pygame.Surface:
        key = ("glow", size)
        glow = self._panel_cache.get(key)
        if glow is None:
            w, h = size
            glow = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            glow.fill((*theme.ACCENT, 0))
            r = theme.px(12)
            pygame.draw.rect(glow, (*theme.ACCENT, 150), (pad // 2, pad // 2, w + pad, h + pad),
                             border_radius=r + pad // 2)
            glow = pygame.transform.gaussian_blur(glow, max(1, pad // 2))
            self._panel_cache[key] = glow
        return glow

    def _render_plate(self, size, pad, name, sub, score, turn, dealer, colour):
        w, h = size
        img = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        rect = pygame.Rect(pad, pad, w, h)
        r = theme.px(12)
        theme.panel(img, rect, alpha=200, radius=r, shadow=False)
        if turn:
            pygame.draw.rect(img, theme.ACCENT, rect, width=max(2, theme.px(2)), border_radius=r)
        cx = rect.x + theme.px(16)
        pygame.draw.circle(img, colour, (cx, rect.y + theme.px(17)), theme.px(7))
        name_size = theme.px(17)
        label = theme.ellipsize(name, name_size, w - theme.px(100), bold=True)
        self.text(img, label, (cx + theme.px(14), rect.y + theme.px(6)), name_size, theme.TEXT,
                  bold=True)
        self.text(img, sub, (cx + theme.px(14), rect.y + theme.px(28)), theme.px(13),
                  theme.ACCENT_LIGHT if turn else theme.TEXT_DIM)
        self.text(img, str(score), (rect.right - theme.px(14), rect.centery), theme.px(24),
                  theme.TEXT, bold=True, anchor="midright")
        if dealer:
            chip = min(pad, theme.px(11))
            c = (rect.right - theme.px(44), rect.top + theme.px(1))
            pygame.draw.circle(img, (250, 246, 232), c, chip)
            pygame.draw.circle(img, theme.ACCENT_DARK, c, chip, max(1, theme.px(2)))
            self.text(img, "D", c, theme.px(13), theme.TEXT_DARK, bold=True, anchor="center",
                      shadow=False)
        return img

    def _draw_scores(self, surface) -> None:
        lines = tuple(self.game.score_lines())
        if not lines:
            return
        w = surface.get_width()
        key = ("scores", lines, theme.px(236), self.match.spec.name)   # px: the window size
        img = self._panel_cache.get(key)
        if img is None:
            img = self._render_scores(lines, self._scores_width(lines))
            self._panel_cache[key] = img
        rect = img.get_rect(topright=(w - theme.px(14), theme.px(12)))
        surface.blit(img, rect)
        self.score_rect = rect

    def _scores_width(self, lines) -> int:
        """Wide enough for its longest label and value (longer in French, or with larger
        text), within bounds: the panel shares the top right corner with the seats."""
        pad = theme.px(12)
        need = theme.text_size(self.match.spec.name, theme.px(16), bold=True)[0]
        for label, value, colour in lines:
            dot = theme.px(16) if colour is not None else 0
            need = max(need, dot + theme.text_size(label, theme.px(15))[0] + theme.px(18)
                       + theme.text_size(str(value), theme.px(15), bold=True)[0])
        return max(theme.px(236), min(theme.px(320), need + 2 * pad))

    def _render_scores(self, lines, width) -> pygame.Surface:
        pad = theme.px(12)
        row = theme.px(22)
        height = pad * 2 + theme.px(24) + row * len(lines)
        img = pygame.Surface((width, height), pygame.SRCALPHA)
        rect = img.get_rect()
        theme.panel(img, rect, alpha=170, radius=theme.px(12), shadow=False)
        title = self.match.spec.name
        self.text(img, theme.ellipsize(title, theme.px(16), width - 2 * pad, True),
                  (pad, pad), theme.px(16), theme.ACCENT_LIGHT, bold=True)
        y = pad + theme.px(26)
        for label, value, colour in lines:
            lx = pad
            if colour is not None:
                pygame.draw.circle(img, colour, (pad + theme.px(5), y + row // 2 - 2),
                                   theme.px(5))
                lx = pad + theme.px(16)
            room = width - lx - pad - theme.px(18) - \
                theme.text_size(str(value), theme.px(15), bold=True)[0]
            self.text(img, theme.ellipsize(label, theme.px(15), max(room, theme.px(60))),
                      (lx, y), theme.px(15), theme.TEXT)
            self.text(img, value, (width - pad, y), theme.px(15), theme.TEXT, bold=True,
                      anchor="topright")
            y += row
        return img

    def _draw_log(self, surface) -> None:
        if not self.log:
            return
        w, h = surface.get_size()
        lines = tuple(list(self.log)[-5:])
        width = theme.px(250)
        key = ("log", lines, width)
        img = self._panel_cache.get(key)
        if img is None:
            size = theme.px(14)
            row = theme.px(19)
            # long entries wrap (never cut); at most six rows, the newest at the bottom
            fnt = theme.font(size)
            rows: list[tuple[str, int, bool]] = []
            for i, line in enumerate(lines):
                for j, part in enumerate(theme.wrap(line, fnt, width - theme.px(30))):
                    rows.append((part, i, j > 0))
            rows = rows[-6:]
            img = pygame.Surface((width, theme.px(16) + row * len(rows)), pygame.SRCALPHA)
            theme.panel(img, img.get_rect(), alpha=120, radius=theme.px(10), shadow=False)
            y = theme.px(8)
            for part, i, more in rows:
                colour = theme.lerp_colour(theme.TEXT_MUTED, theme.TEXT, (i + 1) / len(lines))
                self.text(img, part, (theme.px(20 if more else 10), y), size, colour,
                          shadow=False)
                y += row
            for old in [k for k in self._panel_cache if k[0] == "log"]:
                del self._panel_cache[old]
            self._panel_cache[key] = img
        surface.blit(img, img.get_rect(bottomright=(w - theme.px(14), h - theme.px(56))))

    def _pill(self, surface, text: str, centre, size: int, alpha: int, tint=theme.PANEL):
        key = ("pill", text, size, tuple(tint))
        box = self._panel_cache.get(key)
        if box is None:
            tw, th = theme.text_size(text, size, bold=True)
            box = pygame.Surface((tw + theme.px(36), th + theme.px(18)), pygame.SRCALPHA)
            theme.rounded(box, box.get_rect(), (*tint[:3], 225), box.get_height() // 2,
                          edge=(255, 255, 255, 60))
            self.text(box, text, box.get_rect().center, size, theme.TEXT, bold=True,
                      anchor="center")
            self._panel_cache[key] = box
        box.set_alpha(alpha)
        rect = box.get_rect(center=(int(centre[0]), int(centre[1])))
        surface.blit(box, rect)
        return rect

    @staticmethod
    def _fade(msg) -> int:
        age, seconds = msg[1], msg[2]
        if age < FADE_IN:
            return int(255 * age / FADE_IN)
        left = seconds - age
        return max(0, min(255, int(255 * left / FADE_OUT))) if left < FADE_OUT else 255

    def _draw_caption(self, surface) -> None:
        if self.caption is None:
            return
        cx, cy = self.game.caption_pos()
        self._pill(surface, self.caption[0], (cx, cy), theme.px(17), self._fade(self.caption))

    def _draw_toast(self, surface) -> None:
        if self.toast is None:
            return
        band = self.game.hand_band()
        y = band.top - theme.px(70)
        error = self.toast[3] == "error"
        self._pill(surface, self.toast[0], (surface.get_width() // 2, y), theme.px(17),
                   self._fade(self.toast), tint=(110, 36, 28) if error else theme.PANEL)

    def _draw_review(self, surface) -> None:
        trick = self.game.last_trick()
        if not trick:
            return
        cards, winner, note = trick
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, (0, 0))
        cw = self.game.cw
        n = len(cards)
        gap = int(cw * 0.25)
        total = n * cw + (n - 1) * gap
        panel = pygame.Rect(0, 0, total + theme.px(60), int(cw * 1.4) + theme.px(120))
        panel.center = (w // 2, int(h * 0.45))
        theme.panel(surface, panel, alpha=225, radius=theme.px(16))
        theme.draw_text(surface, "Last trick", (panel.centerx, panel.y + theme.px(14)),
                        theme.px(20), theme.ACCENT_LIGHT, bold=True, anchor="midtop")
        x = panel.centerx - total // 2
        y = panel.y + theme.px(50)
        for seat, code in cards:
            img = self.art.face(code, cw)
            surface.blit(img, (x, y))
            if seat == winner:
                pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(x, y, cw, img.get_height())
                                 .inflate(theme.px(6), theme.px(6)), max(2, theme.px(3)),
                                 border_radius=theme.px(8))
            label = self.game.you(seat)
            theme.draw_text(surface, theme.ellipsize(label, theme.px(14), cw + gap),
                            (x + cw // 2, y + img.get_height() + theme.px(8)), theme.px(14),
                            theme.TEXT, anchor="midtop")
            x += cw + gap
        if note:
            theme.draw_text(surface, note, (panel.centerx, panel.bottom - theme.px(12)),
                            theme.px(14), theme.TEXT_DIM, anchor="midbottom")


def _at(s: CardSprite, x: float, y: float, angle: float, width: float) -> bool:
    return (abs(s.x - x) < 0.5 and abs(s.y - y) < 0.5 and abs(s.w - width) < 0.5
            and abs((s.angle - angle + 180) % 360 - 180) < 0.5)


def _make_scene(module, names: tuple[str, ...], table: TableScene, ev: dict):
    """Build the shell's summary / match-end scene for this table, whatever it is called."""
    cls = None
    for name in names:
        cls = getattr(module, name, None)
        if cls is not None:
            break
    if cls is None:
        return None
    factory = getattr(cls, "for_table", None)
    try:
        return factory(table, ev) if factory is not None else cls(table, ev)
    except TypeError:
        # a scene built another way: the table goes on with its own caption instead
        return None


# --------------------------------------------------------------------------- entry points


def start_match(app, config: dict, **kwargs) -> TableScene:
    """Start a match from the setup scene's config and show its table over the main menu."""
    match = Match.from_config(config)
    table = show_table(app, TableScene(match, **kwargs))
    session.attach(app, match)      # saved now and after every move
    return table


def show_table(app, table: TableScene) -> TableScene:
    old = getattr(app, "table", None)
    if old is not None and old is not table:
        old.match.on_change = None
        old.match.on_ready = None
        old.match.close()
        if old._setting_changed in app.settings_listeners:   # else it lives on, unseen
            app.settings_listeners.remove(old._setting_changed)
    app.table = table
    try:
        from cardtable.ui.scenes.menu import MenuScene

        app.reset(MenuScene())
        app.push(table)
    except ImportError:
        app.reset(table)
    return table


def install(app) -> None:
    """Make the shell start and continue matches on this table, saved in ``app.data_dir``.

    A match saved by an earlier run is checked at once (a damaged file is set aside and the
    player told); "Continue" then resumes it. Starting a new match while one is in progress
    asks first.
    """
    app.table = getattr(app, "table", None)
    saved: list[Match] = []
    if session.match_file(app) is not None and app.table is None:
        match = session.load_saved(app)
        if match is not None:
            saved.append(match)

    def live() -> TableScene | None:
        table = getattr(app, "table", None)
        if table is not None and not table.finished and not table.match.is_over:
            return table
        return None

    def go(config: dict) -> None:
        saved.clear()
        session.forget_saved(app)
        start_match(app, config)

    def on_start(config: dict) -> None:
        from cardtable.ui.scenes.confirm import ConfirmScene

        if not in_progress() and session.saved_unreadable(app):
            app.push(ConfirmScene(N_("Start a new match?"),
                                  N_("The saved match could not be read; the new match will "
                                     "be saved in its place."), N_("Start new match"),
                                  lambda: go(config), no=N_("Keep it")))
            return
        if not in_progress():
            go(config)
            return
        app.push(ConfirmScene(N_("Start a new match?"),
                              N_("The match in progress will be replaced and cannot be "
                                 "continued afterwards."), N_("Start new match"),
                              lambda: go(config), no=N_("Keep it")))

    def on_continue() -> None:
        table = live()
        if table is None and saved:
            match = saved.pop()
            table = show_table(app, TableScene(match))
            session.attach(app, match)
            return
        if table is not None and app.top is not table:
            app.push(table)

    def in_progress() -> bool:
        return live() is not None or bool(saved)

    def match_game() -> str | None:
        """The game of the match in progress (the menu's Rules opens on it)."""
        table = live()
        if table is not None:
            return table.match.game_id
        return saved[-1].game_id if saved else None

    app.on_start_match = on_start
    app.on_continue_match = on_continue
    app.match_in_progress = in_progress
    app.match_game = match_game


__all__ = ["TableScene", "install", "start_match", "friendly", "SUIT_WORDS"]
