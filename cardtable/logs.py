"""The program's log: what went wrong, kept in a file a player can send with a bug report.

    logs.setup()        # once, where the program starts (ui/main.py, the smoke test)
    logs.log_file()     # the file in use, or None (the About line says where it is)
    logs.shutdown()     # let the file go (the smoke test's scratch folder is removed)

Every module logs through ``logging.getLogger(__name__)``; nothing is set up on import.
:func:`setup` gives the root logger a rotating file, ``cardtable.log`` in the user's data
folder (:func:`cardtable.paths.user_data_dir`, beside the autosave and the statistics), of
at most :data:`MAX_BYTES` with :data:`BACKUPS` older files beside it, in UTF-8. Each record
is one line (time, level, logger, message); a traceback follows its record, each of its
lines indented, so every line that does not start with a space starts a record.

The terminal stays quiet: only the program's own errors (and an exception nobody caught)
are also written to stderr, where there is one. Python's warnings go to the file. A folder
that cannot be written is not fatal: the program says so once on stderr and sends its
warnings and errors there instead.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import platform
import sys
import threading
from pathlib import Path
from types import TracebackType

#: the log file's name, in the user's data folder
FILE_NAME = "cardtable.log"
#: the largest a log file grows before it is rotated, bytes; and how many old ones are kept
MAX_BYTES = 1024 * 1024
BACKUPS = 3
#: one record: when, how bad, which module, what
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
#: the level recorded in the file; ``CARDTABLE_LOG_LEVEL`` (e.g. DEBUG) changes it
LEVEL = logging.INFO
#: the loggers of this program (the ones whose errors also reach stderr)
OWN = "cardtable"

log = logging.getLogger(__name__)

#: what :func:`setup` installed: {"file": Path | None, "handlers": [...], "hooks": (...)}
_STATE: dict = {}
_LOCK = threading.Lock()


class OneLineFormatter(logging.Formatter):
    """A record on one line; the lines of a traceback (or of a message with line breaks)
    follow it, indented by two spaces."""

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        return text.replace("\r\n", "\n").replace("\n", "\n  ")


class _Own(logging.Filter):
    """Only records of the program's own loggers."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.name == OWN or record.name.startswith(OWN + ".")


def default_path() -> Path:
    """Where the log file goes: ``cardtable.log`` in the user's data folder."""
    from cardtable.paths import user_data_dir

    return user_data_dir() / FILE_NAME


def log_file() -> Path | None:
    """The log file in use; None before :func:`setup`, or when no file could be written."""
    return _STATE.get("file")


def _level() -> int:
    name = os.environ.get("CARDTABLE_LOG_LEVEL", "").strip().upper()
    value = logging.getLevelName(name) if name else LEVEL
    return value if isinstance(value, int) else LEVEL


def _stderr_handler(level: int, own_only: bool) -> logging.Handler | None:
    if sys.stderr is None:          # a windowed build has no console
        return None
    handler = logging.StreamHandler(sys.stderr)
    handler.setLevel(level)
    handler.setFormatter(OneLineFormatter(FORMAT))
    if own_only:
        handler.addFilter(_Own())
    return handler


def _say(text: str) -> None:
    if sys.stderr is None:
        return
    try:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):   # a closed console
        pass


def setup(path: str | os.PathLike | None = None) -> Path | None:
    """Send the program's log records to the rotating file ``path`` (by default
    :func:`default_path`); the file in use, or None when it could not be opened.

    Called once where the program starts; a second call changes nothing until
    :func:`shutdown`. The program's own errors also go to stderr; where the file cannot be
    written, its warnings too, and stderr is told why once.
    """
    with _LOCK:
        if _STATE:
            return _STATE.get("file")
        target = Path(path) if path is not None else default_path()
        handlers: list[logging.Handler] = []
        file: Path | None = None
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            handler = logging.handlers.RotatingFileHandler(
                target, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
        except OSError as exc:
            _say(f"cardtable: no log file, {target} cannot be written "
                 f"({exc.strerror or type(exc).__name__}): warnings and errors go here")
            fallback = _stderr_handler(logging.WARNING, own_only=False)
            if fallback is not None:
                handlers.append(fallback)
        else:
            handler.setFormatter(OneLineFormatter(FORMAT))
            handlers.append(handler)
            file = target
            errors = _stderr_handler(logging.ERROR, own_only=True)
            if errors is not None:
                handlers.append(errors)
        root = logging.getLogger()
        level = _level()
        for each in handlers:
            if each.level == logging.NOTSET:
                each.setLevel(level)
            root.addHandler(each)
        _STATE.update(file=file, handlers=handlers, root_level=root.level,
                      hooks=(sys.excepthook, threading.excepthook))
        root.setLevel(min(level, root.level) if root.level else level)
        logging.captureWarnings(True)
        sys.excepthook = _uncaught
        threading.excepthook = _uncaught_in_thread
    # the system, its release and the machine, as os.uname() gives them: platform.platform()
    # would run `uname -p` in a new process (and read the C library's version from the
    # executable) at every start
    log.info("cardtable %s starts: Python %s on %s %s %s", _version(),
             platform.python_version(), platform.system(), platform.release(),
             platform.machine())
    return file


def shutdown() -> None:
    """Undo :func:`setup`: the handlers are closed and removed, the hooks put back."""
    with _LOCK:
        if not _STATE:
            return
        root = logging.getLogger()
        for handler in _STATE["handlers"]:
            root.removeHandler(handler)
            handler.close()
        root.setLevel(_STATE["root_level"])
        sys.excepthook, threading.excepthook = _STATE["hooks"]
        logging.captureWarnings(False)
        _STATE.clear()


def _uncaught(kind: type[BaseException], exc: BaseException,
              tb: TracebackType | None) -> None:
    """An exception nobody caught ends the program: it is logged (the file, and stderr)."""
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, exc, tb)
        return
    logging.getLogger(OWN).critical("the program stopped on an uncaught exception",
                                    exc_info=(kind, exc, tb))


def _uncaught_in_thread(args: threading.ExceptHookArgs) -> None:
    """An exception that ended a thread: logged, with the thread's name."""
    if args.exc_type is SystemExit:
        return
    name = args.thread.name if args.thread is not None else "?"
    logging.getLogger(OWN).error("the thread %s stopped on an uncaught exception", name,
                                 exc_info=args.exc_value)


def _version() -> str:
    from cardtable.about import version

    return version() or "(source)"
