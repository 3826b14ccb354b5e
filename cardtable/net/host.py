"""Hosting a table: the host's :class:`HostedMatch` is the only authority, and a WebSocket
server on its own thread lets friends sit at its remote seats. No pygame here.

    match = HostedMatch.from_config(config, remote=[1, 2, 3], stand_in="medium")
    server = TableServer(match, port=0)        # port 0: any free port
    server.start()                             # returns once it listens (server.port)
    ... the table drives ``match`` as any other (apply for the host, poll every frame) ...
    server.close()                             # every player is told the host left

Threads: the server's asyncio loop only reads and checks messages. A move a player sends is
queued for its seat and the window woken (``match.on_ready``); the host's own thread applies
it in ``match.poll`` exactly where it would ask a computer for its move, so the engine is
only ever touched on one thread at a time (``match.lock`` guards what the server reads).
After every move each connected player is sent its seat's view and the events as its seat
may see them (``event.for_seat``) — never the host's state or another seat's hand.

A remote seat is ``empty`` until a friend takes it with the table code (the match waits at
its turn, unless the host lets a computer play it meanwhile: ``open``, still free for the
first friend who comes), ``connected`` while they play, and ``away`` once their connection
drops: a computer at the host's chosen level plays it until they come back with their
seat's token.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import sys
import threading
import time
from collections import deque
from typing import Any

from cardtable import records
from cardtable.ai.levels import offered_level
from cardtable.engine.core import Action, IllegalAction
from cardtable.match import Match
from cardtable.names import clean_name
from cardtable.net import again, protocol
from cardtable.net.protocol import Notice, Refused

#: the statuses of a friend's seat a computer plays (gone for now, or not taken yet)
STAND_IN = frozenset({"away", "open"})
STRIKES = 5            # refused messages a player may send before being sent away
FLOOD_RATE = 120       # messages a second a player may send (more is refused)
PRESENCE_RATE = 6      # "here" messages a player may send in PRESENCE_SECONDS
PRESENCE_SECONDS = 5.0
HELLO_SECONDS = 10.0   # how long a new connection has to say hello
SWITCH_INTERVAL = 0.001  # seconds: how often the interpreter may switch threads (serving)
FLUSH_SECONDS = 0.005    # the longest a move waits for its messages to be handed to sockets


class NetSeat:
    """What the host knows of one remote seat."""

    def __init__(self, token: str, status: str = "empty"):
        self.token = token
        self.status = status            # empty | open | connected | away
        self.elsewhere = False          # connected, but in their own menu
        self.conn: Connection | None = None
        self.move: tuple[Action, int] | None = None   # a move waiting for the host's thread


class HostedMatch(Match):
    """A :class:`Match` some of whose seats are played from other computers.

    To the table it looks like a match against computers: a remote seat is not one of the
    host's people (``is_human`` is False for it), so the table asks ``poll`` for its move.
    Its seat stays a person's in ``seats`` (the plates say so; the save keeps it).
    """

    #: no hints at a table over the network, for the host either (friends have none)
    hints = False

    def __init__(self, *args: Any, remote: list[int] | None = None, stand_in: str = "easy",
                 tokens: list[str] | None = None, **kwargs: Any):
        # every player gets each finished deal's record (its code, its generator): the
        # deals are dealt from a secret that never leaves this process (a new one when a
        # saved table opens again), so no record tells another deal. A deal code's table
        # deals its first deal as the code says.
        self._secret = secrets.token_bytes(16)
        self._code_seed = kwargs.get("seed") if len(args) < 4 else args[3]
        super().__init__(*args, **kwargs)
        self.lock = threading.RLock()
        # expert where this game offers it, else the nearest level it does
        self.stand_in = offered_level(self.game_id, stand_in)
        self.remote: dict[int, NetSeat] = {}
        for i, seat in enumerate(sorted(set(remote or []))):
            if 0 <= seat < self.n_players:
                token = tokens[i] if tokens and i < len(tokens) else protocol.new_token()
                self.remote[seat] = NetSeat(token)
                self.seats[seat].kind = "human"
                self.seats[seat].level = self.stand_in
        #: called with (seat or None for everyone, message dict) to send; set by the server
        self.send: Any = None
        #: called after a move's messages are queued: lets the server send them now
        self.flush: Any = None
        self.sent_updates = 0
        #: the host's person is in the menu (the table goes on out of sight)
        self.host_elsewhere = False
        self._notices: deque[Notice] = deque()
        #: the TableServer serving this match (closing the match closes the table)
        self.server: Any = None

    def deal_seed(self, nth: int) -> int:
        if nth == 1 and self._code_seed is not None:
            return super().deal_seed(nth)
        return records.secret_deal_seed(self._secret, nth)

    def deal_code(self, start) -> str | None:
        """A code that deals this one deal again (a deal of a table saved before it was
        opened again, or of an older version's table, by the match's seed)."""
        nth = start.deal_no - start.first_deal + 1
        return records.code_with_seed(start, self.deal_seed(nth)) or super().deal_code(start)

    # ---- who is who -------------------------------------------------------------------
    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat not in self.remote and self.seats[seat].is_human

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human and i not in self.remote]

    def people_seats(self) -> list[int]:
        """The host's people and every friend who took a seat (a seat no friend ever came
        to, played by a computer throughout, is no person's)."""
        return [i for i in super().people_seats()
                if i not in self.remote or self.remote[i].status not in ("empty", "open")]

    @property
    def undo_seat(self) -> int | None:
        return None     # a move seen on other screens is not taken back

    def seat_status(self, seat: int) -> str | None:
        """'empty', 'open', 'connected' or 'away' for a remote seat; None for the host's
        own."""
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

    def seats_message(self) -> dict:
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
    def apply(self, action: Action):
        with self.lock:
            events = super().apply(action)
        self._sent()
        return events

    def poll(self, now: float | None = None):
        with self.lock:
            events = self._poll(now)
        if events:
            self._sent()
        return events

    def _sent(self) -> None:
        """A move's messages are queued: let the server send them now (outside the lock,
        which the server's thread takes to read a player's message)."""
        if self.flush is not None:
            self.flush()

    def _poll(self, now: float | None):
        """The move due at a remote seat: the one its player sent, or while they are away
        (or the seat is the host's computer's) the computer's; [] when none is ready."""
        seat = self.to_act
        net = self.remote.get(seat) if seat is not None else None
        if net is None or net.status in STAND_IN or self.is_over:
            return super().poll(now)
        if net.move is None:
            return []
        action, turn = net.move
        net.move = None
        if turn != self._move_no:
            self._tell(seat, {"type": "refused", "code": "not_your_turn"})
            return []
        try:
            action = self.state.normalise(action)
            events = self._apply(action)     # as a local move: a new deal from its own seed
        except IllegalAction as exc:
            self._tell(seat, {"type": "refused", "code": "illegal", "rule": exc.code,
                              "params": exc.params, "turn": self._move_no})
            return []
        except Exception:       # a move the engine cannot even read: refused, never fatal
            self._tell(seat, {"type": "refused", "code": "malformed"})
            return []
        self._record(seat, action, events)
        return events

    def wake_in(self, now: float) -> float | None:
        with self.lock:
            net = self.remote.get(self.to_act) if self.to_act is not None else None
            if net is not None and net.status not in STAND_IN:
                return None if net.move is None else 0.0
            return super().wake_in(now)

    def _record(self, seat, action, events) -> None:
        super()._record(seat, action, events)
        if any(e.kind == "deal_scored" for e in events):
            self.send_record(self.scored_deals[-1])
        self.broadcast(events)

    def undo(self) -> bool:
        return False

    def close(self) -> None:
        """Stop thinking, and end the table for everybody (they are told the host left)."""
        super().close()
        server, self.server = self.server, None
        if server is not None:
            server.close()

    # ---- what each player is sent -------------------------------------------------------
    def public_facts(self) -> dict:
        """What every seat may know of the match as a whole (the score sheet of finished
        deals is public: each was shown to everyone at its end)."""
        state = self.state
        return {"to_act": state.current_player, "is_over": state.is_over,
                "winners": list(state.winners), "match_scores": list(state.match_scores),
                "score_sheet": list(state.score_sheet),
                "deal_no": getattr(state, "deal_no", 0),
                "dealer": getattr(state, "dealer", None), "options": dict(state.options)}

    def update_for(self, seat: int, events: list, public: dict | None = None) -> dict:
        """The ``update`` message for ``seat`` after ``events``: only what it may see."""
        message = {"type": "update", "turn": self._move_no,
                   "events": [e.for_seat(seat) for e in events],
                   "view": self.state.view(seat),
                   "public": public if public is not None else self.public_facts()}
        if self.state.current_player == seat and not self.state.is_over:
            message["legal"] = [a.to_json() for a in self.state.legal_actions()]
        return message

    def recent_for(self, seat: int) -> list[dict]:
        """The moves of the deal in progress as ``seat`` may see them (the last
        :data:`protocol.RECENT`): what a player coming back reads in the log."""
        log = self.log
        start = max((i for i, e in enumerate(log) if e.kind == "dealt"), default=0)
        return [e.for_seat(seat) for e in log[start:]][-protocol.RECENT:]

    def broadcast(self, events: list) -> None:
        """Send every connected player its update (called with the lock held)."""
        if self.send is None:
            return
        public = self.public_facts()
        for seat, net in self.remote.items():
            if net.status == "connected":
                self.send(seat, self.update_for(seat, events, public))
        self.sent_updates += 1
        self.send(None, self.seats_message())

    def send_record(self, record: dict) -> None:
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

    def _tell(self, seat: int, message: dict) -> None:
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
            self._cancel_job()      # a computer standing in stops thinking for them

    def stand_in_for(self, seat: int) -> bool:
        """The host lets a computer play a seat no friend has taken yet (the match waits at
        an empty seat's turn): the seat is ``open``, the first friend to come takes it over.
        False when the seat is not an empty friend's seat."""
        net = self.remote.get(seat)
        if net is None or net.status not in ("empty", "asked"):     # (asked: .again)
            return False
        with self.lock:
            net.status = "open"
            self.seats[seat].level = self.stand_in
            self._bots.pop(seat, None)
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
        self.seats[seat].level = self.stand_in
        self._bots.pop(seat, None)
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
        if self.to_act != seat or turn != self._move_no or net.move is not None:
            raise Refused("not_your_turn")
        net.move = (action, turn)
        if self.on_ready is not None:
            self.on_ready()


