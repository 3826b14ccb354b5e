"""The scores at a game's table (part of :class:`~cardtable.ui.tables.GameTable`): the rows
of the score panel in the top corner, whose column each game-points count is, and the
caption that says who scored what when a deal ends. The panel names each seat as its
plate does (:meth:`ScorePanel.panel_name`).
"""

from __future__ import annotations

from cardtable.i18n import Msg, NMsg


class ScorePanel:
    """Part of :class:`~cardtable.ui.tables.GameTable`: the score panel's rows and the
    words of a deal's result (partnership games override the owners)."""

    def score_lines(self) -> list[tuple[str, str, tuple | None]]:
        """(label, value, colour) rows for the score panel."""
        return []

    def panel_name(self, seat: int) -> Msg | str:
        """A seat as the score panel names it: as its plate does, by the name it plays
        under ("You" where that is its name, a lone person who typed none). The panel said
        "You" where the plate of a person who typed "Ann" said "Ann"; the sentences of the
        log and the captions still speak to the person as "you"."""
        return self.name(seat)

    def panel_names(self, seats: list[int]) -> Msg | str:
        """Partners as the score panel names them: their plates' names, the viewer's first
        ("Ann & Hana"; it said "You & Hana")."""
        seats = sorted(seats, key=lambda s: s != self.viewer)
        if len(seats) == 1:
            return self.panel_name(seats[0])
        return Msg("{a} & {b}", a=self.panel_name(seats[0]), b=self.panel_name(seats[1]))

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
