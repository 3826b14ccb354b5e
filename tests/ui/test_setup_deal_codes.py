"""A deal code or the daily deal started from a setup whose table is open to the network:
the table opens to the network with that deal as its first deal (the tester's steps: the
Friend seats became people at this computer, passed round as "Pass to You / You plays
next"), the setup says when the deal's count of players is not the slider's, and nobody
at a table passed round is named "You" (a word for the viewer, not a name for the others'
sentences).

Module: cardtable.ui.scenes.setup (code_config, code_words, seated, notes)."""

from __future__ import annotations

import pytest

from cardtable import records
from cardtable.i18n import Msg, seat_name, set_language, tr
from cardtable.match import Match
from cardtable.net.hosted import HostedMatch
from cardtable.ui import netplay
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.scenes.table.launch import install
from tests.net_helpers import LOOPBACK
from tests.ui.conftest import DT, click

DAY = "2026-11-27"


@pytest.fixture
def today(monkeypatch):
    monkeypatch.setattr(records, "today", lambda: DAY)


@pytest.fixture
def loopback(monkeypatch):
    """Tables this program opens to the network listen on loopback only, unannounced."""
    class Loopback(netplay.TableServer):
        def __init__(self, match, port: int = 0, host: str = "", **kwargs):
            super().__init__(match, port=port, host=LOOPBACK, **dict(kwargs, advertise=False))
    monkeypatch.setattr(netplay, "TableServer", Loopback)


def setup_for(app, game: str) -> SetupScene:
    scene = app.build("setup", game)
    app.push(scene)
    app.step([], DT)
    return scene


def first_hands(match) -> list:
    return [list(hand) for hand in match.state.hands]


def test_the_daily_deal_of_a_table_open_to_the_network_opens_it_with_that_deal(
        app, today, loopback):
    """The tester's steps at Rummy 65: the slider at 4, the table open to the network (seat
    2 a Friend), Daily deal: the table listens, seat 2 waits for a friend (no person here
    but the host, so no hand-over screen), and its first deal is the daily deal."""
    install(app)
    scene = setup_for(app, "rummy65")
    scene.set_players(4)
    scene.set_network(True)
    assert scene.seats[1]["kind"] == "friend"
    daily = records.daily_code("rummy65")
    assert daily.players == 3
    click(app, scene.widget("Daily deal"))
    match = app.table.match
    try:
        assert isinstance(match, HostedMatch) and match.server is not None
        assert list(match.remote) == [1]
        assert match.human_seats == [0] and not app.table.hotseat
        assert match.n_players == 3
        alone = Match.from_config(dict(app.last_match_config, network=None), threaded=False)
        assert first_hands(match) == first_hands(alone)       # the daily deal, dealt first
        # the count of players the deal set is said, in a sentence
        assert any("3 players" in tr(t.text) for t in app.toasts)
    finally:
        match.close()


def test_a_deal_codes_config_keeps_the_friends_among_its_players(app, today):
    scene = setup_for(app, "japanese65")
    scene.set_network(True)
    scene.set_kind(3, "friend")
    code = records.decode(records.encode(records.make_code("japanese65", 4, None, 99, None)))
    config = scene.code_config(code)
    assert config["network"] == {"remote": [1, 3], "stand_in": "medium",
                                 "idle_seconds": scene.idle_seconds}
    assert config["seed"] == code.seed and config["players"] == 4
    assert scene.code_words(code) == []                  # nothing changes of the setup
    # the deals after the code's come from the table's secret, not from the code's seed
    hosted = HostedMatch.from_config(config, remote=[1, 3], threaded=False)
    alone = Match.from_config(config, threaded=False)
    assert first_hands(hosted) == first_hands(alone)
    assert hosted.match.deal_seed(2) != alone.deal_seed(2)


