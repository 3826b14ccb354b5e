"""What the program keeps between runs: settings, the match in progress, statistics.

JSON only (never pickle or eval), each file with a ``version`` field, written atomically (a
temporary file in the same folder, flushed to disk, then ``os.replace``: a crash leaves the
old file or the new one, never half of one). A file that cannot be used (not JSON, not an
object, a version we do not know, too big, or a match that breaks the rules) is set aside
under a new name with a time stamp, and the caller gets one sentence to show the player
(what happened, the name and folder the file is kept under, what the program does instead);
the program carries on with defaults. No pygame here.

A file that is there but cannot be read (no permission, locked by another program) or that
could not be set aside is *left alone*: this run never writes over it or removes it (see
:func:`is_left_alone`), so nothing it holds is lost; the player is told once, when it is read.
Temporary files left by a write that was cut short (the program killed) are removed when the
folder is next read, once they are old enough not to be a write in progress.

* settings:  ``load_settings`` / ``save_settings``   (user config folder)
* the match: ``save_match`` / ``load_match`` / ``clear_match``   (user data folder)
* statistics: ``load_stats`` / ``save_stats`` / ``record_result`` / ``stats_rows``
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from cardtable import saves
from cardtable.about import shown_path
from cardtable.engine.core import ConfigError, IllegalAction
from cardtable.i18n import N_, Msg

log = logging.getLogger(__name__)

SETTINGS_VERSION = 1
MATCH_VERSION = saves.FORMAT_VERSION   # the saved match's format: cardtable.saves
STATS_VERSION = 1
APP_NAME = "cardtable"

#: files bigger than this are refused unread (bytes)
MAX_BYTES = {"settings": 256 * 1024, "match": 8 * 1024 * 1024, "stats": 1024 * 1024,
             "recent": 48 * 1024 * 1024, "recent match": 8 * 1024 * 1024}

DEFAULT_SETTINGS: dict[str, Any] = {
    "version": SETTINGS_VERSION,
    "window_size": [1280, 720],
    "fullscreen": False,
    "animation_speed": "normal",      # off | fast | normal | slow
    "sound": True,
    "speech": "auto",                 # auto (on when a screen reader runs) | on | off
    "card_back": "blue",              # blue | red | green | purple
    "felt": "green",                  # green | blue | red | grey
    "four_colour_suits": False,
    "court_letters": "auto",          # auto (K Q J, or R D V in French) | kqj | rdv
    "show_card_points": False,        # running card points in Sixty-Six
    "hint_button": True,
    "language": "auto",               # auto (the system's) | en | fr
    "large_cards": False,             # cards a quarter larger at the table
    "high_contrast": False,           # dark plain cloth, white text, solid panels
    "reduced_motion": False,          # no easing and no flying cards: moves are instant
    "text_size": "normal",            # normal | large | larger
    "last_setup": {},                 # game id -> the last setup used for it
    # the table server "Play online" uses (host:port, ws:// or wss://...): none is assumed
    "server_address": "",
    # Learn to play: game id -> "declined" (No thanks: never offered again) or "taken"
    "lessons": {},
}

#: the longest server address a settings file may hold
SERVER_ADDRESS_LENGTH = 300

#: the values each enumerated setting may take
CHOICES: dict[str, tuple[str, ...]] = {
    "animation_speed": ("off", "fast", "normal", "slow"),
    "card_back": ("blue", "red", "green", "purple"),
    "court_letters": ("auto", "kqj", "rdv"),
    "felt": ("green", "blue", "red", "grey"),
    "language": ("auto", "en", "fr"),
    "text_size": ("normal", "large", "larger"),
    "speech": ("auto", "on", "off"),
}


def config_dir() -> Path:
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME, appauthor=False))


def settings_path() -> Path:
    return config_dir() / "settings.json"


def defaults() -> dict[str, Any]:
    return json.loads(json.dumps(DEFAULT_SETTINGS))


def _clean(data: dict) -> dict[str, Any]:
    """Merge a loaded mapping over the defaults, dropping values of the wrong type."""
    out = defaults()
    for key, default in DEFAULT_SETTINGS.items():
        if key == "version" or key not in data:
            continue
        value = data[key]
        if isinstance(default, bool):
            if isinstance(value, bool):
                out[key] = value
        elif key in CHOICES:
            if value in CHOICES[key]:
                out[key] = value
        elif key == "window_size":
            size = window_size(value)
            if size is not None:
                out[key] = size
        elif key == "last_setup":
            out[key] = _clean_setups(value)
        elif key == "lessons":
            if isinstance(value, dict):
                out[key] = {k: v for k, v in value.items() if isinstance(k, str)
                            and len(k) <= 40 and v in ("declined", "taken")}
        elif key == "server_address":
            if isinstance(value, str) and len(value) <= SERVER_ADDRESS_LENGTH and \
                    value.isprintable():
                out[key] = value.strip()
        elif isinstance(default, dict):
            if isinstance(value, dict):
                out[key] = value
    return out


#: the smallest and largest window a settings file may ask for (the window keeps to the
#: desktop's size besides, and to its own least: cardtable.ui.window.fit_window)
MIN_WINDOW, MAX_WINDOW = (640, 400), (7680, 4320)


def window_size(value: Any) -> list[int] | None:
    """A saved window size: two whole numbers of pixels above 0, brought within
    :data:`MIN_WINDOW` and :data:`MAX_WINDOW`; None (and a log line) for anything else
    (not numbers, fractions, nothing or less): it is not used."""
    if (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value)):
        bounds = zip(value, MIN_WINDOW, MAX_WINDOW, strict=True)
        return [max(low, min(high, v)) for v, low, high in bounds]
    log.warning("the saved window size %s is not a size: the default is used",
                repr(value)[:60])
    return None


#: what a remembered setup may hold (see the setup scene's ``config``)
_SEAT_KINDS = ("human", "computer", "friend")   # friend: a seat taken over the network
_LEVELS = ("easy", "medium", "hard", "expert")   # the setup screen checks the game offers it


def _clean_setups(value: Any) -> dict[str, dict]:
    """The remembered setups (game id -> setup), each reduced to well-formed parts: a
    player count, seats with a clean name, kind and level, options of plain values. What a
    game's setup screen cannot use is left out; the screen checks the rest against the game."""
    if not isinstance(value, dict):
        return {}
    out: dict[str, dict] = {}
    for game, setup in list(value.items())[:64]:
        if not isinstance(game, str) or len(game) > 40 or not isinstance(setup, dict):
            continue
        clean: dict[str, Any] = {"game": game} if setup.get("game") == game else {}
        if "first_dealer" in setup:
            dealer = setup["first_dealer"]
            clean["first_dealer"] = dealer if _is_count(dealer) and dealer < 16 else None
        players = setup.get("players")
        if _is_count(players) and players <= 16:
            clean["players"] = players
        seats = setup.get("seats")
        if isinstance(seats, list):
            clean["seats"] = [_clean_seat(seat) for seat in seats[:16]]
        options = setup.get("options")
        if isinstance(options, dict):
            clean["options"] = {k: v for k, v in list(options.items())[:32]
                                if isinstance(k, str) and len(k) <= 40
                                and _plain_option(v)}
        out[game] = clean
    return out


