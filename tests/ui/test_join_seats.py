"""A seat's token is kept for the table it was given at (its code), never sent to another
table at the same address and port, nor with a mistyped code; a line pasted whole into a
code field gives its code; the Join screen says what Join will do.

Module: cardtable.ui.scenes.join (the seats kept), with cardtable.ui.netplay and
cardtable.net.online (the code found in words). Loopback only."""

from __future__ import annotations

import json
import time

import pytest

from cardtable.i18n import tr
from cardtable.net import online
from cardtable.ui import netplay
from tests.hostile import LOOPBACK, FakeHost
from tests.ui.conftest import DT

OLD_CODE = "K7QFM2XHPT"
NEW_CODE = "H6FLYCPAF9"


@pytest.fixture
def seats(tmp_path, monkeypatch):
    path = tmp_path / "net_seats.json"
    monkeypatch.setattr(netplay, "seats_file", lambda: path)
    return path


@pytest.fixture
def host():
    fake = FakeHost([]).start()         # takes the hello, answers nothing
    yield fake
    fake.close()


def hello_of(app, scene, host, seconds: float = 8.0) -> dict:
    """Join with the form as it is; the hello the host got."""
    scene.join()
    assert scene.client is not None
    deadline = time.monotonic() + seconds
    try:
        while not host.hellos:
            assert time.monotonic() < deadline, "no hello came"
            app.step([], DT)
            time.sleep(0.01)
    finally:
        scene.client.close()
        scene.client = None
    return host.hellos[0]


def join_scene(app, port: int, code: str):
    scene = app.build("join", browse=False)
    app.push(scene)
    scene.values.update(address=LOOPBACK, port=str(port), name="Ann")
    scene.set_value("code", code)
    return scene


def test_a_seat_kept_at_one_table_is_not_sent_to_another_at_the_same_port(app, seats, host):
    """The old table's token went with a new table's code: `cardtable serve` counts it as
    a wrong guess over all its tables. Only the code goes."""
    netplay.keep_token(LOOPBACK, host.port, "old-table-token", code=OLD_CODE)
    hello = hello_of(app, join_scene(app, host.port, "H6FLY-CPAF9"), host)
    assert hello["token"] is None and hello["code"] == "H6FLY-CPAF9"


def test_a_mistyped_code_gets_no_seat_back(app, seats, host):
    """A friend holding a seat typed the code wrong and was seated all the same: the
    token goes only with its own table's code."""
    netplay.keep_token(LOOPBACK, host.port, "ann-token", code=OLD_CODE)
    hello = hello_of(app, join_scene(app, host.port, "K7QFM-2XHPX"), host)
    assert hello["token"] is None


@pytest.mark.parametrize("typed", ["", "k7qfm-2xhpt"])
def test_the_seat_kept_at_the_table_is_sent_with_its_code(app, seats, host, typed):
    """Its code typed, or none (coming back after a crash): the token goes, with the
    table's code."""
    netplay.keep_token(LOOPBACK, host.port, "ann-token", code=OLD_CODE)
    scene = join_scene(app, host.port, typed)
    assert scene.wanting() == {}
    hello = hello_of(app, scene, host)
    assert hello["token"] == "ann-token"
    assert online.code_in(hello["code"]) is not None
    assert netplay.last_seat() == (LOOPBACK, host.port, OLD_CODE)


def test_the_join_screen_fills_in_the_kept_table_and_says_what_join_does(app, seats):
    """The Join screen showed "Table code" as needed when coming back to a kept seat."""
    netplay.keep_token("192.168.1.20", 47650, "ann-token", name="Ann", code=OLD_CODE)
    scene = app.build("join", browse=False)
    assert scene.values["code"] == "K7QFM-2XHPT" and scene.wanting() == {}
    assert "seat" in tr(scene.note) and "kept" in tr(scene.note)
    scene.set_value("code", "H6FLY-CPAF9")             # another table there: no seat
    assert scene.note is None


