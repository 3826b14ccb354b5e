"""What ties a match on the table to the files on disk: autosave, Continue, statistics.

The App's ``data_dir`` says where the files go (``run()`` sets it to the platformdirs user
data folder; an App built by a test has None and writes nothing):

* ``attach(app, match)``: the match is saved after every move and undo (atomically, see
  ``storage.save_match``); when it ends the save is removed and the result goes into the
  statistics, once.
* ``load_saved(app)``: the saved match, checked under the rules, or None. A file that cannot
  be used is set aside and the player is told in one sentence (a toast); the menu carries on.
* ``stats_level(match)``: the statistics key of a table (the computers' level).
* ``keep_deals(app, match)``: every deal the match scored goes into the recent matches
  (the ``recent`` folder, one small file a match, see :mod:`cardtable.recent`), kept for
  review; the daily deal's result goes into the statistics too, under the level ``daily``.

A file that could not be read (no permission, locked) is never written over or removed
(``storage.is_left_alone``): the player was told when it was read; a new match replaces an
unreadable saved match only when the player says so (``saved_unreadable``).
"""

from __future__ import annotations

import datetime as _dt
import weakref
from pathlib import Path
from typing import Any

from cardtable import recent, records, storage
from cardtable.engine import registry
from cardtable.engine.core import DealResult
from cardtable.i18n import Msg
from cardtable.match import Match
from cardtable.ui.tables.game_words import words_of

#: the statistics key of the daily deal (beside the computers' levels)
DAILY = "daily"

#: what the session has noted of each match (said once, recorded, the daily deal's date),
#: kept beside the match rather than on it, and gone with it
_NOTES: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()


def _notes(match: Any) -> dict[str, Any]:
    """The session's notes on ``match``."""
    return _NOTES.setdefault(match, {})


def match_file(app) -> Path | None:
    folder = getattr(app, "data_dir", None)
    return Path(folder) / storage.MATCH_FILE if folder is not None else None


def stats_file(app) -> Path | None:
    folder = getattr(app, "data_dir", None)
    return Path(folder) / storage.STATS_FILE if folder is not None else None


# --------------------------------------------------------------------------- the match


def attach(app, match: Match) -> None:
    """Save ``match`` now and after every change; record it when it ends."""
    match.on_change = lambda m: changed(app, m)
    changed(app, match)


def changed(app, match: Match) -> None:
    keep_deals(app, match)
    path = match_file(app)
    if daily_done(match):
        # the daily deal is one deal: once it is scored there is nothing to continue (its
        # result went into the statistics with its record, see daily_result)
        if path is not None and not _notes(match).get("daily_cleared", False):
            _notes(match)["daily_cleared"] = True
            problem = storage.clear_match(path)
            if problem is not None:
                app.toast(problem, seconds=5.0, kind="bad")
        return
    if match.is_over:
        if path is not None:
            problem = storage.clear_match(path)
            if problem is not None and not _notes(match).get("clear_failed", False):
                _notes(match)["clear_failed"] = True
                app.toast(problem, seconds=5.0, kind="bad")
        record(app, match)
        return
    if path is None:
        return
    try:
        storage.save_match(match, path)
    except (OSError, TypeError, ValueError) as exc:
        if not _notes(match).get("save_failed", False):   # say it once, not at every move
            _notes(match)["save_failed"] = True
            app.toast(Msg("The match could not be saved: {error}.",
                          error=getattr(exc, "strerror", None) or str(exc)),
                      seconds=5.0, kind="bad")


def load_saved(app) -> Match | None:
    path = match_file(app)
    if path is None:
        return None
    match, message = storage.load_match(path)
    if message:
        app.toast(message, seconds=7.0, kind="bad")
    return match


def saved_unreadable(app) -> bool:
    """True when a saved match is there but could not be read (it is kept unless the player
    chooses to replace it)."""
    path = match_file(app)
    return path is not None and storage.is_left_alone(path)


def forget_saved(app) -> None:
    """Remove the saved match (the player starts another, and said so if it could not be
    read); a refusal of the system is told, never raised."""
    path = match_file(app)
    if path is None:
        return
    storage.release(path)
    problem = storage.clear_match(path)
    if problem is not None:
        app.toast(problem, seconds=5.0, kind="bad")


# --------------------------------------------------------------------------- statistics


def stats_level(match: Match) -> str:
    """'easy' / 'medium' / 'hard' / 'expert' (every computer at it), 'mixed', or 'people'
    (no computer)."""
    levels = {s.level for s in match.seats if not s.is_human}
    if not levels:
        return "people"
    return levels.pop() if len(levels) == 1 else "mixed"


