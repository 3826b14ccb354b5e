"""Our own small widget set: Button, Toggle, Choice, Slider, TextInput, ScrollText, Form.

Scenes place widgets by setting ``widget.rect`` (sizes from ``theme.px`` so they follow the
window) and hand every event to a :class:`Form`, which routes mouse events by position and
keys to the focused widget, and moves the focus with Tab / Shift-Tab / the arrow keys.
Enter or Space activates the focused widget; Esc calls the form's ``on_cancel``.

The focus ring is shown once the keyboard is used and hidden again by a mouse click, like
the focus rings of a desktop application.

The widgets live in this package by kind: :mod:`.base` (Widget, Button), :mod:`.rows`
(Toggle, Choice, Slider), :mod:`.text` (TextInput, ScrollText) and :mod:`.form` (Form,
Scroller); every name is imported from here.
"""

from __future__ import annotations

from cardtable.ui.widgets.base import (
    BLINK_ON,
    BUTTON_HEIGHT,
    LEFT_BUTTON,
    ROW_HEIGHT,
    Button,
    Widget,
)
from cardtable.ui.widgets.form import Form, Scroller
from cardtable.ui.widgets.rows import Choice, Slider, Toggle
from cardtable.ui.widgets.text import ScrollText, TextInput

__all__ = ["BLINK_ON", "BUTTON_HEIGHT", "LEFT_BUTTON", "ROW_HEIGHT", "Button", "Choice", "Form",
           "ScrollText", "Scroller", "Slider", "TextInput", "Toggle", "Widget"]
