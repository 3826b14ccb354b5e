"""The settings' rows of a scale step the way a slider does: the right arrow (and the right
key) faster for the animation speed (it went from Normal to Slow), larger for the text
size; the left arrow back; the ends hold (the rows do not wrap round)."""

from __future__ import annotations

import pygame

from cardtable.storage import CHOICES
from cardtable.ui.scenes.settings import SPEED_ORDER, SettingsScene
from tests.ui.conftest import click, frames, press

#: each scale's values, least first: the right arrow goes towards the last
SCALES = {"animation_speed": ("slow", "normal", "fast", "off"),
          "text_size": ("normal", "large", "larger")}


def test_the_speeds_offered_are_the_settings_file_s():
    assert sorted(SPEED_ORDER) == sorted(CHOICES["animation_speed"])


def test_every_scale_steps_up_to_the_right_by_arrow_and_key(app):
    settings = app.push(SettingsScene())
    frames(app)
    for key, scale in SCALES.items():
        row = settings.widget(key)
        assert [v for v, _text in row.options] == list(scale), key
        # from the least, the right arrow up to the most, where it stays
        row.set(scale[0])
        seen = [app.settings[key]]
        for _ in scale:
            click(app, settings.widget(key)._arrows()[1])
            seen.append(app.settings[key])
        assert seen == list(scale) + [scale[-1]], key
        # and the left arrow back down
        click(app, settings.widget(key)._arrows()[0])
        assert app.settings[key] == scale[-2], key
        # the keys: right is the next up, left the next down
        settings.widget(key).set(scale[1])
        settings.form.focus(settings.widget(key))
        press(app, pygame.K_RIGHT)
        assert app.settings[key] == scale[2], key
        press(app, pygame.K_LEFT)
        press(app, pygame.K_LEFT)
        assert app.settings[key] == scale[0], key
    app.set_setting("text_size", "normal")


def test_from_normal_the_right_arrow_is_faster(app):
    app.set_setting("animation_speed", "normal")
    settings = app.push(SettingsScene())
    frames(app)
    click(app, settings.widget("animation_speed")._arrows()[1])
    assert app.settings["animation_speed"] == "fast"
    click(app, settings.widget("animation_speed")._arrows()[0])
    click(app, settings.widget("animation_speed")._arrows()[0])
    assert app.settings["animation_speed"] == "slow"
