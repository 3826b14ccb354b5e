"""Every screen of the program, by name: the one list.

A screen opens another by its name (``app.open("rules", game_id)``) instead of importing
its module, so the screens never import one another. Each entry names the module and the
callable that builds the screen; the module is imported the first time the screen is
built. An unknown name, or an entry whose module or class is gone, fails loudly
(``KeyError``, ``ImportError``, ``AttributeError``).
"""

from __future__ import annotations

import importlib
from typing import Any

#: name -> "module:callable" building the screen from the arguments given to ``build``
SCREENS = {
    "menu": "cardtable.ui.scenes.menu:MenuScene",
    "picker": "cardtable.ui.scenes.picker:PickerScene",
    "setup": "cardtable.ui.scenes.setup:SetupScene",            # (game_id)
    "rules": "cardtable.ui.scenes.rules:RulesScene",            # (game_id or None)
    "settings": "cardtable.ui.scenes.settings:SettingsScene",
    "stats": "cardtable.ui.scenes.stats:StatsScene",
    "confirm": "cardtable.ui.scenes.confirm:ConfirmScene",      # (question, detail, yes, fn)
    "handoff": "cardtable.ui.scenes.handoff:HandoffScene",      # (table, seat)
    "summary": "cardtable.ui.scenes.summary:SummaryScene.for_table",      # (table, event)
    "match_end": "cardtable.ui.scenes.matchend:MatchEndScene.for_table",  # (table, event)
    "review": "cardtable.ui.scenes.review:ReviewScene",         # (deal records, index)
    "recent": "cardtable.ui.scenes.recent:RecentScene",
    "deal_code": "cardtable.ui.scenes.dealcode:DealCodeScene",  # (on_play)
    "join": "cardtable.ui.scenes.join:JoinScene",               # a table on the network
    "online": "cardtable.ui.scenes.online:OnlineScene",         # a table at a server
    "lessons": "cardtable.ui.scenes.lessons:LessonsScene",      # Learn to play: a game
    "lesson": "cardtable.ui.scenes.lesson:LessonScene",         # (game_id, then=config)
}


def builder(name: str):
    """The callable that builds the screen called ``name``."""
    module_name, _, path = SCREENS[name].partition(":")
    found: Any = importlib.import_module(module_name)
    for part in path.split("."):
        found = getattr(found, part)
    return found


def build(name: str, *args, **kwargs):
    """A new screen called ``name``, built from ``args`` and ``kwargs``."""
    return builder(name)(*args, **kwargs)
