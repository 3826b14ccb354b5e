"""Screens go by name (cardtable/ui/screens.py): every name builds its screen, every screen
has a name, and no UI module imports a screen's module inside a function."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest

import cardtable
import cardtable.ui.scenes
from cardtable.ui import screens
from cardtable.ui.scene import Scene

UI = Path(cardtable.__file__).parent / "ui"


@pytest.mark.parametrize("name", sorted(screens.SCREENS))
def test_every_name_leads_to_a_screen(name):
    build = screens.builder(name)
    made = build.__self__ if inspect.ismethod(build) else build
    assert inspect.isclass(made) and issubclass(made, Scene)


def test_an_unknown_name_fails_loudly():
    with pytest.raises(KeyError):
        screens.build("no such screen")


def test_every_screen_has_a_name():
    named = set()
    for name in screens.SCREENS:
        build = screens.builder(name)
        named.add(build.__self__ if inspect.ismethod(build) else build)
    # the bases other screens are made from, and the table (started by its own module)
    not_screens = {"FormScene", "ModalScene", "TableScene"}
    for info in pkgutil.walk_packages(cardtable.ui.scenes.__path__, "cardtable.ui.scenes."):
        module = importlib.import_module(info.name)
        for cls in vars(module).values():
            if inspect.isclass(cls) and issubclass(cls, Scene) and cls.__module__ == info.name \
                    and cls.__name__ not in not_screens:
                assert cls in named, f"{cls.__name__} has no name in screens.SCREENS"


def function_level_imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(fn):
                if isinstance(node, ast.ImportFrom) and node.module:
                    found.append((node.lineno, node.module))
                elif isinstance(node, ast.Import):
                    found.extend((node.lineno, a.name) for a in node.names)
    return found


def test_no_ui_module_imports_cardtable_inside_a_function():
    stray = [f"{path.relative_to(UI)}:{line} {module}" for path in sorted(UI.rglob("*.py"))
             for line, module in function_level_imports(path)
             if module.startswith("cardtable")]
    assert not stray, "imports inside functions: " + ", ".join(stray)
