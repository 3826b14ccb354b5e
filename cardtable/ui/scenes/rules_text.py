"""How to play each game, in the program's own words (markup for widgets.ScrollText).

Written from the rule specifications; every choice the program makes where players differ
is said plainly, and each option of the setup screen is explained.
"""

from __future__ import annotations

from cardtable.engine import registry
from cardtable.ui.tables import rules_of

#: the games in menu order
ORDER = tuple(registry.ids())
#: id -> (title, markup): each game's text lives beside its table (ui/tables/<game>.py)
RULES: dict[str, tuple[str, str]] = {game_id: rules_of(game_id) for game_id in ORDER}
