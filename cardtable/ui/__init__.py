"""The window: pygame-ce scenes, widgets, card art, animation and sound.

pygame prints a banner on import unless told not to; this package is the only one that
imports pygame, so it says so before any of its modules can."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
