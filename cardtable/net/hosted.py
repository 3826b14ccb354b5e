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
host's own thread applies it: ``poll_friend``, which the host's table calls every frame
whatever it still animates (``poll``, where it would ask a computer for its move, plays
it too). Not the server's thread: the host's table reads the engine's state every frame
without the lock (its picture, the legal moves, the autosave after a move), so the engine
is only ever touched on that one thread (``lock`` guards what the server reads), and a
friend's move waits for no animation, only for the window's next frame. After every move
(the wrapped match's ``on_move``) each connected player is sent what changed of its
seat's view and of the public facts (:mod:`.delta`) and the events as its seat may see
them (``event.for_seat``) — never the host's state or another seat's hand.

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
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from cardtable.ai.levels import offered_level
from cardtable.engine.core import Action, Event, IllegalAction
from cardtable.match import Match
from cardtable.net import delta, protocol
from cardtable.net.protocol import Notice, Refused
from cardtable.net.wrapped import WrappedMatch

if TYPE_CHECKING:
    from cardtable.net.host import Connection, TableServer

log = logging.getLogger(__name__)

#: the statuses of a friend's seat a computer plays (gone for now, not taken yet, or silent
#: too long while connected)
STAND_IN = frozenset({"away", "open", "idle"})
#: the statuses of a friend's seat whose friend is connected (and is sent every update)
CONNECTED = frozenset({"connected", "idle"})
#: the statuses of a friend's seat whose moves a computer plays for that friend (an open
#: seat's are played for nobody yet: whoever takes it is not told of them)
PLAYED_FOR = frozenset({"away", "idle"})
#: how long a friend's seat is silent at its turn before a computer plays it (None: never)
IDLE_SECONDS = 60.0
#: how long before the host's table offers to hand the silent seat over or send them away
SLOW_SECONDS = 15.0


class NetSeat:
    """What the host knows of one remote seat."""

    def __init__(self, token: str, status: str = "empty"):
        self.token = token
        self.status = status            # empty | open | asked | connected | idle | away
        self.elsewhere = False          # connected, but in their own menu
        self.conn: Connection | None = None
        self.move: tuple[Action, int] | None = None   # a move waiting for the host's thread
        #: the moves a computer played for the seat while its friend was away or silent,
        #: not told to them yet (they are, once back: ``HostedMatch.take_played_for``)
        self.played_for = 0
        #: the optional fields the friend's copy reads (its hello's: ``protocol.reads``)
        self.reads: frozenset[str] = frozenset()

    @property
    def connected(self) -> bool:
        """Is the friend connected (playing, or silent while a computer plays for them)?"""
        return self.status in CONNECTED


class HostedMatch(WrappedMatch):
    """A :class:`Match` some of whose seats are played from other computers."""

    #: no hints at a table over the network, for the host either (friends have none)
    hints = False

    #: seconds a connected friend's seat may be silent at its turn before a computer plays
    #: it until they move again (None: never); the host's setup may say otherwise
    idle_seconds: float | None = IDLE_SECONDS
    #: the clock silences are measured on (tests move it by hand)
    clock: Callable[[], float] = staticmethod(time.monotonic)

    def __init__(self, *args: Any, remote: Sequence[int] | None = None,
                 stand_in: str = "easy", tokens: Sequence[str] | None = None,
                 **kwargs: Any):
        """``Match(*args, **kwargs)``, hosted: ``remote`` the seats friends play (with
        ``tokens``, the ones they come back with, when a table opens again), ``stand_in``
        the level of the computer that plays a seat while its friend is away or silent."""
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
        #: (seat, turn, since, slow told) of the friend's turn the match waits at
        self._silence: tuple[int, int, float, bool] | None = None
        #: the TableServer serving this match (closing the match closes the table)
        self.server: TableServer | None = None
        #: what each connected friend's copy holds, as its updates told it (.delta)
        self._held: dict[int, delta.Held] = {}
        match.seat_statuses = self.seat_status
        match.on_move = self._moved

    # ---- who is who -------------------------------------------------------------------
    def seat_status(self, seat: int) -> str | None:
        """'empty', 'open', 'asked', 'connected', 'idle' (connected, but silent too long: a
        computer plays) or 'away' for a remote seat; None for the host's own."""
        net = self.remote.get(seat)
        return net.status if net is not None else None

    def seat_elsewhere(self, seat: int) -> bool:
        """Is the person of this seat connected but looking at their menu, not the table?"""
        net = self.remote.get(seat)
        if net is not None:
            return net.connected and net.elsewhere
        return self.host_elsewhere and self.seats[seat].is_human

    def set_elsewhere(self, seat: int, elsewhere: bool, tell: bool = True) -> bool:
        """A friend went to their menu or came back to the table: everybody is told (with
        ``tell``; else the server tells them at its pace). False when nothing changed."""
        net = self.remote.get(seat)
        if net is None or not net.connected or net.elsewhere == elsewhere:
            return False
        net.elsewhere = elsewhere
        if tell:
            if self.send is not None:
                self.send(None, self.seats_message())
            if self.on_ready is not None:
                self.on_ready()     # the host's window is asleep: its plate for them changes
        return True

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
        if seat is not None and net is not None and net.status == "connected" and \
                net.move is None and not self.is_over and self._silent_too_long(seat):
            self.hand_to_computer(seat, silent=True)
        if seat is None or net is None or net.status in STAND_IN or self.is_over:
            return self.match.poll(now)
        return self._play_sent(seat, net)

    def poll_friend(self) -> list[Event]:
        """The move the friend at the seat to act sent, played now; [] when none waits.
        The host's table calls this every frame whatever it still animates (``poll``,
        which plays computers' moves at their pace, it calls once its picture caught up):
        a friend's move and every player's update never wait for the host's window. On
        the host's thread, as ``poll``: the engine is touched by one thread only."""
        with self.lock:
            seat = self.to_act
            net = self.remote.get(seat) if seat is not None else None
            if seat is None or net is None or net.move is None or \
                    net.status in STAND_IN or self.is_over:
                return []
            events = self._play_sent(seat, net)
        if events:
            self._sent()
        return events

    def _play_sent(self, seat: int, net: NetSeat) -> list[Event]:
        """Play the move ``net`` holds for ``seat`` (with the lock): its events, or [] when
        it was refused (the friend is told why)."""
        move, net.move = net.move, None
        if move is None:
            return []
        action, turn = move
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
        """Seconds until ``poll(now)`` has a move, or has something to say of a silent
        friend (None: ``on_ready`` will say)."""
        with self.lock:
            seat = self.to_act
            net = self.remote.get(seat) if seat is not None else None
            if seat is not None and net is not None and net.status not in STAND_IN:
                if net.move is not None:
                    return 0.0
                return self._silence_due(seat) if net.status == "connected" else None
            return self.match.wake_in(now)

    # ---- a friend silent at their turn (the host's thread) ------------------------------
    def _silent_since(self, seat: int) -> tuple[float, bool]:
        """(since when, slow told) the match has waited at ``seat``'s turn, the friend
        connected and silent (counted from the first time asked)."""
        held = self._silence
        if held is None or held[0] != seat or held[1] != self.turn:
            held = self._silence = (seat, self.turn, self.clock(), False)
        return held[2], held[3]

    def silent_for(self, seat: int) -> float:
        """Seconds the match has waited at the turn of ``seat``, a connected friend's (0 when
        it is not that seat's turn, or its friend is not connected)."""
        net = self.remote.get(seat)
        if net is None or not net.connected or self.to_act != seat or self.is_over:
            return 0.0
        return max(0.0, self.clock() - self._silent_since(seat)[0])

    def _silent_too_long(self, seat: int) -> bool:
        """Has the friend at ``seat`` been silent so long a computer plays for them? (The
        host's table is told once when they have been silent :data:`SLOW_SECONDS`.)"""
        since, told = self._silent_since(seat)
        silent = self.clock() - since
        if not told and silent >= SLOW_SECONDS:
            self._silence = (seat, self.turn, since, True)
            self._notices.append(Notice("slow", seat=seat))
        return self.idle_seconds is not None and silent >= self.idle_seconds

    def _silence_due(self, seat: int) -> float | None:
        """Seconds until the silence at ``seat``'s turn has something to say (the host's
        table is told the friend is slow, or a computer plays for them)."""
        since, told = self._silent_since(seat)
        marks = [] if told else [SLOW_SECONDS]
        if self.idle_seconds is not None:
            marks.append(self.idle_seconds)
        if not marks:
            return None
        return max(0.0, since + min(marks) - self.clock())

    def hand_to_computer(self, seat: int, silent: bool = False) -> bool:
        """A computer plays the seat of a connected friend (the host hands it over, or they
        were ``silent`` too long) until they make a move; they and everybody are told (their
        seat is ``idle``). False when ``seat`` is no connected friend's."""
        with self.lock:
            net = self.remote.get(seat)
            if net is None or net.status != "connected":
                return False
            net.status = "idle"
            net.move = None
            self.match.set_level(seat, self.stand_in)
            self._notices.append(Notice("idle", "silent" if silent else "host", seat=seat))
            if self.send is not None:
                self.send(None, self.seats_message())
        log.info("a computer plays seat %s until its friend moves (%s)", seat,
                 "silent too long" if silent else "the host's choice")
        if self.on_ready is not None:
            self.on_ready()     # the table's loop asks the computer now
        return True

    def free_seat(self, seat: int) -> None:
        """The friend of ``seat`` is sent away (the server closes their connection): the
        seat is open for another friend (a new token: theirs no longer opens it), and a
        computer plays it meanwhile (with the lock)."""
        net = self.remote[seat]
        net.status = "open"
        net.token = protocol.new_token()
        net.conn = None
        net.move = None
        net.elsewhere = False
        net.played_for = 0
        self._held.pop(seat, None)
        self.match.set_level(seat, self.stand_in)
        self._notices.append(Notice("sent_away", seat=seat))
        if self.send is not None:
            self.send(None, self.seats_message())
        if self.on_ready is not None:
            self.on_ready()

    def _moved(self, seat: int, action: Action, events: list[Event]) -> None:
        """After every move (the match's ``on_move``, under the lock): a finished deal's
        record, then every connected player's update. A move a computer made for a friend
        away or silent is counted for them (``take_played_for``)."""
        net = self.remote.get(seat)
        if net is not None and net.status in PLAYED_FOR:
            net.played_for += 1
        if any(e.kind == "deal_scored" for e in events):
            self.send_record(self.scored_deals[-1])
        self.broadcast(events)
        after = self.to_act
        if after is not None and after in self.remote and not self.is_over:
            self._silent_since(after)       # a friend's silence counts from now

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
                   public: dict[str, Any] | None = None, *,
                   welcome: bool = False) -> dict[str, Any]:
        """The ``update`` message for ``seat`` after ``events``: only what it may see, and
        of its view and the public facts only what changed since the update it was sent
        last (:func:`delta.compact`; everything for a ``welcome``, whose copy holds nothing
        yet). Its copy holds that from now on: made for a message that is sent, in order,
        with the lock held."""
        state = self.state
        if public is None:
            public = self.public_facts()
        held = None if welcome else self._held.get(seat)
        seen = [e.for_seat(seat) for e in events]
        parts, self._held[seat] = delta.compact(held, state.view(seat), public, seen)
        message = {"type": "update", "turn": self.turn, "events": seen, **parts}
        if state.current_player == seat and not state.is_over:
            message["legal"] = [a.to_json() for a in state.legal_actions()]
        played_for = self.take_played_for(seat)
        if played_for:
            message["played_for"] = played_for
        return message

    def take_played_for(self, seat: int) -> int:
        """How many moves a computer played for ``seat`` while its friend was away or
        silent, to tell them now that they are back (connected, their seat theirs again),
        and only if their copy reads it (``protocol.READS``: an older copy refuses a field
        it does not know); 0 when there is nothing to tell. Told once: counted from 0 again."""
        net = self.remote.get(seat)
        if net is None or net.status != "connected" or not net.played_for or \
                "played_for" not in net.reads:
            return 0
        count = min(net.played_for, protocol.MAX_PLAYED_FOR)
        net.played_for = 0
        return count

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
            if net.connected:
                self.send(seat, self.update_for(seat, events, public))
        self.sent_updates += 1
        self.send(None, self.seats_message())

    def send_record(self, record: dict[str, Any]) -> None:
        """A finished deal's record to each connected player, before the update ending it."""
        if self.send is not None:
            names = self.seat_names()
            for seat, net in self.remote.items():
                if net.connected:
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
        """The seat a player sits at: theirs again with its token (from a connection the
        server still holds too: the token is the seat's, the server closes the other), else
        the first empty remote seat. Raises Refused (bad_token, table_full)."""
        if token:
            for seat, net in self.remote.items():
                if secrets.compare_digest(net.token.encode(), token.encode()):
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
        back = net.connected        # (a token's return over a connection still held)
        net.status = "connected"
        net.elsewhere = False
        net.move = None
        self._silence = None
        if self.to_act == seat and not self.is_over:
            self._silent_since(seat)        # their silence counts from their arrival
        if name:
            self.seats[seat].name = name
            net.played_for = 0          # (a new friend: what was played before is not theirs)
        if not back:
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
        if net is None or net.status not in ("connected", "idle", "asked"):
            return
        net.status = "away"
        net.conn = None
        net.move = None
        self._held.pop(seat, None)      # (their next copy is welcomed whole)
        self.match.set_level(seat, self.stand_in)
        self._notices.append(Notice("left", seat=seat))
        if self.send is not None:
            self.send(None, self.seats_message())
        if self.on_ready is not None:
            self.on_ready()     # the table's loop asks the computer now

    def offer_move(self, seat: int, action: Action, turn: int) -> None:
        """A player's move, checked for its turn; the host's thread applies it in poll. A
        friend whose silence let a computer play for them takes their seat back with it."""
        net = self.remote.get(seat)
        if net is None or not net.connected:
            raise Refused("not_seated")
        if net.status == "idle":
            self._take_back(seat, net)
        if self.to_act != seat or turn != self.turn or net.move is not None:
            raise Refused("not_your_turn")
        net.move = (action, turn)
        if self.on_ready is not None:
            self.on_ready()

    def _take_back(self, seat: int, net: NetSeat) -> None:
        """The friend of an ``idle`` seat moved: the seat is theirs again (with the lock)."""
        net.status = "connected"
        self._silence = None
        if self.to_act == seat:
            self.match.stop_thinking()      # the computer standing in stops thinking
        self._notices.append(Notice("back", seat=seat))
        if self.send is not None:
            self.send(None, self.seats_message())
        log.info("the friend at seat %s moved: the seat is theirs again", seat)
