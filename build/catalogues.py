"""`make locale`: extract every marked text of the program, merge it into each language's
catalogue (.po), and compile the catalogues (.mo) that the program reads with gettext.

Babel is a development-time tool here; the keywords come from cardtable.i18n so that this
script and the catalogue test agree on what counts as a text.
"""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # setup.py imports pygame

from cardtable import i18n  # noqa: E402

LOCALE = ROOT / "cardtable" / "assets" / "locale"
METHOD_MAP = [("cardtable/engine/**.py", "ignore"), ("cardtable/**.py", "python")]


def marked_texts(folder: Path):
    """(file, line, text) of every ``N_("text")`` under ``folder`` (the engine aside: it
    never translates), found in the syntax tree wherever it is nested."""
    for path in sorted(folder.rglob("*.py")):
        if "engine" in path.relative_to(folder).parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "N_" and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                yield str(path.relative_to(ROOT)), node.lineno, node.args[0].value


def extract() -> Catalog:
    template = Catalog(project="cardtable", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT), method_map=METHOD_MAP, keywords=i18n.EXTRACT_KEYWORDS,
        comment_tags=("TRANSLATORS:",), strip_comment_tags=True,
    ):
        template.add(message, None, [(filename, lineno)], auto_comments=comments,
                     context=context)
    # every N_("...") by the syntax tree as well: the extractor above misses a marked text
    # nested in another keyword's call (show_caption(said(..., N_("..."))), Msg(d.get(k,
    # N_("...")))), and those stayed in English
    for filename, lineno, message in marked_texts(ROOT / "cardtable"):
        if message not in template:
            template.add(message, None, [(filename, lineno)])
    # the games' own words, defined in the engine (which never translates): titles, blurbs,
    # option labels, help and choices, shown by the picker and setup screens through tr()
    from cardtable.engine import registry
    from cardtable.ui.scenes.setup import choice_text

    for spec in registry.specs():
        where = [(f"game:{spec.id}", 0)]
        texts = [spec.name, spec.blurb]
        for opt in spec.options:
            texts += [opt.label, opt.help, *(choice_text(c) for c in opt.choices)]
        for text in texts:
            if text:
                template.add(text, None, where)
        # the name after "of" (i18n.of_game): French joins its "de" to the name's article
        template.add(spec.name, None, where, context=i18n.OF_GAME,
                     auto_comments=["The game's name after 'of', for {of_game}: give it "
                                    "with its 'of' (in French « de Soixante-six », « du Jeu "
                                    "de 65 (rami) »); the sentences leave theirs out."])
    # the rules screens: one entry per paragraph, as the rules screen translates them
    from cardtable.ui.scenes.rules_text import RULES

    for game_id, (title, markup) in RULES.items():
        where = [(f"rules:{game_id}", 0)]
        template.add(title, None, where)
        for line in i18n.paragraphs(markup):
            if line:
                template.add(line, None, where)
    return template


def main() -> int:
    template = extract()
    with (LOCALE / "cardtable.pot").open("wb") as f:
        write_po(f, template, omit_header=True, no_location=True, sort_output=True)
    for code in i18n.LANGUAGES:
        if code == i18n.SOURCE_LANGUAGE:
            continue
        po_path = LOCALE / code / "LC_MESSAGES" / "cardtable.po"
        po_path.parent.mkdir(parents=True, exist_ok=True)
        if po_path.exists():
            with po_path.open("rb") as f:
                catalog = read_po(f, locale=code)
        else:
            catalog = Catalog(locale=code, project="cardtable", charset="utf-8")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.fuzzy = False  # the header: keeps Plural-Forms in the compiled file
        with po_path.open("wb") as f:
            write_po(f, catalog, no_location=True, sort_output=True, ignore_obsolete=True,
                     width=96)
        with po_path.with_suffix(".mo").open("wb") as f:
            write_mo(f, catalog)
        done = sum(1 for m in catalog if m.id and m.string and not m.fuzzy)
        total = sum(1 for m in catalog if m.id)
        print(f"{code}: {done} of {total} texts translated ({po_path.relative_to(ROOT)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
