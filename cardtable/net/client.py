"""A player's connection to a host, on a thread of its own. No pygame here.

    client = NetClient("192.168.1.20", 47650, name="Ann", code="K7QF", on_message=wake)
    client.start()                    # returns at once; connecting happens on the thread
    for message in client.take():     # every frame: what arrived, already checked
        ...
    client.send({"type": "move", "action": action.to_json(), "turn": 12})
    client.close()

Every message from the host is checked (:func:`protocol.read_from_host`) before it is
queued; ``on_message`` (any callable, e.g. the window's wake) is called on the client's
thread after each, so the window's loop never waits on the network. When the connection
cannot be made or ends without the host saying why, a ``closed`` message with the code
``unreachable`` or ``host_gone`` is queued, so the caller always hears how it ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from typing import Any

from cardtable import records
from cardtable.net import protocol
from cardtable.net.protocol import Refused

log = logging.getLogger(__name__)


def url_of(address: str, port: int) -> str:
    """The WebSocket URL of a host typed as an address (IPv4, IPv6 or a name) and a port."""
    address = address.strip().strip("[]")
    if ":" in address:
        address = f"[{address}]"
    return f"ws://{address}:{int(port)}/"


class NetClient:
    """One connection to a host: hello, then messages in and out, until it ends."""

    def __init__(self, address: str, port: int, name: str, code: str = "",
                 token: str | None = None, on_message: Any = None, timeout: float = 6.0):
        self.address = address
        self.port = port
        self.hello = {"type": "hello", "name": name, "code": code, "token": token,
                      "app": "cardtable"}
        self.on_message = on_message
        self.timeout = timeout
        self.inbox: queue.Queue[dict] = queue.Queue()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self._outbox: asyncio.Queue[str | None] | None = None
        self._ws: Any = None
        self.ended = False
        self.received = 0
        #: when set to a list, (type, turn, time.monotonic()) of each message as it arrives
        self.arrivals: list | None = None

    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, name="table-client", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            protocol.run_loop(self, self._main)
        finally:
            self.ended = True

    def _put(self, message: dict) -> None:
        if self.arrivals is not None:
            self.arrivals.append((message["type"], message.get("turn"), time.monotonic()))
        self.inbox.put(message)
        self.received += 1
        if self.on_message is not None:
            try:
                self.on_message()
            except Exception:   # a border: the window's callback, on this thread
                log.exception("telling the window a message came failed")

    async def _main(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
        outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self._outbox = outbox
        try:
            ws = await asyncio.wait_for(
                connect(url_of(self.address, self.port), max_size=4 * 1024 * 1024,
                        open_timeout=self.timeout, ping_interval=5, ping_timeout=10,
                        compression=None, proxy=None),
                self.timeout + 1)
        except (OSError, asyncio.TimeoutError, InvalidHandshake, InvalidURI, ValueError,
                TypeError):
            self._put({"type": "closed", "code": "unreachable"})
            return
        self._ws = ws
        said_closed = False
        writer = asyncio.create_task(self._write(ws, outbox))
        try:
            hello = self.hello
            await ws.send(hello if isinstance(hello, str) else protocol.encode(hello))
            async for frame in ws:
                try:
                    message = protocol.read_from_host(frame)
                except Refused:
                    continue       # a message this version does not understand is skipped
                said_closed = said_closed or message["type"] == "closed"
                if message["type"] == "record":
                    message["record"] = replayed(message["record"])
                elif message["type"] == "welcome":
                    message["records"] = [replayed(r) for r in message.get("records", [])]
                self._put(message)
        except (ConnectionClosed, OSError) as gone:
            log.info("the connection to the host ended: %r", gone)
        finally:
            writer.cancel()
            try:
                await ws.close()
            except (ConnectionClosed, OSError) as gone:
                log.info("closing the connection to the host: %r", gone)
            if not said_closed:
                self._put({"type": "closed", "code": "host_gone"})

    async def _write(self, ws: Any, outbox: asyncio.Queue[str | None]) -> None:
        from websockets.exceptions import ConnectionClosed
        try:
            while True:
                text = await outbox.get()
                if text is None:
                    await ws.close()
                    return
                await ws.send(text)
        except (ConnectionClosed, OSError):
            return

    def send(self, message: dict) -> None:
        """Queue a message for the host (any thread); dropped once the connection ended."""
        self.send_text(protocol.encode(message))

    def send_text(self, text: str) -> None:
        """Queue a frame as it is (tests send garbage with it)."""
        loop, box = self.loop, self._outbox
        if loop is None or box is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(box.put_nowait, text)

    def take(self) -> list[dict]:
        """Every message that arrived since the last call, oldest first."""
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def wait_for(self, kind: str, timeout: float = 5.0) -> dict:
        """Block until a message of ``kind`` arrives (tests, tools); others are kept."""
        kept = []
        try:
            while True:
                message = self.inbox.get(timeout=timeout)
                if message["type"] == kind:
                    return message
                kept.append(message)
        except queue.Empty:
            raise TimeoutError(f"no {kind!r} message in {timeout} s") from None
        finally:
            for m in reversed(kept):
                self.inbox.queue.appendleft(m)

    def close(self) -> None:
        """Leave the table (the host gives the seat to a computer until the token returns)."""
        if self.loop is not None and not self.loop.is_closed() and self._outbox is not None:
            self.send({"type": "bye"})
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(self._outbox.put_nowait, None)
        if self.thread is not None and self.thread is not threading.current_thread():
            self.thread.join(3.0)


def replayed(record: dict) -> dict | None:
    """A finished deal's record from the host if it replays under this copy's rules, else
    None. Checked here, on the connection's thread: a long hand takes tens of milliseconds
    to replay, which the window's thread would show as a stutter."""
    try:
        return records.check_record(record)
    except Exception:   # a border: the host's record (ConfigError, or what the check missed)
        log.warning("a finished deal's record from the host does not replay here",
                    exc_info=True)
        return None
