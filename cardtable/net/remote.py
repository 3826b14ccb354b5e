"""A match played at someone else's table, as the table scene sees a local one. No pygame.

:class:`RemoteMatch` answers what the table asks of a :class:`~cardtable.match.Match`
(``view``, ``legal_actions``, ``apply``, ``to_act``, ``is_human``, ``names``, ``poll``,
``state.options``...) from what the host sent this seat and nothing else: its view, the
events as it may see them, the public facts of the match (scores, the score sheet, whose
turn) and its legal moves. It holds no rules: the host's engine decides every move.

* ``apply(action)`` sends the move and returns no events; until the host answers, nobody
  is to act here (``to_act`` None), so the table waits as it waits for a computer.
* ``poll()`` returns the events the host sent since the last call (the table calls it
  whenever nobody here is to act) and brings the view, the seats and the turn up to date
  (each update whole: the host sends what changed, the client's checks rebuild the rest,
  :mod:`cardtable.net.delta`).
* ``take_notices()`` what the table should tell the player: a refused move (its engine
  code and parameters, worded as at home), the seats changing, the table ending, the
  moves a computer played for this seat while its player was away or silent (once back).

``state`` is a :class:`PublicState`: the public facts. ``rules`` is a copy of the game's
state with the match's options at the deal in play, dealt from no secret: the game's table
asks it the game's rules (its constants, and what depends only on the options and a deal
number), never its cards. Nothing here names a game or any of its rules.
"""

from __future__ import annotations

import concurrent.futures as futures
import hashlib
import logging
import queue
import time
from typing import TYPE_CHECKING, Any, cast

from cardtable.engine import registry
from cardtable.engine.core import Action, DealResult, Event, GameState, IllegalAction
from cardtable.engine.errors import ConfigError
from cardtable.match import Seat
from cardtable.net import protocol
from cardtable.net.client import NetClient
from cardtable.net.protocol import Notice, Refused

if TYPE_CHECKING:
    from cardtable.tablematch import EngineState

log = logging.getLogger(__name__)

#: the most finished deals' records a player keeps (a long match's first are let go)
MAX_RECORDS = 40


class PublicState:
    """What the table reads of ``match.state`` over the network: the public facts the host
    sent (:class:`cardtable.tablematch.MatchFacts`).

    ``rules`` is a copy of the game's state with the match's options, kept at the deal in
    play and given the public score sheet, dealt from no secret. What the game's state
    class defines (its constants and methods, never a state's own data such as its hands)
    is read from it: a game's table written against a local match's state reads its rules
    the same way here (``match.rules`` is the way that says so)."""

    def __init__(self, game_id: str, players: int, public: dict):
        spec = registry.get(game_id)
        self.rules = cast("EngineState", spec.new_match(
            players=players, seed=0, options=public.get("options") or None))
        self.update(public)

    def update(self, public: dict) -> None:
        self.current_player: int | None = public.get("to_act")
        self.is_over = bool(public.get("is_over"))
        self.winners: list[int] = list(public.get("winners") or [])
        self.match_scores: list[int] = list(public.get("match_scores") or [])
        self.score_sheet: list[dict[str, Any]] = list(public.get("score_sheet") or [])
        self.deal_no: int = public.get("deal_no") or 0
        self.dealer: int | None = public.get("dealer")
        self.options: dict[str, Any] = dict(public.get("options") or {})
        self.rules.deal_no = self.deal_no
        self.rules.score_sheet = self.score_sheet

    def deal_results(self) -> list[DealResult]:
        """Every finished deal's result, from the public score sheet (under the game's
        rules of reading a row)."""
        return self.rules.deal_results()

    def __getattr__(self, name: str) -> Any:
        # what the game's state class defines (constants, methods), read from the copy;
        # never a state's own data: the copy's cards are not the match's
        if name != "rules" and not name.startswith("_") and hasattr(type(self.rules), name):
            return getattr(self.rules, name)
        raise AttributeError(name)


