"""The recent matches kept for review (cardtable.recent)."""

from __future__ import annotations

import copy
import json

from cardtable import recent
from tests.test_records import played


def files(folder):
    return sorted(p.name for p in recent.recent_path(folder).iterdir())


def test_the_folder_keeps_the_last_50_matches_most_recent_first(tmp_path):
    rec = played("sixtysix", 3, 1)[0]
    for i in range(55):
        message = recent.add_deal(tmp_path, dict(rec, when=f"2026-01-01T00:00:{i:02d}"),
                                  f"m{i}")
        assert message is None
    loaded, message = recent.load_recent(tmp_path)
    assert message is None
    assert len(loaded) == recent.KEEP == 50
    assert [m["id"] for m in loaded[:2]] == ["m54", "m53"] and loaded[-1]["id"] == "m5"
    assert loaded[0]["deals"] == [dict(rec, when="2026-01-01T00:00:54")]
    # one file a match: the five oldest were removed
    assert len(files(tmp_path)) == 50 and files(tmp_path)[0] == "000006.json"


def test_the_deals_of_one_match_go_together_and_a_new_start_is_a_new_match(tmp_path):
    recs = played("sixtysix", 3, 3)
    for rec in recs:
        recent.add_deal(tmp_path, rec, "sixtysix-3")
    assert files(tmp_path) == ["000001.json"]
    recent.add_deal(tmp_path, recs[0], "sixtysix-3")      # the same seed played again
    assert files(tmp_path) == ["000001.json", "000002.json"]
    loaded, _ = recent.load_recent(tmp_path)
    assert [len(m["deals"]) for m in loaded] == [1, 3]
    assert loaded[1]["deals"] == recs
    info = recent.summary(loaded[1])
    assert info["game"] == "sixtysix" and info["deals"] == 3 and info["names"] == ["P0", "P1"]


def test_a_deal_touches_only_the_newest_match_s_file(tmp_path):
    recs = played("sixtysix", 3, 2)
    recent.add_deal(tmp_path, recs[0], "old")
    recent.add_deal(tmp_path, recs[0], "new")
    old = recent.recent_path(tmp_path) / "000001.json"
    before = old.read_bytes()
    old.write_text("{ broken, and nobody reads it at the table", encoding="utf-8")
    assert recent.add_deal(tmp_path, recs[1], "new") is None
    assert old.read_text(encoding="utf-8").startswith("{ broken")
    old.write_bytes(before)
    assert [len(m["deals"]) for m in recent.load_recent(tmp_path)[0]] == [2, 1]


def test_a_damaged_match_file_is_set_aside_with_one_sentence_and_the_others_kept(tmp_path):
    recs = played("sixtysix", 3, 1)
    for key in ("a", "b", "c"):
        recent.add_deal(tmp_path, recs[0], key)
    where = recent.recent_path(tmp_path)
    (where / "000002.json").write_text("{ not json", encoding="utf-8")
    matches, message = recent.load_recent(tmp_path)
    assert [m["id"] for m in matches] == ["c", "a"]
    text = str(message)
    assert "recent match" in text and text.endswith(".") and text.count(". ") == 0
    assert not (where / "000002.json").exists()
    assert len(list(where.glob("000002.damaged-*.json"))) == 1
    # the next deal carries on
    assert recent.add_deal(tmp_path, recs[0], "d") is None
    assert [m["id"] for m in recent.load_recent(tmp_path)[0]] == ["d", "c", "a"]


def test_a_damaged_newest_file_is_set_aside_and_the_deal_starts_a_new_one(tmp_path):
    recs = played("sixtysix", 3, 2)
    recent.add_deal(tmp_path, recs[0], "a")
    where = recent.recent_path(tmp_path)
    (where / "000001.json").write_text(json.dumps({"version": 1, "id": "a", "deals": []}),
                                       encoding="utf-8")
    message = recent.add_deal(tmp_path, recs[1], "a")
    assert message is not None and "recent match" in str(message)
    [entry] = recent.load_recent(tmp_path)[0]
    assert entry["deals"] == [recs[1]]


def test_a_match_file_of_an_unknown_version_or_shape_is_left_out(tmp_path):
    rec = played("sixtysix", 3, 1)[0]
    bad = copy.deepcopy(rec)
    bad["moves"] = "lost"
    where = recent.recent_path(tmp_path)
    where.mkdir()
    (where / "000001.json").write_text(json.dumps({"version": 1, "id": "a", "deals": [rec]}),
                                       encoding="utf-8")
    (where / "000002.json").write_text(json.dumps({"version": 1, "id": "b", "deals": [bad]}),
                                       encoding="utf-8")
    (where / "000003.json").write_text(json.dumps({"version": 9, "id": "c", "deals": [rec]}),
                                       encoding="utf-8")
    (where / "notes.json").write_text("not one of ours", encoding="utf-8")
    loaded, message = recent.load_recent(tmp_path)
    assert [m["id"] for m in loaded] == ["a"] and message is not None
    assert (where / "notes.json").exists()


def test_the_single_file_of_earlier_versions_is_moved_into_the_folder(tmp_path):
    recs = played("sixtysix", 3, 2)
    old = [{"id": f"m{i}", "deals": recs[:1 + i % 2]} for i in range(3)]   # newest first
    bad = copy.deepcopy(recs[0])
    bad["moves"] = "lost"
    (tmp_path / "recent.json").write_text(json.dumps(
        {"version": 1, "matches": [*old, {"id": "x", "deals": [bad]}, 7]}), encoding="utf-8")
    loaded, message = recent.load_recent(tmp_path)
    assert message is None and loaded == old
    assert not (tmp_path / "recent.json").exists()
    assert files(tmp_path) == ["000001.json", "000002.json", "000003.json"]
    # the next deal of the newest match joins its file
    recent.add_deal(tmp_path, recs[1], "m0")
    assert [len(m["deals"]) for m in recent.load_recent(tmp_path)[0]] == [2, 2, 1]


def test_a_damaged_file_of_earlier_versions_is_set_aside_with_one_sentence(tmp_path):
    (tmp_path / "recent.json").write_text("{ not json", encoding="utf-8")
    message = recent.add_deal(tmp_path, played("sixtysix", 3, 1)[0], "x")
    assert message is not None and "recent matches" in str(message)
    assert not (tmp_path / "recent.json").exists()
    assert len(list(tmp_path.glob("recent.damaged-*.json"))) == 1
    assert [m["id"] for m in recent.load_recent(tmp_path)[0]] == ["x"]
    (tmp_path / "recent.json").write_text(json.dumps({"version": 1, "matches": "all"}),
                                          encoding="utf-8")
    assert recent.load_recent(tmp_path)[1] is not None
    assert len(list(tmp_path.glob("recent.damaged-*.json"))) == 2
