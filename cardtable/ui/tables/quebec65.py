"""The table of 65 from Québec (quebec65): the shared rummy table, rounds instead of hands."""

from __future__ import annotations

from cardtable.ui.tables.rummy import RummyTable


class Quebec65Table(RummyTable):
    game_id = "quebec65"
    DEAL_WORD = "Round"
    HAS_POT = False


TABLE = Quebec65Table
