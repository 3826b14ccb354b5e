"""The one registry of games: stable game ids and everything each game brings.

    from cardtable.engine import registry
    spec = registry.get("sixtysix")
    state = spec.new_match(players=2, seed=7)
    state2 = registry.from_json(state.to_json())

A game registers once, as a :class:`Game`: its spec (and through it its engine state), and
loaders for what it brings to the layers above the engine (its computer players, its
table, which holds its words and rules text, and its rating data). The engine never calls
those loaders, so nothing here imports anything above the engine.

Games are found three ways, in this order (see :func:`games`):

* the program's own: every module of the package :data:`BUILT_IN` that defines ``GAME``;
* other installed packages: each entry point of the group :data:`ENTRY_POINTS`
  (``[project.entry-points."cardtable.games"]`` in their ``pyproject.toml``) names a
  ``Game`` (``mygame = "mypackage.cardgame:GAME"``);
* at run time: :func:`register` (tests, tools).
"""

from __future__ import annotations

import importlib
import json
import logging
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import ConfigError

if TYPE_CHECKING:
    from .core import GameState

log = logging.getLogger(__name__)

#: the package whose modules register the program's own games (each defines ``GAME``)
BUILT_IN = "cardtable.games"
#: the entry-point group through which another installed package adds a game
ENTRY_POINTS = "cardtable.games"


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
        """``value`` if this option accepts it, else ConfigError ``bad_option``."""
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
class CodeLayout:
    """What a deal code (:mod:`cardtable.records`) holds of a game, written once in the
    game's spec and never changed, so that a shared code and the daily deal mean the same
    deal for ever, whatever the menu's order or the order the spec lists its options in.

    ``players``: the fewest and most players a code holds; ``deals``: how many deal numbers
    it tells apart (1: none); ``options``: each option as (key, every value a code can
    name in a fixed order, the value a code holds as 0), the order of the rows being the
    code's. A code holds an option's value as its position counted on from the zero value's
    (round to the start past the end), the zero value being the game's default when the row
    was written, so a code of the default options is short.

    A game may get a new option only by appending its row, its zero value the one that
    plays as the game did without it: codes hold options in their highest digits, so every
    earlier code holds 0 there and keeps its meaning. Any other change (players, deals, an
    option's values) needs a new code version in :mod:`cardtable.records`.
    """

    players: tuple[int, int]
    deals: int = 1
    options: tuple[tuple[str, tuple[Any, ...], Any], ...] = ()

    def digit(self, key: str, value: Any) -> int | None:
        """The digit that holds ``value`` of option ``key`` (None: none does)."""
        for name, values, zero in self.options:
            if name == key:
                at = [i for i, v in enumerate(values) if v == value and type(v) is type(value)]
                return (at[0] - values.index(zero)) % len(values) if at else None
        return None

    def value(self, key: str, digit: int) -> Any:
        """The value of option ``key`` a code holds as ``digit``."""
        for name, values, zero in self.options:
            if name == key:
                return values[(values.index(zero) + digit) % len(values)]
        raise KeyError(key)


#: the words a game may use for one deal (the UI words each key, never a game)
DEAL_WORDS = ("deal", "hand", "round", "game")


