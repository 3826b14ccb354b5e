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

A connection has :data:`HELLO_SECONDS` to say hello with the table code (or its seat's
token); after that every message is checked (:func:`protocol.read_from_player`), a refused
one is answered and counted, and a player who sends too many refused ones, or floods, is
sent away. A connection that breaks ends there, never the server: the match gives its seat
to a computer until the player comes back with the seat's token.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import threading
import time
from collections import deque
from typing import TYPE_CHECKING, Any

from cardtable.engine.core import Action, IllegalAction
from cardtable.names import clean_name
from cardtable.net import again, protocol
from cardtable.net.hosted import STAND_IN, HostedMatch, NetSeat
from cardtable.net.protocol import Refused

if TYPE_CHECKING:
    from cardtable.net.discovery import Announcer

__all__ = ["STAND_IN", "Connection", "HostedMatch", "NetSeat", "TableServer"]

log = logging.getLogger(__name__)

STRIKES = 5            # refused messages a player may send before being sent away
FLOOD_RATE = 120       # messages a second a player may send (more is refused)
PRESENCE_RATE = 6      # "here" messages a player may send in PRESENCE_SECONDS
PRESENCE_SECONDS = 5.0
HELLO_SECONDS = 10.0   # how long a new connection has to say hello
SWITCH_INTERVAL = 0.001  # seconds: how often the interpreter may switch threads (serving)
FLUSH_SECONDS = 0.005    # the longest a move waits for its messages to be handed to sockets


def _too_often(times: deque[float], now: float, seconds: float) -> bool:
    """Note a message at ``now`` in ``times`` (as many as it holds): did that many come
    within ``seconds``?"""
    times.append(now)
    return len(times) == times.maxlen and now - times[0] < seconds


class Connection:
    """One player's WebSocket: its outbox (sent in order by one task), its seat, its
    strikes (refused messages) and its recent message times (flooding)."""

    def __init__(self, ws: Any, loop: asyncio.AbstractEventLoop):
        self.ws = ws
        self.loop = loop
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
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
        self._announcer: Announcer | None = None
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
        try:
            await asyncio.wait_for(server.wait_closed(), 2.0)
        except asyncio.TimeoutError:
            log.warning("the table server's connections did not close within 2 s")

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
            log.info("the connection of seat %s ended: %r", conn.seat, gone)
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
                self._refuse(conn, no, final=no.code in ("version", "table_full", "wrong_code",
                                                         "bad_token", "seat_taken"))

    def seat_player(self, conn: Connection, data: dict[str, Any]) -> None:
        """Seat the player of a hello (or of a yes to stay, :mod:`.again`): their welcome,
        and the seats to everybody. Raises Refused (wrong_code, and the match's)."""
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
            seat = conn.seat
            if seat is None:          # (a friend who declined the new match: .again)
                raise Refused("not_seated")
            if kind == "here":
                # each one wakes every window at the table: a person goes to the menu and
                # back a few times a minute, not many times a second
                if _too_often(conn.presence, now, PRESENCE_SECONDS):
                    raise Refused("flood")
                with self.match.lock:
                    self.match.set_elsewhere(seat, not data["here"])
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

    def _refuse(self, conn: Connection, no: Refused, final: bool = False) -> bool:
        """Tell the player what was refused; after too many, or a final refusal, send them
        away. Returns False when the connection is to end."""
        conn.strikes += 1
        self.refusals.append((conn.seat, no.code))
        done = final or conn.strikes > STRIKES
        message: dict[str, Any] = {"type": "refused", "code": no.code}
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
