"""65 (Japanese partnership): its one registration."""

from __future__ import annotations

from cardtable.engine.japanese65 import SPEC
from cardtable.engine.registry import Game
from cardtable.ratings import measured


def _players():
    from cardtable.ai.japanese65 import Japanese65Knowledge

    return Japanese65Knowledge(SPEC.id)


def _table():
    from cardtable.ui.tables.japanese65 import TABLE

    return TABLE


def _reference() -> dict:
    from cardtable.ai import japanese65

    return dict(getattr(japanese65, "REFERENCE", {}))


def _ratings():
    return measured(SPEC.id)


def _lessons() -> dict:
    from cardtable.games.japanese65_lesson import LESSON

    return LESSON

GAME = Game(spec=SPEC, players=_players, table=_table, reference=_reference,
            ratings=_ratings, lessons=_lessons)