@dataclass(frozen=True)
class GameSpec:
    """What a game is and the facts about it every screen and tool needs.

    The facts below are declared once here by each game module, so no code outside
    the game's own modules asks "which game is this?":

    * ``partnerships``: the seats that play as one side, when the game is played in
      partnerships (japanese65: ``((0, 2), (1, 3))``); empty when everybody plays alone.
    * ``lower_wins``: the lowest match score wins (penalty points) rather than the highest.
    * ``deal_word``: what one deal is called, one of :data:`DEAL_WORDS`.
    * ``target_option``: the option that sets the score that ends the match, or None when
      the match has a fixed number of deals; ``score_unit`` says what the match scores
      (and that target) count, ``measure_unit`` what a deal's ``measure`` counts (see
      :class:`~cardtable.engine.core.DealResult`).
    * ``emblem_suit``: the suit that stands for the game on its tile.
    * ``quick_options``: options that make a whole match short (smoke tests, demos).
    * ``code``: the game's number in a deal code (:mod:`cardtable.records`), given once and
      never changed or reused, whatever the menu's order: shared codes and the daily deal
      keep naming the same game. The first five are the menu positions codes of version 1
      used (japanese65 0 … quebec65 4); a new game takes the next free number.
      ``code_layout`` (:class:`CodeLayout`) is what a code holds of the game.
    """

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
    partnerships: tuple[tuple[int, ...], ...] = ()
    lower_wins: bool = False
    deal_word: str = "deal"
    target_option: str | None = None
    score_unit: str = "game_points"
    measure_unit: str = "game_points"
    emblem_suit: str = "S"
    quick_options: dict = field(default_factory=dict)
    code: int = -1
    code_layout: CodeLayout | None = None

    def __post_init__(self) -> None:
        if isinstance(self.code, bool) or not isinstance(self.code, int) or self.code < 0:
            raise ValueError(f"{self.id}: code must be the game's deal-code number (0 or more)")
        if self.deal_word not in DEAL_WORDS:
            raise ValueError(f"{self.id}: deal_word must be one of {DEAL_WORDS}")
        if self.target_option is not None and self.target_option not in {
            o.key for o in self.options
        }:
            raise ValueError(f"{self.id}: target_option {self.target_option!r} is no option")

    def sides(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The sides of a match of ``players``: the partnerships when they seat exactly that
        many players, else every seat alone."""
        if self.partnerships and sum(len(s) for s in self.partnerships) == players:
            return self.partnerships
        return tuple((seat,) for seat in range(players))

    def side_of(self, seat: int, players: int) -> int:
        """The index in :meth:`sides` of the side ``seat`` plays for."""
        return next(i for i, side in enumerate(self.sides(players)) if seat in side)

    def target(self, options: dict | None) -> int | None:
        """The score that ends a match with ``options`` (None: a fixed number of deals)."""
        if self.target_option is None:
            return None
        return self.check_options(options).get(self.target_option)

    def default_options(self) -> dict:
        """Every option at its default value."""
        return {o.key: o.default for o in self.options}

    def check_options(self, options: dict | None) -> dict:
        """``options`` merged over the defaults, each checked; ConfigError on a bad one."""
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
        first_deal: int = 1,
    ) -> GameState:
        """A new match of this game, its first deal dealt.

        ``players`` defaults to the fewest allowed; ``seed`` fixes every shuffle;
        ``first_dealer`` the first dealer's seat (random from the seed by default);
        ``stacked_deck`` the first deal's cards in dealing order (tests); ``first_deal`` the
        number the match starts at (a deal code of a later deal: in games whose deals grow
        with their number it is dealt as that deal). Raises ConfigError for a bad count of
        players, option, dealer, first deal or deck."""
        if players is None:
            players = self.min_players
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            if self.min_players == self.max_players:
                allowed = f"exactly {self.min_players}"
            else:
                allowed = f"{self.min_players} to {self.max_players}"
            raise ConfigError("bad_players", f"{self.name} is played by {allowed} players")
        opts = self.check_options(options)
        return self.state_class._new(players, seed, opts, first_dealer, stacked_deck,
                                     first_deal=first_deal)


def _nothing() -> None:
    return None


@dataclass(frozen=True)
class Game:
    """Everything one game brings, registered once (see the module's docstring).

    * ``spec``: the :class:`GameSpec` (its facts, options, deal-code number and state class);
    * ``players``: returns the game's computer players' knowledge (an
      ``ai.base.Knowledge``; None: the shared rules of thumb of ``Knowledge`` itself);
    * ``reference``: returns what the reference players of tournaments need of the game
      (``ai/reference.py``; an empty dict: the plain ones);
    * ``table``: returns the game's table class (a ``ui.tables.GameTable``), which holds
      everything the screens say of the game: its moves, refusals, hints' words, reasons,
      score rows, single-deal charts and its rules text;
    * ``ratings``: returns the measured ratings of its levels (the JSON object
      ``ratings.py`` reads for one game) or None when they were not measured;
    * ``expert``: the game offers the expert level (measured stronger than hard);
    * ``locale``: a game from another package brings its words' translations here: a
      folder of ``<language>/LC_MESSAGES/<game id>.mo`` catalogues, looked in after the
      program's own (None: its words are in the program's catalogue);
    * ``lessons``: returns the game's guided first deal (Learn to play): the lesson's data,
      a dict read by ``cardtable/lessons.py`` (its seats, options, stacked deck and steps);
      None: the game has no lesson.

    The loaders import the layers above the engine only when called.
    """

    spec: GameSpec
    players: Callable[[], Any] = _nothing
    table: Callable[[], Any] = _nothing
    reference: Callable[[], dict] = dict
    ratings: Callable[[], Any] = _nothing
    expert: bool = False
    locale: str | None = None
    lessons: Callable[[], Any] = _nothing

    @property
    def id(self) -> str:
        """The game's id (its spec's)."""
        return self.spec.id


_GAMES: dict[str, Game] = {}
_SPECS: dict[str, GameSpec] = {}
_FOUND: list[bool] = []
#: the ids of the games :func:`register` added, in order
_ADDED: list[str] = []
#: how many times the set of games changed (see :func:`generation`)
_CHANGES: list[int] = [0]


def _add(game: Any, origin: str) -> None:
    if not isinstance(game, Game):
        raise ConfigError("bad_game", f"{origin} does not name a Game")
    spec = game.spec
    taken = next((g for g in _GAMES.values() if g.spec.code == spec.code), None)
    if spec.id in _GAMES:
        raise ConfigError("bad_game", f"{origin}: a game {spec.id!r} is already registered")
    if taken is not None:
        raise ConfigError("bad_game",
                          f"{origin}: deal-code number {spec.code} is {taken.id}'s")
    _GAMES[spec.id] = game
    _SPECS[spec.id] = spec
    _CHANGES[0] += 1


def _load() -> None:
    if _FOUND:
        return
    package = importlib.import_module(BUILT_IN)
    found = []
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{BUILT_IN}.{info.name}")
        if hasattr(module, "GAME"):
            found.append((module.GAME, module.__name__))
    if not found:  # a broken install or a frozen build that lost the package's modules
        raise ConfigError("no_games", f"no game was found in {BUILT_IN}")
    _FOUND.append(True)
    for game, origin in sorted(found, key=lambda f: f[0].spec.code):
        _add(game, origin)
    # (only now: the package metadata's reader, and the e-mail parser it brings, cost the
    # window's first frame some 25 ms, and the first frame needs no game)
    from importlib import metadata

    for entry in metadata.entry_points(group=ENTRY_POINTS):
        if entry.value.startswith(BUILT_IN + "."):
            continue
        try:
            _add(entry.load(), f"the entry point {entry.name} ({entry.value})")
        except Exception:  # a border: another package's game must not stop the program
            log.exception("the game of entry point %s (%s) could not be loaded",
                          entry.name, entry.value)


def register(game: Game) -> None:
    """Add ``game`` at run time (after the built-in and installed games); ConfigError
    ``bad_game`` if its id or its deal-code number is taken."""
    _load()
    _add(game, f"register({game.spec.id!r})" if isinstance(game, Game) else "register()")
    _ADDED.append(game.id)


def unregister(game_id: str) -> None:
    """Remove a game added by :func:`register` (tests)."""
    _GAMES.pop(game_id, None)
    _SPECS.pop(game_id, None)
    _CHANGES[0] += 1
    while game_id in _ADDED:
        _ADDED.remove(game_id)


def generation() -> int:
    """A number that changes whenever a game is registered or leaves: what depends on the
    set of games (the catalogues of words) is made again when it changes."""
    return _CHANGES[0]


def added() -> tuple[Game, ...]:
    """The games :func:`register` added (and not removed), in order: what a worker process,
    which finds only the program's own and installed games, must be given."""
    return tuple(_GAMES[game_id] for game_id in _ADDED)


