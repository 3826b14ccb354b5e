"""Card sprites: a card on the table with a position, angle, side, size and motion.

A sprite's position is its centre. Motion is a :class:`~cardtable.ui.tween.Tween` over
(x, y, angle, width); a flip squashes the card horizontally and shows the other side at
half way; the lift (hover, legal card, drag) raises the card a little and gives it a
larger, softer shadow. Sprites are drawn in z order, and a flying card is drawn above
the cards at rest.

:class:`SpriteSet` holds the sprites of a table and draws them; :class:`Timeline` is the
queue of engine events being animated one after the other (see the table scene).
"""

from __future__ import annotations

import itertools
import math
from collections import deque
from collections.abc import Callable, Iterable

import pygame

from cardtable.ui.canvas import transforms
from cardtable.ui.cardart import CardArt, card_height
from cardtable.ui.tween import Tween, ease_out_cubic, scaled

_ids = itertools.count(1)

FLYING_Z = 10_000


class CardSprite:
    """One card on the table. ``code`` is None for a card whose face is not known."""

    def __init__(self, code: str | None = None, pos=(0.0, 0.0), width: int = 80,
                 angle: float = 0.0, face_up: bool = False):
        self.id = next(_ids)
        self.code = code
        self.x, self.y = float(pos[0]), float(pos[1])
        self.angle = float(angle)
        self.w = float(width)
        self.width = int(width)          # the width it rests at (surfaces cached at it)
        self.face_up = bool(face_up)     # the side shown now
        self.z = 0
        self.zone: str = ""
        self.tween: Tween | None = None
        self.target = (self.x, self.y, self.angle, float(width))
        self.target_face_up = self.face_up
        # flip: (elapsed, delay, duration) while turning over
        self._flip: list[float] | None = None
        self.lift = 0.0
        self.lift_target = 0.0
        self.glow = False
        self.dim = False
        self.wild = False
        self.dragging = False
        self.hidden = False
        self.revealed = False            # another player's card shown face up (known)
        self.owner: int | None = None    # who played it (cards in a trick)
        self._rect_key: tuple | None = None      # rect(): where it was last worked out
        self._rect = pygame.Rect(0, 0, 0, 0)

    # ---- motion ---------------------------------------------------------------
    @property
    def moving(self) -> bool:
        return self.tween is not None or self._flip is not None

    @property
    def flying(self) -> bool:
        """In the air: moving after its delay, or being dragged (drawn above the rest)."""
        if self.dragging:
            return True
        t = self.tween
        return t is not None and t.started and not t.done

    def move_to(self, x: float, y: float, angle: float | None = None, width: float | None = None,
                duration: float = 0.3, delay: float = 0.0, ease=ease_out_cubic,
                face_up: bool | None = None) -> None:
        """Start moving to a new resting place (``duration`` 0 = jump there)."""
        angle = self.target[2] if angle is None else float(angle)
        width = self.target[3] if width is None else float(width)
        self.target = (float(x), float(y), angle, width)
        self.width = int(round(width))
        if duration <= 0 and delay <= 0:
            self.tween = None
            self.x, self.y, self.angle, self.w = self.target
        else:
            self.tween = Tween((self.x, self.y, self.angle, self.w), self.target, duration,
                               delay, ease, angle_index=2)
        if face_up is not None and face_up != self.target_face_up:
            self.flip_to(face_up, duration=max(0.12, duration * 0.6) if duration > 0 else 0.0,
                         delay=delay)

    def retarget(self, x: float, y: float, angle: float, width: float) -> None:
        """A new resting place without restarting the motion (window resized)."""
        self.target = (float(x), float(y), float(angle), float(width))
        self.width = int(round(width))
        if self.tween is not None and not self.dragging:
            self.tween.retarget(self.target)
        elif not self.dragging:
            self.x, self.y, self.angle, self.w = self.target

    def scale_position(self, sx: float, sy: float, sw: float = 1.0) -> None:
        """The window was resized: positions by ``sx`` and ``sy``, the width by ``sw`` (the
        cards' new size), in flight too, so no frame shows a card at the old size."""
        self.x *= sx
        self.y *= sy
        self.w *= sw
        if self.tween is not None:
            self.tween.scale(sx, sy, sw)

    def flip_to(self, face_up: bool, duration: float = 0.2, delay: float = 0.0) -> None:
        self.target_face_up = bool(face_up)
        if self.face_up == self.target_face_up and self._flip is None:
            return
        if duration <= 0 and delay <= 0:
            self.face_up = self.target_face_up
            self._flip = None
            return
        self._flip = [0.0, delay, max(0.01, duration)]

    def finish(self) -> None:
        """Jump to the end of every motion."""
        if self.tween is not None:
            self.x, self.y, self.angle, self.w = self.tween.finish()
            self.tween = None
        self._flip = None
        self.face_up = self.target_face_up
        self.lift = self.lift_target

    def update(self, dt: float, lift_speed: float = 14.0) -> None:
        if self.tween is not None and not self.dragging:
            self.x, self.y, self.angle, self.w = self.tween.advance(dt)
            if self.tween.done:
                self.tween = None
        if self._flip is not None:
            f = self._flip
            f[0] += dt
            if f[0] >= f[1] + f[2]:
                self._flip = None
                self.face_up = self.target_face_up
            elif f[0] >= f[1] + f[2] / 2:
                self.face_up = self.target_face_up
        if self.lift != self.lift_target:
            step = min(1.0, dt * lift_speed)
            self.lift += (self.lift_target - self.lift) * step
            if abs(self.lift - self.lift_target) < 0.01:
                self.lift = self.lift_target

    def squash(self) -> float:
        """Horizontal scale of the flip (1 = flat, 0 = edge on)."""
        f = self._flip
        if f is None or f[0] < f[1]:
            return 1.0
        p = min(1.0, (f[0] - f[1]) / f[2])
        return max(0.04, abs(math.cos(math.pi * p)))

    # ---- geometry -----------------------------------------------------------------
    def lift_offset(self) -> tuple[float, float]:
        """The lift raises a card towards the top of its own face (turned with it)."""
        if self.lift <= 0.001:
            return (0.0, 0.0)
        d = self.lift * self.w * 0.16
        a = math.radians(self.angle)
        return (-math.sin(a) * d, -math.cos(a) * d)

    def rect(self) -> pygame.Rect:
        """The card's upright rectangle where it rests now (used for hit tests)."""
        key = (self.x, self.y, self.w, self.angle, self.lift)
        if key == self._rect_key:
            return self._rect.copy()
        r = self._work_out_rect()
        self._rect_key, self._rect = key, r.copy()
        return r

    def _work_out_rect(self) -> pygame.Rect:
        w = self.w
        h = w * 1.4
        if int(round(self.angle)) % 180 == 90:
            w, h = h, w
        dx, dy = self.lift_offset()
        r = pygame.Rect(0, 0, int(w), int(h))
        r.center = (int(round(self.x + dx)), int(round(self.y + dy)))
        return r

    def contains(self, pos) -> bool:
        """Point inside the (possibly turned) card."""
        dx, dy = self.lift_offset()
        px, py = pos[0] - (self.x + dx), pos[1] - (self.y + dy)
        a = math.radians(self.angle)
        ux = px * math.cos(a) - py * math.sin(a)
        uy = px * math.sin(a) + py * math.cos(a)
        return abs(ux) <= self.w / 2 and abs(uy) <= self.w * 0.7

    # ---- drawing ----------------------------------------------------------------------
    def image(self, art: CardArt) -> pygame.Surface:
        width = self.width
        if self.face_up and self.code is not None:
            return art.face(self.code, width, wild=self.wild, dim=self.dim)
        return art.back(width)

    def draw(self, surface: pygame.Surface, art: CardArt, shadow: bool = True) -> None:
        if self.hidden:
            return
        img = self.image(art)
        squash = self.squash()
        scale = self.w / self.width if self.width else 1.0
        exact = abs(scale - 1.0) < 0.01 and squash >= 0.999
        lifted = self.lift > 0.35 or self.dragging
        dx, dy = self.lift_offset()
        cx, cy = self.x + dx, self.y + dy
        turned = int(round(self.angle)) % 360 != 0
        # a card in the air turns a little every frame: a plain (fast) rotation is used
        # then, and the antialiased, cached one once it rests
        in_air = self.tween is not None and int(round(self.angle)) % 90 != 0
        if exact and not in_air:
            img = art.rotated(img, self.angle)
        else:
            if not exact:
                w = max(1, int(round(self.width * scale * squash)))
                h = max(1, int(round(card_height(self.width) * scale)))
                img = transforms.scale(img, (w, h))
            if turned:
                img = transforms.rotate(img, self.angle)
        if self.glow:
            g = art.glow(self.width)
            if exact:
                g = art.rotated(g, self.angle)
            surface.blit(g, g.get_rect(center=(int(cx), int(cy))))
        if shadow:
            sh = art.shadow(self.width, lifted)
            ox, oy = CardArt.shadow_offset(self.width, lifted)
            pad = (sh.get_width() - self.width) / 2
            # the shadow falls the same way whatever the card's angle (light from above);
            # it has the card's drawn size: a small card of a side hand flying to the pile
            # (drawn at its resting width, a full card's) cast a full card's shadow
            shift_x, shift_y = (ox + pad) * scale, (oy + pad) * scale
            if not exact:
                sh = transforms.scale(
                    sh, (max(1, int(round(sh.get_width() * scale * squash))),
                         max(1, int(round(sh.get_height() * scale)))))
            if turned:
                # a card in the air keeps the shadow of its resting size
                sh = transforms.rotate(sh, self.angle) if in_air or squash < 0.999 \
                    else art.rotated(sh, self.angle)
            surface.blit(sh, sh.get_rect(center=(int(round(cx + shift_x)),
                                                 int(round(cy + shift_y)))))
        surface.blit(img, img.get_rect(center=(int(round(cx)), int(round(cy)))))


