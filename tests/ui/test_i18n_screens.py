"""Render audit: in French, the menu, picker, setup, rules and settings screens draw no English.

Every string that reaches ``theme.render`` is recorded as the screen shows it. The same screen
is drawn in English and in French; a text that comes out the same in both languages is English
left untranslated, unless it is on the short list of things that are the same in every
language (names, numbers, card indices, the program's name). The rules are checked paragraph
by paragraph, as ScrollText translates them (it renders them word by word).

Then: a change of language reaches a screen already shown at its next frame, no restart.
"""

from __future__ import annotations

import re

import pytest

from cardtable import i18n
from cardtable.about import about_line
from cardtable.engine import registry
from cardtable.ui import theme
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.picker import PickerScene
from cardtable.ui.scenes.rules import RulesScene
from cardtable.ui.scenes.settings import SettingsScene
from cardtable.ui.scenes.setup import COMPUTER_NAMES, SetupScene
from cardtable.ui.widgets import ScrollText
from tests.ui.conftest import frames

#: texts that are the same in French and English, and why
SAME_IN_BOTH = {
    "cardtable",                 # the program's name
    about_line(),                # the name and version in the menu's corner
    "English", "Français",       # each language named in its own words (Settings)
    "## Options",                # the French word is the same
    "Menu", "Total", "Points", "Pot", "Cents", "Jokers", "F1", "JK", "Ctrl+Z",  # same in French
    *COMPUTER_NAMES,             # the computer players' names
}
#: numbers, card indices (A K Q J 10 JK ...), key letters (D, F1), the dealer's chip (D),
#: punctuation and symbols: no word to translate
NO_WORDS = re.compile(r"^[\W\d_]*(?:[A-Z]|10|JK)?[\W\d_]*$")

SCREENS = (
    [("menu", MenuScene), ("picker", PickerScene), ("settings", SettingsScene)]
    + [(f"setup:{gid}", lambda gid=gid: SetupScene(gid)) for gid in registry.ids()]
    + [(f"rules:{gid}", lambda gid=gid: RulesScene(gid)) for gid in registry.ids()]
)


@pytest.fixture(autouse=True)
def english_afterwards():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


class Recorder:
    """What reaches ``theme.render`` (as shown, i.e. translated), and the rules' paragraphs."""

    def __init__(self, monkeypatch) -> None:
        self.texts: set[str] = set()
        self._in_scrolltext = 0
        render = theme.render
        layout = ScrollText._layout
        lines = ScrollText.logical_lines

        def recording_render(text, *args, **kwargs):
            if not self._in_scrolltext:
                self.texts.add(i18n.tr(text))
            return render(text, *args, **kwargs)

        def recording_layout(widget):
            self._in_scrolltext += 1     # its words are checked as whole paragraphs
            try:
                return layout(widget)
            finally:
                self._in_scrolltext -= 1

        def recording_lines(widget):
            shown = lines(widget)
            self.texts.update(line for line in shown if line)
            return shown

        monkeypatch.setattr(theme, "render", recording_render)
        monkeypatch.setattr(ScrollText, "_layout", recording_layout)
        monkeypatch.setattr(ScrollText, "logical_lines", recording_lines)

    def take(self) -> set[str]:
        texts, self.texts = self.texts, set()
        return texts


def show(app, make_scene, rec: Recorder, n: int = 3) -> set[str]:
    """Push the screen (over the menu, as the program does), draw it; what it showed."""
    while app.stack:
        app.pop()
    app.toasts.clear()
    if make_scene is not MenuScene:
        app.push(MenuScene())
    app.push(make_scene())
    rec.take()
    frames(app, n)
    return rec.take()


#: English words that no French text has: a French line holding one has English inside it (a
#: value of a Msg left as a plain English str, such as a game's name)
ENGLISH_WORDS = re.compile(r"\b(the|of|and|you|your|with|game|wins?|turn|cards?)\b", re.I)


def untranslated(french: set[str], english: set[str]) -> list[str]:
    same = {t for t in french & english if t not in SAME_IN_BOTH and not NO_WORDS.match(t)}
    mixed = {t for t in french - english if ENGLISH_WORDS.search(t)}
    return sorted(same | mixed)


@pytest.mark.parametrize("name,make_scene", SCREENS, ids=[s[0] for s in SCREENS])
def test_the_french_screen_draws_no_english(app, monkeypatch, name, make_scene):
    rec = Recorder(monkeypatch)
    english = show(app, make_scene, rec)
    i18n.set_language("fr")
    french = show(app, make_scene, rec)
    assert french, f"{name} drew nothing"
    assert not untranslated(french, english), (
        f"{name} shows English in French: {untranslated(french, english)}")


