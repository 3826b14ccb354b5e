"""The tests mirror the package: the test of a module is found from its path.

The rule, for every module ``cardtable/**/<name>.py`` (``__init__.py`` and ``__main__.py``
aside):

* a module directly in ``cardtable/`` is tested by ``tests/test_<name>.py``;
* a module in a package is tested by ``tests/<first package>/test_<name>.py``, the
  sub-packages flattened away: ``cardtable/engine/cards.py`` -> ``tests/engine/
  test_cards.py``, ``cardtable/ui/scenes/menu.py`` -> ``tests/ui/test_menu.py``,
  ``cardtable/ui/scenes/table/hud.py`` -> ``tests/ui/test_hud.py``.

A module whose tests live in another file today (most screens are tested through
``tests/ui/test_scenes.py``) has ONE line in :data:`ELSEWHERE`: module path -> the test file
that covers it, and that file must import the module or name it (its dotted name or its
path). A module that no test names yet is listed with ``None``: a known gap, in plain
sight. Adding a module means adding its test file, or one line here; the failure message
prints the line.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cardtable"

#: module -> the test file that covers it, for modules without a test file of their own
#: name; None: no test names the module yet (a gap to close, not a place to hide one).
ELSEWHERE: dict[str, str | None] = {
    "cardtable/engine/errors.py": "tests/ai/test_tournament.py",  # ConfigError pickled
    "cardtable/engine/actions.py": "tests/engine/test_strict_actions.py",
    "cardtable/games/japanese65.py": "tests/engine/test_registry.py",  # each registration
    "cardtable/games/pairs65.py": "tests/engine/test_registry.py",
    "cardtable/games/quebec65.py": "tests/engine/test_registry.py",
    "cardtable/games/rummy65.py": "tests/engine/test_registry.py",
    "cardtable/games/sixtysix.py": "tests/engine/test_registry.py",
    "cardtable/ui/scenes/table/controls.py": "tests/ui/test_hosted_layout.py",
    "cardtable/ui/scenes/table/handover.py": None,  # ... and test_hotseat.py drive it as a whole
    "cardtable/ui/scenes/table/hud.py": "tests/ui/test_table.py",
    "cardtable/ui/scenes/table/inputs.py": None,
    "cardtable/ui/scenes/table/layer.py": None,
    "cardtable/ui/scenes/table/listen.py": "tests/ui/test_speech_play.py",
    "cardtable/ui/scenes/table/scene.py": "tests/ui/test_lru.py",
    "cardtable/ui/scenes/table/timeline.py": "tests/ui/test_netplay_away.py",
    "cardtable/ui/scenes/table/showing.py": "tests/ui/test_netplay_again.py",
    "cardtable/ui/scenes/review_analysis.py": "tests/ui/test_layout_sizes.py",  # its panel
    "cardtable/ui/shapes.py": None,  # drawn through tests/ui/test_cardart.py
    "cardtable/ui/tables/host.py": "tests/ui/test_table_protocol.py",
    "cardtable/ui/tables/pairs65_draw.py": "tests/ui/test_pairs_hint_messages.py",
    "cardtable/ui/tables/pairs65_events.py": None,
    "cardtable/ui/tables/pairs65_layout.py": "tests/ui/test_review_pairs_fit.py",
    "cardtable/ui/tables/pairs65_words.py": "tests/ui/test_pairs_card_names.py",
    "cardtable/ui/tables/rummy_draw.py": "tests/ui/test_cardart.py",  # and test_table_rummy.py
    "cardtable/ui/tables/rummy_events.py": None,
    "cardtable/ui/tables/rummy_keys.py": None,
    "cardtable/ui/tables/rummy_layout.py": "tests/ui/test_rummy_meld_labels.py",
    "cardtable/ui/tables/rummy_words.py": "tests/ui/test_i18n_screens.py",
    "cardtable/ui/widgets/base.py": "tests/ui/test_redraw.py",
    "cardtable/ui/widgets/rows.py": None,
    "cardtable/net/protocol.py": "tests/test_net_faults.py",  # the tests/test_net_*.py files
    "cardtable/net/host.py": "tests/test_net_faults.py",
    "cardtable/net/client.py": "tests/test_net_faults.py",
    "cardtable/net/remote.py": "tests/test_net_faults.py",
    "cardtable/net/discovery.py": "tests/test_net_discovery.py",
    "cardtable/net/again.py": "tests/test_net_play_again.py",
    "cardtable/ui/scenes/table/network.py": "tests/ui/test_netplay.py",
    "cardtable/ui/scenes/join.py": "tests/ui/test_netplay.py",
    "cardtable/about.py": "tests/test_packaging.py",
    "cardtable/ai/base.py": "tests/ai/test_bots.py",
    "cardtable/ai/japanese65.py": "tests/ai/test_bots.py",
    "cardtable/ai/reference.py": "tests/ai/test_bots.py",
    "cardtable/ai/pairs65.py": "tests/ai/test_bots.py",
    "cardtable/ai/rummy.py": "tests/ai/test_analysis.py",
    "cardtable/ai/search.py": "tests/ai/test_levels.py",
    "cardtable/ai/sixtysix.py": "tests/ai/test_bots.py",
    "cardtable/ai/sixtysix_solver.py": "tests/ai/test_analysis.py",
    "cardtable/ai/worker.py": "tests/test_kill.py",
    "cardtable/engine/checks.py": None,
    "cardtable/engine/core.py": "tests/engine/test_conformance.py",
    "cardtable/names.py": "tests/net/test_served.py",
    "cardtable/paths.py": "tests/test_fonts.py",
    "cardtable/storage.py": "tests/test_storage_states.py",
    "cardtable/tournament.py": "tests/ai/test_tournament.py",
    "cardtable/ui/felt.py": "tests/ui/test_cardart.py",
    "cardtable/ui/hints.py": "tests/ui/test_table.py",
    "cardtable/ui/icon.py": None,
    "cardtable/ui/memory.py": "tests/ui/test_lru.py",
    "cardtable/ui/narrator.py": "tests/ui/test_speech_play.py",
    "cardtable/ui/scene.py": "tests/ui/test_shell.py",
    "cardtable/ui/scenes/common.py": None,
    "cardtable/ui/scenes/confirm.py": "tests/ui/test_saves.py",
    "cardtable/ui/scenes/handoff.py": "tests/ui/test_hotseat.py",
    "cardtable/ui/replay.py": "tests/ui/test_review.py",
    "cardtable/ui/scenes/review_words.py": "tests/ui/test_review.py",
    "cardtable/ai/sixtysix_rules.py": "tests/ai/test_bots.py",
    "cardtable/ui/scenes/matchend.py": "tests/ui/test_scenes.py",
    "cardtable/ui/scenes/menu.py": "tests/ui/test_scenes.py",
    "cardtable/ui/scenes/modal.py": "tests/ui/test_review_people.py",
    "cardtable/ui/scenes/picker.py": "tests/ui/test_scenes.py",
    "cardtable/ui/scenes/rules.py": "tests/ui/test_scenes.py",
    "cardtable/ui/scenes/rules_text.py": "tests/ui/test_scenes.py",
    "cardtable/ui/scenes/settings.py": "tests/ui/test_scenes.py",
    "cardtable/ui/scenes/setup.py": "tests/ui/test_scenes.py",
    "cardtable/ui/scenes/stats.py": "tests/ui/test_scenes.py",
    "cardtable/ui/scenes/summary.py": "tests/ui/test_scenes.py",
    "cardtable/ui/scenes/summary_words.py": "tests/ui/test_scoresheet.py",
    "cardtable/ui/session.py": "tests/test_storage_match.py",
    "cardtable/ui/sprites.py": "tests/ui/test_idle.py",
    "cardtable/ui/tables/japanese65.py": "tests/ui/test_scenes.py",
    "cardtable/ui/tables/pairs65.py": "tests/ui/test_refusals.py",
    "cardtable/ui/tables/picking.py": None,
    "cardtable/ui/tables/quebec65.py": None,
    "cardtable/ui/tables/rummy.py": None,
    "cardtable/ui/tables/rummy65.py": None,
    "cardtable/ui/tables/rummy_sheet.py": "tests/ui/test_table_rummy.py",
    "cardtable/ui/theme.py": "tests/ui/test_text_scale.py",
    "cardtable/ui/tween.py": "tests/ui/test_cardart.py",
    "cardtable/ui/window.py": "tests/ui/test_file_border.py",
}

HERE = "tests/test_layout_of_tests.py"


def modules() -> list[str]:
    """Every module of the package as a path from the repository root."""
    return sorted(
        p.relative_to(ROOT).as_posix() for p in PACKAGE.rglob("*.py")
        if p.name not in ("__init__.py", "__main__.py")
    )


def default_test(module: str) -> str:
    """The module's own test file by the rule of the docstring."""
    parts = Path(module).relative_to("cardtable").parts
    name = "test_" + Path(parts[-1]).stem + ".py"
    return "/".join(("tests", *parts[:-1][:1], name))


