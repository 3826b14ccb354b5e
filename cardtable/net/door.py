"""Who comes in at a table's door, and how much they may ask once seated: how many
connections may wait at it, how often an address may guess a table's code, the names a
friend may not sit under, and the counts of a seated player's refused messages and
presence that wear off with time. No pygame here.

    guesses = Guesses()                  # one per listening server: shared by its tables
    wait = guesses.wait(address)         # 0: this address may try a code now
    guesses.wrong(address)               # it tried a wrong one: held off for longer
    door = Door()                        # the connections that have not said hello
    why = door.admit(address)            # None: come in; else why it is turned away

Everything here is bounded: an address is remembered for at most a day after its last
wrong guess, and at most :data:`MAX_ADDRESSES` of them are (the oldest forgotten first).
An IPv6 address counts as its /64 network, which one household or server is given whole.
The clock is injectable (``clock``), so tests move time by hand.

A seated player's refused messages are :class:`Strikes`, a count that falls by one every
``seconds``: a burst of refusals (a broken or hostile program) sends them away, the odd one
over a long match (a move that crossed the host's turn) never adds up. What wakes every
window at the table (a player going to their menu and back) is paced by a :class:`Bucket`:
``burst`` at once, then ``per_second``.
"""

from __future__ import annotations

import functools
import gettext
import ipaddress
import logging
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from cardtable import i18n
from cardtable.names import clean_name

log = logging.getLogger(__name__)

Clock = Callable[[], float]

#: wrong codes (or tokens) an address may try before it is held off (the last of them
#: starts the first hold)
FREE_GUESSES = 5
#: the first hold, doubled with every wrong guess after it, up to :data:`LONGEST_HOLD`
FIRST_HOLD = 30.0
LONGEST_HOLD = 3600.0
#: an address with no wrong guess for this long starts afresh
FORGET_AFTER = 24 * 3600.0
#: the most addresses remembered (the one longest unheard of goes first)
MAX_ADDRESSES = 4096

#: connections that have not said hello yet, from one address and in all
PENDING_PER_ADDRESS = 4
MAX_PENDING = 32
#: the most connections at once, seated or not (a table has at most eight seats)
MAX_CONNECTIONS = 64
#: open files kept for the host's own use (its saves, its logs, its libraries)
FILES_KEPT = 64

#: the words the table gives seats of its own: never a friend's name, in any language
RESERVED_WORDS = ("Host", "You")


def address_key(address: Any) -> str:
    """The address an attempt is counted against: an IPv4 address as it is (one mapped into
    IPv6 too), an IPv6 one as its /64 network; '' for what is no address."""
    if not isinstance(address, str) or not address:
        return ""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class _Record:
    __slots__ = ("wrong", "held_until", "last")

    def __init__(self) -> None:
        self.wrong = 0
        self.held_until = 0.0
        self.last = 0.0


class Guesses:
    """Wrong table codes (and seat tokens) per address, with a growing hold: the first
    :data:`FREE_GUESSES` are free, each one after holds the address off for twice as long
    as the last (from :data:`FIRST_HOLD` seconds, at most :data:`LONGEST_HOLD`).

    An address therefore gets 11 guesses in its first hour and about one an hour after;
    what is remembered is at most :data:`MAX_ADDRESSES` records."""

    def __init__(self, clock: Clock = time.monotonic, limit: int = MAX_ADDRESSES):
        self.clock = clock
        self.limit = limit
        self._records: OrderedDict[str, _Record] = OrderedDict()
        self.held = 0                   # addresses held off so far (for the log)
        self._told_at: float | None = None

    def __len__(self) -> int:
        return len(self._records)

    def _record(self, key: str, now: float) -> _Record | None:
        record = self._records.get(key)
        if record is not None and now - record.last >= FORGET_AFTER and \
                now >= record.held_until:
            del self._records[key]
            return None
        return record

    def wait(self, address: Any) -> float:
        """Seconds this address is still held off (0: it may try a code now)."""
        now = self.clock()
        record = self._record(address_key(address), now)
        return 0.0 if record is None else max(0.0, record.held_until - now)

    def wrong(self, address: Any) -> float:
        """This address tried a wrong code: the seconds it is now held off (0: still free)."""
        key, now = address_key(address), self.clock()
        record = self._record(key, now)
        if record is None:
            record = self._records[key] = _Record()
            while len(self._records) > self.limit:
                self._records.popitem(last=False)
        self._records.move_to_end(key)
        record.wrong += 1
        record.last = now
        over = record.wrong - FREE_GUESSES + 1
        if over > 0:
            hold = min(LONGEST_HOLD, FIRST_HOLD * 2 ** min(over - 1, 32))
            record.held_until = now + hold
            if over == 1:
                self.held += 1
                if self._told_at is None or now - self._told_at >= 60.0:
                    log.warning("an address (%s) tried %d wrong table codes: held off for "
                                "%.0f s, longer with each wrong code after (%d addresses "
                                "held off so far)", key, record.wrong, hold, self.held)
                    self._told_at = now
            return hold
        return 0.0


