"""The match a hosted table wraps (cardtable.net.wrapped): what the table reads of a
HostedMatch is its wrapped Match's, member by member, and what cannot be done at a table
over the network (undo) is refused."""

from __future__ import annotations

from cardtable.net.hosted import HostedMatch
from cardtable.net.wrapped import WrappedMatch


def hosted() -> HostedMatch:
    seats = [{"name": "You", "kind": "human"}, {"name": "Bo", "kind": "human"},
             {"name": "Cy", "kind": "computer"}]
    return HostedMatch.from_config({"game": "rummy65", "players": 3, "seed": 9,
                                    "seats": seats}, remote=[1], threaded=False, pace=0.0)


def test_what_the_table_reads_is_the_wrapped_matchs():
    match = hosted()
    inner = match.match
    assert isinstance(match, WrappedMatch)
    for name in ("game_id", "spec", "seats", "n_players", "seed", "state", "rules", "log",
                 "moves", "checkpoint", "scored_deals", "turn", "to_act", "is_over",
                 "human_to_act", "human_seats", "pace"):
        assert getattr(match, name) == getattr(inner, name), name
    assert match.names() == inner.names() and match.view(0) == inner.view(0)
    assert match.legal_actions() == inner.legal_actions()
    assert match.to_json() == inner.to_json()
    match.pace = 0.25
    assert inner.pace == 0.25
    match.close()


def test_a_move_seen_on_other_screens_is_never_taken_back():
    match = hosted()
    assert match.undo_seat is None and not match.can_undo() and not match.undo()
    match.close()


def test_the_session_hears_every_move_with_the_hosted_match():
    match = hosted()
    heard = []
    match.on_change = heard.append
    while match.to_act != 0:
        match.run_computer_move()
    assert heard and all(m is match for m in heard)
    match.on_change = None
    assert match.match.on_change is None
    match.close()
