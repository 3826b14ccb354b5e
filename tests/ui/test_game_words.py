"""A game's words for the shared screens (cardtable/ui/tables/game_words.py): the hint, the
summary, the match's end and a refused move ask the game's table, and word nothing of a
game themselves."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import cardtable
from cardtable import i18n
from cardtable.engine import registry
from cardtable.engine.core import Action, DealResult, IllegalAction
from cardtable.ui import hints
from cardtable.ui.tables import GameTable, table_class
from cardtable.ui.tables.game_words import GameWords, words_of

GAMES = ("japanese65", "sixtysix", "rummy65", "quebec65", "pairs65")
UI = Path(cardtable.__file__).parent / "ui"
#: the shared screens that ask a game's table for its words
SHARED = ("hints.py", "scenes/summary.py", "scenes/summary_words.py", "scenes/matchend.py",
          "scenes/table/words.py", "tables/game_words.py")


def some_moves(game_id: str, players: int, seed: int = 1) -> dict[str, Action]:
    """One legal action of each kind met in a random match of ``game_id``."""
    spec = registry.get(game_id)
    state = spec.new_match(players=players, seed=seed, options=spec.quick_options)
    rng = random.Random(seed)
    found: dict[str, Action] = {}
    while not state.is_over:
        legal = state.legal_actions()
        for action in legal:
            found.setdefault(action.kind, action)
        rare = [a for a in legal if a.kind not in found or a.kind in ("go_out", "lay")]
        state.apply(rng.choice(rare if rare and rng.random() < 0.3 else legal))
    return found


def test_a_table_without_words_gets_the_neutral_ones():
    class Plain(GameTable):
        pass

    class Worded(GameTable):
        REFUSALS = {"too_far": "That is too far."}

    # every table is its own words, the neutral ones until its game gives some
    assert issubclass(GameTable, GameWords)
    assert words_of(Plain) is Plain and words_of(Worded) is Worded
    assert words_of(None) is GameWords and words_of("sixtysix") is GameWords
    for words in (GameWords, Plain):
        assert words.action_words(Action("play", card="AS"), ["A", "B"]) is None
        assert words.single_deal_chart({"points": [1, 2]}, 2) is None
        assert words.money([{"money": {"net": [1, -1]}}], 2) is None
        assert words.REASONS == {} == words.ROW_LABELS == words.SEAT_LABELS
        assert words.REFUSALS == {}
    worded = Worded.__new__(Worded)
    assert str(worded.refusal_text(IllegalAction("too_far", ""))) == "That is too far."
    assert worded.refusal_text(IllegalAction("not_in_hand", "")) is None
    assert Plain.__new__(Plain).refusal_text(IllegalAction("too_far", "")) is None


@pytest.mark.parametrize("game_id", GAMES)
def test_each_table_words_every_move_of_its_game(game_id):
    """Every kind of move the game declares is worded by its table, in English and French,
    and the hint says those words, asked with the game or without it."""
    table = table_class(game_id)
    assert words_of(table) is table
    spec = registry.get(game_id)
    names = [f"P{i}" for i in range(spec.max_players)]
    moves: dict[str, Action] = {}
    for seed in range(1, 4):
        moves |= some_moves(game_id, spec.min_players, seed)
    assert set(moves) == spec.state_class.move_kinds()
    try:
        for language in ("en", "fr"):
            i18n.set_language(language)
            for kind, action in moves.items():
                words = table.action_words(action, names)
                assert words is not None, f"{game_id}: no words for {kind}"
                text = i18n.tr(words)
                assert text and "{" not in text and "_" not in text and text != kind, text
                assert i18n.tr(hints.action_words(action, names, table.STOCK_WORD,
                                                  game=game_id)) == text
    finally:
        i18n.set_language("en")


def test_a_move_no_table_words_is_said_plainly_and_logged(caplog):
    odd = Action("play", card="AS")
    assert str(hints.action_words(odd, ["A", "B"], game=GameTable)) == \
        "make the move the computer suggests"
    assert "no table words the move" in caplog.text
    assert str(hints.hint_text(odd, None, ["A", "B"], game=GameTable)) == \
        "Hint: make the move the computer suggests."


@pytest.mark.parametrize("game_id", GAMES)
def test_why_a_deal_ended_is_worded_by_its_table(game_id):
    """Every reason a deal of the game ends for is among its table's REASONS."""
    spec = registry.get(game_id)
    reasons = set()
    for seed in range(6):
        state = spec.new_match(players=spec.min_players, seed=seed, options=spec.quick_options)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        reasons |= {row["reason"] for row in state.score_sheet if "reason" in row}
    assert reasons <= set(table_class(game_id).REASONS), reasons - set(
        table_class(game_id).REASONS)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_part_of_a_deal_s_breakdown_has_words(game_id, caplog):
    """The summary words every fact and row of the game's deals (the shared words or its
    table's: its reasons, its seats' roles), leaving out nothing for want of words."""
    from cardtable.ui.scenes.summary_words import breakdown

    spec = registry.get(game_id)
    names = [f"P{i}" for i in range(spec.max_players)]
    for players in (spec.min_players, spec.max_players):
        state = spec.new_match(players=players, seed=players, options=spec.quick_options)
        rng = random.Random(players)
        while not state.is_over and len(state.score_sheet) < 3:
            for event in state.apply(rng.choice(state.legal_actions())):
                if event.kind == "deal_scored":
                    facts, rows = breakdown(event.public(), names[:players], game_id)
                    assert facts and rows
    assert "has no words" not in caplog.text, caplog.text


