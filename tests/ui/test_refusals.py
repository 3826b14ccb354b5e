"""Refused moves are worded from the engine's code and parameters, never from its English
message: every code the engine raises has a sentence, and the particulars (the suit led, the
two cards of a pair, a meld's counts) come as parameters."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import cardtable
from cardtable import i18n
from cardtable.engine import melds as meldlib
from cardtable.engine import registry
from cardtable.engine.core import Action, IllegalAction
from cardtable.ui.scenes.table.words import MESSAGES, REFUSAL_REASONS, friendly
from cardtable.ui.tables import pairs65 as pairs_table

ROOT = Path(cardtable.__file__).parent
RAISED = re.compile(r'IllegalAction\(\s*"([a-z_0-9]+)"')
#: codes a game table words itself (its own catalogue), beside the scene's common ones
OWN = {"colours_differ", "values_not_13"} | set(pairs_table.REFUSALS)


def engine_codes() -> set[str]:
    codes = set()
    for path in (ROOT / "engine").glob("*.py"):
        codes |= set(RAISED.findall(path.read_text(encoding="utf-8")))
    return codes


def test_every_code_the_engine_raises_has_a_sentence():
    codes = engine_codes()
    assert {"must_follow_suit", "cannot_exchange", "values_not_13"} <= codes
    worded = set(MESSAGES) | {"cannot_exchange", "cannot_close"} | OWN
    assert codes <= worded, f"codes without a sentence: {sorted(codes - worded)}"


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
    assert str(friendly(exc)) == i18n.tr(REFUSAL_REASONS[exc.params["reason"]])
    # the wording does not depend on the English message
    exc.message = "something else entirely"
    assert str(friendly(exc)) == i18n.tr(REFUSAL_REASONS[exc.params["reason"]])


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
    assert words[led] in str(friendly(exc))


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
