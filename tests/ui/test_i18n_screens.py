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
    "English", "Français",       # each language named in its own words (Settings)
    "## Options",                # the French word is the same
    *COMPUTER_NAMES,             # the computer players' names
}
#: numbers, card indices (A K Q J 10 ...), punctuation and symbols: no word to translate
NO_WORDS = re.compile(r"^[\W\d_]*(?:[AKQJ]|10)?[\W\d_]*$")

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


def untranslated(french: set[str], english: set[str]) -> list[str]:
    return sorted(t for t in french & english
                  if t not in SAME_IN_BOTH and not NO_WORDS.match(t))


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
