"""The levels' ratings file: read at the border, a damaged one ignored."""

from __future__ import annotations

import json

import pytest

from cardtable import ratings


def good() -> dict:
    return {
        "format": 1,
        "command": "python -m bench.ratings --game GAME --matches N",
        "games": {
            "sixtysix": {
                "levels": {
                    "random": {"rating": 0, "low": 0, "high": 0},
                    "easy": {"rating": 300, "low": 200, "high": 420},
                    "medium": {"rating": 910, "low": 750, "high": 1070},
                    "hard": {"rating": 1050, "low": 800, "high": 1300},
                },
                "matchups": [{"a": "easy", "b": "random", "matches": 40}],
            }
        },
    }


def write(tmp_path, data) -> object:
    path = tmp_path / "ratings.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture(autouse=True)
def fresh_cache():
    ratings._cache.clear()
    yield
    ratings._cache.clear()


def test_a_good_file_is_read():
    got = ratings.parse(good())
    assert got["sixtysix"]["medium"] == ratings.Rating(910.0, 750.0, 1070.0)
    assert got["sixtysix"]["hard"] == ratings.Rating(1050.0, 800.0, 1300.0)


def damaged():
    yield "not json {"
    yield "[]"
    data = good()
    data["format"] = 2
    yield data
    data = good()
    del data["command"]
    yield data
    data = good()
    data["games"]["sixtysix"]["levels"]["hard"]["rating"] = "strong"
    yield data
    data = good()
    data["games"]["sixtysix"]["levels"]["hard"]["low"] = 1100  # above the rating
    yield data
    data = good()
    data["games"]["sixtysix"]["levels"]["grandmaster"] = {"rating": 1, "low": 0, "high": 2}
    yield data
    data = good()
    data["games"]["sixtysix"]["matchups"] = []  # a rating without its sample
    yield data
    data = good()
    data["games"]["sixtysix"]["levels"]["easy"]["high"] = float("nan")
    yield data


@pytest.mark.parametrize("data", list(damaged()))
def test_a_damaged_file_is_ignored_with_one_sentence(tmp_path, caplog, data):
    path = write(tmp_path, data)
    assert ratings.load(path) == {}
    assert any("damaged" in r.getMessage() for r in caplog.records)


def test_a_missing_file_means_no_ratings(tmp_path):
    assert ratings.load(tmp_path / "absent.json") == {}


def test_the_file_in_the_repository_is_valid_and_measured():
    path = ratings.asset(ratings.FILE_NAME)
    data = json.loads(path.read_text(encoding="utf-8"))
    parsed = ratings.parse(data)
    assert parsed, "the repository's ratings file rates no game"
    for game_id, levels in parsed.items():
        assert levels["random"].rating == 0
        # every rating stands on match-ups with their sample sizes and the command
        assert data["commands"][game_id].startswith("python -m bench.ratings")
        assert all(m["matches"] >= 2 for m in data["games"][game_id]["matchups"])


def test_of_reads_the_bundled_file(monkeypatch, tmp_path):
    write(tmp_path, good())
    monkeypatch.setattr(ratings, "asset", lambda name: tmp_path / name)
    assert ratings.of("sixtysix", "hard").rating == 1050
    assert ratings.of("pairs65", "hard") is None


def test_an_expert_rating_is_read_like_the_others():
    data = good()
    data["games"]["sixtysix"]["levels"]["expert"] = {"rating": 1150, "low": 900, "high": 1400}
    assert ratings.parse(data)["sixtysix"]["expert"] == ratings.Rating(1150.0, 900.0, 1400.0)


def test_kept_match_ups_are_summed_up_the_chain_without_being_played(monkeypatch):
    from bench import ratings as bench_ratings
    from cardtable import tournament

    def refuse(*args, **kwargs):
        raise AssertionError("a kept match-up was played again")

    monkeypatch.setattr(tournament, "run", refuse)
    rows = {("easy", "random"): 0.75, ("medium", "easy"): 0.5, ("hard", "medium"): 0.6}
    kept = {pair: {"a": pair[0], "b": pair[1], "matches": 40, "deals": 40, "a_score": score}
            for pair, score in rows.items()}
    entry = bench_ratings.rate("pairs65", 40, 1, 1, kept=kept)
    easy, hard = entry["levels"]["easy"]["rating"], entry["levels"]["hard"]["rating"]
    assert easy == round(bench_ratings.elo(0.75)) == 191
    assert entry["levels"]["medium"]["rating"] == easy         # an even match adds nothing
    assert hard == round(bench_ratings.elo(0.75) + bench_ratings.elo(0.6))
    assert [r["elo_difference"] for r in entry["matchups"]] == [191, 0, 70]


def test_keeping_a_match_up_the_file_lacks_is_refused(tmp_path, capsys):
    from bench import ratings as bench_ratings

    path = write(tmp_path, good())
    with pytest.raises(SystemExit):
        bench_ratings.main(["--game", "sixtysix", "--keep", "expert-hard", "--out", str(path)])
    assert "has no expert-hard match-up for sixtysix" in capsys.readouterr().err
    assert json.loads(path.read_text(encoding="utf-8")) == good()     # left as it was


@pytest.mark.parametrize("keep, damage, says", [
    ("hard-easy", None, "hard-easy is not one of sixtysix's match-ups"),
    ("medium-easy", {"matchups": "none"}, "no readable earlier measurement of sixtysix"),
    ("medium-easy", {"levels": []}, "no readable earlier measurement of sixtysix"),
    ("medium-easy", {"matchups": [{"a": "medium", "b": "easy", "matches": 40}]},
     "has no score and sample size to keep"),
    ("medium-easy", {"matchups": [{"a": "medium", "b": "easy", "matches": 40,
                                   "a_score": "0.6"}]},
     "has no score and sample size to keep"),
    ("medium-easy", {"matchups": [{"a": "medium", "b": "easy", "matches": 2.5,
                                   "a_score": 0.6}]},
     "has no score and sample size to keep"),
])
def test_a_bad_keep_is_refused_with_one_sentence(tmp_path, capsys, monkeypatch, keep, damage,
                                                  says):
    from bench import ratings as bench_ratings
    from cardtable import tournament

    def refuse(*args, **kwargs):
        raise AssertionError("a refused --keep went on to play")

    monkeypatch.setattr(tournament, "run", refuse)

    data = good()
    data["games"]["sixtysix"].update(damage or {})
    path = write(tmp_path, data)
    before = path.read_text(encoding="utf-8")
    with pytest.raises(SystemExit):
        bench_ratings.main(["--game", "sixtysix", "--keep", keep, "--out", str(path)])
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err
    assert path.read_text(encoding="utf-8") == before                 # left as it was
