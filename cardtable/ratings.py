"""The computer levels on one rating scale, as measured: reading ``cardtable/assets/ratings.json``.

The file is made by ``python -m bench.ratings`` (see there): for each measured game, the
levels random, easy, medium and hard (and expert, where measured) on an Elo-like scale
where a uniformly random player is 0 and 400 points more means winning about 10 deals in
11 against it, each with a 95 % interval, the command that made it and every match-up's
sample size. A game or a level that was not measured has no entry, and the setup screen
then shows no rating for it.

The file is read at the border: anything that does not have exactly the expected shape
(a damaged or hand-edited file, a wrong version) is ignored as a whole, with one sentence
in the log, and the program goes on without ratings.
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import dataclass
from pathlib import Path

from cardtable.engine import registry
from cardtable.paths import asset

log = logging.getLogger(__name__)

FORMAT = 1
FILE_NAME = "ratings.json"
#: the levels a rating can be given to, weakest first
RATED_LEVELS = ("random", "easy", "medium", "hard", "expert")
# No plain word ("beginner", "strong") goes with a rating: each game is measured on its own
# scale (random play 0 in each, a step capped near 800 by winning every match), so a word
# from the number meant a different strength in each game ("Medium" was a beginner in
# Sixty-Six and strong in 65). The setup screen shows the numbers as comparing the levels
# of one game only.


@dataclass(frozen=True)
class Rating:
    rating: float
    low: float
    high: float


def number(value) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError("not a number")
    if not math.isfinite(value):
        raise ValueError("not a finite number")
    return float(value)


def parse(data) -> dict[str, dict[str, Rating]]:
    """``{game_id: {level: Rating}}`` from the file's JSON; ValueError if its shape is off."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not a ratings file of format 1")
    if not isinstance(data.get("command"), str) or not data["command"]:
        raise ValueError("the command that made the ratings is missing")
    games = data.get("games")
    if not isinstance(games, dict):
        raise ValueError("no games")
    out: dict[str, dict[str, Rating]] = {}
    for game_id, entry in games.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("levels"), dict):
            raise ValueError(f"{game_id}: no levels")
        if not isinstance(entry.get("matchups"), list) or not entry["matchups"]:
            raise ValueError(f"{game_id}: no match-ups behind the ratings")
        for m in entry["matchups"]:
            if not isinstance(m, dict) or int(number(m.get("matches"))) < 2:
                raise ValueError(f"{game_id}: a match-up without its sample size")
        levels = {}
        for level, r in entry["levels"].items():
            if level not in RATED_LEVELS or not isinstance(r, dict):
                raise ValueError(f"{game_id}: unknown level {level!r}")
            rating = Rating(number(r.get("rating")), number(r.get("low")),
                            number(r.get("high")))
            if not rating.low <= rating.rating <= rating.high:
                raise ValueError(f"{game_id} {level}: the interval does not hold the rating")
            levels[level] = rating
        out[str(game_id)] = levels
    return out


_cache: dict[str, dict[str, dict[str, Rating]]] = {}


def load(path: Path | None = None) -> dict[str, dict[str, Rating]]:
    """The measured ratings, or {} when the file is missing or cannot be used."""
    path = asset(FILE_NAME) if path is None else Path(path)
    key = str(path)
    if key in _cache:
        return _cache[key]
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        result: dict = {}
    except OSError as exc:
        log.warning("The ratings file %s cannot be read (%s), so no ratings are shown.",
                    path, exc)
        result = {}
    else:
        try:
            result = parse(json.loads(text))
        except (ValueError, TypeError) as exc:
            log.warning("The ratings file %s is damaged (%s), so no ratings are shown.",
                        path, exc)
            result = {}
    _cache[key] = result
    return result


def measured(game_id: str) -> dict[str, Rating]:
    """The program's own measured ratings of ``game_id``'s levels (from the file; {} when
    it has none): what a built-in game's registration gives as its rating data."""
    return load().get(game_id, {})


def of(game_id: str, level: str) -> Rating | None:
    """A level's measured rating in a game, or None where none was measured: the rating
    data the game brings with its registration."""
    levels = registry.game(game_id).ratings() or {}
    rating = levels.get(level) if isinstance(levels, dict) else None
    return rating if isinstance(rating, Rating) else None
