"""Deal codes as a newcomer meets them: Copy (a button, and Ctrl+C) on the end-of-deal
summary and the review, through the system clipboard; a code of another game says which
game it is before anything is replaced; the field's example is a real code."""

from __future__ import annotations

import pygame
import pytest

from cardtable import i18n, records
from cardtable.engine import registry
from cardtable.ui.app import App
from cardtable.ui.scenes import dealcode
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.confirm import ConfirmScene
from cardtable.ui.scenes.dealcode import DealCodeScene
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.review import ReviewScene
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.scenes.summary import SummaryScene
from tests.test_records import played
from tests.ui.conftest import click, frames, lessons_declined, press, type_text


@pytest.fixture
def clipboard(monkeypatch) -> list[str]:
    """What was put on the clipboard (the one function that reaches it, replaced)."""
    copied: list[str] = []

    def put(text: str) -> bool:
        copied.append(text)
        return True

    monkeypatch.setattr(dealcode, "put_on_clipboard", put)
    return copied


@pytest.fixture(scope="module")
def deals():
    return played("sixtysix", 41, 3)


def ctrl_c(app) -> None:
    press(app, pygame.K_c, mod=pygame.KMOD_LCTRL, unicode="\x03")


def toasts(app) -> list[str]:
    return [i18n.tr(t.text) for t in app.toasts]


def summary_of(app, deals, index=1) -> SummaryScene:
    rec = deals[index]
    events: list = []
    records.replay(rec, events)
    ev = next(e for e in events[-1] if e.kind == "deal_scored").for_seat(None)
    app.push(MenuScene())
    scene = app.push(SummaryScene(ev, [], rec["names"], "sixtysix", deals=deals, record=rec))
    frames(app)
    return scene


def test_the_summary_copies_its_code_with_a_button_and_with_ctrl_c(app, deals, clipboard):
    scene = summary_of(app, deals)
    code = deals[1]["code"]
    click(app, scene.widget("Copy code"))
    assert clipboard == [code]
    assert any(t.startswith("Copied") and code in t for t in toasts(app))
    assert app.top is scene                   # copying leaves the summary up
    ctrl_c(app)
    assert clipboard == [code, code]
    p = scene.panel_rect()
    assert all(p.contains(w.rect) for w in scene.form.widgets)


def test_the_review_copies_its_code_with_a_button_and_with_ctrl_c(app, deals, clipboard):
    scene = app.push(ReviewScene(deals, 2))
    frames(app, 2)
    click(app, scene.widget("Copy code"))
    assert clipboard == [deals[2]["code"]]
    assert any(t.startswith("Copied") for t in toasts(app))
    press(app, pygame.K_LEFT)                   # Ctrl+C is not taken for a step
    step = scene.step
    ctrl_c(app)
    assert clipboard == [deals[2]["code"]] * 2 and scene.step == step
    # its place, at the end of the code's line in the side panel, is clear of the others
    copy = scene.widget("Copy code").rect
    assert scene.areas()[1].contains(copy)
    assert not any(copy.colliderect(w.rect) for w in scene.form.widgets
                   if w.name != "Copy code")


@pytest.mark.parametrize("size, text_size", [((800, 500), "larger"), ((1024, 768), "normal")])
def test_the_review_has_its_copy_button_at_every_size(app, deals, size, text_size):
    app.settings["text_size"] = text_size
    app.apply_access()
    app.resize(size)
    scene = app.push(ReviewScene(deals, 1))
    frames(app, 2)
    copy = scene.widget("Copy code")
    assert copy is not None and scene.areas()[1].contains(copy.rect)
    assert not any(copy.rect.colliderect(w.rect) for w in scene.form.widgets if w is not copy)


def test_a_clipboard_that_cannot_be_had_is_said_not_hidden(app, deals, monkeypatch):
    monkeypatch.setattr(dealcode, "put_on_clipboard", lambda text: False)
    summary_of(app, deals)
    ctrl_c(app)
    assert not any(t.startswith("Copied") for t in toasts(app))
    assert any("could not be copied" in t for t in toasts(app))


def test_the_clipboard_is_reached_through_pygame(monkeypatch):
    put: list[str] = []
    monkeypatch.setattr(pygame.scrap, "put_text", put.append)
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: "8PCQ-3P")
    assert dealcode.put_on_clipboard("ABCD-EF") and put == ["ABCD-EF"]
    assert dealcode.clipboard_text() == "8PCQ-3P"

    def broken(*args):
        raise pygame.error("no clipboard")

    monkeypatch.setattr(pygame.scrap, "put_text", broken)
    monkeypatch.setattr(pygame.scrap, "get_text", broken)
    assert not dealcode.put_on_clipboard("ABCD-EF") and dealcode.clipboard_text() == ""


