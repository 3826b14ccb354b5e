"""The Join screen takes a server's URL as its address (``wss://cards.example.org/t/``):
checked before anything is tried, the table code added to a path that ends with ``/``,
the server's certificate verified, and each way it fails said in one sentence. What other
computers announce on the network is shown as a seat's name would be.

Module: cardtable.ui.scenes.join (a server's URL), with cardtable.net.client."""

from __future__ import annotations

import time

import pytest

from cardtable.i18n import tr
from cardtable.net import client as netclient
from cardtable.net.discovery import Found
from cardtable.ui import netplay
from cardtable.ui.scenes.join import OWN_WORDS, JoinScene
from cardtable.ui.scenes.table import TableScene
from tests.hostile import LOOPBACK, FakeHost, Honest
from tests.test_net_tls import tls_host
from tests.ui.conftest import DT


@pytest.fixture
def join(app, tmp_path, monkeypatch):
    monkeypatch.setattr(netplay, "seats_file", lambda: tmp_path / "net_seats.json")
    scene = app.build("join", browse=False)
    app.push(scene)
    return scene


def until(app, test, seconds=8.0) -> bool:
    deadline = time.monotonic() + seconds
    while not test():
        if time.monotonic() > deadline:
            return False
        app.step([], DT)
        time.sleep(0.01)
    return True


@pytest.mark.parametrize("typed", ["wss://", "wss://user@cards.example.org/",
                                   "wss://cards.example.org:70000/", "ws://a b/"])
def test_a_url_that_names_no_server_is_told_so_at_once(join, typed):
    join.values.update(address=typed, code="K7QFM-2XHPT", name="Ann")
    join.join()
    assert join.client is None and join.status_bad
    assert "wss://cards.example.org/t/" in tr(join.status)


def test_a_server_url_ending_in_a_slash_gets_the_table_code(app, join):
    host = FakeHost([Honest("sixtysix").welcome()]).start()
    try:
        join.values.update(address=f"ws://{LOOPBACK}:{host.port}/t/", code="k7qfm-2xhpt",
                           name="Ann", port="1")
        join.join()
        assert until(app, lambda: isinstance(app.top, TableScene))
        assert host.paths == ["/t/K7QFM2XHPT"]
        assert host.hellos[0]["code"] == "k7qfm-2xhpt"
        # kept for that table: the URL as typed, its port and the table's code
        url = f"ws://{LOOPBACK}:{host.port}/t/"
        assert netplay.token_for(url, host.port, "K7QFM2XHPT") == app.top.match.token
        assert netplay.token_for(url, host.port, "H6FLYCPAF9") is None
    finally:
        if isinstance(app.top, TableScene):
            app.top.match.close()
        host.close()


def test_a_server_whose_certificate_is_not_trusted_is_told_in_one_sentence(app, join,
                                                                            tmp_path):
    host, _ca = tls_host(tmp_path)
    try:
        join.values.update(address=f"wss://{LOOPBACK}:{host.port}/", code="K7QFM-2XHPT",
                           name="Ann")
        join.join()
        assert until(app, lambda: join.client is None)
        assert join.status == JoinScene.words("bad_certificate") == netclient.CERTIFICATE
        assert join.status_bad and tr(join.status).endswith(".")
        assert not host.hellos
    finally:
        host.close()


def test_the_join_screen_has_a_sentence_for_every_way_its_client_ends():
    for code in ("bad_host", "bad_certificate", "unreachable", "host_gone", "version"):
        assert tr(JoinScene.words(code)).endswith(".")
    assert set(OWN_WORDS) == {"bad_host", "bad_certificate"}


def test_an_announced_table_of_a_long_name_is_shown_short(app, join):
    join._shown_tables = [Found("Ann\n" + "x" * 100_000, "192.168.1.20", 47650,
                                "g" * 300, 2, 6),
                          Found("\u200b", "192.168.1.21", 47650, "sixtysix", 2, 6)]
    join.rebuild()
    started = time.monotonic()
    app.step([], DT)
    assert time.monotonic() - started < 2.0
    labels = [tr(join.widget(f"table{i}").text) for i in range(2)]
    assert all(len(label) < 120 and label.isprintable() for label in labels)
    assert labels[1].startswith("Host · Sixty-Six")


def test_tab_into_a_full_field_selects_it_and_typing_replaces_it(app, join):
    """The port field comes filled in (47650, five digits, its most): typing after Tab
    took no key until one was deleted. A field reached by Tab has its text selected, as in
    desktop programs: what is typed replaces it; a click puts the caret instead."""
    import pygame

    from tests.ui.conftest import press, type_text

    port = join.widget("port")
    assert len(port.text) == port.max_length
    join.form.focus(join.widget("address"))
    press(app, pygame.K_TAB)                 # the first key shows the focus ring
    press(app, pygame.K_TAB)
    assert join.form.focused is port and port.all_selected
    type_text(app, "47700")
    assert port.text == "47700"
    press(app, pygame.K_TAB)                 # the code field, empty: nothing to select
    assert join.form.focused is join.widget("code")
    assert not join.widget("code").all_selected
