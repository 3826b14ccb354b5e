"""One table of a table server (:mod:`cardtable.net.serve`): the same authority and the same
protocol as a host's copy, with nobody at the server. No pygame here.

A table is made by a ``create`` message (:func:`read_create`), the first frame of a
connection at ``/t/<code>`` (or at ``/`` with the ``code`` inside):

    {"v": VERSION, "type": "create", "code": "K7QF2M", "name": "Ann", "game": <a game's id>,
     "seats": [{"kind": "friend"}, {"kind": "computer", "level": "medium", "name": "Rosa"},
               {"kind": "friend"}],
     "options": {...}, "stand_in": "easy", "first_dealer": null}

Each seat is a friend's (a person who joins with the code, their first seat the creator's)
or a computer's. The table is a :class:`~cardtable.net.hosted.HostedMatch` whose every
person's seat is a friend's seat, served by a :class:`ServedTable`: the host's
:class:`~cardtable.net.host.TableServer` without a thread or a listening socket of its own
(the server's loop hands it the connections routed to its code). Where a host's window
calls ``match.poll`` every frame, the table is driven by ``drive`` on the server's loop,
woken by the match (``on_ready``: a friend's move came, a computer's is ready, someone came
or went) and by a timer while a computer's pause runs.

The creator chooses the code (``new_code``), so the code is in the URL of every connection
to the table, the creation's included, and a proxy in front of several servers sends them
all to the same one (docs/SERVER.md). A code must be :data:`CODE_MIN` characters at least.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import threading
import time
import zlib
from collections import deque
from collections.abc import AsyncIterator
from typing import Any

from cardtable import records
from cardtable.ai.levels import offered_level
from cardtable.engine import registry
from cardtable.engine.errors import ConfigError
from cardtable.match import LEVELS
from cardtable.names import clean_name
from cardtable.net import again, delta, protocol
from cardtable.net.door import Guesses
from cardtable.net.host import Connection, TableServer
from cardtable.net.hosted import HostedMatch
from cardtable.net.protocol import Refused

log = logging.getLogger(__name__)

#: the shortest code a table of a server may have (32**6, a thousand million codes: with
#: the wrong guesses an address may make, :mod:`cardtable.net.servelimits`), the longest
CODE_MIN = 6
CODE_MAX = 16
#: the kinds of seat a creation names (a "human" seat, as the setup screen calls the first
#: person's, is a friend's: nobody plays at the server itself)
SEAT_KINDS = ("friend", "human", "computer")
#: the most moves a drive plays at once before letting the loop serve other tables
DRIVE_BURST = 32

#: what the server's own refusals mean, for logs (the protocol's REASONS for the others)
REASONS = {
    "code_taken": "a table with that code is open already",
    "bad_code": "the code is not one a table may have",
    "bad_table": "the game, its seats or its options are not a table this server can open",
    "server_full": "the server holds as many tables as it may",
    "too_many": "this address made too many tables lately: wait before making another",
}


def new_code(length: int | None = None) -> str:
    """A code for a new table (the creator's copy chooses it): letters and digits that
    cannot be mistaken for each other, as many as a host's table code has (never fewer
    than :data:`CODE_MIN`)."""
    length = max(CODE_MIN, min(CODE_MAX, length or protocol.CODE_LENGTH))
    return "".join(secrets.choice(protocol.CODE_LETTERS) for _ in range(length))


def shown_code(code: str) -> str:
    """A code as people read it aloud and type it: in two groups, ``K7QFM-2XHPT``."""
    half = (len(code) + 1) // 2
    return f"{code[:half]}-{code[half:]}" if len(code) > 6 else code


def valid_code(code: str) -> bool:
    """Could ``code`` (as :func:`protocol.normal_code` gives it) be a table's?"""
    return CODE_MIN <= len(code) <= CODE_MAX and all(c in protocol.CODE_LETTERS for c in code)


def code_of_path(path: str) -> str | None:
    """The table code of a connection's URL path (``/t/K7QF2M``, a query left aside), ''
    for the root (the code is then in the first message), None for any other path."""
    path = path.split("?", 1)[0]
    if path in ("", "/"):
        return ""
    parts = path.strip("/").split("/")
    if len(parts) == 2 and parts[0] == "t" and len(parts[1]) <= 32:
        return protocol.normal_code(parts[1])
    return None


