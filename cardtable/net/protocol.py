"""The messages a host and its players exchange, and the checks every incoming one passes.

Every message is one WebSocket text frame holding one JSON object with the protocol's
version ``v`` and its ``type``. Nothing is ever unpickled or evaluated: a frame is parsed
with :func:`json.loads` and then checked field by field against the shape its type must
have (:func:`read_from_player`, :func:`read_from_host`); anything else is refused with a
:class:`Refused`, whose code the screens turn into one sentence.

A player sends (``"v": VERSION`` in each):

* ``hello``  ``{"code", "name", "token", "app"}``: take a seat with the table code (a new
  seat) or with the token kept from an earlier visit (that seat again); ``app`` names the
  program and the optional fields it reads (:data:`APP`: ``cardtable +played_for``), so a
  host sends an optional field only to the copies that read it (:func:`reads`); a new
  seat's name with letters the program's typeface cannot show (:mod:`cardtable.letters`:
  Hebrew, Arabic, emoji...) is refused, ``unshowable_name``;
* ``move``   ``{"action", "turn"}``: a move of that seat (``turn``: the host's move count
  it was chosen at);
* ``here``   ``{"here"}``: the player is looking at the table (true) or has gone to
  their own menu (false); the others' plates say "In the menu" meanwhile;
* ``again``  ``{"stay"}``: the answer to the host's ``again`` (stay for the new match);
* ``bye``    leaving the table.

The host sends:

* ``welcome`` the seat, its token, the game, the seats and the first ``update``;
  ``recent``, the moves of the deal so far as that seat may see them (a player who comes
  back reads what was played while they were away); and ``records``, the last finished
  deals' records (see ``record``), so that those deals can be reviewed;
* ``update``  after every move: the events as that seat may see them, what changed of the
  seat's view and of the public facts of the match (scores, score sheet, whose turn: in
  ``view``, ``shared``, ``gone``, ``public`` and ``rows``, see :mod:`cardtable.net.delta`;
  a welcome's update holds them whole), and the legal moves when it is that seat's turn;
  ``played_for`` (optional, to a copy whose hello says it reads it): the moves a computer
  played for that seat while its player was away or silent, told once when they are back
  (in their welcome's update, or in the first update after the move that ends their
  silence);
* ``seats``   who sits where: a person (connected, ``idle`` while a computer plays for them
  because they were silent too long, or away; ``elsewhere`` when they are in their menu),
  a computer, a seat still empty;
* ``record``  the record of a deal just finished (``cardtable.records``: its start, every
  move, every hand), before the update that ends it, so the player can review it;
* ``refused`` a message that was not accepted (its code; the refused move's engine code and
  parameters when the rules refused it);
* ``closed``  the table ends (the host left), this player was sent away (``dropped``: too
  many refused messages; ``sent_away``: by the host), or their seat was taken over by a new
  connection with its token (``replaced``: the player's own program came back);
* ``again``   ``{"game"}``: the host starts a new match at this table: does the player stay
  (:mod:`cardtable.net.again`)? Staying brings the new match's ``welcome``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import unicodedata
from collections.abc import Awaitable, Callable
from typing import Any

from cardtable import letters
from cardtable.names import clean_name

log = logging.getLogger(__name__)

#: 2: the welcome tells the deal so far (``recent``), which a player of version 1 refuses;
#: 3: a player says whether it looks at the table (``here``), the seats say who does not;
#: 4: the host sends each finished deal's record (``record``);
#: 5: the host asks its friends whether they stay for a new match (``again``);
#: 6: table codes of ten characters; a seat's token takes the seat over from a connection
#:    the host still holds (``closed`` ``replaced``); a seat silent too long is ``idle``,
#:    the host may send a friend away (``closed`` ``sent_away``); refusals ``slow_down``
#:    (too many wrong codes from an address, ``params.wait``) and ``reserved_name``;
#: 7: an update carries only what changed of the seat's view and the public facts, the
#:    score sheet once and only its new rows (:mod:`cardtable.net.delta`)
VERSION = 7
MAX_MESSAGE = 64 * 1024        # bytes: a player's message longer than this is refused
TRANSPORT_LIMIT = 256 * 1024   # bytes: the WebSocket closes on a frame longer than this
MAX_NAME = 18
#: the most moves a computer played for a seat that an update may tell of
MAX_PLAYED_FOR = 1_000_000
#: the optional fields this copy reads (a host sends them only to a copy that says so)
READS = ("played_for",)
#: what this copy's hello calls it: the program, then ``+`` each optional field it reads
APP = " ".join(["cardtable", *(f"+{field}" for field in READS)])
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no I, O, 0, 1: read aloud without doubt
CODE_LENGTH = 10      # 32**10 codes, about 10**15: see net/door.py for the guesses allowed
SERVICE_TYPE = "_cardtable._tcp.local."
DEFAULT_PORT = 47650

#: what each refusal code means, for logs; screens word them from the code (ui/net words)
REASONS = {
    "too_big": "the message is longer than 64 KB",
    "malformed": "the message is not a JSON object of the expected shape",
    "unknown_type": "the message's type is not one the table knows",
    "version": "the program is of another version than the host's",
    "wrong_code": "the table code is not this table's",
    "bad_token": "the seat token is not one of this table's",
    "table_full": "every seat of the table is taken",
    "not_seated": "the player has not taken a seat yet",
    "already_seated": "the player has a seat already",
    "not_your_turn": "it is not that seat's turn",
    "illegal": "the rules do not allow that move",
    "flood": "too many messages too fast",
    "dropped": "the player was sent away after too many refused messages",
    "host_left": "the host closed the table",
    "not_asked": "the host asked no such question",
    "slow_down": "too many wrong table codes came from that address: it is held off a while",
    "reserved_name": "the name is one the table gives seats itself (Host, You)",
    "unshowable_name": "the name has letters the program's typeface cannot show",
    "replaced": "the seat's token came back on another connection, which took the seat",
    "sent_away": "the host sent this player away",
    "busy": "the table has too many connections waiting: try again in a minute",
}


class Refused(Exception):
    """A message that is not accepted: ``code`` is one of :data:`REASONS`."""

    def __init__(self, code: str, **params: Any):
        super().__init__(REASONS.get(code, code))
        self.code = code
        self.params = params


class Notice:
    """What a table tells its player about the network: ``kind`` is 'joined' or 'left'
    (``seat``: a friend came or went, at the host), 'seats' (who sits where changed),
    'played_for' (a friend's copy: ``count`` moves a computer played for this seat while
    its player was away or silent),
    'refused' (``code``; ``error`` an IllegalAction when the rules refused the move),
    'closed' (``code``: the table ended), 'resync' (the view was sent anew) or
    'bad_record' (a finished deal's record did not replay here: it has no review)."""

    def __init__(self, kind: str, code: str = "", error: Exception | None = None,
                 seat: int | None = None, count: int = 0):
        self.kind = kind
        self.code = code
        self.error = error
        self.seat = seat
        self.count = count

    def __repr__(self) -> str:
        count = f", count={self.count}" if self.count else ""
        return f"Notice({self.kind!r}, {self.code!r}, seat={self.seat}{count})"


def new_code() -> str:
    """A table code: :data:`CODE_LENGTH` letters and digits that cannot be mistaken for
    each other."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def valid_code(code: Any) -> bool:
    """Is ``code`` a table code as :func:`new_code` makes them (its length, its letters)?"""
    return isinstance(code, str) and len(code) == CODE_LENGTH and \
        all(ch in CODE_LETTERS for ch in code)


def shown_code(code: str) -> str:
    """A table code as people read it: in two groups of five, ``K7QFM-2XHPT`` (typed with
    or without the dash, in either case)."""
    half = (len(code) + 1) // 2
    return f"{code[:half]}-{code[half:]}" if len(code) > 6 else code


def reads(app: Any) -> frozenset[str]:
    """The optional fields a copy reads, as its hello's ``app`` names them (``+field``
    after the program's name); none for a copy that names none (an older one)."""
    if not isinstance(app, str):
        return frozenset()
    return frozenset(word[1:] for word in app.split()[1:8]
                     if word.startswith("+") and 1 < len(word) <= 24)


def played_for_ok(value: Any) -> bool:
    """An update's ``played_for``: a count of moves, 1 to :data:`MAX_PLAYED_FOR`."""
    return isinstance(value, int) and not isinstance(value, bool) and \
        0 < value <= MAX_PLAYED_FOR


def new_token() -> str:
    """A seat's token: what a player's copy keeps to come back to its seat."""
    return secrets.token_urlsafe(18)


def normal_code(text: Any) -> str:
    """A typed table code as the host compares it: upper case, no spaces or dashes (of any
    kind), full-width letters and digits read as the plain ones (NFKC)."""
    if not isinstance(text, str):
        return ""
    text = unicodedata.normalize("NFKC", text[:200]).upper()
    return "".join(ch for ch in text if ch.isalnum())[:16]


def encode(message: dict) -> str:
    """One message as the text of one frame (the version added). Tuples go as lists, sets
    as sorted lists, an object with ``to_json`` as what that gives; any other value, and
    a key JSON cannot hold, as its text."""
    data = {"v": VERSION, **message}
    try:
        return _ENCODER.encode(data)
    except (TypeError, ValueError):
        return json.dumps(_plain(data), separators=(",", ":"), ensure_ascii=False,
                          allow_nan=False)


def _plain_value(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=str)
    to_json = getattr(value, "to_json", None)
    if to_json is not None:
        return to_json()
    return str(value)


def _plain(value: Any) -> Any:
    """``value`` as JSON holds it, key by key (the slow way, for what the fast one refused)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, float) and value != value or value in (float("inf"), float("-inf")):
        return None
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return _plain(_plain_value(value))


# --------------------------------------------------------------------------- checks


def _parse(frame: Any, limit: int) -> dict:
    if isinstance(frame, bytes):
        if len(frame) > limit:
            raise Refused("too_big")
        try:
            frame = frame.decode("utf-8")
        except UnicodeDecodeError:
            raise Refused("malformed") from None
    if not isinstance(frame, str):
        raise Refused("malformed")
    if len(frame) > limit or len(frame.encode("utf-8", "surrogatepass")) > limit:
        raise Refused("too_big")
    try:
        data = json.loads(frame, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise Refused("malformed") from None
    if not isinstance(data, dict):
        raise Refused("malformed")
    if data.get("v") != VERSION:
        if isinstance(data.get("v"), int) and not isinstance(data.get("v"), bool):
            raise Refused("version", theirs=data["v"])
        raise Refused("malformed")
    if not isinstance(data.get("type"), str):
        raise Refused("malformed")
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _fields(data: dict, required: dict[str, tuple], optional: dict[str, tuple] = {}) -> None:  # noqa: B006
    """Every required field of its type, nothing unknown (``v`` and ``type`` aside)."""
    allowed = {"v", "type", *required, *optional}
    if set(data) - allowed:
        raise Refused("malformed")
    for name, types in required.items():
        if name not in data or not _is(data[name], types):
            raise Refused("malformed")
    for name, types in optional.items():
        if name in data and not _is(data[name], types):
            raise Refused("malformed")


def _is(value: Any, types: tuple) -> bool:
    if isinstance(value, bool) and bool not in types:
        return False
    return isinstance(value, types)


def _action_shape(action: Any) -> bool:
    """An action object of plain values, nested at most three deep (melds: lists of lists
    of card codes); the engine checks the rest (``Action.from_json``)."""
    def ok(value: Any, depth: int) -> bool:
        if value is None or isinstance(value, (bool, int, str)):
            return not isinstance(value, str) or len(value) <= 16
        if isinstance(value, list):
            return depth < 3 and len(value) <= 64 and all(ok(v, depth + 1) for v in value)
        return False
    return isinstance(action, dict) and 0 < len(action) <= 8 and \
        all(isinstance(k, str) and ok(v, 0) for k, v in action.items())


def read_from_player(frame: Any) -> dict:
    """A player's message, checked: its size, its JSON, its version, its type, its fields."""
    data = _parse(frame, MAX_MESSAGE)
    kind = data["type"]
    if kind == "hello":
        _fields(data, {"name": (str,)}, {"code": (str,), "token": (str, type(None)),
                                         "app": (str,)})
        if len(data["name"]) > 64 or len(data.get("code") or "") > 32 or \
                len(data.get("token") or "") > 64 or len(data.get("app") or "") > 64:
            raise Refused("malformed")
        if not data.get("token") and letters.unshowable(clean_name(data["name"])):
            # (a seat's token takes its seat back under the name it has: not checked)
            raise Refused("unshowable_name")
    elif kind == "move":
        _fields(data, {"action": (dict,), "turn": (int,)})
        if not _action_shape(data["action"]) or data["turn"] < 0:
            raise Refused("malformed")
    elif kind == "here":
        _fields(data, {"here": (bool,)})
    elif kind == "again":
        _fields(data, {"stay": (bool,)})
    elif kind == "bye":
        _fields(data, {})
    else:
        raise Refused("unknown_type")
    return data


#: each message type a host sends: its required fields and their types
_HOST_TYPES: dict[str, dict[str, tuple[type, ...]]] = {
    "welcome": {"seat": (int,), "token": (str,), "game": (str,), "seats": (list,),
                "update": (dict,), "table": (str,)},
    "update": {"turn": (int,), "events": (list,)},
    "seats": {"seats": (list,)},
    "record": {"record": (dict,)},
    "refused": {"code": (str,)},
    "closed": {"code": (str,)},
    "again": {"game": (str,)},
}
#: and its optional ones
_HOST_OPTIONAL: dict[str, dict[str, tuple[type, ...]]] = {
    "update": {"legal": (list,), "view": (dict,), "shared": (list,), "gone": (list,),
               "public": (dict,), "rows": (list,), "played_for": (int,)},
    "refused": {"rule": (str,), "params": (dict,), "turn": (int,)},
    "closed": {},
    "welcome": {"recent": (list,), "records": (list,)},
    "seats": {},
    "record": {},
    "again": {},
}
#: the most moves a welcome tells of, and the most finished deals' records it gives
RECENT = 24
WELCOME_RECORDS = 12


def read_from_host(frame: Any, limit: int = 4 * 1024 * 1024) -> dict:
    """A host's message, checked the same way (a player trusts no more than a host does)."""
    data = _parse(frame, limit)
    kind = data["type"]
    if kind not in _HOST_TYPES:
        raise Refused("unknown_type")
    _fields(data, _HOST_TYPES[kind], _HOST_OPTIONAL[kind])
    if kind == "seats" or kind == "welcome":
        for seat in data["seats"]:
            _seat_shape(seat)
    recent = data.get("recent", [])
    if len(recent) > RECENT or not all(isinstance(e, dict) and isinstance(e.get("kind"), str)
                                       for e in recent):
        raise Refused("malformed")
    if len(data.get("records", [])) > WELCOME_RECORDS:
        raise Refused("malformed")
    if "played_for" in data and not played_for_ok(data["played_for"]):
        raise Refused("malformed")
    return data


def _seat_shape(seat: Any) -> None:
    if not isinstance(seat, dict):
        raise Refused("malformed")
    _fields(seat, {"name": (str,), "kind": (str,)},
            {"level": (str,), "status": (str,), "thinking": (bool,), "elsewhere": (bool,)})
    if seat["kind"] not in ("human", "computer"):
        raise Refused("malformed")


def run_loop(owner: Any, main: Callable[[], Awaitable[Any]]) -> None:
    """Run ``main()`` on a new asyncio loop of this thread, kept in ``owner.loop`` (other
    threads hand it work); whatever is left when it ends is cancelled and awaited inside
    the loop, so no connection is left half open."""
    loop = asyncio.new_event_loop()
    owner.loop = loop
    try:
        loop.run_until_complete(main())
    finally:
        try:
            left = asyncio.all_tasks(loop)
            for task in left:
                task.cancel()
            if left:        # (gathering nothing would ask for this thread's current loop)
                loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
            loop.run_until_complete(loop.shutdown_asyncgens())
        except RuntimeError:    # the loop was stopped from elsewhere: what is left goes
            log.warning("the tasks left on %s's loop could not be ended",
                        type(owner).__name__, exc_info=True)
        finally:
            loop.close()


#: the one encoder of every frame (json.dumps with these options would build one a message)
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, default=_plain_value,
                            allow_nan=False)
