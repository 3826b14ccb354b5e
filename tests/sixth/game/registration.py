"""Magpie's one registration, as a game in another package would write it.

The tests register it at run time (``registry.register(GAME)``); an installed package
would name ``GAME`` in its ``cardtable.games`` entry point instead.
"""

from __future__ import annotations

from cardtable.engine.registry import Game

from .engine import SPEC


def _players():
    from .players import MagpieKnowledge

    return MagpieKnowledge(SPEC.id)


def _table():
    from .table import TABLE

    return TABLE


GAME = Game(spec=SPEC, players=_players, table=_table)