# --------------------------------------------------------------------------- the server


def _too_often(times: deque, now: float, seconds: float) -> bool:
    """Note a message at ``now`` in ``times`` (as many as it holds): did that many come
    within ``seconds``?"""
    times.append(now)
    return len(times) == times.maxlen and now - times[0] < seconds


class Connection:
    """One player's WebSocket: its outbox (sent in order by one task), its seat, its
    strikes (refused messages) and its recent message times (flooding)."""

    def __init__(self, ws, loop: asyncio.AbstractEventLoop):
        self.ws = ws
        self.loop = loop
        self.outbox: asyncio.Queue = asyncio.Queue()
        self.seat: int | None = None
        self.strikes = 0
        self.recent: deque[float] = deque(maxlen=FLOOD_RATE)
        self.presence: deque[float] = deque(maxlen=PRESENCE_RATE)   # times of 'here'
        self.closing = False

    def post(self, text: str | None) -> None:
        """Queue a frame (any thread); None closes the connection after what is queued."""
        try:
            here = asyncio.get_running_loop() is self.loop
        except RuntimeError:
            here = False
        if here:
            self.outbox.put_nowait(text)
        else:
            with contextlib.suppress(RuntimeError):   # the loop has ended: nobody to tell
                self.loop.call_soon_threadsafe(self.outbox.put_nowait, text)