class SpriteSet:
    """All card sprites of a table, drawn in z order (flying cards on top)."""

    def __init__(self) -> None:
        self.sprites: dict[int, CardSprite] = {}
        self._order: list[CardSprite] | None = None

    def add(self, sprite: CardSprite) -> CardSprite:
        self.sprites[sprite.id] = sprite
        self._order = None
        return sprite

    def remove(self, sprite: CardSprite) -> None:
        self.sprites.pop(sprite.id, None)
        self._order = None

    def clear(self) -> None:
        self.sprites.clear()
        self._order = None

    def __iter__(self):
        return iter(list(self.sprites.values()))

    def __len__(self) -> int:
        return len(self.sprites)

    @property
    def busy(self) -> bool:
        return any(s.moving for s in self.sprites.values())

    def finish(self) -> None:
        for s in self.sprites.values():
            s.finish()

    def update(self, dt: float) -> None:
        for s in self.sprites.values():
            s.update(dt)

    def ordered(self) -> list[CardSprite]:
        def key(s: CardSprite):
            return (s.z + (FLYING_Z if s.flying else 0), s.id)

        return sorted(self.sprites.values(), key=key)

    def draw(self, surface: pygame.Surface, art: CardArt) -> None:
        for s in self.ordered():
            s.draw(surface, art)

    def at(self, pos, where: Callable[[CardSprite], bool] | None = None) -> CardSprite | None:
        """The topmost sprite under ``pos`` (optionally only those ``where`` accepts)."""
        for s in reversed(self.ordered()):
            if s.hidden or (where is not None and not where(s)):
                continue
            if s.contains(pos):
                return s
        return None


