"""Rows of a settings form: a label on the left and its control on the right (a toggle,
a choice among a few words, a slider)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from cardtable.i18n import Msg, PMsg, language, tr
from cardtable.ui import theme
from cardtable.ui.widgets.base import (
    ROW_HEIGHT,
    Widget,
    approach,
)


class _Row(Widget):
    """A labelled settings row: label on the left, control on the right.

    A label too long for one line wraps; :meth:`needed_height` says how tall the row must be
    for all of it to show, and the layouts give it that height (larger text sizes, French).
    A label that would take more than ``beside_lines`` lines beside its control is laid
    across the whole row instead, its control on a line of its own under it at the right
    ("A computer plays for a silent friend after" in French at the larger text sizes cut
    its last word in three lines beside the choice).
    """

    control_width = 240   # before scaling
    max_label_lines = 3
    #: the most lines a label takes beside its control (at most ``max_label_lines``)
    beside_lines = 3

    def __init__(self, label: str, enabled: bool = True, rect=None, help_text: str = ""):
        super().__init__(rect, enabled)
        self.label = label
        self.name = label
        self.help_text = help_text

    def spoken_value(self) -> str:
        """The control's value as said (empty: a row without one)."""
        return ""

    def spoken(self) -> str:
        value = self.spoken_value()
        label = tr(self.label)
        text = tr(Msg("{label}: {value}", label=label, value=value)) if label and value \
            else label or value
        if not self.enabled:
            return tr(Msg("{label}, unavailable", label=text))
        return text

    def control_span(self, width: int) -> int:
        """The control's width in a row ``width`` pixels wide."""
        return min(theme.px(self.control_width), width // 2)

    def control_rect(self) -> pygame.Rect:
        if not self.label:
            return self.rect.copy()
        w = self.control_span(self.rect.width)
        h = min(self.rect.height, theme.px(ROW_HEIGHT)) - theme.px(8)
        r = pygame.Rect(0, 0, w, h)
        r.midright = (self.rect.right - theme.px(10), self.control_centery())
        return r

    def control_centery(self) -> int:
        """The height of the control's middle: the row's, or that of the line of its own
        under a label laid across the row."""
        if self.stacked():
            return self.rect.bottom - theme.px(ROW_HEIGHT) // 2
        return self.rect.centery

    def label_room(self, width: int | None = None) -> int:
        """How wide the label may be beside the control in a row ``width`` pixels wide (this
        row's own width)."""
        width = self.rect.width if width is None else width
        return width - self.control_span(width) - theme.px(34)

    def _label_layout(self, width: int | None) -> tuple[bool, list[str]]:
        """(laid across the row above its control?, the label's lines) at ``width``."""
        width = self.rect.width if width is None else width
        if not self.label:
            return False, []
        fnt = theme.font(theme.px(theme.BODY))
        key = (tr(self.label), language(), width, theme.px(1000), theme.text_scale())
        cached = getattr(self, "_label_cache", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        lines = theme.wrap(self.label, fnt, max(1, self.label_room(width)))
        out = (False, lines)
        if len(lines) > min(self.beside_lines, self.max_label_lines):
            out = (True, theme.wrap(self.label, fnt, max(1, width - theme.px(28))))
        self._label_cache = (key, out)
        return out

    def stacked(self, width: int | None = None) -> bool:
        """Is the label laid across the row (``width`` wide), its control under it?"""
        return self._label_layout(width)[0]

    def label_lines(self, width: int | None = None) -> list[str]:
        """The label (translated) broken into the lines it is drawn on."""
        return self._label_layout(width)[1]

    def label_width(self, width: int | None = None) -> int:
        """How wide the label's lines may be, as it is laid in a row ``width`` wide."""
        width = self.rect.width if width is None else width
        return width - theme.px(28) if self.stacked(width) else self.label_room(width)

    def needed_height(self, width: int) -> int:
        """How tall the row must be at ``width`` so that its whole label shows."""
        step = theme.line_height(theme.px(theme.BODY))
        if self.stacked(width):
            return theme.px(6) + len(self.label_lines(width)) * step + theme.px(ROW_HEIGHT)
        lines = max(1, min(self.max_label_lines, len(self.label_lines(width))))
        return max(theme.px(ROW_HEIGHT), lines * step + theme.px(12))

    def draw_row(self, surface: pygame.Surface) -> None:
        if self.label:
            alpha = int(14 + 22 * self.hover_t) if self.enabled else 8
            if self.hover_t > 0.02 or (self.focused and self.show_focus):
                theme.rounded(surface, self.rect, (255, 255, 255, alpha), theme.px(10))
            colour = theme.TEXT if self.enabled else theme.TEXT_MUTED
            size = theme.px(theme.BODY)
            room = self.label_width()
            lines = self.label_lines()
            step = theme.line_height(size)
            if self.stacked():
                fit = max(1, (self.rect.height - theme.px(ROW_HEIGHT) - theme.px(2)) // step)
                y = self.rect.top + theme.px(6)
            else:
                fit = max(1, min(self.max_label_lines,
                                 (self.rect.height - theme.px(4)) // step))
                y = self.rect.centery - min(fit, len(lines)) * step // 2
            if len(lines) > fit:          # a row laid out too low for its label
                lines = lines[:fit - 1] + [" ".join(lines[fit - 1:])]
            for line in lines:
                theme.draw_text(surface, theme.ellipsize(line, size, room),
                                (self.rect.left + theme.px(14), y), size, colour)
                y += step
        self.draw_focus(surface)


class Toggle(_Row):
    """An on/off switch with a label; click anywhere on the row, Enter or Space flips it."""

    control_width = 64

    def __init__(self, label: str, value: bool = False,
                 on_change: Callable[[bool], Any] | None = None, enabled: bool = True,
                 rect=None, help_text: str = ""):
        super().__init__(label, enabled, rect, help_text)
        self.value = bool(value)
        self.on_change = on_change
        self.knob_t = 1.0 if self.value else 0.0

    def activate(self) -> None:
        if not self.enabled:
            return
        self.set(not self.value)

    def spoken_value(self) -> str:
        return tr(PMsg("switch", "on") if self.value else PMsg("switch", "off"))

    def set(self, value: bool) -> None:
        value = bool(value)
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_LEFT and self.value:
            self.set(False)
            return True
        if event.key == pygame.K_RIGHT and not self.value:
            self.set(True)
            return True
        return event.key in (pygame.K_LEFT, pygame.K_RIGHT)

    def update(self, dt: float) -> None:
        super().update(dt)
        before = self.knob_t
        self.knob_t = approach(self.knob_t, 1.0 if self.value else 0.0, dt, 16.0)
        self.eased = self.eased or self.knob_t != before

    def switch_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, theme.px(54), theme.px(30))
        r.midright = (self.rect.right - theme.px(12), self.control_centery())
        return r

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        self.draw_row(surface)
        track = self.switch_rect()
        on = theme.ACCENT if self.enabled else theme.DISABLED
        off = (74, 84, 78)
        colour = theme.lerp_colour(off, on, self.knob_t)
        pygame.draw.rect(surface, colour, track, border_radius=track.height // 2)
        pygame.draw.rect(surface, (0, 0, 0), track, width=1, border_radius=track.height // 2)
        r = track.height // 2 - theme.px(3)
        x = track.left + track.height // 2 + (track.width - track.height) * self.knob_t
        pygame.draw.circle(surface, (0, 0, 0, 80), (int(x), track.centery + theme.px(1)), r)
        pygame.draw.circle(surface, (250, 248, 240), (int(x), track.centery), r)


class Choice(_Row):
    """Left/right cycling through ``options`` (a list of (value, text) pairs)."""

    def __init__(self, label: str, options: Sequence[tuple[Any, str]], value: Any = None,
                 on_change: Callable[[Any], Any] | None = None, enabled: bool = True,
                 wrap: bool = True, rect=None, help_text: str = ""):
        super().__init__(label, enabled, rect, help_text)
        self.options = list(options)
        if not self.options:
            raise ValueError("a Choice needs at least one option")
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0
        self.on_change = on_change
        self.wrap = wrap
        self.slide = 0.0   # -1..1, a small nudge of the text when the value changes

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    @property
    def text(self) -> str:
        return self.options[self.index][1]

    def set(self, value: Any, notify: bool = True) -> None:
        for i, (v, _) in enumerate(self.options):
            if v == value:
                if i != self.index:
                    self.index = i
                    if notify and self.on_change is not None:
                        self.on_change(self.value)
                return
        raise ValueError(f"{value!r} is not one of the choices")

    def step(self, delta: int) -> None:
        if not self.enabled:
            return
        n = len(self.options)
        i = self.index + delta
        if self.wrap:
            i %= n
        else:
            i = max(0, min(n - 1, i))
        if i != self.index:
            self.index = i
            self.slide = 1.0 if delta > 0 else -1.0
            if self.on_change is not None:
                self.on_change(self.value)

    def activate(self) -> None:
        self.step(1)

    def spoken_value(self) -> str:
        return tr(self.text)

    def needed_width(self) -> int:
        """The control's width at which every option shows whole, between its arrows."""
        size = theme.px(theme.BODY)
        widest = max(theme.text_size(text, size, bold=True)[0] for _, text in self.options)
        return widest + 2 * theme.px(34) + theme.px(14)

    def control_span(self, width: int) -> int:
        return min(max(theme.px(self.control_width), self.needed_width()), width // 2)

    def _arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        c = self.control_rect()
        w = min(theme.px(34), c.width // 5)
        return pygame.Rect(c.left, c.top, w, c.height), pygame.Rect(c.right - w, c.top, w, c.height)

    def mouse_up(self, pos: tuple[int, int], inside: bool) -> None:
        if not inside:
            return
        left, right = self._arrows()
        if left.collidepoint(pos):
            self.step(-1)
        else:
            self.step(1)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_LEFT:
            self.step(-1)
            return True
        if event.key == pygame.K_RIGHT:
            self.step(1)
            return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        before = self.slide
        self.slide = approach(self.slide, 0.0, dt, 14.0)
        self.eased = self.eased or self.slide != before

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        self.draw_row(surface)
        c = self.control_rect()
        radius = theme.px(8)
        bg = (0, 0, 0, 70) if self.enabled else (0, 0, 0, 40)
        theme.rounded(surface, c, bg, radius, edge=(255, 255, 255, 40))
        left, right = self._arrows()
        fg = theme.TEXT if self.enabled else theme.TEXT_MUTED
        can_left = self.enabled and (self.wrap or self.index > 0)
        can_right = self.enabled and (self.wrap or self.index < len(self.options) - 1)
        self._chevron(surface, left.center, -1, theme.ACCENT if can_left else theme.TEXT_MUTED)
        self._chevron(surface, right.center, 1, theme.ACCENT if can_right else theme.TEXT_MUTED)
        size = theme.px(theme.BODY)
        room = c.width - left.width - right.width - theme.px(6)
        size = theme.fit_size(self.text, size, room, bold=True, height=c.height)
        text = theme.ellipsize(self.text, size, room, bold=True)
        centre = (c.centerx + int(self.slide * theme.px(10)), c.centery)
        theme.draw_text(surface, text, centre, size, fg, bold=True, anchor="center",
                        shadow=False)
        if not self.label:
            self.draw_focus(surface, radius)

    @staticmethod
    def _chevron(surface: pygame.Surface, centre: tuple[int, int], direction: int,
                 colour) -> None:
        s = theme.px(6)
        cx, cy = centre
        pts = [(cx - direction * s // 2, cy - s), (cx + direction * s // 2, cy),
               (cx - direction * s // 2, cy + s)]
        pygame.draw.lines(surface, colour, False, pts, max(2, theme.px(3)))


class Slider(_Row):
    """A whole-number slider from ``minimum`` to ``maximum``; drag, click or arrow keys."""

    def __init__(self, label: str, minimum: int, maximum: int, value: int | None = None,
                 on_change: Callable[[int], Any] | None = None, step: int = 1,
                 enabled: bool = True, rect=None, help_text: str = "",
                 fmt: Callable[[int], str] = str):
        super().__init__(label, enabled, rect, help_text)
        if maximum < minimum:
            raise ValueError("maximum must not be below minimum")
        self.minimum = minimum
        self.maximum = maximum
        self.step_size = max(1, step)
        self.value = self._clamp(minimum if value is None else value)
        self.on_change = on_change
        self.fmt = fmt

    def spoken_value(self) -> str:
        return tr(self.fmt(self.value))

    def _clamp(self, v: int) -> int:
        return max(self.minimum, min(self.maximum, int(round(v))))

    def set(self, value: int) -> None:
        value = self._clamp(value)
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def value_width(self) -> int:
        """Room for the value at the right of the track (the widest value, in bold)."""
        size = theme.px(theme.BODY)
        widest = max(theme.text_size(self.fmt(v), size, bold=True)[0]
                     for v in (self.minimum, self.maximum))
        return max(theme.px(44), widest + theme.px(8))

    def track_rect(self) -> pygame.Rect:
        c = self.control_rect()
        value_w = self.value_width()
        return pygame.Rect(c.left + theme.px(10), c.centery - theme.px(3),
                           c.width - value_w - theme.px(20), theme.px(6))

    def knob_x(self) -> int:
        t = self.track_rect()
        span = self.maximum - self.minimum
        frac = 0.0 if span == 0 else (self.value - self.minimum) / span
        return int(t.left + frac * t.width)

    def value_at(self, x: int) -> int:
        t = self.track_rect()
        frac = 0.0 if t.width <= 0 else (x - t.left) / t.width
        frac = max(0.0, min(1.0, frac))
        raw = self.minimum + frac * (self.maximum - self.minimum)
        return self._clamp(round(raw / self.step_size) * self.step_size)

    def mouse_down(self, pos: tuple[int, int]) -> None:
        if self.enabled and self.control_rect().inflate(0, theme.px(8)).collidepoint(pos):
            self.set(self.value_at(pos[0]))
            self.dragging = True
        else:
            self.dragging = False

    def drag(self, pos: tuple[int, int]) -> None:
        if self.enabled and getattr(self, "dragging", False):
            self.set(self.value_at(pos[0]))

    def mouse_up(self, pos: tuple[int, int], inside: bool) -> None:
        self.dragging = False

    def take_press(self, old) -> None:
        super().take_press(old)
        self.dragging = getattr(old, "dragging", False)

    def activate(self) -> None:
        pass

    def key(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        k = event.key
        big = max(self.step_size, (self.maximum - self.minimum) // 5)
        moves = {
            pygame.K_LEFT: -self.step_size, pygame.K_RIGHT: self.step_size,
            pygame.K_PAGEDOWN: -big, pygame.K_PAGEUP: big,
        }
        if k in moves:
            self.set(self.value + moves[k])
            return True
        if k == pygame.K_HOME:
            self.set(self.minimum)
            return True
        if k == pygame.K_END:
            self.set(self.maximum)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        self.draw_row(surface)
        t = self.track_rect()
        pygame.draw.rect(surface, (0, 0, 0), t.inflate(2, 2), border_radius=t.height)
        pygame.draw.rect(surface, (84, 94, 88), t, border_radius=t.height)
        x = self.knob_x()
        filled = pygame.Rect(t.left, t.top, max(0, x - t.left), t.height)
        colour = theme.ACCENT if self.enabled else theme.DISABLED
        pygame.draw.rect(surface, colour, filled, border_radius=t.height)
        r = theme.px(10)
        pygame.draw.circle(surface, (0, 0, 0), (x, t.centery + theme.px(1)), r + 1)
        pygame.draw.circle(surface, (250, 248, 240), (x, t.centery), r)
        c = self.control_rect()
        size = theme.px(theme.BODY)
        fg = theme.TEXT if self.enabled else theme.TEXT_MUTED
        theme.draw_text(surface, self.fmt(self.value), (c.right - theme.px(4), c.centery), size,
                        fg, bold=True, anchor="midright")


# --------------------------------------------------------------------------- TextInput