def dotted(module: str) -> str:
    return module.removesuffix(".py").replace("/", ".")


@functools.cache
def read_test(test_file: str) -> tuple[str, frozenset[tuple[str, str]]]:
    """A test file's text and what it imports by ``from package import name`` (read and
    parsed once: every module of the dict asks every test file)."""
    source = (ROOT / test_file).read_text(encoding="utf-8")
    imported = frozenset(
        (node.module, alias.name) for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
        for alias in node.names)
    return source, imported


def mentions(test_file: str, module: str) -> bool:
    """Does the test file import the module, or name it by dotted name or path?"""
    source, imported = read_test(test_file)
    name = dotted(module)
    if re.search(re.escape(name) + r"(?![\w])", source) or module in source:
        return True
    return name.rpartition(".")[::2] in imported


def users_of(module: str) -> list[str]:
    """Test files that import or name the module (to suggest a line for the dict)."""
    files = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tests").rglob("test_*.py"))
    return [f for f in files if f != HERE and mentions(f, module)]


def line_for(module: str) -> str:
    users = users_of(module)
    if users:
        return f'    "{module}": "{users[0]}",'
    return f'    "{module}": None,  # no test names it yet'


def test_the_rule_on_examples():
    assert default_test("cardtable/engine/cards.py") == "tests/engine/test_cards.py"
    assert default_test("cardtable/ui/scenes/menu.py") == "tests/ui/test_menu.py"
    assert default_test("cardtable/ui/scenes/table/hud.py") == "tests/ui/test_hud.py"
    assert default_test("cardtable/match.py") == "tests/test_match.py"


