"""Network play in the window: opening the host's table, the seat tokens a player keeps,
and the one sentence said for each way a connection can fail.

The host's table is a :class:`~cardtable.net.host.HostedMatch` on the usual table scene,
with its :class:`~cardtable.net.host.TableServer` kept on the match (``match.server``); the
table's code, port, remote seats and their tokens are written beside the autosave
(``net_table.json``), so Continue opens the same table again after the host quit and
every friend comes back with the token their copy kept (``net_seats.json`` in the
settings folder, one entry per host address and port).
"""

from __future__ import annotations

import ipaddress
import logging
from pathlib import Path
from typing import Any

from cardtable import storage
from cardtable.i18n import N_, Msg
from cardtable.names import clean_name
from cardtable.net import protocol
from cardtable.net.discovery import local_address
from cardtable.net.host import HostedMatch, TableServer

log = logging.getLogger(__name__)

#: what a player is told, in one sentence, for each code a host or a connection gives
WORDS = {
    "wrong_code": N_("That table code is not right: check the code on the host's screen."),
    "table_full": N_("That table is full: every seat for a friend is taken."),
    "bad_token": N_("That table does not know your seat any more: join it with its code."),
    "seat_taken": N_("Someone is already playing your seat at that table."),
    "version": N_("The host's program is another version: both need the same version."),
    "unreachable": N_("No table answers at that address and port: check both, and the "
                      "host's firewall."),
    "host_gone": N_("The connection to the host was lost."),
    "host_left": N_("The host closed the table."),
    "dropped": N_("The host sent you away after too many messages it could not accept."),
    "not_your_turn": N_("Wait for your turn."),
    "not_seated": N_("The host has not given you a seat."),
    "malformed": N_("The host could not read what this program sent."),
    "unknown_type": N_("The host could not read what this program sent."),
    "too_big": N_("The host could not read what this program sent."),
    "flood": N_("Too many messages were sent too fast; the host refused some."),
    "already_seated": N_("You have a seat at that table already."),
    "port_busy": N_("The table could not be opened: no network port is free."),
    "left": N_("You left the table."),
    "not_asked": N_("The host had not asked that, or no longer waits for the answer."),
}


def valid_address(text: str) -> bool:
    """Could ``text`` be a host's address: four numbers from 0 to 255 with dots, an IPv6
    address, or a computer's name (letters, digits and hyphens, in parts between dots)?"""
    text = text.strip()
    if not text or len(text) > 253:
        return False
    if ":" in text:
        try:
            ipaddress.IPv6Address(text.strip("[]"))
        except ValueError:
            return False
        return True
    parts = text.split(".")
    if all(p.isdecimal() for p in parts):       # (any script's digits: refused below)
        return len(parts) == 4 and all(p.isascii() and len(p) <= 3 and int(p) <= 255
                                       for p in parts)
    return all(0 < len(p) <= 63 and p.isascii() and p.replace("-", "").isalnum()
               and not p.startswith("-") and not p.endswith("-") for p in parts)


def words(code: str) -> str:
    return WORDS.get(code, N_("The connection to the host was lost."))


# --------------------------------------------------------------------------- hosting


def net_file(app) -> Path | None:
    folder = getattr(app, "data_dir", None)
    return Path(folder) / "net_table.json" if folder is not None else None


def open_table(config: dict, *, code: str | None = None, port: int | None = None,
               tokens: list[str] | None = None, match: HostedMatch | None = None,
               advertise: bool = True, bind: str = "0.0.0.0") -> HostedMatch:
    """The host's match of ``config`` (or ``match``, resumed) with its server listening.

    The usual port first, then any free one. Raises OSError when none can be opened."""
    network = config.get("network") or {}
    if match is None:
        match = HostedMatch.from_config(config, remote=list(network.get("remote") or []),
                                        stand_in=network.get("stand_in", "easy"),
                                        tokens=tokens)
    name = table_label(network.get("table_name") or _host_name(match))
    last: OSError | None = None
    for want in ([port] if port else []) + [protocol.DEFAULT_PORT, 0]:
        server = TableServer(match, port=want, host=bind, code=code, table_name=name,
                             advertise=advertise)
        try:
            server.start()
        except OSError as exc:
            last = exc
            continue
        match.server = server
        return match
    raise last or OSError("no port")


def _host_name(match: HostedMatch) -> str:
    """The table's name on the network: its host's name (the list adds the game)."""
    people = match.human_seats
    return match.seats[people[0]].name if people else "Host"


def table_label(name: str) -> str:
    """A table's name as friends read it: the host's chosen name; the default "You" (the
    host's own word for themself) is the "Host" their plates show once seated."""
    return "Host" if name.strip() in ("", "You") else name


def remember_table(app, match: HostedMatch) -> None:
    """Write what Continue needs to open the same table again (beside the autosave)."""
    path = net_file(app)
    server = match.server
    if path is None or server is None:
        return
    try:
        storage.write_json(path, {"version": 1, "game": match.game_id, "code": server.code,
                                  "port": server.port, "stand_in": match.stand_in,
                                  "remote": sorted(match.remote),
                                  "tokens": [match.remote[s].token
                                             for s in sorted(match.remote)],
                                  "table_name": server.table_name})
    except OSError as exc:     # Continue then resumes the match at this computer alone
        log.warning("the hosted table could not be remembered in %s: %s", path, exc)


