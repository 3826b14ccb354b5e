"""A player's connection to a host, on a thread of its own. No pygame here.

    client = NetClient("192.168.1.20", 47650, name="Ann", code="K7QF", on_message=wake)
    client.start()                    # returns at once; connecting happens on the thread
    for message in client.take():     # every frame: what arrived, already checked
        ...
    client.send({"type": "move", "action": action.to_json(), "turn": 12})
    client.close()

Every message from the host is checked whole before it is queued: its outer shape
(:func:`protocol.read_from_host`), then everything in it against the game's own shapes
(:class:`~cardtable.net.inbound.Inbound`, which also rebuilds each update's whole view
and public facts from what changed), on the client's thread (:meth:`receive`). A
message that does not fit ends the connection: nothing of it is queued, a ``closed``
message with the code ``bad_host`` (``version`` for another version's) is, and the reason
is logged. ``on_message`` (any callable, e.g. the window's wake) is called on the client's
thread after each, so the window's loop never waits on the network. When the connection
cannot be made or ends without the host saying why, a ``closed`` message with the code
``unreachable`` or ``host_gone`` is queued, so the caller always hears how it ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import queue
import ssl
import threading
import time
import urllib.parse
from typing import Any

from cardtable import records
from cardtable.i18n import N_
from cardtable.net import inbound, protocol
from cardtable.net.protocol import Refused

log = logging.getLogger(__name__)


#: the longest server URL a person may type (the Join screen's address field holds it)
URL_LENGTH = 64
#: what a player reads when a ``wss://`` server's certificate is not one to believe
CERTIFICATE = N_("The server's certificate could not be verified, so this program did not "
                 "connect: check the address, or ask the server's owner.")


def is_url(text: str) -> bool:
    """Does ``text`` name a server by its URL (``ws://`` or ``wss://``) rather than a host
    by its address?"""
    return text.strip().lower().startswith(("ws://", "wss://"))


def url_of(address: str, port: int) -> str:
    """The WebSocket URL of a host typed as an address (IPv4, IPv6 or a name) and a port;
    a server typed as its URL (``ws://``, ``wss://``: its own port and path) as it is."""
    if is_url(address):
        return address.strip()
    address = address.strip().strip("[]")
    if ":" in address:
        address = f"[{address}]"
    return f"ws://{address}:{int(port)}/"


def server_url(text: str, code: str = "") -> str | None:
    """The URL a person typed for a server (``wss://cards.example.org/t/``), checked:
    ``ws`` or ``wss``, a host's name or address, a port if any, a path if any, nothing
    else (no user, query or fragment); None when it is none. A path that ends with ``/``
    (the root aside) is where the server finds its tables by code: the table ``code``
    (spaces and dashes aside) is added to it."""
    text = text.strip()
    if not 0 < len(text) <= URL_LENGTH or not text.isascii() or not text.isprintable() \
            or any(ch.isspace() for ch in text) or not is_url(text):
        return None
    try:
        parts = urllib.parse.urlsplit(text)
        port = parts.port
    except ValueError:                  # a port that is no number, or out of range
        return None
    host = parts.hostname or ""
    if parts.username is not None or parts.query or parts.fragment or "#" in text \
            or port == 0 or not _host_ok(host):
        return None
    path = parts.path or "/"
    if path != "/" and path.endswith("/") and protocol.normal_code(code):
        path += protocol.normal_code(code)
    return urllib.parse.urlunsplit((parts.scheme.lower(), parts.netloc, path, "", ""))


def port_of(url: str) -> int:
    """The port a server's URL (checked by :func:`server_url`) connects to: its own, else
    443 for ``wss://`` and 80 for ``ws://``."""
    parts = urllib.parse.urlsplit(url)
    return parts.port or (443 if parts.scheme.lower() == "wss" else 80)


def _host_ok(host: str) -> bool:
    """A host's name (letters, digits and hyphens between dots) or an IP address."""
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    return 0 < len(host) <= 253 and all(
        0 < len(p) <= 63 and p.replace("-", "").isalnum() and not p.startswith("-")
        and not p.endswith("-") for p in host.split("."))


class NetClient:
    """One connection to a host: hello, then messages in and out, until it ends."""

    #: a table server's table (nobody hosts it: any friend may ask it for a new match)
    #: rather than a host's
    served = False

    def __init__(self, address: str, port: int, name: str, code: str = "",
                 token: str | None = None, on_message: Any = None, timeout: float = 6.0,
                 tls: ssl.SSLContext | None = None):
        self.address = address
        self.port = port
        #: what a ``wss://`` server's certificate is verified with (None: the system's
        #: trust store, ``ssl.create_default_context()``)
        self.tls = tls
        self.hello = {"type": "hello", "name": name, "code": code, "token": token,
                      "app": protocol.APP}
        self.on_message = on_message
        self.timeout = timeout
        self.inbox: queue.Queue[dict] = queue.Queue()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self._outbox: asyncio.Queue[str | None] | None = None
        self._ws: Any = None
        self.ended = False
        self.received = 0
        #: what each message from the host is checked against (the match of the welcome)
        self.inbound = inbound.Inbound()
        #: a ``closed`` message was queued: the connection's end was said
        self.said_closed = False
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
        self.said_closed = self.said_closed or message["type"] == "closed"
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
        from websockets.exceptions import (
            ConnectionClosed,
            InvalidHandshake,
            InvalidStatus,
            InvalidURI,
        )
        outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self._outbox = outbox
        url = self.url()
        secure: dict[str, Any] = {}
        if url.lower().startswith("wss://"):     # the server's certificate is verified
            secure["ssl"] = self.tls or ssl.create_default_context()
        try:
            ws = await asyncio.wait_for(
                connect(url, max_size=4 * 1024 * 1024, open_timeout=self.timeout,
                        ping_interval=5, ping_timeout=10, compression=None, proxy=None,
                        **secure),
                self.timeout + 1)
        except ssl.SSLCertVerificationError as bad:
            log.warning("the certificate of %s is not valid: %s", url, bad.verify_message)
            self._put({"type": "closed", "code": "bad_certificate"})
            return
        except InvalidStatus as no:        # the door's answer to one connection too many
            busy = no.response.status_code == 503
            log.info("%s answered %s", url, no.response.status_code)
            self._put({"type": "closed", "code": "busy" if busy else "unreachable"})
            return
        except (OSError, asyncio.TimeoutError, InvalidHandshake, InvalidURI, ValueError,
                TypeError) as no:
            log.info("no connection to %s: %r", url, no)
            self._put({"type": "closed", "code": "unreachable"})
            return
        self._ws = ws
        writer = asyncio.create_task(self._write(ws, outbox))
        try:
            hello = self.hello
            await ws.send(hello if isinstance(hello, str) else protocol.encode(hello))
            async for frame in ws:
                if not self.receive(frame):
                    break
        except (ConnectionClosed, OSError) as gone:
            log.info("the connection to the host ended: %r", gone)
        finally:
            writer.cancel()
            try:
                await ws.close()
            except (ConnectionClosed, OSError) as gone:
                log.info("closing the connection to the host: %r", gone)
            if not self.said_closed:
                self._put({"type": "closed", "code": "host_gone"})

    def url(self) -> str:
        """The URL this client connects to (``ws://`` a host's address and port, or the
        server's URL as typed)."""
        return url_of(self.address, self.port)

    def receive(self, frame: Any) -> bool:
        """One frame from the host, checked whole and queued (its records replayed here);
        False when it ends the connection: nothing of it was queued, but a ``closed``
        message saying why (``bad_host``, or ``version`` for another version's)."""
        try:
            message = self.inbound.read(protocol.read_from_host(frame))
        except (Refused, inbound.Hostile) as no:
            code = "version" if no.code == "version" else "bad_host"
            log.warning("the host's message is not accepted, the connection ends: %s", no)
            self._put({"type": "closed", "code": code})
            return False
        if message["type"] in ("refused", "closed"):
            # what the host refused or why it ended: the log of a bug report says it
            log.info("the host says %s: %s", message["type"], message.get("code"))
        if message["type"] == "record":
            message["record"] = replayed(message["record"])
        elif message["type"] == "welcome":
            message["records"] = [replayed(r) for r in message.get("records", [])]
        self._put(message)
        return True

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

    def take(self, until: tuple[str, ...] = ()) -> list[dict]:
        """Every message that arrived since the last call, oldest first; with ``until``
        (message types), only those up to and including the first of those types: what
        follows it stays queued for whoever reads the connection next (the match a
        welcome makes reads the updates that came right behind it)."""
        out: list[dict] = []
        while True:
            try:
                message = self.inbox.get_nowait()
            except queue.Empty:
                return out
            out.append(message)
            if message["type"] in until:
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