class RemoteMatch:
    """A seat at a table hosted elsewhere, driven by a :class:`NetClient`."""

    hints = False    # the table offers no hints: the host would have to think for this seat
    #: no server here: the host's serves the table
    server: None = None

    def __init__(self, client: NetClient, welcome: dict):
        self.client = client
        self.seat: int = welcome["seat"]
        self.token: str = welcome["token"]
        self.table_name: str = welcome.get("table", "")
        self.game_id: str = welcome["game"]
        self.spec = registry.get(self.game_id)
        self.seats: list[Seat] = []
        self.statuses: list[dict] = []
        self._seats_from(welcome["seats"])
        update = welcome["update"]
        self.state = PublicState(self.game_id, len(self.seats), update["public"])
        self._view: dict = update["view"]
        self._legal: list[Action] = _actions(update.get("legal"))
        self.turn_no: int = update["turn"]
        self.pending = False
        self.here = True            # looking at the table (as the host first thinks)
        self.closed: str | None = None
        #: the deal's moves so far (the welcome's ``recent``): the table's log shows them
        self.log: list[Event] = [_event(e) for e in welcome.get("recent", [])]
        self.moves: list[int] = []
        self.pace = 0.0
        self.on_change: Any = None
        self._notices: list[Notice] = []
        self._played_for(update)
        self._events: list[Event] = []
        self.updated_at = time.monotonic()
        #: the records of the deals finished while this player sat here (the host sends
        #: each at its end, checked here as any file's): the summary's Review opens them
        self.scored_deals: list[dict] = []
        self._welcome_records(welcome)
        #: the records that came as their deals ended, until the recent matches take them
        #: (``take_finished_deals``, called from ``on_change``); ``seed`` names this seat's
        #: match there (from its token, which only this copy and the host know)
        self.finished_deals: list[dict] = []
        self.seed = "net-" + hashlib.sha256(self.token.encode()).hexdigest()[:12]
        #: the host asked whether this player stays for a new match (not answered yet);
        #: ``staying``: they said yes, and the new match's welcome is awaited
        self.asked = False
        self.staying = False
        #: the new match at the same table, once its welcome came: it takes the connection
        #: over (this match no longer reads it, nor closes it)
        self.successor: RemoteMatch | None = None

    @property
    def on_ready(self) -> Any:
        return self.client.on_message

    @on_ready.setter
    def on_ready(self, callback: Any) -> None:
        if self.successor is None:      # else the connection wakes the new match's table
            self.client.on_message = callback

    # ---- who acts -----------------------------------------------------------------------
    @property
    def n_players(self) -> int:
        return len(self.seats)

    @property
    def to_act(self) -> int | None:
        """The seat to act, once the events that led there were handed to the table (until
        then nobody here acts, so the table asks ``poll`` for them)."""
        if self.pending or self.closed or self._events:
            return None
        return self.state.current_player

    @property
    def is_over(self) -> bool:
        return self.state.is_over and not self._events

    @property
    def turn(self) -> int:
        """The host's count of moves, as its last update said (a move sent names it)."""
        return self.turn_no

    @property
    def rules(self) -> GameState:
        """A copy of the game's state with the match's options at the deal in play, to ask
        the game's rules of: dealt from no secret, its cards are not the match's."""
        return self.state.rules

    def is_human(self, seat: int | None) -> bool:
        """Only this seat's player is a person *here*: everyone else's moves come from
        the host, as a computer's would."""
        return seat is not None and seat == self.seat

    @property
    def human_to_act(self) -> bool:
        return self.is_human(self.to_act)

    @property
    def human_seats(self) -> list[int]:
        return [self.seat]

    @property
    def undo_seat(self) -> int | None:
        return None

    @property
    def thinking(self) -> bool:
        return any(s.get("thinking") for s in self.statuses)

    def can_undo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def seat_status(self, seat: int) -> str | None:
        """'connected', 'away' (a computer plays for them), 'empty', 'host', 'computer'."""
        if 0 <= seat < len(self.statuses):
            return self.statuses[seat].get("status")
        return None

    def seat_elsewhere(self, seat: int) -> bool:
        """Is that seat's person (a friend, or the host) in their menu, not at the table?"""
        return 0 <= seat < len(self.statuses) and self.statuses[seat].get("elsewhere") is True

    def tell_presence(self, here: bool) -> None:
        """Tell the host this player looks at the table (True) or went to the menu."""
        if self.closed is None and here != self.here:
            self.here = here
            self.client.send({"type": "here", "here": here})

    def start_events(self) -> list[Event]:
        return []

    def legal_actions(self) -> list[Action]:
        return list(self._legal) if self.to_act == self.seat else []

    def view(self, seat: int | None = None) -> dict:
        """This seat's view (the only one this copy has)."""
        return self._view

    def log_for(self, seat: int | None) -> list[dict]:
        return [e.for_seat(seat) for e in self.log]

    # ---- moves --------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Send this seat's move to the host; its events come back through ``poll``."""
        if self.closed:
            raise IllegalAction("match_over", "the table is closed")
        if self.to_act != self.seat:
            raise IllegalAction("not_your_turn", "it is not this seat's turn")
        self.pending = True
        self.client.send({"type": "move", "action": action.to_json(), "turn": self.turn_no})
        return []

    def poll(self, now: float | None = None) -> list[Event]:
        """What the host sent since the last call, as events to show."""
        self.take_messages()
        events, self._events = self._events, []
        return events

    def take_messages(self) -> None:
        for message in self.client.take():
            if self.successor is not None:    # the new match's, from its welcome on
                self.successor._take(message)
            else:
                self._take(message)

    def _take(self, message: dict) -> None:
        kind = message["type"]
        if kind == "update":
            self._update(message)
        elif kind == "seats":
            self._seats_from(message["seats"])
            self._notices.append(Notice("seats"))
        elif kind == "record":
            if self._take_record(message["record"]):
                self.finished_deals.append(self.scored_deals[-1])
                if self.on_change is not None:
                    self.on_change(self)
        elif kind == "refused":
            self.pending = False
            self.staying = False        # (a new match asked for too early: ask again)
            error = None
            if message["code"] == "illegal" and isinstance(message.get("rule"), str):
                params: dict[str, Any] = message["params"] \
                    if isinstance(message.get("params"), dict) else {}
                error = IllegalAction(message["rule"], "refused by the host", **params)
            self._notices.append(Notice("refused", message["code"], error))
        elif kind == "closed":
            self.closed = message["code"]
            self.pending = False
            self._notices.append(Notice("closed", message["code"]))
        elif kind == "again" and not self.staying:   # (asked for it ourselves: staying)
            self.asked = True
            self._notices.append(Notice("again", message["game"]))
        elif kind == "welcome" and self.staying:     # the host's new match, this seat in it
            self._play_again(message)
        elif kind == "welcome":        # the same seat again on a new connection
            self.token = message["token"]
            self.log = [_event(e) for e in message.get("recent", [])]
            self._seats_from(message["seats"])
            self._notices.append(Notice("resync"))    # (before what the update tells)
            self._update(message["update"])
            self._welcome_records(message)
            if not self.here:          # the host took us for at the table again
                self.client.send({"type": "here", "here": False})

    @property
    def served(self) -> bool:
        """Is this a table server's table (where nobody hosts, and any friend asks for a new
        match with :meth:`ask_again`)?"""
        return self.client.served

    def ask_again(self) -> bool:
        """At a table server's table whose match is over: ask for a new match at the same
        table, staying in this seat (the new match's welcome brings it; the other friends
        are asked whether they stay). False when there is nothing to ask."""
        if not self.served or self.closed or self.successor is not None or \
                not self.state.is_over or self.staying:
            return False
        self.staying = True
        self.client.send({"type": "again", "stay": True})
        return True

    def answer_again(self, stay: bool) -> None:
        """Answer the host's question: stay for its new match, or leave the table."""
        if not self.asked or self.closed:
            return
        self.asked = False
        self.staying = stay
        self.client.send({"type": "again", "stay": stay})
        if not stay:
            self.closed = "left"
            self.client.close()

    def _play_again(self, welcome: dict) -> None:
        """The new match's welcome: a match of its own on this connection ('again_seated'
        tells the table to show it)."""
        self.staying = False
        try:
            successor = RemoteMatch(self.client, welcome)
        except (ConfigError, Refused, KeyError, TypeError, ValueError):
            # checked as a welcome, yet not a match this copy can show (a game or an
            # option it does not know, seats it cannot seat)
            log.warning("the host's new match could not be read", exc_info=True)
            self.closed = "version"
            self._notices.append(Notice("closed", "version"))
            return
        successor.on_change = self.on_change
        successor.here = self.here
        if not self.here:          # the host took us for at the table again
            self.client.send({"type": "here", "here": False})
        self.successor = successor
        self._notices.append(Notice("again_seated"))

    def _welcome_records(self, welcome: dict) -> None:
        """The last finished deals, as a welcome gives them (those of a seat taken again
        replace what this copy had)."""
        self.scored_deals = []
        for record in welcome.get("records", []):
            self._take_record(record)

    def _take_record(self, record: dict | None) -> bool:
        """Keep a finished deal's record: the connection's thread replayed it under this
        copy's rules (None: it did not, and the player is told it has no review)."""
        if record is None or record.get("game") != self.game_id:
            self._notices.append(Notice("bad_record"))
            return False
        self.scored_deals.append(record)
        del self.scored_deals[:-MAX_RECORDS]
        return True

    def take_finished_deals(self) -> list[dict]:
        """The records of the deals that ended since the last call (and forget them)."""
        out, self.finished_deals = self.finished_deals, []
        return out

    def _update(self, message: dict) -> None:
        self.turn_no = message["turn"]
        self._view = message["view"]
        self.state.update(message["public"])
        self._legal = _actions(message.get("legal"))
        self.pending = False
        events = [_event(e) for e in message["events"] if isinstance(e, dict)]
        self.log.extend(events)
        del self.log[:-400]
        self._events.extend(events)
        if events:
            self.moves.append(self.turn_no)
        self.updated_at = time.monotonic()
        self._played_for(message)

    def _played_for(self, update: dict) -> None:
        """What an update (a welcome's too) tells of the moves a computer played for this
        seat while its player was away or silent: said once (a host that does not tell it,
        an older one, sends none)."""
        count = update.get("played_for")
        if isinstance(count, int) and count > 0:
            self._notices.append(Notice("played_for", seat=self.seat, count=count))

    def _seats_from(self, seats: list[dict]) -> None:
        self.statuses = [dict(s) for s in seats]
        made = [Seat(s["name"], s["kind"], s.get("level", "easy")) for s in seats]
        if len(made) == len(self.seats):
            for old, new in zip(self.seats, made, strict=True):
                old.name, old.kind, old.level = new.name, new.kind, new.level
        else:
            self.seats = made

    def take_notices(self) -> list[Notice]:
        self.take_messages()      # seats, refusals and the end come in even mid-animation
        out, self._notices = self._notices, []
        return out

    def wake_in(self, now: float) -> float | None:
        return None     # the connection wakes the window when something arrives

    def warm_up(self) -> None:
        pass

    def computers_wait(self) -> bool:
        return False        # (the host's computers: whether they think is the host's)

    def request_hint(self, seat: int) -> futures.Future[tuple[Action | None, str]]:
        """No hints at a table over the network (the table hides the button): an answer
        with no move, which the table shows as nothing."""
        out: futures.Future[tuple[Action | None, str]] = futures.Future()
        out.set_result((None, ""))
        return out

    def close(self) -> None:
        """Leave the table (the host's computer plays this seat until the token returns);
        a match followed by a new one at the same table leaves the connection to it."""
        if self.successor is None:
            self.client.close()


