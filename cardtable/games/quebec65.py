"""65 from Québec: its one registration."""

from __future__ import annotations

from cardtable.engine.quebec65 import SPEC
from cardtable.engine.registry import Game
from cardtable.ratings import measured


def _players():
    from cardtable.ai.rummy import RummyKnowledge

    return RummyKnowledge(SPEC.id)


def _table():
    from cardtable.ui.tables.quebec65 import TABLE

    return TABLE


def _reference() -> dict:
    from cardtable.ai import rummy

    return dict(getattr(rummy, "REFERENCE", {}))


def _ratings():
    return measured(SPEC.id)


def _lessons() -> dict:
    from cardtable.games.quebec65_lesson import LESSON

    return LESSON

GAME = Game(spec=SPEC, players=_players, table=_table, reference=_reference,
            ratings=_ratings, lessons=_lessons)
