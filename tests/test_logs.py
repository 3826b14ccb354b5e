"""The program's log file: where it goes, what a record looks like, rotation, and a folder
that cannot be written."""

from __future__ import annotations

import logging
import logging.handlers
import re
import sys
import threading
import warnings
from pathlib import Path

import pytest

from cardtable import about, i18n, logs

#: the start of a record's line: a time stamp, then the level and the logger
RECORD = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} [A-Z]+ [\w.]+: ")


@pytest.fixture
def logged(tmp_path):
    """Set the log up in ``tmp_path``; always undone, so no other test sees its handlers."""
    started: list[Path | None] = []

    def start(path: Path | None = None) -> Path | None:
        file = logs.setup(path if path is not None else tmp_path / "data" / logs.FILE_NAME)
        started.append(file)
        return file

    yield start
    logs.shutdown()


def read(path: Path) -> list[str]:
    for handler in logging.getLogger().handlers:
        handler.flush()
    return path.read_text(encoding="utf-8").splitlines()


def test_nothing_is_set_up_on_import():
    assert logs.log_file() is None
    assert not any(isinstance(h, logging.handlers.RotatingFileHandler)
                   for h in logging.getLogger().handlers)


def test_the_default_file_is_in_the_data_folder_the_tests_point_elsewhere(tmp_path, monkeypatch,
                                                                            logged):
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path / "elsewhere"))
    assert logs.default_path() == tmp_path / "elsewhere" / "cardtable.log"
    file = logs.setup()
    assert file == tmp_path / "elsewhere" / "cardtable.log" == logs.log_file()
    first = read(file)[0]
    assert RECORD.match(first) and "INFO cardtable.logs: cardtable " in first
    assert " starts: Python " in first


def test_a_record_is_one_line_its_traceback_indented_under_it_in_utf8(logged):
    file = logged()
    log = logging.getLogger("cardtable.somewhere")
    log.warning("Café au lait ♠ for %s", "Zoë")
    try:
        {}["missing"]
    except KeyError:
        log.exception("the lookup failed")
    lines = read(file)
    starts = [line for line in lines if RECORD.match(line)]
    assert starts[-2].endswith("WARNING cardtable.somewhere: Café au lait ♠ for Zoë")
    assert starts[-1].endswith("ERROR cardtable.somewhere: the lookup failed")
    after = lines[lines.index(starts[-1]) + 1:]
    assert after[0] == "  Traceback (most recent call last):"
    assert after[-1] == "  KeyError: 'missing'"
    assert all(line.startswith("  ") for line in after)


def test_the_file_is_rotated_and_old_files_are_dropped(tmp_path, logged, monkeypatch):
    monkeypatch.setattr(logs, "MAX_BYTES", 2000)
    file = logged()
    log = logging.getLogger("cardtable.chatty")
    for i in range(400):
        log.info("record number %04d %s", i, "x" * 40)
    names = sorted(p.name for p in file.parent.iterdir())
    assert names == ["cardtable.log", "cardtable.log.1", "cardtable.log.2", "cardtable.log.3"]
    assert all(p.stat().st_size <= 2000 for p in file.parent.iterdir())
    assert read(file)[-1].endswith("record number 0399 " + "x" * 40)


def test_only_the_programs_own_errors_reach_stderr(logged, capsys):
    logged()
    logging.getLogger("cardtable.ai").warning("a warning for the file only")
    logging.getLogger("somelibrary").error("a library's error, for the file only")
    logging.getLogger("cardtable.ai").error("the program's own error")
    err = capsys.readouterr().err
    assert "the program's own error" in err
    assert "a warning for the file only" not in err and "library" not in err


def test_a_second_setup_adds_nothing_and_shutdown_takes_all_back(logged):
    before = list(logging.getLogger().handlers)
    hooks = sys.excepthook, threading.excepthook
    file = logged()
    added = [h for h in logging.getLogger().handlers if h not in before]
    assert logs.setup() == file
    assert [h for h in logging.getLogger().handlers if h not in before] == added
    logs.shutdown()
    assert logging.getLogger().handlers == before and logs.log_file() is None
    assert (sys.excepthook, threading.excepthook) == hooks


