"""Hosting a table: a WebSocket server on its own thread lets friends sit at the remote
seats of a :class:`~cardtable.net.hosted.HostedMatch`, the only authority. No pygame here.

    match = HostedMatch.from_config(config, remote=[1, 2, 3], stand_in="medium")
    server = TableServer(match, port=0)        # port 0: any free port
    server.start()                             # returns once it listens (server.port)
    ... the table drives ``match`` as any other (apply for the host, poll every frame) ...
    server.close()                             # every player is told the host left

Threads: the server's asyncio loop only reads and checks messages. A move a player sends is
handed to the match (``offer_move``, under ``match.lock``), which queues it for its seat
and wakes the window; the host's own thread applies it in ``match.poll``. What the match
sends (``match.send``: each player's update, the seats) is queued on each connection and
written in order by one task per connection.

At the door (:mod:`cardtable.net.door`): at most a few connections wait for their hello
(per address and in all), the rest are answered at once (HTTP 503) and closed, so the
host's own files (its autosave) never run short; an address that tries wrong codes (or
tokens) is held off for longer and longer; a friend may not sit under the table's own words
for a seat ("Host", "You"). A connection has :data:`HELLO_SECONDS` to say hello with the
table code (or its seat's token: that seat again, at once, even from a connection the host
still holds, which is then closed as ``replaced``); after that every message is checked
(:func:`protocol.read_from_player`), a refused one is answered and counted as a strike that
wears off (:class:`~cardtable.net.door.Strikes`), and a player whose strikes pile up, or
who floods, is sent away. A connection that breaks ends there, never the server: the match
gives its seat to a computer until the player comes back with the seat's token. The host
may send a friend away (:meth:`TableServer.send_away`).

For a server of many tables (:mod:`cardtable.net.serve`), a ``TableServer`` need not
listen: its public members are ``match``, ``code``, ``table_name``, ``by_seat``, ``conns``,
``seat_player``, ``send_away``, ``changed`` and ``clock``; its connections are handed to
``_handle(ws)``, which reads the hello itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardtable.engine.core import Action, IllegalAction
from cardtable.names import clean_name
from cardtable.net import again, door, protocol
from cardtable.net.door import Bucket, Door, Guesses, Strikes
from cardtable.net.hosted import STAND_IN, HostedMatch, NetSeat
from cardtable.net.protocol import Refused

if TYPE_CHECKING:
    from cardtable.net.discovery import Announcer

__all__ = ["STAND_IN", "Connection", "HostedMatch", "NetSeat", "TableServer"]

log = logging.getLogger(__name__)

STRIKES = 5            # refused messages a player may have to their name (more: sent away)
STRIKE_SECONDS = 2.0   # ... each of which wears off in this many seconds
FLOOD_RATE = 120       # messages a second a player may send (more is refused)
PRESENCE_BURST = 4     # "here" messages told to the table at once, then PRESENCE_PER_SECOND
PRESENCE_PER_SECOND = 1.0   # (the others' plates are told the last of the rest after)
HELLO_SECONDS = 10.0   # how long a new connection has to say hello
SWITCH_INTERVAL = 0.001  # seconds: how often the interpreter may switch threads (serving)
FLUSH_SECONDS = 0.005    # the longest a move waits for its messages to be handed to sockets
MAX_REFUSALS = 512     # the refusals kept for tests and logs (the latest)
ACCEPT_BACKLOG = 16    # connections the system holds for the server to take, at most
#: what a connection turned away at the door reads (before any WebSocket handshake)
BUSY_ANSWER = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\n"
               b"Content-Length: 47\r\nRetry-After: 60\r\nConnection: close\r\n\r\n"
               b"The table is busy: try again in a minute, thanks")
#: the hello refusals after which the connection ends
FINAL = frozenset({"version", "table_full", "wrong_code", "bad_token", "slow_down",
                   "reserved_name", "unshowable_name"})


class Outbox:
    """A connection's frames to send, in order, for the one task that writes them: a list
    and, while that task waits, one future (some 0.2 KB; an ``asyncio.Queue``, with its three
    deques and an event, took 2.5 KB a connection). Used on the loop only."""

    __slots__ = ("_items", "_waiter")

    def __init__(self) -> None:
        self._items: list[str | None] = []
        self._waiter: asyncio.Future[None] | None = None

    def put_nowait(self, item: str | None) -> None:
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def get(self) -> str | None:
        """The oldest frame, once there is one."""
        while not self._items:
            waiter = self._waiter = asyncio.get_running_loop().create_future()
            try:
                await waiter
            finally:
                self._waiter = None
        return self._items.pop(0)

    def __len__(self) -> int:
        return len(self._items)


class Connection:
    """One player's WebSocket: its outbox (sent in order by one task), its seat, the
    address it comes from, its strikes (refused messages, wearing off), the pace it may send
    at (:data:`FLOOD_RATE` a second, as a bucket: two numbers, where the times of its last
    messages took some 4 KB a connection) and the pace its presence is told at."""

    def __init__(self, ws: Any, loop: asyncio.AbstractEventLoop):
        self.ws = ws
        self.loop = loop
        self.outbox = Outbox()
        self.seat: int | None = None
        peer = getattr(ws, "remote_address", None)
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        self.strikes = Strikes(STRIKE_SECONDS)
        self.flood = Bucket(FLOOD_RATE, FLOOD_RATE)
        self.presence = Bucket(PRESENCE_BURST, PRESENCE_PER_SECOND)
        self.closing = False
        #: the optional fields the player's copy reads, as its hello said (protocol.reads)
        self.reads: frozenset[str] = frozenset()

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
                 advertise: bool = False, guesses: Guesses | None = None,
                 door: Door | None = None, clock: Callable[[], float] = time.monotonic):
        """``code``: the table's (its caller checked it; None: a new one); ``guesses`` and
        ``door``: the limits at the door, to share between the tables of one server (each
        table has its own when None); ``clock``: the time strikes, floods and guesses are
        counted in (tests move it by hand)."""
        self.match = match
        self.code = protocol.normal_code(code) or protocol.new_code()
        self.clock = clock
        self.guesses = guesses if guesses is not None else Guesses(lambda: self.clock())
        self.door = door if door is not None else Door(clock=lambda: self.clock())
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
        #: what was refused (the seat, the code), the latest :data:`MAX_REFUSALS`
        self.refusals: deque[tuple[int | None, str]] = deque(maxlen=MAX_REFUSALS)
        self._presence_due = False            # a friend's presence is still to be told
        self._presence_call: asyncio.TimerHandle | None = None
        #: called (seat, frame text) for every frame sent to a seated player, at the moment
        #: it is sent and with the match's lock held (tests check what each seat was told)
        self.recorder: Any = None
        self._ready = threading.Event()
        self._stopped: asyncio.Event | None = None
        self._announcer: Announcer | None = None
        self.changed: Any = None     # called (any thread) when someone comes or goes
        match.send = self._send
        match.flush = self._flush

    # ---- life ---------------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> int:
        """Listen; returns the port. Raises OSError when the port cannot be opened, and
        ValueError at once for a port that cannot be one (not an int from 0 to 65535).

        While a table is served the interpreter hands its lock between threads every
        millisecond instead of every five, so a frame being drawn delays the server's
        sends by a millisecond at most (the latency goal is 50 ms for the slowest player)."""
        want = self.want_port
        if not isinstance(want, int) or isinstance(want, bool) or not 0 <= want <= 65535:
            raise ValueError(f"the port {want!r:.20} is not a network port")
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
        self.thread = threading.Thread(target=self._run, name="table-server", daemon=True)
        self.thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the table server did not start")
        if self.error is not None:
            raise self.error
        port = self.port
        if port is None:
            raise OSError("the table server listens on no port")
        if self.advertise:
            from cardtable.net.discovery import Announcer
            announcer = Announcer(self.table_name, port, self.match.game_id,
                                  self.match.n_players)
            announcer.start()
            self._announcer = announcer
        return port

    def _run(self) -> None:
        protocol.run_loop(self, self._serve)

    async def _serve(self) -> None:
        from websockets.asyncio.server import serve
        self._stopped = asyncio.Event()
        asyncio.get_running_loop().set_exception_handler(_loop_trouble)
        try:
            server = await serve(self._handle, self.bind, self.want_port,
                                 max_size=protocol.TRANSPORT_LIMIT, ping_interval=5,
                                 ping_timeout=10, compression=None,
                                 create_connection=self._gate(), backlog=ACCEPT_BACKLOG)
        except (OSError, OverflowError, ValueError) as exc:
            self.error = exc if isinstance(exc, OSError) else OSError(str(exc))
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
        try:
            await asyncio.wait_for(server.wait_closed(), 2.0)
        except asyncio.TimeoutError:
            log.warning("the table server's connections did not close within 2 s")

    def _gate(self) -> Any:
        """The websockets connection that counts itself at the door: one the door turns
        away is answered at once (HTTP 503) and closed before any handshake, holding a file
        for no longer than that; it never reaches :meth:`_handle`."""
        from websockets.asyncio.server import ServerConnection
        table = self

        class DoorConnection(ServerConnection):
            turned_away = False

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                peer = transport.get_extra_info("peername")
                address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
                if table.door.admit(address, self) is not None:
                    self.turned_away = True
                    if isinstance(transport, asyncio.Transport):
                        transport.write(BUSY_ANSWER)
                    transport.close()
                    return
                super().connection_made(transport)

            def data_received(self, data: bytes) -> None:
                if not self.turned_away:
                    super().data_received(data)

            def eof_received(self) -> None:
                if not self.turned_away:
                    super().eof_received()

            def connection_lost(self, exc: Exception | None) -> None:
                if self.turned_away:
                    return
                table.door.gone(self)
                super().connection_lost(exc)

            def evict(self) -> None:
                """Sent away to make room at the door (it waited longest for its hello)."""
                transport = getattr(self, "transport", None)
                if transport is not None:
                    transport.abort()

        return DoorConnection

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
    def _send(self, seat: int | None, message: dict[str, Any]) -> None:
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
    async def _handle(self, ws: Any) -> None:
        from websockets.exceptions import ConnectionClosed
        conn = Connection(ws, asyncio.get_running_loop())
        self.conns.add(conn)
        writer = asyncio.create_task(self._write(conn))
        try:
            await self._hello(conn)
            if conn.seat is not None:
                async for frame in ws:
                    if not self._receive(conn, frame):
                        break
        except (ConnectionClosed, OSError) as gone:     # the player's network, or them
            # (one never seated is said only when debugging: a crowd at the door is not
            # a line each)
            log.log(logging.INFO if conn.seat is not None else logging.DEBUG,
                    "the connection of seat %s ended: %r", conn.seat, gone)
        except Exception:   # a border: a connection that breaks ends here, never the server
            log.exception("the connection of seat %s failed", conn.seat)
        finally:
            await self._part(conn)
            conn.outbox.put_nowait(None)
            try:
                await asyncio.wait_for(writer, 2.0)
            except asyncio.TimeoutError:
                log.warning("the last frames to seat %s were not written within 2 s",
                            conn.seat)
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
                self.seat_player(conn, data)
            except Refused as no:
                self._refuse(conn, no, final=no.code in FINAL)

    def seat_player(self, conn: Connection, data: dict[str, Any]) -> None:
        """Seat the player of a hello (or of a yes to stay, :mod:`.again`): their welcome,
        and the seats to everybody. A seat's token takes its seat over at once, from a
        connection the host still holds too (that one is closed, told ``replaced``).
        Raises Refused (slow_down, wrong_code, reserved_name, and the match's)."""
        match = self.match
        token = data.get("token") or None
        wait = self.guesses.wait(conn.address) if conn.seat is None else 0.0
        if wait > 0:
            raise Refused("slow_down", wait=int(wait) + 1)
        if not token and not hmac.compare_digest(
                protocol.normal_code(data.get("code")).encode(), self.code.encode()):
            self.guesses.wrong(conn.address)
            raise Refused("wrong_code")
        name = clean_name(data["name"]) or "Player"
        if not token and door.reserved_name(name):
            raise Refused("reserved_name")
        if "app" in data:       # (a yes to stay, .again, keeps what the hello said)
            conn.reads = protocol.reads(data["app"])
        with match.lock:
            try:
                seat = match.take_seat(name, token)
            except Refused as no:
                if no.code == "bad_token":
                    self.guesses.wrong(conn.address)
                raise
            old = self.by_seat.get(seat)
            if old is not None and old is not conn:
                self._replaced(old)
            conn.seat = seat
            self.by_seat[seat] = conn
            match.remote[seat].conn = conn
            match.remote[seat].reads = conn.reads
            # (its copy holds nothing; the moves a computer played for them meanwhile, if
            # its copy reads that)
            update = match.update_for(seat, [], welcome=True)
            seats = match.seats_message()
            names = match.seat_names()
            welcome = {"type": "welcome", "seat": seat, "token": match.remote[seat].token,
                       "game": match.game_id, "seats": seats["seats"], "update": update,
                       "table": self.table_name, "recent": match.recent_for(seat),
                       "records": [dict(r, names=names, humans=[seat]) for r in
                                   match.scored_deals[-protocol.WELCOME_RECORDS:]]}
            self._send(seat, welcome)
            self._send(None, seats)
        self.door.seated(conn.ws)        # no longer waiting at the door
        if match.on_ready is not None:
            match.on_ready()
        if self.changed is not None:
            self.changed()

    def _replaced(self, old: Connection) -> None:
        """The connection a seat's token came back from elsewhere: it is the seat's no
        more (whatever it still sends), is told so and closed (with the match's lock)."""
        log.info("seat %s was taken over by a new connection with its token", old.seat)
        old.seat = None
        old.closing = True
        old.post(protocol.encode({"type": "closed", "code": "replaced"}))
        old.post(None)

    def send_away(self, seat: int) -> bool:
        """The host sends the friend of ``seat`` away (any thread): they are told
        (``sent_away``) and their connection closed; the seat is free for another friend
        (a new token: theirs no longer opens it) and a computer plays it meanwhile. False
        when ``seat`` is no friend's seat."""
        match = self.match
        with match.lock:
            if seat not in match.remote:
                return False
            conn = self.by_seat.pop(seat, None)
            match.free_seat(seat)
            if conn is not None:
                conn.seat = None
                conn.closing = True
                conn.post(protocol.encode({"type": "closed", "code": "sent_away"}))
                conn.post(None)
        log.info("the host sent the friend at seat %s away", seat)
        if self.changed is not None:
            self.changed()
        return True

    def answer_again(self, conn: Connection, stay: bool) -> bool:
        """A friend's ``again``: their answer to the host's new match (:func:`again.answer`);
        False when the connection is to end."""
        return again.answer(self, conn, stay)

    def _receive(self, conn: Connection, frame: Any) -> bool:
        """Check and take one message; False ends the connection."""
        now = self.clock()
        try:
            if not conn.flood.take(now):
                raise Refused("flood")
            data = protocol.read_from_player(frame)
            kind = data["type"]
            if kind == "bye":
                return False
            if kind == "again":       # stay for the host's new match, or leave (.again)
                return self.answer_again(conn, data["stay"])
            if kind == "hello":
                raise Refused("already_seated")
            seat = conn.seat
            if seat is None:          # (a friend who declined the new match: .again)
                raise Refused("not_seated")
            if kind == "here":
                # each one told wakes every window at the table: told at once a few times,
                # then at a steady pace (the plates show the last word when its turn comes)
                with self.match.lock:
                    changed = self.match.set_elsewhere(seat, not data["here"], tell=False)
                if changed:
                    self._presence_changed(conn, now)
                return True
            try:
                action = Action.from_json(data["action"])
            except IllegalAction:
                raise Refused("malformed") from None
            with self.match.lock:
                self.match.offer_move(seat, action, data["turn"])
        except Refused as no:
            return self._refuse(conn, no)
        except Exception:     # a border: nothing a player sends may stop the host
            log.warning("a message from seat %s could not be read: refused", conn.seat,
                        exc_info=True)
            return self._refuse(conn, Refused("malformed"))
        return True

    def _presence_changed(self, conn: Connection, now: float) -> None:
        """A friend went to their menu or came back: the table is told now if that
        friend's pace allows, else once it does (the state told then is the latest)."""
        if conn.presence.take(now):
            self._tell_presence()
            return
        self._presence_due = True
        if self._presence_call is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:        # not on a loop (tests): they call tell_presence_due
            return
        self._presence_call = loop.call_later(conn.presence.wait(now), self.tell_presence_due)

    def tell_presence_due(self) -> None:
        """Tell the table who is in their menu now, if a change is still untold."""
        self._presence_call = None
        if self._presence_due:
            self._presence_due = False
            self._tell_presence()

    def _tell_presence(self) -> None:
        match = self.match
        with match.lock:
            if match.send is not None:
                match.send(None, match.seats_message())
        if match.on_ready is not None:
            match.on_ready()     # the host's window is asleep: its plate for them changes

    def _refuse(self, conn: Connection, no: Refused, final: bool = False) -> bool:
        """Tell the player what was refused; once their strikes pile up (they wear off:
        :data:`STRIKE_SECONDS` each), or after a final refusal, send them away. Returns
        False when the connection is to end."""
        strikes = conn.strikes.add(self.clock())
        self.refusals.append((conn.seat, no.code))
        done = final or strikes > STRIKES
        log.info("refused %s to %s (seat %s)%s", no.code, conn.address, conn.seat,
                 ": the connection ends" if done else "")
        message: dict[str, Any] = {"type": "refused", "code": no.code}
        if isinstance(no.params.get("theirs"), int):
            message["params"] = {"theirs": no.params["theirs"], "ours": protocol.VERSION}
        elif isinstance(no.params.get("wait"), int):
            message["params"] = {"wait": no.params["wait"]}
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
            if self.by_seat.get(seat) is not conn:     # (taken over meanwhile)
                return
            del self.by_seat[seat]
            self.match.leave_seat(seat)
        if self.changed is not None:
            self.changed()


#: when each kind of trouble on a server's loop was last logged (once a minute at most)
_TROUBLE_TOLD: dict[str, float] = {}


def _loop_trouble(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The server's loop's word on an error no task caught (the system refusing to accept
    a connection, for one): logged once a minute at most for each kind, not per socket."""
    message = str(context.get("message") or "trouble on the table server's loop")
    now = time.monotonic()
    if now - _TROUBLE_TOLD.get(message, -120.0) < 60.0:
        return
    _TROUBLE_TOLD[message] = now
    while len(_TROUBLE_TOLD) > 64:
        del _TROUBLE_TOLD[next(iter(_TROUBLE_TOLD))]
    log.warning("the table server's loop: %s (%r); said once a minute at most", message,
                context.get("exception"))
