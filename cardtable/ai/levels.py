"""The levels and the factory: ``make_bot(game_id, level, seed)``.

Levels, weakest first: ``random`` (a uniformly random legal move; tournaments only),
``easy`` (simple rules, errs now and then), ``medium`` (solid rules of thumb per game),
``hard`` (determinised search within a time budget, guided by the medium rules).
"""

from __future__ import annotations

import importlib

from cardtable.engine import registry

from .base import ALL_LEVELS, LEVELS, Bot, Knowledge

#: game id -> module of cardtable.ai holding its knowledge (class named in KNOWLEDGE)
KNOWLEDGE = {
    "japanese65": ("japanese65", "Japanese65Knowledge"),
    "sixtysix": ("sixtysix", "SixtySixKnowledge"),
    "pairs65": ("pairs65", "Pairs65Knowledge"),
    "rummy65": ("rummy", "RummyKnowledge"),
    "quebec65": ("rummy", "RummyKnowledge"),
}

_cache: dict[str, Knowledge] = {}


def knowledge_for(game_id: str) -> Knowledge:
    """The (stateless, shared) knowledge object of a game."""
    k = _cache.get(game_id)
    if k is None:
        spec = registry.get(game_id)  # a clear error for an unknown game
        module_name, class_name = KNOWLEDGE.get(spec.id, ("", ""))
        if module_name:
            module = importlib.import_module(f"{__package__}.{module_name}")
            k = getattr(module, class_name)(spec.id)
        else:
            k = Knowledge(spec.id)
        _cache[game_id] = k
    return k


def make_bot(game_id: str, level: str = "medium", seed: int | None = 0,
             iterations: int | None = None) -> Bot:
    """A computer player for ``game_id`` at ``level`` (easy, medium, hard; or random).

    ``seed`` fixes every random choice (with the same view, the same seed gives the same
    move). ``iterations`` fixes the hard level's number of sampled deals instead of its
    time budget (reproducible tests and benchmarks).
    """
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown level {level!r}; levels are {', '.join(ALL_LEVELS)}")
    return Bot(game_id, level, 0 if seed is None else seed, knowledge_for(game_id), iterations)


__all__ = ["LEVELS", "ALL_LEVELS", "make_bot", "knowledge_for"]
