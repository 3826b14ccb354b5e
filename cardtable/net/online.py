"""A player's side of a table server (:mod:`cardtable.net.serve`): the server's address as a
person types it, the message that creates a table, the connection that creates or joins
one. No pygame here.

    where = server_address("cards.example.org:47651")    # None: not an address
    client = create_client(where, config, "Ann")          # the table's code: client.code
    client.start()      # its welcome seats Ann at the new table, as a friend: RemoteMatch

    client = join_client(where, "K7QF2M", "Bob", token=None)

A table at a server is played exactly as a table at a friend's computer: the welcome makes
a :class:`~cardtable.net.remote.RemoteMatch`. The creator's copy chooses the code
(:func:`cardtable.net.served.new_code`), so it is in the URL of every connection to the
table (``/t/<code>``), the creation's included.
"""

from __future__ import annotations

import logging
import queue
import ssl
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable import codetext, storage
from cardtable.names import clean_name
from cardtable.net import protocol
from cardtable.net.client import NetClient
from cardtable.net.remote import RemoteMatch
from cardtable.net.serveconf import DEFAULT_PORT
from cardtable.net.served import CODE_MAX, CODE_MIN, new_code, shown_code
from cardtable.net.served import valid_code as valid_table_code

log = logging.getLogger(__name__)

__all__ = ["ServerClient", "Where", "create_client", "create_message", "join_client",
           "code_in", "keep_token", "kept_name", "seated", "server_address", "shown_code",
           "token_for", "typed_code", "valid_code"]


@dataclass(frozen=True)
class Where:
    """A server as typed in the settings: its host name or address, its port, and whether
    it sits behind a TLS proxy (``wss://``)."""

    host: str
    port: int
    tls: bool = False

    def url(self, code: str) -> str:
        """The URL of the table ``code`` at this server."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        scheme = "wss" if self.tls else "ws"
        return f"{scheme}://{host}:{self.port}/t/{protocol.normal_code(code)}"

    def key(self) -> str:
        """The server as the kept seats name it."""
        return f"{'wss' if self.tls else 'ws'}://{self.host}:{self.port}"


def server_address(text: Any) -> Where | None:
    """The server ``text`` names: ``host``, ``host:port``, ``[v6]:port``, or any of those
    after ``ws://`` or ``wss://`` (a TLS proxy: port 443 unless one is given); None when
    it names none (empty, a path, a user, a port out of range, a space...)."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    if not text or len(text) > 300 or not text.isascii() or not text.isprintable() or \
            any(c.isspace() for c in text):
        return None
    tls = False
    lowered = text.lower()
    if lowered.startswith("wss://"):
        tls, text = True, text[6:]
    elif lowered.startswith("ws://"):
        text = text[5:]
    text = text.rstrip("/")
    if any(c in text for c in "/?#@\\"):
        return None
    port = 443 if tls else DEFAULT_PORT
    if text.startswith("["):                       # [v6] or [v6]:port
        host, close, rest = text[1:].partition("]")
        if not close or (rest and not rest.startswith(":")):
            return None
        tail = rest[1:] if rest else ""
    elif text.count(":") == 1:
        host, _, tail = text.partition(":")
    elif ":" in text:                              # a bare IPv6 address
        host, tail = text, ""
    else:
        host, tail = text, ""
    if tail:
        if not tail.isdecimal() or len(tail) > 5 or not 0 < int(tail) < 65536:
            return None
        port = int(tail)
    if not host or len(host) > 253 or not _host_ok(host):
        return None
    return Where(host.lower(), port, tls)


def _host_ok(host: str) -> bool:
    if ":" in host:
        return all(c in "0123456789abcdefABCDEF:." for c in host)
    return all(0 < len(p) <= 63 and p.replace("-", "").replace("_", "").isalnum()
               and not p.startswith("-") and not p.endswith("-") for p in host.split("."))


def create_message(config: dict[str, Any], name: str, code: str) -> dict[str, Any]:
    """The ``create`` message of a setup's ``config`` (the setup screen's): its people's
    seats, the first one the creator's, are friends' at the server; its computers stay
    computers of their level."""
    seats = []
    for seat in config.get("seats") or []:
        if seat.get("kind") == "computer":
            seats.append({"kind": "computer", "level": seat.get("level", "easy"),
                          "name": seat.get("name", "")})
        else:
            seats.append({"kind": "friend", "level": seat.get("level", "easy")})
    network = config.get("network") or {}
    levels = [s["level"] for s in seats if s["kind"] == "friend"]
    return {"type": "create", "code": code, "name": name, "game": config["game"],
            "seats": seats, "options": dict(config.get("options") or {}),
            "stand_in": network.get("stand_in") or (levels[0] if levels else "easy"),
            "first_dealer": config.get("first_dealer"), "app": protocol.APP}


class ServerClient(NetClient):
    """A connection to one table of a server: ``code`` the table's, ``create`` the message
    that makes the table (None: join it). It connects to the table's own URL
    (``Where.url``: the code in the path, for a proxy to route by); a ``wss://`` server's
    certificate is verified with ``tls`` (None: the system's trust store)."""

    served = True

    def __init__(self, where: Where, code: str, name: str, token: str | None = None,
                 create: dict[str, Any] | None = None, on_message: Any = None,
                 timeout: float = 8.0, tls: ssl.SSLContext | None = None):
        super().__init__(where.url(code), where.port, name=name, code=code, token=token,
                         on_message=on_message, timeout=timeout, tls=tls)
        self.where = where
        self.code = protocol.normal_code(code)
        self.creating = create is not None
        if create is not None:
            self.hello = create      # the first message: the table is made


