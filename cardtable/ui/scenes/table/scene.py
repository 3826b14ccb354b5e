"""The table scene itself: its state, its life cycle, the zones of sprites and the frame.

The rest of the scene lives beside it, one concern a module, gathered here as parts of
:class:`TableScene`: the event queue (:mod:`.timeline`), pass-and-play (:mod:`.handover`),
buttons, legal moves, hints and undo (:mod:`.controls`), plates, panels and messages
(:mod:`.hud`), the cached layer of resting cards (:mod:`.layer`) and input
(:mod:`.inputs`). A game's table (:mod:`cardtable.ui.tables`) talks to the scene only
through :class:`cardtable.ui.tables.host.TableHost`.
"""

from __future__ import annotations

import math
from collections import deque

import pygame

from cardtable import i18n
from cardtable.engine.core import Action
from cardtable.match import Match
from cardtable.ui import theme
from cardtable.ui.app import sooner
from cardtable.ui.app import wake as app_wake
from cardtable.ui.canvas import Canvas, Recorder, drawing, per_frame, transforms
from cardtable.ui.cardart import CardArt, card_art_for
from cardtable.ui.felt import Felt
from cardtable.ui.keyboard import Keyboard
from cardtable.ui.lru import LRU
from cardtable.ui.scene import Scene
from cardtable.ui.scenes.table.controls import Controls
from cardtable.ui.scenes.table.handover import HandOver
from cardtable.ui.scenes.table.hud import FADE_IN, FADE_OUT, Hud
from cardtable.ui.scenes.table.inputs import Input
from cardtable.ui.scenes.table.layer import RestingLayer
from cardtable.ui.scenes.table.listen import Listen
from cardtable.ui.scenes.table.logline import LogLine
from cardtable.ui.scenes.table.network import Network
from cardtable.ui.scenes.table.timeline import EventQueue
from cardtable.ui.sound import Sounds
from cardtable.ui.sprites import CardSprite, SpriteSet, Timeline
from cardtable.ui.tables import table_class
from cardtable.ui.tween import speed_factor
from cardtable.ui.widgets import Button, Form

PACE = 0.65           # pause before a computer's move at normal speed, seconds
PANEL_CACHE = 96      # panels, plates and message pills kept drawn (the most recent)
TEXT_CACHE = 240      # texts kept rendered (the most recent)
PANEL_CACHE_BYTES = 2 * 2**20    # ... and at most so many bytes of pixels,
PANEL_CACHE_SHARE = 0.35          # or this share of the window's pixels when that is more
TEXT_CACHE_BYTES = 3 * 2**18      # (the panels of one frame at 1920x1080 take 1-2 MB;
#                                    texts: 0.75 MB, half of what it was, missed 8 % more
#                                    often over the five games, 0.1 ms a text drawn again)
PULSE_SECONDS = 4.0   # a glow (whose turn, the keyboard's focus) breathes this long, then rests
GLOW_RATE = 30        # frames a second for the glows breathing alone (in their rectangles)


def panel_cache_bytes(size: tuple[int, int]) -> int:
    """The pixels the table keeps of drawn panels at a window of ``size``."""
    return max(PANEL_CACHE_BYTES, int(PANEL_CACHE_SHARE * 4 * size[0] * size[1]))