@pytest.mark.parametrize("game", registry.ids())
def test_the_field_s_example_is_a_real_code_of_the_game(app, game):
    setup = app.push(SetupScene(game))
    frames(app)
    click(app, setup.widget("Deal code"))
    hint = i18n.tr(app.top.field().hint)
    example = hint.removeprefix("For example ").strip()
    assert example != "3DPR-D3"
    code = records.decode(example)        # a real code: its shape and check symbol
    assert code.game == game and records.encode(code) == example


def test_a_code_of_another_game_says_so_before_anything_starts(app):
    other = records.encode(records.make_code("sixtysix", 2, None, 5150))
    setup = app.push(SetupScene("japanese65"))
    started: list[dict] = []
    app.on_start_match = started.append
    frames(app)
    click(app, setup.widget("Deal code"))
    panel = app.top
    type_text(app, other)
    app.draw()
    words = i18n.tr(panel.code_words())
    assert "Sixty-Six" in words and "65 (Japanese" in words and not started
    press(app, pygame.K_ESCAPE)
    click(app, setup.widget("Deal code"))
    same = records.encode(records.make_code("japanese65", 4, None, 5150))
    type_text(app, same)
    assert i18n.tr(app.top.code_words()) == "A deal of 65 (Japanese partnership) for 4 players."


def test_replacing_a_match_with_another_game_s_code_names_both(tmp_path):
    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False,
                                          "lessons": lessons_declined()})
    app.data_dir = tmp_path / "data"
    table_mod.install(app)
    app.push(MenuScene())
    app.start_match({"game": "japanese65", "players": 4, "first_dealer": None, "seed": 3,
                     "options": {}, "seats": [
                         {"name": "You", "kind": "human", "level": "easy"},
                         {"name": "A", "kind": "computer", "level": "easy"},
                         {"name": "B", "kind": "computer", "level": "easy"},
                         {"name": "C", "kind": "computer", "level": "easy"}]})
    first = app.table
    assert app.has_match_in_progress()
    setup = app.push(SetupScene("japanese65"))
    frames(app)
    click(app, setup.widget("Deal code"))
    assert isinstance(app.top, DealCodeScene)
    type_text(app, records.encode(records.make_code("sixtysix", 2, None, 5150)))
    press(app, pygame.K_RETURN)
    ask = app.top
    assert isinstance(ask, ConfirmScene) and app.table is first
    question, detail = i18n.tr(ask.question), i18n.tr(ask.detail)
    assert "Sixty-Six" in question                      # the code's game
    assert "65 (Japanese partnership)" in detail        # the match that would be replaced
    press(app, pygame.K_RETURN)                         # "Keep my match"
    assert app.table is first
    first.match.close()


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (800, 500), (1920, 1080)])
def test_the_copied_toast_keeps_clear_of_the_summary_s_panel_and_buttons(app, deals,
                                                                         clipboard, size):
    """"Copied: …" lay across the foot of the summary's panel, over its buttons, for three
    seconds: the toasts go below the panel where there is room, else inside it above the
    buttons, never across its edge."""
    app.resize(size)
    rec = deals[1]
    events: list = []
    records.replay(rec, events)
    ev = next(e for e in events[-1] if e.kind == "deal_scored").for_seat(None)
    app.push(MenuScene())
    # a body that fills the panel (quebec65's sheet for eight): the panel at its tallest,
    # its foot just over the window's
    scene = app.push(SummaryScene(ev, [], rec["names"], "sixtysix", deals=deals, record=rec,
                                  body=lambda surface, area, summary: None))
    frames(app)
    app.toast("An earlier message")
    click(app, scene.widget("Copy code"))
    frames(app, 2)
    p = scene.panel_rect()
    assert len(app.toast_rects) == 2
    for rect in app.toast_rects:
        assert not (p.colliderect(rect) and not p.contains(rect)), (size, rect, p)
        assert not any(rect.colliderect(w.rect) for w in scene.form.widgets), (size, rect)
        assert app.screen.get_rect().contains(rect), (size, rect)
    a, b = app.toast_rects
    assert not a.colliderect(b)
