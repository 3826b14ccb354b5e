"""Files the system will not let us read or write: what cannot be read is never written over,
removing the match never raises, stale temporary files go, a newer settings file is read,
impossible numbers and remembered setups are cleaned when read."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from cardtable import storage
from cardtable.match import Match, Seat


def _refuse_reading(monkeypatch, target: Path, error=PermissionError):
    """Reading ``target`` fails as a file without permission (or locked) does."""
    real = Path.read_bytes

    def read_bytes(self):
        if self == target:
            raise error(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)


def _one_sentence(message) -> str:
    text = str(message)
    assert text.endswith(".") and text.count(". ") == 0, text
    return text


def _match(seed=1) -> Match:
    return Match("sixtysix", [Seat("Ann"), Seat("Bot", "computer")], seed=seed,
                 threaded=False, pace=0)


# --------------------------------------------------------------------------- unreadable


def test_unreadable_settings_are_left_alone_and_never_saved_over(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    mine = {**storage.defaults(), "felt": "red", "sound": False}
    storage.save_settings(mine, path)
    before = path.read_bytes()
    _refuse_reading(monkeypatch, path)
    settings, message = storage.load_settings(path)
    assert settings == storage.DEFAULT_SETTINGS          # the run goes on with defaults
    text = _one_sentence(message)
    assert "Permission denied" in text and "nothing is saved over it" in text
    assert storage.save_settings({**settings, "felt": "blue"}, path) is False
    monkeypatch.undo()
    assert path.read_bytes() == before and not list(tmp_path.glob("*damaged*"))
    assert storage.load_settings(path)[0]["felt"] == "red"


def test_unreadable_statistics_keep_their_history(tmp_path, monkeypatch):
    path = tmp_path / "stats.json"
    stats: dict = {}
    for _ in range(5):
        storage.record_result(stats, "sixtysix", "easy", True, 7)
    storage.save_stats(stats, path)
    before = path.read_bytes()
    _refuse_reading(monkeypatch, path, OSError)
    loaded, message = storage.load_stats(path)
    assert loaded == {} and message is not None
    storage.record_result(loaded, "sixtysix", "easy", False, 1)
    assert storage.save_stats(loaded, path) is False
    monkeypatch.undo()
    assert path.read_bytes() == before


def test_an_unreadable_match_is_neither_saved_over_nor_removed(tmp_path, monkeypatch):
    path = tmp_path / "match.json"
    storage.save_match(_match(), path)
    before = path.read_bytes()
    _refuse_reading(monkeypatch, path)
    match, message = storage.load_match(path)
    assert match is None and "saved match" in _one_sentence(message)
    assert storage.save_match(_match(2), path) is False
    assert storage.clear_match(path) is None
    monkeypatch.undo()
    assert path.read_bytes() == before
    storage.release(path)                  # the player chose to replace it
    assert storage.clear_match(path) is None and not path.exists()


def test_a_damaged_file_that_cannot_be_moved_aside_is_not_saved_over(tmp_path, monkeypatch):
    path = tmp_path / "stats.json"
    path.write_text('{"version": 1, "games": ')

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    stats, message = storage.load_stats(path)
    assert stats == {} and "could not be moved aside" in _one_sentence(message)
    monkeypatch.undo()
    assert storage.save_stats({}, path) is False
    assert path.read_text() == '{"version": 1, "games": '


# --------------------------------------------------------------------------- clear_match


def test_clear_match_never_raises_when_the_match_is_a_folder(tmp_path):
    path = tmp_path / "match.json"
    path.mkdir()
    message = storage.clear_match(path)
    assert message is not None and "could not be removed" in _one_sentence(message)
    assert path.is_dir()


def test_clear_match_never_raises_when_the_data_folder_is_a_file(tmp_path):
    folder = tmp_path / "data"
    folder.write_text("not a folder")
    assert storage.clear_match(folder / "match.json") is None
    assert storage.load_match(folder / "match.json") == (None, None)
    with pytest.raises(OSError):
        storage.save_match(_match(), folder / "match.json")


def test_clear_match_never_raises_in_a_read_only_folder(tmp_path, monkeypatch):
    path = tmp_path / "match.json"
    storage.save_match(_match(), path)

    def refuse(self, missing_ok=False):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "unlink", refuse)
    message = storage.clear_match(path)
    assert "Permission denied" in _one_sentence(message)
    monkeypatch.undo()
    assert path.exists()


# --------------------------------------------------------------------------- temporary files


@pytest.mark.parametrize("name,load", [
    ("settings", storage.load_settings),
    ("match", storage.load_match),
    ("stats", storage.load_stats),
])
def test_stale_temporary_files_are_removed_when_the_folder_is_read(tmp_path, name, load):
    old = tmp_path / f".{name}-k1ll3d.tmp"
    old.write_text('{"half a wri')
    hour_ago = time.time() - 3600
    os.utime(old, (hour_ago, hour_ago))
    fresh = tmp_path / f".{name}-inflight.tmp"       # another write, maybe in progress
    fresh.write_text("{")
    other = tmp_path / ".unrelated-1.tmp"
    other.write_text("x")
    os.utime(other, (hour_ago, hour_ago))
    load(tmp_path / f"{name}.json")
    assert not old.exists() and fresh.exists() and other.exists()


# --------------------------------------------------------------------------- newer settings


def test_settings_of_a_newer_version_keep_what_can_be_read(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": storage.SETTINGS_VERSION + 1, "felt": "blue",
                                "sound": False, "a_new_setting": {"x": 1},
                                "text_size": "huge"}))
    settings, message = storage.load_settings(path)
    assert message is None and path.exists()
    assert settings["felt"] == "blue" and settings["sound"] is False
    assert settings["text_size"] == "normal" and "a_new_setting" not in settings


@pytest.mark.parametrize("version", [0, -1, "2", None, 1.5, [2]])
def test_settings_of_no_known_version_are_still_set_aside(tmp_path, version):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": version, "felt": "blue"}))
    settings, message = storage.load_settings(path)
    assert settings["felt"] == "green" and "version" in str(message)
    assert not path.exists()


# --------------------------------------------------------------------------- cleaned values


def test_impossible_numbers_in_the_statistics_are_dropped(tmp_path):
    path = tmp_path / "stats.json"
    path.write_text(json.dumps({"version": 1, "games": {
        "sixtysix": {
            "easy": {"played": 10**400, "won": 1},
            "medium": {"played": 4, "won": 2, "total": 10**400, "scored": 4, "best": -10**30,
                       "streak": 9, "best_streak": 10**400},
            "hard": {"played": 3, "won": 1, "last_played": "2024\x00-01"},
        },
        "x" * 500: {"easy": {"played": 1, "won": 1}},
    }}))
    stats, message = storage.load_stats(path)
    assert message is None
    assert set(stats) == {"sixtysix"} and "easy" not in stats["sixtysix"]
    medium = stats["sixtysix"]["medium"]
    assert medium == {"played": 4, "won": 2, "scored": 4}
    assert "last_played" not in stats["sixtysix"]["hard"]
    from cardtable.ui.scenes.stats import table_rows

    table_rows(stats)                        # the Statistics screen can show every row


def test_remembered_setups_are_cleaned_when_read(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": 1, "last_setup": {
        "sixtysix": {"players": 2, "seats": 7, "options": [1]},
        "rummy65": {"players": True, "seats": [None, {"name": "\ufe0f", "kind": "robot",
                                                     "level": "hard"},
                                               {"name": "Zoë" * 20, "kind": "computer"}],
                    "options": {"target": {"deep": 1}, "jokers": 2}},
        "pairs65": "last time",
        "x" * 100: {"players": 3},
    }}))
    settings, message = storage.load_settings(path)
    assert message is None
    last = settings["last_setup"]
    assert set(last) == {"sixtysix", "rummy65"}
    assert last["sixtysix"] == {"players": 2}
    rummy = last["rummy65"]
    assert "players" not in rummy and rummy["options"] == {"jokers": 2}
    assert rummy["seats"] == [{}, {"level": "hard"}, {"name": ("Zoë" * 20)[:18],
                                                      "kind": "computer"}]
    # a remembered setup that is what the setup screen wrote comes back as it was
    good = {"game": "sixtysix", "players": 2, "options": {"target": 7},
            "seats": [{"name": "Ann", "kind": "human", "level": "medium"}],
            "first_dealer": None}
    storage.save_settings({**storage.defaults(), "last_setup": {"sixtysix": good}}, path)
    assert storage.load_settings(path)[0]["last_setup"]["sixtysix"] == good
