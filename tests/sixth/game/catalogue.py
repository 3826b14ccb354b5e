"""Magpie's own translations, as a game from another package brings them (``Game.locale``).

    python -m tests.sixth.game.catalogue      # gather, merge into the .po, compile the .mo

The texts are gathered the way the program's ``build/catalogues.py`` gathers its own: every
marked text of the game's modules, its spec's words (name, blurb, options; the name after
"of" too) and its rules, a paragraph an entry. They are merged into
``locale/<language>/LC_MESSAGES/magpie.po`` (a text the program's own catalogue already
translates starts from that translation), which is then compiled to ``magpie.mo``, the file
the program reads. Babel is needed here only, as for the program's catalogues.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from cardtable import i18n

from .engine import SPEC
from .table import RULES

HERE = Path(__file__).resolve().parent
LOCALE = HERE / "locale"
PROGRAM = Path(i18n.__file__).resolve().parent / "assets" / "locale"


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{SPEC.id}.po"


def _marked(path: Path):
    """Every ``N_("text")`` in ``path``, wherever it is nested (as build/catalogues.py)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "N_" and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)):
            yield node.lineno, node.args[0].value


def template() -> Catalog:
    """Every text of the game a player may read."""
    out = Catalog(project=SPEC.id, charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
        str(HERE), method_map=[("catalogue.py", "ignore"), ("**.py", "python")],
        keywords=i18n.EXTRACT_KEYWORDS,
    ):
        out.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    for path in sorted(HERE.glob("*.py")):
        for lineno, message in _marked(path):
            if message not in out:
                out.add(message, None, [(path.name, lineno)])
    where = [(f"game:{SPEC.id}", 0)]
    for text in [SPEC.name, SPEC.blurb] + [t for o in SPEC.options for t in (o.label, o.help)]:
        if text:
            out.add(text, None, where)
    out.add(SPEC.name, None, where, context=i18n.OF_GAME)
    title, markup = RULES
    out.add(title, None, [(f"rules:{SPEC.id}", 0)])
    for line in i18n.paragraphs(markup):
        if line:
            out.add(line, None, [(f"rules:{SPEC.id}", 0)])
    return out


def translated(message) -> bool:
    """Every form of ``message`` has its translation."""
    if isinstance(message.string, (tuple, list)):
        return all(message.string)
    return bool(message.string)


def read(path: Path, code: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=code)


def merge(code: str) -> Catalog:
    """The game's catalogue for ``code`` brought up to the texts of :func:`template`."""
    path = po_path(code)
    catalog = read(path, code) if path.exists() else Catalog(locale=code, project=SPEC.id,
                                                              charset="utf-8")
    catalog.update(template(), no_fuzzy_matching=True)
    program = PROGRAM / code / "LC_MESSAGES" / "cardtable.po"
    if program.exists():
        known = read(program, code)
        for message in catalog:
            if message.id and not translated(message):
                theirs = known.get(message.id, message.context)
                if theirs is not None and translated(theirs) and not theirs.fuzzy:
                    message.string = theirs.string
    catalog.fuzzy = False
    return catalog


def main() -> int:
    for code in i18n.LANGUAGES:
        if code == i18n.SOURCE_LANGUAGE:
            continue
        catalog = merge(code)
        path = po_path(code)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_po(f, catalog, no_location=True, sort_output=True, ignore_obsolete=True,
                     width=96)
        with path.with_suffix(".mo").open("wb") as f:
            write_mo(f, catalog)
        done = sum(1 for m in catalog if m.id and translated(m))
        print(f"{code}: {done} of {sum(1 for m in catalog if m.id)} texts translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
