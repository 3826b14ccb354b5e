"""The tournament tool: mirrored matches, intervals, parseable output."""

from __future__ import annotations

import json

import pytest

from cardtable import cli, tournament
from cardtable.engine.core import Action


def run_cli(capsys, *args: str) -> tuple[list[str], str]:
    code = cli.main(["tournament", *args])
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out.strip().splitlines(), out.err


def test_short_tournament_runs_and_its_result_line_parses(capsys):
    lines, err = run_cli(
        capsys, "--game", "sixtysix", "--a", "hard", "--b", "random", "--matches", "2",
        "--seed", "3", "--budget", "0.01", "--option", "target=2",
    )
    assert "[   2/2]" in err  # progress while it runs
    result = tournament.parse_result_line(lines[-1])
    assert result["game"] == "sixtysix" and result["a"] == "hard" and result["b"] == "random"
    assert result["matches"] == 2
    assert 0.0 <= result["win_lo"] <= result["win_rate"] <= result["win_hi"] <= 1.0
    assert result["score_diff_lo"] <= result["score_diff"] <= result["score_diff_hi"]
    assert result["a_time_p95"] >= result["a_time_median"] > 0


def test_json_output_and_two_jobs(capsys):
    lines, _ = run_cli(
        capsys, "--game", "japanese65", "--a", "medium", "--b", "easy", "--matches", "4",
        "--seed", "1", "--jobs", "2", "--json", "--quiet", "--option", "target=1",
    )
    data = json.loads(lines[-1])
    assert data["matches"] == 4 and data["players"] == 4
    assert data["deals"] >= 4
    assert set(data) >= {"win_rate", "win_lo", "win_hi", "deal_diff", "deal_diff_lo",
                         "deal_diff_hi", "a_time_median", "b_time_p95"}


def test_mirrored_pairs_share_deals_and_swap_seats():
    args = dict(seed=5, players=2, first_dealer=1, budget=None, options={"target": 1})
    a = tournament.play_match("sixtysix", "medium", "easy", a_even=True, index=0, **args)
    b = tournament.play_match("sixtysix", "medium", "easy", a_even=False, index=1, **args)
    assert a["a_seats"] == [0] and b["a_seats"] == [1]
    assert a["seed"] == b["seed"]


@pytest.mark.parametrize(("game", "reference", "option"), [
    ("japanese65", "pimc", "target=1"), ("sixtysix", "pimc", "target=1"),
    ("sixtysix", "pimc-ab", "target=1"), ("sixtysix", "all-seeing", "target=1"),
    ("rummy65", "pimc", None),
    ("quebec65", "pimc", None), ("pairs65", "pimc", "games_to_win=1"),
])
def test_a_tiny_match_against_each_reference_player(capsys, game, reference, option):
    extra = ["--option", option] if option else ["--deals", "1"]
    lines, _ = run_cli(
        capsys, "--game", game, "--a", "medium", "--b", reference, "--matches", "2",
        "--seed", "2", "--budget", "0.002", "--quiet", *extra,
    )
    result = tournament.parse_result_line(lines[-1])
    assert result["b"] == reference and result["matches"] == 2 and result["deals"] >= 2
    if not option:
        assert result["deals"] == 2  # one deal a match: --deals cut them short
    assert result["b_time_median"] > 0
    assert result["deal_change_lo"] <= result["deal_change"] <= result["deal_change_hi"]


def test_a_reference_player_only_plays_its_games(capsys):
    assert cli.main(["tournament", "--game", "pairs65", "--b", "pimc-ab", "--matches", "2"]) == 2
    assert "does not play pairs65" in capsys.readouterr().err


def test_a_match_cut_short_goes_to_the_side_ahead():
    args = dict(seed=4, players=3, first_dealer=0, budget=None, options=None, deals=1)
    r = tournament.play_match("rummy65", "medium", "random", a_even=True, index=0, **args)
    assert len(r["deal_diffs"]) == 1
    # rummy65 counts penalties: lower is better
    assert r["win"] == (1.0 if r["score_diff"] < 0 else 0.5 if r["score_diff"] == 0 else 0.0)


def test_a_match_can_start_at_a_later_deal(capsys, monkeypatch):
    # rummy65's hand 6 deals eight cards each: the first decision sees eight or nine
    seen = []
    real = tournament.make_player

    def spy(game_id, level, seed):
        player = real(game_id, level, seed)
        choose = player.choose

        def watched(state, seat, budget=None):
            seen.append((state.deal_no, len(state.hand(seat))))
            return choose(state, seat, budget)

        player.choose = watched
        return player

    monkeypatch.setattr(tournament, "make_player", spy)
    lines, _ = run_cli(capsys, "--game", "rummy65", "--a", "medium", "--b", "easy",
                       "--players", "3", "--first-deal", "6", "--deals", "1", "--matches", "2",
                       "--quiet")
    assert seen and {deal for deal, _ in seen} == {6}
    assert seen[0][1] == 8
    assert "2 matches (2 deals from deal 6)" in lines[0]
    assert tournament.parse_result_line(lines[-1])["first_deal"] == 6
    for jobs in ("1", "2"):     # refused before any worker starts, in one sentence
        assert cli.main(["tournament", "--game", "rummy65", "--first-deal", "13",
                         "--jobs", jobs, "--quiet"]) == 2
        err = capsys.readouterr().err
        assert "first_deal must be a deal from 1 to 12" in err and "Traceback" not in err


def test_a_config_error_crosses_a_process_boundary_whole():
    import pickle

    from cardtable.engine.errors import ConfigError

    e = pickle.loads(pickle.dumps(ConfigError("bad_first_deal", "first_deal must be 1 to 12")))
    assert isinstance(e, ConfigError) and e.code == "bad_first_deal"
    assert str(e) == "bad_first_deal: first_deal must be 1 to 12"


def test_a_match_that_never_ends_stops_at_the_move_cap(monkeypatch):
    """Two quebec65 players who only ever take the discard and throw it back would play
    forever (no level does that since they keep a card taken from the pile)."""

    class TakeItBack:
        taken = None

        def choose(self, state, seat, budget_s=None):
            legal = state.legal_actions()
            take = Action("draw", source="discard")
            if take in legal:
                self.taken = state.view(seat)["discard_top"]
                return take
            back = Action("discard", card=self.taken)
            return back if back in legal else next(a for a in legal if a.kind == "discard")

    monkeypatch.setattr(tournament, "make_player", lambda *args: TakeItBack())
    monkeypatch.setattr(tournament, "MAX_MOVES", 300)
    args = dict(seed=100015, players=2, first_dealer=0, budget=None, options=None, deals=1)
    r = tournament.play_match("quebec65", "random", "easy", a_even=True, index=25, **args)
    assert r["stalled"] and r["moves"] == 300 and r["deal_diffs"] == [] and r["win"] == 0.5


def test_statistics():
    lo, hi = tournament.wilson(95, 100)
    assert 0.88 < lo < 0.89 and 0.97 < hi < 0.99
    assert tournament.wilson(0, 0) == (0.0, 1.0)
    m, lo, hi = tournament.mean_interval([1.0, 2.0, 3.0])
    assert m == 2.0 and lo < 2.0 < hi
    assert tournament.percentile([1, 2, 3, 4], 50) == 2


def test_bad_arguments_are_clear(capsys):
    assert cli.main(["tournament", "--game", "nope", "--matches", "2"]) == 2
    assert "unknown game" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["tournament", "--game", "sixtysix", "--a", "genius"])