def move_kinds() -> set[str]:
    return set().union(*(registry.get(g).state_class.move_kinds() for g in GAMES))


@pytest.mark.parametrize("name", SHARED)
def test_the_shared_screens_name_no_move(name):
    """No string in the shared screens is a kind of any game's move (a docstring or a
    comment may still say 'play' in English)."""
    tree = ast.parse((UI / name).read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr)}
    strings = {node.value for node in ast.walk(tree)
               if isinstance(node, ast.Constant) and isinstance(node.value, str)
               and id(node) not in docs}
    assert not strings & move_kinds(), f"{name} names moves: {strings & move_kinds()}"


#: the keys of a deal's breakdown (and of its score-sheet row) the shared screens word or
#: read themselves, and why: every other key is one game's or one family's, worded by its
#: table (ROW_LABELS, FACTS, SEAT_LABELS, HIDDEN_KEYS...)
SHARED_KEYS = {
    "kind": "the event's kind",
    "deal": "the deal's number, every game's",
    DealResult.KEY: "the deal's typed result (change, totals, measure)",
    "scores": "every match's scores at its end",
    "dealer": "the seat that dealt",
    "winner": "the seat that won the deal",
    "winners": "the seats that won",
    "reason": "why the deal ended (worded by the table's REASONS)",
    "game_points": "the score in the registry's unit 'game_points', read by the headline",
}


def breakdown_keys() -> set[str]:
    """Every key of the built-in games' deals' breakdowns and score-sheet rows."""
    keys: set[str] = set()
    for game_id in GAMES:
        spec = registry.get(game_id)
        for players in (spec.min_players, spec.max_players):
            state = spec.new_match(players=players, seed=players, options=spec.quick_options)
            rng = random.Random(players)
            while not state.is_over:
                for event in state.apply(rng.choice(state.legal_actions())):
                    if event.kind in ("deal_scored", "match_over"):
                        keys |= set(event.public())
            keys |= {k for row in state.score_sheet for k in row}
    return keys


@pytest.mark.parametrize("name", ["scenes/summary.py", "scenes/summary_words.py",
                                  "scenes/matchend.py"])
def test_the_summary_and_the_match_end_name_no_key_of_one_game(name):
    """The summary and the match's end name no key of a game's deals but the shared ones
    (and the words for one deal the registry lists, which some games' rows also use as
    the deal's number): a game's rows, facts and hidden details are its table's."""
    keys = breakdown_keys()
    assert {"tricks", "penalties", "pairs", "wild_ranks", "trump", "leftover"} <= keys
    tree = ast.parse((UI / name).read_text(encoding="utf-8"))
    strings = {node.value for node in ast.walk(tree)
               if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    named = strings & keys - set(SHARED_KEYS) - set(registry.DEAL_WORDS)
    assert not named, f"{name} names keys of a game's deals: {sorted(named)}"