def _clean_seat(seat: Any) -> dict[str, str]:
    from cardtable.names import clean_name

    if not isinstance(seat, dict):
        return {}
    out = {}
    name = clean_name(seat.get("name"))
    if name:
        out["name"] = name
    if seat.get("kind") in _SEAT_KINDS:
        out["kind"] = seat["kind"]
    if seat.get("level") in _LEVELS:
        out["level"] = seat["level"]
    return out


def _plain_option(value: Any) -> bool:
    if isinstance(value, bool) or value is None:
        return True
    if isinstance(value, int):
        return abs(value) <= 10**6
    return isinstance(value, str) and len(value) <= 40


#: files this run must neither write over nor remove (see the module docstring)
_LEFT_ALONE: set[str] = set()


def _key(path: str | os.PathLike) -> str:
    return os.path.abspath(os.fspath(path))


def is_left_alone(path: str | os.PathLike) -> bool:
    """True when ``path`` could not be read (or set aside) in this run: it is not written."""
    return _key(path) in _LEFT_ALONE


def leave_alone(path: str | os.PathLike) -> None:
    _LEFT_ALONE.add(_key(path))


def release(path: str | os.PathLike) -> None:
    """The player chose to replace a file that could not be read: it may be written again."""
    _LEFT_ALONE.discard(_key(path))