class Timeline:
    """Engine events waiting to be animated, one after the other.

    ``handler(event)`` animates one event and returns how long (seconds at normal speed)
    to wait before the next one. ``speed`` scales every wait (0: no waiting at all).
    A handler may ``insert`` follow-up steps (callables) that run before later events.
    """

    def __init__(self, handler: Callable[[object], float], speed: float = 1.0):
        self.handler = handler
        self.speed = speed
        self.queue: deque = deque()
        self.wait = 0.0

    def extend(self, events: Iterable) -> None:
        self.queue.extend(events)

    def insert(self, step) -> None:
        self.queue.appendleft(step)

    @property
    def idle(self) -> bool:
        return not self.queue and self.wait <= 0

    def __len__(self) -> int:
        return len(self.queue)

    def update(self, dt: float, blocked: Callable[[], bool] | None = None) -> None:
        self.wait -= dt
        while self.wait <= 0 and self.queue:
            if blocked is not None and blocked():
                return
            item = self.queue.popleft()
            hold = item() if callable(item) else self.handler(item)
            self.wait += scaled(hold or 0.0, self.speed)
        if self.wait < 0:
            self.wait = 0.0

    def skip(self, stop: Callable[[object], bool] | None = None) -> None:
        """Process waiting events at once, up to (not including) one ``stop`` accepts."""
        self.wait = 0.0
        saved = self.speed
        self.speed = 0.0
        try:
            while self.queue:
                item = self.queue[0]
                if stop is not None and not callable(item) and stop(item):
                    break
                self.queue.popleft()
                if callable(item):
                    item()
                else:
                    self.handler(item)
        finally:
            self.speed = saved
        self.wait = 0.0
