"""The match a hosted table wraps, as the table reads it: every member of
:class:`~cardtable.match.Match` the screens use, handed on to the wrapped match through its
public members only. :class:`~cardtable.net.hosted.HostedMatch` is one (what it adds: the
seats played from other computers). No pygame here."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from cardtable.engine.core import Action, Event, GameState
from cardtable.engine.registry import GameSpec
from cardtable.match import Match, Seat

if TYPE_CHECKING:
    from cardtable.tablematch import EngineState


class WrappedMatch:
    """A :class:`Match` (``match``) the table plays through this object."""

    match: Match
    lock: threading.RLock
    _on_change: Callable[[Any], object] | None

    # ---- the wrapped match, as the table reads it ----------------------------------------
    @property
    def game_id(self) -> str:
        """The game's id."""
        return self.match.game_id

    @property
    def spec(self) -> GameSpec:
        """The game's spec."""
        return self.match.spec

    @property
    def seats(self) -> list[Seat]:
        """Every seat (a friend's is a person's; its level is its stand-in's)."""
        return self.match.seats

    @property
    def n_players(self) -> int:
        """How many seats."""
        return self.match.n_players

    @property
    def seed(self) -> int:
        """The match's seed (its first deal's, for a table from a deal code)."""
        return self.match.seed

    @property
    def state(self) -> EngineState:
        """The engine's state: the host's alone (players are sent their views)."""
        return self.match.state

    @property
    def rules(self) -> GameState:
        """The state, to ask the game's rules of."""
        return self.match.rules

    @property
    def log(self) -> list[Event]:
        """Every event so far (whole: the host's)."""
        return self.match.log

    @property
    def moves(self) -> list[tuple[int, Action]]:
        """(seat, move) of every move played."""
        return self.match.moves

    @property
    def checkpoint(self) -> dict[str, Any]:
        """The state at the start of the deal in play."""
        return self.match.checkpoint

    @property
    def scored_deals(self) -> list[dict[str, Any]]:
        """The records of every deal this match scored."""
        return self.match.scored_deals

    @property
    def turn(self) -> int:
        """How many moves the match has had: a player's move names the turn it is for."""
        return self.match.turn

    @property
    def _move_no(self) -> int:
        """``turn``, by the name ``tests/ui/test_netplay.py`` and ``bench/bench_net.py``
        read it."""
        return self.match.turn

    @property
    def to_act(self) -> int | None:
        """The seat to act (None once the match is over)."""
        return self.match.to_act

    @property
    def is_over(self) -> bool:
        """Has the match ended?"""
        return self.match.is_over

    @property
    def human_to_act(self) -> bool:
        """Is the seat to act one of the host's people's?"""
        return self.match.human_to_act

    @property
    def human_seats(self) -> list[int]:
        """The host's people's seats (a friend's is not one)."""
        return self.match.human_seats

    @property
    def pace(self) -> float:
        """The pause before a computer's move is played."""
        return self.match.pace

    @pace.setter
    def pace(self, seconds: float) -> None:
        self.match.pace = seconds

    @property
    def on_ready(self) -> Any:
        """Called (any thread) when ``poll`` has something: a computer's move is ready, a
        friend's move came, someone came or went."""
        return self.match.on_ready

    @on_ready.setter
    def on_ready(self, callback: Any) -> None:
        self.match.on_ready = callback

    @property
    def on_change(self) -> Any:
        """Called with this match after every move, and when a friend sits down (the
        session saves it)."""
        return self._on_change

    @on_change.setter
    def on_change(self, callback: Any) -> None:
        self._on_change = callback
        self.match.on_change = None if callback is None else self._changed

    def _changed(self, _match: Match | None = None) -> None:
        if self._on_change is not None:
            self._on_change(self)

    def is_human(self, seat: int | None) -> bool:
        """Is ``seat`` one of the host's people's (a friend's is not)?"""
        return self.match.is_human(seat)

    def people_seats(self) -> list[int]:
        """The host's people and every friend who took a seat (a seat no friend ever came
        to, played by a computer throughout, is no person's)."""
        return self.match.people_seats()

    def names(self) -> list[str]:
        """Every seat's name."""
        return self.match.names()

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see now."""
        return self.match.view(seat)

    def log_for(self, seat: int | None) -> list[dict[str, Any]]:
        """The event log as ``seat`` may see it."""
        return self.match.log_for(seat)

    def legal_actions(self) -> list[Action]:
        """The moves of the seat to act."""
        return self.match.legal_actions()

    def start_events(self) -> list[Event]:
        """The first deal's events (none for a table opened again)."""
        return self.match.start_events()

    def take_finished_deals(self) -> list[dict[str, Any]]:
        """The records of the deals scored since the last call."""
        return self.match.take_finished_deals()

    def request_hint(self, seat: int) -> Future[tuple[Action | None, str]]:
        """A hint (the table offers none over the network: ``hints`` is False)."""
        return self.match.request_hint(seat)

    def warm_up(self) -> None:
        """Start the search worker early if a computer seat will need it."""
        self.match.warm_up()

    def computers_wait(self) -> bool:
        return self.match.computers_wait()

    def to_json(self) -> dict[str, Any]:
        """The match as its save holds it (friends' seats as people's)."""
        return self.match.to_json()

    def deal_code(self, start: GameState) -> str | None:
        """The code that deals the deal beginning with ``start`` again (its own seed)."""
        return self.match.deal_code(start)

    @property
    def undo_seat(self) -> int | None:
        """None: a move seen on other screens is not taken back."""
        return None

    def can_undo(self) -> bool:
        """Never at a table over the network."""
        return False

    def undo(self) -> bool:
        """Refused: a move seen on other screens is not taken back."""
        return False
