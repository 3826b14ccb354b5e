"""One table of a table server, without the server: the creation message checked field by
field, the code of a connection's path, the first frame handed on, the table driven on a
loop (a friend's move played at once, a computer's after its pause, nothing while nobody
is there, an empty seat filled after its wait) and ended."""

from __future__ import annotations

import asyncio
import json

import pytest

from cardtable.engine import registry
from cardtable.match import Match
from cardtable.net import protocol, served
from cardtable.net.protocol import Refused
from cardtable.net.served import FirstFrame, ServedTable, code_of_path, read_create


def frame(**fields) -> str:
    message = {"type": "create", "code": "K7QF2M", "name": "Ann", "game": "pairs65",
               "seats": [{"kind": "human"}, {"kind": "friend", "level": "hard"},
                         {"kind": "computer", "level": "medium", "name": "Rosa"}]}
    message.update(fields)
    return protocol.encode(message)


def test_a_creation_is_read_with_every_seat_filled_in():
    create = read_create(frame())
    assert create["code"] == "K7QF2M" and create["players"] == 3
    assert create["seats"] == [
        {"kind": "friend", "level": "easy", "name": "Friend 1"},
        {"kind": "friend", "level": "hard", "name": "Friend 2"},
        {"kind": "computer", "level": "medium", "name": "Rosa"}]
    assert create["options"] == registry.get("pairs65").default_options()
    assert create["stand_in"] == "easy" and create["first_dealer"] is None


def test_an_expert_computer_plays_where_the_game_offers_it(expert_in):
    expert_in()
    create = read_create(frame(seats=[{"kind": "friend"},
                                      {"kind": "computer", "level": "expert"}]))
    assert create["seats"][1]["level"] == "hard"


@pytest.mark.parametrize(("text", "code"), [
    (b"{}", "malformed"),
    ("x" * (protocol.MAX_MESSAGE + 1), "too_big"),
    ("NaN", "malformed"),
    ("[]", "malformed"),
    (json.dumps({"v": 99, "type": "create"}), "version"),
    (json.dumps({"v": True, "type": "create"}), "malformed"),
    (frame(name=5), "malformed"),
    (frame(name="x" * 65), "malformed"),
    (frame(code=["K7QF2M"]), "malformed"),
    (frame(seats="three"), "malformed"),
    (frame(seats=[{"kind": "friend"}] * 17), "malformed"),
    (frame(seats=[{"kind": "friend", "level": "godlike"}, {"kind": "friend"}]), "malformed"),
    (frame(seats=[{"kind": "friend", "colour": 1}, {"kind": "friend"}]), "malformed"),
    (frame(seats=[{"kind": "friend"}, {"kind": "computer", "name": 7}]), "malformed"),
    (frame(options=[1]), "malformed"),
    (frame(options={str(i): i for i in range(33)}), "malformed"),
    (frame(stand_in="best"), "malformed"),
    (frame(first_dealer=3), "malformed"),
    (frame(first_dealer=True), "malformed"),
    (frame(app=["x"]), "malformed"),
    (frame(secret=1), "malformed"),
    (frame(game="chess"), "bad_table"),
    (frame(seats=[{"kind": "friend"}]), "bad_table"),                  # too few
    (frame(seats=[{"kind": "computer"}, {"kind": "computer"}]), "bad_table"),   # no friend
    (frame(options={"none such": 1}), "bad_table"),
])
def test_a_creation_that_is_not_one_is_refused(text, code):
    with pytest.raises(Refused) as no:
        read_create(text)
    assert no.value.code == code


def test_a_computer_named_by_its_creator_keeps_a_clean_name():
    create = read_create(frame(seats=[{"kind": "friend"},
                                      {"kind": "computer", "name": "\u202e\u0000  "}]))
    assert create["seats"][1]["name"] == "Computer 2"


def test_the_creators_name_which_names_the_table_is_cleaned_as_a_seats_name():
    from cardtable.names import NAME_LENGTH

    create = read_create(frame(name="\u202eAnn" + "x" * 60))
    assert create["name"] == ("Ann" + "x" * 60)[:NAME_LENGTH]
    assert read_create(frame(name="\u0000 \u200b"))["name"] == ""


