"""pairs65 names a card one way: the words every table uses ("the four of diamonds"), in
the log, captions, toasts, buttons, hints and speech alike. Its log said "the 4 of
diamonds" while the hint and the spoken hand said "the four of diamonds" in one turn."""

from __future__ import annotations

import re

from cardtable.ai import make_bot
from cardtable.engine.cards import make_deck
from cardtable.engine.core import Action
from cardtable.engine.pairs65 import RANKS
from cardtable.i18n import tr
from cardtable.ui.hints import hint_text
from cardtable.ui.tables import card_words, the_card
from cardtable.ui.tables.pairs65_words import short_words, the_short

from .test_keyboard import start, wait_turn
from .test_table import DT

DIGIT_NAME = re.compile(r"\b(?:10|[2-9]) of (?:spades|hearts|diamonds|clubs)\b")


def test_pairs65_words_are_the_shared_card_words():
    for code in set(make_deck(RANKS, 1)):
        assert tr(short_words(code)) == tr(card_words(code))
        assert tr(the_short(code)) == tr(the_card(code))


def test_a_pairs65_game_never_names_a_card_by_its_digits():
    app, table = start("pairs65", 3, seed=4)
    texts: list[str] = []
    show_caption, show_toast = table.show_caption, table.show_toast
    table.show_caption = lambda text, seconds=2.2: (texts.append(tr(text)),
                                                    show_caption(text, seconds))
    table.show_toast = lambda text, seconds=2.6, kind="error": (
        texts.append(tr(text)), show_toast(text, seconds, kind))
    bot = make_bot("pairs65", "easy", 7)
    state = table.match.state
    moves = 0
    while moves < 25 and wait_turn(app, table):
        action = bot.choose(state.clone(), table.viewer)
        texts.append(tr(hint_text(action, None, table.match.names(), table.game.STOCK_WORD,
                                   game=table.game)))
        texts += [tr(w.name) for w in table.form.widgets if getattr(w, "name", None)]
        assert table.try_action(action) or action.kind == "swap"
        if not table.match.moves or table.match.moves[-1][1] != action:
            break
        moves += 1
        for _ in range(3):
            app.step([], DT)
    texts += [tr(line) for line in table.log]
    assert moves >= 5 and texts
    digits = [t for t in texts if DIGIT_NAME.search(t)]
    assert not digits, digits[:5]
    assert any(re.search(r"\b(?:two|three|four|five|six|seven|eight|nine|ten) of ", t)
               for t in texts), texts[:20]
    table.match.close()


def test_a_pair_in_the_log_reads_as_the_hint_does():
    app, table = start("pairs65", 3, seed=4)
    line = tr(table.game.describe({"kind": "paired", "seat": 0, "cards": ["4D", "9C"]}))
    hint = tr(hint_text(Action("pair", cards=("4D", "9C")), None, table.match.names(),
                        game=table.game))
    assert "four of diamonds" in line and "nine of clubs" in line
    assert "four of diamonds" in hint and "nine of clubs" in hint
    table.match.close()
