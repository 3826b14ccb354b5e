"""The coach's panel holds its buttons at every step of every lesson, at every text size and
in both languages, on every page of the step's words: the page control reads "More ›" and,
on the last page, "‹ From the start", which is wider (in French, at the largest text, on
Sixty-Six's tenth step, it took a row more than the panel was laid for, and "Passer la
leçon" stood below the panel's border, over a card)."""

from __future__ import annotations

import pytest

from cardtable import i18n
from cardtable.ui import theme
from cardtable.ui.scenes.lesson import LessonScene
from tests.ui.test_lesson import DT, GAMES, lesson_steps, make_app

#: the smallest and the largest text (the one between found nothing of its own; CI's time)
TEXT_SIZES = ["normal", "larger"]


def buttons_outside(table: LessonScene) -> list[str]:
    """The coach's buttons not wholly inside its panel (with the panel's page shown)."""
    panel = table.panel.rect
    if panel.width <= 0:
        return []
    return [f"{b.name!r} {tuple(b.rect)} outside the panel {tuple(panel)}"
            for b in getattr(table, "_coach_widgets", ()) if b.visible
            and not panel.contains(b.rect)]


def every_page(app, table: LessonScene) -> list[str]:
    """The panel's buttons checked on each page of the step's words (More turns them, and
    from the last page back to the first)."""
    found = []
    for _page in range(max(1, getattr(table, "_paged", 1))):
        found += [f"page {table._page + 1}/{table._paged}: {p}" for p in buttons_outside(table)]
        if getattr(table, "_paged", 1) < 2:
            break
        table.more()
        table.draw(app.screen)
        app.step([], DT)
    return found


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_the_coach_s_panel_holds_its_buttons(game, language):
    found = []
    try:
        for size in ((1280, 720), (800, 600)):
            for text_size in TEXT_SIZES:
                app = make_app(language=language, size=size, text_size=text_size)
                theme.set_access(False, text_size)
                app.draw = lambda surface=None: None
                table = app.open("lesson", game)
                assert isinstance(table, LessonScene)
                for _step in lesson_steps(app, table):
                    table.draw(app.screen)
                    app.step([], DT)
                    found += [f"{size} {text_size} step {table.coach.index}: {p}"
                              for p in every_page(app, table)]
    finally:
        i18n.set_language("en")
        theme.set_access(False, "normal")
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:40])


def test_a_paged_panel_is_laid_for_its_widest_page_control():
    """Sixty-Six in French at the largest text, 1280x720: where the step's words come in
    pages, the panel's height holds the buttons' rows with "‹ Au début" as well as
    with "Plus ›"."""
    try:
        app = make_app(language="fr", text_size="larger")
        theme.set_access(False, "larger")
        app.draw = lambda surface=None: None
        table = app.open("lesson", "sixtysix")
        paged = 0
        for _step in lesson_steps(app, table):
            table.draw(app.screen)
            app.step([], DT)
            if getattr(table, "_paged", 1) < 2:
                continue
            paged += 1
            for _page in range(table._paged):
                table.more()
                table.draw(app.screen)
                app.step([], DT)
                assert not buttons_outside(table), (table.coach.index, buttons_outside(table))
        assert paged, "no step was shown in pages: the test no longer looks at the page control"
    finally:
        i18n.set_language("en")
        theme.set_access(False, "normal")
