"""The table protocol (cardtable/ui/tables/host.py): the game tables and the keyboard use
the table scene only through it, and the scene provides all of it."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import cardtable
from cardtable.match import Match, Seat
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.tables import GameTable
from cardtable.ui.tables.host import TableHost

from .fake_host import FakeHost

UI = Path(cardtable.__file__).parent / "ui"
CLIENTS = sorted((UI / "tables").glob("*.py")) + [UI / "keyboard.py"]


def declared() -> set[str]:
    names = set(getattr(TableHost, "__annotations__", {}))
    names.update(n for n in vars(TableHost) if not n.startswith("_"))
    return names


def scene_uses(path: Path) -> dict[str, int]:
    """Members of the scene a module reaches: ``self.t.<name>``, or ``<local>.<name>`` where
    the local was set from ``self.t``; each with the line where it is first used."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    uses: dict[str, int] = {}

    def is_self_t(node) -> bool:
        return (isinstance(node, ast.Attribute) and node.attr == "t"
                and isinstance(node.value, ast.Name) and node.value.id == "self")

    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        local = {tg.id for node in ast.walk(fn) if isinstance(node, ast.Assign)
                 and is_self_t(node.value) for tg in node.targets if isinstance(tg, ast.Name)}
        for node in ast.walk(fn):
            if isinstance(node, ast.Attribute) and (
                    is_self_t(node.value)
                    or isinstance(node.value, ast.Name) and node.value.id in local):
                uses.setdefault(node.attr, node.lineno)
    return uses


def test_the_tables_use_only_the_protocol():
    allowed = declared()
    stray = [f"{path.name}:{line} .{name}" for path in CLIENTS
             for name, line in scene_uses(path).items() if name not in allowed]
    assert not stray, "members of the table scene outside TableHost: " + ", ".join(stray)


def test_every_part_of_the_game_table_is_checked():
    """GameTable is made of parts in modules of their own (geometry, events, input...):
    each of them is among the files checked above."""
    parts = [cls for cls in GameTable.__mro__ if cls.__module__.startswith("cardtable.")]
    assert len(parts) > 1
    files = {path.resolve() for path in CLIENTS}
    for cls in parts:
        assert Path(inspect.getfile(cls)).resolve() in files, cls


def test_the_part_tests_stand_in_scene_offers_only_the_protocol():
    """tests/ui/fake_host.py stands in for the scene in the tests of GameTable's parts:
    what it offers (its set-up and records aside) is TableHost's, so a part that reached
    past the protocol fails there too."""
    host = FakeHost()
    records = {"deal", "tried", "sounds", "relayouts"}
    offered = {n for n in dir(host) if not n.startswith("_")} - records
    assert offered <= declared(), offered - declared()


def test_the_checker_sees_a_private_member():
    src = "class T:\n    def f(self):\n        t = self.t\n        t._secret()\n" \
          "        self.t.zone('x')\n"
    path = Path(__file__).with_name("_protocol_probe.py")
    try:
        path.write_text(src, encoding="utf-8")
        assert scene_uses(path) == {"_secret": 4, "zone": 5}
    finally:
        path.unlink()


def test_every_method_of_the_protocol_says_what_it_does():
    for name, member in vars(TableHost).items():
        if name.startswith("_"):
            continue
        target = member.fget if isinstance(member, property) else member
        if callable(target):
            assert inspect.getdoc(target), f"TableHost.{name} has no docstring"


def test_the_scene_provides_the_whole_protocol():
    seats = [Seat("A", "human"), Seat("B", "computer", "easy")]
    scene = TableScene(Match("sixtysix", seats, seed=3, pace=0.0), speed="off", sound=False)
    missing = [n for n in sorted(declared()) if not hasattr(scene, n)]
    assert not missing, f"TableScene lacks {missing}"
    for name in declared():
        member = getattr(TableHost, name, None)
        if callable(member):
            assert callable(getattr(scene, name)), name