class Door:
    """The connections at a table that have not said hello yet: at most
    :data:`PENDING_PER_ADDRESS` from one address and :data:`MAX_PENDING` in all (a new one
    past that sends the one waiting longest away: an idle socket never keeps a friend
    out), and at most ``limit`` connections at once (fewer when the process may open few
    files). The rest are turned away at once; the log says so once a minute at most.

    Each connection is known by a handle (any hashable object; ``evict()``, if it has one,
    is called to send it away)."""

    def __init__(self, limit: int | None = None, clock: Clock = time.monotonic):
        self.clock = clock
        self.limit = limit if limit is not None else connection_limit()
        self.pending_limit = max(2, min(MAX_PENDING, self.limit // 2))
        self.open = 0
        self.pending: dict[str, int] = {}
        self._waiting: OrderedDict[Any, str] = OrderedDict()     # handle -> address key
        self.turned_away = 0
        self._told_at: float | None = None
        self._told_count = 0

    @property
    def waiting(self) -> int:
        """How many connections have not said hello yet."""
        return len(self._waiting)

    def admit(self, address: Any, handle: Any) -> str | None:
        """A new connection from ``address``: None when it may come in (it is counted until
        :meth:`gone`, and among those waiting until :meth:`seated`), else why it is turned
        away ('busy')."""
        key = address_key(address)
        if self.open >= self.limit or self.pending.get(key, 0) >= PENDING_PER_ADDRESS:
            self._turn_away(key)
            return "busy"
        if len(self._waiting) >= self.pending_limit:
            oldest = next(iter(self._waiting))
            self._turn_away(self._waiting[oldest])
            self._unwait(oldest)
            evict = getattr(oldest, "evict", None)
            if evict is not None:
                evict()
        self.open += 1
        self._waiting[handle] = key
        self.pending[key] = self.pending.get(key, 0) + 1
        return None

    def seated(self, handle: Any) -> None:
        """The connection said hello and took a seat: it no longer waits (any other handle:
        nothing)."""
        self._unwait(handle)

    def gone(self, handle: Any) -> None:
        """An admitted connection ended."""
        self.open = max(0, self.open - 1)
        self._unwait(handle)

    def _unwait(self, handle: Any) -> None:
        key = self._waiting.pop(handle, None)
        if key is None:
            return
        left = self.pending.get(key, 0) - 1
        if left > 0:
            self.pending[key] = left
        else:
            self.pending.pop(key, None)

    def _turn_away(self, key: str) -> None:
        self.turned_away += 1
        now = self.clock()
        if self._told_at is None or now - self._told_at >= 60.0:
            log.warning("connections turned away: %d open (at most %d), %d without a hello "
                        "(at most %d, %d from one address), the last from %s; %d turned "
                        "away since the last such line", self.open, self.limit, self.waiting,
                        self.pending_limit, PENDING_PER_ADDRESS, key,
                        self.turned_away - self._told_count)
            self._told_at = now
            self._told_count = self.turned_away


def connection_limit() -> int:
    """The most connections a table keeps open at once: :data:`MAX_CONNECTIONS`, fewer when
    this process may open few files (half of what is left after :data:`FILES_KEPT`)."""
    try:
        import resource
        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):     # no such limit here (Windows)
        return MAX_CONNECTIONS
    if soft == resource.RLIM_INFINITY or soft <= 0:
        return MAX_CONNECTIONS
    return max(4, min(MAX_CONNECTIONS, (soft - FILES_KEPT) // 2))


# --------------------------------------------------------------------------- names


def _fold(text: str) -> str:
    """``text`` as names are compared: compatibility-normalised (full-width letters are
    letters), without format, bidirectional or control characters, case folded."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cf", "Cc", "Cs"))
    return unicodedata.normalize("NFC", text.casefold().strip())


@functools.cache
def _reserved() -> frozenset[str]:
    words = set()
    for code in i18n.LANGUAGES:
        catalogue = gettext.translation(i18n.DOMAIN, str(i18n.locale_dir()), languages=[code],
                                        fallback=True)
        for word in RESERVED_WORDS:
            words.add(_fold(catalogue.gettext(word)))
            words.add(_fold(word))
    return frozenset(words)


def reserved_name(name: Any) -> bool:
    """Is ``name`` (as a seat would show it) one of the table's own words for a seat,
    "Host" or "You" in any language the program speaks, whatever its case or width and
    whatever invisible characters it hides?"""
    if not isinstance(name, str):
        return False
    shown = clean_name(_fold(name)) or _fold(name)
    return _fold(shown) in _reserved()


# --------------------------------------------------------------------------- a seated player


class Strikes:
    """A count of refused messages that falls by one every ``seconds``."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.level = 0.0
        self.at: float | None = None

    def add(self, now: float) -> float:
        """One more strike at ``now``: the count now (with what has worn off)."""
        self.level = self.count(now) + 1.0
        self.at = now
        return self.level

    def count(self, now: float) -> float:
        """The count as it stands at ``now``."""
        if self.at is None:
            return 0.0
        return max(0.0, self.level - max(0.0, now - self.at) / self.seconds)


class Bucket:
    """A token bucket: ``burst`` tokens, refilled at ``per_second``."""

    def __init__(self, burst: float, per_second: float):
        self.burst = burst
        self.per_second = per_second
        self.tokens = float(burst)
        self.at: float | None = None

    def _fill(self, now: float) -> None:
        if self.at is not None and now > self.at:
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.per_second)
        if self.at is None or now > self.at:
            self.at = now

    def take(self, now: float) -> bool:
        """Take a token at ``now``: False when there is none (the caller waits or refuses)."""
        self._fill(now)
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def wait(self, now: float) -> float:
        """Seconds from ``now`` until a token is there."""
        self._fill(now)
        return max(0.0, (1.0 - self.tokens) / self.per_second)
