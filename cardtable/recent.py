"""The recent matches: the last :data:`KEEP` matches with their deals, kept for review.

A folder (``recent/`` in the data folder) with one JSON file per match, named by a
sequence number (``000123.json``, higher is more recent), each
``{"version": 1, "id": ..., "deals": [deal records]}`` (:mod:`cardtable.records`). A
finished deal touches one small file: it joins the newest match's file (read and written
again, atomically like the autosave, ``storage.write_json``) or starts a new one, and the
files beyond :data:`KEEP` are removed. Nothing else is read at the table: the whole list
is read only for the Recent matches screen. A file that cannot be used is set aside with
one sentence (``storage.read_json``) and the others are kept. The single ``recent.json``
of earlier versions is moved into the folder once, the first time it is used. No pygame
here.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from cardtable import storage
from cardtable.engine.core import ConfigError
from cardtable.i18n import Msg
from cardtable.records import check_shape, short_text

RECENT_VERSION = 1
#: how many matches are kept (the most recent)
KEEP = 50
#: a match's file name: its sequence number
_NAME = re.compile(r"^(\d{1,12})\.json$")


def recent_path(folder: str | os.PathLike) -> Path:
    """The folder of the recent matches inside the data folder ``folder``."""
    return Path(folder) / "recent"


def legacy_path(folder: str | os.PathLike) -> Path:
    """The one file the earlier versions kept every recent match in."""
    return Path(folder) / "recent.json"


def _match_ok(entry: Any) -> bool:
    if not isinstance(entry, dict) or not short_text(entry.get("id")):
        return False
    deals = entry.get("deals")
    if not isinstance(deals, list) or not deals:
        return False
    try:
        for deal in deals:
            check_shape(deal, any_game=True)  # a game not installed now is kept for later
    except ConfigError:
        return False
    return True


def _numbered(where: Path) -> list[tuple[int, Path]]:
    """The match files in the folder, most recent first."""
    try:
        names = os.listdir(where)
    except OSError:
        return []
    found = []
    for name in names:
        m = _NAME.match(name)
        if m:
            found.append((int(m.group(1)), where / name))
    found.sort(reverse=True)
    return found


def _file_name(where: Path, number: int) -> Path:
    return where / f"{number:06d}.json"


def _write(path: Path, entry: dict) -> None:
    storage.write_json(path, {"version": RECENT_VERSION, "id": entry["id"],
                              "deals": entry["deals"]}, indent=None)


def _read(path: Path) -> tuple[dict | None, Msg | None]:
    """One match's file: (entry, message); a file that cannot be used is set aside."""
    data, message = storage.read_json(path, "recent match", RECENT_VERSION)
    if data is None:
        return None, message
    if not _match_ok(data):
        return None, storage.set_aside(path, "recent match", Msg("it holds no deals to review"))
    return {"id": data["id"], "deals": data["deals"]}, None


def _migrate(folder: Path) -> Msg | None:
    """Move the single file of earlier versions into the folder, one file a match (the
    old file is removed only once every match is written). The sentence to show if it
    could not be used."""
    old = legacy_path(folder)
    if not old.exists():
        return None
    data, message = storage.read_json(old, "recent", RECENT_VERSION)
    if data is None:
        return message
    matches = data.get("matches")
    if not isinstance(matches, list):
        return storage.set_aside(old, "recent", Msg("it holds no matches"))
    where = recent_path(folder)
    newest = _numbered(where)
    number = newest[0][0] if newest else 0
    kept = [m for m in matches if _match_ok(m)][:KEEP]
    try:
        for entry in reversed(kept):         # the oldest gets the lowest number
            number += 1
            _write(_file_name(where, number), entry)
        old.unlink()
    except OSError as exc:
        return _not_saved(exc)
    _prune(where)
    return None


def _not_saved(exc: OSError) -> Msg:
    return Msg("The recent matches could not be saved: {error}.",
               error=exc.strerror or exc.__class__.__name__)


def _prune(where: Path) -> None:
    for _, path in _numbered(where)[KEEP:]:
        try:
            path.unlink()
        except OSError:
            pass


def load_recent(folder: str | os.PathLike) -> tuple[list[dict], Msg | None]:
    """(matches, message): the recent matches, most recent first, each ``{"id", "deals"}``
    with its deal records in order. A match's file that cannot be used is set aside and
    left out (the message says so, in one sentence: the first such)."""
    folder = Path(folder)
    message = _migrate(folder)
    matches = []
    for _, path in _numbered(recent_path(folder)):
        entry, problem = _read(path)
        if entry is not None:
            matches.append(entry)
            if len(matches) == KEEP:
                break
        message = message or problem
    return matches, message


def match_id(record: dict, match_seed: Any) -> str:
    return f"{record['game']}-{match_seed}"


def _follows(entry: dict | None, record: dict, match_key: str) -> bool:
    """Does ``record`` continue the match ``entry`` (same key, the next deal)?"""
    return (entry is not None and entry.get("id") == match_key
            and entry["deals"][-1].get("deal") == record["deal"] - 1)


def joined(matches: list[dict], record: dict, match_key: str) -> list[dict]:
    """``matches`` with a finished deal added (a new list; the entries are not changed):
    to the most recent match when it has ``match_key`` and the deal follows its last one,
    else as a new match at the front; at most :data:`KEEP` matches. (For a list kept in
    memory; on disk :func:`add_deal` does the same.)"""
    matches = list(matches)
    if matches and _follows(matches[0], record, match_key):
        matches[0] = dict(matches[0], deals=[*matches[0]["deals"], record])
    else:
        matches.insert(0, {"id": match_key, "deals": [record]})
    return matches[:KEEP]


def add_deal(folder: str | os.PathLike, record: dict, match_key: str) -> Msg | None:
    """Add a finished deal to the recent matches on disk.

    The deal joins the most recent match when that has ``match_key`` and the deal follows
    its last one (only that match's file is read and written again); otherwise it begins
    a new match's file. At most :data:`KEEP` matches are kept. Returns the sentence to show
    if a file was set aside on reading or could not be written, else None."""
    check_shape(record)
    folder = Path(folder)
    message = _migrate(folder)
    where = recent_path(folder)
    files = _numbered(where)
    entry = None
    if files:
        entry, problem = _read(files[0][1])
        message = message or problem
    try:
        if _follows(entry, record, match_key):
            _write(files[0][1], {"id": match_key, "deals": [*entry["deals"], record]})
        else:
            number = files[0][0] + 1 if files else 1
            _write(_file_name(where, number), {"id": match_key, "deals": [record]})
    except OSError as exc:
        return _not_saved(exc)
    _prune(where)
    return message


def summary(entry: dict) -> dict:
    """What the list of recent matches shows of one match: game, names, when, deals."""
    deals = entry["deals"]
    last = deals[-1]
    return {"game": last["game"], "names": list(last["names"]), "when": deals[0]["when"],
            "deals": len(deals), "humans": list(last["humans"])}
