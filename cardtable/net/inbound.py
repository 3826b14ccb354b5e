"""What a friend's copy takes from a host: every message checked against the game's own
shapes before anything of it is used. No pygame here.

A host is the only authority at its table, yet a friend's copy trusts it no further than
a host trusts a friend: a host of another program, a buggy one or a hostile one may send
anything the protocol's outer shape lets through (:func:`protocol.read_from_host`). The
client's thread hands each message to :meth:`Inbound.read` before queuing it, so what the
table reads was checked whole, and a message that does not fit is never half taken:

* the welcome: the game is one this copy has (else ``version``), the seats are as many as
  the game allows, each named as a seat may be (:func:`cardtable.names.clean_name`: short,
  printable, visible; letters the typeface lacks are taken, and show as boxes: a host of
  an earlier version, or a name remembered from before, is no reason to leave a table),
  this seat one of them, the token and the table's name short words,
  then its update and the deal so far (``recent``) as below, against the new match;
* an update: the move count (never going back), what changed of the view and the public
  facts, applied to what the copy holds (:func:`delta.expand`: keys gone that it had,
  keys shared with public facts that exist), then the whole of this seat's view
  (``GameState.check_view``: exactly the shape the game's ``view(seat)`` gives), each
  event (``check_event``), the whole public facts (whose turn, the winners, the scores,
  the score sheet's rows as the game writes them, the options as the game takes them,
  consistent with each other) and each legal move (``check_move``: a move of the game, of
  its cards and seats), and its optional count of moves a computer played for this seat
  (``played_for``: 1 to ``protocol.MAX_PLAYED_FOR``; a host that sends none is as good).
  The message queued for the table holds the whole view and public facts, as a host of
  protocol 6 sent them;
* who sits where (as many seats as the match has), a refusal (its rule's particulars as
  the game gives them: ``check_refusal``), a table's end, a new match's game, a record.

:class:`Hostile` names what did not fit (for the log); the client ends the connection and
the player reads one sentence (:data:`SENTENCE`, or the version's when the game is
unknown). The game's records of finished deals are replayed on the client's thread
(``client.replayed``): one that does not replay is dropped with its own word, the table
goes on. Nothing here names a game.
"""

from __future__ import annotations

import logging
from typing import Any

from cardtable.engine import checks as ck
from cardtable.engine import registry, shapes
from cardtable.engine.core import ConfigError, GameState
from cardtable.i18n import N_
from cardtable.names import clean_name
from cardtable.net import delta, protocol

log = logging.getLogger(__name__)

#: what a friend reads when the host sent what this copy cannot accept
SENTENCE = N_("The host sent something this program cannot accept, so you left the table.")

#: what a friend reads when the host refused their name for letters the typeface lacks
#: (the refusal ``unshowable_name``: :func:`protocol.read_from_player`)
UNSHOWABLE_NAME = N_("That name has letters this table cannot show: use Latin, Greek or "
                     "Cyrillic letters.")

#: the longest token, table name and code a host may send (its own are shorter)
TOKEN_LENGTH = 64
TABLE_NAME = 64
CODE = ck.word(longest=32)
#: the most events in one update, legal moves, score-sheet rows
MOST_EVENTS = 1000
MOST_MOVES = 5000
MOST_ROWS = 1000
TOKEN_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
NO_CTX = ck.Ctx(0, frozenset())
#: the fields an update may have
UPDATE_FIELDS = frozenset({"v", "type", "turn", "events", "legal", "played_for",
                           *delta.FIELDS})


class Hostile(Exception):
    """A message a friend's copy does not accept: ``code`` is what the player is told
    (``bad_host``; ``version`` for a game this copy does not have), the text why."""

    def __init__(self, why: str, code: str = "bad_host"):
        super().__init__(why)
        self.code = code


def _need(condition: bool, why: str) -> None:
    if not condition:
        raise Hostile(why)


def name_ok(name: Any) -> bool:
    """A seat's name as a host may send it: what the name field could hold (printable,
    trimmed, short, visible). Letters the typeface lacks pass: a host refuses them in a new
    friend's name (``unshowable_name``), but a host of an earlier version, or a name kept
    from before, may still send them, and boxes on a plate are no reason to leave."""
    return isinstance(name, str) and bool(name) and clean_name(name) == name


def text_ok(text: Any, longest: int) -> bool:
    return isinstance(text, str) and len(text) <= longest and text.isprintable()


class Match:
    """What the messages of one match are checked against: its game's state (a copy with
    the match's players and options, dealt from no secret: its checks, deck and rows),
    this seat, and what its copy holds as the last update left it (its view and the
    public facts, ``held``; the move count, ``turn``)."""

    def __init__(self, game_id: str, players: int, seat: int, options: Any):
        spec = registry.get(game_id)
        self.spec = spec
        self.seat = seat
        self.n = players
        self.options = spec.check_options(options)
        self.rules: GameState = spec.new_match(players=players, seed=0, options=self.options)
        cls = spec.state_class
        self.ctx = ck.Ctx(players, frozenset(self.rules._full_deck()))
        row = cls.ROW if cls.ROW is not None else ck.mapping(ck.word(), ck.plain(most=2000))
        self.public = ck.obj({
            "to_act": ck.maybe(ck.seat), "is_over": ck.boolean, "winners": ck.WINNERS,
            "match_scores": ck.SCORES, "score_sheet": ck.list_of(row, most=MOST_ROWS),
            "deal_no": ck.integer(0), "dealer": ck.maybe(ck.seat), "options": ck.OPTIONS})
        self.held: delta.Held | None = None
        self.turn = 0