def test_a_file_kept_before_the_codes_is_still_read(app, seats, host):
    """A seats file of before (address:port -> token, no code): read; its token goes when
    no code is typed, not with a code (it may be another table's); a damaged entry is
    passed over."""
    seats.write_text(json.dumps({"version": 1, "name": "Ann", "seats": {
        f"{LOOPBACK}:{host.port}": {"token": "old-file-token"},
        "nonsense:port": {"token": "x"}, f"{LOOPBACK}:1 lower": {"token": "y"},
        f"{LOOPBACK}:2": "not an entry"}}))
    assert netplay.last_seat() == (LOOPBACK, host.port, "")
    assert netplay.token_for(LOOPBACK, host.port) == "old-file-token"
    assert netplay.token_for(LOOPBACK, host.port, NEW_CODE) is None
    scene = app.build("join", browse=False)
    app.push(scene)
    assert scene.values["address"] == LOOPBACK and scene.values["code"] == ""
    assert scene.wanting() == {} and scene.note is not None
    assert hello_of(app, scene, host)["token"] == "old-file-token"
    # kept again with its code: the entry of before goes
    netplay.keep_token(LOOPBACK, host.port, "new-token", code=OLD_CODE)
    assert sorted(json.loads(seats.read_text())["seats"]) == sorted([
        "nonsense:port", f"{LOOPBACK}:1 lower", f"{LOOPBACK}:2",
        f"{LOOPBACK}:{host.port} {OLD_CODE}"])
    assert netplay.kept_seat(LOOPBACK, host.port) == ("new-token", OLD_CODE)


def test_the_seat_kept_last_is_offered_though_the_file_is_sorted(seats):
    """The file is written with its keys sorted: the seat kept last is the one of the
    table sat at last, not the last in the alphabet; the oldest go past 20."""
    netplay.keep_token("192.168.1.9", 47650, "t-9", code="ZZZZZZZZZZ")
    netplay.keep_token("192.168.1.1", 47650, "t-1", code="AAAAAAAAAA")
    assert netplay.last_seat() == ("192.168.1.1", 47650, "AAAAAAAAAA")
    for n in range(20):
        netplay.keep_token("10.0.0.1", 1000 + n, f"t{n}")
    assert netplay.token_for("192.168.1.9", 47650) is None      # the oldest went
    assert netplay.last_seat() == ("10.0.0.1", 1019, "")
    assert len(json.loads(seats.read_text())["seats"]) == 20


def test_two_tables_at_one_server_keep_a_seat_each(seats):
    netplay.keep_token(LOOPBACK, 47650, "a-token", code="AAAAAAAAAA")
    netplay.keep_token(LOOPBACK, 47650, "b-token", code="BBBBBBBBBB")
    assert netplay.token_for(LOOPBACK, 47650, "aaaaa-aaaaa") == "a-token"
    assert netplay.token_for(LOOPBACK, 47650, "BBBBB BBBBB") == "b-token"
    assert netplay.kept_seat(LOOPBACK, 47650) == ("b-token", "BBBBBBBBBB")
    netplay.forget_token(LOOPBACK, 47650, code="BBBBBBBBBB")
    assert netplay.kept_seat(LOOPBACK, 47650) == ("a-token", "AAAAAAAAAA")


@pytest.mark.parametrize("text,code", [
    ("the code is H6FLY-CPAF9 thanks", "H6FLY-CPAF9"),
    ("thanks H6FLY-CPAF9", "H6FLY-CPAF9"),
    ("Table code H6FLY-CPAF9 · 192.168.1.20 port 47650", "H6FLY-CPAF9"),
    ("k7qfm-2xhpt", "k7qfm-2xhpt"), (" K7QFM2XHPT. ", "K7QFM2XHPT"),
    ("ABCDEF-GHJKMN", "ABCDEF-GHJKMN"), ("join abcde-fghjk please", "abcde-fghjk"),
    ("ABCD", None), ("hello there", None), ("", None), ("I0I0I0I0I0", None),
])
def test_the_code_is_found_in_a_line_pasted_whole(text, code):
    assert online.code_in(text) == code
    assert online.typed_code(text) == (text if code is None else code)


def test_the_join_screen_joins_with_the_code_in_a_pasted_line(app, seats, host):
    """"the code is H6FLY-CPAF9 thanks" was cut at 16 characters ("the code is H6FL")
    and refused as wrong."""
    text = "the code is H6FLY-CPAF9 thanks"
    scene = join_scene(app, host.port, text)
    scene.rebuild()
    assert scene.widget("code").text == text            # not cut
    assert "H6FLY-CPAF9" in tr(scene.note)
    assert hello_of(app, scene, host)["code"] == "H6FLY-CPAF9"


def test_the_online_screen_reads_the_code_in_a_pasted_line(app, monkeypatch, tmp_path):
    monkeypatch.setattr(online, "seats_file", lambda: tmp_path / "online_seats.json")
    scene = app.build("online")
    monkeypatch.setattr(type(scene), "where", property(lambda s: online.Where(LOOPBACK, 9)))
    app.push(scene)
    scene.rebuild()
    joined = []
    monkeypatch.setattr(scene, "_connect", lambda where, code, token: joined.append(code))
    field = scene.widget("code")
    assert field.max_length >= 60
    scene.set_value("code", "here it is: H6FLY-CPAF9, see you")
    scene.join()
    assert joined == ["H6FLY-CPAF9"]
