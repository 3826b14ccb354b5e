"""Eased movement: easing curves, a value tween, and the animation speed setting.

Durations are given at normal speed in seconds; the speed factor divides them
(2 = twice as fast, 0.5 = slower, 0 = instant). A tween is driven by ``advance(dt)``,
never by the wall clock, so tests and skipping are exact.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

Easing = Callable[[float], float]


def ease_out_cubic(t: float) -> float:
    t = 1.0 - t
    return 1.0 - t * t * t


#: Named animation speeds (the settings may store a name or a number).
SPEEDS = {"off": 0.0, "slow": 0.6, "normal": 1.0, "fast": 1.8}


def speed_factor(value) -> float:
    """A settings value (name or number; 0 or 'off' = no animation) as a factor."""
    if isinstance(value, str):
        return SPEEDS.get(value.lower(), 1.0)
    try:
        v = float(value)
    except (TypeError, ValueError):
        return 1.0
    return max(0.0, v)


def scaled(duration: float, speed: float) -> float:
    """Seconds at ``speed`` for a ``duration`` given at normal speed (0 when off)."""
    if speed <= 0:
        return 0.0
    return duration / speed


def lerp_angle(a: float, b: float, t: float) -> float:
    """Interpolate angles in degrees the short way round."""
    d = (b - a + 180.0) % 360.0 - 180.0
    return a + d * t


class Tween:
    """Moves a tuple of floats from ``start`` to ``end`` over ``duration`` after ``delay``."""

    __slots__ = ("start", "end", "duration", "delay", "ease", "elapsed", "angle_index")

    def __init__(
        self,
        start: Sequence[float],
        end: Sequence[float],
        duration: float,
        delay: float = 0.0,
        ease: Easing = ease_out_cubic,
        angle_index: int | None = None,
    ):
        self.start = tuple(float(v) for v in start)
        self.end = tuple(float(v) for v in end)
        self.duration = max(0.0, float(duration))
        self.delay = max(0.0, float(delay))
        self.ease = ease
        self.elapsed = 0.0
        self.angle_index = angle_index

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def started(self) -> bool:
        return self.elapsed > self.delay or self.duration == 0.0

    @property
    def remaining(self) -> float:
        return max(0.0, self.delay + self.duration - self.elapsed)

    def progress(self) -> float:
        if self.duration <= 0.0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    def advance(self, dt: float) -> tuple[float, ...]:
        self.elapsed += max(0.0, dt)
        return self.value()

    def finish(self) -> tuple[float, ...]:
        self.elapsed = self.delay + self.duration
        return self.end

    def value(self) -> tuple[float, ...]:
        p = self.progress()
        if p >= 1.0:
            return self.end
        e = self.ease(p)
        out = []
        for i, (a, b) in enumerate(zip(self.start, self.end, strict=True)):
            if i == self.angle_index:
                out.append(lerp_angle(a, b, e))
            else:
                out.append(a + (b - a) * e)
        return tuple(out)

    def retarget(self, end: Sequence[float]) -> None:
        """Go on from where the tween is now to a new end, in the time that was left."""
        if self.started:
            left = self.remaining
            self.start = self.value()
            self.elapsed = 0.0
            self.delay = 0.0
            self.duration = left
        self.end = tuple(float(v) for v in end)

    def scale(self, sx: float, sy: float, sw: float = 1.0) -> None:
        """Scale start and end positions (indices 0 and 1), and the width (index 3) by
        ``sw``, after the window was resized."""
        def scaled_(v: tuple[float, ...]) -> tuple[float, ...]:
            out = [v[0] * sx, v[1] * sy, *v[2:]]
            if len(out) > 3:
                out[3] *= sw
            return tuple(out)
        self.start, self.end = scaled_(self.start), scaled_(self.end)
