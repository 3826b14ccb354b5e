"""The form that routes events to its widgets and moves the focus, and the scroller that
slides a part of a form inside a window too small for it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from cardtable.ui import theme
from cardtable.ui.held_keys import KEYS
from cardtable.ui.widgets.base import (
    LEFT_BUTTON,
    Widget,
    approach,
)
from cardtable.ui.widgets.text import TextInput


class Form:
    """Routes events to widgets and keeps the keyboard focus.

    ``widgets`` are in focus order. Mouse events go to the widget under the pointer (the
    last one added wins where they overlap); a press is captured until the button comes
    up, so a drag out of a button and release elsewhere does not click it.

    A screen that lays its widgets out again while a press is held (the Players slider
    adds seats as it moves) makes new ones: the press passes to the new widget of the
    same name and kind, so a drag goes on (it stopped after its first step).
    """

    def __init__(self, widgets: Sequence[Widget] = (), on_cancel: Callable[[], Any] | None = None):
        self.widgets: list[Widget] = list(widgets)
        self.on_cancel = on_cancel
        self.focus_index: int | None = None
        self.keyboard = False
        self.capture: Widget | None = None
        #: the widget that held the press when the form was cleared, until the next event
        self.released: Widget | None = None
        self.pointer: tuple[int, int] | None = None
        self._focus_first()

    # ---- membership -------------------------------------------------------------------
    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        old = self.released
        if old is not None and widget.name and widget.name == old.name and \
                type(widget) is type(old):
            self.released = None
            self.capture = widget
            widget.take_press(old)
        if self.focus_index is None:
            self._focus_first()
        return widget

    def clear(self) -> None:
        self.widgets = []
        self.focus_index = None
        if self.capture is not None:
            self.released = self.capture
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

    def spoken(self) -> str | None:
        """What a screen reader says of the focused widget (None: no focus); the App's
        narrator says it again whenever it changes (the focus moved, a value changed)."""
        w = self.focused
        if w is None or not w.visible:
            return None
        return w.spoken() or None

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
        else:
            pos = idx.index(self.focus_index)
            self._set_focus(idx[(pos + delta) % len(idx)])
        self._select_field_text()

    def _select_field_text(self) -> None:
        """A text field reached by Tab has its whole text selected, as desktop programs do:
        what is typed replaces it (a full port field took no keys until one was deleted)."""
        w = self.focused
        if w is not None and getattr(w, "all_selected", None) is not None:
            w.all_selected = bool(w.text)

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
        self.released = None        # a press carries over a layout made within one event
        if not KEYS.admits(event, self):
            return True             # a key held since before this screen came up
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
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and not was_keyboard and \
                w is not None and not self._shows_focus(w):
            # no focus ring shown (the mouse was used last): Enter presses the screen's
            # default button, the gold one, as it looks; with none it only shows the ring.
            # Enter reopened Settings after a click on Settings, with Continue gold and no
            # ring in sight. (The first arrow key only shows the ring, below; Space acts on
            # the widget last clicked, a switch or a slider, as on the desktop.)
            default = self.default_button()
            if default is not None:
                self.focus(default)
                default.activate()
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

    @staticmethod
    def _shows_focus(widget: Widget) -> bool:
        """Does ``widget`` show that it has the focus without the ring? A text field does
        (its caret: keys go on into it), as does a scrolling text (the keys scroll what the
        pointer last scrolled)."""
        return isinstance(widget, TextInput) or widget.wants_wheel

    def default_button(self) -> Widget | None:
        """The screen's default button: its primary (gold) one that can be pressed now, the
        first in focus order (None: the screen has none)."""
        for w in self.widgets:
            if getattr(w, "style", None) == "primary" and w.visible and w.focusable and \
                    w.interactive:
                return w
        return None

    # ---- frame -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for w in self.widgets:
            w.show_focus = self.keyboard
            w.update(dt)

    def redraw_area(self) -> list[pygame.Rect]:
        """Where the widgets changed by themselves in the last update (an easing, a caret's
        blink), each within the part of the screen it is drawn in."""
        rects = []
        for w in self.widgets:
            area = w.redraw_area() if w.visible else None
            if area is not None:
                rects.append(area if w.clip is None else area.clip(w.clip))
        return [r for r in rects if r.width > 0 and r.height > 0]

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
        self.moved = False
        self.target = 0.0
        self.items: list[tuple[Widget, pygame.Rect]] = []
        self._grab: int | None = None
        self._revealed: Widget | None = None
        self._fades: dict = {}

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
        before = self.offset
        self.offset = approach(self.offset, self.target, dt, 16.0)
        if abs(self.offset - self.target) < 0.5:
            self.offset = self.target
        #: the content moved in this update (the whole area is drawn again)
        self.moved = self.offset != before
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
        # where the content goes on out of view it fades into the backdrop: a line of text
        # cut in half reads as a mistake, a fading edge as more to come
        a = self.area
        for down, shown in ((True, self.offset < self.max_offset() - 0.5),
                            (False, self.offset > 0.5)):
            fade = self._fades.get(down)
            if shown and fade is not None:
                surface.blit(fade, (a.left, a.bottom - fade.get_height() if down else a.top))

    def remember_backdrop(self, surface: pygame.Surface, key) -> None:
        """Take the backdrop under the area's edges (drawn on ``surface`` just now, before
        anything over it; ``key`` says when it changes) for the fades of :meth:`draw`."""
        key = (key, surface.get_size(), tuple(self.area))
        if key == self._fades.get("key") or self.area.width <= 0:
            return
        height = min(theme.px(30), self.area.height // 3)
        self._fades = {"key": key}
        if height <= 0:
            return
        for down in (True, False):
            top = self.area.bottom - height if down else self.area.top
            area = pygame.Rect(self.area.left, top, self.area.width, height)
            strip = pygame.Surface(area.size, pygame.SRCALPHA)
            strip.blit(surface, (0, 0), area)
            mask = pygame.Surface(strip.get_size(), pygame.SRCALPHA)
            for y in range(strip.get_height()):
                t = (y + 1) / height if down else 1 - y / height
                mask.fill((255, 255, 255, int(255 * min(1.0, t) ** 1.5)),
                          pygame.Rect(0, y, strip.get_width(), 1))
            strip.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            self._fades[down] = strip
