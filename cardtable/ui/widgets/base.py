"""The widget every control is made from, and the button."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from cardtable.i18n import Msg, tr
from cardtable.ui import theme

LEFT_BUTTON = 1
BLINK_ON = 0.55       # a text field's caret shows this long every second
#: seconds a text field's caret blinks after it last moved (typing, a click, the focus
#: coming); then it stays shown and the window sleeps (GTK's cursor-blink-timeout is 10 s)
BLINK_FOR = 10.0
ROW_HEIGHT = 46       # before scaling
BUTTON_HEIGHT = 48


def approach(value: float, target: float, dt: float, speed: float = 12.0) -> float:
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
        self.eased = False
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

    def take_press(self, old: Widget) -> None:
        """Hold the press ``old`` held: this widget stands in for it (the screen was laid
        out again under a press, and made this one in its place)."""
        self.pressed = old.pressed

    # ---- frame --------------------------------------------------------------------
    def update(self, dt: float) -> None:
        before = self.hover_t
        self.hover_t = approach(self.hover_t, 1.0 if self.hovered and self.enabled else 0.0, dt)
        #: the widget changed by itself in this update (an easing, a caret's blink): the
        #: window draws it again alone (:meth:`redraw_area`)
        self.eased = self.hover_t != before

    #: how far a widget's look reaches past its rectangle (a tile's lift and shadow, a
    #: button's glow, the focus ring), in pixels before scaling
    REACH = 24

    def redraw_area(self) -> pygame.Rect | None:
        """Where the widget changed by itself in the last update (None: nothing of it did):
        its rectangle and the reach of its glow, shadow and focus ring."""
        if not self.eased:
            return None
        reach = 2 * theme.px(self.REACH)
        return self.rect.inflate(reach, reach)

    def next_frame_in(self) -> float | None:
        """Seconds until the widget changes by itself (None: not until an event). Easing
        towards a state (hover) needs nothing here: the loop draws until frames settle."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def spoken(self) -> str:
        """What a screen reader says when the widget has the focus (its label, its value,
        whether it can be used), in the current language."""
        return tr(self.name)

    def draw_focus(self, surface: pygame.Surface, radius: int | None = None) -> None:
        if self.focused and self.show_focus and self.interactive:
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
        #: why a greyed button cannot be used now (a sentence), or None: a greyed button
        #: with a reason can still be focused, and says it (read with the label, shown by
        #: ``on_why_not`` when it is pressed)
        self.why_not: Any = None
        self.on_why_not: Callable[[Any], Any] | None = None

    @property
    def interactive(self) -> bool:
        return self.visible and (self.enabled or self.why_not is not None)

    def activate(self) -> None:
        if self.enabled:
            if self.on_click is not None:
                self.on_click()
        elif self.why_not is not None and self.on_why_not is not None:
            self.on_why_not(self.why_not)

    def spoken(self) -> str:
        if not self.enabled:
            if self.why_not is not None:
                return tr(Msg("{label}, unavailable: {why}", label=tr(self.text),
                              why=self.why_not))
            return tr(Msg("{label}, unavailable", label=tr(self.text)))
        return tr(self.text)

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
            return theme.DISABLED_FILL, theme.DISABLED_FILL, theme.DISABLED_TEXT
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
        if not self.enabled:
            edge = theme.DISABLED_EDGE
        elif self.style == "primary":
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
