"""The engine contract documents itself: every public function and method of the engine's
core and registry (what other tools call) carries a docstring."""

from __future__ import annotations

import ast
from pathlib import Path

import cardtable

ENGINE = Path(cardtable.__file__).parent / "engine"


def test_public_functions_of_the_contract_have_docstrings():
    missing = []
    for name in ("core.py", "registry.py"):
        tree = ast.parse((ENGINE / name).read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                if ast.get_docstring(node) is None:
                    missing.append(f"{name}:{node.name}")
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and not item.name.startswith("_") \
                            and ast.get_docstring(item) is None:
                        missing.append(f"{name}:{node.name}.{item.name}")
    assert not missing, f"public without a docstring: {missing}"