def test_a_code_with_no_friend_seat_among_its_players_says_it_is_played_here(app, today):
    scene = setup_for(app, "rummy65")
    scene.set_players(4)
    scene.set_network(True)
    scene.set_kind(1, "computer")
    scene.set_kind(3, "friend")              # the only friend sits beyond the deal's three
    daily = records.daily_code("rummy65")
    config = scene.code_config(daily)
    assert "network" not in config
    assert [s["kind"] for s in config["seats"]] == ["human", "computer", "computer"]
    words = [tr(w) for w in scene.code_words(daily)]
    assert len(words) == 2 and "3 players" in words[0] and "this computer" in words[1]


def test_the_setup_says_the_daily_deals_count_of_players_before_it_starts(app, today):
    scene = setup_for(app, "rummy65")
    scene.set_players(4)
    assert "The daily deal is for 3 players." in [tr(n) for n in scene.notes()]
    scene.set_players(3)
    assert not any("daily deal" in tr(n) for n in scene.notes())


def people_here(config: dict) -> list[int]:
    """The seats people play at this computer in the match ``config`` starts."""
    remote = (config.get("network") or {}).get("remote") or []
    return [i for i, s in enumerate(config["seats"])
            if s["kind"] in ("human", "friend") and i not in remote]


def handover_words(name: str) -> list[str]:
    """What the hand-over screen says of the seat ``name`` plays next (handoff.py)."""
    shown = seat_name(name)
    return [tr(Msg("Pass to {name}", name=shown)),
            tr(Msg("{name} plays next. Everyone else, please look away.", name=shown))]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_nobody_at_a_table_passed_round_is_named_you(app, today, language):
    """A table with several people at this computer is passed round, and its hand-over and
    log speak of each seat in the third person: no seat may be named "You" there ("Pass
    to You", "You plays next", "Vous remporte le pli"). The tester's steps (Daily deal with
    the table open to the network) and a Friend seat at a table kept here."""
    scene = setup_for(app, "sixtysix")
    scene.set_network(True)
    configs = [scene.code_config(records.daily_code("sixtysix"))]
    scene.set_network(False)
    scene.seats[1]["kind"] = "friend"          # a Friend seat left at a table kept here
    configs += [scene.config(), scene.code_config(records.daily_code("sixtysix"))]
    set_language(language)
    try:
        you = tr(Msg("You"))
        for config in configs:
            if len(people_here(config)) < 2:
                continue
            assert [s["name"] for s in config["seats"]] == ["Player 1", "Player 2"]
            for seat in people_here(config):
                for line in handover_words(config["seats"][seat]["name"]):
                    assert you not in line.split(), line
    finally:
        set_language("en")
    scene.set_name(0, "Ana")                  # a name typed is the name
    assert scene.code_config(records.daily_code("sixtysix"))["seats"][0]["name"] == "Ana"


def test_with_the_network_on_the_hosts_default_name_is_the_host_to_friends(app, today,
                                                                           loopback):
    """At a table open to the network the host alone plays at this computer: the screen
    speaks to them ("You"), and the friends see "Host" on their plate, never "You"."""
    scene = setup_for(app, "sixtysix")
    scene.set_network(True)
    config = scene.code_config(records.daily_code("sixtysix"))
    host = HostedMatch.from_config(config, remote=config["network"]["remote"],
                                   threaded=False)
    assert host.seat_names()[0] == "Host"


def test_a_deal_code_match_keeps_the_setup_the_person_made(app, today):
    """A player's habit (Sixty-Five (pairs) at four, an option changed) survives the daily
    deal of another count of players: the next New game starts from their setup, with the
    names they gave for the deal. A match set up by hand is remembered whole."""
    install(app)
    scene = setup_for(app, "pairs65")
    scene.set_players(4)
    scene.set_name(0, "Ana")
    app.start_match(scene.config())
    mine = app.settings["last_setup"]["pairs65"]
    code = records.daily_code("pairs65")
    assert code.players != 4
    scene = setup_for(app, "pairs65")
    scene.set_name(1, "Ben")
    scene.play_code(code)
    kept = app.settings["last_setup"]["pairs65"]
    assert kept["players"] == 4 and kept["options"] == mine["options"]
    assert "seed" not in kept
    assert [s["name"] for s in kept["seats"][:2]] == ["Ana", "Ben"]
    assert setup_for(app, "pairs65").players == 4
