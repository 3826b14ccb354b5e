"""The program's window from start to close: settings, the saved match, the main menu.

The first frame comes first: :func:`run` loads what the main menu's first picture needs
(the window, the theme, the menu) and nothing more; what only a match, the statistics or
network play need (the table and its package, the network layer, the computers' worker,
the records) is loaded by name once that frame is on screen (:data:`LATER`, as
``screens.py`` loads each screen the first time it opens), or at once when something asks
for a match before then. Until the table has looked at the saved match, the menu offers
Continue when the saved match's file is there.

``CARDTABLE_FIRST_FRAME_FILE=path`` in the environment makes :func:`run` write the
wall-clock time (``time.time()``) of its first shown frame to ``path`` and close: the start
is measured so (``bench/bench_start.py``, ``build/first_frame.py``).
"""

from __future__ import annotations

import importlib
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from cardtable import logs, storage
from cardtable.ui import sdl
from cardtable.ui.app import App
from cardtable.ui.window import claim_window_class

#: "module:function", each called with the App once the first frame is on screen, in this
#: order: the statistics, then the table (it checks the saved match: a damaged one is set
#: aside, with a toast, and gives the App its match hooks), then every game's table and
#: computer players. Loaded by name, so the start does not import them (nor the network
#: layer and the engines they bring).
LATER = ("cardtable.ui.session:load_stats", "cardtable.ui.scenes.table:install",
         "cardtable.ui.session:load_games")


def run(argv: list[str] | None = None, start: dict | None = None) -> int:
    """Open the window on the main menu and run until it is closed (with ``start``, a setup
    as the setup screen makes: at a new match of it)."""
    logs.setup()            # the log file in the data folder, before anything can go wrong
    path = storage.settings_path()
    settings, message = storage.load_settings(path)
    claim_window_class()
    sdl.init()
    app = App(settings=settings, settings_path=path)
    if message:
        app.toast(message, seconds=6.0, kind="bad")
    app.data_dir = storage.data_dir()
    later = Later(app)
    app.open("menu")
    if start is not None:
        app.start_match(start)
    stamp = os.environ.get("CARDTABLE_FIRST_FRAME_FILE")
    app.on_first_frame = lambda a: _first_frame_shown(a, later, stamp)
    try:
        return app.loop()
    finally:
        if app.table is not None:
            app.table.match.close()   # a table open to the network tells its players it ended
        pygame.quit()


class Later:
    """What the window loads after its first frame (:data:`LATER`). Until then the App's
    match hooks are this object's: asking to start or continue a match, or which game is
    in progress, loads it all first and asks the table; whether a match can be continued
    is answered by the saved match's file being there."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.loaded = False
        # the file the table's desk reads (storage's, in the App's data folder)
        saved = Path(app.data_dir) / storage.MATCH_FILE if app.data_dir is not None else None
        app.match_in_progress = (lambda: saved.exists()) if saved is not None else None
        app.on_start_match = self.start_match
        app.on_continue_match = self.continue_match
        app.match_game = self.match_game

    def load(self) -> App:
        """Load and call everything of :data:`LATER` (once); returns the App, whose match
        hooks are the table's now."""
        if not self.loaded:
            self.loaded = True
            for entry in LATER:
                _named(entry)(self.app)
        if self.app.on_start_match == self.start_match:
            raise RuntimeError(f"none of {', '.join(LATER)} gave the window its table")
        return self.app

    def start_match(self, config: dict) -> Any:
        return self.load().on_start_match(config)

    def continue_match(self) -> Any:
        return self.load().on_continue_match()

    def match_game(self) -> str | None:
        return self.load().match_game()


def _named(entry: str) -> Callable[[App], Any]:
    """The function a "module:function" entry names, its module imported if need be."""
    module, _, name = entry.partition(":")
    return getattr(importlib.import_module(module), name)


def _first_frame_shown(app: App, later: Later, stamp: str | None) -> None:
    """The first frame is on screen: with ``stamp``, write when (start-up measurement) and
    close; then load what waited for it."""
    if stamp:
        Path(stamp).write_text(f"{time.time():.6f}\n", encoding="utf-8")
        app.running = False
    later.load()
