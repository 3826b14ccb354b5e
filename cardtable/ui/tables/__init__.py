"""One table module per game: where its zones lie and how a drop or a click becomes an Action.

The shared table scene (``cardtable.ui.scenes.table``) owns the sprites, the event queue,
input, panels and sounds; a :class:`GameTable` subclass knows the game: the geometry of its
zones, how each engine event moves cards between zones, and what a drop means.

Zones are named lists of sprites kept by the scene: ``hand<seat>``, ``trick``, ``deck``,
and whatever else a game needs (``stock``, ``trump``, ``won<seat>``, ``pile<side>``...).

``GameTable`` is made of parts, one module each, that a game's table overrides as it needs:

* :mod:`~cardtable.ui.tables.geometry`: seats, card sizes, each zone's resting places,
  plates, the caption and the row of buttons;
* :mod:`~cardtable.ui.tables.events`: the engine's events animated (the deal, the last
  trick);
* :mod:`~cardtable.ui.tables.input`: a drop or a click as an Action, the buttons;
* :mod:`~cardtable.ui.tables.keys`: the keyboard's rows of targets and keys;
* :mod:`~cardtable.ui.tables.speech`: the seats' names, the log's lines, what speech says;
* :mod:`~cardtable.ui.tables.score_panel`: the score panel's rows and a deal's result;
* :mod:`~cardtable.ui.tables.game_words`: what the shared screens (the hint, the summary,
  the match's end, a refused move) say of the game.

How a card is named (``card_words``, ``the_card``...) is :mod:`~cardtable.ui.tables.
card_names`; the names below in ``__all__`` are offered here too. What a game's table may ask
of the scene is :class:`~cardtable.ui.tables.host.TableHost`.
"""

from __future__ import annotations

import random

import pygame

from cardtable.engine import registry
from cardtable.ui.cardart import card_height
from cardtable.ui.tables.card_names import (
    SUIT_WORDS,
    card_words,
    cards_words,
    suit_words,
    the_card,
)
from cardtable.ui.tables.events import TableEvents
from cardtable.ui.tables.game_words import GameWords
from cardtable.ui.tables.geometry import TableGeometry, Target
from cardtable.ui.tables.input import TableInput
from cardtable.ui.tables.keys import TableKeys
from cardtable.ui.tables.score_panel import ScorePanel
from cardtable.ui.tables.speech import TableSpeech

__all__ = [
    "SUIT_WORDS", "GameTable", "Target", "card_words", "cards_words", "rules_of",
    "suit_words", "table_class", "the_card",
]


def table_class(game_id: str) -> type[GameTable]:
    """The GameTable subclass ``game_id``'s registration brings."""
    return registry.game(game_id).table()


def rules_of(game_id: str) -> tuple[str, str]:
    """How to play ``game_id``: its title and the rules screen's markup, kept on its table
    (``GameTable.RULES``)."""
    return table_class(game_id).RULES


#: suit order in a sorted hand: trumps first, then colours alternating
SUIT_ORDER = {"S": "SHCD", "H": "HSDC", "D": "DSHC", "C": "CHSD"}


class GameTable(TableGeometry, TableEvents, TableInput, TableKeys, TableSpeech, ScorePanel,
                GameWords):
    """Game-specific geometry and event handling; see the module docstring. A table has the
    neutral words of :class:`GameWords` until its game gives its own."""

    game_id = ""
    #: how to play the game: the rules screen's title and markup (set by the game's module)
    RULES: tuple[str, str] = ("", "")
    RANK_ORDER = "AKQJT98765432"
    #: zones holding one player's own cards (faces hidden while a hand-over is due)
    PRIVATE_ZONES: tuple[str, ...] = ("hand", "stage")
    #: the four-colour suits setting applies (False where a card's colour, red or black, is
    #: the rule: four colours would hide which cards match)
    FOUR_COLOURS = True
    #: the widest line of a toast, in pixels of text before scaling: a longer message is
    #: broken into lines (a wide one would reach over the labels of the piles either side)
    TOAST_WIDTH = 440
    #: the scene offers the "Last trick" review (trick games)
    REVIEW = True
    #: the engine event after which the review of a finished deal stops when it steps a
    #: whole trick (Ctrl+arrows, PgUp and PgDn): a trick game's "trick_won". None: the
    #: review steps a whole player's turn instead
    REVIEW_STEP_EVENT: str | None = None

    def __init__(self, scene) -> None:
        self.t = scene
        self.n = scene.match.n_players
        self.size = (1280, 720)
        self.cw = 90
        self.ch = card_height(90)
        self.rng = random.Random(7)
        self.trick_angles: dict[int, float] = {}
        self.widest: dict[int, int] = {}     # the most cards each hand held this deal

    @property
    def viewer(self) -> int:
        """The seat whose view the table shows (the scene's)."""
        return self.t.viewer

    # ---- cards ------------------------------------------------------------------------
    def trump_suit(self) -> str | None:
        return None

    def sort_key(self, code: str | None):
        """Hand order: trumps first, then suits alternating colour, high rank to low."""
        if code is None:
            return (9, 0)
        order = SUIT_ORDER.get(self.trump_suit(), "SHCD")
        suit_i = order.index(code[1]) if code[1] in order else 5
        rank_i = self.RANK_ORDER.index(code[0]) if code[0] in self.RANK_ORDER else 20
        return (suit_i, rank_i)

    # ---- drawing ----------------------------------------------------------------------
    def extra_draw(self, surface: pygame.Surface) -> None:
        """Labels and marks that belong to the game (pile counts, trump badge...)."""