def adopt(games: tuple[Game, ...]) -> None:
    """Register each of ``games`` this process does not know yet (a worker process given
    the games its parent registered at run time)."""
    for game in games:
        if game.id not in ids():
            register(game)


def games() -> list[Game]:
    """Every registered game, in the order menus list them."""
    _load()
    return list(_GAMES.values())


def game(game_id: str) -> Game:
    """The registration of ``game_id``; ConfigError ``unknown_game`` for an unknown id."""
    return _GAMES[get(game_id).id]


def ids() -> list[str]:
    """Every game's id, in the order menus list them."""
    _load()
    return list(_SPECS)


def specs() -> list[GameSpec]:
    """Every game's spec, in the order menus list them."""
    _load()
    return list(_SPECS.values())


def get(game_id: object) -> GameSpec:
    """The spec of ``game_id`` (any value: a save's or a message's); ConfigError
    ``unknown_game`` for anything that is no game's id."""
    _load()
    spec = _SPECS.get(game_id) if isinstance(game_id, str) else None
    if spec is None:
        raise ConfigError(
            "unknown_game", f"unknown game {game_id!r}; known games: {', '.join(_SPECS)}")
    return spec


def new_match(game_id: str, **kwargs: Any) -> GameState:
    """``get(game_id).new_match(**kwargs)``."""
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
