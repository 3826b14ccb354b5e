"""What a game shows a seat, checked where it comes from another computer.

A friend's copy at a table over the network holds no secret of the match: it shows what
the host sends (its seat's view, the events as its seat sees them, the moves it may make,
the particulars of a refused move). Each game declares those shapes beside its rules, with
the specs of :mod:`.checks` (``GameState.VIEW``, ``EVENTS`` and ``REFUSALS``); the
functions here check a value against them for a state of the game, which gives the number
of players and the game's cards, and raise ``ConfigError`` naming the first part that
does not fit. They change nothing and trust nothing: a value of any type, of any size
(within what the wire lets through), gives True or a ConfigError, never another error.

A game that declares none of a kind (a plug-in written before these existed) has that
kind checked as plain JSON of bounded size only; a deal's end (``deal_scored``) is checked
against the game's score-sheet row (``ROW``) for every game.
"""

from __future__ import annotations

from typing import Any

from . import checks as ck
from .actions import FIELD_HOLDS, KIND_FIELDS, Action, IllegalAction
from .errors import ConfigError

#: what a game declares no shape for: plain JSON, bounded
PLAIN = ck.plain()
#: the particulars of a refusal: a few short plain values
PLAIN_PARAMS = ck.mapping(ck.word(), ck.plain(most=300, depth=3, longest=40), most=16)
#: the kind of an event, or the code of a refusal: a short printable word
CODE = ck.word()
#: the data of a ``deal_scored`` event beside its breakdown (``DealResult.event_data``)
RESULT = ck.obj({"deal": ck.integer(1), "change": ck.SCORES, "totals": ck.SCORES,
                 "measure": ck.SCORES})
#: the shape of each field a move may carry (an action's JSON), by what it holds
MELD = ck.list_of(ck.card, most=200)
HOLDS: dict[str, ck.Spec] = {"card": ck.card, "suit": ck.suit, "word": ck.word(longest=16),
                             "seat": ck.seat, "cards": MELD, "melds": ck.list_of(MELD, most=100)}
MOVE_FIELDS: dict[str, ck.Spec] = {name: HOLDS[holds] for name, holds in FIELD_HOLDS.items()}


def _bad(code: str, what: str) -> ConfigError:
    return ConfigError(code, what)


def _name(key: Any) -> str:
    """A key from elsewhere, short enough to log."""
    return repr(key)[:40]


def context(state: Any) -> ck.Ctx:
    """The number of players and the cards of ``state``'s game (kept on the state: a
    friend's copy checks every update against the same one)."""
    ctx = state.__dict__.get("_shape_ctx")
    if ctx is None or ctx.n != state.n_players:
        ctx = ck.Ctx(state.n_players, frozenset(state._full_deck()))
        state.__dict__["_shape_ctx"] = ctx
    return ctx


def check_view(state: Any, view: Any, seat: int) -> None:
    """``view`` has exactly the shape of ``state.view(seat)`` (ConfigError ``bad_view``):
    the game's fields and no other, each of its spec, of this game, seat and players."""
    cls = type(state)
    ctx = context(state)
    if not isinstance(view, dict):
        raise _bad("bad_view", "a view is not an object")
    fields = cls.VIEW
    if fields is None:
        if not PLAIN(view, ctx):
            raise _bad("bad_view", "the view is not plain JSON of a sane size")
        return
    if view.keys() != fields.keys():
        missing = sorted(fields.keys() - view.keys())[:3]
        stray = [_name(k) for k in list(view.keys() - fields.keys())[:3]]
        raise _bad("bad_view", f"the view's fields are not the game's (missing {missing}, "
                               f"unknown {stray})")
    for name, spec in fields.items():
        if not spec(view[name], ctx):
            raise _bad("bad_view", f"the view's {name!r} is not valid")
    for name, value in (("game", cls.GAME_ID), ("seat", seat),
                        ("n_players", state.n_players)):
        if name in fields and (type(view[name]) is not type(value) or view[name] != value):
            raise _bad("bad_view", f"the view's {name!r} is not this match's")


def check_event(state: Any, event: Any, result_key: str) -> None:
    """``event`` (as a seat sees it: ``Event.for_seat``) is one of the game's kinds, of that
    kind's fields (ConfigError ``bad_event``); ``result_key`` the key of a deal's end that
    holds its result (``DealResult.KEY``)."""
    cls = type(state)
    ctx = context(state)
    if not isinstance(event, dict) or not CODE(event.get("kind"), ctx):
        raise _bad("bad_event", "an event is not an object of a kind")
    kind = event["kind"]
    data = {k: v for k, v in event.items() if k != "kind"}
    if kind == "deal_scored" and cls.ROW is not None:
        ok = RESULT(data.pop(result_key, None), ctx) and cls.ROW(data, ctx)
    elif cls.EVENTS is None:
        ok = PLAIN(data, ctx)
    elif kind in cls.EVENTS:
        ok = cls.EVENTS[kind](data, ctx)
    else:
        raise _bad("bad_event", f"the game has no event {_name(kind)}")
    if not ok:
        raise _bad("bad_event", f"a {kind!r} event is not valid")


def check_refusal(state: Any, code: Any, params: Any) -> None:
    """A refused move's engine ``code`` and ``params`` are the game's (ConfigError
    ``bad_refusal``): a code the game declares particulars for has them, any other has
    none."""
    cls = type(state)
    ctx = context(state)
    if not CODE(code, ctx) or not isinstance(params, dict):
        raise _bad("bad_refusal", "a refusal's code or particulars are not valid")
    declared = cls.REFUSALS
    if declared is None:
        ok = PLAIN_PARAMS(params, ctx)
    elif code in declared:
        ok = declared[code](params, ctx)
    else:
        ok = not params
    if not ok:
        raise _bad("bad_refusal", f"the particulars of the refusal {code!r} are not valid")


def check_move(state: Any, data: Any) -> Action:
    """The move whose JSON is ``data``, if it is one of the game's kinds with every field
    it needs, each a card of the game, a seat, a suit... (ConfigError ``bad_move``)."""
    ctx = context(state)
    try:
        action = Action.from_json(data)
    except IllegalAction:
        raise _bad("bad_move", "a move is not well formed") from None
    if action.kind not in type(state).move_kinds():
        raise _bad("bad_move", f"the game has no move {_name(action.kind)}")
    required, optional = KIND_FIELDS[action.kind]
    for name in required:
        if name not in data:
            raise _bad("bad_move", f"a {action.kind!r} move has no {name!r}")
    for name in (*required, *optional):
        if name in data and data[name] is not None and not MOVE_FIELDS[name](data[name], ctx):
            raise _bad("bad_move", f"the {name!r} of a {action.kind!r} move is not valid")
    return action
