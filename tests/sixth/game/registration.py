"""Magpie's one registration, as a game in another package would write it.

The tests register it at run time (``registry.register(GAME)``); an installed package
would name ``GAME`` in its ``cardtable.games`` entry point instead.
"""

from __future__ import annotations

from pathlib import Path

from cardtable.engine.registry import Game

from .engine import SPEC


def _players():
    from .players import MagpieKnowledge

    return MagpieKnowledge(SPEC.id)


def _table():
    from .table import TABLE

    return TABLE


#: the game's own translations (``locale/<language>/LC_MESSAGES/magpie.mo``; made by
#: ``python -m tests.sixth.game.catalogue``)
LOCALE = str(Path(__file__).resolve().parent / "locale")

GAME = Game(spec=SPEC, players=_players, table=_table, locale=LOCALE)