class TableServer:
    """The WebSocket server of a :class:`HostedMatch`, on its own thread."""

    def __init__(self, match: HostedMatch, port: int = protocol.DEFAULT_PORT,
                 host: str = "0.0.0.0", code: str | None = None, table_name: str = "",
                 advertise: bool = False):
        self.match = match
        self.code = protocol.normal_code(code) or protocol.new_code()
        self.want_port = port
        self.bind = host
        self.port: int | None = None
        self.table_name = table_name or "cardtable"
        self.advertise = advertise
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self.conns: set[Connection] = set()
        self.by_seat: dict[int, Connection] = {}
        self.error: OSError | None = None
        self.refusals: list[tuple[int | None, str]] = []   # what was refused, for tests
        #: called (seat, frame text) for every frame sent to a seated player, at the moment
        #: it is sent and with the match's lock held (tests check what each seat was told)
        self.recorder: Any = None
        self._ready = threading.Event()
        self._stopped: asyncio.Event | None = None
        self._announcer = None
        self.changed: Any = None     # called (any thread) when someone comes or goes
        match.send = self._send
        match.flush = self._flush

    # ---- life ---------------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> int:
        """Listen; returns the port. Raises OSError when the port cannot be opened.

        While a table is served the interpreter hands its lock between threads every
        millisecond instead of every five, so a frame being drawn delays the server's
        sends by a millisecond at most (the latency goal is 50 ms for the slowest player)."""
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
        self.thread = threading.Thread(target=self._run, name="table-server", daemon=True)
        self.thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the table server did not start")
        if self.error is not None:
            raise self.error
        if self.advertise:
            from cardtable.net.discovery import Announcer
            self._announcer = Announcer(self.table_name, self.port, self.match.game_id,
                                        self.match.n_players)
            self._announcer.start()
        return self.port

    def _run(self) -> None:
        protocol.run_loop(self, self._serve)

    async def _serve(self) -> None:
        from websockets.asyncio.server import serve
        self._stopped = asyncio.Event()
        try:
            server = await serve(self._handle, self.bind, self.want_port,
                                 max_size=protocol.TRANSPORT_LIMIT, ping_interval=5,
                                 ping_timeout=10, compression=None)
        except OSError as exc:
            self.error = exc
            self._ready.set()
            return
        sockets = list(server.sockets)
        self.port = sockets[0].getsockname()[1] if sockets else self.want_port
        self._ready.set()
        await self._stopped.wait()
        for conn in list(self.conns):
            conn.outbox.put_nowait(protocol.encode({"type": "closed", "code": "host_left"}))
            conn.outbox.put_nowait(None)
        await asyncio.sleep(0)
        deadline = time.monotonic() + 1.0
        while self.conns and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        server.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(server.wait_closed(), 2.0)

    def close(self) -> None:
        """End the table: every player is told the host left, then the server stops."""
        self.match.send = None
        self.match.flush = None
        if self._announcer is not None:
            self._announcer.close()
            self._announcer = None
        loop = self.loop
        if loop is not None and self._stopped is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._stopped.set)
        if self.thread is not None:
            self.thread.join(5.0)

    @property
    def running(self) -> bool:
        return self.thread is not None and self.thread.is_alive() and self.error is None

    # ---- sending (any thread) -------------------------------------------------------------
    def _send(self, seat: int | None, message: dict) -> None:
        text = protocol.encode(message)
        if seat is None:
            targets = list(self.by_seat.items())
        else:
            conn = self.by_seat.get(seat)
            targets = [(seat, conn)] if conn is not None else []
        for s, conn in targets:
            if self.recorder is not None:
                self.recorder(s, text)
            conn.post(text)

    def _flush(self, timeout: float = FLUSH_SECONDS) -> None:
        """Wait (a few milliseconds at most) until the server's thread has handed what is
        queued to the sockets: the host's thread waits without the interpreter's lock, so
        the sends go out now rather than after the frame it is about to draw."""
        loop = self.loop
        if loop is None or loop.is_closed() or not self.by_seat or \
                threading.current_thread() is self.thread:
            return
        done = threading.Event()

        async def written() -> None:
            for _ in range(3):         # the writers take their frames, then write them
                await asyncio.sleep(0)
            done.set()

        try:
            asyncio.run_coroutine_threadsafe(written(), loop)
        except RuntimeError:
            return
        done.wait(timeout)

    # ---- one player's connection (the server's loop) ----------------------------------------
    async def _handle(self, ws) -> None:
        conn = Connection(ws, asyncio.get_running_loop())
        self.conns.add(conn)
        writer = asyncio.create_task(self._write(conn))
        try:
            await self._hello(conn)
            if conn.seat is not None:
                async for frame in ws:
                    if not self._receive(conn, frame):
                        break
        except Exception:   # a connection that breaks ends here, never the server
            pass
        finally:
            await self._part(conn)
            conn.outbox.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 2.0)
            self.conns.discard(conn)

    async def _write(self, conn: Connection) -> None:
        from websockets.exceptions import ConnectionClosed
        try:
            while True:
                text = await conn.outbox.get()
                if text is None:
                    await conn.ws.close()
                    return
                await conn.ws.send(text)
        except (ConnectionClosed, OSError):
            return

    async def _hello(self, conn: Connection) -> None:
        while conn.seat is None and not conn.closing:
            try:
                frame = await asyncio.wait_for(conn.ws.recv(), HELLO_SECONDS)
            except asyncio.TimeoutError:
                return
            try:
                data = protocol.read_from_player(frame)
                if data["type"] != "hello":
                    raise Refused("not_seated")
                self._seat(conn, data)
            except Refused as no:
                self._refuse(conn, no, final=no.code in ("version", "table_full", "wrong_code",
                                                         "bad_token", "seat_taken"))

    def _seat(self, conn: Connection, data: dict) -> None:
        match = self.match
        token = data.get("token") or None
        if not token and protocol.normal_code(data.get("code")) != self.code:
            raise Refused("wrong_code")
        name = clean_name(data["name"]) or "Player"
        with match.lock:
            seat = match.take_seat(name, token)
            conn.seat = seat
            self.by_seat[seat] = conn
            match.remote[seat].conn = conn
            update = match.update_for(seat, [])
            seats = match.seats_message()
            names = match.seat_names()
            welcome = {"type": "welcome", "seat": seat, "token": match.remote[seat].token,
                       "game": match.game_id, "seats": seats["seats"], "update": update,
                       "table": self.table_name, "recent": match.recent_for(seat),
                       "records": [dict(r, names=names, humans=[seat]) for r in
                                   match.scored_deals[-protocol.WELCOME_RECORDS:]]}
            self._send(seat, welcome)
            self._send(None, seats)
        if match.on_ready is not None:
            match.on_ready()
        if self.changed is not None:
            self.changed()

    def _receive(self, conn: Connection, frame: Any) -> bool:
        """Check and take one message; False ends the connection."""
        now = time.monotonic()
        try:
            if _too_often(conn.recent, now, 1.0):
                raise Refused("flood")
            data = protocol.read_from_player(frame)
            kind = data["type"]
            if kind == "bye":
                return False
            if kind == "again":       # stay for the host's new match, or leave (.again)
                return again.answer(self, conn, data["stay"])
            if kind == "hello":
                raise Refused("already_seated")
            if kind == "here":
                # each one wakes every window at the table: a person goes to the menu and
                # back a few times a minute, not many times a second
                if _too_often(conn.presence, now, PRESENCE_SECONDS):
                    raise Refused("flood")
                with self.match.lock:
                    self.match.set_elsewhere(conn.seat, not data["here"])
                return True
            try:
                action = Action.from_json(data["action"])
            except IllegalAction:
                raise Refused("malformed") from None
            with self.match.lock:
                self.match.offer_move(conn.seat, action, data["turn"])
        except Refused as no:
            return self._refuse(conn, no)
        except Exception:     # nothing a player sends may stop the host
            return self._refuse(conn, Refused("malformed"))
        return True

    def _refuse(self, conn: Connection, no: Refused, final: bool = False) -> bool:
        """Tell the player what was refused; after too many, or a final refusal, send them
        away. Returns False when the connection is to end."""
        conn.strikes += 1
        self.refusals.append((conn.seat, no.code))
        done = final or conn.strikes > STRIKES
        message = {"type": "refused", "code": no.code}
        if isinstance(no.params.get("theirs"), int):
            message["params"] = {"theirs": no.params["theirs"], "ours": protocol.VERSION}
        text = protocol.encode(message)
        if self.recorder is not None and conn.seat is not None:
            self.recorder(conn.seat, text)
        conn.post(text)
        if done:
            if not final:
                conn.post(protocol.encode({"type": "closed", "code": "dropped"}))
            conn.closing = True
        return not done

    async def _part(self, conn: Connection) -> None:
        seat = conn.seat
        if seat is None or self.by_seat.get(seat) is not conn:
            return
        with self.match.lock:
            del self.by_seat[seat]
            self.match.leave_seat(seat)
        if self.changed is not None:
            self.changed()