class TableScene(EventQueue, HandOver, Controls, Hud, RestingLayer, Input, Listen, Network,
                 Scene):
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
        self.dealer: int | None = match.state.dealer
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
        self.control_actions: dict = {}     # the game's buttons' moves, by name
        self._sounds_due: list[list] = []
        self._skipping = False
        self._text_cache: dict[tuple, pygame.Surface] = LRU(TEXT_CACHE, TEXT_CACHE_BYTES)
        self._panel_cache: dict[tuple, pygame.Surface] = LRU(PANEL_CACHE, PANEL_CACHE_BYTES)
        self._plate_widths: dict[tuple, int] = LRU(64)   # a plate's width per state of its words
        self._score_widths: dict[tuple, int] = LRU(16)   # the score panel's, likewise
        #: a toast about the move to make (a hint, how to play a card): goes with the move
        self._move_toast: list | None = None
        self._move_toast_at = 0            # the number of moves when it was shown
        self._static: pygame.Surface | None = None     # the resting layer (see layer.py)
        self._canvas = Canvas()
        self._layer_parts: dict[int, tuple] = {}      # each resting card's blits, kept
        self._layer: Recorder | None = None           # the resting cards' blits, in order
        self._card_parts: dict[int, tuple] = {}       # the other cards' blits, kept a frame
        self._card_parts_now: dict[int, tuple] = {}
        self._look: tuple | None = None
        self._static_cache_key = None
        self._static_snapshot: dict[int, tuple] = {}
        self.manual_order = False
        self.legal: list[Action] = []
        self.playable: set[str] = set()
        self._legal_key = None
        #: network play: the moves played while the table was out of sight, and whether a
        #: deal's end among them holds the rest until the person is back (update_away)
        self._away_events: list = []
        self._away_held = False
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
        self._messages_drawn: tuple = ((None, None), (None, None))   # see redraw_area
        self._glows: list[pygame.Rect] | None = None                 # see pulse
        self._was_still = False                                      # see redraw_area
        self._pulse_turn: int | None = None

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
        self._panel_cache.max_bytes = panel_cache_bytes(self.size)
        self.game.layout(self.size)
        self.rebuild_controls()
        # a computer's move ready on its worker wakes the window's loop
        self.match.on_ready = app_wake
        self.match.tell_presence(True)     # friends at a network table: back at the table
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
                self.log_match_so_far()     # a restored deal's moves
        else:
            self.catch_up()             # back from the menu: what friends played meanwhile

    def log_match_so_far(self, spoken: bool = True) -> None:
        """The match's last moves into the log (a restored deal, a friend back at a table),
        as this screen may see them; said aloud too unless not ``spoken``."""
        add = self.say if spoken else self.log.append
        for event in self.match.log[-self.log.maxlen:]:
            shown = event.for_seat(self.secret_for)
            line = self.game.describe(shown)
            if line:
                add(LogLine(line, shown))

    def let_go_of_pixels(self) -> None:
        """Give back what this table keeps drawn (its resting picture, a window's size of
        pixels, its texts and panels) once another table replaces it: they go at once, even
        while something still refers to the scene until the collector's next full pass (seen
        in a soak: the table before lived on beside the new one, 7 MB with its caches). If it
        is drawn again, it draws them anew."""
        self._text_cache.clear()
        self._panel_cache.clear()
        self._canvas.release()
        self._static = None
        self._layer = None
        self._static_cache_key = None
        self._layer_parts.clear()
        self._card_parts.clear()
        self._card_parts_now.clear()

    def on_exit(self) -> None:
        if not self.finished:
            self.match.tell_presence(False)    # to the menu: friends' plates say so
        if self.app is not None and self.finished:
            if self._setting_changed in self.app.settings_listeners:
                self.app.settings_listeners.remove(self._setting_changed)

    def on_resume(self) -> None:
        if self.size != self.game.size:
            self.on_resize(self.size)
        self.keys.reset()          # after a summary or a hand-over: the focus starts afresh
        if self.waiting and not self.finished:
            self.waiting = False
        self.match.tell_presence(True)
        self.catch_up()

    def on_resize(self, size: tuple[int, int]) -> None:
        self._panel_cache.max_bytes = panel_cache_bytes(size)
        old, old_cw = self.game.size, self.game.cw
        self.game.layout(size)
        sx, sy = size[0] / max(1, old[0]), size[1] / max(1, old[1])
        sw = self.game.cw / max(1, old_cw)      # the cards' new size, for those in flight
        for s in self.sprites:
            s.scale_position(sx, sy, sw)
        if self.drag is not None:
            self.drag["sprite"].x, self.drag["sprite"].y = self.pointer
        self.relayout(resize=True)
        self.rebuild_controls()

    def _apply_settings(self) -> None:
        st = self.settings
        self.art = card_art_for(st, self.game.FOUR_COLOURS)
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
            sounds = self.app.sounds
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
            self.rebuild_controls()

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

    def relayout(self, duration: float = 0.3, delays: dict[int, float] | None = None,
                 resize: bool = False, zones: list[str] | None = None) -> None:
        """Send every sprite to its resting place (animated unless ``duration`` is 0).
        The places are worked out as for one frame (nothing they depend on moves while the
        sprites are sent): the review's pairs65 board at 800x500 asked each seat's room
        thousands of times a step (a step took 108 ms, now 15)."""
        with drawing():
            self._relayout(duration, delays, resize, zones)

    def _relayout(self, duration: float, delays: dict[int, float] | None, resize: bool,
                  zones: list[str] | None) -> None:
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

    def play_sound(self, name: str, delay: float = 0.0) -> None:
        """Play a sound now or ``delay`` seconds (at normal speed) from now."""
        if self.sounds is None or self.speed <= 0 or self._skipping:
            return
        if delay > 0:
            self._sounds_due.append([self.clock + delay / self.speed, name])
        else:
            self.sounds.play(name)

    #: a still picture of a deal (the review's board, ui/replay.py): nobody acts at it
    still = False
    asks_twice = True
    coached = False

    def my_turn(self) -> bool:
        m = self.match
        return not self.still and self.idle and not m.is_over and m.to_act == self.viewer and \
            m.is_human(self.viewer) and self.secret_for == self.viewer

    def update(self, dt: float) -> None:
        self.clock += dt
        self.take_notices()         # network play: friends coming and going, refusals
        if self.finished and self.app is not None and self.app.table is not self:
            return                  # the host closed the table: it is gone
        self._hotseat_guard()
        # at the host, a friend's move is played now, whatever is still being shown
        self.timeline.extend(self.take_friends_move())
        if not self.waiting:
            self.timeline.update(dt, blocked=self.queue_blocked)
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
                        self.timeline.update(0.0, blocked=self.queue_blocked)
        if self.idle:
            self.turn = self.match.to_act
        self.refresh_legal()
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

    @property
    def skipping(self) -> bool:
        """True while a skip jumps to the end of the queue (nothing is animated then)."""
        return self._skipping

    @property
    def panel_cache(self) -> dict:
        """Drawn panels kept for the next frames, by a key of what they show; emptied when
        the language, the contrast or the text size changes."""
        return self._panel_cache

    def pulse(self, rate: float, where: pygame.Rect | None = None) -> float:
        """0..1 for a breathing glow: it breathes for a few seconds after the turn passed or
        a key was pressed, then rests half lit (a still table draws no frames). ``where``:
        the rectangle the glow is drawn in (while it breathes, only the glows' rectangles
        are drawn again: see redraw_area); a glow drawn without one has the whole table
        drawn."""
        if where is None:
            self._glows = None
        elif self._glows is not None:
            self._glows.append(where)
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
            if self.timeline.wait <= 0 and self.speech_busy():
                return self.narrator.speaker.remaining()     # the next event waits for speech
            return 0.0
        if self.clock - self._pulse_from < PULSE_SECONDS:
            if self._glows is None or not self._still() or not self.my_turn():
                return 0.0
            # only the glows breathe, drawn in their rectangles: a slow breath needs no
            # more than GLOW_RATE frames a second
            left = 1 / GLOW_RATE - self.clock % (1 / GLOW_RATE)
            return left if left > 1e-3 else 1 / GLOW_RATE
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
            if self.turn is not None and (not m.seats[self.turn].is_human or
                                          m.seat_status(self.turn) in ("away", "open",
                                                                       "idle")):
                # "Thinking..." dots (a person playing elsewhere shows none)
                due = sooner(due, (math.floor(self.clock * 3) + 1) / 3 - self.clock)
        return sooner(due, self.form.next_frame_in())

    def _still(self) -> bool:
        """Nothing moves, is dragged, rises or waits to be shown or heard."""
        return self.drag is None and not self.sprites.busy and not self._sounds_due and \
            (self.waiting or self.timeline.idle) and \
            all(s.lift == s.lift_target for s in self.sprites)

    def redraw_area(self) -> list[pygame.Rect] | None:
        """At the person's turn, nothing moving and no timer of the table's running, what
        changes by itself is a message fading, a glow breathing and the buttons' easings:
        their rectangles (the App draws those alone; a refused move's message costs
        little); else None. Asked once a pass at least (the App's loop)."""
        m = self.match
        # still now and at the pass before (a card that landed or rose in the update just
        # done has moved: the whole table is drawn once more)
        still = self._still()
        was_still, self._was_still = self._was_still, still
        breathing = self.clock - self._pulse_from < PULSE_SECONDS + 1 / 30
        if not (still and was_still) or (breathing and self._glows is None) or \
                not (m.is_over or self.my_turn()) or \
                self._messages_drawn[0] != (id(self.toast), id(self.caption)):
            return None
        fading = [rect for msg, rect in zip((self.toast, self.caption), self._messages_drawn[1],
                                            strict=True)
                  if msg is not None and rect is not None
                  and (msg[1] < FADE_IN or msg[2] - msg[1] <= FADE_OUT + 1 / 30)]
        glows = list(self._glows or []) if breathing else []
        return fading + glows + self.form.redraw_area()

    def draw(self, surface: pygame.Surface) -> None:
        # the places of plates, panels and empty slots are worked out once a frame
        with drawing():
            self._draw(surface)

    def _draw(self, surface: pygame.Surface) -> None:
        # texts and panels are cached as drawn: a change of language, contrast or text size
        # draws them anew
        look = (i18n.language(), theme.high_contrast(), theme.text_scale())
        if look != self._look:
            self._look = look
            self._text_cache.clear()
            self._panel_cache.clear()
            self._static = None
        art = self.art
        transforms.new_frame()
        self._glows = []        # filled by pulse() as the breathing glows are drawn
        # what lies under the cards in the air is noted, not drawn: its picture is kept
        # and drawn again only where it changed (layer.py)
        under = self._record_layer(surface.get_size())
        if self.drag is not None and self.drag["moved"]:
            for rect in self.game.drop_targets(self.drag["sprite"]):
                self._draw_target(under, rect)
        self._draw_plates(under)
        hand = f"hand{self.viewer}"
        focused = self.keys.focused_hand_card()
        flying: list[CardSprite] = []
        for s in self.sprites.ordered():
            if s.zone == hand or s.moving or s.dragging:
                if flying or s.flying:
                    flying.append(s)        # (the flying come last: drawn over the rest)
                    continue
                self.note_card(under, s, self.casts_shadow_moving(s))
                if s is focused and not s.moving:
                    self._focus_ring(under, s.rect())
        surface.blit(self._paint_layer(under), (0, 0))
        for s in flying:
            s.draw(surface, art, shadow=self.casts_shadow_moving(s))
            if s is focused and not s.moving:
                self.keys.outline(surface, s.rect())
        self._draw_hint_marks(surface)
        self.game.extra_draw(surface)
        self._draw_scores(surface)
        self._draw_log(surface)
        self.form.draw(surface)
        toast = self._draw_toast(surface)
        caption = self._draw_caption(surface, clear_of=toast)
        #: the messages drawn and where (TableScene.redraw_area)
        self._messages_drawn = ((id(self.toast), id(self.caption)), (toast, caption))
        self._draw_why_not(surface)
        if self.review or self.review_hold or self.review_hover:
            self._draw_review(surface)
        self.keys.draw(surface)
        if not flying and not self.sprites.busy:
            transforms.clear()      # nothing moves: the images made for the motion go


    @per_frame
    def panel_lines(self) -> tuple:
        """The score panel's lines (the game's and the network's), worked out once a frame
        (the panel and the piles placed below it ask)."""
        return tuple(self.game.score_lines()) + self.net_lines()

    def _focus_ring(self, under: Recorder, rect: pygame.Rect) -> None:
        """The keyboard's ring round a card of the hand, noted among the blits under the
        cards in the air. It goes on before the cards to its right, so they cover it as
        they cover the card: it frames the card and hides no neighbour's index. While it
        breathes it is drawn anew each frame; then it rests as it is."""
        reach = theme.px(4) + max(3, theme.px(3)) + 4     # its width beyond the card
        breathing = self.clock - self._pulse_from < PULSE_SECONDS
        key = ("focus", tuple(rect), self.clock if breathing else None)
        ring = rect.copy()          # (the rect as it is now: the card's may move on)
        under.call(lambda surf: self.keys.outline(surf, ring),
                   rect.inflate(2 * reach, 2 * reach), key)


def _at(s: CardSprite, x: float, y: float, angle: float, width: float) -> bool:
    return (abs(s.x - x) < 0.5 and abs(s.y - y) < 0.5 and abs(s.w - width) < 0.5
            and abs((s.angle - angle + 180) % 360 - 180) < 0.5)
