"""What an update carries: only what changed of a seat's picture since the update before.
No pygame here; nothing here names a game or any of its keys but the public facts'
score sheet.

A seat's copy holds its view (``state.view(seat)``, a mapping of the game's keys) and the
match's public facts (:meth:`HostedMatch.public_facts`: whose turn, the scores, the score
sheet...). Sent whole after every move, both grew with the match: the score sheet was in
each twice (a Sixty-Six update went from 1.2 KB to 2.8 KB by the fifth deal). Now the host
keeps, for each seat, what its copy holds (:class:`Sent`: the JSON text of each of its
view's keys, :func:`mark`, and the public facts the update before had), and
:func:`compact` says only what differs, in the update's fields:

* ``public``: the public facts that changed (all of them but the score sheet in a
  welcome); ``rows``: the score sheet's rows the copy does not have yet (the sheet only
  grows; one rewritten otherwise comes whole in ``public``), each the row itself or, when
  a ``deal_scored`` event of the same update carries it (its data but the kind and the
  ``result``, :meth:`DealResult.event_data`), that event's place in ``events``;
* ``view``: the keys of the view whose value changed (all of them in a welcome), but
  those ``shared``, the keys whose value is the public fact of the same name (the score
  sheet, the match's scores, its options...): the copy takes them from its public facts.
  ``shared`` is sent when that list changes; ``gone`` names keys the view no longer has.

:func:`expand` rebuilds the whole view and public facts from what the copy held and an
update, and raises :class:`Unfit` for an update that cannot apply to it (a key gone that
was not there, a key shared that no public fact has); the friend's checks
(:mod:`cardtable.net.inbound`) then check the whole as before. A welcome starts from
nothing (``held`` None). Messages go in order on one connection, so the copy holds what
the host thinks it holds; a seat taken again gets a welcome.

What it costs the host (a table server sends a thousand tables' updates): a value is
compared by its mark, made in one call of the JSON encoder, not walked in Python; a
:class:`Sent` holds strings, which the garbage collector never looks at (the views it
replaced were most of what a server's collections had to look at); and the public facts
are one object for every seat of an update, so what changed of them is worked out once.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine.core import DealResult
from cardtable.net import protocol

log = logging.getLogger(__name__)

#: the public fact that grows a row a deal, sent as its new rows
SHEET = "score_sheet"
#: the fields of an update that carry the picture (besides ``turn``, ``events``, ``legal``)
FIELDS = ("view", "shared", "gone", "public", "rows")
#: the most keys ``shared`` or ``gone`` may name
MOST_KEYS = 256
#: the event that ends a deal: its data is the deal's score-sheet row and its ``result``
DEAL_END = "deal_scored"


class Unfit(ValueError):
    """An update that does not apply to the picture the copy holds."""


class Held:
    """What a seat's copy holds: its whole view, the public facts and the view's keys it
    takes from them (the copy's own; the host keeps a :class:`Sent`)."""

    __slots__ = ("view", "public", "shared")

    def __init__(self, view: dict[str, Any], public: dict[str, Any],
                 shared: frozenset[str]):
        self.view = view
        self.public = public
        self.shared = shared


class Facts:
    """The marks of one set of public facts (:func:`mark`, the score sheet's made only when
    a view has a key of that name), made once for every seat it is sent to."""

    __slots__ = ("public", "marks", "_sheet")

    def __init__(self, public: dict[str, Any]):
        self.public = public
        self.marks = {k: mark(v) for k, v in public.items() if k != SHEET}
        self._sheet: str | None = None

    def mark_of(self, key: str) -> str | None:
        """The mark of the fact ``key`` (None: no such fact)."""
        if key != SHEET:
            return self.marks.get(key)
        if SHEET not in self.public:
            return None
        if self._sheet is None:
            self._sheet = mark(self.public[SHEET])
        return self._sheet


class Sent(Held):
    """What the host knows a seat's copy holds, as :func:`compact` left it: the mark of
    each key of its view (None for a key it takes from the public facts, ``shared``), the
    public facts (one object for every seat an update went to, with their marks,
    ``facts``). Marks are strings, so a thousand tables' copies are little for the garbage
    collector to look at; ``view`` is rebuilt from them when asked for (tests)."""

    __slots__ = ("marks", "facts")

    def __init__(self, marks: dict[str, str | None], facts: Facts, shared: frozenset[str]):
        self.marks = marks
        self.facts = facts
        self.public = facts.public
        self.shared = shared

    @property
    def view(self) -> dict[str, Any]:  # type: ignore[override]
        """The whole view the copy holds (as the wire gave it: tuples are lists)."""
        public = self.public
        return {k: public[k] if m is None else json.loads(m) for k, m in self.marks.items()}


def compact(held: Held | None, view: dict[str, Any], public: dict[str, Any],
            events: Sequence[dict[str, Any]] = ()) -> tuple[dict[str, Any], Sent]:
    """The update's fields that take a copy holding ``held`` (None: nothing, a welcome) to
    ``view`` and ``public``, with ``events`` (as the update sends them), and what the copy
    holds then. Values are the same only when their JSON is (``True`` is not ``1``).

    ``public`` is one object for every seat of one update (the host's facts, never changed
    once given): what changed of it is worked out once, for the first seat, and reused."""
    out: dict[str, Any] = {}
    facts = _facts(public)
    before = None if held is None else _sent(held)
    if before is None:
        changed_facts = {k: v for k, v in public.items() if k != SHEET}
        rows = _rows(list(public.get(SHEET, [])), events)
    else:
        changed_facts, grown = _public_change(before.facts, facts)
        rows = _rows(grown, events) if grown else []
    marks: dict[str, str | None] = {}
    changed: dict[str, Any] = {}
    shared_keys = []
    fact_mark = facts.mark_of
    held_marks = before.marks if before is not None else None
    held_facts = before.facts if before is not None else None
    pieces, join = _pieces, "".join
    for key, value in view.items():
        try:        # (mark(value), in line: a view has a few dozen keys, every update)
            text = join(pieces(value, 0)) if pieces is not None else _slow_encode(value)
        except (TypeError, ValueError):
            text = _wire_text(value)
        if key in public and fact_mark(key) == text:
            shared_keys.append(key)
            marks[key] = None
            continue
        marks[key] = text
        if held_marks is None or held_facts is None:
            changed[key] = value
            continue
        was = held_marks.get(key, _ABSENT)
        if was is None:             # the copy took it from the public facts it held
            was = held_facts.mark_of(key)
        if was != text:
            changed[key] = value
    shared = frozenset(shared_keys)
    if held_marks is None:
        gone: list[str] = []
    else:
        gone = [k for k in held_marks if k not in view]
    if changed or before is None:
        out["view"] = changed
    if shared != (before.shared if before is not None else frozenset()):
        out["shared"] = sorted(shared)
    if gone:
        out["gone"] = gone
    if changed_facts:
        out["public"] = changed_facts
    if rows:
        out["rows"] = rows
    return out, Sent(marks, facts, shared)


#: no mark (a key the copy's view does not have; a JSON text never starts so)
_ABSENT = "\x00"


class _Recent:
    """The public facts last marked, and the last change worked out between two sets of
    them: an update goes to every seat with the same public facts, so each is worked out
    once. (Each is one tuple, replaced whole: tables on other threads may look.)"""

    facts: tuple[dict[str, Any] | None, Facts | None] = (None, None)
    change: tuple[Facts | None, Facts | None, dict[str, Any], list[Any]] = (
        None, None, {}, [])


_recent = _Recent()


def _facts(public: dict[str, Any]) -> Facts:
    """The marks of ``public``, made once for the same object."""
    last = _recent.facts
    if last[0] is public and last[1] is not None:
        return last[1]
    facts = Facts(public)
    _recent.facts = (public, facts)
    return facts


def _sent(held: Held) -> Sent:
    """``held`` as the host keeps it (a copy's picture, as tests hand it, is marked)."""
    if isinstance(held, Sent):
        return held
    facts = Facts(held.public)
    marks: dict[str, str | None] = {
        k: None if k in held.shared else mark(v) for k, v in held.view.items()}
    return Sent(marks, facts, held.shared)


def _public_change(before: Facts, after: Facts) -> tuple[dict[str, Any], list[Any]]:
    """The public facts that changed from ``before`` to ``after`` (the score sheet whole
    when it was rewritten) and the sheet's new rows (when it grew), for every seat that
    held ``before``."""
    last = _recent.change
    if last[0] is before and last[1] is after:
        return last[2], last[3]
    public = after.public
    old = before.marks
    facts = {k: public[k] for k, m in after.marks.items() if old.get(k) != m}
    sheet = public.get(SHEET, [])
    held_sheet = before.public.get(SHEET, [])
    grown: list[Any] = []
    if len(held_sheet) <= len(sheet) and same(list(sheet[:len(held_sheet)]),
                                               list(held_sheet)):
        grown = list(sheet[len(held_sheet):])
    else:
        facts[SHEET] = sheet        # rewritten, not grown: whole
    _recent.change = (before, after, facts, grown)
    return facts, grown


def _rows(rows: list[Any], events: Sequence[dict[str, Any]]) -> list[Any]:
    """The new rows as an update sends them: a row a deal's end among ``events`` carries
    as that event's place, any other whole."""
    ends = [i for i, e in enumerate(events) if e.get("kind") == DEAL_END]
    out: list[Any] = []
    for row in rows:
        for i in ends:
            if same(_row_of(events[i]), row):
                ends.remove(i)
                row = i
                break
        out.append(row)
    return out


def _row_of(event: Mapping[str, Any]) -> dict[str, Any]:
    """The score-sheet row a deal's end carries: its data but the kind and the result."""
    return {k: v for k, v in event.items() if k not in ("kind", DealResult.KEY)}


def expand(held: Held | None, update: Mapping[str, Any]) -> Held:
    """The whole picture after ``update`` (its fields :data:`FIELDS`, any of them absent,
    and its ``events``) for a copy holding ``held`` (None: a welcome's). Raises
    :class:`Unfit`; ``held`` is never changed."""
    view_part = update.get("view", {})
    facts = update.get("public", {})
    rows = update.get("rows", [])
    gone = update.get("gone", [])
    if not isinstance(view_part, dict) or not isinstance(facts, dict) or \
            not isinstance(rows, list) or not _keys(gone):
        raise Unfit("an update's parts are not of their kinds")
    public = dict(held.public) if held is not None else {SHEET: []}
    public.update(facts)
    if rows:
        sheet = public.get(SHEET)
        if not isinstance(sheet, list):
            raise Unfit("rows added to no score sheet")
        public[SHEET] = sheet + _rows_sent(rows, update.get("events"))
    if "shared" in update:
        if not _keys(update["shared"]):
            raise Unfit("shared keys that are no keys")
        shared = frozenset(update["shared"])
    else:
        shared = held.shared if held is not None else frozenset()
    view = dict(held.view) if held is not None else {}
    for key in gone:
        if key not in view or key in view_part or key in shared:
            raise Unfit(f"a key gone that the view does not have: {key!r:.40}")
        del view[key]
    view.update(view_part)
    for key in shared:
        if key not in public or key in view_part:
            raise Unfit(f"a key shared with no public fact: {key!r:.40}")
        view[key] = public[key]
    return Held(view, public, shared)


def _rows_sent(rows: list[Any], events: Any) -> list[Any]:
    """The rows an update adds: each sent whole, or as the place of the deal's end in its
    ``events`` that carries it (each such event once)."""
    out: list[Any] = []
    taken: set[int] = set()
    for row in rows:
        if isinstance(row, int) and not isinstance(row, bool):
            if not isinstance(events, list) or not 0 <= row < len(events) or row in taken \
                    or not isinstance(events[row], dict) or \
                    events[row].get("kind") != DEAL_END:
                raise Unfit("a row of no deal's end among the update's events")
            taken.add(row)
            row = _row_of(events[row])
        out.append(row)
    return out


def _encoder() -> Any:
    """The C encoder of :mod:`json`, made once (``json.dumps`` makes one at every call,
    which costs more than marking a small value): a function of a value that gives its
    text in pieces. None where there is none (another interpreter)."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return None
    try:
        fast = make(None, None, json.encoder.encode_basestring, None, ":", ",", False,
                    False, False)
        # (its pieces come as a list up to Python 3.11, as a tuple from 3.12)
        if "".join(fast([1, "x"], 0)) != '[1,"x"]':
            raise TypeError("not the encoder it was")
    except TypeError:       # (another interpreter's encoder, of another signature)
        log.warning("the JSON encoder could not be made fast: marks are slower",
                    exc_info=True)
        return None
    return fast


_pieces = _encoder()
_slow_encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False,
                                allow_nan=False).encode
#: how long the protocol's message is before its first field's comma (see :func:`mark`)
_HEAD = len(protocol.encode({})) - 1


def mark(value: Any) -> str:
    """``value``'s JSON text as the wire carries it: two values are the same on the wire
    exactly when their marks are (``True`` is not ``1``, ``1`` is not ``1.0``; a tuple is
    its list). Plain values are written here in one call; any other (a set, an object
    with ``to_json``, a float JSON cannot hold) as :func:`protocol.encode` writes it."""
    try:
        if _pieces is not None:
            return "".join(_pieces(value, 0))
        return _slow_encode(value)
    except (TypeError, ValueError):
        return _wire_text(value)


def _wire_text(value: Any) -> str:
    """``value`` as :func:`protocol.encode` writes it in a message."""
    text = protocol.encode({"x": value})
    return text[_HEAD + len(',"x":'):-1]


def same(a: Any, b: Any) -> bool:
    """Are ``a`` and ``b`` the same JSON? (Equal, and of the same kinds all through:
    ``True == 1`` and ``1 == 1.0`` in Python, not on the wire.) One object is itself: the
    rows of the score sheet the engine keeps are not walked at every update."""
    return a is b or (a == b and _kinds(a, b))


def _kinds(a: Any, b: Any) -> bool:
    """Of two equal values: are they of the same kind at every place?"""
    t = type(a)
    if t is not type(b):
        return False
    if t is list or t is tuple:
        pairs: Any = zip(a, b, strict=True)     # (equal: as long as each other)
    elif t is dict:
        pairs = ((x, b[k]) for k, x in a.items())
    else:
        return True
    for x, y in pairs:
        if x is y:
            continue
        tx = type(x)
        if tx is not type(y):
            return False
        if (tx is list or tx is dict or tx is tuple) and not _kinds(x, y):
            return False
    return True


def _keys(value: Any) -> bool:
    """A list of distinct keys, as a view has (short strings)."""
    return isinstance(value, list) and len(value) <= MOST_KEYS and \
        all(isinstance(k, str) and len(k) <= 64 for k in value) and \
        len(set(value)) == len(value)
