"""Shared by the table server's tests: a server on loopback in this process, raw WebSocket
connections to its paths, friends' real clients playing until a condition holds."""

from __future__ import annotations

import json
import random
import time
from contextlib import contextmanager
from typing import Any

from cardtable.net import online, protocol
from cardtable.net.remote import RemoteMatch
from cardtable.net.serve import TableService
from cardtable.net.serveconf import Settings

LOOPBACK = "127.0.0.1"


@contextmanager
def service(**settings: Any):
    """A table server on a free loopback port, its computers thinking on its loop with no
    pause (so a test's deal takes a moment); stopped at the end."""
    values: dict[str, Any] = {"host": LOOPBACK, "port": 0, "pace": 0.0, "threaded": False}
    values.update(settings)
    server = TableService(Settings(**values))
    server.start()
    try:
        yield server
    finally:
        server.close()


def where(server: TableService) -> online.Where:
    return online.Where(LOOPBACK, server.port or 0)


def config(game: str = "pairs65", kinds: tuple[str, ...] = ("human", "friend", "computer"),
           options: dict | None = None) -> dict:
    """A setup screen's config: the first seat the creator's, then friends and computers."""
    return {"game": game, "players": len(kinds),
            "seats": [{"name": f"S{i}", "kind": k, "level": "easy"}
                      for i, k in enumerate(kinds)],
            "options": options or {}, "first_dealer": None}


def create(server: TableService, name: str = "Ann", **kwargs: Any) -> tuple[RemoteMatch, str]:
    client = online.create_client(where(server), config(**kwargs), name)
    match, error = online.seated(client)
    assert match is not None, error
    return match, client.code


def join(server: TableService, code: str, name: str, token: str | None = None) \
        -> tuple[RemoteMatch | None, str | None]:
    return online.seated(online.join_client(where(server), code, name, token=token))


def play(players: list[RemoteMatch], done, seconds: float = 30.0, seed: int = 1) -> int:
    """Each player plays a random legal move at its turn until ``done()``; the moves sent."""
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    sent = 0
    while not done():
        assert time.monotonic() < deadline, "the table did not go on in time"
        for p in players:
            p.poll()
            if not p.closed and p.to_act == p.seat:
                legal = p.legal_actions()
                if legal:
                    p.apply(rng.choice(legal))
                    sent += 1
        time.sleep(0.001)
    return sent


def settle(players: list[RemoteMatch], seconds: float = 0.3) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for p in players:
            p.poll()
        time.sleep(0.01)


def raw(server: TableService, path: str = "/", timeout: float = 5.0):
    """A plain WebSocket connection to ``path`` (frames sent and read by hand)."""
    from websockets.sync.client import connect
    return connect(f"ws://{LOOPBACK}:{server.port}{path}", open_timeout=timeout,
                   close_timeout=1, proxy=None)


def create_frame(code: str = "", game: str = "pairs65", **fields: Any) -> str:
    message = {"type": "create", "code": code, "name": "Ann", "game": game,
               "seats": [{"kind": "friend"}, {"kind": "friend"},
                         {"kind": "computer", "level": "easy"}]}
    message.update(fields)
    return protocol.encode(message)


def hello_frame(code: str = "", name: str = "Bob", token: str | None = None) -> str:
    return protocol.encode({"type": "hello", "code": code, "name": name, "token": token})


def first_answer(ws, timeout: float = 5.0) -> dict:
    return json.loads(ws.recv(timeout=timeout))
