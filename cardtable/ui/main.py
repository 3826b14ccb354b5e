"""The program's window from start to close: settings, the saved match, the main menu."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame

from cardtable import logs, storage
from cardtable.ui import sdl, session
from cardtable.ui.app import App, claim_window_class
from cardtable.ui.scenes.table import install as install_table


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
    session.load_stats(app)
    install_table(app)      # checks the saved match (a damaged one is set aside, with a toast)
    app.open("menu")
    if start is not None:
        app.start_match(start)
    stamp = os.environ.get("CARDTABLE_FIRST_FRAME_FILE")
    if stamp:
        app.on_first_frame = lambda a: _first_frame_shown(a, stamp)
    try:
        return app.loop()
    finally:
        if app.table is not None:
            app.table.match.close()   # a table open to the network tells its players it ended
        pygame.quit()


def _first_frame_shown(app: App, path: str) -> None:
    """Write when the first frame was shown, then close (start-up measurement)."""
    Path(path).write_text(f"{time.time():.6f}\n", encoding="utf-8")
    app.running = False