#: temporary files younger than this (seconds) may be a write in progress: kept
STALE_SECONDS = 60.0


def remove_stale_temporaries(path: str | os.PathLike, age: float = STALE_SECONDS) -> int:
    """Remove the temporary files an interrupted :func:`write_json` of ``path`` left behind
    (``.<name>-*.tmp`` beside it, older than ``age`` seconds); how many were removed."""
    path = Path(path)
    removed = 0
    now = time.time()
    try:
        leftovers = list(path.parent.glob(f".{path.stem}-*.tmp"))
    except OSError:
        return 0
    for tmp in leftovers:
        try:
            if now - tmp.stat().st_mtime >= age and tmp.is_file():
                tmp.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def _set_aside(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.damaged-{stamp}-{n}{path.suffix}")
        n += 1
    os.replace(path, target)
    return target


#: how each kind of file is named to the player, and what happens instead (the messages
#: are Msgs: shown in the player's language, whatever it was when the file was read)
_WHAT = {
    "settings": (N_("settings file"), N_("default settings are used")),
    "match": (N_("saved match"), N_("a new match can be started")),
    "stats": (N_("statistics file"), N_("the statistics start again from nothing")),
    "recent": (N_("list of recent matches"), N_("the list starts again from nothing")),
    "recent match": (N_("file of a recent match"), N_("that match is left out of the list")),
}


#: why a file cannot be used, in a player's words (the technical reason goes to the log):
#: its text cannot be read as the program writes it ("it is not valid JSON" before), or it
#: reads but is not laid out as such a file is ("it does not hold an object")
GARBLED = N_("its text is garbled or cut short")
NOT_OURS = N_("it is not laid out as this program writes it")


def _what(what: str) -> tuple[Msg, Msg]:
    label, instead = _WHAT.get(what, (what, N_("the program carries on")))
    return Msg(label), Msg(instead)


def set_aside(path: str | os.PathLike, what: str, problem: str | Msg) -> Msg:
    """Rename a file we cannot use to ``<name>.damaged-<time><ext>``; the sentence to show."""
    path = Path(path)
    label, instead = _what(what)
    try:
        moved = _set_aside(path)
    except OSError as exc:
        log.warning("the %s %s cannot be used (%s) nor moved aside (%s): it is left alone",
                    what, path, english(problem), exc)
        leave_alone(path)
        return Msg("The {label} is damaged ({problem}) and could not be moved aside, so it is "
                   "left as it is and nothing is saved over it.", label=label, problem=problem)
    log.warning("the %s %s cannot be used (%s): it is kept as %s in %s", what, path,
                english(problem), moved.name, shown_path(moved.parent))
    # one short sentence in a player's words: what happened, that the file is kept, what
    # the program does instead; its new name and folder are in the log (the menu names the
    # log's file). With them three such sentences at once, as a first start after a crash
    # may show, covered the menu's buttons at 800x500 (tests/ui/test_toasts.py)
    return Msg("The {label} was damaged ({problem}), so it was set aside and {instead}.",
               label=label, problem=problem, instead=instead)


def english(text: Any) -> str:
    """``text`` in English whatever the player's language, for the log: a :class:`Msg`'s
    own words with its blanks filled in (in English too), anything else as ``str`` gives."""
    if type(text) is Msg:
        try:
            return text.msgid.format(**{k: english(v) for k, v in text.values.items()})
        except (KeyError, IndexError, ValueError):
            return text.msgid
    return str(text)


def _unreadable(path: Path, label: Msg, exc: OSError) -> Msg:
    """A file is there but cannot be read: it is left alone, and the one sentence to say so."""
    log.warning("%s cannot be read (%s): it is left alone", path, exc)
    leave_alone(path)
    return Msg("Could not read the {label} ({error}), so it is left as it is and nothing is "
               "saved over it.", label=label, error=exc.strerror or exc.__class__.__name__)


def read_json(path: str | os.PathLike, what: str, version: int,
              newer: bool = False) -> tuple[Any, Msg | None]:
    """(data, message): a JSON object with ``version``, or None and why it was set aside.

    A missing file gives (None, None). Nothing but ``json.loads`` ever reads the text. With
    ``newer``, a file of a later version (written by a newer program) is read too: the
    caller keeps what it understands. A file that cannot be read is left alone
    (:func:`is_left_alone`).
    """
    path = Path(path)
    label = _what(what)[0]
    limit = MAX_BYTES.get(what, 1024 * 1024)
    remove_stale_temporaries(path)
    try:
        size = path.stat().st_size
    except (FileNotFoundError, NotADirectoryError):
        return None, None
    except OSError as exc:
        return None, _unreadable(path, label, exc)
    except ValueError:              # a path the system cannot name (a NUL in it)
        return None, None
    if size > limit:
        return None, set_aside(path, what, Msg("it is {kb} KB, more than a {label} can be",
                                               kb=size // 1024, label=label))
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, _unreadable(path, label, exc)
    problem = None
    data = None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        log.warning("%s is not valid JSON: %s", path, exc)
        problem = Msg(GARBLED)
    except RecursionError:
        log.warning("%s is nested too deeply to be read", path)
        problem = Msg(GARBLED)
    if problem is None and not isinstance(data, dict):
        log.warning("%s does not hold a JSON object", path)
        problem = Msg(NOT_OURS)
    if problem is None and data.get("version") != version and not (
            newer and _is_count(data.get("version")) and data["version"] > version):
        problem = Msg("its version {version} is unknown", version=repr(data["version"])[:20]) \
            if "version" in data else Msg("it names no version")
    if problem is not None:
        return None, set_aside(path, what, problem)
    return data, None


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def write_json(path: str | os.PathLike, data: dict, indent: int | None = 2) -> bool:
    """Write ``data`` atomically: a temporary file next to the target, fsync, os.replace.

    False (and nothing written) when ``path`` is left alone (it could not be read in this
    run); an OSError when the system refuses the write.
    """
    path = Path(path)
    if is_left_alone(path):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=indent, sort_keys=True, separators=None if indent else
                      (",", ":"))
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".tmp", dir=str(path.parent))
    written = False
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
        written = True
    finally:
        if not written:     # whatever stopped the write (the system, or the program ending)
            _remove_temporary(tmp)
    return True


def _remove_temporary(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError as exc:  # it is removed once stale, when the folder is next read
        log.warning("the temporary file %s could not be removed: %s", tmp, exc)


# --------------------------------------------------------------------------- settings


def load_settings(path: str | os.PathLike | None = None) -> tuple[dict[str, Any], Msg | None]:
    """The saved settings (defaults for anything missing) and a message, or None if all is well.

    A damaged file (not JSON, not an object, too big, or a version we do not know) is renamed
    to ``settings.damaged-<time>.json`` and the defaults are returned with a message saying so.
    A file written by a newer version is not damaged: what this version understands is kept.
    """
    path = Path(path) if path is not None else settings_path()
    data, message = read_json(path, "settings", SETTINGS_VERSION, newer=True)
    if data is None:
        return defaults(), message
    return _clean(data), None


def save_settings(settings: dict[str, Any], path: str | os.PathLike | None = None) -> bool:
    """Write ``settings`` atomically: a temporary file next to the target, then os.replace.
    False when the file is left alone (see :func:`write_json`)."""
    path = Path(path) if path is not None else settings_path()
    data = dict(settings)
    data["version"] = SETTINGS_VERSION
    return write_json(path, data)


# --------------------------------------------------------------------------- the match


def data_dir() -> Path:
    from cardtable.paths import user_data_dir

    return user_data_dir()


#: the match in progress and the statistics, by name in the data folder (the window's
#: folder, ``App.data_dir``, holds them by the same names)
MATCH_FILE = "match.json"
STATS_FILE = "stats.json"


def match_path() -> Path:
    return data_dir() / MATCH_FILE


def save_match(match, path: str | os.PathLike | None = None) -> bool:
    """Write the match in progress (a :class:`cardtable.match.Match`) atomically. False when
    the file is left alone (a saved match that could not be read is not written over)."""
    path = Path(path) if path is not None else match_path()
    data = match.to_json()
    return write_json(path, data, indent=None)


def load_match(path: str | os.PathLike | None = None, **kwargs: Any):
    """(match, message): the saved match in progress, or None (and why, if it was damaged).

    Besides the checks of every file, the match must load under the rules: its state
    is rebuilt by replaying the recorded moves of the current deal from the deal's start,
    and must come out exactly as saved. Anything else is refused and set aside.
    """
    from cardtable.match import Match

    path = Path(path) if path is not None else match_path()
    data, message = read_json(path, "match", MATCH_VERSION)
    if data is None:
        return None, message
    try:
        match = Match.from_json(data, **kwargs)
    except (ConfigError, IllegalAction) as exc:
        log.warning("the saved match %s is refused: %s", path, exc)
        return None, set_aside(path, "match", match_refusal(exc))
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError):
        log.warning("the saved match %s is inconsistent", path, exc_info=True)
        return None, set_aside(path, "match", Msg(INCONSISTENT))
    if match.is_over:
        return None, clear_match(path)
    return match, None


#: why a saved match is refused, worded from the error's code for the player (the engine's
#: English sentence goes to the log); any other code: INCONSISTENT
MATCH_REFUSALS = {
    "unknown_game": N_("it is a match of a game this copy of the program does not have"),
    "bad_option": N_("its options do not fit its game"),
    "bad_players": N_("its number of players does not fit its game"),
}
#: a recorded move the rules refuse
BROKEN_RULE = N_("a move recorded in it breaks the rules")
INCONSISTENT = N_("what it holds does not add up")


def match_refusal(exc: ConfigError | IllegalAction) -> Msg:
    """Why a saved match was refused, as a clause in the player's language."""
    if isinstance(exc, IllegalAction):
        return Msg(BROKEN_RULE)
    return Msg(MATCH_REFUSALS.get(exc.code, INCONSISTENT))


def clear_match(path: str | os.PathLike | None = None) -> Msg | None:
    """Forget the match in progress (it ended, or the player started another).

    Never raises: None when it is gone (or was never there, or is left alone because it
    could not be read), else the sentence to show (the system refused to remove it).
    """
    path = Path(path) if path is not None else match_path()
    if is_left_alone(path):
        return None
    try:
        path.unlink()
    except (FileNotFoundError, NotADirectoryError):
        pass                    # nothing there (or no folder at all: a file in its place)
    except OSError as exc:
        return Msg("The saved match could not be removed ({error}).",
                   error=exc.strerror or exc.__class__.__name__)
    except ValueError:          # a path the system cannot name
        pass
    return None


# --------------------------------------------------------------------------- statistics

STAT_KEYS = ("played", "won", "streak", "best_streak", "best", "total", "scored",
             "money", "last_played")
#: the level of a person's own record at a table of several people (pass-and-play): each
#: person is counted by name, "person:Ana", beside the computers' levels
PERSON = "person:"


def stats_path() -> Path:
    return data_dir() / STATS_FILE


def load_stats(path: str | os.PathLike | None = None) -> tuple[dict, Msg | None]:
    """({game id: {level: record}}, message). Records with bad values are dropped."""
    path = Path(path) if path is not None else stats_path()
    data, message = read_json(path, "stats", STATS_VERSION)
    if data is None:
        return {}, message
    games = data.get("games")
    out: dict[str, dict[str, dict]] = {}
    if not isinstance(games, dict):
        return {}, set_aside(path, "stats", Msg("it holds no games"))
    for game, levels in games.items():
        if not _stats_key(game) or not isinstance(levels, dict):
            continue
        for level, record in levels.items():
            clean = _clean_record(record)
            if _stats_key(level) and clean is not None:
                out.setdefault(game, {})[level] = clean
    return out, None


#: the largest count (matches played, won, in a row) and score a record may hold: beyond
#: them a record is not believed (a number like 10**400 cannot even be averaged)
MAX_COUNT = 10**9
MAX_SCORE = 10**12


def _clean_record(record) -> dict | None:
    if not isinstance(record, dict):
        return None
    out: dict[str, Any] = {}
    for key in STAT_KEYS:
        value = record.get(key)
        if key == "last_played":
            if isinstance(value, str) and len(value) <= 40 and value.isprintable():
                out[key] = value
        elif key in ("best", "total", "money"):
            if isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_SCORE:
                out[key] = value
        elif _is_count(value) and value <= MAX_COUNT:
            out[key] = value
    played = out.get("played", 0)
    if not played or out.get("won", 0) > played:
        return None
    for key in ("streak", "best_streak", "scored"):
        if out.get(key, 0) > played:
            del out[key]
    if out.get("streak", 0) > out.get("best_streak", out.get("streak", 0)):
        out["best_streak"] = out["streak"]
    out.setdefault("won", 0)
    out.setdefault("scored", played)
    return out


def _stats_key(key: Any) -> bool:
    """A game id or level as the statistics name them: short printable words."""
    return isinstance(key, str) and 0 < len(key) <= 40 and key.isprintable()


def save_stats(stats: dict, path: str | os.PathLike | None = None) -> bool:
    """Write the statistics atomically; False when the file is left alone (it could not be
    read in this run: its history is not written over)."""
    path = Path(path) if path is not None else stats_path()
    return write_json(path, {"version": STATS_VERSION, "games": stats})


def record_result(stats: dict, game: str, level: str, won: bool, score: int | None,
                  lower_is_better: bool = False, when: str | None = None,
                  money: int | None = None) -> dict:
    """Add one finished match to ``stats`` (changed in place and returned).

    A record: played, won, streak (wins in a row now), best_streak, best (score), total
    and scored (for the average), money (cents won or lost, in a game played for money),
    last_played (a date). ``level`` is the computers' level, or ``PERSON`` and a name for
    each person at a table of several people (a win is always somebody's).
    """
    rec = stats.setdefault(game, {}).setdefault(level, {"played": 0, "won": 0})
    rec["played"] = rec.get("played", 0) + 1
    if won:
        rec["won"] = rec.get("won", 0) + 1
        rec["streak"] = rec.get("streak", 0) + 1
    else:
        rec["streak"] = 0
    rec["best_streak"] = max(rec.get("best_streak", 0), rec["streak"])
    if score is not None:
        best = rec.get("best")
        if best is None or (score < best if lower_is_better else score > best):
            rec["best"] = score
        rec["total"] = rec.get("total", 0) + score
        rec["scored"] = rec.get("scored", 0) + 1
    if money is not None:
        rec["money"] = rec.get("money", 0) + money
    rec["last_played"] = when or time.strftime("%Y-%m-%d")
    return rec


def average(record: dict) -> float | None:
    scored = record.get("scored") or 0
    if not scored or "total" not in record:
        return None
    return record["total"] / scored


def win_rate(record: dict) -> float | None:
    played = record.get("played") or 0
    return record.get("won", 0) / played if played else None