def test_mentions_reads_imports_and_names():
    assert mentions("tests/engine/test_cards.py", "cardtable/engine/cards.py")
    assert not mentions("tests/engine/test_cards.py", "cardtable/engine/melds.py")
    # "cardtable.engine.rummy" must not count as naming cardtable/engine/rummy65.py
    assert not mentions("tests/engine/test_rummy.py", "cardtable/engine/rummy65.py")
    assert mentions("tests/ui/test_scenes.py", "cardtable/ui/scenes/menu.py")
    assert "tests/engine/test_rummy.py" in users_of("cardtable/engine/rummy.py")
    assert HERE not in users_of("cardtable/ui/widgets.py")


def test_every_module_has_its_test_file_or_a_line_in_the_dict():
    missing = [m for m in modules()
               if not (ROOT / default_test(m)).exists() and m not in ELSEWHERE]
    assert not missing, (
        "these modules have no test file of their own name; write "
        + ", ".join(default_test(m) for m in missing)
        + f", or add these lines to ELSEWHERE in {HERE}:\n"
        + "\n".join(line_for(m) for m in missing))


def test_the_dict_names_only_modules_that_exist_and_lack_their_own_test():
    present = set(modules())
    gone = [m for m in ELSEWHERE if m not in present]
    assert not gone, (
        f"remove these lines from ELSEWHERE in {HERE} (the module is gone):\n"
        + "\n".join(f'    "{m}": ...' for m in gone))
    own = [m for m in ELSEWHERE if (ROOT / default_test(m)).exists()]
    assert not own, (
        f"remove these lines from ELSEWHERE in {HERE} (the module has its own test now):\n"
        + "\n".join(f'    "{m}": ...  ({default_test(m)} exists)' for m in own))


def test_each_named_test_file_exists_and_mentions_its_module():
    wrong = []
    for module, test_file in ELSEWHERE.items():
        if test_file is None:
            continue
        if not (ROOT / test_file).is_file():
            wrong.append(f"{module}: {test_file} does not exist")
        elif not mentions(test_file, module):
            wrong.append(f"{module}: {test_file} neither imports nor names "
                         f"{dotted(module)}")
    assert not wrong, (
        f"fix these lines of ELSEWHERE in {HERE}:\n" + "\n".join(
            f"  {w}\n    suggested: {line_for(w.split(':')[0])}" for w in wrong))


def test_a_gap_is_listed_only_while_no_test_names_the_module():
    closed = [m for m, f in ELSEWHERE.items() if f is None and users_of(m)]
    assert not closed, (
        f"these modules are tested now; in ELSEWHERE in {HERE} replace their lines with:\n"
        + "\n".join(line_for(m) for m in closed))