class Inbound:
    """The checks of one connection's messages, in order: nothing is known before the
    welcome; each welcome (a seat taken again, a new match at the table) sets the match
    the next messages are checked against."""

    def __init__(self) -> None:
        self.match: Match | None = None

    def read(self, message: dict) -> dict:
        """``message`` (of the protocol's outer shape) if a friend's copy may take it whole
        (an update, or a welcome's, with the whole view and public facts); else Hostile.
        Only a welcome, or an update, changes what the next are checked against, once it
        was found good."""
        kind = message["type"]
        try:
            if kind == "welcome":
                self.match, message = self._welcome(message)
            elif kind == "update":
                match = self._now(kind)
                message, held = self._update(match, message)
                match.held, match.turn = held, message["turn"]
            elif kind == "seats":
                self._seats(message["seats"], self._now(kind).n)
            elif kind == "refused":
                self._refused(message)
            elif kind == "closed":
                _need(CODE(message["code"], NO_CTX), "a table's end of no code")
            elif kind == "again":
                _need(CODE(message["game"], NO_CTX), "a new match of no game")
            elif kind == "record":
                self._now(kind)          # (replayed on the client's thread)
            else:
                raise Hostile(f"a message of a type this copy does not check: {kind!r}")
        except ConfigError as no:       # the game's check: what of the message did not fit
            raise Hostile(f"{kind}: {no}") from None
        return message

    def _now(self, kind: str) -> Match:
        if self.match is None:
            raise Hostile(f"a {kind!r} message before the welcome")
        return self.match

    # ---- each message ----------------------------------------------------------------
    def _welcome(self, message: dict) -> tuple[Match, dict]:
        game = message["game"]
        if game not in registry.ids():
            raise Hostile(f"a welcome to a game this copy does not have: {game!r:.40}",
                          code="version")
        spec = registry.get(game)
        seats = message["seats"]
        _need(spec.min_players <= len(seats) <= spec.max_players, "a welcome of no seats")
        self._seats(seats, len(seats))
        seat = message["seat"]
        _need(0 <= seat < len(seats), "a welcome to no seat")
        token = message["token"]
        _need(0 < len(token) <= TOKEN_LENGTH and set(token) <= TOKEN_LETTERS,
              "a seat's token that is none")
        _need(text_ok(message["table"], TABLE_NAME), "a table's name that is none")
        update = message["update"]
        _need(isinstance(update.get("public"), dict), "a welcome without public facts")
        match = Match(game, len(seats), seat, update["public"].get("options"))
        whole, match.held = self._update(match, update, welcome=True)
        match.turn = whole["turn"]
        for event in message.get("recent", []):
            match.rules.check_event(event)
        _need(all(isinstance(r, dict) for r in message.get("records", [])),
              "a finished deal's record that is none")
        return match, dict(message, update=whole)

    def _update(self, match: Match, update: dict,
                welcome: bool = False) -> tuple[dict, delta.Held]:
        """The update whole (its view and public facts rebuilt from what the copy holds,
        none for a ``welcome``'s), and what the copy holds after it; nothing is changed."""
        _need(set(update) <= UPDATE_FIELDS and isinstance(update.get("turn"), int)
              and not isinstance(update["turn"], bool) and 0 <= update["turn"] <= ck.BIG,
              "an update of no move count")
        _need(welcome or update["turn"] >= match.turn, "an update of a move count gone back")
        _need("played_for" not in update or protocol.played_for_ok(update["played_for"]),
              "an update's count of moves played for this seat that is none")
        events = update.get("events")
        if not isinstance(events, list) or len(events) > MOST_EVENTS:
            raise Hostile("too many events")
        try:
            held = delta.expand(None if welcome else match.held, update)
        except delta.Unfit as no:
            raise Hostile(f"an update that does not fit what came before: {no}") from None
        rules = match.rules
        rules.check_view(held.view, match.seat)
        self._public(match, held.public)
        for event in events:
            rules.check_event(event)
        legal = update.get("legal", [])
        _need(isinstance(legal, list) and len(legal) <= MOST_MOVES, "too many moves")
        for move in legal:
            rules.check_move(move)
        whole = {k: v for k, v in update.items() if k not in delta.FIELDS}
        whole.update(view=held.view, public=held.public)
        return whole, held

    def _public(self, match: Match, public: Any) -> None:
        _need(match.public(public, match.ctx), "public facts that are not the game's")
        _need(public["options"] == match.options, "options that are not the match's")
        _need(public["is_over"] == (public["to_act"] is None) == bool(public["winners"]),
              "public facts at odds: whose turn, the match's end and its winners")
        _need(public["deal_no"] >= len(public["score_sheet"]),
              "more deals scored than dealt")

    def _seats(self, seats: list, players: int) -> None:
        _need(len(seats) == players, "not as many seats as the match has")
        for seat in seats:
            # (protocol.read_from_host checked their fields and types)
            _need(name_ok(seat["name"]), "a seat's name that is no name")
            for key in ("level", "status"):
                _need(key not in seat or ck.word(longest=16)(seat[key], NO_CTX),
                      f"a seat's {key} that is none")

    def _refused(self, message: dict) -> None:
        _need(CODE(message["code"], NO_CTX), "a refusal of no code")
        _need(message.get("turn", 0) >= 0, "a refusal of no move count")
        rule, params = message.get("rule"), message.get("params", {})
        if rule is not None:        # the rules refused a move: their particulars
            self._now("refused").rules.check_refusal(rule, params)
        else:                       # the table's (the versions, the wait before a retry)
            _need(shapes.PLAIN_PARAMS(params, NO_CTX), "a refusal's particulars that are none")