@pytest.mark.parametrize(("path", "code"), [
    ("/", ""), ("", ""), ("/?x=1", ""), ("/t/K7QF2M", "K7QF2M"), ("/t/k7qf-2m/", "K7QF2M"),
    ("/t/K7QF2M?from=mail", "K7QF2M"), ("/x/K7QF2M", None), ("/t/a/b", None),
    ("/t/" + "A" * 33, None), ("/status", None)])
def test_the_code_of_a_path(path, code):
    assert code_of_path(path) == code


def test_codes_are_long_enough_and_of_letters_read_without_doubt():
    codes = {served.new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(served.valid_code(c) and len(c) >= served.CODE_MIN for c in codes)
    assert len(served.new_code(3)) == served.CODE_MIN
    assert served.shown_code("K7QFM2XHPT") == "K7QFM-2XHPT"
    assert served.shown_code("K7QF2M") == "K7QF2M"
    assert not served.valid_code("K7QF")            # a host's short code: too easy to guess
    assert not served.valid_code("K7QF2O")          # O is no code letter
    assert not served.valid_code("K" * (served.CODE_MAX + 1))


def test_the_first_frame_is_handed_on_before_the_others():
    class Wire:
        def __init__(self):
            self.frames = ["b", "c"]
            self.remote_address = ("10.0.0.1", 5)

        async def recv(self):
            return self.frames.pop(0)

        def __aiter__(self):
            return self

        async def __anext__(self):
            if not self.frames:
                raise StopAsyncIteration
            return self.frames.pop(0)

    async def read() -> list:
        first = FirstFrame(Wire(), "a")
        out = [await first.recv()]
        out += [f async for f in first]
        again = FirstFrame(Wire(), "a")
        return out + [f async for f in again] + [again.remote_address]

    assert asyncio.run(read()) == ["a", "b", "c", "a", "b", "c", ("10.0.0.1", 5)]


def driven(seats, fill: float = 30.0, pace: float = 0.0):
    """A served table on a fresh loop, its sends kept: (loop, table, [(seat, message)])."""
    create = read_create(frame(seats=seats))
    loop = asyncio.new_event_loop()
    match = served.hosted_match(create, pace=pace, threaded=False)
    table = ServedTable(match, "K7QF2M", loop, fill_seconds=fill)
    sent: list = []
    match.send = lambda seat, message: sent.append((seat, message))
    return loop, table, sent


def run_for(loop, seconds: float) -> None:
    loop.run_until_complete(asyncio.sleep(seconds))


def test_nobody_there_nothing_played_then_the_computers_play_for_a_friend():
    loop, table, _ = driven([{"kind": "friend"}, {"kind": "computer"}])
    match = table.match
    try:
        while match.to_act != 1:    # (the computer's turn)
            match.run_computer_move()
        turn = match.turn
        table.wake()
        run_for(loop, 0.05)
        assert match.turn == turn           # nobody connected: nothing played
        table.by_seat[0] = object()         # somebody is here
        table.wake()
        run_for(loop, 0.05)
        assert match.turn > turn
    finally:
        table.end()
        loop.close()


def test_an_empty_friends_seat_is_filled_after_its_wait():
    loop, table, sent = driven([{"kind": "friend"}, {"kind": "friend"}], fill=0.1)
    match = table.match
    try:
        match.take_seat("Ann", None)
        table.by_seat[0] = object()
        while match.to_act == 0:         # Ann's moves, until seat 1's turn
            match.offer_move(0, match.legal_actions()[0], match.turn)
            run_for(loop, 0.01)
        table.wake()
        run_for(loop, 0.03)
        assert match.to_act == 1 and match.seat_status(1) == "empty"
        run_for(loop, 0.3)
        assert match.seat_status(1) == "open"
        assert any(seat == 1 for seat, _ in match.moves)
        assert match.take_notices() == []      # what it told its table did not pile up
    finally:
        table.end()
        loop.close()


def test_a_computers_pause_is_kept_by_a_timer():
    loop, table, _ = driven([{"kind": "friend"}, {"kind": "computer"}], pace=0.2)
    match = table.match
    try:
        while match.to_act != 1:
            match.run_computer_move()
        turn = match.turn
        table.by_seat[0] = object()
        table.wake()
        run_for(loop, 0.08)
        assert match.turn == turn            # still in its pause
        run_for(loop, 0.3)
        assert match.turn > turn
    finally:
        table.end()
        loop.close()


def test_an_ended_table_tells_its_connections_and_plays_no_more():
    loop, table, _ = driven([{"kind": "friend"}, {"kind": "computer"}])

    class Conn:
        def __init__(self):
            self.posted = []

        def post(self, text):
            self.posted.append(text)

    conn = Conn()
    table.conns.add(conn)
    table.end("host_left")
    table.end("host_left")          # once only
    try:
        assert conn.posted == [protocol.encode({"type": "closed", "code": "host_left"}), None]
        assert table.match.send is None and table.match.on_ready is None
        table.wake()
        run_for(loop, 0.02)
        assert table.match.turn == 0
    finally:
        loop.close()


def long_table(deals: int, look=None, at=()) -> dict[int, int]:
    """A served table of Japanese 65 whose seats computers play (its friend's seat
    meanwhile), driven on a loop to its ``deals``-th deal's start, a move a drive (the
    test sets :data:`served.DRIVE_BURST`); ``look(table)`` after every drive. Returns the
    bytes Python had allocated when each deal of ``at`` began."""
    import tracemalloc
    create = read_create(protocol.encode({
        "type": "create", "code": "K7QF2M", "name": "Ann", "game": "japanese65",
        "options": {"target": 20},
        "seats": [{"kind": "friend"}] + [{"kind": "computer"}] * 3}))
    loop = asyncio.new_event_loop()
    match = served.hosted_match(create, pace=0.0, threaded=False)
    table = ServedTable(match, "K7QF2M", loop)
    match.send = lambda seat, message: None
    drive = table.drive
    sizes: dict[int, int] = {}

    failed: list[BaseException] = []

    def looking() -> None:
        try:
            drive()
            if look is not None and not failed:
                look(table)
        except BaseException as exc:    # (the loop would only log it)
            failed.append(exc)
        deal = match.state.deal_no
        if deal in at and deal not in sizes:
            sizes[deal] = tracemalloc.get_traced_memory()[0]

    table.drive = looking
    if at:
        tracemalloc.start()
    try:
        match.stand_in_for(0)               # a computer plays the friend's seat meanwhile
        table.by_seat[0] = object()         # (somebody is there: the table plays)
        table.wake()
        while match.state.deal_no < deals and not failed:
            run_for(loop, 0.02)
    finally:
        if at:
            tracemalloc.stop()
        table.end()
        loop.close()
    if failed:
        raise failed[0]
    return sizes


def test_a_long_lived_table_sends_a_friend_coming_back_what_the_whole_past_would(
        monkeypatch):
    """A served table keeps of its match's past only what the protocol still sends; what a
    friend coming back is sent (the deal in play's recent moves, the last deals' records)
    is, at every move, what the whole past would have given."""
    monkeypatch.setattr(served, "DRIVE_BURST", 1)       # (a drive, a look, every move)
    events: list = []           # the whole past, as the match would have kept it
    records: list = []
    checked = []

    def look(table) -> None:
        match = table.match
        inner = match.match
        if not checked:                 # (the first look: from now on, every move)
            events.extend(inner.log)
            record = inner._record

            def recording(seat, action, moved):
                events.extend(moved)
                record(seat, action, moved)
                if any(e.kind == "deal_scored" for e in moved):
                    records.append(inner.scored_deals[-1])

            inner._record = recording
        start = max((i for i, e in enumerate(events) if e.kind == "dealt"), default=0)
        for seat in range(4):
            assert match.recent_for(seat) == \
                [e.for_seat(seat) for e in events[start:]][-protocol.RECENT:]
        assert table.welcome_records() == \
            json.loads(protocol.encode({"r": records[-protocol.WELCOME_RECORDS:]}))["r"]
        assert not inner.scored_deals and len(table.records) <= protocol.WELCOME_RECORDS
        assert len(match.log) <= protocol.RECENT and len(match.moves) == len(inner.history)
        assert not any(events for _, _, events in inner.history)    # (nobody undoes here)
        checked.append(match.turn)

    long_table(15, look)
    assert len(records) >= 14 and len(checked) >= 14 * 40


def test_a_long_lived_table_does_not_grow_with_its_deals(monkeypatch):
    """It grew by some 75 KB a deal (every event, move and record kept for ever, for a
    desktop table's reviews); once it holds the last records a welcome sends, by the
    score sheet's row only (a few hundred bytes)."""
    monkeypatch.setattr(served, "DRIVE_BURST", 1)
    first = protocol.WELCOME_RECORDS + 2
    sizes = long_table(first + 11, at=(first, first + 10))
    grown = (sizes[first + 10] - sizes[first]) / 10
    assert grown < 2 * 1024, f"{grown / 1024:.1f} KB a deal"


def test_a_welcome_sends_the_packed_records_and_the_match_keeps_none(monkeypatch):
    """A friend who sits down after some deals is welcomed with their records, unpacked
    as a friend's copy reads them, the names on the plates and their seat overlaid as a
    host's welcome does; the match holds none of them afterwards."""
    monkeypatch.setattr(served, "DRIVE_BURST", 1)
    welcomes: list[dict] = []

    class Conn:
        def __init__(self):
            self.ws = object()
            self.seat = None
            self.address = "10.0.0.9"
            self.closing = False
            self.reads = frozenset()

        def post(self, text):
            message = json.loads(text) if text else {}
            if message.get("type") == "welcome":
                welcomes.append(message)

    def look(table) -> None:
        if table.match.state.deal_no == 4 and not welcomes:
            assert len(table.records) == 3 and not table.match.scored_deals
            table.by_seat.clear()
            table.seat_player(Conn(), {"code": "K7QF2M", "name": "Bea", "token": None})
            assert not table.match.scored_deals
            names = table.match.seat_names()
            assert welcomes[0]["records"] == [dict(r, names=names, humans=[0])
                                              for r in table.welcome_records()]

    long_table(4, look)         # (it ends once the fourth deal is dealt: Bea never plays)
    records = welcomes[0]["records"]
    assert [r["deal"] for r in records] == [1, 2, 3] and welcomes[0]["seat"] == 0
    assert all(r["game"] == "japanese65" and r["moves"] for r in records)


def _finished_deals(n: int) -> list[dict]:
    match = Match("japanese65", [{"kind": "computer", "level": "easy", "name": f"C{i}"}
                                 for i in range(4)],
                  options={"target": 20}, seed=5, pace=0, threaded=False,
                  secret=bytes(range(16)))
    while len(match.finished_deals) < n:
        match.poll(0.0)
    return match.take_finished_deals()


def test_a_packed_record_leaves_out_the_generator_its_code_deals_again():
    """The generator's state at a deal's start (625 numbers that do not compress) is left
    out when the record's code deals that very state; it comes back as it was."""
    for record in _finished_deals(3):
        packed = served.Packed(record)
        assert packed.code == record["code"]
        assert len(packed.data) < 1200          # (4.3 KB with the generator's state)
        assert packed.record() == json.loads(protocol.encode({"r": record}))["r"]


def test_a_packed_record_keeps_the_generator_its_code_does_not_deal():
    """A code that deals another deal (or none) does not stand for the generator's state:
    the record keeps it and comes back whole."""
    first, second = _finished_deals(2)
    for code in (second["code"], "NOT-A-CODE", None):
        record = dict(first, code=code)
        packed = served.Packed(record)
        assert packed.code is None and len(packed.data) > 3000
        assert packed.record() == json.loads(protocol.encode({"r": record}))["r"]
