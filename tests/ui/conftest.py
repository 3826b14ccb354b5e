"""Helpers for driving the shell headless: an App per test and posted input events."""

from __future__ import annotations

import time

import pygame
import pytest

from cardtable.engine import registry
from cardtable.ui.app import App

DT = 1 / 60


@pytest.fixture
def settings_file(tmp_path):
    return tmp_path / "config" / "settings.json"


@pytest.fixture
def app(settings_file):
    a = App(size=(1280, 720), settings={"sound": False}, settings_path=settings_file)
    yield a
    while a.stack:
        a.pop()


def click(app: App, target, button: int = 1) -> None:
    """Press and release the left button on ``target`` (a widget, a rect or a point)."""
    pos = target
    if hasattr(target, "rect"):
        pos = target.rect.center
    elif isinstance(target, pygame.Rect):
        pos = target.center
    pos = (int(pos[0]), int(pos[1]))
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)], DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)], DT)


def press(app: App, key: int, mod: int = 0, unicode: str = "") -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode,
                                 scancode=0)], DT)


def type_text(app: App, text: str) -> None:
    for ch in text:
        app.step([pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()) if ch.isascii() else 0,
                                     mod=0, unicode=ch, scancode=0),
                  pygame.event.Event(pygame.TEXTINPUT, text=ch)], DT)


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step([], DT)


def until_hosted(app: App, test, host=None, seconds: float = 20.0) -> None:
    """Step ``app`` (and poll a hosted table's ``host`` at once for its idle friends) until
    ``test()`` holds; fails after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "the table did not get there"
        app.step([], DT)
        if host is not None:
            host.poll(now=float("inf"))
        time.sleep(0.002)


def lessons_declined() -> dict[str, str]:
    """The ``lessons`` setting of a person who said "No thanks" to every game's lesson: an
    App with a data folder then starts a first match without offering one."""
    return {game: "declined" for game in registry.ids()}
