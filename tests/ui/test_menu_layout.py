"""The main menu (cardtable.ui.scenes.menu) at the smallest window and the larger text
sizes, with Continue shown: nothing it draws overlaps anything else (the corner lines, the
panel and its buttons, the fan, the title, the tagline, the keys line), everything is on the
window, and the log file's line is whole (tests/test_logs.py asks that too)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame
import pytest

from cardtable import about, i18n, logs
from cardtable.ui import theme
from cardtable.ui.app import App
from cardtable.ui.scenes import menu as menu_mod
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.window import MIN_SIZE

DT = 1 / 60
SIZES = [MIN_SIZE, (1000, 500), (800, 600), (1280, 720), (1920, 1080)]
LOOKS = [(lang, text) for lang in ("en", "fr") for text in ("normal", "large", "larger")]


@pytest.fixture(autouse=True)
def plain_afterwards():
    yield
    i18n.set_language("en")
    theme.set_access(False, "normal")


def drawn_menu(monkeypatch, size, lang: str, text: str, log: Path | None,
               continued: bool = True):
    """The menu at ``size`` in ``lang`` and ``text`` size, its log file ``log``: (the
    menu, every text drawn with its rect and words, the fan's rect)."""
    monkeypatch.setattr(logs, "log_file", lambda: log)
    app = App(size=size, settings={"sound": False, "text_size": text, "language": lang},
              settings_path=None)
    monkeypatch.setattr(app, "has_match_in_progress", lambda: continued)
    menu = app.push(MenuScene())
    app.step([], DT)
    texts: list[tuple[str, pygame.Rect]] = []
    real = theme.draw_text

    def spy(surface, words, *args, **kwargs):
        rect = real(surface, words, *args, **kwargs)
        texts.append((str(words), pygame.Rect(rect)))
        return rect

    monkeypatch.setattr(menu_mod.theme, "draw_text", spy)
    menu.draw_content(app.screen)
    monkeypatch.setattr(menu_mod.theme, "draw_text", real)
    cx, top, _, _ = menu.title_block()
    fan = menu.fan().get_rect(midtop=(cx, top))
    return app, menu, texts, fan


def ink(words: str, rect: pygame.Rect) -> pygame.Rect:
    """The program's name has no descenders: the tagline comes close under its letters
    (MenuScene.title_step), into the room its line keeps below them."""
    if words != "cardtable":
        return rect
    ascent = theme.font(theme.px(theme.TITLE + 8), bold=True).get_ascent()
    return pygame.Rect(rect.x, rect.y, rect.width, ascent)


def problems(app, menu, texts, fan) -> list[str]:
    """What overlaps, or lies off the window, on the menu as drawn."""
    screen = app.screen.get_rect()
    panel = menu.panel_rect()
    things = [(f"text {words!r}", ink(words, rect)) for words, rect in texts]
    things += [("the panel", panel), ("the fan", fan)]
    found = [f"{name} {tuple(rect)} is off the window {tuple(screen)}"
             for name, rect in things if not screen.contains(rect)]
    found += [f"{a} {tuple(ra)} overlaps {b} {tuple(rb)}"
              for (a, ra), (b, rb) in itertools.combinations(things, 2) if ra.colliderect(rb)]
    buttons = [w for w in menu.form.widgets if getattr(w, "visible", True)]
    assert buttons
    found += [f"the button {w.name} {tuple(w.rect)} is not inside the panel {tuple(panel)}"
              for w in buttons if not panel.contains(w.rect)]
    found += [f"the buttons {a.name} and {b.name} overlap"
              for a, b in itertools.combinations(buttons, 2) if a.rect.colliderect(b.rect)]
    return found


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "x".join(map(str, s)))
def test_nothing_on_the_menu_overlaps_at_every_text_size_with_continue(monkeypatch, size):
    """At 800x500 and the larger text, the log file's line at the top right ran over the
    top of the menu's panel (Continue makes the panel taller): the panel keeps below the
    corner lines, closer together where the window is short."""
    log = Path.home() / ".local" / "share" / "cardtable" / logs.FILE_NAME
    found = []
    for lang, text in LOOKS:
        app, menu, texts, fan = drawn_menu(monkeypatch, size, lang, text, log)
        assert menu.widget("Continue") is not None
        found += [f"{lang} {text}: {p}" for p in problems(app, menu, texts, fan)]
        line = [words for words, _ in texts if words.endswith(about.shown_path(log))]
        assert len(line) == 1, (lang, text, [w for w, _ in texts])     # whole
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", [MIN_SIZE, (1280, 720)], ids=lambda s: "x".join(map(str, s)))
def test_a_long_log_path_is_whole_and_overlaps_nothing(monkeypatch, tmp_path, size):
    """The log file in a deep folder (the tests' own, a roaming profile): whole, at a
    smaller type where the width asks it, and still clear of the panel."""
    log = tmp_path / "a folder" / "deeper still" / "data" / logs.FILE_NAME
    for lang, text in LOOKS:
        app, menu, texts, fan = drawn_menu(monkeypatch, size, lang, text, log)
        assert not problems(app, menu, texts, fan), (lang, text)
        assert any(words.endswith(about.shown_path(log)) for words, _ in texts), (lang, text)


@pytest.mark.parametrize("continued", [True, False])
def test_without_a_log_file_or_continue_the_panel_is_laid_the_same_way(monkeypatch,
                                                                      continued):
    """No log file (it could not be written): the version alone in the corner; with or
    without Continue, nothing overlaps at the smallest window."""
    for lang, text in LOOKS:
        app, menu, texts, fan = drawn_menu(monkeypatch, MIN_SIZE, lang, text, None,
                                           continued=continued)
        assert not any(words.startswith("Log file") for words, _ in texts)
        assert not problems(app, menu, texts, fan), (lang, text)


def test_a_window_with_room_keeps_the_panel_centred_and_its_spacing(monkeypatch):
    """Where the panel clears the corner lines anyway (a tall window, no Continue), it
    is where it always was: centred, its buttons 14 px apart at 720 px high."""
    app, menu, _, _ = drawn_menu(monkeypatch, (1280, 900), "en", "normal",
                                 Path.home() / logs.FILE_NAME, continued=False)
    panel = menu.panel_rect()
    assert abs(panel.centery - 450) <= 1
    buttons = sorted((w for w in menu.form.widgets if w.visible), key=lambda w: w.rect.y)
    assert buttons[1].rect.top - buttons[0].rect.bottom == theme.px(14)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "x".join(map(str, s)))
def test_a_toast_on_the_menu_overlaps_nothing(monkeypatch, size):
    """"The host closed the table." (the toast a friend's copy shows as it comes back to
    the menu) lay across the panel's Quit button in French at the larger text, centred on
    the window: it goes under the title, in the column left of the panel."""
    from cardtable.i18n import N_

    log = Path.home() / ".local" / "share" / "cardtable" / logs.FILE_NAME
    found = []
    for lang, text in LOOKS:
        app, menu, texts, fan = drawn_menu(monkeypatch, size, lang, text, log)
        app.toast(N_("The host closed the table."))
        (rect, _toast), = app.toast_boxes()
        things = [(f"text {words!r}", ink(words, r)) for words, r in texts]
        things += [("the panel", menu.panel_rect()), ("the fan", fan)]
        found += [f"{lang} {text}: the toast {tuple(rect)} overlaps {name} {tuple(r)}"
                  for name, r in things if rect.colliderect(r)]
        if not app.screen.get_rect().contains(rect):
            found.append(f"{lang} {text}: the toast {tuple(rect)} is off the window")
    assert not found, "\n".join(found)
