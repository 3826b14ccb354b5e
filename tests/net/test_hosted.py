"""The host's match without a server: the authority wraps a Match through its public members
only, and takes, checks, refuses and plays the moves friends send as the server hands them
over (``take_seat``, ``offer_move``, ``leave_seat``), telling each seat only its own view."""

from __future__ import annotations

import ast
import logging
from pathlib import Path

import pytest

from cardtable.engine import registry
from cardtable.engine.core import Action
from cardtable.match import Match
from cardtable.net import delta, hosted, wrapped
from cardtable.net.hosted import HostedMatch
from cardtable.net.protocol import Refused


def table(game: str = "sixtysix", players: int = 2, remote=(1,), seed: int | None = 4,
          host: str = "computer") -> tuple[HostedMatch, list]:
    """A hosted match whose sends are kept: (match, [(seat, message)...])."""
    seats = [{"name": "You", "kind": host, "level": "easy"}] + \
        [{"name": f"Seat{i}", "kind": "computer", "level": "easy"} for i in range(1, players)]
    match = HostedMatch.from_config({"game": game, "players": players, "seed": seed,
                                     "seats": seats}, remote=list(remote), pace=0.0,
                                    threaded=False)
    sent: list = []
    match.send = lambda seat, message: sent.append((seat, message))
    return match, sent


def to_friend(match: HostedMatch, seat: int) -> None:
    """Play the host's computer until ``seat`` is to act."""
    while match.to_act != seat:
        assert match.poll(now=float("inf"))


def test_the_authority_uses_only_the_public_members_of_the_match_it_wraps():
    """No ``match._x`` in net/hosted.py nor net/wrapped.py: the Match is wrapped, not
    reached into."""
    for module in (hosted, wrapped):
        source = Path(module.__file__).read_text(encoding="utf-8")
        private = [node.attr for node in ast.walk(ast.parse(source))
                   if isinstance(node, ast.Attribute) and node.attr.startswith("_")
                   and not node.attr.startswith("__")
                   and isinstance(node.value, ast.Attribute) and node.value.attr == "match"]
        assert private == [], module.__name__
    assert not issubclass(HostedMatch, Match)


def test_a_friends_seat_is_a_person_played_elsewhere():
    match, _ = table("japanese65", 4, remote=(1, 3), host="human")
    assert [s.kind for s in match.seats] == ["human", "human", "computer", "human"]
    assert [match.is_human(s) for s in range(4)] == [True, False, False, False]
    assert match.human_seats == [0] and match.people_seats() == [0]
    assert match.seat_status(1) == "empty" and match.seat_status(0) is None
    seat = match.take_seat("Ann", None)
    assert seat == 1 and match.seats[1].name == "Ann" and match.seat_status(1) == "connected"
    assert match.people_seats() == [0, 1] and not match.is_human(1)
    assert match.undo_seat is None and not match.can_undo() and not match.undo()
    assert [n.kind for n in match.take_notices()] == ["joined"]


def test_a_friends_move_is_played_by_the_hosts_poll_and_each_seat_sees_only_its_own():
    match, sent = table()
    assert match.take_seat("Ann", None) == 1
    to_friend(match, 1)
    with pytest.raises(Refused):
        match.offer_move(1, match.legal_actions()[0], match.turn - 1)   # an earlier turn
    with pytest.raises(Refused):
        match.offer_move(0, match.legal_actions()[0], match.turn)       # not a friend's seat
    turn = match.turn
    action = match.legal_actions()[0]
    match.offer_move(1, action, turn)
    assert match.turn == turn                   # offered, not played: the host's thread plays
    events = match.poll(now=float("inf"))
    assert events and match.moves[-1] == (1, action) and match.turn == turn + 1
    held = None                                 # the friend's picture, update after update
    for seat, message in sent:
        if seat == 1 and message["type"] == "update":
            held, update = delta.expand(held, message), message
    assert held.view == match.view(1) and update["turn"] == match.turn
    hand0 = set(match.state.hand(0))
    assert not hand0 & set(str(update).replace("'", " ").split())   # never the host's hand


def test_poll_friend_plays_a_friends_move_at_once_and_never_a_computers():
    """What the host's table calls every frame whatever it animates (issue 34, item 10):
    the move a friend sent, and nothing else (a computer's waits for ``poll``, its pace)."""
    match, sent = table()
    match.take_seat("Ann", None)
    to_friend(match, 1)
    assert match.poll_friend() == []            # nothing sent yet
    turn, action = match.turn, match.legal_actions()[0]
    match.offer_move(1, action, turn)
    sent.clear()
    events = match.poll_friend()
    assert events and match.moves[-1] == (1, action) and match.turn == turn + 1
    assert any(s == 1 and m["type"] == "update" for s, m in sent)
    for _ in range(40):                         # the host's computer, then a stand-in
        if match.is_over:
            break
        turn = match.turn
        if match.to_act == 1 and match.seat_status(1) == "connected":
            match.leave_seat(1)                 # away: a computer plays for them
        assert match.poll_friend() == [] and match.turn == turn
        assert match.poll(now=float("inf"))


def test_an_illegal_or_unreadable_move_is_refused_and_changes_nothing(monkeypatch, caplog):
    match, sent = table()
    match.take_seat("Ann", None)
    to_friend(match, 1)
    before = match.state.to_json()
    match.offer_move(1, Action("play", card="XX"), match.turn)
    assert match.poll(now=float("inf")) == []
    assert sent[-1] == (1, {"type": "refused", "code": "illegal", "rule": "not_in_hand",
                            "params": {}, "turn": match.turn})
    # a move the engine cannot even read (here: it raises what no rule names)
    monkeypatch.setattr(match.match, "apply", lambda action: [][0])
    match.offer_move(1, match.legal_actions()[0], match.turn)
    with caplog.at_level(logging.WARNING, logger="cardtable.net.hosted"):
        assert match.poll(now=float("inf")) == []
    assert sent[-1] == (1, {"type": "refused", "code": "malformed"})
    assert [r.exc_info for r in caplog.records if "seat 1" in r.getMessage()]
    assert match.state.to_json() == before and match.to_act == 1


