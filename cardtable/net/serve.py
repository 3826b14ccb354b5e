"""A table server for the internet: many tables at once, nobody playing at the server. No
pygame here.

    cardtable serve --host 0.0.0.0 --port 47651

Friends anywhere connect out to it (no port forwarding at anybody's home). Every connection
names its table by the code in its URL path, ``ws://server:47651/t/<code>`` (a connection
at ``/`` names it in its first message instead), so a proxy in front of several servers
can send every connection of a table to the same one by hashing on the path
(docs/SERVER.md). A connection's first message either creates the table
(:func:`cardtable.net.served.read_create`; its creator then sits at it as its first
friend) or is a friend's ``hello`` with that code, or a seat's token, as at a host's table.
From then on the table speaks the protocol of a host's (:mod:`cardtable.net.protocol`): a
:class:`~cardtable.net.served.ServedTable` per table, each the authority of its own match.

Everything runs on one asyncio loop (the computers think on their own thread or worker
processes, as at a host). Bounded everywhere:

* open sockets (``max_connections``, below the process's open-files limit): one more is
  closed as soon as it is accepted, the reason logged once a minute at most;
* connections not at a table yet (``max_pending``), connections per address
  (``per_address``), tables (``max_tables``), tables created per address and hour;
* codes no table has (and seat tokens no seat has), per address, with a hold that grows
  with each (:class:`~cardtable.net.door.Guesses`, shared by every table of the server);
* a table nobody has been connected to for ``idle_seconds`` ends and is freed.

``GET /health`` answers ``ok``; ``GET /status`` the server's name and counts (never a code).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http
import json
import logging
import signal
import sys
import threading
import time
from typing import Any

from cardtable.engine import registry
from cardtable.net import host as host_module
from cardtable.net import protocol
from cardtable.net.collector import Collector
from cardtable.net.door import Guesses
from cardtable.net.protocol import Refused
from cardtable.net.serveconf import Settings, settings_of
from cardtable.net.served import (
    FirstFrame,
    ServedTable,
    code_of_path,
    first_type,
    hosted_match,
    read_create,
    valid_code,
)
from cardtable.net.servelimits import Counts, Quiet, Rate

log = logging.getLogger(__name__)

SWEEP_SECONDS = 1.0    # how often the tables nobody sits at are looked for


class TableService:
    """The server: its tables by code, its connections, its limits."""

    def __init__(self, settings: Settings | None = None):
        self.settings = settings or Settings()
        self.cap = self.settings.connection_cap()
        self.tables: dict[str, ServedTable] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.port: int | None = None
        self.sockets = 0           # TCP connections open now (before their handshake too)
        self.pending = 0           # WebSocket connections not at a table yet
        self.per_address = Counts()
        #: wrong codes and tokens per address, for every table of this server
        self.guesses = Guesses()
        self.creations = Rate(self.settings.tables_per_hour, 3600.0)
        self.created = 0
        self.freed = 0
        self.thread: threading.Thread | None = None
        #: the garbage collector's pacing (only a server that owns its process sets it:
        #: ``main``; a server started on a thread of a program leaves it alone)
        self.collector: Collector | None = None
        self.error: OSError | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._over_cap = Quiet(log, "a connection was closed at once: %d are open, the most "
                                    "this server takes")
        self._refused = Quiet(log, "a connection was refused (%s) for %s")

    # ---- life ---------------------------------------------------------------------------
    async def run(self) -> None:
        """Serve until :meth:`stop`; every table is then told it ends."""
        from websockets.asyncio.server import serve
        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        # every game's rules, before any table: the first table of a game would load them on
        # the loop while every table waits, and a table's memory is then its own alone
        games = registry.games()
        log.debug("the games served: %s", ", ".join(g.id for g in games))
        try:
            server = await serve(self._handle, self.settings.host, self.settings.port,
                                 process_request=self._http,
                                 create_connection=self._connection_class(),
                                 max_size=protocol.TRANSPORT_LIMIT, ping_interval=20,
                                 ping_timeout=20, open_timeout=5, compression=None,
                                 server_header=None)
        except OSError as exc:
            self.error = exc
            self._ready.set()
            raise
        sockets = list(server.sockets)
        self.port = sockets[0].getsockname()[1] if sockets else self.settings.port
        log.info("serving tables on %s port %s (at most %d connections, %d tables)",
                 self.settings.host, self.port, self.cap, self.settings.max_tables)
        self._ready.set()
        sweeper = asyncio.create_task(self._sweep())
        try:
            await self._stop.wait()
        finally:
            sweeper.cancel()
            for table in list(self.tables.values()):
                table.end("host_left")
            self.tables.clear()
            deadline = time.monotonic() + 2.0
            while self.sockets and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
            server.close()
            try:
                await asyncio.wait_for(server.wait_closed(), 3.0)
            except asyncio.TimeoutError:
                log.warning("the server's connections did not close within 3 s")
            log.info("the server stopped: %d tables were made, %d freed", self.created,
                     self.freed)

    def stop(self) -> None:
        """End serving (any thread)."""
        loop, stop = self.loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop.set)

    def start(self, timeout: float = 10.0) -> int:
        """Serve on a thread of this process (tests, tools); returns the port."""
        self.thread = threading.Thread(target=self._thread, name="table-service",
                                       daemon=True)
        self.thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the table server did not start")
        if self.error is not None:
            raise self.error
        return self.port or 0

    def _thread(self) -> None:
        try:
            protocol.run_loop(self, self.run)
        except OSError as exc:     # the port: start() raises it on the caller's thread
            self.error = exc
            self._ready.set()

    def close(self) -> None:
        """Stop serving on the thread :meth:`start` began, and wait for it."""
        self.stop()
        if self.thread is not None:
            self.thread.join(10.0)

    # ---- sockets -------------------------------------------------------------------------
    def _connection_class(self) -> Any:
        """The websockets connection that counts the open sockets and closes any beyond
        the cap as soon as it is accepted (before it can hold a file for long)."""
        from websockets.asyncio.server import ServerConnection
        service = self

        class CountedConnection(ServerConnection):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                service.sockets += 1
                if service.sockets > service.cap:
                    service._over_cap(service.sockets - 1)
                    if isinstance(transport, asyncio.Transport):
                        transport.abort()
                    else:
                        transport.close()

            def connection_lost(self, exc: Exception | None) -> None:
                service.sockets -= 1
                super().connection_lost(exc)

        return CountedConnection

    def address_of(self, ws: Any, request: Any = None) -> str:
        """The address a connection comes from (the proxy's word for it when trusted)."""
        request = request if request is not None else getattr(ws, "request", None)
        if self.settings.trust_proxy and request is not None:
            forwarded = request.headers.get("X-Forwarded-For", "")
            last = forwarded.split(",")[-1].strip()
            if last:
                return last[:64]
        peer = getattr(ws, "remote_address", None)
        return str(peer[0]) if isinstance(peer, tuple) and peer else "?"

    def _http(self, connection: Any, request: Any) -> Any:
        """Before the handshake: /health and /status answered, any path that names no
        table refused, an address with too many connections told to wait."""
        path = request.path.split("?", 1)[0]
        if path == "/health":
            return connection.respond(http.HTTPStatus.OK, "ok\n")
        if path == "/status":
            response = connection.respond(http.HTTPStatus.OK, json.dumps(self.status()) + "\n")
            response.headers["Content-Type"] = "application/json"
            return response
        if code_of_path(path) is None:
            return connection.respond(http.HTTPStatus.NOT_FOUND, "no such table path\n")
        address = self.address_of(connection, request)
        if self.per_address[address] >= self.settings.per_address:
            self._refused("too many connections", address)
            return connection.respond(http.HTTPStatus.TOO_MANY_REQUESTS, "too many\n")
        if self.pending >= self.settings.max_pending:
            self._refused("too many connections not at a table yet", address)
            return connection.respond(http.HTTPStatus.SERVICE_UNAVAILABLE, "busy\n")
        return None

    def status(self) -> dict[str, Any]:
        """The server's name and counts: what a proxy's health check or a person reads
        (no table's code)."""
        return {"name": self.settings.name, "tables": len(self.tables),
                "connections": self.sockets, "pending": self.pending,
                "seated": sorted((t.people_here() for t in self.tables.values()),
                                 reverse=True)[:1000],
                "created": self.created, "freed": self.freed}

    # ---- one connection ------------------------------------------------------------------
    async def _handle(self, ws: Any) -> None:
        from websockets.exceptions import ConnectionClosed
        address = self.address_of(ws)
        path_code = code_of_path(ws.request.path) or ""
        _forget_headers(ws)
        self.per_address.add(address)
        self.pending += 1
        table: ServedTable | None = None
        try:
            try:
                frame = await asyncio.wait_for(ws.recv(), host_module.HELLO_SECONDS)
                table, frame = self._route(frame, path_code, address)
            except Refused as no:
                await self._refuse(ws, no, address)
                return
            except (asyncio.TimeoutError, ConnectionClosed, OSError) as gone:
                log.info("a connection from %s ended before naming a table: %r", address,
                         gone)
                return
            finally:
                self.pending -= 1
            table.note_presence(time.monotonic())
            await table._handle(FirstFrame(ws, frame, address))
        except Exception:   # a border: one connection that fails never stops the server
            log.exception("a connection from %s failed", address)
        finally:
            self.per_address.remove(address)
            if table is not None:
                table.note_presence(time.monotonic())

    def _route(self, frame: Any, path_code: str, address: str) -> tuple[ServedTable, str]:
        """The table a connection's first message is for (made, for a ``create``) and the
        frame to hand it (the creator's hello). Raises Refused."""
        wait = self.guesses.wait(address)
        if wait > 0:
            raise Refused("slow_down", wait=int(wait) + 1)
        if first_type(frame) == "create":
            return self._create(frame, path_code, address)
        data = protocol.read_from_player(frame)
        if data["type"] != "hello":
            raise Refused("not_seated")
        code = path_code or protocol.normal_code(data.get("code"))
        table = self.tables.get(code)
        if table is None or table.ended:
            self.guesses.wrong(address)
            raise Refused("wrong_code")
        return table, frame

    def _create(self, frame: Any, path_code: str, address: str) -> tuple[ServedTable, str]:
        create = read_create(frame)
        code = path_code or create["code"]
        if create["code"] and create["code"] != code:
            raise Refused("malformed")
        if not valid_code(code):
            raise Refused("bad_code")
        if code in self.tables:
            raise Refused("code_taken")
        if len(self.tables) >= self.settings.max_tables:
            raise Refused("server_full")
        if not self.creations.allow(address):
            raise Refused("too_many")
        loop = self.loop
        if loop is None:
            raise Refused("server_full")
        match = hosted_match(create, pace=self.settings.pace, threaded=self.settings.threaded)
        silent = self.settings.silent_seconds
        table = ServedTable(match, code, loop, table_name=create["name"] or "cardtable",
                            fill_seconds=self.settings.fill_seconds,
                            silent_seconds=silent if silent > 0 else None,
                            guesses=self.guesses)
        self.tables[code] = table
        self.created += 1
        log.info("a table of %s for %d was made (%d open)", create["game"], create["players"],
                 len(self.tables))
        # (the creator's copy is seated as its hello would: what it reads, its create says)
        hello = protocol.encode({"type": "hello", "code": code, "name": create["name"],
                                 "token": None, "app": create.get("app") or "cardtable"})
        return table, hello

    async def _refuse(self, ws: Any, no: Refused, address: str) -> None:
        """Answer a connection that reaches no table with its refusal, then close it."""
        from websockets.exceptions import ConnectionClosed
        self._refused(no.code, address)
        message: dict[str, Any] = {"type": "refused", "code": no.code}
        if isinstance(no.params.get("theirs"), int):
            message["params"] = {"theirs": no.params["theirs"], "ours": protocol.VERSION}
        elif isinstance(no.params.get("wait"), int):
            message["params"] = {"wait": no.params["wait"]}
        try:
            await ws.send(protocol.encode(message))
            await ws.close()
        except (ConnectionClosed, OSError) as gone:
            log.info("a refused connection from %s ended first: %r", address, gone)

    # ---- tables that end ---------------------------------------------------------------------
    async def _sweep(self) -> None:
        """Free every table nobody has been connected to for ``idle_seconds``."""
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            self.sweep(time.monotonic())

    def sweep(self, now: float) -> int:
        """End the tables empty for ``idle_seconds`` by ``now`` (and let the collector
        look, when it paces this process); how many ended."""
        idle = self.settings.idle_seconds
        ended = 0
        for code, table in list(self.tables.items()):
            table.note_presence(now)
            if table.ended or (table.empty_since is not None
                               and now - table.empty_since >= idle):
                table.end("host_left")
                del self.tables[code]
                ended += 1
        if ended:
            self.freed += ended
            log.info("%d tables nobody sat at were freed (%d open)", ended, len(self.tables))
        if self.collector is not None:
            self.collector.tick(now, len(self.tables), ended)
        return ended


# --------------------------------------------------------------------------- the command


def main(args: argparse.Namespace) -> int:
    """``cardtable serve``: serve until SIGINT or SIGTERM. 0 on a clean stop, 1 when the
    port cannot be opened."""
    logging.basicConfig(level=args.log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.log_level != "debug":       # (a line for every connection opened and closed)
        logging.getLogger("websockets").setLevel(logging.WARNING)
    if not 0 <= args.port <= 65535:
        log.error("the port %s is not one from 0 to 65535", args.port)
        return 2
    service = TableService(settings_of(args))
    service.collector = Collector()
    service.collector.start()

    async def serving() -> None:
        # Windows' event loops take no signal handlers: there Ctrl+C ends asyncio.run with
        # KeyboardInterrupt (its tasks cancelled), and the finally below still runs
        if sys.platform != "win32":
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signum, service.stop)
        await service.run()

    try:
        asyncio.run(serving())
    except OSError as exc:
        log.error("cannot serve on %s port %s: %s", args.host, args.port, exc)
        return 1
    finally:
        service.collector.stop()
    return 0


def _forget_headers(ws: Any) -> None:
    """The handshake's headers, once read (the path's code, the proxy's word for the
    address): a connection would keep them, request and answer, for its whole life, some
    2.5 KB of a connection's 17."""
    for message in (getattr(ws, "request", None), getattr(ws, "response", None)):
        headers = getattr(message, "headers", None)
        if headers is not None:
            headers.clear()