def result(match: Match) -> tuple[bool, int | None] | None:
    """(a person won, the best person's final score), or None without people at the table."""
    humans = match.human_seats
    if not humans:
        return None
    state = match.state
    won = any(s in state.winners for s in humans)
    scores = [state.match_scores[s] for s in humans if s < len(state.match_scores)]
    low = match.spec.lower_wins
    score = (min(scores) if low else max(scores)) if scores else None
    return won, score


def money(match: Match, seat: int) -> int | None:
    """The cents ``seat`` won (or lost, below 0) in a match played for money, as its game's
    table reads its score sheet (``GameWords.money``); None in a game without money."""
    table = registry.game(match.game_id).table()
    net = words_of(table).money(match.state.score_sheet, match.n_players)
    if isinstance(net, list) and 0 <= seat < len(net) and isinstance(net[seat], int):
        return net[seat]
    return None


def person_results(match: Match) -> list[tuple[str, bool, int | None, int | None]]:
    """(name, won, final score, money) of each person at the table, by name (a name twice
    at one table is counted once)."""
    state = match.state
    out: list[tuple[str, bool, int | None, int | None]] = []
    for seat in match.human_seats:
        name = match.seats[seat].name
        if any(name == o[0] for o in out):
            continue
        score = state.match_scores[seat] if seat < len(state.match_scores) else None
        out.append((name, seat in state.winners, score, money(match, seat)))
    return out


def record(app, match: Match) -> None:
    """Add a finished match to ``app.stats`` and save them (once per match).

    One person at the table: under the computers' level, won when that person won. Several
    people (pass-and-play): each person by name under ``storage.PERSON`` (a match between
    people is always won by somebody: counted so, it would be a win for everybody)."""
    if _notes(match).get("recorded", False):
        return
    _notes(match)["recorded"] = True
    res = result(match)
    if res is None:
        return
    stats = app.stats if isinstance(getattr(app, "stats", None), dict) else {}
    low = match.spec.lower_wins
    people = person_results(match)
    if len(match.human_seats) > 1:
        for name, won, score, cents in people:
            storage.record_result(stats, match.game_id, storage.PERSON + name, won, score,
                                  lower_is_better=low, money=cents)
    else:
        won, score = res
        storage.record_result(stats, match.game_id, stats_level(match), won, score,
                              lower_is_better=low, money=money(match, match.human_seats[0]))
    app.stats = stats
    save_stats(app)


def save_stats(app) -> None:
    path = stats_file(app)
    if path is None:
        return
    try:
        storage.save_stats(app.stats, path)
    except OSError as exc:
        app.toast(Msg("Could not save the statistics: {error}.", error=exc.strerror or str(exc)),
                  kind="bad")


def load_stats(app) -> None:
    path = stats_file(app)
    if path is None:
        return
    stats, message = storage.load_stats(path)
    app.stats = stats
    if message:
        app.toast(message, seconds=7.0, kind="bad")


def load_games(app) -> None:
    """Every registered game's table and computer players, loaded once the menu is on
    screen rather than as each game's first match begins: a first match then starts
    without that pause, and the program's memory stays what it is from the menu on (each
    game's first match stepped it up by its modules, some 5 MB for the five)."""
    for game in registry.games():
        game.table()
        game.players()


def reset_stats(app) -> None:
    app.stats = {}
    path = stats_file(app)
    if path is not None:
        save_stats(app)


# --------------------------------------------------------------------------- recent matches


def recent_folder(app) -> Path | None:
    """The data folder the recent matches are kept in (None: an App without files)."""
    folder = getattr(app, "data_dir", None)
    return Path(folder) if folder is not None else None


def recent_matches(app) -> list[dict]:
    """The recent matches, most recent first. They are read from their files each time
    they are asked for (the Recent matches screen, once when it opens), not kept: at 50
    matches they weigh some 20 MB as objects, for a screen seldom opened. A damaged file
    is set aside and the player told in one sentence. An App without files keeps them in
    ``app.recent``."""
    matches = getattr(app, "recent", None)
    if isinstance(matches, list):
        return matches
    path = recent_folder(app)
    if path is None:
        app.recent = []
        return app.recent
    matches, message = recent.load_recent(path)
    if message:
        app.toast(message, seconds=7.0, kind="bad")
    return matches


