"""The proof's own check: Magpie is a plug-in. No file under ``cardtable/`` names the game
or its move, and no commit that added or changed it touched ``cardtable/``."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

import cardtable
from cardtable.engine import registry

from .game.engine import GAME_ID, KNOCK_KIND, SPEC

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = Path(cardtable.__file__).resolve().parent
HERE = Path(__file__).resolve().parent.relative_to(ROOT).as_posix()      # tests/sixth
#: the game itself: its modules and the registration the tests make
THE_GAME = (f"{HERE}/game", f"{HERE}/conftest.py")


def words_of_the_game() -> list[str]:
    """What would give the game away in shared code: its id, its name, its move's kind."""
    return [GAME_ID, SPEC.name, KNOCK_KIND]


def test_the_shared_code_names_neither_the_game_nor_its_move():
    found = []
    patterns = [re.compile(rb"\b" + re.escape(w.lower().encode()) + rb"\b")
                for w in words_of_the_game()]
    for path in sorted(PACKAGE.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        data = path.read_bytes().lower()        # the catalogues' .mo files too
        for word, pattern in zip(words_of_the_game(), patterns, strict=True):
            if pattern.search(data):
                found.append(f"{path.relative_to(ROOT)}: {word}")
    assert not found, found


def test_the_game_is_registered_only_while_its_tests_run():
    # the package's fixture registered it; the program's own games did not change for it
    assert GAME_ID in registry.ids()
    assert registry.ids()[:5] == ["japanese65", "sixtysix", "rummy65", "pairs65", "quebec65"]
    assert not any(GAME_ID in name for name in
                   (p.stem for p in (PACKAGE / "games").glob("*.py")))


def git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], check=True, capture_output=True,
                          text=True).stdout


def test_no_commit_of_the_game_touched_the_shared_code():
    """Every commit that added or changed the game (its modules, its registration) changed
    nothing under cardtable/. (A commit that mends shared code and with it turns one of
    this package's tests from an expected failure into a pass may touch both: that is the
    shared code learning to do without game knowledge, not the game needing a change.)"""
    if shutil.which("git") is None:
        pytest.skip("no git program: the history cannot be read")
    try:
        inside = git("rev-parse", "--is-inside-work-tree").strip()
    except (subprocess.CalledProcessError, OSError):
        pytest.skip("this checkout is no git repository: there is no history to read")
    if inside != "true":
        pytest.skip("this checkout is no git work tree: there is no history to read")
    if git("rev-parse", "--is-shallow-repository").strip() == "true":
        pytest.skip("a shallow clone: the game's first commits may be missing")
    commits = git("log", "--format=%H", "--", *THE_GAME).split()
    if not commits:
        pytest.skip(f"{HERE} has no commit yet")
    assert len(commits) >= 2       # the game, then its table at least
    touched = {}
    for sha in commits:
        files = git("show", "--name-only", "--format=", "--no-renames", sha).split("\n")
        shared = [f for f in files if f.startswith("cardtable/")]
        if shared:
            touched[sha[:10]] = shared
    assert not touched, f"commits of {HERE} that changed the shared code: {touched}"
