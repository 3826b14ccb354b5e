"""What a deal's own score is read in, for the review's side panel.

The panel showed the match score there: in the games that count game points (Sixty-Six,
65 Japanese partnership) the game points as they stood before the deal, the same at every
step, where a player stepping through a deal looks for the deal's points. Now it shows
what the deal's summary draws emphasised (its table's ``STRONG_ROWS`` other than the game
points its headline states): the deal points of the trick games, the penalty points of the
rummies, the pairs laid in Sixty-Five (pairs). At the deal's end they are read from its
score-sheet row, as the score sheet has them; before, from the game's state at that step,
where it keeps the same figure under the same name (the points taken so far in the trick
games, directly or in a part of its view); where it does not (a rummy's penalties are
counted at the end), the panel says the match score as it stood.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardtable.i18n import Msg
from cardtable.ui.scenes.summary_words import (
    ROW_LABELS,
    STRONG_ROWS,
    deal_scores,
    game_words,
    lower_is_better,
    strong_rows,
)

Reading = tuple[Msg, list[int]]


def reading_key(game_id: str) -> str | None:
    """The key of the score-sheet row a deal of ``game_id`` is read in: the first, in the
    order its summary lists them, of the rows it draws emphasised that are its own (not
    the game points every game may have); None: it has none."""
    words = game_words(game_id)
    own = strong_rows(game_id) - STRONG_ROWS
    return next((key for key in (*words.ROW_LABELS, *ROW_LABELS) if key in own), None)


def _label(game_id: str, key: str) -> Msg:
    return Msg({**game_words(game_id).ROW_LABELS, **ROW_LABELS}[key])


def _numbers(value, columns: int) -> list[int] | None:
    """``value`` if it is a whole number per column, else None."""
    if isinstance(value, list) and len(value) == columns and \
            all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return list(value)
    return None


def at_the_end(game_id: str, row: Mapping, columns: int, players: int) -> Reading | None:
    """The deal of score-sheet ``row`` as its score sheet has it, a value per column (a
    seat or a side of partners): its emphasised row, else what its game shows a match of
    one deal by (its table's ``single_deal_chart``), else what it added to the match
    scores. None: nothing of it can be read (a game not known)."""
    key = reading_key(game_id)
    if key is not None:
        values = _numbers(row.get(key), columns)
        if values is not None:
            return _label(game_id, key), values
    chart = game_words(game_id).single_deal_chart(dict(row), columns)
    if chart is not None:
        return chart[0], list(chart[1])
    values = deal_scores(dict(row), players, game_id)
    if values is None or len(values) != columns:
        return None
    return Msg("Penalty points") if lower_is_better(game_id) else Msg("Game points"), values


def so_far(game_id: str, view: Mapping, columns: int) -> Reading | None:
    """The same figure as the deal stands at a step, from the game's ``view`` of it then:
    under the row's own key, in the view or in one of its parts; None where the game's
    state does not keep it."""
    key = reading_key(game_id)
    if key is None:
        return None
    places = [view, *(v for v in view.values() if isinstance(v, Mapping))]
    for place in places:
        values = _numbers(place.get(key), columns)
        if values is not None:
            return _label(game_id, key), values
    return None
