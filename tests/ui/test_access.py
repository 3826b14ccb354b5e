"""Settings for every eye: larger cards, high contrast, reduced motion, text size; remembered."""

from __future__ import annotations

import pygame
import pytest

from cardtable import storage
from cardtable.match import Match, Seat
from cardtable.ui import theme
from cardtable.ui.app import App
from cardtable.ui.felt import felt_rgb
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.settings import SettingsScene
from cardtable.ui.scenes.table import TableScene

DT = 1 / 60


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), settings={"sound": False, "animation_speed": "normal"},
              settings_path=tmp_path / "settings.json")
    table_mod.install(app)
    yield app
    theme.set_access(False, "normal")


def sixtysix_table(app):
    seats = [Seat("Ann", "human"), Seat("Bot", "computer", "easy")]
    table = TableScene(Match("sixtysix", seats, seed=3, pace=0.0), sound=False)
    table_mod.show_table(app, table)
    app.step([], DT)
    return table


def test_the_new_settings_are_remembered(tmp_path):
    path = tmp_path / "settings.json"
    settings = storage.defaults()
    settings.update(large_cards=True, high_contrast=True, reduced_motion=True,
                    text_size="larger", language="fr")
    storage.save_settings(settings, path)
    loaded, message = storage.load_settings(path)
    assert message is None and loaded == settings
    # values of the wrong kind fall back to the defaults, one by one
    settings.update(text_size="enormous", language="klingon", high_contrast="yes")
    storage.save_settings(settings, path)
    loaded, _ = storage.load_settings(path)
    assert (loaded["text_size"], loaded["language"], loaded["high_contrast"]) == \
        ("normal", "auto", False)
    assert loaded["large_cards"] is True


def test_larger_cards_at_the_table(app):
    table = sixtysix_table(app)
    before = table.game.cw
    app.set_setting("large_cards", True)
    app.step([], DT)
    assert table.game.cw == int(before * 1.2) or abs(table.game.cw - before * 1.2) <= 1
    app.set_setting("large_cards", False)
    assert table.game.cw == before


def test_high_contrast_changes_the_cloth_the_text_and_the_panels(app):
    table = sixtysix_table(app)
    app.step([], DT)
    normal_pixel = app.screen.get_at((640, 300))[:3]
    assert theme.TEXT != (255, 255, 255)
    app.set_setting("high_contrast", True)
    app.step([], DT)
    assert theme.TEXT == (255, 255, 255)
    assert table.felt.rgb == felt_rgb(theme.cloth_colour(app.settings.get("felt", "green")))
    dark = app.screen.get_at((640, 300))[:3]
    assert sum(dark) < sum(normal_pixel) - 60, "the cloth is much darker"
    app.set_setting("high_contrast", False)
    app.step([], DT)
    assert theme.TEXT != (255, 255, 255)
    assert app.screen.get_at((640, 300))[:3] == normal_pixel


def test_text_size_makes_every_font_larger_and_scenes_lay_out_again(app):
    app.push(SettingsScene())
    app.step([], DT)
    done = next(w for w in app.top.form.widgets if w.name == "Done")
    width = done.rect.width
    small = theme.text_size("Settings", 20)
    app.set_setting("text_size", "larger")
    app.step([], DT)
    big = theme.text_size("Settings", 20)
    assert big[0] > small[0] * 1.2 and big[1] > small[1]
    done = next(w for w in app.top.form.widgets if w.name == "Done")
    assert done.rect.width >= width


def test_reduced_motion_moves_cards_at_once(app):
    table = sixtysix_table(app)
    assert table.speed > 0
    app.set_setting("reduced_motion", True)
    assert table.speed == 0
    app.set_setting("reduced_motion", False)
    assert table.speed > 0


def test_settings_screen_offers_every_setting_for_the_eyes(app):
    app.push(SettingsScene())
    app.step([], DT)
    names = {w.name for w in app.top.form.widgets}
    assert {"four_colour_suits", "large_cards", "high_contrast", "reduced_motion",
            "text_size", "language"} <= names
    toggle = app.top.widget("high_contrast")
    c = toggle.rect.center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=c, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=c, button=1)], DT)
    assert app.settings["high_contrast"] is True
    assert storage.load_settings(app.settings_path)[0]["high_contrast"] is True
