"""Dragging the Players slider of the setup screen: the count changes the seats shown (the
screen lays its widgets out again), and the drag must go on over that."""

from __future__ import annotations

import pygame
import pytest

from cardtable.ui.scenes.setup import SetupScene
from tests.ui.conftest import DT, frames


def mouse(kind, pos):
    data = {"pos": (int(pos[0]), int(pos[1]))}
    if kind == pygame.MOUSEMOTION:
        data.update(rel=(0, 0), buttons=(1, 0, 0))
    else:
        data["button"] = 1
    return pygame.event.Event(kind, data)


def drag_slider(app, scene, name, to_value, steps=12):
    """Press on the knob of ``name`` and move, one frame a step, to ``to_value``'s place."""
    slider = scene.widget(name)
    start = (slider.knob_x(), slider.track_rect().centery)
    track = slider.track_rect()
    frac = (to_value - slider.minimum) / (slider.maximum - slider.minimum)
    end = (track.left + frac * track.width, start[1])
    app.step([mouse(pygame.MOUSEBUTTONDOWN, start)], DT)
    for i in range(1, steps + 1):
        t = i / steps
        pos = (start[0] + (end[0] - start[0]) * t, start[1])
        app.step([mouse(pygame.MOUSEMOTION, pos)], DT)
    app.step([mouse(pygame.MOUSEBUTTONUP, end)], DT)


@pytest.mark.parametrize("game, start, target", [("quebec65", 4, 8), ("quebec65", 4, 2),
                                                   ("pairs65", 4, 2), ("rummy65", 3, 7)])
def test_the_players_slider_follows_a_drag_to_its_end(app, game, start, target):
    scene = app.push(SetupScene(game))
    frames(app)
    scene.set_players(start)
    frames(app)
    drag_slider(app, scene, "players", target)
    assert scene.players == target
    assert scene.widget("players").value == target
    assert len(scene.seat_rows) == target
    # the drag is over: moving the mouse afterwards changes nothing
    app.step([mouse(pygame.MOUSEMOTION, (scene.widget("players").track_rect().left, 0))], DT)
    assert scene.players == target


def test_another_slider_still_drags_and_a_click_on_the_track_still_sets(app):
    scene = app.push(SetupScene("sixtysix"))
    frames(app)
    target = scene.widget("option.target")
    drag_slider(app, scene, "option.target", target.maximum)
    assert scene.options["target"] == target.maximum
    scene = app.push(SetupScene("quebec65"))
    frames(app)
    players = scene.widget("players")
    track = players.track_rect()
    app.step([mouse(pygame.MOUSEBUTTONDOWN, (track.right, track.centery))], DT)
    app.step([mouse(pygame.MOUSEBUTTONUP, (track.right, track.centery))], DT)
    assert scene.players == players.maximum
