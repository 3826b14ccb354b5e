"""A hostile host for the friend's copy: a small WebSocket server on loopback that speaks
the protocol and sends what a test scripts, and the messages an honest host would send
(made by the host's own code, so a test starts from what is true and spoils one part).

    honest = Honest("sixtysix")                 # a real hosted match, the friend at seat 1
    host = FakeHost([honest.welcome(), bad])    # answers the hello with these frames
    host.start()
    match, code, _ = connect(LOOPBACK, host.port, "Ann", code="K7QF")
    ...
    host.close()
"""

from __future__ import annotations

import asyncio
import copy
import json
import random
import ssl
import threading
from typing import Any

from cardtable.net import protocol
from cardtable.net.hosted import HostedMatch

LOOPBACK = "127.0.0.1"


class Honest:
    """What an honest host sends the friend at seat 1 of a real match of ``game``: the
    host's own code makes each message (``HostedMatch``), none is sent anywhere."""

    def __init__(self, game: str = "sixtysix", players: int = 2, seed: int = 5,
                 friend: int = 1):
        seats = [{"name": "Ann" if i == friend else f"Bot {i}",
                  "kind": "human" if i == friend else "computer", "level": "easy"}
                 for i in range(players)]
        config = {"game": game, "players": players, "seed": seed, "seats": seats}
        self.friend = friend
        self.match = HostedMatch.from_config(config, remote=[friend], pace=0.0,
                                             threaded=False)
        self.sent: list[dict] = []
        self.match.send = self._keep
        with self.match.lock:
            self.match.take_seat("Ann", None)
        self.rng = random.Random(seed)

    def _keep(self, seat: int | None, message: dict) -> None:
        if seat in (None, self.friend):
            self.sent.append(copy.deepcopy(message))

    def welcome(self) -> dict:
        """The welcome the host gives the friend now (as ``TableServer.seat_player``)."""
        match, seat = self.match, self.friend
        with match.lock:
            names = match.seat_names()
            return copy.deepcopy({
                "type": "welcome", "seat": seat, "token": match.remote[seat].token,
                "game": match.game_id, "seats": match.seats_message()["seats"],
                "update": match.update_for(seat, [], welcome=True), "table": "Host",
                "recent": match.recent_for(seat),
                "records": [dict(r, names=names, humans=[seat])
                            for r in match.scored_deals[-protocol.WELCOME_RECORDS:]]})

    def play(self, moves: int) -> list[dict]:
        """Play ``moves`` moves (the friend's by chance); what the friend was sent."""
        start = len(self.sent)
        match = self.match
        for _ in range(moves):
            if match.is_over:
                break
            if match.to_act == self.friend:
                match.offer_move(self.friend, self.rng.choice(match.legal_actions()),
                                 match.turn)
            match.poll(now=float("inf"))
        return self.sent[start:]

    def update(self, moves: int = 1) -> dict:
        """The last update of ``moves`` more moves (the match over: the update of now)."""
        updates = [m for m in self.play(moves) if m["type"] == "update"]
        if updates:
            return updates[-1]
        with self.match.lock:
            return copy.deepcopy(self.match.update_for(self.friend, []))


def frame(message: dict | str) -> str:
    """A message as the host's frame (the protocol's version added), or a text as it is."""
    return message if isinstance(message, str) else protocol.encode(message)


class FakeHost:
    """A host on loopback: answers a hello with ``script`` (messages or raw texts), then
    sends what :meth:`push` gives and keeps what the friend sends, until the friend's
    copy ends the connection (``ended``) or :meth:`close`."""

    def __init__(self, script: list[dict | str] = (), tls: ssl.SSLContext | None = None):
        self.script = list(script)
        self.tls = tls
        self.port = 0
        self.hellos: list[dict] = []
        #: the path of each connection's URL
        self.paths: list[str] = []
        self.received: list[Any] = []
        self.ended = threading.Event()
        self.ready = threading.Event()
        self.handshake_failed = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.ws: Any = None
        self._stop: asyncio.Event | None = None
        self.thread = threading.Thread(target=self._run, name="fake-host", daemon=True)

    def start(self) -> FakeHost:
        self.thread.start()
        assert self.ready.wait(5), "the fake host did not start"
        return self

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        from websockets.asyncio.server import serve
        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        async with serve(self._handler, LOOPBACK, 0, ssl=self.tls, compression=None,
                         max_size=None) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            self.ready.set()
            await self._stop.wait()

    async def _handler(self, ws: Any) -> None:
        from websockets.exceptions import ConnectionClosed
        self.ws = ws
        self.paths.append(ws.request.path)
        try:
            self.hellos.append(json.loads(await ws.recv()))
            for message in self.script:
                await ws.send(frame(message))
            async for text in ws:
                self.received.append(json.loads(text))
        except ConnectionClosed:
            pass
        finally:
            self.ended.set()

    def push(self, message: dict | str) -> None:
        """Send one more frame to the connected friend."""
        assert self.loop is not None and self.ws is not None, "nobody is connected"
        asyncio.run_coroutine_threadsafe(self.ws.send(frame(message)), self.loop).result(5)

    def close(self) -> None:
        if self.loop is not None and self._stop is not None:
            self.loop.call_soon_threadsafe(self._stop.set)
        self.thread.join(5)
