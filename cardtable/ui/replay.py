"""The table of a finished deal, for the review: the game's own table drawing, still.

A :class:`ReplayBoard` is a :class:`~cardtable.ui.scenes.table.TableScene` that is never
pushed on the App's stack and never plays: the review screen shows it one state at a time
(``show``), drawn by the game's table (``ui/tables/<game>.py``, through ``sync(view)``) in
the part of the window it is given. The deal is over, so every hand is shown face up: the
hands the seat's view leaves face down get their cards from the state (``hand(seat)``).
No game is named here.
"""

from __future__ import annotations

import pygame

from cardtable.engine.core import GameState
from cardtable.match import Match, Seat
from cardtable.ui.felt import Felt
from cardtable.ui.scenes.table.scene import TableScene


class ReplayBoard(TableScene):
    """A still table of ``game``'s seats, seen from ``viewer``'s chair (spoken to as "you"
    unless ``several`` people played at this computer)."""

    still = True

    def __init__(self, game: str, names: list[str], humans: list[int], state: GameState,
                 viewer: int, several: bool = False) -> None:
        # (a deal record keeps no levels: the plates say "Computer" alone)
        seats = [Seat(name, "human" if i in humans else "computer", "")
                 for i, name in enumerate(names)]
        match = Match(game, seats, seed=0, state=state.clone(), threaded=False, pace=0.0)
        for seat in match.seats:        # (the match gives a level to every computer; this
            if not seat.is_human:       # board never asks one to play)
                seat.level = ""
        super().__init__(match, speed="off")
        self.viewer = viewer
        # one person's chair, every card shown: nothing is hidden and nobody thinks; with
        # ``several`` people at this computer (pass-and-play) nobody is "You": every seat
        # is named, as at their table
        self.hotseat = several
        self.concealed = False
        self.secret_for = viewer
        self.waiting = True
        self.area: tuple[int, int] = (1280, 720)

    @property
    def size(self) -> tuple[int, int]:
        return self.area

    #: the cloth of the last board (its drawn surface is kept: a review opens sooner)
    _felt: Felt | None = None

    def attach(self, app, area: tuple[int, int]) -> None:
        """Draw with ``app``'s settings in a part of the window ``area`` big."""
        self.app = app
        self.felt = ReplayBoard._felt
        self._apply_settings()
        ReplayBoard._felt = self.felt
        self.area = (max(200, area[0]), max(200, area[1]))
        self.game.layout(self.area)

    def show(self, state: GameState, turn: int | None, lines: list,
             hold_trick: bool = False) -> None:
        """Put ``state`` on the table: every hand face up, ``turn``'s plate lit, ``lines``
        the log of the last moves; with ``hold_trick``, the trick just won still on the
        table, not yet gathered."""
        self.match.state = state
        self.game.sync(state.view(self.viewer))
        if hold_trick:
            self.game.hold_trick()
        for seat in range(state.n_players):
            if seat == self.viewer:
                continue
            sprites = self.zones.get(f"hand{seat}", [])
            cards = sorted(state.hand(seat), key=self.game.sort_key)
            if len(cards) != len(sprites):
                continue
            for sprite, code in zip(sprites, cards, strict=True):
                sprite.code = code
                sprite.revealed = True
        self.relayout(0.0)
        self.sprites.finish()
        self.scores = list(state.match_scores)
        self.dealer = getattr(state, "dealer", None)
        self.turn = turn
        self.log.clear()
        for line in lines[-self.log.maxlen:]:
            self.log.append(line)

    def draw_into(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the table into ``rect`` of ``surface``."""
        if rect.size != self.area:
            self.area = rect.size
            self.game.layout(rect.size)
            self.relayout(0.0)
            self.sprites.finish()
        self.draw(surface.subsurface(rect))
