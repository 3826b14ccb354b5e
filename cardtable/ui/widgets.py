"""Our own small widget set: Button, Toggle, Choice, Slider, TextInput, ScrollText, Form.

Scenes place widgets by setting ``widget.rect`` (sizes from ``theme.px`` so they follow the
window) and hand every event to a :class:`Form`, which routes mouse events by position and
keys to the focused widget, and moves the focus with Tab / Shift-Tab / the arrow keys.
Enter or Space activates the focused widget; Esc calls the form's ``on_cancel``.

The focus ring is shown once the keyboard is used and hidden again by a mouse click, like
the focus rings of a desktop application.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from cardtable.i18n import Msg, language, paragraphs, tr
from cardtable.names import printable
from cardtable.ui import theme

LEFT_BUTTON = 1
BLINK_ON = 0.55       # a text field's caret shows this long every second
ROW_HEIGHT = 46       # before scaling
BUTTON_HEIGHT = 48


def _approach(value: float, target: float, dt: float, speed: float = 12.0) -> float:
    step = min(1.0, dt * speed)
    return value + (target - value) * step


class Widget:
    """Base widget: a rect, states (hovered, pressed, focused, enabled) and event hooks."""

    focusable = True
    wants_wheel = False

    def __init__(self, rect: pygame.Rect | Sequence[int] | None = None, enabled: bool = True):
        self.rect = pygame.Rect(rect) if rect is not None else pygame.Rect(0, 0, 0, 0)
        self.enabled = enabled
        self.visible = True
        self.hovered = False
        self.pressed = False
        self.focused = False
        self.show_focus = False
        self.hover_t = 0.0
        self.name = ""
        #: where the widget may be seen and clicked (a :class:`Scroller`'s area), or None
        self.clip: pygame.Rect | None = None

    # ---- geometry -----------------------------------------------------------
    def contains(self, pos: tuple[int, int]) -> bool:
        return (self.visible and self.rect.collidepoint(pos)
                and (self.clip is None or self.clip.collidepoint(pos)))

    @property
    def interactive(self) -> bool:
        return self.visible and self.enabled

    # ---- input (called by Form) ---------------------------------------------------
    def mouse_down(self, pos: tuple[int, int]) -> None:
        """The left button went down on this widget."""

    def mouse_up(self, pos: tuple[int, int], inside: bool) -> None:
        """The left button came up after a press on this widget."""
        if inside:
            self.activate()

    def drag(self, pos: tuple[int, int]) -> None:
        """The mouse moved while this widget holds the press."""

    def wheel(self, dy: int) -> bool:
        return False

    def key(self, event: pygame.event.Event) -> bool:
        """A key while focused; return True to keep it from the form's navigation."""
        return False

    def text_input(self, text: str) -> bool:
        return False

    def activate(self) -> None:
        """Enter, Space or a click."""

    # ---- frame --------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.hover_t = _approach(self.hover_t, 1.0 if self.hovered and self.enabled else 0.0, dt)

    def next_frame_in(self) -> float | None:
        """Seconds until the widget changes by itself (None: not until an event). Easing
        towards a state (hover) needs nothing here: the loop draws until frames settle."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def draw_focus(self, surface: pygame.Surface, radius: int | None = None) -> None:
        if self.focused and self.show_focus and self.enabled:
            theme.focus_ring(surface, self.rect, theme.px(10) if radius is None else radius)


# --------------------------------------------------------------------------- Button


class Button(Widget):
    """A rounded push button. ``style``: 'normal', 'primary' (gold) or 'quiet' (flat)."""

    def __init__(self, text: str, on_click: Callable[[], Any] | None = None,
                 style: str = "normal", enabled: bool = True, size: float = theme.BODY,
                 rect=None):
        super().__init__(rect, enabled)
        self.text = text
        self.on_click = on_click
        self.style = style
        self.size = size
        self.name = text

    def activate(self) -> None:
        if self.enabled and self.on_click is not None:
            self.on_click()

    def preferred_width(self) -> int:
        w, _ = theme.text_size(self.text, theme.px(self.size), bold=True)
        return w + theme.px(56)

    def snug_width(self, minimum: int) -> int:
        """At least ``minimum`` pixels, wider where the label (translated, at the text size in
        force) needs it: for small buttons laid out in a row, such as the table's Menu and
        Undo."""
        w, _ = theme.text_size(self.text, theme.px(self.size), bold=True)
        return max(minimum, w + theme.px(32))

    def _colours(self) -> tuple[tuple, tuple, tuple]:
        t = self.hover_t
        if not self.enabled:
            return theme.DISABLED, theme.DISABLED, theme.TEXT_MUTED
        if self.style == "primary":
            base = theme.PRIMARY_PRESSED if self.pressed else theme.lerp_colour(
                theme.PRIMARY, theme.PRIMARY_HOVER, t)
            top = theme.lerp_colour(base, (255, 240, 200), 0.18)
            return top, base, theme.TEXT_DARK
        if self.style == "quiet":
            base = theme.lerp_colour(theme.QUIET, theme.QUIET_HOVER, t)
            return base, base, theme.lerp_colour(theme.TEXT_DIM, theme.TEXT, t)
        base = theme.BUTTON_PRESSED if self.pressed else theme.lerp_colour(
            theme.BUTTON, theme.BUTTON_HOVER, t)
        top = theme.lerp_colour(base, (255, 255, 255), 0.07)
        return top, base, theme.TEXT

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        radius = theme.px(10)
        rect = self.rect.move(0, theme.px(1)) if self.pressed else self.rect
        top, bottom, fg = self._colours()
        if self.style != "quiet" and self.enabled:
            theme.drop_shadow(surface, rect, radius, spread=theme.px(5 if self.pressed else 8),
                              offset=(0, theme.px(2 if self.pressed else 4)), strength=85)
        if self.style == "primary":
            edge = (255, 244, 210, 120)
        else:   # a clear white edge on the high-contrast table (theme.BUTTON_EDGE)
            edge = theme.BUTTON_EDGE if theme.high_contrast() else (255, 255, 255, 60)
        if self.style == "quiet":
            alpha = min(255, int(theme.QUIET_ALPHA + 80 * self.hover_t))
            r, g, b, a = theme.QUIET_EDGE
            edge_alpha = min(255, int(a + 40 * self.hover_t)) if self.enabled else a // 2 + 8
            width = max(1, int(theme.QUIET_EDGE_WIDTH * theme.scale()))
            theme.rounded(surface, rect, (*top, alpha), radius, edge=(r, g, b, edge_alpha),
                          edge_width=width)
        else:
            theme.face(surface, rect, top, bottom, radius, edge=edge)
        size, label = self.label_fit()
        theme.draw_text(surface, label, rect.center, size, fg, bold=True, anchor="center",
                        shadow=self.style != "primary" and self.enabled)
        self.draw_focus(surface, radius)

    #: how far below its normal size a label may shrink before it is shortened
    LEAST_TYPE = 0.8

    def label_fit(self) -> tuple[int, str]:
        """(size, text) of the label as drawn: where the button is too narrow, the type gives
        up the larger text-size setting (and at most a fifth of its normal size, for a long
        word in a button of fixed width), and only then is the label shortened."""
        size = theme.px(self.size)
        room = self.rect.width - theme.px(16)
        size = theme.fit_size(self.text, size, room, bold=True, height=self.rect.height,
                              least=self.LEAST_TYPE)
        return size, theme.ellipsize(self.text, size, room, bold=True)


# --------------------------------------------------------------------------- rows


class _Row(Widget):
    """A labelled settings row: label on the left, control on the right.

    A label too long for one line wraps; :meth:`needed_height` says how tall the row must be
    for all of it to show, and the layouts give it that height (larger text sizes, French).
    """

    control_width = 240   # before scaling
    max_label_lines = 3

    def __init__(self, label: str, enabled: bool = True, rect=None, help_text: str = ""):
        super().__init__(rect, enabled)
        self.label = label
        self.name = label
        self.help_text = help_text

    def control_span(self, width: int) -> int:
        """The control's width in a row ``width`` pixels wide."""
        return min(theme.px(self.control_width), width // 2)

    def control_rect(self) -> pygame.Rect:
        if not self.label:
            return self.rect.copy()
        w = self.control_span(self.rect.width)
        h = min(self.rect.height, theme.px(ROW_HEIGHT)) - theme.px(8)
        r = pygame.Rect(0, 0, w, h)
        r.midright = (self.rect.right - theme.px(10), self.rect.centery)
        return r

    def label_room(self, width: int | None = None) -> int:
        """How wide the label may be in a row ``width`` pixels wide (this row's own width)."""
        width = self.rect.width if width is None else width
        return width - self.control_span(width) - theme.px(34)

    def label_lines(self, width: int | None = None) -> list[str]:
        """The label (translated) broken into the lines it is drawn on."""
        if not self.label:
            return []
        fnt = theme.font(theme.px(theme.BODY))
        return theme.wrap(self.label, fnt, max(1, self.label_room(width)))

    def needed_height(self, width: int) -> int:
        """How tall the row must be at ``width`` so that its whole label shows."""
        lines = max(1, min(self.max_label_lines, len(self.label_lines(width))))
        return max(theme.px(ROW_HEIGHT),
                   lines * theme.line_height(theme.px(theme.BODY)) + theme.px(12))

    def draw_row(self, surface: pygame.Surface) -> None:
        if self.label:
            alpha = int(14 + 22 * self.hover_t) if self.enabled else 8
            if self.hover_t > 0.02 or (self.focused and self.show_focus):
                theme.rounded(surface, self.rect, (255, 255, 255, alpha), theme.px(10))
            colour = theme.TEXT if self.enabled else theme.TEXT_MUTED
            size = theme.px(theme.BODY)
            room = self.label_room()
            lines = self.label_lines()
            step = theme.line_height(size)
            fit = max(1, min(self.max_label_lines, (self.rect.height - theme.px(4)) // step))
            if len(lines) > fit:          # a row laid out too low for its label
                lines = lines[:fit - 1] + [" ".join(lines[fit - 1:])]
            y = self.rect.centery - len(lines) * step // 2
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
        self.knob_t = _approach(self.knob_t, 1.0 if self.value else 0.0, dt, 16.0)

    def switch_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, theme.px(54), theme.px(30))
        r.midright = (self.rect.right - theme.px(12), self.rect.centery)
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
        self.slide = _approach(self.slide, 0.0, dt, 14.0)

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


class TextInput(Widget):
    """A one-line text field (names). Typing arrives as TEXTINPUT events."""

    def __init__(self, text: str = "", on_change: Callable[[str], Any] | None = None,
                 max_length: int = 18, hint: str | Msg = "", enabled: bool = True, rect=None):
        super().__init__(rect, enabled)
        self.text = text[:max_length]
        self.on_change = on_change
        self.max_length = max_length
        self.hint = hint
        self.cursor = len(self.text)
        self.blink = 0.0

    def _changed(self) -> None:
        self.blink = 0.0
        if self.on_change is not None:
            self.on_change(self.text)

    def set_text(self, text: str, notify: bool = False) -> None:
        self.text = text[: self.max_length]
        self.cursor = len(self.text)
        if notify:
            self._changed()

    def mouse_down(self, pos: tuple[int, int]) -> None:
        size = theme.px(theme.BODY)
        x = pos[0] - (self.rect.left + theme.px(12))
        fnt = theme.font(size)
        best = len(self.text)
        for i in range(len(self.text) + 1):
            if fnt.size(self.text[:i])[0] >= x:
                best = i
                break
        self.cursor = best
        self.blink = 0.0

    def mouse_up(self, pos: tuple[int, int], inside: bool) -> None:
        pass

    def text_input(self, text: str) -> bool:
        if not self.enabled:
            return False
        text = printable(text)
        room = self.max_length - len(self.text)
        if room <= 0 or not text:
            return True
        text = text[:room]
        self.text = self.text[: self.cursor] + text + self.text[self.cursor:]
        self.cursor += len(text)
        self._changed()
        return True

    def key(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        k = event.key
        if k == pygame.K_BACKSPACE:
            if self.cursor > 0:
                self.text = self.text[: self.cursor - 1] + self.text[self.cursor:]
                self.cursor -= 1
                self._changed()
            return True
        if k == pygame.K_DELETE:
            if self.cursor < len(self.text):
                self.text = self.text[: self.cursor] + self.text[self.cursor + 1:]
                self._changed()
            return True
        if k == pygame.K_LEFT:
            self.cursor = max(0, self.cursor - 1)
            self.blink = 0.0
            return True
        if k == pygame.K_RIGHT:
            self.cursor = min(len(self.text), self.cursor + 1)
            self.blink = 0.0
            return True
        if k == pygame.K_HOME:
            self.cursor = 0
            return True
        if k == pygame.K_END:
            self.cursor = len(self.text)
            return True
        # printable keys arrive again as TEXTINPUT; keep them from the form's shortcuts
        uni = getattr(event, "unicode", "")
        return bool(uni) and uni.isprintable() and k not in (pygame.K_RETURN, pygame.K_TAB)

    def activate(self) -> None:
        pass

    def update(self, dt: float) -> None:
        super().update(dt)
        self.blink = (self.blink + dt) % 1.0 if self.focused else 0.0

    def next_frame_in(self) -> float | None:
        if not (self.focused and self.visible and self.enabled):
            return None
        # the caret shows for the first 0.55 s of every second
        return (BLINK_ON - self.blink) if self.blink < BLINK_ON else (1.0 - self.blink)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        radius = theme.px(8)
        active = self.focused and self.enabled
        bg = (0, 0, 0, 110 if active else 70) if self.enabled else (0, 0, 0, 40)
        edge = (*theme.ACCENT, 200) if active else (255, 255, 255, int(40 + 50 * self.hover_t))
        theme.rounded(surface, self.rect, bg, radius, edge=edge, edge_width=max(1, theme.px(1)))
        size = theme.px(theme.BODY)
        x = self.rect.left + theme.px(12)
        room = self.rect.width - theme.px(24)
        if self.text:
            colour = theme.TEXT if self.enabled else theme.TEXT_MUTED
            shown = theme.ellipsize(self.text, size, room)
            theme.draw_text(surface, shown, (x, self.rect.centery), size, colour,
                            anchor="midleft", shadow=False)
        elif self.hint:   # stays (behind the cursor) until something is typed
            hint_size = theme.fit_size(self.hint, size, room)
            theme.draw_text(surface, theme.ellipsize(self.hint, hint_size, room),
                            (x, self.rect.centery), hint_size, theme.TEXT_MUTED,
                            anchor="midleft", shadow=False)
        if active and self.blink < BLINK_ON:
            cx = x + min(room, theme.font(size).size(self.text[: self.cursor])[0])
            h = int(size * 1.1)
            pygame.draw.line(surface, theme.ACCENT_LIGHT, (cx, self.rect.centery - h // 2),
                             (cx, self.rect.centery + h // 2), max(1, theme.px(2)))
        if self.show_focus and active:
            theme.focus_ring(surface, self.rect, radius)


# --------------------------------------------------------------------------- ScrollText


class ScrollText(Widget):
    """Scrolling text with light markup, for the rules.

    Markup, line by line: ``# heading``, ``## subheading``, ``- bullet``, a blank line between
    paragraphs, and ``**bold**`` inside any line. Scroll with the wheel, the arrow keys,
    Page Up / Page Down, Home / End, or by dragging the scroll bar.
    """

    wants_wheel = True

    def __init__(self, markup: str = "", rect=None):
        super().__init__(rect)
        self.markup = markup
        self.offset = 0.0
        self.target = 0.0
        self._content: pygame.Surface | None = None
        self._layout_key: tuple | None = None
        self.content_height = 0
        self._thumb_grab: int | None = None

    def set_markup(self, markup: str) -> None:
        self.markup = markup
        self._layout_key = None
        self.offset = self.target = 0.0

    # ---- layout -------------------------------------------------------------------
    def logical_lines(self) -> list[str]:
        """The markup's paragraphs (:func:`cardtable.i18n.paragraphs`), each translated."""
        return [tr(line) if line else line for line in paragraphs(self.markup)]

    def _inner_width(self) -> int:
        return max(50, self.rect.width - theme.px(44))

    def _layout(self) -> None:
        key = (self.markup, self._inner_width(), theme.scale(), language())
        if key == self._layout_key:
            return
        self._layout_key = key
        width = self._inner_width()
        pieces: list[tuple[pygame.Surface, int, int]] = []
        y = 0
        body = theme.px(theme.BODY)
        gap = int(body * 0.55)
        for line in self.logical_lines():
            if not line.strip():
                y += gap
                continue
            if line.startswith("## "):
                y += gap // 2 if y else 0
                y = self._flow(pieces, line[3:], 0, y, width, theme.px(theme.SUBHEADING),
                               theme.ACCENT_LIGHT, True)
                y += gap // 3
            elif line.startswith("# "):
                y = self._flow(pieces, line[2:], 0, y, width, theme.px(theme.HEADING),
                               theme.ACCENT, True)
                y += gap // 2
            elif line.lstrip().startswith("- "):
                indent = theme.px(26)
                dot = theme.px(4)
                dot_surf = pygame.Surface((dot * 2, dot * 2), pygame.SRCALPHA)
                pygame.draw.circle(dot_surf, theme.ACCENT, (dot, dot), dot - 1)
                pieces.append((dot_surf, theme.px(8), y + int(body * 0.62) - dot))
                y = self._flow(pieces, line.lstrip()[2:], indent, y, width, body, theme.TEXT,
                               False)
                y += theme.px(4)
            else:
                y = self._flow(pieces, line, 0, y, width, body, theme.TEXT, False)
        self.content_height = y + theme.px(8)
        surf = pygame.Surface((width, max(1, self.content_height)), pygame.SRCALPHA)
        for img, x, yy in pieces:
            surf.blit(img, (x, yy))
        self._content = surf
        self._clamp()

    @staticmethod
    def _flow(pieces: list, text: str, indent: int, y: int, width: int, size: int,
              colour, bold: bool) -> int:
        """Lay out one paragraph with **bold** runs; returns the y below it."""
        # (word, strong, glued): a glued word follows the one before it with no space, as the
        # full stop after "**3**." does
        words: list[tuple[str, bool, bool]] = []
        before = ""
        for i, part in enumerate(text.split("**")):
            strong = bold or i % 2 == 1
            glue = (bool(words) and bool(part) and not part[0].isspace()
                    and bool(before) and not before[-1].isspace())
            before = part or before
            for w in part.split():
                if words and theme.clings(w) and words[-1][1] == strong:
                    # "points :" stays together
                    words[-1] = (f"{words[-1][0]} {w}", strong, words[-1][2])
                else:
                    words.append((w, strong, glue))
                glue = False
        line_h = int(theme.font(size).get_linesize() * 1.08)
        x = indent
        space = theme.font(size).size(" ")[0]
        for word, strong, glued in words:
            c = theme.ACCENT_LIGHT if strong and not bold else colour
            img = theme.render(word, size, c, strong)
            if glued:
                x -= space
            elif x > indent and x + img.get_width() > width:
                x = indent
                y += line_h
            pieces.append((img, x, y))
            x += img.get_width() + space
        return y + line_h

    # ---- scrolling ------------------------------------------------------------------
    def max_offset(self) -> int:
        return max(0, self.content_height - self.view_rect().height)

    def view_rect(self) -> pygame.Rect:
        return self.rect.inflate(-theme.px(16), -theme.px(16))

    def _clamp(self) -> None:
        m = self.max_offset()
        self.target = max(0.0, min(float(m), self.target))
        self.offset = max(0.0, min(float(m), self.offset))

    def scroll_by(self, dy: float) -> None:
        self._layout()
        self.target += dy
        self._clamp()

    def wheel(self, dy: int) -> bool:
        self.scroll_by(-dy * theme.px(64))
        return True

    def key(self, event: pygame.event.Event) -> bool:
        page = self.view_rect().height * 0.85
        moves = {
            pygame.K_DOWN: theme.px(48), pygame.K_UP: -theme.px(48),
            pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page,
            pygame.K_SPACE: page,
        }
        if event.key in moves:
            self.scroll_by(moves[event.key])
            return True
        if event.key == pygame.K_HOME:
            self.scroll_by(-1e9)
            return True
        if event.key == pygame.K_END:
            self.scroll_by(1e9)
            return True
        return False

    def _bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        self._layout()
        m = self.max_offset()
        if m <= 0:
            return None
        view = self.view_rect()
        track = pygame.Rect(self.rect.right - theme.px(14), view.top, theme.px(6), view.height)
        h = max(theme.px(36), int(track.height * view.height / self.content_height))
        y = track.top + int((track.height - h) * (self.offset / m))
        return track, pygame.Rect(track.left, y, track.width, h)

    def mouse_down(self, pos: tuple[int, int]) -> None:
        bar = self._bar()
        self._thumb_grab = None
        if bar is None:
            return
        track, thumb = bar
        hit = track.inflate(theme.px(16), 0)
        if thumb.inflate(theme.px(16), 0).collidepoint(pos):
            self._thumb_grab = pos[1] - thumb.top
        elif hit.collidepoint(pos):
            page = self.view_rect().height * 0.85
            self.scroll_by(page if pos[1] > thumb.centery else -page)

    def drag(self, pos: tuple[int, int]) -> None:
        bar = self._bar()
        if bar is None or self._thumb_grab is None:
            return
        track, thumb = bar
        free = track.height - thumb.height
        if free <= 0:
            return
        frac = (pos[1] - self._thumb_grab - track.top) / free
        self.target = self.offset = max(0.0, min(1.0, frac)) * self.max_offset()

    def mouse_up(self, pos: tuple[int, int], inside: bool) -> None:
        self._thumb_grab = None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.offset = _approach(self.offset, self.target, dt, 18.0)
        if abs(self.offset - self.target) < 0.5:
            self.offset = self.target

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        self._layout()
        view = self.view_rect()
        if self._content is not None:
            area = pygame.Rect(0, int(self.offset), view.width, view.height)
            surface.blit(self._content, (view.left, view.top), area)
        # soft fade at the edges hints that there is more
        if self.offset > 1:
            self._fade(surface, pygame.Rect(view.left, view.top, view.width, theme.px(18)), True)
        if self.offset < self.max_offset() - 1:
            self._fade(surface, pygame.Rect(view.left, view.bottom - theme.px(18), view.width,
                                            theme.px(18)), False)
        bar = self._bar()
        if bar is not None:
            track, thumb = bar
            theme.rounded(surface, track, (255, 255, 255, 26), track.width // 2)
            colour = theme.ACCENT if self._thumb_grab is not None else (200, 196, 180)
            pygame.draw.rect(surface, colour, thumb, border_radius=thumb.width // 2)
        if self.focused and self.show_focus:
            theme.focus_ring(surface, self.rect, theme.px(12))

    @staticmethod
    def _fade(surface: pygame.Surface, rect: pygame.Rect, top: bool) -> None:
        band = pygame.Surface(rect.size, pygame.SRCALPHA)
        for i in range(rect.height):
            t = i / max(1, rect.height - 1)
            a = int(150 * (1 - t if top else t))
            pygame.draw.line(band, (12, 20, 16, a), (0, i), (rect.width, i))
        surface.blit(band, rect)


# --------------------------------------------------------------------------- Form


class Form:
    """Routes events to widgets and keeps the keyboard focus.

    ``widgets`` are in focus order. Mouse events go to the widget under the pointer (the
    last one added wins where they overlap); a press is captured until the button comes
    up, so a drag out of a button and release elsewhere does not click it.
    """

    def __init__(self, widgets: Sequence[Widget] = (), on_cancel: Callable[[], Any] | None = None):
        self.widgets: list[Widget] = list(widgets)
        self.on_cancel = on_cancel
        self.focus_index: int | None = None
        self.keyboard = False
        self.capture: Widget | None = None
        self.pointer: tuple[int, int] | None = None
        self._focus_first()

    # ---- membership -------------------------------------------------------------------
    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        if self.focus_index is None:
            self._focus_first()
        return widget

    def clear(self) -> None:
        self.widgets = []
        self.focus_index = None
        self.capture = None

    def _focusable(self) -> list[int]:
        return [i for i, w in enumerate(self.widgets) if w.focusable and w.interactive]

    def _focus_first(self) -> None:
        idx = self._focusable()
        self._set_focus(idx[0] if idx else None)

    def _set_focus(self, index: int | None) -> None:
        for i, w in enumerate(self.widgets):
            w.focused = i == index
        self.focus_index = index

    @property
    def focused(self) -> Widget | None:
        if self.focus_index is None or self.focus_index >= len(self.widgets):
            return None
        return self.widgets[self.focus_index]

    def focus(self, widget: Widget | None) -> None:
        if widget is None:
            self._set_focus(None)
        elif widget in self.widgets:
            self._set_focus(self.widgets.index(widget))

    def move_focus(self, delta: int) -> None:
        idx = self._focusable()
        if not idx:
            self._set_focus(None)
            return
        if self.focus_index not in idx:
            self._set_focus(idx[0] if delta > 0 else idx[-1])
            return
        pos = idx.index(self.focus_index)
        self._set_focus(idx[(pos + delta) % len(idx)])

    def widget_at(self, pos: tuple[int, int]) -> Widget | None:
        for w in reversed(self.widgets):
            if w.contains(pos):
                return w
        return None

    # ---- events ----------------------------------------------------------------------
    def _hover(self, pos: tuple[int, int]) -> None:
        self.pointer = pos
        top = self.widget_at(pos)
        for w in self.widgets:
            w.hovered = w is top and (self.capture is None or self.capture is w)

    def handle_event(self, event: pygame.event.Event) -> bool:
        et = event.type
        if et == pygame.MOUSEMOTION:
            self._hover(event.pos)
            if self.capture is not None:
                self.capture.drag(event.pos)
                return True
            return False
        if et == pygame.MOUSEBUTTONDOWN and event.button == LEFT_BUTTON:
            self._hover(event.pos)
            w = self.widget_at(event.pos)
            self.keyboard = False
            if w is None or not w.interactive:
                return w is not None
            if w.focusable:
                self.focus(w)
            self.capture = w
            w.pressed = True
            w.mouse_down(event.pos)
            return True
        if et == pygame.MOUSEBUTTONUP and event.button == LEFT_BUTTON:
            w = self.capture
            self.capture = None
            if w is None:
                return False
            w.pressed = False
            w.mouse_up(event.pos, w.contains(event.pos) and w.interactive)
            self._hover(event.pos)
            return True
        if et == pygame.MOUSEWHEEL:
            target = None
            if self.pointer is not None:
                target = self.widget_at(self.pointer)
            if target is None or not target.wants_wheel:
                target = next((w for w in self.widgets if w.wants_wheel and w.visible), None)
            if target is not None:
                return target.wheel(event.y)
            return False
        if et == pygame.TEXTINPUT:
            w = self.focused
            return bool(w is not None and w.interactive and w.text_input(event.text))
        if et == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        k = event.key
        was_keyboard = self.keyboard
        self.keyboard = True
        w = self.focused
        if w is not None and not w.interactive:
            self.move_focus(1)
            w = self.focused
        if k == pygame.K_TAB:
            shift = getattr(event, "mod", 0) & pygame.KMOD_SHIFT
            if was_keyboard or w is None:
                self.move_focus(-1 if shift else 1)
            return True
        if w is not None and w.key(event):
            return True
        if k in (pygame.K_DOWN, pygame.K_RIGHT):
            if was_keyboard or w is None:
                self.move_focus(1)
            return True
        if k in (pygame.K_UP, pygame.K_LEFT):
            if was_keyboard or w is None:
                self.move_focus(-1)
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if w is not None:
                if isinstance(w, TextInput):
                    self.move_focus(1)
                else:
                    w.activate()
            return True
        if k == pygame.K_ESCAPE:
            if self.on_cancel is not None:
                self.on_cancel()
                return True
            return False
        return False

    # ---- frame -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for w in self.widgets:
            w.show_focus = self.keyboard
            w.update(dt)

    def next_frame_in(self) -> float | None:
        """The soonest of the widgets' own timers (None: none)."""
        due = [d for d in (w.next_frame_in() for w in self.widgets) if d is not None]
        return min(due) if due else None

    def draw(self, surface: pygame.Surface) -> None:
        for w in self.widgets:
            if not w.visible:
                continue
            if w.clip is None:
                w.draw(surface)
                continue
            if not w.clip.colliderect(w.rect.inflate(theme.px(24), theme.px(24))):
                continue
            old = surface.get_clip()
            surface.set_clip(w.clip.clip(old))
            w.draw(surface)
            surface.set_clip(old)


# --------------------------------------------------------------------------- Scroller


class Scroller:
    """Scrolls a group of widgets laid out taller than the room they have (a screen whose
    content no longer fits at a larger text size or in a longer language).

    The scene lays its widgets out as if ``area`` were endless and hands them to :meth:`set`;
    the scroller moves them, clips them to ``area`` and draws a scroll bar when they do not
    fit. The wheel, dragging the bar, Page Up / Page Down and the keyboard focus scroll
    (the focused widget is brought into view). When everything fits it does nothing.
    """

    def __init__(self) -> None:
        self.area = pygame.Rect(0, 0, 0, 0)
        self.content_height = 0
        self.offset = 0.0
        self.target = 0.0
        self.items: list[tuple[Widget, pygame.Rect]] = []
        self._grab: int | None = None
        self._revealed: Widget | None = None

    def reset(self) -> None:
        """Forget the widgets (before a new layout); the scroll position is kept."""
        for w, _ in self.items:
            w.clip = None
        self.items = []
        self.content_height = 0

    def set(self, area: pygame.Rect, widgets: Sequence[Widget], content_bottom: int) -> None:
        """Scroll ``widgets`` (laid out from ``area.top`` down to ``content_bottom``)."""
        self.reset()
        self.area = pygame.Rect(area)
        self.items = [(w, w.rect.copy()) for w in widgets]
        self.content_height = max(0, content_bottom - self.area.top)
        self._clamp()
        self.offset = self.target
        self.apply()

    @property
    def active(self) -> bool:
        return self.max_offset() > 0

    def max_offset(self) -> int:
        return max(0, self.content_height - self.area.height)

    def home(self, widget: Widget) -> pygame.Rect | None:
        """Where ``widget`` is laid out when the content is not scrolled."""
        return next((home for w, home in self.items if w is widget), None)

    def _clamp(self) -> None:
        m = float(self.max_offset())
        self.target = max(0.0, min(m, self.target))
        self.offset = max(0.0, min(m, self.offset))

    def scroll_by(self, dy: float) -> None:
        self.target += dy
        self._clamp()

    def reveal(self, widget: Widget) -> None:
        """Scroll just enough for ``widget`` to be wholly in view."""
        home = self.home(widget)
        if home is None or not self.active:
            return
        margin = theme.px(14)
        top = home.top - self.area.top - margin
        bottom = home.bottom - self.area.top + margin - self.area.height
        if self.target > top:
            self.target = top
        elif self.target < bottom:
            self.target = bottom
        self._clamp()

    def apply(self) -> None:
        dy = int(round(self.offset))
        clip = self.area if self.active else None
        for w, home in self.items:
            w.rect = home.move(0, -dy)
            w.clip = clip

    def update(self, dt: float, focused: Widget | None = None) -> None:
        """Follow the keyboard focus (``focused``: the form's focused widget) and glide."""
        if focused is not self._revealed:
            self._revealed = focused
            if focused is not None:
                self.reveal(focused)
        self.offset = _approach(self.offset, self.target, dt, 16.0)
        if abs(self.offset - self.target) < 0.5:
            self.offset = self.target
        self.apply()

    def bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        m = self.max_offset()
        if m <= 0:
            return None
        a = self.area
        track = pygame.Rect(a.right + theme.px(8), a.top + theme.px(4), theme.px(6),
                            a.height - theme.px(8))
        h = max(theme.px(36), int(track.height * a.height / max(1, self.content_height)))
        y = track.top + int((track.height - h) * (self.offset / m))
        return track, pygame.Rect(track.left, y, track.width, h)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The wheel, the bar and the page keys; True when the event was used."""
        if not self.active:
            self._grab = None
            return False
        et = event.type
        if et == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * theme.px(64))
            return True
        bar = self.bar()
        if et == pygame.MOUSEBUTTONDOWN and event.button == LEFT_BUTTON and bar is not None:
            track, thumb = bar
            if thumb.inflate(theme.px(16), 0).collidepoint(event.pos):
                self._grab = event.pos[1] - thumb.top
                return True
            if track.inflate(theme.px(16), 0).collidepoint(event.pos):
                page = self.area.height * 0.85
                self.scroll_by(page if event.pos[1] > thumb.centery else -page)
                return True
            return False
        if et == pygame.MOUSEMOTION and self._grab is not None and bar is not None:
            track, thumb = bar
            free = track.height - thumb.height
            if free > 0:
                frac = (event.pos[1] - self._grab - track.top) / free
                self.target = self.offset = max(0.0, min(1.0, frac)) * self.max_offset()
                self.apply()
            return True
        if et == pygame.MOUSEBUTTONUP and event.button == LEFT_BUTTON and self._grab is not None:
            self._grab = None
            return True
        if et == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            page = self.area.height * 0.85
            self.scroll_by(page if event.key == pygame.K_PAGEDOWN else -page)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The scroll bar (when the content does not fit) and a fade at a cut edge."""
        bar = self.bar()
        if bar is None:
            return
        track, thumb = bar
        theme.rounded(surface, track, (255, 255, 255, 40), track.width // 2)
        colour = theme.ACCENT if self._grab is not None else (214, 210, 194)
        pygame.draw.rect(surface, colour, thumb, border_radius=thumb.width // 2)