def first_type(frame: Any) -> str:
    """The type of a connection's first message ('' when it is not one at all): a create
    is checked by :func:`read_create`, anything else by the protocol."""
    if not isinstance(frame, str) or len(frame) > protocol.MAX_MESSAGE:
        return ""
    try:
        data = json.loads(frame, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        return ""
    kind = data.get("type") if isinstance(data, dict) else None
    return kind if isinstance(kind, str) else ""


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def read_create(frame: Any) -> dict[str, Any]:
    """A ``create`` message, checked at the border: its size, JSON, version and every field
    (the game and its options against the game's registration). Returns the message with
    ``code`` normalised, ``players`` counted and each seat's ``kind``, ``level`` and
    ``name`` filled in. Raises Refused (malformed, version, bad_table)."""
    if isinstance(frame, bytes) or not isinstance(frame, str):
        raise Refused("malformed")
    if len(frame) > protocol.MAX_MESSAGE:
        raise Refused("too_big")
    try:
        data = json.loads(frame, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise Refused("malformed") from None
    if not isinstance(data, dict) or data.get("type") != "create":
        raise Refused("malformed")
    version = data.get("v")
    if version != protocol.VERSION:
        if isinstance(version, int) and not isinstance(version, bool):
            raise Refused("version", theirs=version)
        raise Refused("malformed")
    allowed = {"v", "type", "code", "name", "game", "seats", "options", "stand_in",
               "first_dealer", "app"}
    if set(data) - allowed:
        raise Refused("malformed")
    for key, types in (("code", str), ("name", str), ("game", str), ("seats", list)):
        if not isinstance(data.get(key), types):
            raise Refused("malformed")
    if len(data["code"]) > 32 or len(data["name"]) > 64 or len(data["game"]) > 64 or \
            len(data["seats"]) > 16 or not isinstance(data.get("app", ""), str) or \
            len(data.get("app", "")) > 64:
        raise Refused("malformed")
    options = data.get("options")
    if options is not None and (not isinstance(options, dict) or len(options) > 32):
        raise Refused("malformed")
    stand_in = data.get("stand_in", "easy")
    if stand_in not in LEVELS:
        raise Refused("malformed")
    if data["game"] not in registry.ids():
        raise Refused("bad_table")
    spec = registry.get(data["game"])
    seats = [_seat(i, s, data["game"]) for i, s in enumerate(data["seats"])]
    if not spec.min_players <= len(seats) <= spec.max_players or \
            not any(s["kind"] == "friend" for s in seats):
        raise Refused("bad_table")
    dealer = data.get("first_dealer")
    if dealer is not None and (not isinstance(dealer, int) or isinstance(dealer, bool)
                               or not 0 <= dealer < len(seats)):
        raise Refused("malformed")
    try:
        options = spec.check_options(options)
    except (ConfigError, ValueError, TypeError):
        raise Refused("bad_table") from None
    # the creator's name names the table too (in /status, to friends): a seat's name, cleaned
    return {"code": protocol.normal_code(data["code"]), "name": clean_name(data["name"]),
            "game": data["game"], "players": len(seats), "seats": seats, "options": options,
            "stand_in": offered_level(data["game"], stand_in), "first_dealer": dealer}


def _seat(i: int, seat: Any, game_id: str) -> dict[str, str]:
    if not isinstance(seat, dict) or set(seat) - {"kind", "level", "name"} or \
            seat.get("kind") not in SEAT_KINDS or seat.get("level", "easy") not in LEVELS or \
            not isinstance(seat.get("name", ""), str) or len(seat.get("name", "")) > 64:
        raise Refused("malformed")
    kind = "computer" if seat["kind"] == "computer" else "friend"
    level = offered_level(game_id, seat.get("level", "easy"))
    if kind == "friend":        # the friend who sits there gives the seat their name
        return {"kind": kind, "level": level, "name": f"Friend {i + 1}"}
    return {"kind": kind, "level": level,
            "name": clean_name(seat.get("name")) or f"Computer {i + 1}"}


def hosted_match(create: dict[str, Any], *, pace: float, threaded: bool) -> HostedMatch:
    """The authority of a checked creation: every friend's seat played from elsewhere, a
    computer of ``stand_in``'s level in it while its friend is away. Raises Refused
    (bad_table) when the game refuses the table."""
    seats = [{"name": s["name"], "kind": "human" if s["kind"] == "friend" else "computer",
              "level": s["level"]} for s in create["seats"]]
    remote = [i for i, s in enumerate(create["seats"]) if s["kind"] == "friend"]
    config = {"game": create["game"], "players": create["players"], "seats": seats,
              "options": create["options"], "first_dealer": create["first_dealer"]}
    try:
        return HostedMatch.from_config(config, remote=remote, stand_in=create["stand_in"],
                                       pace=pace, threaded=threaded)
    except (ConfigError, ValueError) as exc:
        log.info("a table of %s could not be made: %s", create["game"], exc)
        raise Refused("bad_table") from None


class FirstFrame:
    """A connection whose first frame was read already (to find its table), handed to the
    table as if it had not been: ``recv`` and the frames give it first; its address is the
    one the server found for it (``address``: behind a trusted proxy, the player's, not the
    proxy's); everything else is the connection's own."""

    def __init__(self, ws: Any, frame: str, address: str | None = None):
        self._ws = ws
        self._first: str | None = frame
        self._address = address

    @property
    def remote_address(self) -> Any:
        if self._address is not None:
            return (self._address, 0)
        return self._ws.remote_address

    async def recv(self, *args: Any, **kwargs: Any) -> Any:
        if self._first is not None:
            frame, self._first = self._first, None
            return frame
        return await self._ws.recv(*args, **kwargs)

    def __aiter__(self) -> AsyncIterator[Any]:
        return self._frames()

    async def _frames(self) -> AsyncIterator[Any]:
        if self._first is not None:
            frame, self._first = self._first, None
            yield frame
        async for frame in self._ws:
            yield frame

    def __getattr__(self, name: str) -> Any:
        return getattr(self._ws, name)


class Packed:
    """A finished deal's record kept small: its JSON as the wire carries it, compressed
    (it comes back as a friend's copy reads it). The random generator's state at the deal's
    start (625 numbers, 3.6 of a record's 4.3 KB compressed: random numbers do not
    compress) is left out when the record's deal code deals the deal again with that very
    state (:func:`records.code_with_seed` checked it, and so is it here, again): it is
    worked out again from the code when the record is read, some 0.7 KB a record kept."""

    __slots__ = ("data", "code")

    def __init__(self, record: dict[str, Any]):
        #: the deal code whose deal's generator state the record's start left out, or None
        self.code: str | None = None
        start = record.get("start")
        code = record.get("code")
        if isinstance(start, dict) and isinstance(code, str) and \
                start.get("rng") == _generator_of(code):
            record = {**record, "start": {k: v for k, v in start.items() if k != "rng"}}
            self.code = code
        self.data = zlib.compress(delta.mark(record).encode())

    def record(self) -> dict[str, Any]:
        """The record again, as it was."""
        record: dict[str, Any] = json.loads(zlib.decompress(self.data))
        if self.code is not None:
            record["start"]["rng"] = _generator_of(self.code)
        return record


def _generator_of(code: str) -> list[Any] | None:
    """The random generator's state, as a state's JSON holds it, at the start of the deal
    ``code`` deals (None: not a code this version reads)."""
    try:
        state = records.decode(code).new_state()
    except (ConfigError, ValueError) as exc:     # (a CodeError is a ValueError)
        log.debug("a record's code %r deals nothing: %s", code, exc)
        return None
    version, internal, gauss = state.rng.getstate()
    return [version, list(internal), gauss]


class ServedTable(TableServer):
    """A table of the server: the host's server of one match, on the server's loop
    (``guesses``: the wrong codes and tokens per address, the server's, shared by its tables).

    ``fill_seconds``: how long the turn of a friend's seat nobody has taken yet waits for
    them before a computer plays it (until a friend takes it, as a host lets one);
    ``silent_seconds``: how long a seated friend may be silent at their turn before a
    computer plays for them until they move (the match's ``idle_seconds``; None: never)."""

    def __init__(self, match: HostedMatch, code: str, loop: asyncio.AbstractEventLoop, *,
                 table_name: str = "", fill_seconds: float = 30.0,
                 silent_seconds: float | None = 60.0, guesses: Guesses | None = None):
        super().__init__(match, port=0, host="", code=code, table_name=table_name,
                         guesses=guesses)
        match.idle_seconds = silent_seconds
        self.loop = loop
        self._loop = loop           # (the same: never None here)
        #: the thread the loop runs on (the table is made there): a wake from it needs no
        #: write to the loop's wake-up pipe
        self._loop_thread = threading.get_ident()
        self.fill_seconds = fill_seconds
        self.created = time.monotonic()
        #: since when nobody is connected (None: somebody is)
        self.empty_since: float | None = self.created
        self.ended = False
        self.moves_played = 0
        self._woken = False
        self._timer: asyncio.TimerHandle | None = None
        self._waiting_since: tuple[int, float] | None = None   # (turn, since) at an empty seat
        self._seats_sent: dict[str, Any] | None = None       # the last seats told everybody
        #: the last finished deals' records of ``_records_of`` (the match), packed
        self.records: deque[Packed] = deque(maxlen=protocol.WELCOME_RECORDS)
        self._records_of = match
        match.on_ready = self.wake
        match.server = self         # (a new match at the table takes it over: .again)
        match.match.keeps_events = False

    # ---- driving the match on the server's loop -------------------------------------------
    def wake(self) -> None:
        """The match has something (any thread): drive it on the loop soon."""
        if self._woken or self.ended:
            return
        self._woken = True
        try:
            if threading.get_ident() == self._loop_thread:
                self._loop.call_soon(self.drive)
            else:
                self._loop.call_soon_threadsafe(self.drive)
        except RuntimeError:        # the loop has ended: the server is closing
            self._woken = False

    def drive(self) -> None:
        """Play what is due (a friend's move sent, a computer's ready), a few at most, and
        set the timer for what comes next. A table nobody is connected to waits."""
        self._woken = False
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        try:
            if not self.ended and self.by_seat:
                self._play_due()
        finally:
            # what the match tells its table (who came, went, was slow) and the deals it
            # hands to the recent matches: nobody reads them at a server, and they must not
            # pile up (the finished deals' records stay the match's, for its welcomes)
            self.match.take_notices()
            self.match.take_finished_deals()
            self.forget()

    def forget(self) -> None:
        """Keep of the match's past only what the protocol still sends, so a table that
        plays for hours stays the size it had after its first deals (it grew by 40 to 200
        KB a deal, as the game goes: every event, move and finished deal's record kept for
        ever, for the reviews and undo of a desktop table, which a server has not): the
        events a welcome's ``recent`` holds (the deal in play's, the last
        :data:`protocol.RECENT`), the moves of the deal in play (without their events: the
        match keeps none, ``keeps_events``), and the finished deals' records a welcome's
        ``records`` holds (the last :data:`protocol.WELCOME_RECORDS`), packed
        (:class:`Packed`): a record holds the deal's start, some 45 KB as Python holds it,
        0.7 KB packed. The match keeps none of them: its newest is in its ``scored_deals``
        only while its deal's end is being sent."""
        match = self.match.match
        match.keeps_events = False      # (nobody undoes at a server: the moves are enough)
        events = match.log
        if len(events) > protocol.RECENT:
            start = len(events) - protocol.RECENT
            for i in range(len(events) - 1, start, -1):
                if events[i].kind == "dealt":       # (a welcome's recent starts there)
                    start = i
                    break
            del events[:start]
        moves = match.moves
        if len(moves) > len(match.history):
            del moves[:len(moves) - len(match.history)]
        self._own_records()
        if match.scored_deals:
            for record in match.scored_deals:
                self.records.append(Packed(record))
            match.scored_deals.clear()

    def _own_records(self) -> None:
        """The records kept are the match's (a new match at the table has none yet)."""
        if self._records_of is not self.match:
            self.records.clear()
            self._records_of = self.match

    def welcome_records(self) -> list[dict[str, Any]]:
        """The finished deals' records a welcome sends (the last ones, oldest first)."""
        self._own_records()
        return [p.record() for p in self.records] + list(self.match.match.scored_deals)

    def seat_player(self, conn: Any, data: dict[str, Any]) -> None:
        """As a host's table, the match holding the records a welcome sends (unpacked for
        it, the match's own kept as they were)."""
        match = self.match.match
        kept = match.scored_deals
        match.scored_deals = self.welcome_records()
        try:
            super().seat_player(conn, data)
        finally:
            match.scored_deals = kept

    def _play_due(self) -> None:
        now = time.monotonic()
        for _ in range(DRIVE_BURST):
            events = self.match.poll(now)
            if not events:
                break
            self.moves_played += 1
        else:
            self.wake()             # more is due: after the other tables' turn
            return
        delay = self.match.wake_in(now)
        delay = _sooner(delay, self._fill_in(now))
        if delay is not None:
            self._timer = self._loop.call_later(max(0.0, delay) + 0.001, self.drive)

    def _fill_in(self, now: float) -> float | None:
        """Seconds until the friend's seat whose turn it is, which nobody has taken, is
        given to a computer (at once when the time has come); None: no such seat waits."""
        match = self.match
        seat = match.to_act
        if seat is None or match.is_over or match.seat_status(seat) != "empty":
            self._waiting_since = None
            return None
        if self._waiting_since is None or self._waiting_since[0] != match.turn:
            self._waiting_since = (match.turn, now)
        left = self._waiting_since[1] + self.fill_seconds - now
        if left > 0:
            return left
        self._waiting_since = None
        match.stand_in_for(seat)        # (its on_ready drives the table again)
        return None

    # ---- play again ---------------------------------------------------------------------
    def answer_again(self, conn: Connection, stay: bool) -> bool:
        """Nobody hosts a server's table, so any friend seated at it may ask for a new match
        once the match is over (an ``again`` to stay that nobody asked for): the same game,
        options and seats, dealt afresh, the same code. They are seated at it at once and
        the other friends are asked whether they stay (:func:`again.rematch`); an ``again``
        while the match is being played is refused (``not_asked``)."""
        old = self.match
        with old.lock:
            asks = stay and conn.seat is not None and self.by_seat.get(conn.seat) is conn \
                and old.is_over and old.seat_status(conn.seat) == "connected"
        if not asks:
            return super().answer_again(conn, stay)
        new = again.rematch(old, by=conn.seat)
        old.on_ready = None
        old.match.close()
        new.on_ready = self.wake
        self._seats_sent = None
        self._waiting_since = None
        log.info("a new match at table %s, asked by seat %s", self.code, conn.seat)
        return super().answer_again(conn, True)

    def _send(self, seat: int | None, message: dict[str, Any]) -> None:
        """As a host's, but who sits where is sent to everybody only when it changed: the
        match tells it after every move, and at a table of people alone it seldom changes
        (half the frames a move costs the server; a player seated since has it in their
        welcome)."""
        if seat is None and message.get("type") == "seats":
            if message == self._seats_sent:
                return
            self._seats_sent = message
        super()._send(seat, message)

    def _flush(self, timeout: float = 0.0) -> None:
        """Nothing to wait for: the match is driven on the loop that writes the frames,
        which it does as soon as the move's drive returns."""

    # ---- who is here ----------------------------------------------------------------------
    def people_here(self) -> int:
        """How many friends are connected to this table now."""
        return len(self.by_seat)

    def note_presence(self, now: float) -> None:
        """Keep ``empty_since`` up to date (the server frees a table empty for a while)."""
        if self.conns:
            self.empty_since = None
        elif self.empty_since is None:
            self.empty_since = now

    def end(self, code: str = "host_left") -> None:
        """Close the table: every connection is told (``code``) and closed, the match stops
        thinking. The server forgets the table."""
        if self.ended:
            return
        self.ended = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.match.on_ready = None
        self.match.send = None
        self.match.flush = None
        self.match.close()
        text = protocol.encode({"type": "closed", "code": code})
        for conn in list(self.conns):
            conn.post(text)
            conn.post(None)

    def close(self) -> None:
        """As :meth:`end` (a host's table's close stops its server's thread; a served
        table has none)."""
        self.end()


def _sooner(a: float | None, b: float | None) -> float | None:
    if a is None:
        return b
    if b is None:
        return a
    return min(a, b)
