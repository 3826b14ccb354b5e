"""The meld staging of the rummy tables (cardtable/ui/tables/rummy_staging.py), in codes
only."""

from __future__ import annotations

import ast

import pytest

from cardtable.engine import registry
from cardtable.engine.core import Action
from cardtable.ui.tables import rummy_staging as staging


@pytest.fixture(scope="module")
def deal():
    """rummy65's first deal: threes are wild, a meld needs a natural card, one card is
    discarded on going out."""
    state = registry.get("rummy65").new_match(players=3, seed=1)
    assert state.wild_ranks(1) == ["3"] and state.DISCARD_WHEN_OUT
    return state.meld_rules(1), state.wild_ranks(1)


def valid(rules):
    return lambda group: staging.check(list(group), rules).valid


def test_a_group_short_of_a_meld_says_how_many_cards_it_lacks(deal):
    rules, _ = deal
    assert staging.check(["5H"], rules).missing == 2
    v = staging.check(["5H", "5S"], rules)
    assert (v.valid, v.missing, v.stands) == (False, 1, (None, None))
    # two cards no third card completes are not "1 card short" (7♠ A♥)
    v = staging.check(["7S", "AH"], rules)
    assert not v.valid and not v.missing and v.reason[0] == "no_shared_rank_or_suit"


def test_sets_runs_and_the_engines_reason_for_no_meld(deal):
    rules, _ = deal
    v = staging.check(["5H", "5S", "5D"], rules)
    assert (v.valid, v.kind, v.rank) == (True, "set", "5")
    v = staging.check(["QS", "KS", "AS"], rules)
    assert (v.valid, v.kind, v.suit) == (True, "run", "S")
    v = staging.check(["4H", "7S", "9D"], rules)       # neither one rank nor near a run
    assert not v.valid and v.reason is not None and v.reason[0] == "no_shared_rank_or_suit"
    v = staging.check(["5H", "6S", "7H"], rules)       # a run but for its suits
    assert not v.valid and v.reason is not None and v.reason[0] == "mixed_suits"


def test_a_wild_card_stands_for_the_gap_and_the_run_is_shown_in_order(deal):
    rules, _ = deal
    codes = ["6H", "JK", "4H"]
    v = staging.check(codes, rules)
    assert v.valid and v.stands == (None, "5H", None)
    assert [codes[i] for i in staging.meld_order(codes, v.stands)] == ["4H", "JK", "6H"]
    codes = ["AS", "QS", "KS"]            # an ace after a king is high
    v = staging.check(codes, rules)
    assert [codes[i] for i in staging.meld_order(codes, v.stands)] == ["QS", "KS", "AS"]


def test_the_sorted_hand_puts_wild_cards_right_and_unknown_cards_last(deal):
    _, wild = deal
    hand = [None, "3C", "JK", "KD", "AS", "2H"]
    assert sorted(hand, key=lambda c: staging.sort_key(c, wild)) == \
        ["AS", "2H", "KD", "JK", "3C", None]
    assert staging.is_wild("3D", wild) and staging.is_wild("JK", wild)
    assert not staging.is_wild("4D", wild) and not staging.is_wild(None, wild)


def test_arrange_for_me_goes_out_discarding_the_dearest_natural_card(deal):
    rules, wild = deal
    hand = ["4H", "5H", "6H", "7C", "7D", "7S", "KD"]
    melds = staging.arrangement(hand, rules, wild, going_out=True, discard_when_out=True)
    assert sorted(map(sorted, melds)) == [["4H", "5H", "6H"], ["7C", "7D", "7S"]]
    # not allowed to go out now: the arrangement leaving the least in hand, all melds
    melds = staging.arrangement(hand + ["9C", "2S"], rules, wild, going_out=False,
                                discard_when_out=True)
    assert all(staging.check(list(m), rules).valid for m in melds)
    assert sum(len(m) for m in melds) == 6


def test_going_out_needs_every_group_a_meld_and_the_right_cards_left(deal):
    rules, _ = deal
    groups = [["4H", "5H", "6H"], ["7C", "7D", "7S"]]
    out = staging.go_out_action(groups, ["KD"], True, valid(rules))
    assert out == Action("go_out", melds=(("4H", "5H", "6H"), ("7C", "7D", "7S")),
                         discard="KD")
    assert staging.go_out_action(groups, ["KD", "2C"], True, valid(rules)) is None
    assert staging.go_out_action(groups, [], False, valid(rules)).discard is None
    assert staging.go_out_action(groups, ["KD"], False, valid(rules)) is None
    assert staging.go_out_action(groups + [["9C", "9D"]], ["KD"], True, valid(rules)) is None
    assert staging.go_out_action([], ["KD"], True, valid(rules)) is None


def test_laying_on_a_last_turn_keeps_a_card_in_hand(deal):
    rules, _ = deal
    groups = [["4H", "5H", "6H"], ["9C", "9D"]]
    assert staging.lay_action(groups, 1, valid(rules)) == \
        Action("lay", melds=(("4H", "5H", "6H"),))
    # everything staged is a meld and nothing else is held: that would be going out
    assert staging.lay_action([["4H", "5H", "6H"]], 0, valid(rules)) is None
    assert staging.lay_action([["9C", "9D"]], 3, valid(rules)) is None


def test_groups_get_names_never_used_before_in_the_deal():
    groups = staging.Groups()
    a, b, c = groups.new(), groups.new(), groups.new()
    assert groups.names() == [a, b, c] == ["stage0", "stage1", "stage2"]
    assert groups.prune(lambda z: z == b) == [b]
    assert groups.names() == [a, c]
    groups.clear()
    assert groups.names() == [] and groups.new() == "stage3"


@pytest.mark.parametrize("source, where, outcome", [
    ("stock", {"in_hand_band": True}, "draw"),
    ("pile", {"in_stage_band": True}, "draw"),
    ("pile", {}, "back"),
    ("hand0", {"on_pile": True}, "discard"),
    ("hand0", {"on_stock": True}, "not_stock"),
    ("hand0", {"item": "laid", "in_stage_band": True}, "not_laid"),
    ("hand0", {"item": "stage", "in_stage_band": True}, "join"),
    ("stage2", {"in_hand_band": True}, "to_hand"),
    ("hand0", {"in_hand_band": True}, "reorder"),
    ("hand0", {"item": "new"}, "new_group"),
    ("stage2", {"in_stage_band": True}, "new_group"),
    ("stage2", {"in_stage_band": True, "alone": True}, "stay"),
    ("hand0", {}, "back"),
])
def test_what_a_drop_does(source, where, outcome):
    place = {"on_pile": False, "on_stock": False, "item": None, "in_hand_band": False,
             "in_stage_band": False, "alone": False} | where
    assert staging.drop_outcome(source, **place) == outcome


def test_staging_imports_no_pygame():
    """The staging works in codes: it imports the engine's meld rules and the standard
    library, never pygame nor another part of the screens."""
    tree = ast.parse(open(staging.__file__, encoding="utf-8").read())
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
             for alias in node.names}
    names |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert names and not {n for n in names if n.split(".")[0] == "pygame"}
    assert {n for n in names if n.startswith("cardtable")} <= {"cardtable.engine",
                                                               "cardtable.engine.core"}
