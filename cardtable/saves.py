"""The saved match: its format, and the checks a saved match must pass to be played on.

A match in progress is kept as JSON (``storage`` writes it atomically). Besides the seats,
the seed and the state, it holds the deal's start (``checkpoint``) and every move since.
Reading it back replays those moves from the deal's start under the rules: they must be
made in turn, stay inside the deal and lead exactly to the saved state. A save that fails
any of this is refused with :class:`~cardtable.engine.core.ConfigError` (and ``storage``
sets the file aside with one sentence). The engine checks each state's own fields and
invariants when it is loaded (``engine/checks.py``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine import registry
from cardtable.engine.core import Action, ConfigError, Event, GameState

#: the version written in every saved match
FORMAT_VERSION = 1


@dataclass
class SavedMatch:
    """What a save holds once read and checked."""

    game: str
    seats: list[dict]                 # as Seat.to_json() wrote them (cleaned by Seat)
    seed: int | None
    state: GameState                  # the state now (replayed from the deal's start)
    checkpoint: dict | None           # the deal's start, as JSON
    history: list[tuple[int, Action, list[Event]]] = field(default_factory=list)
    move_no: int | None = None


def write(game: str, seats: list[dict], seed: int | None, move_no: int, state: GameState,
          checkpoint: dict | None, history: list[tuple[int, Action, list[Event]]]) -> dict:
    """A match in progress as the JSON object its save holds."""
    return {
        "version": FORMAT_VERSION,
        "game": game,
        "seats": seats,
        "seed": seed,
        "move_no": move_no,
        "state": state.to_json(),
        "checkpoint": checkpoint,
        "history": [[seat, action.to_json()] for seat, action, _ in history],
    }


def read(data: Any) -> SavedMatch:
    """Check a saved match and replay its deal: a :class:`SavedMatch`, or ConfigError."""
    if not isinstance(data, dict):
        raise ConfigError("bad_save", "a saved match must be an object")
    game = data.get("game")
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise ConfigError("bad_save", "the save's seats are damaged")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ConfigError("bad_save", "the save's seed is damaged")
    saved = registry.from_json(data.get("state"))
    if saved.GAME_ID != game or saved.n_players != len(seats):
        raise ConfigError("bad_save", "the save's seats do not match its game")
    move_no = data.get("move_no")
    if not (isinstance(move_no, int) and not isinstance(move_no, bool) and move_no >= 0):
        move_no = None
    checkpoint = data.get("checkpoint")
    if checkpoint is None:
        return SavedMatch(game, seats, seed, saved, None, [], move_no)
    state = registry.from_json(checkpoint)
    if state.GAME_ID != game or state.n_players != len(seats):
        raise ConfigError("bad_save", "the save's deal start is of another game")
    moves = data.get("history")
    if not isinstance(moves, list):
        raise ConfigError("bad_save", "the save's moves are damaged")
    history: list[tuple[int, Action, list[Event]]] = []
    for item in moves:
        if not isinstance(item, list) or len(item) != 2:
            raise ConfigError("bad_save", "the save's moves are damaged")
        seat, action = item[0], Action.from_json(item[1])
        if seat != state.current_player:
            raise ConfigError("bad_save", "a saved move was made out of turn")
        action = state.normalise(action)      # an older save may hold a pair in either order
        events = state.apply(action)
        if any(e.kind == "dealt" for e in events):
            raise ConfigError("bad_save", "the saved moves run past the deal's end")
        history.append((seat, action, events))
    if normal(state.to_json()) != normal(saved.to_json()):
        raise ConfigError("bad_save", "the saved moves do not lead to the saved state")
    return SavedMatch(game, seats, seed, state, normal(checkpoint), history, move_no)


def normal(data: Any) -> Any:
    """``data`` as it comes back from JSON (tuples become lists)."""
    return json.loads(json.dumps(data))
