"""The recent matches: the last :data:`KEEP` matches with their deals, kept for review.

One JSON file (``recent.json`` in the data folder) holding deal records
(:mod:`cardtable.records`), written atomically like the autosave (``storage.write_json``);
a file that cannot be used is set aside with one sentence (``storage.read_json``), and a
match whose records are damaged is left out. No pygame here.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from cardtable import storage
from cardtable.engine.core import ConfigError
from cardtable.i18n import Msg
from cardtable.records import check_shape, short_text

RECENT_VERSION = 1
#: how many matches the file keeps (the most recent)
KEEP = 50


def recent_path(folder: str | os.PathLike) -> Path:
    return Path(folder) / "recent.json"


def _match_ok(entry: Any) -> bool:
    if not isinstance(entry, dict) or not short_text(entry.get("id")):
        return False
    deals = entry.get("deals")
    if not isinstance(deals, list) or not deals:
        return False
    try:
        for deal in deals:
            check_shape(deal)
    except ConfigError:
        return False
    return True


def load_recent(path: str | os.PathLike) -> tuple[list[dict], Msg | None]:
    """(matches, message): the recent matches, most recent first, each ``{"id", "deals"}``
    with its deal records in order. A file that cannot be used is set aside (the message
    says so, in one sentence); a match whose records are damaged is left out."""
    data, message = storage.read_json(path, "recent", RECENT_VERSION)
    if data is None:
        return [], message
    matches = data.get("matches")
    if not isinstance(matches, list):
        return [], storage.set_aside(path, "recent", Msg("it holds no matches"))
    return [m for m in matches if _match_ok(m)][:KEEP], None


def match_id(record: dict, match_seed: Any) -> str:
    return f"{record['game']}-{match_seed}"


def joined(matches: list[dict], record: dict, match_key: str) -> list[dict]:
    """``matches`` with a finished deal added (a new list; the entries are not changed):
    to the most recent match when it has ``match_key`` and the deal follows its last one,
    else as a new match at the front; at most :data:`KEEP` matches."""
    matches = list(matches)
    entry = matches[0] if matches and matches[0].get("id") == match_key else None
    if entry is not None and entry["deals"][-1].get("deal") == record["deal"] - 1:
        matches[0] = dict(entry, deals=[*entry["deals"], record])
    else:
        matches.insert(0, {"id": match_key, "deals": [record]})
    return matches[:KEEP]


def add_deal(path: str | os.PathLike, record: dict, match_key: str,
             matches: list[dict] | None = None) -> tuple[list[dict], Msg | None]:
    """Add a finished deal to the recent matches and write the file atomically.

    The deal joins the most recent match of the same ``match_key`` when it follows that
    match's last deal; otherwise it begins a new match at the front. At most :data:`KEEP`
    matches are kept. ``matches`` is the list already read (else the file is read).
    Returns (matches, message): the message is the sentence to show if the file was set
    aside on reading or could not be written."""
    check_shape(record)
    message = None
    if matches is None:
        matches, message = load_recent(path)
    matches = joined(matches, record, match_key)
    try:
        storage.write_json(path, {"version": RECENT_VERSION, "matches": matches}, indent=None)
    except OSError as exc:
        message = Msg("The recent matches could not be saved: {error}.",
                      error=exc.strerror or exc.__class__.__name__)
    return matches, message


def summary(entry: dict) -> dict:
    """What the list of recent matches shows of one match: game, names, when, deals."""
    deals = entry["deals"]
    last = deals[-1]
    return {"game": last["game"], "names": list(last["names"]), "when": deals[0]["when"],
            "deals": len(deals), "humans": list(last["humans"])}
