"""The base of every screen on the App's scene stack.

A scene receives events only through ``handle_event`` (positions come from ``event.pos``,
never from polling the mouse), advances in ``update(dt)`` and paints itself in
``draw(surface)``. The App calls the hooks in this order:

* ``push(scene)``:    ``scene.app`` is set, ``on_enter()``; the scene below gets ``on_pause()``
* ``pop()``:          the top scene gets ``on_exit()``; the one below gets ``on_resume()``
* ``replace(scene)``: the top scene gets ``on_exit()``; the new one ``on_enter()``
* window resized:     every scene on the stack gets ``on_resize(size)``

The App's loop draws frames only when something changes. A scene tells it what it will
do by itself with ``next_frame_in()``: 0 while something moves (a card, a fade, a pulse),
a number of seconds until a timer of its own is due, or None when nothing changes until
an event. The default asks the scene's ``form`` (a text field's caret). A scene whose
work finishes on another thread calls :func:`cardtable.ui.app.wake` when it is done. When
what changes by itself lies in a few rectangles, ``redraw_area()`` names them, and the App
draws and shows those alone.

A scene with ``overlay = True`` (a dialog, the end-of-deal summary) is drawn on top of the
scene below it, which is drawn first; only the top scene receives events and updates
(unless the scene below sets ``update_when_covered``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.i18n import tr
from cardtable.ui.narrator import sentences

if TYPE_CHECKING:
    from cardtable.ui.app import App


class Scene:
    #: drawn over the scene below it instead of replacing the whole screen
    overlay: bool = False
    #: keep calling update(dt) while another scene covers this one
    update_when_covered: bool = False

    def __init__(self) -> None:
        self.app: App | None = None

    # ---- life cycle -------------------------------------------------------
    def on_enter(self) -> None:
        """Called once ``self.app`` is set and the scene is on the stack."""

    def on_exit(self) -> None:
        """Called when the scene leaves the stack (pop or replace)."""

    def on_pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def on_resume(self) -> None:
        """The scene on top of this one was popped; this one is on top again."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size (the theme's scale is already updated)."""

    # ---- frame --------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one event; return True when the event was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def update_away(self, dt: float) -> None:
        """Advance by ``dt`` seconds while out of sight (the App's table, off the stack or
        covered): nothing by default."""

    def away_due(self) -> float | None:
        """When :meth:`update_away` is next due (None: not until an event)."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene."""

    def toasts_bottom(self, height: int) -> int | None:
        """Where the app's toasts (``height`` pixels of them, one above the other) end,
        over this scene; None: at their usual place, above the window's foot."""
        return None

    def toasts_centre(self, width: int) -> int | None:
        """The x the app's toasts (the widest ``width`` pixels) are centred on over this
        scene; None: the window's middle."""
        return None

    def toasts_room(self, width: int) -> int | None:
        """The widest the app's toasts' text may be over this scene (``width``: the App's
        own measure); None: that measure. Longer messages are wrapped to it."""
        return None

    def redraw_area(self) -> list[pygame.Rect] | None:
        """Where the scene's picture changed by itself in the update just done, when it
        changed there only: its rectangles ([]: nowhere); None: anywhere, or not known.

        The App asks after an update that handled no event: when every scene drawn gives
        rectangles, only they are drawn again and shown (a caret's blink, a button's hover
        easing, a message fading), not the whole window. The default is None: a scene
        says so only when it knows (a :class:`~cardtable.ui.widgets.Form` knows its
        widgets' easings)."""
        return None

    def next_frame_in(self) -> float | None:
        """0: something moves now; seconds: a timer of the scene is due then; None: nothing
        changes until an event (see the module's docstring)."""
        form = getattr(self, "form", None)
        return form.next_frame_in() if form is not None else None

    # ---- speech (cardtable.ui.narrator) ----------------------------------------------
    def spoken_heading(self) -> str:
        """What a screen reader says when the screen opens, before its focus: its title and
        subtitle, in the current language (empty: nothing)."""
        parts = [tr(getattr(self, "title", "")), tr(getattr(self, "subtitle", ""))]
        return sentences(parts)

    def spoken_focus(self) -> str | None:
        """What a screen reader says of the focus (None: nothing has it); said again each
        time it changes. The default is the focused widget of the scene's ``form``."""
        form = getattr(self, "form", None)
        return form.spoken() if form is not None else None

    # ---- helpers ----------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        if self.app is not None:
            return self.app.size
        surf = pygame.display.get_surface()
        return surf.get_size() if surf is not None else (1280, 720)
