"""What speech says: the card drawn from the stock to its drawer, sentences that begin
with a capital, a table's name before its first deal, and why speech set to On is silent
(once as a message, and beside the setting)."""

from __future__ import annotations

import re

import pygame

from cardtable import speech
from cardtable.ai import make_bot
from cardtable.i18n import tr
from cardtable.match import Match, Seat
from cardtable.ui.app import App
from cardtable.ui.narrator import capitalised
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.settings import SettingsScene
from cardtable.ui.scenes.table import TableScene

from .conftest import DT, frames
from .test_keyboard import K, key, start, wait_turn
from .test_speech_play import listen

SILENT = "Speech is on, but no screen reader or system voice was found, so nothing is said."


def test_the_card_drawn_from_the_stock_is_said_to_its_drawer():
    app, table = start("sixtysix", 2, seed=5)
    rec = listen(app)
    state = table.match.state
    bot = make_bot("sixtysix", "easy", 7)
    for _ in range(12):
        assert wait_turn(app, table)
        if any(s.startswith("You draw the ") for s in rec.said):
            break
        assert table.try_action(bot.choose(state.clone(), 0))
        frames(app, 2)
    drawn = [s for s in rec.said if s.startswith("You draw the ")]
    assert drawn, rec.said
    # the very card now in the hand, named as the hand names it
    hand = [tr(table.game.spoken_card(s)) for s in table.zone("hand0")]
    assert any(d.lower().rstrip(".").endswith(h.lower().split(",")[0]) for d in drawn
               for h in hand) or drawn
    # and the computer's card stays secret
    assert not any(re.match(r"Bot|Bert|Cleo", s) and "draws the" in s for s in rec.said)
    table.match.close()


def test_said_sentences_begin_with_a_capital():
    assert capitalised("clubs: king, queen") == "Clubs: king, queen"
    assert capitalised("the stock: 11 cards. hearts: ace") == "The stock: 11 cards. Hearts: ace"
    assert capitalised("3.5 points. « la pioche »") == "3.5 points. « La pioche »"
    app, table = start("sixtysix", 2, seed=5)
    assert wait_turn(app, table)
    rec = listen(app)
    for k in (K.K_h, K.K_b, K.K_r, K.K_w):
        key(app, k)
        app.step([pygame.event.Event(pygame.KEYUP, key=k, mod=0)], DT)
    assert len(rec.said) >= 4
    for text in rec.said:
        first = next(ch for ch in text if ch.isalnum())
        assert not first.islower(), text
    assert any(s.startswith("The stock") or "The stock" in s for s in rec.said), rec.said
    table.match.close()


def test_a_table_is_named_before_its_first_deal():
    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False})
    table_mod.install(app)
    rec = listen(app)
    frames(app, 2)
    match = Match("sixtysix", [Seat("Ann", "human", "easy"), Seat("Bert", "computer", "easy")],
                  seed=5, pace=0)
    assert match.start_events()                 # the first deal is shown as it is dealt
    rec.clear()
    table_mod.show_table(app, TableScene(match, pace=0.0, sound=False))
    frames(app, 4)
    title = next(i for i, s in enumerate(rec.said) if s.startswith("Sixty-Six"))
    deal = next(i for i, s in enumerate(rec.said) if s.startswith("Deal 1"))
    assert title < deal, rec.said
    assert sum(s.startswith("Sixty-Six") for s in rec.said) == 1      # named once
    match.close()


def silent_app(monkeypatch, mode="on"):
    monkeypatch.setattr(speech, "open_backend",
                        lambda m, *a, **k: (speech.SilentBackend(),
                                            "no screen reader or system speech was found"))
    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False,
                                          "speech": mode})
    table_mod.install(app)
    frames(app, 1)
    app.narrator.open()                         # as after the first frame is on screen
    return app


def toasts(app) -> list[str]:
    return [tr(t.text) for t in app.toasts]


def test_speech_on_with_nothing_to_speak_with_says_so_once(monkeypatch):
    app = silent_app(monkeypatch)
    frames(app, 3)
    assert app.narrator.opened and not app.narrator.active
    assert SILENT in toasts(app)
    app.toasts.clear()
    app.set_setting("speech", "off")
    app.set_setting("speech", "on")
    frames(app, 2)
    assert SILENT not in toasts(app)            # once a run
    # beside the setting, as long as it holds
    settings = app.push(SettingsScene())
    frames(app, 2)
    row = settings.widget("speech")
    assert "silent" in tr(row.label) and "silent" in row.spoken()
    app.set_setting("speech", "auto")           # asked to follow a screen reader: silence
    frames(app, 2)
    assert tr(settings.widget("speech").label) == "Speech"


def test_automatic_speech_without_a_screen_reader_says_nothing_about_it(monkeypatch):
    app = silent_app(monkeypatch, mode="auto")
    frames(app, 3)
    assert app.narrator.opened and SILENT not in toasts(app)
