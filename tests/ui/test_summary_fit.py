"""The end-of-deal summary and the match's end fit their words in their panel: at every
window size from 800x500 to 1920x1080, in English and French, at the three text sizes, for
every game and the fewest and most players it seats (the summary's title, "Manche 3 :
Player 2 marque 1 point de partie", ran past both edges of its panel at 1280x720 in French
at the largest text)."""

from __future__ import annotations

import random

import pygame
import pytest

from cardtable import i18n
from cardtable.engine import registry
from cardtable.match import Match, Seat
from cardtable.ui import theme
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.matchend import MatchEndScene
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.summary import SummaryScene
from cardtable.ui.scenes.table import TableScene

DT = 1 / 60
#: the smallest window, the common one and the largest (800x600 and 1024x768 lie between
#: and found nothing the others did not: left out to keep CI in its time)
SIZES = [(800, 500), (1280, 720), (1920, 1080)]
LOOKS = [(lang, ts) for lang in ("en", "fr") for ts in ("normal", "large", "larger")]
#: the longest name a seat takes by default in French (a computer's), and a person's
NAMES = ["Marguerite", "Ordinateur 2", "Ordinateur 3", "Ordinateur 4", "Ordinateur 5",
         "Ordinateur 6", "Ordinateur 7", "Ordinateur 8"]


@pytest.fixture(autouse=True)
def plain_afterwards():
    yield
    i18n.set_language("en")
    theme.set_access(False, "normal")


def tables():
    for game in registry.ids():
        spec = registry.get(game)
        for players in sorted({spec.min_players, spec.max_players}):
            yield game, players


def played(game: str, players: int, seed: int = 3):
    """A match of ``game`` played at random to the end of its first deal, and that deal's
    event."""
    state = registry.get(game).new_match(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(20000):
        for ev in state.apply(rng.choice(state.legal_actions())):
            if ev.kind == "deal_scored":
                return state, ev.public()
    raise AssertionError(f"{game} x{players}: no deal ended")


class Texts:
    """Every text drawn on the window, and every text cut short, while watched."""

    def __init__(self, monkeypatch, app: App) -> None:
        self.drawn: list[tuple[str, pygame.Rect]] = []
        self.cut: list[str] = []
        self.on = False         # only while the scene on top draws (not the table below)
        draw_text, ellipsize = theme.draw_text, theme.ellipsize

        def recording_draw_text(surface, text, pos, size, *args, **kwargs):
            rect = draw_text(surface, text, pos, size, *args, **kwargs)
            if self.on and surface is app.screen and i18n.tr(text).strip():
                self.drawn.append((i18n.tr(text), pygame.Rect(rect)))
            return rect

        def recording_ellipsize(text, size, width, bold=False):
            out = ellipsize(text, size, width, bold)
            if self.on and out != theme.drawable(text):
                self.cut.append(theme.drawable(text))
            return out

        monkeypatch.setattr(theme, "draw_text", recording_draw_text)
        monkeypatch.setattr(theme, "ellipsize", recording_ellipsize)

    def draw(self, app: App) -> None:
        self.drawn, self.cut = [], []
        theme.clear_caches()
        scene = app.top
        draw = scene.draw

        def watched(surface):
            self.on = True
            try:
                draw(surface)
            finally:
                self.on = False
        scene.draw = watched
        try:
            app.draw()
        finally:
            del scene.draw


def problems(scene, texts: Texts) -> list[str]:
    """Texts of the panel that run past its edges, or that were cut short."""
    panel = scene.panel_rect()
    inner = panel.inflate(-2 * theme.px(8), -2 * theme.px(4))
    found = [f"{t!r} {tuple(r)} past the panel {tuple(panel)}" for t, r in texts.drawn
             if panel.colliderect(r) and not inner.contains(r)]
    found += [f"cut short: {t!r}" for t in sorted(set(texts.cut))]
    return found


def each_look(app: App, size):
    app.resize(size)
    for lang, text_size in LOOKS:
        app.set_setting("language", lang)
        app.set_setting("text_size", text_size)
        for _ in range(2):
            app.step([], DT)
        yield lang, text_size


@pytest.mark.parametrize("game,players", list(tables()))
def test_the_summary_and_the_match_end_fit_their_panels(monkeypatch, game, players):
    app = App(size=(1280, 720), settings={"sound": False, "animation_speed": "off"},
              settings_path=None)
    table_mod.install(app)
    texts = Texts(monkeypatch, app)
    state, event = played(game, players)
    seats = [Seat(NAMES[0], "human")] + [Seat(NAMES[i], "computer", "medium")
                                         for i in range(1, players)]
    app.push(MenuScene())
    table = TableScene(Match(game, seats, state=state, pace=0.0, threaded=False),
                       sound=False, pace=0.0, speed="off")
    table_mod.show_table(app, table)
    found: list[str] = []
    try:
        app.step([], DT)
        ends = [("summary", lambda: SummaryScene.for_table(table, event))]
        for winners in ([1], [0, 1]):
            ends.append((f"match end, won by {winners}", lambda w=winners: MatchEndScene(
                list(state.score_sheet), [s.name for s in seats], w, game,
                humans=[0], deals=[{"game": game, "deal": 1}])))
        for what, make in ends:
            scene = app.push(make())
            for size in SIZES:
                for lang, text_size in each_look(app, size):
                    texts.draw(app)
                    where = f"{game} x{players} {what} {size[0]}x{size[1]} {lang} {text_size}"
                    found += [f"{where}: {p}" for p in problems(scene, texts)]
            app.pop()
            app.set_setting("language", "en")
            app.set_setting("text_size", "normal")
    finally:
        table.match.close()
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:40])
