"""The recent matches kept for review (cardtable.recent)."""

from __future__ import annotations

import copy
import json

from cardtable import recent
from tests.test_records import played


def test_the_file_keeps_the_last_50_matches_most_recent_first(tmp_path):
    path = recent.recent_path(tmp_path)
    rec = played("sixtysix", 3, 1)[0]
    matches = None
    for i in range(55):
        matches, message = recent.add_deal(path, dict(rec, when=f"2026-01-01T00:00:{i:02d}"),
                                           f"m{i}", matches)
        assert message is None
    loaded, message = recent.load_recent(path)
    assert message is None
    assert len(loaded) == recent.KEEP == 50
    assert [m["id"] for m in loaded[:2]] == ["m54", "m53"] and loaded[-1]["id"] == "m5"
    assert loaded == matches


def test_the_deals_of_one_match_go_together_and_a_new_start_is_a_new_match(tmp_path):
    path = recent.recent_path(tmp_path)
    recs = played("sixtysix", 3, 3)
    for rec in recs:
        recent.add_deal(path, rec, "sixtysix-3")
    recent.add_deal(path, recs[0], "sixtysix-3")      # the same seed played again
    loaded, _ = recent.load_recent(path)
    assert [len(m["deals"]) for m in loaded] == [1, 3]
    info = recent.summary(loaded[1])
    assert info["game"] == "sixtysix" and info["deals"] == 3 and info["names"] == ["P0", "P1"]


def test_a_damaged_file_is_set_aside_with_one_sentence(tmp_path):
    path = recent.recent_path(tmp_path)
    path.write_text("{ not json", encoding="utf-8")
    matches, message = recent.load_recent(path)
    assert matches == [] and message is not None
    text = str(message)
    assert "recent matches" in text and text.endswith(".")
    assert not path.exists()
    assert len(list(tmp_path.glob("recent.damaged-*.json"))) == 1
    # and the next deal starts the file again
    recent.add_deal(path, played("sixtysix", 3, 1)[0], "x")
    assert len(recent.load_recent(path)[0]) == 1


def test_a_file_without_matches_is_set_aside_and_a_damaged_match_left_out(tmp_path):
    path = recent.recent_path(tmp_path)
    path.write_text(json.dumps({"version": 1, "matches": "all"}), encoding="utf-8")
    assert recent.load_recent(path)[1] is not None
    rec = played("sixtysix", 3, 1)[0]
    bad = copy.deepcopy(rec)
    bad["moves"] = "lost"
    path.write_text(json.dumps({"version": 1, "matches": [
        {"id": "a", "deals": [rec]}, {"id": "b", "deals": [bad]}, 7]}), encoding="utf-8")
    loaded, message = recent.load_recent(path)
    assert message is None and [m["id"] for m in loaded] == ["a"]
