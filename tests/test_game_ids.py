"""Game facts live with the games: no shared module names a game id, nor a game's move.

A game id may appear only in the game's own modules (its registration
``games/<game>.py``, ``engine/<game>.py``, ``ai/<game>.py``, ``ui/tables/<game>.py``),
and in the modules listed below with why (no list of games: the registry finds them).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from cardtable.engine import actions, registry

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


# --------------------------------------------------------------------------- moves

#: the modules of one game or one family of games, besides ``own_module``'s: they may name
#: their games' moves (the families' shared table modules and the rummies' meld staging)
FAMILY_MODULES = re.compile(
    r"ui/tables/(rummy[a-z_]*|trick_words|draw_words|pairs65_[a-z_]+|sixtysix_words)\.py")

#: (module, string) pairs a shared module may hold although a game has a move of that
#: name, and why: each is a word of another kind there, never a move
NOT_MOVES: dict[tuple[str, str], str] = {
    ("cli.py", "play"): "the command line's subcommand that starts the program",
    ("ui/sound.py", "play"): "the sound of a card played, one of the sounds' names",
    ("engine/actions.py", "discard"): "an Action's field (the card discarded on going out), "
                                      "one of the names of its fields",
    ("engine/melds.py", "discard"): "a step of the meld search (a card left out of every "
                                    "meld), not the move",
}


def game_module(rel: str, game_ids: list[str]) -> bool:
    """``rel`` is one game's module or its family's, which may name its moves: engine/,
    ai/ and ui/tables/ modules of a game (``<game>.py``, ``<game>_*.py``) or a family,
    and the games' registrations."""
    parts = rel.split("/")
    stem = parts[-1].removesuffix(".py")
    if parts[0] == "games" or FAMILY_MODULES.fullmatch(rel):
        return True
    return own_module(rel, game_ids) or parts[:-1] in (["engine"], ["ai"], ["ui", "tables"]) \
        and any(stem.startswith(f"{g}_") for g in game_ids)


def quoted(path: Path) -> set[str]:
    """Every string constant of the module at ``path`` (a docstring is one whole string)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def test_no_shared_module_names_a_move():
    """A kind of move is its game's: no shared module holds one as a string (it asks the
    game's table or state what a move means), save the words of another kind listed in
    :data:`NOT_MOVES` with why."""
    registry.games()
    kinds = set(actions.KINDS)
    assert {"play", "draw", "discard"} <= kinds, "the games' moves are declared"
    ids = registry.ids()
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if game_module(rel, ids):
            continue
        for kind in sorted(quoted(path) & kinds):
            if (rel, kind) not in NOT_MOVES:
                offenders.append(f"{rel}: {kind!r}")
    assert offenders == [], "\n".join(offenders)


def test_the_allowed_words_are_still_there():
    """Each pair of :data:`NOT_MOVES` is still held by its module (a stale line would let
    a move back in unseen)."""
    for rel, word in NOT_MOVES:
        assert word in quoted(PACKAGE / rel), (rel, word)
