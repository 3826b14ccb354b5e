"""What the screens ask of a match: one typed protocol, :class:`TableMatch`.

The table scene, the summaries, the match end, the setup and the session play three kinds
of match through the same members: a :class:`~cardtable.match.Match` played at this
computer, a :class:`~cardtable.net.hosted.HostedMatch` some of whose seats are played from
other computers, and a :class:`~cardtable.net.remote.RemoteMatch`, a seat at a table hosted
elsewhere. Each satisfies :class:`TableMatch` (checked by mypy: ``make typecheck``, which
``make test`` runs, reads ``tests/test_tablematch.py``), so a screen needs no ``getattr``
to ask one of them something the others lack.

``match.state`` is typed by what the screens may read of it at every kind of match
(:class:`MatchFacts`: the facts every seat may know); a game's table reads its rules from
``match.rules`` (:class:`~cardtable.engine.core.GameState` with the match's options at the
deal in play), never its cards.

Nothing here runs: the module holds types only (and imports only the engine).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, Protocol

from cardtable.engine.core import Action, DealResult, Event, GameState
from cardtable.engine.registry import GameSpec


class SeatInfo(Protocol):
    """One seat as the screens read it (a :class:`~cardtable.match.Seat`)."""

    @property
    def name(self) -> str:
        """The name on the seat's plate (a person's typed name, or a computer's)."""

    @property
    def kind(self) -> str:
        """'human' (a person, here or at another computer) or 'computer'."""

    @property
    def level(self) -> str:
        """The computer's level ('easy'...'expert'; a person's seat keeps one for the
        computer that stands in for them at a table over the network)."""

    @property
    def is_human(self) -> bool:
        """Is the seat a person's (``kind`` is 'human')?"""


class MatchFacts(Protocol):
    """What every seat may know of the match as a whole: what the screens read of
    ``match.state`` (the engine's state here, the host's public facts at a friend's copy)."""

    @property
    def current_player(self) -> int | None:
        """The seat the engine waits for (None once the match is over)."""

    @property
    def is_over(self) -> bool:
        """Has the match ended (``winners`` is then set)?"""

    @property
    def winners(self) -> list[int]:
        """The seats that won the match (empty until it is over)."""

    @property
    def match_scores(self) -> list[int]:
        """Every seat's match score, by seat."""

    @property
    def score_sheet(self) -> list[dict[str, Any]]:
        """One row per finished deal, as the game scores it (each was shown to everyone)."""

    @property
    def deal_no(self) -> int:
        """The number of the deal in play (0 before the first is dealt)."""

    @property
    def dealer(self) -> int | None:
        """The seat that dealt the deal in play."""

    @property
    def options(self) -> dict[str, Any]:
        """The match's options (every one of the game's, at its value)."""

    def deal_results(self) -> list[DealResult]:
        """Every finished deal's result (change, totals, measure), from the score sheet."""


class NoticeInfo(Protocol):
    """What happened away from the table (a :class:`~cardtable.net.protocol.Notice`)."""

    @property
    def kind(self) -> str:
        """'joined', 'left', 'seats', 'refused', 'closed', 'resync', 'bad_record',
        'declined', 'again' or 'again_seated'."""

    @property
    def code(self) -> str:
        """The refusal's or the end's code ('' when the kind says it all)."""

    @property
    def error(self) -> Exception | None:
        """The rules' refusal of a move (an IllegalAction), to word as at home."""

    @property
    def seat(self) -> int | None:
        """The seat of a friend who came, went or declined."""


class TableService(Protocol):
    """What the screens read of the server that opens a hosted table to other computers
    (a :class:`~cardtable.net.host.TableServer`)."""

    @property
    def code(self) -> str:
        """The table code friends type to sit down."""

    @property
    def port(self) -> int | None:
        """The port it listens on (None until it listens)."""

    @property
    def table_name(self) -> str:
        """The table's name as friends see it listed."""

    @property
    def running(self) -> bool:
        """Is it serving now?"""

    def close(self) -> None:
        """End the table: every player is told the host left."""