def keep_deals(app, match: Match, daily: bool = True) -> None:
    """Put the deals the match scored since the last call into the recent matches (and,
    with ``daily``, the daily deal's result into the statistics: not for a seat at a
    table over the network, whose copy holds no engine state to score)."""
    deals = match.take_finished_deals()
    if not deals:
        return
    path = recent_folder(app)
    day = daily_date(match) if daily else None
    for record in deals:
        # what Recent matches shows without replaying the deal: the daily deal's date, and
        # who won (the match, or the daily deal's one deal)
        if day is not None and record.get("deal") == 1:
            record = dict(record, daily=day, winners=deal_winners(match))
        elif match.is_over and record is deals[-1]:
            record = dict(record, winners=list(match.state.winners))
        if daily:
            daily_result(app, match, record)
        key = recent.match_id(record, match.seed)
        if path is None:                 # an App without files (tests): kept in memory
            app.recent = recent.joined(recent_matches(app), record, key)
            continue
        # only the newest match's file is read and written: nothing stays in memory
        message = recent.add_deal(path, record, key)
        if message is not None and not _notes(match).get("recent_failed", False):
            _notes(match)["recent_failed"] = True
            app.toast(message, seconds=5.0, kind="bad")


def daily_date(match) -> str | None:
    """The date of the daily deal ``match`` deals (YYYY-MM-DD), or None for any other match.

    A daily deal is told by its seed and player count, which the date alone gives (see
    ``records.daily_code``): a match started from the setup's Daily deal, or from its code
    typed by somebody else, or continued from its save, today or the day after."""
    known = _notes(match).get("daily_date", False)
    if known is not False:
        return known
    day = None
    if isinstance(match.seed, int):
        today = records.today()
        for date in (today, _day_before(today)):
            try:
                code = records.daily_code(match.game_id, date)
            except (records.CodeError, ValueError):
                continue
            first = match.state.score_sheet[0]["deal"] if match.state.score_sheet \
                else match.state.deal_no
            if code.seed == match.seed and code.players == match.n_players and first == code.deal:
                day = date
                break
    _notes(match)["daily_date"] = day
    return day


def config_daily_date(config: dict) -> str | None:
    """Today's date when ``config`` (a setup's, to start a match) deals today's daily deal
    of its game, else None: told as :func:`daily_date` tells a match."""
    day = records.today()
    try:
        code = records.daily_code(config.get("game"), day)
    except (records.CodeError, ValueError):
        return None
    daily = (config.get("seed") == code.seed and config.get("players") == code.players
             and config.get("first_deal", 1) == code.deal)
    return day if daily else None


def _day_before(date: str) -> str:
    return (_dt.date.fromisoformat(date) - _dt.timedelta(days=1)).isoformat()


def daily_done(match) -> bool:
    """Has the daily deal ``match`` plays been scored (it is then over)?"""
    return daily_date(match) is not None and bool(match.state.score_sheet)


def deal_winners(match: Match, deal: int = 1) -> list[int]:
    """The seats that won deal ``deal`` of ``match`` (the daily deal's result): the side(s)
    whose score changed most (least where lowest wins), every seat of those sides."""
    rows = [r for r in match.state.deal_results() if r.deal == deal]
    if not rows:
        return []
    spec = match.spec
    sides = spec.sides(match.n_players)
    change = [rows[0].change[side[0]] for side in sides]
    best = min(change) if spec.lower_wins else max(change)
    return sorted(s for side, c in zip(sides, change, strict=True) if c == best for s in side)


def is_daily(record: dict, date: str | None = None) -> bool:
    """Is this the first deal of the daily deal of its game on ``date`` (today)?"""
    if record.get("deal") != 1 or not record.get("code"):
        return False
    try:
        daily = records.daily_code(record["game"], date)
        return records.decode(record["code"]) == daily
    except (records.CodeError, ValueError):
        return False


def daily_result(app, match: Match, record: dict) -> None:
    """The daily deal played today: its result goes into the statistics, once a day."""
    humans = match.human_seats
    if not humans or not is_daily(record):
        return
    stats = app.stats if isinstance(getattr(app, "stats", None), dict) else {}
    day = records.today()
    if stats.get(match.game_id, {}).get(DAILY, {}).get("last_played") == day:
        return
    rows = match.state.deal_results()
    if not rows:
        return
    result: DealResult = rows[0]
    spec = match.spec
    sides = spec.sides(match.n_players)
    mine = next(i for i, side in enumerate(sides) if humans[0] in side)
    change = [result.change[side[0]] for side in sides]
    best = min(change) if spec.lower_wins else max(change)
    won = change[mine] == best and change.count(best) == 1
    storage.record_result(stats, match.game_id, DAILY, won, result.measure[humans[0]],
                          lower_is_better=spec.lower_wins, when=day)
    app.stats = stats
    save_stats(app)
