"""What an update carries: only what changed of a seat's picture since the update before.
No pygame here; nothing here names a game or any of its keys but the public facts'
score sheet.

A seat's copy holds its view (``state.view(seat)``, a mapping of the game's keys) and the
match's public facts (:meth:`HostedMatch.public_facts`: whose turn, the scores, the score
sheet...). Sent whole after every move, both grew with the match: the score sheet was in
each twice (a Sixty-Six update went from 1.2 KB to 2.8 KB by the fifth deal). Now the host
keeps, for each seat, what its copy holds (:class:`Held`), and :func:`compact` says only
what differs, in the update's fields:

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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine.core import DealResult

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
    takes from them (the host's record of it, or the copy's own)."""

    __slots__ = ("view", "public", "shared")

    def __init__(self, view: dict[str, Any], public: dict[str, Any],
                 shared: frozenset[str]):
        self.view = view
        self.public = public
        self.shared = shared


def compact(held: Held | None, view: dict[str, Any], public: dict[str, Any],
            events: Sequence[dict[str, Any]] = ()) -> tuple[dict[str, Any], Held]:
    """The update's fields that take a copy holding ``held`` (None: nothing, a welcome) to
    ``view`` and ``public``, with ``events`` (as the update sends them), and what the copy
    holds then. Values are the same only when their JSON is (``True`` is not ``1``)."""
    out: dict[str, Any] = {}
    sheet = public.get(SHEET, [])
    if held is None:
        facts = {k: v for k, v in public.items() if k != SHEET}
        rows = _rows(list(sheet), events)
    else:
        facts = {k: v for k, v in public.items()
                 if k != SHEET and (k not in held.public or not same(held.public[k], v))}
        before = held.public.get(SHEET, [])
        if len(before) <= len(sheet) and same(list(sheet[:len(before)]), list(before)):
            rows = _rows(list(sheet[len(before):]), events)
        else:
            facts[SHEET] = sheet        # rewritten, not grown: whole
            rows = []
    shared = frozenset(k for k, v in view.items() if k in public and same(public[k], v))
    if held is None:
        changed = {k: v for k, v in view.items() if k not in shared}
        gone: list[str] = []
    else:
        changed = {k: v for k, v in view.items() if k not in shared and
                   (k not in held.view or not same(held.view[k], v))}
        gone = [k for k in held.view if k not in view]
    if changed or held is None:
        out["view"] = changed
    if shared != (held.shared if held is not None else frozenset()):
        out["shared"] = sorted(shared)
    if gone:
        out["gone"] = gone
    if facts:
        out["public"] = facts
    if rows:
        out["rows"] = rows
    return out, Held(view, public, shared)


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
