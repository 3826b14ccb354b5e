"""The levels and the factory: ``make_bot(game_id, level, seed)``.

Levels, weakest first: ``random`` (a uniformly random legal move; tournaments only),
``easy`` (simple rules, errs now and then), ``medium`` (solid rules of thumb per game),
``hard`` (determinised search within a time budget, guided by the medium rules) and, in
the games whose registration offers it only (``Game.expert``: where it was measured
stronger than hard), ``expert`` (the hard player thinking up to 2 s).
"""

from __future__ import annotations

from cardtable.engine import registry

from .base import ALL_LEVELS, EXPERT, LEVELS, Bot, Knowledge


def offered_levels(game_id: str) -> tuple[str, ...]:
    """The levels a player may pick for a computer in ``game_id``, weakest first."""
    return LEVELS + ((EXPERT,) if registry.game(game_id).expert else ())


def offered_level(game_id: str, level: str) -> str:
    """``level`` where ``game_id`` offers it; else the strongest level it does offer no
    stronger than that (an expert seat in a game without Expert plays hard), or easy for
    a level nobody knows."""
    offered = offered_levels(game_id)
    if level in offered:
        return level
    if level == EXPERT:
        return offered[-1]
    return LEVELS[0]


_cache: dict[str, Knowledge] = {}


def knowledge_for(game_id: str) -> Knowledge:
    """The (stateless, shared) knowledge object of a game."""
    k = _cache.get(game_id)
    if k is None:
        game = registry.game(game_id)  # a clear error for an unknown game
        k = game.players() or Knowledge(game.id)
        _cache[game_id] = k
    return k


def make_bot(game_id: str, level: str = "medium", seed: int | None = 0,
             iterations: int | None = None) -> Bot:
    """A computer player for ``game_id`` at ``level`` (easy, medium, hard, expert; or random).

    ``seed`` fixes every random choice (with the same view, the same seed gives the same
    move). ``iterations`` fixes the hard level's number of sampled deals instead of its
    time budget (reproducible tests and benchmarks).
    """
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown level {level!r}; levels are {', '.join(ALL_LEVELS)}")
    return Bot(game_id, level, 0 if seed is None else seed, knowledge_for(game_id), iterations)


__all__ = ["LEVELS", "ALL_LEVELS", "EXPERT", "make_bot", "knowledge_for",
           "offered_level", "offered_levels"]
