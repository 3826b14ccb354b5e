"""Stable game ids and how to start or load a match of each game.

    from cardtable.engine import registry
    spec = registry.get("sixtysix")
    state = spec.new_match(players=2, seed=7)
    state2 = registry.from_json(state.to_json())
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import ConfigError

if TYPE_CHECKING:
    from .core import GameState

# Every implemented game, in the order menus list them. Each module defines SPEC.
_GAME_MODULES = (
    "japanese65",
    "sixtysix",
    "rummy65",
    "pairs65",
    "quebec65",
)


@dataclass(frozen=True)
class OptionSpec:
    """One option a setup screen offers. ``kind`` is 'int', 'bool' or 'choice'."""

    key: str
    label: str
    default: Any
    kind: str = "int"
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Any, ...] = ()
    help: str = ""

    def validate(self, value: Any) -> Any:
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise ConfigError("bad_option", f"option {self.key!r} must be true or false")
            return value
        if self.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                raise ConfigError("bad_option", f"option {self.key!r} must be a whole number")
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise ConfigError(
                    "bad_option",
                    f"option {self.key!r} must be from {self.minimum} to {self.maximum}",
                )
            return value
        if value not in self.choices:
            raise ConfigError(
                "bad_option", f"option {self.key!r} must be one of {list(self.choices)}"
            )
        return value


@dataclass(frozen=True)
class GameSpec:
    id: str
    name: str
    min_players: int
    max_players: int
    state_class: type[GameState]
    options: tuple[OptionSpec, ...] = ()
    family: str = ""
    blurb: str = ""
    #: extra ways to fix the seating, e.g. pairs65's starting seat; informative only
    notes: dict = field(default_factory=dict)

    def default_options(self) -> dict:
        return {o.key: o.default for o in self.options}

    def check_options(self, options: dict | None) -> dict:
        merged = self.default_options()
        if options is None:
            return merged
        if not isinstance(options, dict):
            raise ConfigError("bad_option", "options must be a mapping of option names to values")
        known = {o.key: o for o in self.options}
        for key, value in options.items():
            if key not in known:
                raise ConfigError(
                    "bad_option",
                    f"{self.id} has no option {key!r}; its options are {sorted(known) or 'none'}",
                )
            merged[key] = known[key].validate(value)
        return merged

    def new_match(
        self,
        players: int | None = None,
        seed: int | None = None,
        options: dict | None = None,
        first_dealer: int | None = None,
        stacked_deck: list[str] | None = None,
    ) -> GameState:
        if players is None:
            players = self.min_players
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            if self.min_players == self.max_players:
                allowed = f"exactly {self.min_players}"
            else:
                allowed = f"{self.min_players} to {self.max_players}"
            raise ConfigError("bad_players", f"{self.name} is played by {allowed} players")
        opts = self.check_options(options)
        return self.state_class._new(players, seed, opts, first_dealer, stacked_deck)


_SPECS: dict[str, GameSpec] = {}


def _load() -> None:
    if _SPECS:
        return
    for name in _GAME_MODULES:
        module = importlib.import_module(f"{__package__}.{name}")
        spec: GameSpec = module.SPEC
        _SPECS[spec.id] = spec


def ids() -> list[str]:
    _load()
    return list(_SPECS)


def specs() -> list[GameSpec]:
    _load()
    return list(_SPECS.values())


def get(game_id: str) -> GameSpec:
    _load()
    try:
        return _SPECS[game_id]
    except (KeyError, TypeError):
        raise ConfigError(
            "unknown_game", f"unknown game {game_id!r}; known games: {', '.join(_SPECS)}"
        ) from None


def new_match(game_id: str, **kwargs: Any) -> GameState:
    return get(game_id).new_match(**kwargs)


def from_json(data: dict | str) -> GameState:
    """Rebuild a state from ``state.to_json()`` (a dict, or the same dict as a JSON string)."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except ValueError as exc:
            raise ConfigError("bad_save", f"not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise ConfigError("bad_save", "a saved match must be a JSON object")
    spec = get(data.get("game"))
    state = spec.state_class.from_json(data)
    # options must still be valid for this game
    spec.check_options(state.options)
    return state