def remembered_table(app, game_id: str) -> dict | None:
    """The table the saved match was open as, or None (not hosted, or the file unusable:
    the match then continues at this computer alone)."""
    path = net_file(app)
    if path is None or not path.exists():
        return None
    data, _message = storage.read_json(path, "settings", 1)
    if not isinstance(data, dict) or data.get("game") != game_id:
        return None
    remote, tokens = data.get("remote"), data.get("tokens")
    if not (isinstance(remote, list) and isinstance(tokens, list) and len(remote) == len(tokens)
            and all(isinstance(s, int) and not isinstance(s, bool) for s in remote)
            and all(isinstance(t, str) and 8 <= len(t) <= 64 for t in tokens)):
        return None
    return data


def forget_table(app) -> None:
    path = net_file(app)
    if path is not None and path.exists():
        try:
            path.unlink()
        except OSError as exc:
            log.warning("the hosted table remembered in %s could not be forgotten: %s", path,
                        exc)


def resume_hosted(app, saved, data: dict) -> HostedMatch | None:
    """The saved match opened again as the same table (its code, port and tokens)."""
    try:
        match = HostedMatch.from_json(saved.to_json(), remote=data["remote"],
                                      tokens=data["tokens"],
                                      stand_in=data.get("stand_in", "easy"))
        port = data.get("port") if isinstance(data.get("port"), int) else None
        config = {"network": {"table_name": data.get("table_name") or ""}}
        return open_table(config, code=data.get("code"), port=port, match=match)
    except (OSError, ValueError):   # no port, or the remembered table no longer fits
        log.warning("the table could not be opened again; the match goes on at this "
                    "computer alone", exc_info=True)
        return None


# --------------------------------------------------------------------------- a player's seats


def seats_file() -> Path:
    return storage.config_dir() / "net_seats.json"


def _seats_data(path: Path | None = None) -> dict:
    path = path or seats_file()
    if not path.exists():
        return {}
    data, _message = storage.read_json(path, "settings", 1)
    return data if isinstance(data, dict) else {}


def load_seats(path: Path | None = None) -> dict[str, Any]:
    """Host address:port -> {"token": ...}, the seats this player may come back to."""
    seats = _seats_data(path).get("seats")
    return seats if isinstance(seats, dict) else {}


def last_table(path: Path | None = None) -> tuple[str, int] | None:
    """The address and port of the table this player sat at last (a seat still kept for
    them there), or None: the join screen offers it again."""
    for key in reversed(list(load_seats(path))):
        address, _, port = str(key).rpartition(":")
        if address and len(address) <= 64 and address.isprintable() and port.isascii() \
                and port.isdecimal() and len(port) <= 5 and 1 <= int(port) <= 65535:
            return address, int(port)
    return None


def remembered_name(path: Path | None = None) -> str:
    return clean_name(_seats_data(path).get("name")) or ""


def token_for(address: str, port: int, path: Path | None = None) -> str | None:
    entry = load_seats(path).get(f"{address.strip()}:{port}")
    token = entry.get("token") if isinstance(entry, dict) else None
    return token if isinstance(token, str) and len(token) <= 64 else None


def keep_token(address: str, port: int, token: str | None, name: str | None = None,
               path: Path | None = None) -> None:
    """Keep a seat's token (None: forget it), so this player can come back to the seat
    after a crash, and the name they sat under."""
    path = path or seats_file()
    data = _seats_data(path)
    seats = load_seats(path)
    key = f"{address.strip()}:{port}"
    seats.pop(key, None)
    if token:
        seats[key] = {"token": token}
    while len(seats) > 20:                   # the most recent tables only
        del seats[next(iter(seats))]
    out = {"version": 1, "seats": seats}
    name = name if name is not None else data.get("name")
    if isinstance(name, str):
        out["name"] = name
    try:
        storage.write_json(path, out)
    except OSError as exc:      # the seat is asked for again next time
        log.warning("the seats at tables could not be kept in %s: %s", path, exc)


def forget_token(address: str, port: int, path: Path | None = None) -> None:
    keep_token(address, port, None, path=path)


def table_server(match):
    """The running server of a match hosted here (its ``shown_address`` set), or None."""
    server = match.server
    if server is None or not server.running:
        return None
    if not hasattr(server, "shown_address"):
        server.shown_address = local_address()
    return server


def friends_at(match) -> int:
    """How many friends sit at the table hosted here (connected now), 0 at any other."""
    if table_server(match) is None:
        return 0
    return sum(1 for seat in range(match.n_players) if match.seat_status(seat) == "connected")


def status_line(match) -> Msg | None:
    """The host's table code, address and port in a sentence (None: not hosted here)."""
    server = table_server(match)
    if server is None:
        return None
    return Msg("Table code {code} · {address} port {port}", code=server.code,
               address=server.shown_address, port=server.port)
