"""Network play in the window: opening the host's table, the seat tokens a player keeps,
and the one sentence said for each way a connection can fail.

The host's table is a :class:`~cardtable.net.host.HostedMatch` on the usual table scene,
with its :class:`~cardtable.net.host.TableServer` kept on the match (``match.server``); the
table's code, port, remote seats and their tokens are written beside the autosave
(``net_table.json``), so Continue opens the same table again after the host quit and
every friend comes back with the token their copy kept (``net_seats.json`` in the
settings folder, one entry per table: its host's address and port, and its code, so a
token is never sent to another table there). What Continue reads of ``net_table.json``
is checked field by field (:func:`table_problem`): a damaged file is set aside with one
sentence, and the match goes on at this computer alone.
"""

from __future__ import annotations

import ipaddress
import logging
import math
from pathlib import Path
from typing import Any

from cardtable import storage
from cardtable.ai.levels import ALL_LEVELS
from cardtable.i18n import N_, Msg
from cardtable.names import clean_name
from cardtable.net import client, inbound, protocol
from cardtable.net.discovery import local_address
from cardtable.net.host import HostedMatch, TableServer
from cardtable.net.hosted import IDLE_SECONDS

log = logging.getLogger(__name__)

#: what a player is told, in one sentence, for each code a host or a connection gives
WORDS = {
    "wrong_code": N_("That table code is not right: check the code on the host's screen."),
    "table_full": N_("That table is full: every seat for a friend is taken."),
    "bad_token": N_("That table does not know your seat any more: join it with its code."),
    "replaced": N_("Your seat was taken up from another connection with your seat's key, "
                   "so this one was closed."),
    "sent_away": N_("The host sent you away from the table: a computer plays your seat now."),
    "slow_down": N_("Too many wrong table codes came from your network: wait a minute, "
                    "then check the code on the host's screen."),
    "reserved_name": N_("That name is the table's own word for a seat: choose another name."),
    "unshowable_name": inbound.UNSHOWABLE_NAME,
    "busy": N_("That table has too many connections waiting: try again in a minute."),
    "version": N_("The host's program is another version: both need the same version."),
    "bad_host": inbound.SENTENCE,
    "bad_certificate": client.CERTIFICATE,
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
    idle = network.get("idle_seconds", IDLE_SECONDS)
    match.idle_seconds = idle if idle is None or _idle_ok(idle) else IDLE_SECONDS
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


#: the version of ``net_table.json`` (2: the host's own seats, ``people``, and the silence
#: after which a computer plays a friend's seat, ``idle_seconds``)
TABLE_FILE_VERSION = 2
#: how the file is named in the sentence said when it is damaged
TABLE_FILE = N_("file of the table open to friends")
#: the fields the file may hold
_TABLE_FIELDS = ("version", "game", "code", "port", "stand_in", "remote", "people", "tokens",
                 "table_name", "idle_seconds")
#: the most seats a game has, and the longest table name kept
MAX_SEATS = 8
MAX_TABLE_NAME = 64


def remember_table(app, match: HostedMatch) -> None:
    """Write what Continue needs to open the same table again (beside the autosave)."""
    path = net_file(app)
    server = match.server
    if path is None or server is None:
        return
    seats = sorted(match.remote)
    try:
        storage.write_json(path, {"version": TABLE_FILE_VERSION, "game": match.game_id,
                                  "code": server.code, "port": server.port,
                                  "stand_in": match.stand_in, "remote": seats,
                                  "people": [s for s in match.human_seats if s not in seats],
                                  "tokens": [match.remote[s].token for s in seats],
                                  "table_name": server.table_name,
                                  "idle_seconds": match.idle_seconds})
    except OSError as exc:     # Continue then resumes the match at this computer alone
        log.warning("the hosted table could not be remembered in %s: %s", path, exc)


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _idle_ok(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and \
        math.isfinite(value) and 5.0 <= value <= 24 * 3600.0


def _seats_ok(seats: Any) -> bool:
    return isinstance(seats, list) and len(seats) <= MAX_SEATS and \
        all(_count(s) and 0 <= s < MAX_SEATS for s in seats) and len(set(seats)) == len(seats)


def table_problem(data: dict[str, Any], saved=None) -> Msg | None:
    """What is wrong with a remembered table (None: nothing), checked field by field; with
    ``saved``, the match it opens again, its seats too (the friends' are people's, the
    host's own are never a friend's)."""
    if set(data) - set(_TABLE_FIELDS):
        return Msg("it holds fields this program does not write")
    port = data.get("port")
    if not _count(port) or not 1 <= port <= 65535:
        return Msg("its port is not a network port")
    if not protocol.valid_code(data.get("code")):
        return Msg("its table code is not one this program makes")
    remote, people, tokens = data.get("remote"), data.get("people"), data.get("tokens")
    if not (_seats_ok(remote) and remote and _seats_ok(people)) or set(remote) & set(people):
        return Msg("its friends’ seats are not seats of the table")
    if not (isinstance(tokens, list) and len(tokens) == len(remote)
            and all(isinstance(t, str) and 16 <= len(t) <= 64 and t.isascii()
                    and t.isprintable() for t in tokens) and len(set(tokens)) == len(tokens)):
        return Msg("its seats’ keys are not ones this program makes")
    name = data.get("table_name", "")
    if not isinstance(name, str) or len(name) > MAX_TABLE_NAME or not name.isprintable():
        return Msg("its table name is not one a table may have")
    if data.get("stand_in", "easy") not in ALL_LEVELS:
        return Msg("its computer’s level is not one this program knows")
    idle = data.get("idle_seconds", IDLE_SECONDS)
    if idle is not None and not _idle_ok(idle):
        return Msg("its time before a computer plays a silent seat is not one")
    if saved is not None:
        n = saved.n_players
        if any(s >= n or not saved.seats[s].is_human for s in remote + people):
            return Msg("its friends’ seats are not seats of the table")
    return None


def _tell(app, message: Msg) -> None:
    toast = getattr(app, "toast", None)
    if toast is not None:
        toast(message, seconds=8.0, kind="bad")


def _set_aside(app, path: Path, problem: Msg) -> None:
    """The remembered table cannot be opened: the file goes aside, the person is told."""
    _tell(app, storage.set_aside(path, TABLE_FILE, problem))


def remembered_table(app, game_id: str) -> dict | None:
    """The table the saved match was open as, or None: not hosted, or the file damaged (it
    is set aside, with one sentence, and the match continues at this computer alone)."""
    path = net_file(app)
    if path is None or not path.exists():
        return None
    data, message = storage.read_json(path, TABLE_FILE, TABLE_FILE_VERSION)
    if message is not None:
        _tell(app, message)
        return None
    if not isinstance(data, dict) or data.get("game") != game_id:
        return None         # (another game's table: not this match's, left as it is)
    problem = table_problem(data)
    if problem is not None:
        _set_aside(app, path, problem)
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
    """The saved match opened again as the same table (its code, port and tokens); None
    when it cannot be (a file that does not fit the saved match is set aside)."""
    problem = table_problem(data, saved)
    if problem is not None:
        log.warning("the remembered table does not fit the saved match (%s): the match goes "
                    "on at this computer alone", problem)
        path = net_file(app) if app is not None else None
        if path is not None and path.exists():
            _set_aside(app, path, problem)
        return None
    try:
        match = HostedMatch.from_json(saved.to_json(), remote=data["remote"],
                                      tokens=data["tokens"],
                                      stand_in=data.get("stand_in", "easy"))
        config = {"network": {"table_name": data.get("table_name") or "",
                              "idle_seconds": data.get("idle_seconds", IDLE_SECONDS)}}
        hosted = open_table(config, code=data["code"], port=data["port"], match=match)
    except (OSError, ValueError):   # no port, or the remembered table no longer fits
        log.warning("the table could not be opened again; the match goes on at this "
                    "computer alone", exc_info=True)
        if app is not None:
            app.toast(N_("The table could not be opened to the network again: the match "
                         "goes on at this computer alone."), 6.0, kind="bad")
        return None
    port = hosted.server.port if hosted.server is not None else data["port"]
    if port != data["port"] and app is not None:
        # friends remember the old port: they need the new one (the code is the same)
        log.info("the table is open again on port %s (%s was taken)", port, data["port"])
        app.toast(Msg("Your table is open again on port {port} ({old} is taken here): "
                      "friends join with the new port.", port=port, old=data["port"]),
                  8.0)
    return hosted


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
    """The seats this player may come back to: ``address:port CODE`` (``address:port``
    alone in a file kept before the table's code was) -> {"token": ...}."""
    seats = _seats_data(path).get("seats")
    return seats if isinstance(seats, dict) else {}


def _place(address: str, port: int) -> str:
    return f"{address.strip()}:{port}"


def _seat_key(address: str, port: int, code: str = "") -> str:
    """The key of a seat kept at the table ``code`` of a host's address and port (the
    code as the host compares it; none: the address and port alone)."""
    code = protocol.normal_code(code)
    return f"{_place(address, port)} {code}" if code else _place(address, port)


def _order(item: tuple[str, Any]) -> int:
    """When a seat was kept, as a count (the file's keys are written sorted): 0 for an
    entry of before, or one that does not say."""
    at = item[1].get("at") if isinstance(item[1], dict) else None
    return at if isinstance(at, int) and not isinstance(at, bool) and at >= 0 else 0


def _kept(path: Path | None = None) -> list[tuple[str, int, str, str]]:
    """The seats kept, oldest first: (address, port, the table's code or '', token); an
    entry that is not one (a damaged file, another program's) is passed over."""
    out = []
    for key, entry in sorted(load_seats(path).items(), key=_order):
        place, _, code = str(key).partition(" ")
        address, _, port = place.rpartition(":")
        token = entry.get("token") if isinstance(entry, dict) else None
        if address and len(address) <= client.URL_LENGTH and address.isprintable() \
                and port.isascii() and port.isdecimal() and len(port) <= 5 \
                and 1 <= int(port) <= 65535 and code == protocol.normal_code(code) \
                and isinstance(token, str) and 0 < len(token) <= 64:
            out.append((address, int(port), code, token))
    return out


def last_seat(path: Path | None = None) -> tuple[str, int, str] | None:
    """The address, port and code ('' if the seat was kept without it) of the table this
    player sat at last (a seat still kept for them there), or None: the join screen
    offers it again."""
    for address, port, code, _token in reversed(_kept(path)):
        if len(address) <= 64:
            return address, port, code
    return None


def last_table(path: Path | None = None) -> tuple[str, int] | None:
    """The address and port of :func:`last_seat`, or None."""
    seat = last_seat(path)
    return None if seat is None else (seat[0], seat[1])


def remembered_name(path: Path | None = None) -> str:
    return clean_name(_seats_data(path).get("name")) or ""


def kept_seat(address: str, port: int, code: str = "",
              path: Path | None = None) -> tuple[str, str] | None:
    """The token of the seat kept at a table and that table's code ('' when it was kept
    without one), or None. With a ``code`` typed, the seat kept at that table only: a
    token of another table at the same address and port is never sent there (a server
    counts it as a wrong guess, and a mistyped code must not seat anybody). With none,
    the seat kept last at that address and port."""
    code = protocol.normal_code(code)
    place = (address.strip(), port)
    for kept_address, kept_port, kept_code, token in reversed(_kept(path)):
        if (kept_address, kept_port) == place and (not code or kept_code == code):
            return token, kept_code
    return None


def token_for(address: str, port: int, code: str = "", path: Path | None = None) -> str | None:
    """The token of :func:`kept_seat`, or None."""
    seat = kept_seat(address, port, code, path)
    return None if seat is None else seat[0]


def keep_token(address: str, port: int, token: str | None, name: str | None = None,
               path: Path | None = None, code: str = "") -> None:
    """Keep a seat's token at the table ``code`` (None: forget it), so this player can
    come back to the seat after a crash, and the name they sat under. A seat kept at the
    same address and port without a code (a file of before) is this one's or stale: it
    goes."""
    path = path or seats_file()
    data = _seats_data(path)
    seats = load_seats(path)
    key = _seat_key(address, port, code)
    seats.pop(key, None)
    seats.pop(_place(address, port), None)
    if token:
        seats[key] = {"token": token, "at": max(map(_order, seats.items()), default=0) + 1}
    while len(seats) > 20:                   # the most recent tables only
        del seats[min(seats.items(), key=_order)[0]]
    out = {"version": 1, "seats": seats}
    name = name if name is not None else data.get("name")
    if isinstance(name, str):
        out["name"] = name
    try:
        storage.write_json(path, out)
    except OSError as exc:      # the seat is asked for again next time
        log.warning("the seats at tables could not be kept in %s: %s", path, exc)


def forget_token(address: str, port: int, path: Path | None = None, code: str = "") -> None:
    keep_token(address, port, None, path=path, code=code)


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
    return sum(1 for seat in range(match.n_players)
               if match.seat_status(seat) in ("connected", "idle"))


def status_line(match) -> Msg | None:
    """The host's table code, address and port in a sentence (None: not hosted here)."""
    server = table_server(match)
    if server is None:
        return None
    return Msg("Table code {code} · {address} port {port}",
               code=protocol.shown_code(server.code),
               address=server.shown_address, port=server.port)