def _actions(data: Any) -> list[Action]:
    out = []
    for item in data or []:
        try:
            out.append(Action.from_json(item))
        except IllegalAction:
            continue
    return out


def _event(data: dict) -> Event:
    """An event as the host sent it to this seat (already only what this seat may see)."""
    kind = data.get("kind")
    return Event(kind if isinstance(kind, str) else "unknown",
                 {k: v for k, v in data.items() if k != "kind"})


def connect(address: str, port: int, name: str, code: str = "", token: str | None = None,
            timeout: float = 6.0) -> tuple[RemoteMatch | None, str | None, dict]:
    """Connect and wait for the welcome (tests and tools; the window connects without
    waiting: see :class:`~cardtable.net.client.NetClient`). Returns (match, None, {}) or
    (None, refusal code, its params)."""
    client = NetClient(address, port, name=name, code=code, token=token, timeout=timeout)
    client.start()
    deadline = time.monotonic() + timeout + 2
    while time.monotonic() < deadline:
        try:
            message = client.inbox.get(timeout=max(0.01, deadline - time.monotonic()))
        except queue.Empty:
            break
        if message["type"] == "welcome":
            return RemoteMatch(client, message), None, {}
        if message["type"] in ("refused", "closed"):
            client.close()
            return None, message["code"], message.get("params") or {}
    client.close()
    return None, "unreachable", {}


__all__ = ["RemoteMatch", "PublicState", "Notice", "connect", "protocol"]