def test_toasts_are_french(app, monkeypatch):
    rec = Recorder(monkeypatch)
    texts = {}
    for code in ("en", "fr"):
        i18n.set_language(code)
        app.push(MenuScene())
        app.continue_match()                          # no match: a toast says so
        app.start_match({"game": "sixtysix"})         # no table installed: a toast says so
        rec.take()
        frames(app, 2)
        texts[code] = rec.take()
        app.toasts.clear()
        app.pop()
    assert "Aucune partie à reprendre." in texts["fr"]
    assert not untranslated(texts["fr"], texts["en"])


@pytest.mark.parametrize("name,make_scene", SCREENS, ids=[s[0] for s in SCREENS])
def test_a_change_of_language_shows_at_the_next_frame(app, monkeypatch, name, make_scene):
    rec = Recorder(monkeypatch)
    english = show(app, make_scene, rec)
    i18n.set_language("fr")                # while the screen is up
    frames(app, 1)
    switched = rec.take()
    fresh = show(app, make_scene, rec)     # the same screen built in French from the start
    assert switched == fresh
    assert switched != english


def test_the_language_row_in_settings_switches_at_once(app, monkeypatch):
    rec = Recorder(monkeypatch)
    app.push(MenuScene())
    settings = app.push(SettingsScene())
    frames(app)
    row = settings.widget("language")
    assert [v for v, _ in row.options] == ["auto", "en", "fr"]
    row.set("fr")
    assert app.settings["language"] == "fr" and i18n.language() == "fr"
    rec.take()
    frames(app, 1)
    shown = rec.take()
    assert {"Réglages", "Langue", "Français", "Terminé"} <= shown
    row.set("en")
    frames(app, 1)
    assert i18n.language() == "en" and "Settings" in rec.take()


def test_french_rules_words_are_drawn_as_written():
    """ScrollText translates a paragraph, then draws it word by word through theme.render
    (which translates again): no French word may be an English text of the catalogue."""
    from cardtable.ui.scenes.rules_text import RULES

    i18n.set_language("fr")
    twice = set()
    for _, markup in RULES.values():
        for line in i18n.paragraphs(markup):
            for part in i18n.tr(line).split("**"):
                twice.update(w for w in part.split() if i18n.tr(w) != w)
    assert not twice, f"words translated a second time when drawn: {sorted(twice)}"


# --------------------------------------------------------------------------- the tables
# Every game's table mid-deal (log, captions, a refusal's toast, score panel, buttons, name
# plates), the F1 keys over it, its end-of-deal summary and its match-end screen, then the
# statistics screen, its confirm dialog and the pass-and-play hand-over: each drawn in English
# and in French from the same state, no English left in the French picture.

TABLE_PLAYERS = {"japanese65": 4, "sixtysix": 2, "pairs65": 4, "rummy65": 4, "quebec65": 3}


def table_app(game: str, n: int, humans=(0,), seed: int = 5):
    from cardtable.match import Match, Seat
    from cardtable.ui.app import App
    from cardtable.ui.scenes import table as table_mod
    from cardtable.ui.scenes.table import TableScene

    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False})
    table_mod.install(app)
    names = ["You"] + list(COMPUTER_NAMES)
    seats = [Seat(names[i] if len(humans) == 1 else f"Player {i + 1}",
                  "human" if i in humans else "computer", "easy") for i in range(n)]
    match = Match(game, seats, seed=seed, pace=0)
    table = TableScene(match, speed="off", pace=0, sound=False)
    table_mod.show_table(app, table)
    return app, table


def drawn_in_both(app, rec: Recorder) -> tuple[set[str], set[str]]:
    """The same picture drawn in English, then in French (nothing moves in between)."""
    i18n.set_language("en")
    rec.take()
    app.draw()
    english = rec.take()
    i18n.set_language("fr")
    app.draw()
    french = rec.take()
    i18n.set_language("en")
    return english, french


def play_some(app, table, moves: int, rng) -> None:
    """A few moves of the person at the table (random legal ones), the computers between."""
    from tests.ui.test_table import DT, wait_for_human

    for _ in range(moves):
        if not wait_for_human(app, table):
            return
        legal = [a for a in table.legal if a.kind not in ("go_out", "claim", "close")] \
            or table.legal
        table.try_action(rng.choice(legal))
        for _ in range(5):
            app.step([], DT)
    wait_for_human(app, table)


