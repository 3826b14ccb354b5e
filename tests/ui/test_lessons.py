"""Learn to play's list of games (cardtable/ui/scenes/lessons.py): a button for every game
that brings a lesson, each opening it; every button fits at every text size."""

from __future__ import annotations

import pytest

from cardtable import i18n, lessons
from cardtable.i18n import tr
from cardtable.ui import theme
from cardtable.ui.app import App
from cardtable.ui.scenes.lesson import LessonScene
from cardtable.ui.scenes.lessons import LessonsScene, entry_text
from cardtable.ui.scenes.table import launch

from .conftest import click


@pytest.mark.parametrize("size", ["normal", "larger"])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_button_for_every_game_with_a_lesson(size, language):
    app = App(size=(1280, 720), settings={"sound": False, "text_size": size,
                                          "language": language})
    i18n.set_language(language)
    launch.install(app)
    app.reset(app.build("menu"))
    scene = app.open("lessons")
    assert isinstance(scene, LessonsScene)
    games = lessons.games_with_lessons()
    for game in games:
        b = scene.widget(game)
        assert b is not None and b.preferred_width() <= b.rect.width
    assert "·" in tr(entry_text(games[0]))
    click(app, scene.widget(games[0]).rect.center)
    assert isinstance(app.top, LessonScene) and app.top.lesson.game_id == games[0]
    theme.set_access(False, "normal")
    i18n.set_language("en")
