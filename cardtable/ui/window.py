"""The window as the desktop sees it: its class name (a task bar groups it under its desktop
entry), the desktop's size and the size the window opens at (a saved size is checked at
the border: two whole numbers, no smaller than the program can lay out, no larger than the
desktop)."""

from __future__ import annotations

import logging
import os
import sys
from typing import Any

import pygame

from cardtable import storage

log = logging.getLogger(__name__)

WINDOW_FLAGS = pygame.RESIZABLE
MIN_SIZE = (800, 500)
#: the window's class on X11 and app id on Wayland: a task bar groups the window under the
#: desktop entry whose StartupWMClass is this (build/cardtable.desktop), not "__main__.py"
APP_ID = "cardtable"


def claim_window_class() -> None:
    """Name the window ``cardtable`` for the desktop (before SDL's video starts; a value
    the person set in the environment wins)."""
    # importing pygame sets the X11 class to the script's name ("__main__.py") when it is
    # unset: that value is replaced too
    script = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else None
    for hint in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_ID"):
        if os.environ.get(hint) in (None, "", script):
            os.environ[hint] = APP_ID


def desktop_size() -> tuple[int, int] | None:
    """The size of the desktop the window opens on (the first display's), or None when
    the system does not say."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error as exc:
        log.warning("the desktop's size is not known: %s", exc)
        return None
    if not sizes or min(sizes[0]) <= 0:
        return None
    return int(sizes[0][0]), int(sizes[0][1])


def fit_window(saved: Any, desktop: tuple[int, int] | None = None) -> tuple[int, int]:
    """The window size to open at for the settings' ``window_size``: two whole numbers
    above 0 (else the default, with a log line), each at least :data:`MIN_SIZE`'s and at
    most the desktop's (``desktop``, or the system's: :func:`desktop_size`)."""
    size = storage.window_size(saved) if saved is not None else None
    if size is None:
        size = list(storage.DEFAULT_SETTINGS["window_size"])
    desktop = desktop if desktop is not None else desktop_size()
    fitted = [max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])]
    if desktop is not None:
        fitted = [min(fitted[0], desktop[0]), min(fitted[1], desktop[1])]
    if fitted != list(saved if isinstance(saved, list) else size):
        log.info("the window size %s of the settings is opened as %dx%d (the desktop is %s)",
                 repr(saved)[:60], fitted[0], fitted[1],
                 "x".join(map(str, desktop)) if desktop else "of unknown size")
    return fitted[0], fitted[1]
