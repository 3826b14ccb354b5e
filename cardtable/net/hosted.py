"""The host's match: the only authority at a table played over the network. No pygame.

    match = HostedMatch.from_config(config, remote=[1, 2, 3], stand_in="medium")
    ... the table drives ``match`` as any other (apply for the host, poll every frame) ...

:class:`HostedMatch` wraps a :class:`~cardtable.match.Match` (``match.match``) through its
public members, and adds what a table over the network needs: each remote seat's status
and token (:class:`NetSeat`), the moves its player sends, and what each player is told.
The server (:class:`~cardtable.net.host.TableServer`) sets ``send`` and ``flush`` and calls
``take_seat``, ``offer_move``, ``set_elsewhere`` and ``leave_seat`` from its thread, under
``lock``.

A move a player sends is queued for its seat and the window woken (``on_ready``); the
host's own thread applies it in ``poll`` exactly where it would ask a computer for its
move, so the engine is only ever touched on one thread at a time (``lock`` guards what the
server reads). After every move (the wrapped match's ``on_move``) each connected player is
sent its seat's view and the events as its seat may see them (``event.for_seat``) — never
the host's state or another seat's hand.

To the table it looks like a match against computers: a remote seat is not one of the
host's people (the wrapped match's ``seat_statuses`` names it), so the table asks ``poll``
for its move. Its seat stays a person's in ``seats`` (the plates say so; the save keeps it).
A remote seat is ``empty`` until a friend takes it with the table code (the match waits at
its turn, unless the host lets a computer play it meanwhile: ``open``, still free for the
first friend who comes), ``connected`` while they play, and ``away`` once their connection
drops: a computer at the host's chosen level plays it until they come back with their
seat's token. Every deal is dealt from a secret that never leaves this process (the
match's ``secret``; a new one when a saved table opens again), so no finished deal's
record, sent to every player, tells another deal.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from cardtable.ai.levels import offered_level
from cardtable.engine.core import Action, Event, GameState, IllegalAction
from cardtable.engine.registry import GameSpec
from cardtable.match import Match, Seat
from cardtable.net import protocol
from cardtable.net.protocol import Notice, Refused

if TYPE_CHECKING:
    from cardtable.net.host import Connection, TableServer
    from cardtable.tablematch import EngineState

log = logging.getLogger(__name__)

#: the statuses of a friend's seat a computer plays (gone for now, or not taken yet)
STAND_IN = frozenset({"away", "open"})


class NetSeat:
    """What the host knows of one remote seat."""

    def __init__(self, token: str, status: str = "empty"):
        self.token = token
        self.status = status            # empty | open | asked | connected | away
        self.elsewhere = False          # connected, but in their own menu
        self.conn: Connection | None = None
        self.move: tuple[Action, int] | None = None   # a move waiting for the host's thread


class HostedMatch:
    """A :class:`Match` some of whose seats are played from other computers."""

    #: no hints at a table over the network, for the host either (friends have none)
    hints = False

    def __init__(self, *args: Any, remote: Sequence[int] | None = None,
                 stand_in: str = "easy", tokens: Sequence[str] | None = None,
                 **kwargs: Any):
        """``Match(*args, **kwargs)``, hosted: ``remote`` the seats friends play (with
        ``tokens``, the ones they come back with, when a table opens again), ``stand_in``
        the level of the computer that plays a seat while its friend is away."""
        self._host(Match(*args, secret=secrets.token_bytes(16), **kwargs), remote, stand_in,
                   tokens)

    @classmethod
    def from_config(cls, config: dict[str, Any], *, remote: Sequence[int] | None = None,
                    stand_in: str = "easy", tokens: Sequence[str] | None = None,
                    **kwargs: Any) -> HostedMatch:
        """The setup's match (``Match.from_config``), hosted."""
        match = Match.from_config(config, secret=secrets.token_bytes(16), **kwargs)
        return cls._around(match, remote, stand_in, tokens)

    @classmethod
    def from_json(cls, data: dict[str, Any], *, remote: Sequence[int] | None = None,
                  stand_in: str = "easy", tokens: Sequence[str] | None = None,
                  **kwargs: Any) -> HostedMatch:
        """A saved match (``Match.from_json``), hosted again with a new secret."""
        match = Match.from_json(data, secret=secrets.token_bytes(16), **kwargs)
        return cls._around(match, remote, stand_in, tokens)

    @classmethod
    def _around(cls, match: Match, remote: Sequence[int] | None, stand_in: str,
                tokens: Sequence[str] | None) -> HostedMatch:
        hosted = cls.__new__(cls)
        hosted._host(match, remote, stand_in, tokens)
        return hosted

    def _host(self, match: Match, remote: Sequence[int] | None, stand_in: str,
              tokens: Sequence[str] | None) -> None:
        #: the match this table plays: the only authority
        self.match = match
        self.lock = threading.RLock()
        # expert where this game offers it, else the nearest level it does
        self.stand_in = offered_level(match.game_id, stand_in)
        self.remote: dict[int, NetSeat] = {}
        for i, seat in enumerate(sorted(set(remote or []))):
            if 0 <= seat < match.n_players:
                token = tokens[i] if tokens and i < len(tokens) else protocol.new_token()
                self.remote[seat] = NetSeat(token)
                match.seats[seat].kind = "human"
                match.set_level(seat, self.stand_in)
        #: called with (seat or None for everyone, message dict) to send; set by the server
        self.send: Callable[[int | None, dict[str, Any]], None] | None = None
        #: called after a move's messages are queued: lets the server send them now
        self.flush: Callable[[], None] | None = None
        self.sent_updates = 0
        #: the host's person is in the menu (the table goes on out of sight)
        self.host_elsewhere = False
        self._notices: deque[Notice] = deque()
        self._on_change: Callable[[Any], object] | None = None
        #: the TableServer serving this match (closing the match closes the table)
        self.server: TableServer | None = None
        match.seat_statuses = self.seat_status
        match.on_move = self._moved

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

    # ---- who is who -------------------------------------------------------------------
    def seat_status(self, seat: int) -> str | None:
        """'empty', 'open', 'asked', 'connected' or 'away' for a remote seat; None for the
        host's own."""
        net = self.remote.get(seat)
        return net.status if net is not None else None

    def seat_elsewhere(self, seat: int) -> bool:
        """Is the person of this seat connected but looking at their menu, not the table?"""
        net = self.remote.get(seat)
        if net is not None:
            return net.status == "connected" and net.elsewhere
        return self.host_elsewhere and self.seats[seat].is_human

    def set_elsewhere(self, seat: int, elsewhere: bool) -> None:
        """A friend went to their menu or came back to the table: everybody is told."""
        net = self.remote.get(seat)
        if net is None or net.status != "connected" or net.elsewhere == elsewhere:
            return
        net.elsewhere = elsewhere
        if self.send is not None:
            self.send(None, self.seats_message())
        if self.on_ready is not None:
            self.on_ready()     # the host's window is asleep: its plate for them changes

    def tell_presence(self, here: bool) -> None:
        """The host's person looks at the table again, or went to the menu."""
        with self.lock:      # the server's thread sends seats messages too
            if self.host_elsewhere == (not here):
                return
            self.host_elsewhere = not here
            if self.send is not None:
                self.send(None, self.seats_message())

    def add_notice(self, notice: Notice) -> None:
        """Something the table is to tell its person (``take_notices``)."""
        self._notices.append(notice)

    def take_notices(self) -> list[Notice]:
        """Who came and went since the last call (the table's thread): a friend who sat
        down gave the seat their name, so the match is saved again (``on_change``)."""
        out = []
        while self._notices:
            out.append(self._notices.popleft())
        if any(n.kind == "joined" for n in out):
            with self.lock:
                self._changed()
        return out

    def seats_message(self) -> dict[str, Any]:
        """Who sits where, as every player is told: names, kinds, who is connected, who is
        thinking (a computer, or a computer standing in for someone away)."""
        out = []
        to_act = self.to_act
        for i, seat in enumerate(self.seats):
            status = self.seat_status(i) or ("host" if seat.is_human else "computer")
            computer = not seat.is_human or status in STAND_IN
            # the host's own seat under the default name "You" is the Host to everybody else
            name = "Host" if seat.name == "You" and i not in self.remote else seat.name
            out.append({"name": name, "kind": seat.kind, "level": seat.level,
                        "status": status, "thinking": computer and to_act == i
                        and not self.is_over})
            if self.seat_elsewhere(i):
                out[-1]["elsewhere"] = True
        return {"type": "seats", "seats": out}

    # ---- moves ------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """The host's person's move (IllegalAction changes nothing)."""
        with self.lock:
            events = self.match.apply(action)
        self._sent()
        return events

    def poll(self, now: float | None = None) -> list[Event]:
        """The move due at a seat that is not the host's person's: the one its friend
        sent, or while they are away (or the seat is the host's computer's) the
        computer's; [] when none is ready."""
        with self.lock:
            events = self._poll(now)
        if events:
            self._sent()
        return events

    def run_computer_move(self) -> list[Event]:
        """The computer's move for the seat to act, now (tests, tools)."""
        with self.lock:
            events = self.match.run_computer_move()
        if events:
            self._sent()
        return events

    def _sent(self) -> None:
        """A move's messages are queued: let the server send them now (outside the lock,
        which the server's thread takes to read a player's message)."""
        if self.flush is not None:
            self.flush()

    def _poll(self, now: float | None) -> list[Event]:
        seat = self.to_act
        net = self.remote.get(seat) if seat is not None else None
        if seat is None or net is None or net.status in STAND_IN or self.is_over:
            return self.match.poll(now)
        if net.move is None:
            return []
        action, turn = net.move
        net.move = None
        if turn != self.turn:
            self._tell(seat, {"type": "refused", "code": "not_your_turn"})
            return []
        try:
            # as a local move: a new deal from its own seed; its players are sent it by
            # the match's on_move (_moved)
            return self.match.apply(action)
        except IllegalAction as exc:
            self._tell(seat, {"type": "refused", "code": "illegal", "rule": exc.code,
                              "params": exc.params, "turn": self.turn})
        except Exception:   # a border: a friend's move the engine cannot even read
            if self.turn != turn:
                raise       # the move was played: what failed is telling it, not the move
            log.warning("the move sent for seat %s could not be read: refused", seat,
                        exc_info=True)
            self._tell(seat, {"type": "refused", "code": "malformed"})
        return []

    def wake_in(self, now: float) -> float | None:
        """Seconds until ``poll(now)`` has a move (None: ``on_ready`` will say)."""
        with self.lock:
            seat = self.to_act
            net = self.remote.get(seat) if seat is not None else None
            if net is not None and net.status not in STAND_IN:
                return None if net.move is None else 0.0
            return self.match.wake_in(now)

    def _moved(self, seat: int, action: Action, events: list[Event]) -> None:
        """After every move (the match's ``on_move``, under the lock): a finished deal's
        record, then every connected player's update."""
        if any(e.kind == "deal_scored" for e in events):
            self.send_record(self.scored_deals[-1])
        self.broadcast(events)

    def close(self) -> None:
        """Stop thinking, and end the table for everybody (they are told the host left)."""
        self.match.close()
        server, self.server = self.server, None
        if server is not None:
            server.close()

    # ---- what each player is sent -------------------------------------------------------
    def public_facts(self) -> dict[str, Any]:
        """What every seat may know of the match as a whole (the score sheet of finished
        deals is public: each was shown to everyone at its end)."""
        state = self.state
        return {"to_act": state.current_player, "is_over": state.is_over,
                "winners": list(state.winners), "match_scores": list(state.match_scores),
                "score_sheet": list(state.score_sheet), "deal_no": state.deal_no,
                "dealer": state.dealer, "options": dict(state.options)}

    def update_for(self, seat: int, events: list[Event],
                   public: dict[str, Any] | None = None) -> dict[str, Any]:
        """The ``update`` message for ``seat`` after ``events``: only what it may see."""
        state = self.state
        message = {"type": "update", "turn": self.turn,
                   "events": [e.for_seat(seat) for e in events],
                   "view": state.view(seat),
                   "public": public if public is not None else self.public_facts()}
        if state.current_player == seat and not state.is_over:
            message["legal"] = [a.to_json() for a in state.legal_actions()]
        return message

    def recent_for(self, seat: int) -> list[dict[str, Any]]:
        """The moves of the deal in progress as ``seat`` may see them (the last
        :data:`protocol.RECENT`): what a player coming back reads in the log."""
        log = self.log
        start = max((i for i, e in enumerate(log) if e.kind == "dealt"), default=0)
        return [e.for_seat(seat) for e in log[start:]][-protocol.RECENT:]

    def broadcast(self, events: list[Event]) -> None:
        """Send every connected player its update (called with the lock held)."""
        if self.send is None:
            return
        public = self.public_facts()
        for seat, net in self.remote.items():
            if net.status == "connected":
                self.send(seat, self.update_for(seat, events, public))
        self.sent_updates += 1
        self.send(None, self.seats_message())

    def send_record(self, record: dict[str, Any]) -> None:
        """A finished deal's record to each connected player, before the update ending it."""
        if self.send is not None:
            names = self.seat_names()
            for seat, net in self.remote.items():
                if net.status == "connected":
                    # the names on their plates; their own moves the ones its review judges
                    self.send(seat, {"type": "record",
                                     "record": dict(record, names=names, humans=[seat])})

    def seat_names(self) -> list[str]:
        """The seats' names as every player sees them (the host's "You" is the Host)."""
        return [s["name"] for s in self.seats_message()["seats"]]

    def _tell(self, seat: int, message: dict[str, Any]) -> None:
        if self.send is not None:
            self.send(seat, message)

    # ---- seats taken, left and taken back (the server's thread, under the lock) -----------
    def take_seat(self, name: str, token: str | None) -> int:
        """The seat a player sits at: theirs again with its token, else the first empty
        remote seat. Raises Refused (bad_token, table_full)."""
        if token:
            for seat, net in self.remote.items():
                if net.token == token:
                    if net.status == "connected":
                        raise Refused("seat_taken")
                    self._arrive(seat, None)
                    return seat
            raise Refused("bad_token")
        for seat, net in sorted(self.remote.items()):
            if net.status in ("empty", "open"):
                self._arrive(seat, name)
                return seat
        raise Refused("table_full")

    def _arrive(self, seat: int, name: str | None) -> None:
        net = self.remote[seat]
        net.status = "connected"
        net.elsewhere = False
        net.move = None
        if name:
            self.seats[seat].name = name
        self._notices.append(Notice("joined", seat=seat))
        if self.to_act == seat:
            self.match.stop_thinking()      # a computer standing in stops thinking for them

    def stand_in_for(self, seat: int) -> bool:
        """The host lets a computer play a seat no friend has taken yet (the match waits at
        an empty seat's turn): the seat is ``open``, the first friend to come takes it over.
        False when the seat is not an empty friend's seat."""
        net = self.remote.get(seat)
        if net is None or net.status not in ("empty", "asked"):     # (asked: .again)
            return False
        with self.lock:
            net.status = "open"
            self.match.set_level(seat, self.stand_in)
        if self.send is not None:
            self.send(None, self.seats_message())
        if self.on_ready is not None:
            self.on_ready()     # the table's loop asks the computer now
        return True

    def leave_seat(self, seat: int) -> None:
        """The player's connection is gone: a computer plays the seat until they return."""
        net = self.remote.get(seat)
        if net is None or net.status not in ("connected", "asked"):
            return
        net.status = "away"
        net.conn = None
        net.move = None
        self.match.set_level(seat, self.stand_in)
        self._notices.append(Notice("left", seat=seat))
        if self.send is not None:
            self.send(None, self.seats_message())
        if self.on_ready is not None:
            self.on_ready()     # the table's loop asks the computer now

    def offer_move(self, seat: int, action: Action, turn: int) -> None:
        """A player's move, checked for its turn; the host's thread applies it in poll."""
        net = self.remote.get(seat)
        if net is None or net.status != "connected":
            raise Refused("not_seated")
        if self.to_act != seat or turn != self.turn or net.move is not None:
            raise Refused("not_your_turn")
        net.move = (action, turn)
        if self.on_ready is not None:
            self.on_ready()
