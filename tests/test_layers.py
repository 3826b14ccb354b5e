"""The layers of ARCHITECTURE.md: who may import whom."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import cardtable

ROOT = Path(cardtable.__file__).parent


def imports_of(path: Path) -> set[str]:
    """Top-level module names imported by a file (relative imports count as 'cardtable')."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add("cardtable" if node.level else (node.module or "").split(".")[0])
    return names


def test_engine_imports_only_the_standard_library():
    for path in (ROOT / "engine").rglob("*.py"):
        outside = {
            n for n in imports_of(path)
            if n not in sys.stdlib_module_names and n not in ("cardtable", "__future__")
        }
        assert not outside, f"{path.name} imports {outside}"


def test_no_pygame_below_the_ui():
    below = list((ROOT / "engine").rglob("*.py")) + list((ROOT / "ai").rglob("*.py"))
    below += list((ROOT / "net").rglob("*.py"))
    below += [p for p in (ROOT / "match.py", ROOT / "storage.py", ROOT / "records.py",
                          ROOT / "recent.py") if p.exists()]
    for path in below:
        assert "pygame" not in imports_of(path), f"{path} imports pygame"


def test_importing_engine_and_ai_loads_no_pygame():
    code = (
        "import sys, pkgutil, importlib, cardtable.engine, cardtable.ai\n"
        "from cardtable.engine import registry\n"
        "registry.ids()\n"
        "for pkg in (cardtable.engine, cardtable.ai):\n"
        "    for m in pkgutil.iter_modules(pkg.__path__):\n"
        "        importlib.import_module(pkg.__name__ + '.' + m.name)\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
