"""Putting a table scene in front: the App's table, over a fresh main menu.

Apart from :mod:`launch` (which starts and continues matches) so that the table scene's own
parts, which show the next match of a network table, can use it without importing the
scene they belong to."""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

from cardtable.ui import memory

if TYPE_CHECKING:
    from cardtable.ui.scenes.table.scene import TableScene


def show_table(app, table: TableScene) -> TableScene:
    """Make ``table`` the App's table, over a fresh main menu (an earlier table is closed)."""
    old = app.table
    if old is not None and old is not table:
        old.match.on_change = None
        old.match.on_ready = None
        old.match.close()
        if old._setting_changed in app.settings_listeners:   # else it lives on, unseen
            app.settings_listeners.remove(old._setting_changed)
        old.let_go_of_pixels()
    replaced = old is not None and old is not table
    del old     # the last reference held here: the collection below can free the old table
    app.table = table
    app.reset(app.build("menu"))
    app.push(table)
    if replaced:
        # the old table goes now (its scene, sprites and match refer to each other: only
        # a collection frees them, and a full one may not come for many minutes) and the
        # memory it held goes back to the system; the caches of drawn cards, texts, panels
        # and fonts are kept (each is bounded): the new table draws with what is there
        gc.collect()
        memory.trim(force=True)
    return table
