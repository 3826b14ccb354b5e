"""The scores at a game's table (part of :class:`~cardtable.ui.tables.GameTable`): the rows
of the score panel in the top corner, whose column each game-points count is, and the
caption that says who scored what when a deal ends.
"""

from __future__ import annotations

from cardtable.i18n import Msg, NMsg


class ScorePanel:
    """Part of :class:`~cardtable.ui.tables.GameTable`: the score panel's rows and the
    words of a deal's result (partnership games override the owners)."""

    def score_lines(self) -> list[tuple[str, str, tuple | None]]:
        """(label, value, colour) rows for the score panel."""
        return []

    def score_owner(self, index: int) -> Msg | str:
        """Who a game-points column belongs to (a seat, or a side in partnership games)."""
        return self.you(index)

    def deal_result(self, ev: dict) -> Msg:
        """One sentence saying who scored what in a finished deal."""
        gp = ev.get("game_points") or []
        won = [(i, g) for i, g in enumerate(gp) if g]
        deal = ev.get("deal", "")
        if not won:
            return Msg("Deal {deal}: nobody scores.", deal=deal)
        i, g = won[0]
        return self.score_sentence(i, g, deal)

    def score_sentence(self, index: int, g: int, deal) -> Msg:
        """'Deal 3: Margot scores 2 game points.' for a seat (partnership games override)."""
        if self.is_you(index):
            return NMsg("Deal {deal}: you score {n} game point.",
                        "Deal {deal}: you score {n} game points.", g, deal=deal, n=g)
        return NMsg("Deal {deal}: {name} scores {n} game point.",
                    "Deal {deal}: {name} scores {n} game points.", g, deal=deal, n=g,
                    name=self.name(index))
