"""Game facts live with the games: no shared module names a game id.

A game id may appear only in the game's own modules (its registration
``games/<game>.py``, ``engine/<game>.py``, ``ai/<game>.py``, ``ui/tables/<game>.py``),
and in the modules listed below with why (no list of games: the registry finds them).
"""

from __future__ import annotations

import re
from pathlib import Path

from cardtable.engine import registry

PACKAGE = Path(__file__).resolve().parent.parent / "cardtable"

#: shared modules allowed to name games, and why
ALLOWED: dict[str, str] = {
    "engine/registry.py": "an example in its docstring (it lists no game: it finds them)",
}


def own_module(rel: str, game_ids: list[str]) -> bool:
    parts = rel.split("/")
    stem = parts[-1].removesuffix(".py")
    family = {"rummy": ("rummy65", "quebec65")}
    return parts[:-1] in (["engine"], ["ai"], ["ui", "tables"], ["games"]) and (
        stem in game_ids or stem in family)


def test_no_shared_module_names_a_game():
    ids = registry.ids()
    pattern = re.compile("|".join(rf"[\"']{re.escape(g)}[\"']" for g in ids))
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel in ALLOWED or own_module(rel, ids):
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                offenders.append(f"{rel}:{n}: {line.strip()}")
    assert offenders == [], "\n".join(offenders)


def test_every_game_declares_its_facts():
    for spec in registry.specs():
        assert spec.deal_word in registry.DEAL_WORDS
        assert spec.target_option is None or spec.target_option in spec.default_options()
        sides = spec.sides(spec.max_players)
        assert sorted(s for side in sides for s in side) == list(range(spec.max_players))
        assert spec.emblem_suit in "SHDC"
        spec.check_options(spec.quick_options)
    assert registry.get("japanese65").sides(4) == ((0, 2), (1, 3))
    assert [s.id for s in registry.specs() if s.lower_wins] == ["rummy65", "quebec65"]