class TableMatch(Protocol):
    """A match as the table scene and the screens around it play it."""

    # ---- what it is -------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        """The game's id in the registry."""

    @property
    def spec(self) -> GameSpec:
        """The game's spec (its name, its sides, how it scores)."""

    @property
    def seats(self) -> Sequence[SeatInfo]:
        """Every seat in order: its name, kind and level."""

    @property
    def n_players(self) -> int:
        """How many seats the match has."""

    @property
    def seed(self) -> int | str:
        """What names the match among the recent matches (its seed here; a friend's copy
        has a name drawn from its seat's token)."""

    @property
    def hints(self) -> bool:
        """Does the table offer hints (not at a table played over the network)?"""

    # ---- who acts --------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat the table waits for now (None: nobody here, e.g. while the host has
        not answered a friend's move, or once the match is over)."""

    @property
    def is_over(self) -> bool:
        """Has the match ended (and every event of its end been handed over)?"""

    def is_human(self, seat: int | None) -> bool:
        """Is ``seat`` played by a person at this computer (the table then waits for the
        person's move; any other seat's move comes from ``poll``)?"""

    @property
    def human_to_act(self) -> bool:
        """Is the seat to act a person's at this computer?"""

    @property
    def human_seats(self) -> Sequence[int]:
        """The seats people play at this computer."""

    def names(self) -> list[str]:
        """Every seat's name, in order."""

    # ---- what a seat sees ------------------------------------------------------------
    @property
    def state(self) -> MatchFacts:
        """The facts of the match every seat may know (scores, score sheet, winners, deal
        number, dealer, options)."""

    @property
    def rules(self) -> GameState:
        """A state of the game with the match's options at the deal in play, to ask the
        game's rules of: its constants and what depends only on the options and a deal
        number. Never read for cards: at a friend's copy it was dealt from no secret."""

    def view(self, seat: int) -> dict[str, Any]:
        """The match as ``seat`` may see it now (its hand, the table, the counts)."""

    def legal_actions(self) -> list[Action]:
        """The moves the seat to act may make now (none while nobody here is to act)."""

    def start_events(self) -> list[Event]:
        """The events of the first deal, to animate (none for a match taken up again)."""

    @property
    def log(self) -> Sequence[Event]:
        """The events so far, each only as this computer may show it."""

    @property
    def moves(self) -> Sequence[object]:
        """One entry per move played (its length tells the table a move came)."""

    @property
    def turn(self) -> int:
        """How many moves the match has had: the number a move sent over the network
        names, so that one sent for an earlier turn is refused."""

    @property
    def scored_deals(self) -> Sequence[dict[str, Any]]:
        """The records of the deals this match scored (``cardtable.records``): the
        summary's and the match end's reviews open them."""

    def take_finished_deals(self) -> list[dict[str, Any]]:
        """The records of the deals scored since the last call (and forget them)."""

    # ---- moves ----------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Play the person's move for the seat to act; IllegalAction changes nothing. (At
        a friend's copy the move is sent and its events come back through ``poll``.)"""

    def poll(self, now: float | None = None) -> list[Event]:
        """The events of a move that is not the person's here (a computer's, a friend's,
        the host's), when one is due; [] when none is."""

    def wake_in(self, now: float) -> float | None:
        """Seconds until ``poll(now)`` would have a move (0: poll now; None: ``on_ready``
        will say when)."""

    def warm_up(self) -> None:
        """Start what the computers will think with, ahead of their first move."""

    def computers_wait(self) -> bool:
        """The computers hold their moves for now (a lesson's coach is being read): the
        one whose turn it is is not thinking."""

    @property
    def pace(self) -> float:
        """The pause, in seconds, before a computer's move is played."""

    @pace.setter
    def pace(self, seconds: float) -> None:
        """The table sets it from the animation speed."""

    @property
    def on_ready(self) -> Callable[[], object] | None:
        """Called (on any thread) when something is ready for ``poll``: the table's loop
        sleeps until then."""

    @on_ready.setter
    def on_ready(self, callback: Callable[[], object] | None) -> None:
        """The table sets it to wake its window; None when the table lets the match go."""

    @property
    def on_change(self) -> Callable[[Any], object] | None:
        """Called with the match after every move and undo, and when a friend sits down
        (the session saves it and keeps its deals)."""

    @on_change.setter
    def on_change(self, callback: Callable[[Any], object] | None) -> None:
        """The session sets it; None when the table lets the match go."""

    def request_hint(self, seat: int) -> Future[tuple[Action | None, str]]:
        """What the hard level would play for ``seat`` now, and why (off the caller's
        thread); (None, '') where the table offers no hints."""

    # ---- undo ------------------------------------------------------------------------
    @property
    def undo_seat(self) -> int | None:
        """The one person who may take moves back (None: undo is off at this table)."""

    def can_undo(self) -> bool:
        """May the person take back their last move now?"""

    def undo(self) -> bool:
        """Take back the person's last move and the replies since (False: refused)."""

    # ---- the network ----------------------------------------------------------------
    def seat_status(self, seat: int) -> str | None:
        """How a seat played from another computer is doing ('empty', 'open', 'asked',
        'connected', 'away'; a friend's copy also says 'host' and 'computer'); None for a
        seat at this computer."""

    def seat_elsewhere(self, seat: int) -> bool:
        """Is that seat's person connected but looking at their menu, not the table?"""

    def tell_presence(self, here: bool) -> None:
        """The table is looked at (True) or left for the menu: the others are told."""

    def take_notices(self) -> Sequence[NoticeInfo]:
        """What happened away from the table since the last call (a friend came or went,
        a move was refused, the table closed)."""

    @property
    def server(self) -> TableService | None:
        """The server that opens this table to other computers (None: none here)."""

    def close(self) -> None:
        """The table lets the match go: stop thinking, and end or leave a table played
        over the network."""


if TYPE_CHECKING:

    class EngineState(GameState):
        """A game's state as the type checker should see it: the fields every game's state
        has (``GameState.BASE_FIELDS``), which the engine sets in ``_new`` and
        ``from_json`` without declaring them. Only annotations: until the engine declares
        them itself, ``match.py`` and ``net/`` read the state through this."""

        n_players: int
        options: dict[str, Any]
        dealer: int | None
        first_dealer: int | None
        first_deal: int
        deal_no: int
        score_sheet: list[dict[str, Any]]
        match_scores: list[int]
        winners: list[int]
        over: bool
