"""The table of The Game of 65 (rummy65): the shared rummy table, with the pot in cents."""

from __future__ import annotations

from cardtable.engine.rummy65 import ANTE
from cardtable.i18n import N_, Msg
from cardtable.ui.tables.rummy import RummyTable


class Rummy65Table(RummyTable):
    game_id = "rummy65"
    DEAL_WORD = N_("Hand")
    HAS_POT = True

    def money_lines(self):
        return [(N_("Pot"), Msg("{n}¢", n=self.pot_shown()), None)]

    def pot_shown(self) -> int:
        """The pot as the picture knows it: the last scored row's, or the ante of everybody."""
        rows = [r for r in self.t.match.state.score_sheet
                if r.get("deal", 0) < self.deal_no and "money" in r]
        return rows[-1]["money"]["pot"] if rows else ANTE * self.n


TABLE = Rummy65Table
