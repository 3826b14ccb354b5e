"""Tests of cardtable.engine.melds: single melds, reasons, and exact best arrangements.

The reference at the bottom of the imports section is deliberately naive: a meld is
checked by trying every natural/wild role of the wild-rank cards and, for runs, every
window of positions; a hand is solved by trying every collection of disjoint valid
melds (a memoised search over bit masks of the hand). It is slow and only used on
hands of up to 10 cards.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine.melds import (
    REASONS,
    Arrangement,
    GoOut,
    MeldRules,
    best_arrangement,
    can_meld_all,
    check_meld,
    check_meld_code,
    check_partition,
    go_out_options,
    meld_kind,
    quebec65_rules,
    rummy65_rules,
    wild_assignment,
)

RANKS = "A23456789TJQK"
SUITS = "SHDC"
NUM = {r: i + 1 for i, r in enumerate(RANKS)}
DECK54 = [r + s for s in SUITS for r in RANKS] + ["JK", "JK"]


# --------------------------------------------------------------------------- reference


def ref_valid(cards: list[str], rules: MeldRules) -> bool:
    """Naive meld check: every role of the wild-rank cards, every run window."""
    n = len(cards)
    if n < 3:
        return False
    fixed = [c for c in cards if c != "JK" and c[0] not in rules.wild_ranks]
    flexible = [c for c in cards if c != "JK" and c[0] in rules.wild_ranks]
    for roles in product((True, False), repeat=len(flexible)):
        naturals = fixed + [c for c, nat in zip(flexible, roles, strict=True) if nat]
        wilds = n - len(naturals)
        if rules.wilds_at_most_naturals and wilds > len(naturals):
            continue
        if rules.need_natural and not naturals:
            continue
        if len({c[0] for c in naturals}) <= 1:
            return True  # a set (of the naturals' rank, or of wilds only)
        if len({c[1] for c in naturals}) != 1:
            continue
        for start in range(1, 16 - n):
            window = set(range(start, start + n))
            if 1 in window and 14 in window:
                continue
            used: set[int] = set()
            for c in naturals:
                spots = [q for q in ((1, 14) if c[0] == "A" else (NUM[c[0]],))
                         if q in window and q not in used]
                if not spots:
                    break
                used.add(spots[0])
            else:
                return True
    return False


def ref_best(hand: list[str], rules: MeldRules, values: dict[str, int] | None = None) -> int:
    """Naive maximum of the values covered by disjoint valid melds of ``hand``."""
    values = rules.values if values is None else values
    n = len(hand)
    val = [values[c] for c in hand]
    by_low: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    seen: dict[tuple[str, ...], bool] = {}
    for mask in range(1, 1 << n):
        members = [i for i in range(n) if mask >> i & 1]
        if len(members) < 3:
            continue
        key = tuple(sorted(hand[i] for i in members))
        ok = seen.get(key)
        if ok is None:
            ok = seen[key] = ref_valid(list(key), rules)
        if ok:
            by_low[members[0]].append((mask, sum(val[i] for i in members)))
    memo: dict[int, int] = {0: 0}

    def best(mask: int) -> int:
        got = memo.get(mask)
        if got is not None:
            return got
        i = (mask & -mask).bit_length() - 1
        result = best(mask & ~(1 << i))
        for meld, v in by_low[i]:
            if meld & mask == meld:
                result = max(result, v + best(mask & ~meld))
        memo[mask] = result
        return result

    return best((1 << n) - 1)


def ref_penalty(hand: list[str], rules: MeldRules) -> int:
    return sum(rules.values[c] for c in hand) - ref_best(hand, rules)


def ref_meldable(hand: list[str], rules: MeldRules) -> bool:
    return ref_best(hand, rules, {c: 1 for c in set(hand)}) == len(hand)


# --------------------------------------------------------------------------- helpers


def rules_with(wild: str, ratio: bool, need: bool, values: dict[str, int] | None = None):
    if values is None:
        values = {c: 10 for c in DECK54}
    return MeldRules(frozenset(wild), ratio, need, values)


R5 = rummy65_rules(3)  # fives wild, wilds <= naturals
R4 = rummy65_rules(2)  # fours wild
RA = rummy65_rules(12)  # aces wild
Q4 = quebec65_rules(2)  # twos and fours wild, one natural needed
Q4_ALL = quebec65_rules(2, all_wild_melds=True)


def ok(cards: str, rules: MeldRules) -> bool:
    return check_meld(cards.split(), rules) is None


def code(cards: str, rules: MeldRules) -> str | None:
    got = check_meld_code(cards.split(), rules)
    return None if got is None else got[0]


def assert_valid_arrangement(hand: list[str], rules: MeldRules, arr: Arrangement) -> None:
    used = [c for m in arr.melds for c in m] + list(arr.leftover)
    assert Counter(used) == Counter(hand)
    for m in arr.melds:
        assert check_meld(m, rules) is None, m
        assert ref_valid(m, rules), m
    assert arr.penalty == sum(rules.values[c] for c in arr.leftover)


# --------------------------------------------------------------------------- rules objects


def test_rule_builders() -> None:
    assert R5.wild_ranks == frozenset("5") and R5.wilds_at_most_naturals and R5.need_natural
    assert R5.values["5H"] == 50 and R5.values["JK"] == 50 and R5.values["AS"] == 20
    assert R5.values["KD"] == 10 and R5.values["TD"] == 10 and R5.values["7C"] == 7
    assert RA.values["AS"] == 50 and RA.wild_ranks == frozenset("A")
    assert Q4.wild_ranks == frozenset("24") and not Q4.wilds_at_most_naturals
    assert Q4.need_natural and not Q4_ALL.need_natural
    assert Q4.values["2C"] == 20 and Q4.values["4C"] == 20 and Q4.values["JK"] == 20
    assert Q4.values["AC"] == 15 and Q4.values["TC"] == 10 and Q4.values["9C"] == 5
    assert quebec65_rules(11).wild_ranks == frozenset("2K")
    with pytest.raises(ValueError):
        rummy65_rules(13)
    with pytest.raises(ValueError):
        MeldRules(frozenset("X"), True, True, {})


def test_rules_are_hashable_and_frozen() -> None:
    values = dict(R5.values)
    a = MeldRules(frozenset("5"), True, True, values)
    values["JK"] = 1  # the rules keep their own copy
    assert a.values["JK"] == 50
    assert a == R5 and hash(a) == hash(R5)
    with pytest.raises(AttributeError):
        a.need_natural = False  # type: ignore[misc]


# --------------------------------------------------------------------------- check_meld


def test_too_few_cards() -> None:
    assert check_meld(["5H", "5S"], Q4) == "a meld needs at least 3 cards"
    assert code("", Q4) == "too_few_cards"


def test_not_a_card() -> None:
    assert code("5H 5S XX", Q4) == "not_a_card"
    assert "XX" in check_meld(["5H", "5S", "XX"], Q4)


def test_sets() -> None:
    assert ok("7H 7S 7D", R5)
    assert ok("7H 7H 7D 7C 7S", R5)  # two decks: suits repeat
    assert code("7H 7S 8D", R5) == "no_shared_rank_or_suit"
    assert check_meld("7H 7S 8D".split(), R5) == REASONS["no_shared_rank_or_suit"]


def test_wild_ratio_rummy() -> None:
    assert ok("7H 7S JK JK", R5)  # 2 naturals + 2 wilds: at the limit
    assert ok("7H 7S 5D 5C", R5)  # wild-rank cards as wilds
    assert ok("7H 7S 7D JK 5C JK", R5)
    assert check_meld("7H JK JK".split(), R5) == "too many wild cards: 2 wild for 1 natural"
    assert code("7H 5S JK", R5) == "too_many_wilds"
    assert code("7H 7S 7D JK JK JK JK", R5) == "too_many_wilds"
    assert ok("7H 8H JK JK", R5)  # run at the limit
    assert check_meld("7H JK JK".split(), R5).endswith("2 wild for 1 natural")
    assert check_meld("7H 9H JK JK JK".split(), R5) == "too many wild cards: 3 wild for 2 natural"


def test_quebec_many_wilds() -> None:
    assert ok("4H JK JK", Q4)  # the source's example (4 wild, as itself)
    assert ok("7H JK JK", Q4)
    assert ok("7H JK JK JK JK 2C 4D", Q4)
    assert ok("7H JK 2C", Q4)
    assert ok("7H 9H JK JK JK JK", Q4)  # run 7..Q or 5..T


def test_all_wild_melds() -> None:
    assert check_meld("JK JK JK".split(), Q4) == "a meld needs at least one natural card"
    assert code("JK JK JK JK", Q4) == "no_natural"
    assert ok("JK JK JK", Q4_ALL)
    assert ok("JK 2C JK 4D", Q4_ALL)
    assert ok("2C JK JK", Q4)  # the 2 stands as itself: a set of twos
    assert ok("2C 4D JK", Q4)
    assert meld_kind(["JK", "JK", "JK"], Q4_ALL) == "set"
    assert wild_assignment(["JK", "JK", "JK"], Q4_ALL) == ["A*", "A*", "A*"]
    # rummy65: three wilds are never enough naturals
    assert code("JK JK JK", R5) == "no_natural"
    no_need_ratio = MeldRules(frozenset("5"), True, False, R5.values)
    why = check_meld("JK JK JK".split(), no_need_ratio)
    assert why == "too many wild cards: 3 wild for 0 natural"


def test_wild_rank_as_itself() -> None:
    assert ok("3H 4H 5H", R4)  # fours wild: 4H natural, no wild at all
    assert wild_assignment(["3H", "4H", "5H"], R4) == [None, None, None]
    assert ok("4S 4H 4D", R4)  # a natural set of the wild rank
    assert wild_assignment(["4S", "4H", "4D"], R4) == [None, None, None]
    assert ok("4S 4H JK JK", R4)  # two natural fours carry two jokers
    assert ok("3H 4H 5H JK JK JK", R4)  # 3 naturals, 3 wilds
    assert ok("3H 4S 5H", R4)  # 4S cannot be natural here: wild for 4H
    assert wild_assignment(["3H", "4S", "5H"], R4) == [None, "4H", None]
    assert code("3H 4S JK", R4) == "too_many_wilds"
    assert ok("4S 4H 3H", R4)  # 4H natural next to 3H, 4S wild for 2H or 5H
    assert meld_kind(["4S", "4H", "3H"], R4) == "run"


def test_runs_and_aces() -> None:
    assert ok("AH 2H 3H", R5)
    assert ok("QH KH AH", R5)
    assert ok("AH KH QH", R5)  # order does not matter
    assert check_meld("KH AH 2H".split(), R5) == "a run cannot wrap from king to ace to two"
    assert code("QH KH AH 2H", R5) == "wraps"
    assert code("KH AH 2H 3H", Q4) == "wraps"
    assert code("QH JK AH 2H", R5) == "wraps"
    assert ok("QH JK AH 2H", Q4)  # twos are wild in quebec65: J-Q-K-A
    assert check_meld("3H 4H 6S".split(), R5) == "a run needs one suit"
    assert check_meld("6H 7H 7H".split(), R5) == "a rank appears twice in the run"
    assert check_meld("6H 7H 9H".split(), R5) == "the ranks do not form a sequence"
    assert ok("6H 7H 9H JK", R5)  # the joker fills the gap
    assert wild_assignment(["6H", "7H", "9H", "JK"], R5) == [None, None, None, "8H"]
    assert code("AH 3H AH", Q4) == "duplicate_rank"
    assert ok("AH 2H AH", Q4)  # the wild 2H makes a set of aces
    assert code("AH 2H 3H QH KH AH", Q4) == "duplicate_rank"  # ace low and high at once


def test_full_length_runs() -> None:
    low = [r + "S" for r in "A23456789TJQK"]
    high = [r + "S" for r in "23456789TJQKA"]
    assert check_meld(low, R5) is None  # 5S natural, no wilds
    assert check_meld(high, Q4) is None  # 2S and 4S natural
    assert meld_kind(low, Q4) == "run"
    assert code(" ".join(low + ["JK"]), Q4) == "run_too_long"
    twelve = [r + "S" for r in "23456789TJQK"] + ["JK"]
    assert check_meld(twelve, Q4) is None
    assert wild_assignment(twelve, Q4)[-1] == "AS"  # extends upward first
    low_gap = ["AS", "2S", "JK"] + [r + "S" for r in "456789TJQK"]
    assert check_meld(low_gap, R5) is None
    assert wild_assignment(low_gap, R5)[2] == "3S"


def test_jokers_extend_and_fill() -> None:
    assert wild_assignment(["7H", "8H", "JK"], Q4) == [None, None, "9H"]
    assert wild_assignment(["QH", "KH", "JK"], Q4) == [None, None, "AH"]
    assert wild_assignment(["KH", "JK", "AH"], Q4) == [None, "QH", None]
    assert wild_assignment(["AH", "JK", "JK"], Q4) == [None, "A*", "A*"]  # read as a set
    assert wild_assignment(["7H", "7S", "JK"], R5) == [None, None, "7*"]
    # a run with a joker inside and at the end
    assert wild_assignment(["9C", "JK", "JC", "JK"], Q4) == [None, "TC", None, "QC"]
    assert ok("JK 8D JK", Q4)
    assert wild_assignment(["KH", "AH", "2H"], Q4) == [None, None, "QH"]  # 2H is wild
    with pytest.raises(ValueError):
        wild_assignment(["KH", "AH", "2H"], R5)


def test_meld_kind() -> None:
    assert meld_kind(["7H", "8H", "9H"], R5) == "run"
    assert meld_kind(["7H", "7S", "7D"], R5) == "set"
    assert meld_kind(["7H", "JK", "JK"], Q4) == "set"  # both readings: a set
    assert meld_kind(["7H", "8S", "9H"], R5) is None


def test_two_decks() -> None:
    assert ok("9D 9D 9S", R5)
    assert not ok("9D 9D TD", R5)
    assert code("9D 9D TD", R5) == "duplicate_rank"


def test_check_partition() -> None:
    good = [["7H", "7S", "7D"], ["AH", "2H", "3H"]]
    assert check_partition(good, R5) is None
    assert check_partition([], R5) is None
    bad = good + [["KH", "AH", "2H"]]
    why = check_partition(bad, R5)
    assert why == "meld 3 (KH AH 2H): a run cannot wrap from king to ace to two"


# --------------------------------------------------------------------------- arrangements


def test_best_arrangement_examples() -> None:
    hand = "7H 7S 7D AH 2H 3H KC".split()
    arr = best_arrangement(hand, R5)
    assert arr.penalty == 10 and arr.leftover == ["KC"]
    assert_valid_arrangement(hand, R5, arr)
    # a fourth five is better as a wild elsewhere than in the set of fives
    hand = "5S 5H 5D 5C 8H 9H".split()
    arr = best_arrangement(hand, R5)
    assert arr.penalty == 0
    assert_valid_arrangement(hand, R5, arr)
    # nothing to meld
    hand = "2C 7H KD".split()
    assert best_arrangement(hand, R5) == Arrangement([], ["2C", "7H", "KD"], 19)
    assert best_arrangement([], R5) == Arrangement([], [], 0)
    # quebec: one natural and two wilds is a meld; jokers only is not
    arr = best_arrangement("9C JK 2H".split(), Q4)
    assert arr.penalty == 0
    arr = best_arrangement("JK JK JK".split(), Q4)
    assert arr.penalty == 60
    assert best_arrangement("JK JK JK".split(), Q4_ALL).penalty == 0


def test_best_arrangement_prefers_expensive_wilds() -> None:
    values = {c: 1 for c in DECK54}
    values["JK"] = 30
    rules = MeldRules(frozenset("5"), True, True, values)
    values_seen = dict(rules.values)
    # two naturals carry two wilds: the joker and one five, the other five stays out
    arr = best_arrangement("7H 8H 5D JK 5S".split(), rules)
    assert arr.leftover == ["5D"] and arr.penalty == values_seen["5D"]
    values["JK"] = 0
    cheap = MeldRules(frozenset("5"), True, True, values)
    arr = best_arrangement("7H 8H 5D JK 5S".split(), cheap)
    assert arr.leftover == ["JK"] and arr.penalty == 0


def test_deterministic_over_order() -> None:
    hand = "7H 7S 7D AH 2H 3H JK 5C 9S 9S TS".split()
    first = best_arrangement(hand, R5)
    rng = random.Random(1)
    for _ in range(20):
        rng.shuffle(hand)
        assert best_arrangement(hand, R5) == first


def test_bad_input() -> None:
    with pytest.raises(ValueError):
        best_arrangement(["7H", "ZZ"], R5)
    with pytest.raises(ValueError):
        best_arrangement(["7H"], MeldRules(frozenset("5"), True, True, {"JK": 1}))


def test_go_out_options_examples() -> None:
    hand = "4H 5H 6H 7H JK".split()
    got = go_out_options(hand, R5, discard=True)
    assert [g.discard for g in got] == ["4H", "5H", "6H", "7H", "JK"]
    for g in got:
        assert check_partition(g.melds, R5) is None
        rest = list(hand)
        rest.remove(g.discard)
        assert Counter(c for m in g.melds for c in m) == Counter(rest)
    assert go_out_options("7H 7S 7D KC".split(), R5, discard=True) == [
        GoOut("KC", [["7S", "7H", "7D"]])
    ]
    assert go_out_options("7H 7S 9D KC".split(), R5, discard=True) == []
    assert go_out_options("7H 7S 7D".split(), Q4, discard=False) == [
        GoOut(None, [["7S", "7H", "7D"]])
    ]
    assert go_out_options("7H 7S 7D KC".split(), Q4, discard=False) == []
    assert can_meld_all([], Q4) == []
    assert can_meld_all("7H 7S".split(), Q4) is None


# --------------------------------------------------------------------------- random checks

RULESETS = [
    ("rummy5", R5),
    ("rummy4", R4),
    ("rummyA", RA),
    ("quebec4", Q4),
    ("quebec4all", Q4_ALL),
    ("quebecK", quebec65_rules(11)),
]


def random_values(rng: random.Random) -> dict[str, int]:
    return {c: rng.randint(0, 30) for c in DECK54}


def odd_rulesets(rng: random.Random) -> list[MeldRules]:
    """Combinations no game uses, and unequal wild values, to exercise the general code."""
    return [
        MeldRules(frozenset("7"), True, False, random_values(rng)),
        MeldRules(frozenset("37"), False, True, random_values(rng)),
        MeldRules(frozenset("K"), False, False, random_values(rng)),
        MeldRules(frozenset(), True, True, random_values(rng)),
    ]


def random_hand(rng: random.Random, rules: MeldRules, size: int) -> list[str]:
    """Cards from two 54-card decks, often crowded into few ranks and suits."""
    deck = DECK54 * 2
    style = rng.random()
    if style < 0.35:
        start = rng.randrange(13)
        ranks = {RANKS[(start + i) % 13] for i in range(rng.randint(3, 6))}
        suits = set(rng.sample(SUITS, rng.randint(1, 3)))
        deck = [c for c in deck if c == "JK" or (c[0] in ranks and c[1] in suits)]
        deck += [c for c in DECK54 * 2 if c != "JK" and c[0] in rules.wild_ranks]
    wilds = [c for c in deck if rules.is_wild(c)]
    plain = [c for c in deck if not rules.is_wild(c)]
    n_wild = min(len(wilds), rng.choice([0, 0, 1, 1, 2, 2, 3, 4, 5, 6]), size)
    hand = rng.sample(wilds, n_wild) + rng.sample(plain, min(size - n_wild, len(plain)))
    rng.shuffle(hand)
    return hand


def test_check_meld_matches_reference() -> None:
    rng = random.Random(2024)
    rulesets = [r for _, r in RULESETS] + odd_rulesets(rng)
    checked = 0
    for _ in range(2500):
        rules = rng.choice(rulesets)
        cards = random_hand(rng, rules, rng.randint(3, 7))
        assert (check_meld(cards, rules) is None) == ref_valid(cards, rules), cards
        checked += 1
    assert checked == 2500


def test_wild_assignment_is_consistent() -> None:
    rng = random.Random(7)
    seen = 0
    for _ in range(3000):
        _, rules = rng.choice(RULESETS)
        cards = random_hand(rng, rules, rng.randint(3, 6))
        if check_meld(cards, rules) is not None:
            continue
        seen += 1
        stand = wild_assignment(cards, rules)
        kind = meld_kind(cards, rules)
        naturals = [c for c, s in zip(cards, stand, strict=True) if s is None]
        assert "JK" not in naturals
        assert all(c == "JK" or rules.is_wild(c) for c, s in zip(cards, stand, strict=True) if s)
        if kind == "set":
            assert len({c[0] for c in naturals}) <= 1
            assert all(s.endswith("*") for s in stand if s)
        else:
            as_cards = [s or c for c, s in zip(cards, stand, strict=True)]
            plain = MeldRules(frozenset(), True, True, rules.values)
            assert check_meld(as_cards, plain) is None, (cards, stand)
        wilds = len(cards) - len(naturals)
        if rules.wilds_at_most_naturals:
            assert wilds <= len(naturals)
    assert seen > 500


def _compare(rng: random.Random, rules: MeldRules, size: int) -> None:
    hand = random_hand(rng, rules, size)
    arr = best_arrangement(hand, rules)
    assert arr.penalty == ref_penalty(hand, rules), (hand, arr)
    assert_valid_arrangement(hand, rules, arr)


@pytest.mark.parametrize("name,rules", RULESETS, ids=[n for n, _ in RULESETS])
def test_best_arrangement_matches_brute_force(name: str, rules: MeldRules) -> None:
    rng = random.Random(sum(map(ord, name)))
    for i in range(600):
        _compare(rng, rules, 4 + i % 6)


def test_best_arrangement_odd_rules_match_brute_force() -> None:
    rng = random.Random(99)
    for i in range(900):
        rules = odd_rulesets(rng)[i % 4]
        _compare(rng, rules, 4 + i % 6)


def test_ten_card_hands_match_brute_force() -> None:
    rng = random.Random(10)
    for i in range(80):
        _, rules = RULESETS[i % len(RULESETS)]
        _compare(rng, rules, 10)


def test_go_out_options_match_brute_force() -> None:
    rng = random.Random(31)
    for i in range(800):
        _, rules = RULESETS[i % len(RULESETS)]
        hand = random_hand(rng, rules, 4 + i % 5)
        discard = rules.wilds_at_most_naturals
        got = go_out_options(hand, rules, discard=discard)
        if discard:
            want = []
            for c in sorted(set(hand)):
                rest = list(hand)
                rest.remove(c)
                if ref_meldable(rest, rules):
                    want.append(c)
            assert sorted(g.discard for g in got) == want, hand
            for g in got:
                rest = list(hand)
                rest.remove(g.discard)
                assert Counter(c for m in g.melds for c in m) == Counter(rest)
                assert check_partition(g.melds, rules) is None
        else:
            assert bool(got) == ref_meldable(hand, rules), hand
            if got:
                assert Counter(c for m in got[0].melds for c in m) == Counter(hand)
                assert check_partition(got[0].melds, rules) is None


# --------------------------------------------------------------------------- properties

card = st.sampled_from(DECK54)


@settings(max_examples=150, deadline=None)
@given(st.lists(card, min_size=0, max_size=14), st.integers(0, len(RULESETS) - 1), st.randoms())
def test_arrangement_is_valid_and_order_free(hand, which, rnd) -> None:
    _, rules = RULESETS[which]
    arr = best_arrangement(hand, rules)
    assert_valid_arrangement(hand, rules, arr)
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    assert best_arrangement(shuffled, rules) == arr
    # every card out is an upper bound; a full meld gives zero
    assert arr.penalty <= sum(rules.values[c] for c in hand)
    full = can_meld_all(hand, rules)
    assert (full is not None) == (not arr.leftover)


@settings(max_examples=300, deadline=None)
@given(st.lists(card, min_size=1, max_size=8), st.integers(0, len(RULESETS) - 1))
def test_check_meld_property(cards, which) -> None:
    _, rules = RULESETS[which]
    valid = check_meld(cards, rules) is None
    assert valid == ref_valid(cards, rules)
    assert (meld_kind(cards, rules) is not None) == valid
    why = check_meld_code(cards, rules)
    if why is not None:
        assert why[0] in REASONS and why[1].startswith(REASONS[why[0]])


def test_bench_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from bench.bench_melds import main

    main(["5", "1"])
    out = capsys.readouterr().out
    assert "best_arrangement rummy65" in out and "p99" in out


def test_the_rules_of_a_hand_are_one_object_however_often_asked():
    # a computer player asks at every decision; the solver's cache keeps each entry's
    # rules, so a new object per question filled it with copies
    assert rummy65_rules(3) is rummy65_rules(3) and rummy65_rules(3) is not rummy65_rules(4)
    assert quebec65_rules(2) is quebec65_rules(2) is not quebec65_rules(2, all_wild_melds=True)


def test_two_cards_no_third_card_completes_are_told_so():
    """7♠ A♥ was labelled "add 1 more card", but no card makes a meld of them; three
    cards of other ranks and suits are said to share neither (not "a run needs one
    suit", which fits 5♥ 6♠ 7♥)."""
    from cardtable.engine.melds import dead_pair

    assert dead_pair(["7S", "AH"], R5).code == "no_shared_rank_or_suit"
    assert dead_pair(["2S", "KS"], R5).code == "wraps"             # no wrap from K to 2
    assert dead_pair(["5H", "6S"], R4).code == "mixed_suits"
    assert dead_pair(["7S", "8S"], R5) is None and dead_pair(["7S", "7H"], R5) is None
    assert dead_pair(["7S", "JK"], R5) is None and dead_pair(["7S"], R5) is None
    # two wild cards: no third card makes a meld (wilds at most the naturals), a fourth
    # does (JK JK 7♠ 7♥): not a dead pair
    assert check_meld_code(["JK", "JK", "7S", "7H"], R5) is None
    assert dead_pair(["JK", "JK"], R5) is None and dead_pair(["5S", "JK"], R5) is None
    assert check_meld_code("7S AH 5D".split(), R5).code == "no_shared_rank_or_suit"
    assert check_meld_code("5H 6S 7H".split(), R5).code == "mixed_suits"
    assert check_meld("3H 4H 6S".split(), R5) == "a run needs one suit"