def create_client(where: Where, config: dict[str, Any], name: str, code: str | None = None,
                  on_message: Any = None, tls: ssl.SSLContext | None = None) -> ServerClient:
    """A connection (not started) that makes a table of ``config`` with a new code and
    seats ``name`` at it."""
    code = code or new_code()
    return ServerClient(where, code, name, create=create_message(config, name, code),
                        on_message=on_message, tls=tls)


def join_client(where: Where, code: str, name: str, token: str | None = None,
                on_message: Any = None, tls: ssl.SSLContext | None = None) -> ServerClient:
    """A connection (not started) to the table ``code`` (its seat again with ``token``)."""
    return ServerClient(where, code, name, token=token, on_message=on_message, tls=tls)


def valid_code(text: Any) -> bool:
    """Could ``text``, as typed (spaces, dashes and case aside), be a server table's code?"""
    return valid_table_code(protocol.normal_code(text))


def code_in(text: Any) -> str | None:
    """The part of ``text`` that is a table's code, as it is written there, or None: the
    text itself when it is one (spaces, dashes and case aside), else the code among its
    words, as the deal-code box finds a deal's (:mod:`cardtable.codetext`): "the code is
    H6FLY-CPAF9 thanks" reads H6FLY-CPAF9. A host's length of code is looked for first,
    then any a server takes (a run of longer words is no host's code by chance)."""
    if not isinstance(text, str):
        return None
    text = unicodedata.normalize("NFKC", text[:CODE_SEARCHED])
    words = codetext.words(text)
    whole = "".join(w for _, _, w in words).upper()
    if valid_table_code(whole) and (len(words) == 1 or
                                    all(codetext.own_group(w) for _, _, w in words)):
        return codetext.trimmed(text)
    for shortest, longest in ((protocol.CODE_LENGTH, protocol.CODE_LENGTH),
                              (CODE_MIN, CODE_MAX)):
        found = codetext.best_span(text, lambda run: run if valid_table_code(run) else None,
                                   protocol.CODE_LETTERS, shortest, longest)
        if found is not None:
            return found[0]
    return None


def typed_code(text: str) -> str:
    """What a code field holds, as sent: the code found in it (:func:`code_in`), else the
    text as typed (its host or server says what is wrong with it)."""
    found = code_in(text)
    return text if found is None else found


def seated(client: ServerClient, timeout: float = 10.0) -> tuple[RemoteMatch | None, str | None]:
    """Start ``client`` and wait for its welcome (tests and tools; the window does not
    wait): (the match, None) or (None, the refusal's code)."""
    client.start()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            message = client.inbox.get(timeout=max(0.01, deadline - time.monotonic()))
        except queue.Empty:
            break
        if message["type"] == "welcome":
            return RemoteMatch(client, message), None
        if message["type"] in ("refused", "closed"):
            client.close()
            return None, message["code"]
    client.close()
    return None, "unreachable"


# --------------------------------------------------------------------------- seats kept

#: the most of a code field's text searched for a code (the field holds 200 characters)
CODE_SEARCHED = 400

#: the most tables whose seat tokens are kept (the most recent)
KEPT_SEATS = 20


def seats_file() -> Path:
    """Where a player keeps the tokens of their seats at servers' tables."""
    return storage.config_dir() / "online_seats.json"


def _read(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    data, _message = storage.read_json(path, "settings", 1)
    return data if isinstance(data, dict) else {}


def kept_seats(path: Path | None = None) -> dict[str, str]:
    """``server/code`` -> the token of this player's seat at that table (entries that are
    not one are passed over)."""
    seats = _read(path or seats_file()).get("seats")
    if not isinstance(seats, dict):
        return {}
    return {k: v for k, v in seats.items() if isinstance(k, str) and len(k) <= 400
            and isinstance(v, str) and 8 <= len(v) <= 64}


def token_for(where: Where, code: str, path: Path | None = None) -> str | None:
    """The token kept for this player's seat at the table ``code`` of ``where``."""
    return kept_seats(path).get(f"{where.key()}/{protocol.normal_code(code)}")


def keep_token(where: Where, code: str, token: str | None, name: str | None = None,
               path: Path | None = None) -> None:
    """Keep (None: forget) the token of this player's seat at a server's table, and the
    name they sat under; the last :data:`KEPT_SEATS` tables only. A file that cannot be
    written is logged: the seat is joined by its code next time."""
    path = path or seats_file()
    data = _read(path)
    seats = kept_seats(path)
    key = f"{where.key()}/{protocol.normal_code(code)}"
    seats.pop(key, None)
    # the order they were kept in, oldest first (the file's keys are written sorted):
    # entries of a file without it first
    told = data.get("order")
    named = [k for k in told if isinstance(k, str)] if isinstance(told, list) else []
    order = [k for k in dict.fromkeys(named) if k in seats]
    order = [k for k in seats if k not in order] + order
    if token:
        seats[key] = token
        order.append(key)
    while len(order) > KEPT_SEATS:
        del seats[order.pop(0)]
    out: dict[str, Any] = {"version": 1, "seats": seats, "order": order}
    kept = clean_name(name if name is not None else data.get("name"))
    if kept:
        out["name"] = kept
    try:
        storage.write_json(path, out)
    except OSError as exc:
        log.warning("the seats at servers' tables could not be kept in %s: %s", path, exc)


def kept_name(path: Path | None = None) -> str:
    """The name this player last sat under at a server's table ('' if none)."""
    return clean_name(_read(path or seats_file()).get("name"))

