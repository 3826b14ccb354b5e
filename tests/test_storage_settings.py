"""Settings on disk: defaults, round trip, atomic writes, damaged files set aside."""

from __future__ import annotations

import json

from cardtable import storage


def test_missing_file_gives_defaults_and_no_message(tmp_path):
    settings, message = storage.load_settings(tmp_path / "settings.json")
    assert message is None
    assert settings == storage.DEFAULT_SETTINGS
    assert settings is not storage.DEFAULT_SETTINGS


def test_round_trip_with_version(tmp_path):
    path = tmp_path / "deep" / "settings.json"
    settings = storage.defaults()
    settings.update(felt="grey", sound=False, animation_speed="slow", window_size=[1600, 900],
                    last_setup={"sixtysix": {"players": 2}})
    storage.save_settings(settings, path)
    data = json.loads(path.read_text())
    assert data["version"] == storage.SETTINGS_VERSION
    loaded, message = storage.load_settings(path)
    assert message is None
    assert loaded == settings


def test_save_leaves_no_temporary_files(tmp_path):
    path = tmp_path / "settings.json"
    for felt in ("green", "blue", "red"):
        storage.save_settings({**storage.defaults(), "felt": felt}, path)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]
    assert storage.load_settings(path)[0]["felt"] == "red"


def test_damaged_file_is_set_aside_with_a_message(tmp_path, caplog):
    path = tmp_path / "settings.json"
    path.write_text("{ this is not json")
    with caplog.at_level("WARNING", logger=storage.__name__):
        settings, message = storage.load_settings(path)
    assert settings == storage.DEFAULT_SETTINGS
    assert message and "damaged" in message
    assert not path.exists()
    kept = list(tmp_path.glob("settings.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == "{ this is not json"
    # the player reads, in one sentence, what happened in their words and what the program
    # does instead; the log says why in the program's words, and where the file is kept
    assert kept[0].name in caplog.text and "not valid JSON" in caplog.text
    assert str(message) == ("The settings file was damaged (its text is garbled or cut short), "
                            "so it was set aside and default settings are used.")
    # a second damaged file does not overwrite the first one set aside
    path.write_text("[1, 2, 3]")
    _, message2 = storage.load_settings(path)
    assert message2 and len(list(tmp_path.glob("settings.damaged-*.json"))) == 2


def test_unknown_version_is_set_aside(tmp_path):
    # a later version number is read (see test_storage_faults); one that no version ever
    # wrote is damage
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": 0, "felt": "blue"}))
    settings, message = storage.load_settings(path)
    assert settings["felt"] == "green" and "version" in message
    assert not path.exists()


def test_bad_values_fall_back_to_defaults_one_by_one(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({
        "version": storage.SETTINGS_VERSION, "felt": "orange", "sound": "yes",
        "animation_speed": "fast", "window_size": [100, 50], "unknown_key": 1,
        "card_back": "purple",
    }))
    settings, message = storage.load_settings(path)
    assert message is None
    assert settings["felt"] == "green"
    assert settings["sound"] is True
    assert settings["animation_speed"] == "fast"
    assert settings["card_back"] == "purple"
    assert settings["window_size"] == [640, 400]
    assert "unknown_key" not in settings


def test_default_path_is_in_the_user_config_folder():
    path = storage.settings_path()
    assert path.name == "settings.json"
    assert "cardtable" in str(path.parent)


def test_the_message_speaks_the_players_language(tmp_path):
    """Worded when shown: a file read in English is told about in French after a switch."""
    from cardtable import i18n

    path = tmp_path / "settings.json"
    path.write_text("{ not json")
    _, message = storage.load_settings(path)
    kept = list(tmp_path.glob("settings.damaged-*.json"))[0].name
    try:
        i18n.set_language("fr")
        text = str(message)
        assert "mis de côté" in text and "réglages" in text and kept not in text, text
        assert "was damaged" not in text and "brouillé ou tronqué" in text
    finally:
        i18n.set_language("en")
    assert "damaged" in str(message)


def test_a_window_size_that_is_not_a_size_is_not_used_and_is_logged(tmp_path, caplog):
    """[-5, 100000] opened a window 800x4320 above the screen's top: a size of nothing or
    less, or not whole numbers, is not used (the default is), with a log line."""
    path = tmp_path / "settings.json"
    for bad in ([-5, 100000], [0, 720], [1280.0, 720], [True, 720], "1280x720", [1280]):
        path.write_text(json.dumps({"version": 1, "window_size": bad, "felt": "blue"}))
        caplog.clear()
        with caplog.at_level("WARNING", logger=storage.__name__):
            settings, message = storage.load_settings(path)
        assert message is None and settings["felt"] == "blue"
        assert settings["window_size"] == [1280, 720], bad
        assert "window size" in caplog.text, bad


def test_the_log_says_why_a_file_was_set_aside_in_english_words(tmp_path, caplog):
    """The log read 'cannot be used (Msg('it is not valid JSON', {}))': it says why in
    English words, the player's and the program's ("not valid JSON", the parser's own)."""
    from cardtable import i18n

    path = tmp_path / "settings.json"
    path.write_text("{ not json")
    try:
        i18n.set_language("fr")         # the log is in English whatever the player reads
        with caplog.at_level("WARNING", logger=storage.__name__):
            storage.load_settings(path)
    finally:
        i18n.set_language("en")
    assert "cannot be used (its text is garbled or cut short)" in caplog.text
    assert "is not valid JSON: " in caplog.text
    assert "Msg(" not in caplog.text
    version = tmp_path / "stats.json"
    version.write_text(json.dumps({"version": 7}))
    caplog.clear()
    with caplog.at_level("WARNING", logger=storage.__name__):
        storage.load_stats(version)
    assert "(its version 7 is unknown)" in caplog.text and "Msg(" not in caplog.text


def test_a_settings_file_without_a_version_says_so_not_none(tmp_path):
    """A settings file written by hand without its version: the sentence says it names no
    version (it said "its version None is unknown"), and the file is set aside."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "fr", "text_size": "larger"}))
    settings, message = storage.load_settings(path)
    from cardtable import i18n

    words = i18n.tr(message)
    assert "names no version" in words and "None" not in words, words
    assert settings == storage.defaults()


def test_the_folder_is_written_as_the_log_file_s_line_writes_it(tmp_path, monkeypatch, caplog):
    """The folder a damaged file is kept in is logged as the menu's line naming the log
    file writes a folder: the home folder as "~" (not on Windows)."""
    from cardtable import about

    monkeypatch.setattr(storage.Path, "home", classmethod(lambda cls: tmp_path))
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "stats.json").write_text("[]")
    _, message = storage.load_stats(folder / "stats.json")
    kept = next(folder.glob("stats.damaged-*.json")).name
    shown = about.shown_path(folder)
    assert f"as {kept} in {shown}" in caplog.text
    if storage.os.name != "nt":
        assert shown == "~/data"