@pytest.mark.parametrize("game", sorted(TABLE_PLAYERS))
def test_the_french_table_draws_no_english(monkeypatch, game):
    import random

    import pygame

    from cardtable.engine.core import IllegalAction
    from cardtable.ui.scenes.table import friendly

    app, table = table_app(game, TABLE_PLAYERS[game])
    try:
        rec = Recorder(monkeypatch)
        play_some(app, table, 4, random.Random(3))
        assert table.log, "nothing in the log"
        table.show_caption(table.log[-1], 5.0)
        table.show_toast(friendly(IllegalAction("must_follow_suit", ""), "H"), 5.0)
        english, french = drawn_in_both(app, rec)
        assert french, f"{game}: the table drew nothing"
        assert not untranslated(french, english), (
            f"{game} table shows English in French: {untranslated(french, english)}")
        # the keys (F1) over the table
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="",
                                     scancode=0)])
        assert table.keys.help
        english, french = drawn_in_both(app, rec)
        assert not untranslated(french, english), (
            f"{game} keys show English in French: {untranslated(french, english)}")
        i18n.set_language("fr")
        app.draw()
        w, h = app.size
        assert table.keys.help_rect.height <= h and table.keys.help_rect.width <= w
    finally:
        table.match.close()


@pytest.mark.parametrize("game", sorted(TABLE_PLAYERS))
def test_the_french_summary_and_match_end_draw_no_english(monkeypatch, game):
    from cardtable.ui.scenes.matchend import MatchEndScene
    from cardtable.ui.scenes.summary import SummaryScene
    from tests.ui.test_scenes import finished_match

    n = TABLE_PLAYERS[game]
    app, table = table_app(game, n)
    try:
        rec = Recorder(monkeypatch)
        state, events = finished_match(game, n)
        names = [s.name for s in table.match.seats]
        for ev in (events[0], events[-1]):
            summary = app.push(SummaryScene.for_table(table, ev))
            english, french = drawn_in_both(app, rec)
            assert french
            assert not untranslated(french, english), (
                f"{game} summary shows English in French: {untranslated(french, english)}")
            app.pop()
            assert summary is not None
        end = app.push(MatchEndScene(state.score_sheet, names, state.winners, game,
                                     state.match_scores, humans=[0],
                                     target=(state.options or {}).get("target")))
        english, french = drawn_in_both(app, rec)
        assert not untranslated(french, english), (
            f"{game} match end shows English in French: {untranslated(french, english)}")
        assert end is not None
    finally:
        table.match.close()


def test_the_french_statistics_and_its_question_draw_no_english(app, monkeypatch):
    from cardtable import storage
    from cardtable.ui.scenes.stats import StatsScene

    rec = Recorder(monkeypatch)
    empty = show(app, StatsScene, rec)       # nothing played yet
    i18n.set_language("fr")
    assert not untranslated(show(app, StatsScene, rec), empty)
    i18n.set_language("en")
    app.stats = {}
    for game, level, won in (("sixtysix", "medium", True), ("japanese65", "hard", False),
                             ("rummy65", "mixed", True), ("pairs65", "people", False)):
        storage.record_result(app.stats, game, level, won, 7)
    stats = show(app, StatsScene, rec)
    i18n.set_language("fr")
    assert not untranslated(show(app, StatsScene, rec), stats)
    i18n.set_language("en")
    scene = app.top
    scene.ask_reset()                          # the confirm dialog over it
    english, french = drawn_in_both(app, rec)
    assert "Remettre les statistiques à zéro ?" in french
    assert not untranslated(french, english)


def test_the_french_hand_over_draws_no_english(monkeypatch):
    from cardtable.ui.scenes.handoff import HandoffScene
    from tests.ui.test_table import DT

    app, table = table_app("sixtysix", 2, humans=(0, 1))
    try:
        rec = Recorder(monkeypatch)
        for _ in range(300):
            app.step([], DT)
            if isinstance(app.top, HandoffScene):
                break
        assert isinstance(app.top, HandoffScene)
        english, french = drawn_in_both(app, rec)
        assert "Voir ma main" in french
        assert not untranslated(french, english), untranslated(french, english)
    finally:
        table.match.close()


def test_french_table_words_read_as_a_french_player_says_them():
    from cardtable.i18n import Msg, PMsg
    from cardtable.ui.tables.rummy_words import SET_LABELS

    i18n.set_language("fr")
    assert str(Msg(SET_LABELS["A"])) == "Série d’as"          # not "Série de as"
    assert str(Msg(SET_LABELS["K"])) == "Série de rois"
    # 65 from Québec calls its wild cards "frimes" everywhere, the summary included
    assert str(PMsg("quebec65", "Wild: {wild}", wild="2")).startswith("Frimes")
    # a name goes out without a gender
    assert "est sorti" not in str(Msg("{name} went out: everybody else takes one last turn.",
                                      name="Ann"))
