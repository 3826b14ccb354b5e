"""Play again at a table server's table: nobody hosts it, so a friend asks for the new match
once the match is over; they are seated at it at once, the others are asked whether they
stay, and the table keeps its code. Asked for while the match is played, it is refused and
nothing changes."""

from __future__ import annotations

import time

from tests.net.serve_helpers import create, join, play, service, settle


def until(players, done, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the table did not get there in time"
        for p in players:
            p.poll()
        time.sleep(0.005)


def test_a_friend_asks_for_a_new_match_and_the_other_is_asked_whether_they_stay():
    with service() as server:
        ann, code = create(server, "Ann", options={"games_to_win": 1})
        bob, error = join(server, code, "Bob")
        assert bob is not None, error
        table = server.tables[code]
        assert ann.served and bob.served
        # while the match is played, a new one is refused and nothing changes
        old = table.match
        assert not bob.ask_again()                       # (its copy knows: not over)
        bob.client.send({"type": "again", "stay": True})
        until([ann, bob], lambda: any(n.kind == "refused" for n in bob.take_notices()))
        assert table.match is old and not old.is_over
        play([ann, bob], lambda: old.is_over, seconds=60)
        until([ann, bob], lambda: ann.state.is_over and bob.state.is_over)
        assert bob.ask_again() and not bob.ask_again()  # (asked once)
        # Bob is seated at the new match at once; Ann is asked
        until([ann, bob], lambda: bob.successor is not None and ann.asked)
        new = table.match
        assert new is not old and new.game_id == old.game_id and not new.is_over
        assert server.tables[code] is table and bob.successor.seat == bob.seat
        assert new.seat_status(bob.seat) == "connected"
        assert new.seat_status(ann.seat) == "asked"
        assert not bob.asked                             # (never asked what he asked for)
        ann.answer_again(True)
        until([ann, bob], lambda: ann.successor is not None)
        ann2, bob2 = ann.successor, bob.successor
        settle([ann2, bob2], 0.1)
        assert new.seat_status(ann.seat) == "connected"
        assert [s.name for s in new.seats][:2] == ["Ann", "Bob"]
        # and the new match is played at the same table
        play([ann2, bob2], lambda: new.turn >= 6, seconds=30)
        until([ann2, bob2], lambda: ann2.turn == bob2.turn == new.turn)
        ann2.close()
        bob2.close()


def test_a_friend_who_leaves_at_the_new_match_frees_the_seat():
    with service() as server:
        ann, code = create(server, "Ann", options={"games_to_win": 1})
        bob, _ = join(server, code, "Bob")
        table = server.tables[code]
        play([ann, bob], lambda: table.match.is_over, seconds=60)
        until([ann, bob], lambda: ann.state.is_over)
        assert ann.ask_again()
        until([ann, bob], lambda: bob.asked and ann.successor is not None)
        bob.answer_again(False)
        until([ann.successor], lambda: table.match.seat_status(bob.seat) == "empty")
        assert bob.closed == "left"
        ann.successor.close()