def test_a_folder_that_cannot_be_written_is_said_once_and_warnings_go_to_stderr(tmp_path, logged,
                                                                              capsys):
    (tmp_path / "taken").write_text("a file where the folder should be", encoding="utf-8")
    assert logged(tmp_path / "taken" / "cardtable.log") is None
    assert logs.log_file() is None
    logging.getLogger("cardtable.x").warning("first trouble")
    logging.getLogger("cardtable.x").info("not worth the terminal")
    logging.getLogger("cardtable.x").warning("second trouble")
    err = capsys.readouterr().err
    assert err.count("no log file") == 1 and str(tmp_path / "taken") in err
    assert "first trouble" in err and "second trouble" in err and "not worth" not in err
    assert about.log_line(logs.log_file()) is None


def test_python_warnings_and_a_threads_uncaught_exception_are_logged(logged):
    file = logged()

    def crash() -> None:
        raise RuntimeError("the thread broke")

    thread = threading.Thread(target=crash, name="doomed")
    thread.start()
    thread.join()
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.warn("an old way of doing it", DeprecationWarning, stacklevel=1)
    text = "\n".join(read(file))
    assert "ERROR cardtable: the thread doomed stopped on an uncaught exception" in text
    assert "  RuntimeError: the thread broke" in text
    assert "WARNING py.warnings: " in text and "an old way of doing it" in text


def test_an_uncaught_exception_is_logged_before_the_program_ends(logged):
    file = logged()
    try:
        raise ValueError("nobody caught this")
    except ValueError:
        sys.excepthook(*sys.exc_info())
    text = "\n".join(read(file))
    assert "CRITICAL cardtable: the program stopped on an uncaught exception" in text
    assert "  ValueError: nobody caught this" in text


def test_the_about_line_says_where_the_file_is_in_either_language(tmp_path, monkeypatch):
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: tmp_path))
    line = about.log_line(tmp_path / "data" / "cardtable.log")
    expected = "~/data/cardtable.log" if sys.platform != "win32" else str(
        tmp_path / "data" / "cardtable.log")
    assert str(line) == f"Log file for bug reports: {expected}"
    try:
        i18n.set_language("fr")
        assert str(line) != f"Log file for bug reports: {expected}"
        assert str(line).endswith(expected)
    finally:
        i18n.set_language("en")
    assert about.shown_path(Path("/elsewhere/cardtable.log")) == str(
        Path("/elsewhere/cardtable.log"))


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_the_menu_says_where_the_log_file_is_under_the_version(tmp_path, logged, monkeypatch,
                                                               size):
    from cardtable.ui import theme
    from cardtable.ui.app import App
    from cardtable.ui.scenes.menu import MenuScene

    file = logged()
    app = App(size=size, settings={"sound": False}, settings_path=None)
    drawn: list[tuple[str, tuple]] = []
    real = theme.draw_text

    def record(surface, text, pos, *args, **kwargs):
        drawn.append((str(text), pos))
        return real(surface, text, pos, *args, **kwargs)

    monkeypatch.setattr(theme, "draw_text", record)
    app.push(MenuScene())
    app.step([], 1 / 60)
    texts = [t for t, _ in drawn]
    line = next(t for t in texts if t.startswith("Log file for bug reports: "))
    assert line.endswith(about.shown_path(file)), line          # whole, not cut short
    version = next(pos for t, pos in drawn if t == about.about_line())
    assert next(pos for t, pos in drawn if t == line)[1] > version[1]
    logs.shutdown()
    drawn.clear()
    app.step([], 1 / 60)
    assert not any(t.startswith("Log file") for t, _ in drawn)  # no file kept: nothing said
