"""What the menu-like screens share: the felt, a heading, a form of widgets, Esc to go back."""

from __future__ import annotations

import pygame

from cardtable import i18n
from cardtable.i18n import N_
from cardtable.ui import theme
from cardtable.ui.scene import Scene
from cardtable.ui.widgets import BUTTON_HEIGHT, Button, Form, Scroller, Widget


class FormScene(Scene):
    """A screen made of widgets on the felt. Subclasses build widgets in ``layout()``.

    ``layout()`` runs on enter, on resize and on resume, so widget sizes always follow the
    window; the scene keeps its own state (the model) and rebuilds widgets from it.
    """

    title = ""
    subtitle = ""

    def __init__(self) -> None:
        super().__init__()
        self.form = Form(on_cancel=self.back)
        #: scrolls the widgets a layout hands to :meth:`scroll` when they do not fit
        self.scroller = Scroller()
        #: the language the widgets were measured in (they are laid out again after a change)
        self.laid_out_in: str | None = None

    # ---- life cycle -------------------------------------------------------------------
    def on_enter(self) -> None:
        self.rebuild()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.rebuild()

    def on_resume(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        """Lay the widgets out again, keeping the focus on the widget of the same name."""
        focused = self.form.focused.name if self.form.focused is not None else None
        keyboard = self.form.keyboard
        self.form.clear()
        self.scroller.reset()
        self.laid_out_in = i18n.language()
        self.layout()
        self.form.keyboard = keyboard
        if focused is not None:
            match = self.widget(focused)
            if match is not None and match.focusable and match.interactive:
                self.form.focus(match)
                return
        first = self.initial_focus()
        if first is not None:
            self.form.focus(first)
        elif self.form.focused is None:
            self.form.move_focus(1)

    def initial_focus(self) -> Widget | None:
        return None

    def layout(self) -> None:
        """Create the widgets for the current window size (add them to ``self.form``)."""

    def scroll(self, area: pygame.Rect, widgets: list[Widget], content_bottom: int) -> None:
        """Let ``widgets`` (laid out from ``area.top`` down to ``content_bottom``) scroll
        inside ``area`` when they are taller than it."""
        self.scroller.set(area, widgets, content_bottom)

    def add(self, widget: Widget, name: str | None = None) -> Widget:
        if name is not None:
            widget.name = name
        return self.form.add(widget)

    def widget(self, name: str) -> Widget | None:
        """The widget called ``name`` (buttons are named by their text)."""
        for w in self.form.widgets:
            if w.name == name:
                return w
        return None

    def back(self) -> None:
        if self.app is not None and len(self.app.stack) > 1:
            self.app.pop()

    # ---- frame ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEWHEEL):
            return self.form.handle_event(event) or self.scroller.handle_event(event)
        return self.scroller.handle_event(event) or self.form.handle_event(event)

    def _follow_language(self) -> None:
        if self.laid_out_in is not None and self.laid_out_in != i18n.language():
            self.rebuild()      # French words are longer: rows and buttons are measured again

    def update(self, dt: float) -> None:
        self._follow_language()
        self.form.update(dt)
        self.scroller.update(dt, self.form.focused if self.form.keyboard else None)

    def redraw_area(self) -> list[pygame.Rect] | None:
        """The widgets' own easings and blinks (see Scene.redraw_area); while the content
        scrolls, anywhere."""
        if self.scroller.moved or self.scroller.offset != self.scroller.target:
            return None
        return self.form.redraw_area()

    def draw(self, surface: pygame.Surface) -> None:
        self._follow_language()     # a frame drawn without an update first (tests, resizes)
        felt = self.app.settings.get("felt", "green") if self.app is not None else "green"
        theme.backdrop(surface, felt)
        if self.scroller.active:
            self.scroller.remember_backdrop(surface, (felt, theme.high_contrast()))
        self.draw_content(surface)
        self.form.draw(surface)
        self.scroller.draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Paint what sits under the widgets (panels, headings, text)."""
        if self.title:
            self.draw_heading(surface, self.title, self.subtitle)

    # ---- helpers ------------------------------------------------------------------------
    def heading_sizes(self) -> tuple[int, int]:
        """The type sizes of the title and of the subtitle under it."""
        return theme.px(theme.HEADING + 6), theme.px(theme.BODY)

    def heading_lines(self, title, subtitle) -> tuple[int, int]:
        """(y of the subtitle, y below the heading), measured with the text size in force."""
        title_size, sub_size = self.heading_sizes()
        y = theme.px(34)
        title_bottom = y + theme.line_height(title_size, bold=True)
        if not subtitle:
            return title_bottom, title_bottom + theme.px(12)
        sub_top = max(y + theme.px(50), title_bottom)
        return sub_top, sub_top + theme.line_height(sub_size) + theme.px(6)

    def heading_bottom(self) -> int:
        """The y below the heading, where content starts."""
        return self.heading_lines(self.title, self.subtitle)[1]

    def draw_heading(self, surface: pygame.Surface, title: str, subtitle: str = "") -> None:
        w = surface.get_width()
        y = theme.px(34)
        title_size, sub_size = self.heading_sizes()
        room = w - theme.px(40)
        size = theme.fit_size(title, title_size, room, bold=True)
        theme.draw_text(surface, theme.ellipsize(title, size, room, bold=True), (w // 2, y),
                        size, theme.TEXT, bold=True, anchor="midtop")
        if subtitle:
            sub_top, _ = self.heading_lines(title, subtitle)
            size = theme.fit_size(subtitle, sub_size, room)
            theme.draw_text(surface, theme.ellipsize(subtitle, size, room), (w // 2, sub_top),
                            size, theme.TEXT_DIM, anchor="midtop")

    def back_button(self, text: str = N_("Back")) -> Button:
        """A Back button in the bottom-left corner."""
        b = Button(text, self.back, style="normal")
        b.rect = pygame.Rect(0, 0, max(theme.px(140), b.preferred_width()),
                             theme.px(BUTTON_HEIGHT))
        b.rect.bottomleft = (theme.px(32), self.size[1] - theme.px(28))
        return self.add(b, text)
