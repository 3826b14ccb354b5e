"""Refused moves are worded from the engine's code and parameters, never from its English
message: every code the engine raises has a sentence, and the particulars (the suit led, the
two cards of a pair, a meld's counts) come as parameters."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

import cardtable
from cardtable import i18n
from cardtable.engine import melds as meldlib
from cardtable.engine import registry
from cardtable.engine.core import Action, IllegalAction
from cardtable.ui.scenes.table.words import MESSAGES, friendly
from cardtable.ui.tables import pairs65 as pairs_table
from cardtable.ui.tables import sixtysix_words, table_class

ROOT = Path(cardtable.__file__).parent
RAISED = re.compile(r'IllegalAction\(\s*"([a-z_0-9]+)"')
GAMES = ("japanese65", "sixtysix", "rummy65", "quebec65", "pairs65")
#: what the engine's shared modules raise (the shape of an action, the match's end)
SHARED_FILES = ("core.py", "actions.py")
#: codes a game's table never meets, as it never makes such a move (a kind of move the game
#: does not have, a pile that is not one): they read "That move is not allowed now."
NEVER_MET = {"pairs65": {"wrong_kind", "bad_source"}, "rummy65": {"wrong_kind"},
             "quebec65": {"wrong_kind"}}
#: the particulars a refusal may carry, so that a table words it as it would at play
PARAMS = {"suit": "H", "cards": ["6H", "7S"], "colours": ["red", "black"], "total": 11}


def codes_in(paths) -> set[str]:
    codes = set()
    for path in paths:
        codes |= set(RAISED.findall(Path(path).read_text(encoding="utf-8")))
    return codes


def engine_files(game_id: str) -> set[str]:
    """The engine modules of a game's state class and the classes it derives from."""
    return {inspect.getfile(cls) for cls in registry.get(game_id).state_class.__mro__
            if cls.__module__.startswith("cardtable.engine.")} - \
        {str(ROOT / "engine" / name) for name in SHARED_FILES}


def worded(game_id: str, exc: IllegalAction):
    """What the player reads for ``exc`` at ``game_id``'s table: the table's sentence, else
    the shared one (as the table scene asks)."""
    table = table_class(game_id)
    return table.__new__(table).refusal_text(exc) or friendly(exc)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_code_a_game_raises_has_a_sentence(game_id):
    """Each code a game's engine raises reads as its own sentence at its table (its table's
    words, or the shared ones), never the catch-all, but for moves its table never makes."""
    codes = codes_in(engine_files(game_id)) | codes_in(ROOT / "engine" / f for f in SHARED_FILES)
    assert {"not_in_hand", "bad_action", "match_over"} <= codes
    vague = i18n.tr("That move is not allowed now.")
    for code in sorted(codes - {"not_legal"} - NEVER_MET.get(game_id, set())):
        text = i18n.tr(worded(game_id, IllegalAction(code, "", **PARAMS)))
        assert text and text != vague, f"{game_id}: {code} has no sentence"


def test_the_shared_sentences_are_for_codes_every_game_shares():
    """The table scene words only the codes of the engine's shared modules or of every
    game's; a game's own codes are its table's (the scene says the catch-all for them)."""
    shared = codes_in(ROOT / "engine" / f for f in SHARED_FILES)
    everyone = set.intersection(*(codes_in(engine_files(g)) for g in GAMES))
    assert set(MESSAGES) <= shared | everyone
    vague = i18n.tr("That move is not allowed now.")
    for code in ("must_follow_suit", "cannot_exchange", "must_draw_first", "bad_pair"):
        assert str(friendly(IllegalAction(code, "", suit="H"))) == vague


def test_no_screen_reads_the_engines_english():
    """No regular expression over an engine message, no `.message` read in the UI."""
    for path in (ROOT / "ui").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "exc.message" not in text and ".message or" not in text, path
        assert not re.search(r"^import re$", text, re.M), f"{path}: a regex in the UI"


def _refusal(state, action) -> IllegalAction:
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.to_json() == before
    return info.value


def test_sixtysix_exchange_refused_says_why_from_its_reason():
    # at the first lead nobody has won a trick: the exchange is refused with a reason
    state = registry.get("sixtysix").new_match(players=2, seed=3)
    exc = _refusal(state, Action("exchange"))
    assert exc.code == "cannot_exchange"
    assert exc.params["reason"] in ("no_trick_won", "no_nine")
    why = i18n.tr(sixtysix_words.REFUSAL_REASONS[exc.params["reason"]])
    assert str(worded("sixtysix", exc)) == why
    # the wording does not depend on the English message
    exc.message = "something else entirely"
    assert str(worded("sixtysix", exc)) == why
    # a reason the table does not know: the refusal's own sentence
    exc.params["reason"] = "somewhere_else"
    assert str(worded("sixtysix", exc)) == "You cannot exchange the nine now."


def test_follow_suit_refusal_names_the_suit_led():
    state = registry.get("japanese65").new_match(players=4, seed=2)
    state.apply(state.legal_actions()[0])
    led = state.trick[0][1][1]
    hand = state.hand(state.current_player)
    off = [c for c in hand if c[1] != led]
    if not off or all(c[1] != led for c in hand):
        pytest.skip("this deal gives no off-suit card while holding the suit led")
    exc = _refusal(state, Action("play", card=off[0]))
    assert exc.code == "must_follow_suit" and exc.params == {"suit": led}
    words = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    assert words[led] in str(worded("japanese65", exc))


def test_pairs65_refusals_come_from_parameters():
    exc = IllegalAction("colours_differ", "", cards=["6H", "7S"], colours=["red", "black"])
    text = str(pairs_table.Pairs65Table.refusal_text(None, exc))
    assert "six of hearts" in text and "seven of spades" in text and "red" in text \
        and "black" in text
    exc = IllegalAction("values_not_13", "", total=11)
    assert "11" in str(pairs_table.Pairs65Table.refusal_text(None, exc))


def test_meld_reasons_carry_their_counts():
    rules = meldlib.rummy65_rules(1)
    why = meldlib.check_meld_code(["JK", "3S", "5H"], rules)
    assert why is not None and why.code == "too_many_wilds"
    assert dict(why.params) == {"wild": 2, "natural": 1}
    assert why[0] == why.code and why[1] == why.text      # still reads as (code, text)
