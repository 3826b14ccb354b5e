"""The levels each game offers: expert only where it was measured stronger than hard."""

from __future__ import annotations

import random

import pytest

from cardtable import ai, cli, storage, tournament
from cardtable.ai import search
from cardtable.ai.base import DEFAULT_HARD_BUDGET, EXPERT, EXPERT_BUDGET, expert_budget
from cardtable.ai.levels import offered_level, offered_levels
from cardtable.engine import registry
from cardtable.engine.core import Action
from cardtable.match import Match, Seat

#: a game that offers expert and one that does not, whatever the measurements list today
OFFERS, LACKS = "sixtysix", "pairs65"


@pytest.fixture
def listed(expert_in):
    expert_in(OFFERS)


def test_expert_is_offered_exactly_in_the_games_registered_as_measured(expert_in):
    for game in registry.games():
        offered = offered_levels(game.id)
        assert offered[:3] == ("easy", "medium", "hard")
        assert (EXPERT in offered) == game.expert, game.id
    expert_in(OFFERS)
    assert [g for g in registry.ids() if EXPERT in offered_levels(g)] == [OFFERS]


def test_a_level_a_game_does_not_offer_falls_back(listed):
    assert offered_level(LACKS, EXPERT) == "hard"
    assert offered_level(OFFERS, EXPERT) == EXPERT
    for game_id in registry.ids():
        assert offered_level(game_id, "medium") == "medium"
        assert offered_level(game_id, "grandmaster") == "easy"
        assert offered_level(game_id, "random") == "easy"


def test_expert_thinks_longer_than_hard_and_never_past_two_seconds():
    assert expert_budget(None) == EXPERT_BUDGET == 2.0
    assert expert_budget(DEFAULT_HARD_BUDGET) == pytest.approx(EXPERT_BUDGET)
    assert expert_budget(0.1) > 0.1
    assert expert_budget(5.0) == EXPERT_BUDGET


def test_expert_bot_plays_legal_moves_within_its_budget(ticking_clock):
    game_id = OFFERS
    bot = ai.make_bot(game_id, EXPERT, 3)
    state = registry.get(game_id).new_match(players=2, seed=5)
    seat = state.current_player
    action = bot.choose(state, seat, 0.05)  # the expert's share: 0.29 s
    assert action in state.legal_actions()
    assert bot.last["seconds"] < 1.0


def test_the_search_stops_once_every_other_move_is_ruled_out():
    """A move that always wins beats one that always loses: no need to spend the budget."""
    good, bad = Action("play", card="AS"), Action("play", card="2S")

    class World:
        def __init__(self):
            self.value = 0.0

        def clone(self):
            return World()

        def apply(self, action):
            self.value = 1.0 if action == good else 0.0

    # a budget no test would wait for: only the ruling out can end the search, after the
    # fewest worlds that may drop a move (counted, not timed)
    result = search.flat_monte_carlo([bad, good], lambda r: World(),
                                     lambda w, r: w.value, random.Random(1), 3600.0)
    assert result.best == good
    assert result.worlds == search.MIN_WORLDS_TO_DROP


def test_a_tiny_tournament_expert_against_hard_runs(capsys):
    code = cli.main(["tournament", "--game", OFFERS, "--a", EXPERT, "--b", "hard",
                     "--matches", "2", "--seed", "4", "--budget", "0.01", "--quiet",
                     "--option", "target=1"])
    out = capsys.readouterr()
    assert code == 0, out.err
    result = tournament.parse_result_line(out.out.strip().splitlines()[-1])
    assert result["a"] == EXPERT and result["b"] == "hard" and result["matches"] == 2
    assert result["a_time_median"] > 0


def test_a_match_brings_an_expert_seat_down_where_the_game_has_no_expert(listed):
    game_id = LACKS
    spec = registry.get(game_id)
    seats = [Seat("Ann", "human")] + [Seat(f"B{i}", "computer", EXPERT)
                                      for i in range(spec.min_players - 1)]
    m = Match(game_id, seats, seed=3, pace=0, threaded=False)
    assert [s.level for s in m.seats[1:]] == ["hard"] * (spec.min_players - 1)


def test_a_saved_expert_seat_loads_at_expert_where_offered(listed):
    game_id = OFFERS
    m = Match(game_id, [Seat("Ann", "human"), Seat("Bot", "computer", EXPERT)], seed=3,
              pace=0, threaded=False)
    assert m.seats[1].level == EXPERT
    m2 = Match.from_json(m.to_json(), pace=0, threaded=False)
    assert m2.seats[1].level == EXPERT
    # the same save with its game edited to one without expert plays hard
    config = {"game": LACKS, "seats": [s.to_json() for s in m.seats]}
    config["seats"] += [{"name": f"C{i}", "kind": "computer", "level": EXPERT}
                        for i in range(registry.get(LACKS).min_players - 2)]
    m3 = Match.from_config(config, pace=0, threaded=False)
    assert all(s.level == "hard" for s in m3.seats if not s.is_human)


def test_remembered_setups_keep_an_expert_seat(tmp_path):
    path = tmp_path / "settings.json"
    settings = storage.defaults()
    settings["last_setup"] = {OFFERS: {"players": 2, "seats": [
        {"name": "You", "kind": "human", "level": "easy"},
        {"name": "Rosa", "kind": "computer", "level": EXPERT}]}}
    storage.save_settings(settings, path)
    loaded, message = storage.load_settings(path)
    assert message is None
    assert loaded["last_setup"][OFFERS]["seats"][1]["level"] == EXPERT
