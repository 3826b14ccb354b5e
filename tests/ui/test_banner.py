"""The move banner (the caption saying what was just done, "Vous posez une paire : …") and
the toast (a refusal, a hint) stay readable: they never cover a word the table writes on
the felt (a pile's name and count, "Pioche · 29", "Défausse · 1", a seat's count of tricks
or pairs, a group's label), a card on the table or the window's edge; and in a lesson they
keep clear of the coach's panel, which keeps clear of them. Every game, at 800x500,
1280x720 and 1920x1080, in English and French, at the three text sizes."""

from __future__ import annotations

import pygame
import pytest

from cardtable import i18n
from cardtable.ui import theme
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.lesson import LessonScene
from tests.ui.test_layout_sizes import cards, deal, each_look, tables
from tests.ui.test_lesson import GAMES, lesson_steps, make_app

SIZES = [(800, 500), (1280, 720), (1920, 1080)]
TEXT_SIZES = ["normal", "large", "larger"]
#: a banner as long as pairs65's longest (a pair laid, in French)
CAPTION = "Vous posez une paire : dame de cœur et dame de pique (1 sur 5)"
#: a toast as long as the longest hints
TOAST = "Défaussez une carte : glissez-la sur la défausse, ou double-cliquez dessus"


@pytest.fixture(autouse=True)
def plain_afterwards():
    yield
    i18n.set_language("en")
    theme.set_access(False, "normal")


def drawn_with_words(table, surface) -> tuple[list[tuple[str, pygame.Rect]], tuple]:
    """One frame drawn: the words the table wrote on the window as it drew its own things
    (its ``extra_draw``: the piles' names, the counts, the labels), and the (toast,
    caption) rectangles as drawn."""
    words: list[tuple[str, pygame.Rect]] = []
    real_text, real_extra = table.text, table.game.extra_draw
    writing = [False]

    def text(on, what, pos, size, *args, **kwargs):
        rect = real_text(on, what, pos, size, *args, **kwargs)
        if writing[0] and on is surface and i18n.tr(what).strip():
            words.append((i18n.tr(what), rect))
        return rect

    def extra(on):
        writing[0] = True
        try:
            real_extra(on)
        finally:
            writing[0] = False

    table.text, table.game.extra_draw = text, extra
    try:
        table.draw(surface)
    finally:
        del table.text
        table.game.extra_draw = real_extra
    return words, table._messages_drawn[1]


def banner_problems(table, surface, words, rects, also=()) -> list[str]:
    """What the messages drawn (``rects``: toast, caption) cover: a word of the table, a
    card or place on the table (not a hand), ``also`` (named rectangles), or the window's
    edge."""
    found = []
    laid = [(z, r) for z, r in cards(table) if not z.startswith("hand")]
    for what, rect in zip(("toast", "banner"), rects, strict=True):
        if rect is None:
            continue
        found += [f"the {what} {tuple(rect)} over {w!r} {tuple(r)}" for w, r in words
                  if rect.colliderect(r)]
        found += [f"the {what} {tuple(rect)} over {z} {tuple(r)}" for z, r in laid
                  if rect.colliderect(r)][:1]
        found += [f"the {what} {tuple(rect)} over {n} {tuple(r)}" for n, r in also
                  if rect.colliderect(r)]
        if not surface.get_rect().contains(rect):
            found.append(f"the {what} {tuple(rect)} off the window")
    return found


def shown(table, what: str) -> None:
    table.toast = table.caption = None
    if what == "banner":
        table.show_caption(CAPTION)
        table.caption[1] = 0.5          # (faded in)
    else:
        table.show_toast(TOAST, kind="info")
        table.toast[1] = 0.5


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_banner_and_the_toast_cover_no_word_of_the_table(size):
    """A long banner, then a long toast, in a match of every game (fewest and most
    players): pairs65's banner covered "Pioche · 29" and "Défausse · 1" under the piles
    (at every window size), Sixty-Six's a count of tricks, 65 (Japanese)'s toast one at
    800x500."""
    app = App(size=size, settings={"sound": False, "animation_speed": "off"},
              settings_path=None)
    table_mod.install(app)
    found = []
    for game, players in tables():
        table = deal(app, game, players)
        try:
            for lang, text_size in each_look(app):
                for what in ("banner", "toast"):
                    shown(table, what)
                    words, rects = drawn_with_words(table, app.screen)
                    where = f"{game} x{players} {lang} {text_size}"
                    found += [f"{where}: {p}"
                              for p in banner_problems(table, app.screen, words, rects)]
                    table.toast = table.caption = None
        finally:
            table.match.close()
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:40])


def lesson_problems(app, table: LessonScene) -> list[str]:
    """The banner shown now (if any) and the coach's panel: one frame drawn, the banner
    over nothing of the table and not under the panel (nor the panel over it)."""
    if table.caption is None or table.covered():
        return []
    table.caption[1] = max(table.caption[1], 0.5)
    words, rects = drawn_with_words(table, app.screen)
    panel = table.panel.rect
    also = [("the coach's panel", pygame.Rect(panel))] if panel.width > 0 else []
    return banner_problems(table, app.screen, words, (None, rects[1]), also)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_in_a_lesson_the_banner_and_the_coach_s_panel_keep_apart(game, language, size):
    """Every lesson played through, at each step the person is to read or play while a
    banner shows (it lasts a couple of seconds after each move): pairs65's "Vous posez une
    paire : as de carreau et dame de cœur (1 sur 5)" lay under the coach's panel at
    1280x720, larger text."""
    found = []
    for text_size in TEXT_SIZES:
        app = make_app(language=language, size=size, text_size=text_size)
        theme.set_access(False, text_size)
        app.draw = lambda surface=None: None        # one frame drawn where it is looked at
        table = app.open("lesson", game)
        assert isinstance(table, LessonScene)
        seen = 0
        for _step in lesson_steps(app, table):
            table.draw(app.screen)
            app.step([], 1 / 60)
            seen += table.caption is not None
            found += [f"{text_size} step {table.coach.index}: {p}"
                      for p in lesson_problems(app, table)]
        assert seen, f"{text_size}: no banner was seen at any step"
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:40])
