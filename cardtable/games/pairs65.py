"""Sixty-Five (pairs): its one registration."""

from __future__ import annotations

from cardtable.engine.pairs65 import SPEC
from cardtable.engine.registry import Game
from cardtable.ratings import measured


def _players():
    from cardtable.ai.pairs65 import Pairs65Knowledge

    return Pairs65Knowledge(SPEC.id)


def _table():
    from cardtable.ui.tables.pairs65 import TABLE

    return TABLE


def _reference() -> dict:
    from cardtable.ai import pairs65

    return dict(getattr(pairs65, "REFERENCE", {}))


def _ratings():
    return measured(SPEC.id)


def _lessons() -> dict:
    from cardtable.games.pairs65_lesson import LESSON

    return LESSON

GAME = Game(spec=SPEC, players=_players, table=_table, reference=_reference,
            ratings=_ratings, lessons=_lessons)