def test_a_failure_after_the_friends_move_was_played_is_not_a_refusal():
    """Telling the players fails after the move was played: the error goes up, the move is
    not refused as if it had not been."""
    match, sent = table()
    match.take_seat("Ann", None)
    to_friend(match, 1)

    def broken(seat, message):
        raise OSError("the network went")

    match.send = broken
    turn = match.turn
    match.offer_move(1, match.legal_actions()[0], turn)
    with pytest.raises(OSError):
        match.poll(now=float("inf"))
    assert match.turn == turn + 1


def test_a_computer_stands_in_while_a_friend_is_away_and_stops_when_they_come_back():
    match, sent = table()
    match.clock = lambda: 500.0                     # (the friend's silence: a still clock)
    match.take_seat("Ann", None)
    to_friend(match, 1)
    assert match.poll(now=float("inf")) == []       # the friend's turn: the match waits
    match.leave_seat(1)
    assert match.seat_status(1) == "away" and match.seats[1].level == match.stand_in
    turn = match.turn
    assert match.poll(now=float("inf")) and match.moves[turn][0] == 1
    assert [n.kind for n in match.take_notices()] == ["joined", "left"]
    assert match.take_seat("Ann again", match.remote[1].token) == 1     # back with the token
    assert match.seats[1].name == "Ann"             # (the seat keeps the name it had)
    to_friend(match, 1)
    # the friend's turn: the match waits (it wakes only to tell the host they are slow)
    assert match.poll(now=float("inf")) == [] and match.wake_in(0.0) == hosted.SLOW_SECONDS


def test_every_move_reaches_the_session_with_the_hosted_match():
    match, _ = table()
    told = []
    match.on_change = told.append
    match.take_seat("Ann", None)
    match.take_notices()            # a friend sat down: saved again
    match.poll(now=float("inf"))
    assert told and all(m is match for m in told)
    match.on_change = None
    assert match.match.on_change is None


def test_two_tables_of_one_seed_deal_the_same_first_deal_and_then_their_own():
    a, _ = table(seed=8)
    b, _ = table(seed=8)
    plain = Match("sixtysix", [{"name": "A", "kind": "computer"},
                               {"name": "B", "kind": "computer"}], seed=8)
    assert a.state.to_json() == b.state.to_json() == plain.state.to_json()
    assert a.match.deal_seed(2) != b.match.deal_seed(2)
    start = registry.from_json(a.checkpoint)
    assert a.deal_code(start) == plain.deal_code(start) is not None
    plain.close()


class Clock:
    def __init__(self, now: float = 100.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_a_friend_silent_at_their_turn_is_played_by_a_computer_until_they_move():
    match, sent = table()
    match.clock = clock = Clock()
    match.take_seat("Ann", None)
    to_friend(match, 1)
    match.take_notices()
    assert match.wake_in(0.0) == hosted.SLOW_SECONDS      # the host's window wakes then
    clock.now += hosted.SLOW_SECONDS
    assert match.poll(now=float("inf")) == [] and match.seat_status(1) == "connected"
    assert [n.kind for n in match.take_notices()] == ["slow"]     # the host's buttons come
    assert match.wake_in(0.0) == pytest.approx(hosted.IDLE_SECONDS - hosted.SLOW_SECONDS)
    clock.now += hosted.IDLE_SECONDS
    del sent[:]
    turn = match.turn
    assert match.poll(now=float("inf"))                    # the computer plays for Ann
    assert match.moves[turn][0] == 1 and match.seat_status(1) == "idle"
    told = [m for s, m in sent if m["type"] == "seats"]
    assert told and told[0]["seats"][1]["status"] == "idle"    # Ann's copy is told
    assert any(s == 1 and m["type"] == "update" for s, m in sent)   # and still updated
    notices = match.take_notices()
    assert [(n.kind, n.code) for n in notices] == [("idle", "silent")]
    # Ann's next move takes the seat back
    to_friend(match, 1)
    match.offer_move(1, match.legal_actions()[0], match.turn)
    assert match.seat_status(1) == "connected"
    assert [n.kind for n in match.take_notices()] == ["back"]
    assert match.poll(now=float("inf")) and match.moves[-1][0] == 1


def test_without_an_idle_time_the_table_waits_for_ever_and_the_host_may_hand_over():
    match, sent = table()
    match.clock = clock = Clock()
    match.idle_seconds = None
    match.take_seat("Ann", None)
    to_friend(match, 1)
    clock.now += 10 ** 6
    assert match.poll(now=float("inf")) == [] and match.seat_status(1) == "connected"
    assert match.silent_for(1) == 10 ** 6
    assert match.hand_to_computer(1) and match.seat_status(1) == "idle"
    assert not match.hand_to_computer(1) and not match.hand_to_computer(0)
    assert match.poll(now=float("inf")) and match.moves[-1][0] == 1


def test_a_seat_freed_by_the_host_has_a_new_token_and_a_computer_meanwhile():
    match, sent = table()
    match.take_seat("Ann", None)
    token = match.remote[1].token
    match.free_seat(1)
    assert match.seat_status(1) == "open" and match.remote[1].token != token
    with pytest.raises(Refused) as no:
        match.take_seat("Ann", token)
    assert no.value.code == "bad_token"
    assert match.take_seat("Bea", None) == 1 and match.seats[1].name == "Bea"
