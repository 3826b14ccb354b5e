"""A table is named by its host's chosen name, on the network and in the Join list: the
host's default "You" is the "Host" a friend's plate shows once seated, never "You".

Modules: cardtable.ui.netplay (the table's announced name) and cardtable.ui.scenes.join."""

from __future__ import annotations

import pytest

from cardtable.i18n import tr
from cardtable.net.discovery import Found
from cardtable.net.remote import connect
from cardtable.ui import netplay
from tests.net_helpers import LOOPBACK
from tests.ui.conftest import DT


def hosted(host_name: str):
    config = {"game": "sixtysix", "players": 2, "seed": 4,
              "seats": [{"name": host_name, "kind": "human", "level": "easy"},
                        {"name": "Friend 2", "kind": "friend", "level": "easy"}],
              "network": {"remote": [1], "stand_in": "easy"}}
    return netplay.open_table(config, advertise=False, bind=LOOPBACK)


@pytest.mark.parametrize("chosen,named", [("You", "Host"), ("Ann", "Ann")])
def test_the_table_is_named_as_its_host_is_seen_once_seated(chosen, named):
    host = hosted(chosen)
    try:
        server = host.server
        assert server.table_name == named
        friend, error, _ = connect(LOOPBACK, server.port, "Bea", code=server.code)
        assert friend is not None, error
        try:
            assert friend.table_name == named
            assert friend.names()[0] == named      # the host's plate at the friend's table
        finally:
            friend.close()
    finally:
        host.close()


def test_a_resumed_table_saved_under_you_is_the_hosts_table():
    assert netplay.table_label("You") == "Host"
    assert netplay.table_label("Ann") == "Ann"


def test_the_join_list_names_tables_by_their_hosts(app):
    scene = app.build("join", browse=False)
    app.push(scene)
    scene._shown_tables = [Found("Ann", "192.168.1.20", 47650, "sixtysix", 2, 1),
                           Found("Host", "192.168.1.21", 47650, "sixtysix", 2, 1),
                           Found("You", "192.168.1.22", 47650, "sixtysix", 2, 1)]
    scene.rebuild()
    app.step([], DT)
    labels = [tr(scene.widget(f"table{i}").text) for i in range(3)]
    assert labels[0].startswith("Ann · Sixty-Six · ")
    assert labels[1].startswith("Host · ") and labels[2].startswith("Host · "), labels
    assert not any(label.startswith("You") for label in labels)
