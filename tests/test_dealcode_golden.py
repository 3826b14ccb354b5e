"""Deal codes that name the same deal for ever (cardtable.records).

Every code below was written down once, with the cards it dealt then: the dealer's seat, the
first hand of seat 0 as dealt, the card turned up (Sixty-Six's trump card, the rummies' first
discard; None in the other games) and a digest of every hand. Never edit a row: a row that
fails means a change broke codes people have shared or the daily deal. Add rows only.

The version 1 rows and the daily deals were made by the program before games had code
numbers (when a code named its game by its menu position and its options by the spec's
order); they must still deal exactly what they dealt.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import random
import subprocess
import sys

import pytest

from cardtable import records
from cardtable.engine import registry

# (code, game, players, options, seed, code's dealer, deal; dealer seat, seat 0's hand,
#  card turned up, digest of the hands)
GOLDEN_V2 = [
    ("3FCQ-DN55", "japanese65", 4, {"target": 5}, 1357911, None, 1,
     1, ["QD", "JC", "AC", "6H", "9D", "8C", "5H", "3S", "7C", "TS", "AH", "TD"], None,
     "73662a570e73250d"),
    ("3GZJ-6CKW-6NE", "japanese65", 4, {"target": 1}, 20260101, 0, 1,
     0, ["8C", "7D", "AH", "9S", "6C", "8D", "9D", "3D", "TH", "3S", "8S", "QS"], None,
     "0f7f1362b0b17c0c"),
    ("3GYS-C7RN-BE5", "japanese65", 4, {"target": 20}, 2147483646, 3, 1,
     3, ["KD", "3C", "QC", "TH", "4C", "9C", "JS", "6S", "9D", "5H", "8S", "KC"], None,
     "174e51763f3acf55"),
    ("2336-6R", "sixtysix", 2, {"strict_later_play": False, "target": 10}, 66, None, 1,
     0, ["AS", "JD", "JC", "9S", "TS", "KC"], "AC", "46e7d5542323b43b"),
    ("3WAA-CG8D-GWZ", "sixtysix", 2, {"strict_later_play": True, "target": 21}, 1999999999,
     0, 1,
     0, ["KD", "9C", "KH", "AS", "TS", "JS"], "TD", "970494c84137f8ef"),
    ("NRN8-5F88-6X", "sixtysix", 2, {"strict_later_play": False, "target": 1}, 4242, 1, 1,
     1, ["QH", "QS", "AH", "AC", "TS", "9H"], "QC", "87b49e42300bf0b6"),
    ("9M3N-BM", "rummy65", 3, {}, 65, None, 1,
     1, ["JS", "4S", "9C"], "3H", "a094f389ca287013"),
    ("93P9-YRCB-QM4", "rummy65", 5, {}, 1234567890, 2, 12,
     2, ["JD", "AS", "2C", "JK", "5D", "4C", "TS", "8D", "8C", "JH", "8S", "3D", "9C", "QH"],
     "4D", "2719e4b39543e9b4"),
    ("59SC-8K7", "rummy65", 8, {}, 808, None, 6,
     5, ["2C", "2C", "7H", "4C", "TD", "KD", "6H", "4D"], "4H", "8450b23d2d0ad8ce"),
    ("232P-7K", "pairs65", 2, {"games_to_win": 1}, 13, None, 1,
     1, ["4D", "QH", "7H", "8D", "QC", "8H", "6S", "2S", "9H"], None, "1d46e7db89da827d"),
    ("49YB-9DS2-JZQ", "pairs65", 3, {"games_to_win": 9}, 999999, 1, 1,
     1, ["5D", "9S", "4D", "8D", "TS", "7S", "2H", "7D", "QC"], None, "ac2a34ec227834f3"),
    ("ACH6-KZKN-ZW", "pairs65", 4, {"games_to_win": 2}, 31415926, 0, 1,
     0, ["QS", "3S", "TC", "5H", "2D", "5S", "4S", "4C", "6D"], None, "97704b8533d54968"),
    ("299Z-6C", "quebec65", 2, {"all_wild_melds": False}, 2, None, 1,
     0, ["QS", "8S", "AS"], "9C", "b5ecfe4e63cf5c64"),
    ("GRZS-T53S-E2B", "quebec65", 5, {"all_wild_melds": True}, 271828182, 4, 11,
     4, ["9H", "5S", "TC", "7H", "TD", "KH", "JD", "QH", "QC", "AH", "JD", "2S", "6H"], "7C",
     "f7074c5dbe0b7355"),
    ("8S2N-9J73-JQJ", "quebec65", 8, {"all_wild_melds": False}, 1111111111, 7, 3,
     7, ["8H", "7C", "4C", "JK", "6S"], "3C", "7315b0d5bb27cff3"),
]

# codes of version 1, made before games had code numbers: (code, game, players, options,
# seed, deal; dealer seat, seat 0's hand, card turned up, digest of the hands)
GOLDEN_V1 = [
    ("222A-WJ", "japanese65", 4, {"target": 5}, 0, 1,
     3, ["7C", "AC", "3C", "6H", "3S", "4S", "5S", "JC", "8S", "6C", "8D", "6D"], None,
     "4ebc6e8ca030f80c"),
    ("EMEN-9HWD-RK", "japanese65", 4, {"target": 12}, 987654321, 1,
     2, ["7D", "JS", "5S", "8D", "9S", "JC", "6D", "TD", "AH", "6H", "3C", "AD"], None,
     "7290a9b1bda36c9e"),
    ("24CG-DA", "sixtysix", 2, {"strict_later_play": False, "target": 10}, 7, 1,
     1, ["TD", "TC", "9S", "TH", "JH", "QH"], "AC", "afc0fe70b10735dc"),
    ("3ZPP-ACFQ-JW", "sixtysix", 2, {"strict_later_play": True, "target": 7}, 123456789, 1,
     1, ["TD", "JH", "KS", "QC", "JS", "AS"], "TH", "c8705d1954947a69"),
    ("3SPP-FC", "rummy65", 3, {}, 31, 1,
     0, ["KD", "6D", "5D"], "6D", "ffa89bf75878e767"),
    ("862Y-WCBY-XN5", "rummy65", 6, {}, 2147483647, 7,
     4, ["AC", "7C", "JK", "2C", "4H", "JC", "5C", "AS", "5H"], "QS", "27073e527e8f454b"),
    ("2GWG-JM", "pairs65", 2, {"games_to_win": 1}, 42, 1,
     0, ["AH", "AS", "3C", "3S", "8H", "3H", "9S", "TC", "QD"], None, "cc550ba5400ad85e"),
    ("A42J-75SM", "pairs65", 4, {"games_to_win": 3}, 555555, 1,
     3, ["6S", "7H", "QC", "5H", "JD", "9H", "JC", "8H", "QH"], None, "b63a7ea2d44e8e48"),
    ("25MG-CA", "quebec65", 2, {"all_wild_melds": False}, 1, 1,
     0, ["4H", "3C", "7S"], "7H", "47bc5f3c57d6db83"),
    ("AQWM-EBY", "quebec65", 8, {"all_wild_melds": True}, 2024, 4,
     5, ["5H", "3C", "8S", "4H", "2S", "6H"], "JH", "4ecab14e38e84bff"),
]

# the daily deals of two dates, as the program dealt them before games had code numbers:
# (date, game, its code then (version 1), its code now, seed; dealer seat, seat 0's hand,
#  card turned up, digest of the hands)
GOLDEN_DAILY = [
    ("2026-11-24", "japanese65", "84S5-XEY7-KF", "KNPP-3AG9-H", 476521782,
     3, ["QH", "9S", "TD", "4D", "5D", "6D", "4S", "JD", "AS", "6S", "JS", "KD"], None,
     "4fc0f35058d61814"),
    ("2026-11-24", "sixtysix", "P2NZ-S592-QG", "YMX8-M535-2", 1242165248,
     1, ["TS", "9H", "JD", "KD", "TD", "AH"], "QD", "7e9852e2977abf27"),
    ("2026-11-24", "rummy65", "3STH-NP56-ZZF", "5MP4-CD8B-ZN8", 637445428,
     1, ["7S", "8S", "7C"], "JS", "7509196496faf581"),
    ("2026-11-24", "pairs65", "QGXN-P45W-52", "6RMS-PJJZ-HA", 1245664613,
     0, ["AC", "6D", "4S", "2H", "9S", "QC", "TH", "2S", "7C"], None, "395847cc1a2477a3"),
    ("2026-11-24", "quebec65", "DY7J-9KCY-CYD", "DY7J-9KCY-CZR", 1952349176,
     0, ["QH", "4H", "4H"], "4S", "27e7dbc98f72ea43"),
    ("2031-02-28", "japanese65", "SXRR-T74Q-2C", "4DCZ-D5DT-GS", 1869956053,
     3, ["6H", "7S", "TH", "8C", "TC", "4S", "5D", "8D", "KC", "AH", "6D", "JD"], None,
     "553f9fc0767ef7a7"),
    ("2031-02-28", "sixtysix", "9SN5-3Z94-5J", "CS26-8W5Y-9", 484850771,
     0, ["AC", "AS", "TS", "TH", "JD", "TC"], "QC", "6938f92157dcde37"),
    ("2031-02-28", "rummy65", "6MBC-X6SQ-8TG", "B9MQ-SBMF-FD3", 1620243855,
     2, ["KH", "6S", "8S"], "2D", "63953b4e13345e5e"),
    ("2031-02-28", "pairs65", "36JN-CXXK-DDQ", "9FCQ-R4NZ-PP", 1943941602,
     1, ["5S", "JC", "JD", "2D", "JS", "2S", "8C", "TH", "3C"], None, "a925da826686c931"),
    ("2031-02-28", "quebec65", "EBT8-SQPY-8BB", "EBT8-SQPY-8CP", 2018015225,
     1, ["KD", "KC", "JC"], "JK", "5dbe02498f382b4b"),
]

#: the numbers the games had as menu positions in version 1, which they keep
FIRST_NUMBERS = {"japanese65": 0, "sixtysix": 1, "rummy65": 2, "pairs65": 3, "quebec65": 4}


def dealt(state) -> tuple:
    """What a deal's start shows: the dealer, seat 0's hand, the card turned up, a digest
    of every hand."""
    up = getattr(state, "trump_card", None)
    if up is None and getattr(state, "discard_pile", None):
        up = state.discard_pile[-1]
    hands = [list(state.hand(s)) for s in range(state.n_players)]
    digest = hashlib.sha256(json.dumps(hands).encode()).hexdigest()[:16]
    return state.dealer, list(state.hand(0)), up, digest


def number(text: str) -> int:
    """A code's number (without its check symbol)."""
    value = 0
    for ch in records.normal_code(text)[:-1]:
        value = value * records.BASE + records.ALPHABET.index(ch)
    return value


def every_golden_text() -> list[str]:
    return ([row[0] for row in GOLDEN_V2] + [row[0] for row in GOLDEN_V1]
            + [row[2] for row in GOLDEN_DAILY] + [row[3] for row in GOLDEN_DAILY])


def test_the_golden_rows_cover_every_game_and_several_options_and_players():
    assert len(GOLDEN_V2) >= 12
    assert {row[1] for row in GOLDEN_V2} == set(registry.ids())
    for game in registry.ids():
        rows = [row for row in GOLDEN_V2 if row[1] == game]
        spec = registry.get(game)
        assert len({json.dumps(row[3], sort_keys=True) for row in rows}) > 1 or not spec.options
        assert len({row[2] for row in rows}) > 1 or spec.min_players == spec.max_players


@pytest.mark.parametrize("row", GOLDEN_V2, ids=[row[0] for row in GOLDEN_V2])
def test_a_golden_code_deals_its_cards(row):
    text, game, players, options, seed, dealer, deal, *cards = row
    code = records.decode(text)
    assert code == records.DealCode(game, players, tuple(sorted(options.items())), seed,
                                    dealer, deal)
    assert records.encode(code) == text
    assert number(text) % records.VERSIONS == records.CODE_VERSION == 2
    assert dealt(code.new_state()) == (cards[0], cards[1], cards[2], cards[3])


@pytest.mark.parametrize("row", GOLDEN_V1, ids=[row[0] for row in GOLDEN_V1])
def test_a_code_of_version_1_still_deals_what_it_named(row):
    text, game, players, options, seed, deal, *cards = row
    assert number(text) % records.VERSIONS == 1
    code = records.decode(text)
    assert (code.game, code.players, dict(code.options), code.seed, code.deal) == (
        game, players, options, seed, deal)
    assert dealt(code.new_state()) == tuple(cards)
    # written again it is a code of the current version, of the same deal
    again = records.encode(code)
    assert again != text and records.decode(again) == code


@pytest.mark.parametrize("row", GOLDEN_DAILY, ids=[f"{r[0]}-{r[1]}" for r in GOLDEN_DAILY])
def test_the_daily_deal_of_a_date_is_the_one_it_was(row):
    date, game, old_text, text, seed, *cards = row
    daily = records.daily_code(game, date)
    assert daily.seed == seed and daily.players == registry.get(game).min_players
    assert records.decode(old_text) == daily == records.decode(text)
    assert records.encode(daily) == text
    assert dealt(daily.new_state()) == tuple(cards)


def test_every_game_has_a_code_number_of_its_own():
    numbers = [spec.code for spec in registry.specs()]
    assert len(set(numbers)) == len(numbers)
    assert all(isinstance(n, int) and 0 <= n < records.GAMES for n in numbers)
    # the first games keep the numbers version 1 gave them by menu position
    assert {game: registry.get(game).code for game in FIRST_NUMBERS} == FIRST_NUMBERS


def test_every_game_has_a_code_layout_that_holds_all_its_options():
    """A layout row is frozen: a game whose players, deals or option values change no
    longer fits its row, which this test says (a new code version is then needed)."""
    for spec in registry.specs():
        layout = spec.code_layout
        assert isinstance(layout, registry.CodeLayout), spec.id
        assert layout.players == (spec.min_players, spec.max_players), spec.id
        assert layout.deals == records._deals(spec), spec.id
        assert {key for key, _, _ in layout.options} == {o.key for o in spec.options}
        for opt in spec.options:
            values, zero = next((v, z) for k, v, z in layout.options if k == opt.key)
            if opt.kind == "bool":
                accepted = (False, True)
            elif opt.kind == "int":
                accepted = tuple(range(opt.minimum, opt.maximum + 1))
            else:
                accepted = tuple(opt.choices)
            assert values == accepted, (spec.id, opt.key)
            assert zero in values and len(set(values)) == len(values)


def test_reordering_the_menu_changes_no_code(monkeypatch):
    before = {text: records.decode(text) for text in every_golden_text()}
    dailies = {(g, d): records.encode(records.daily_code(g, d))
               for d in ("2026-11-24", "2031-02-28") for g in registry.ids()}
    registry.ids()
    shuffled = list(registry._SPECS.items())
    random.Random(5).shuffle(shuffled)
    shuffled.reverse()
    monkeypatch.setattr(registry, "_SPECS", dict(shuffled))
    assert registry.ids() != list(FIRST_NUMBERS)
    for text, code in before.items():
        assert records.decode(text) == code
    for row in GOLDEN_V2:
        assert records.encode(records.decode(row[0])) == row[0]
    assert dailies == {(g, d): records.encode(records.daily_code(g, d)) for g, d in dailies}


def test_a_code_of_a_later_version_or_an_unknown_game_is_refused_in_one_sentence():
    text, game = GOLDEN_V2[7][0], GOLDEN_V2[7][1]
    value = number(text)
    layout = registry.get(game).code_layout
    span = records.VERSIONS * records.GAMES
    for _, radix in records._fields(2, layout):
        span *= radix
    later = value + span         # a digit above every field: an option added later
    version_3 = value + 1
    unknown_game = value - (value // records.VERSIONS % records.GAMES
                            - 31) * records.VERSIONS
    v1_of_game_5 = (records.GAMES_V1 * 7 + 5) * records.VERSIONS + 1
    for value, words in ((later, "another version"), (version_3, "another version"),
                         (unknown_game, "does not have"), (v1_of_game_5, "does not have")):
        with pytest.raises(records.CodeError) as err:
            records.decode(records._text(value))
        assert words in str(err.value.message)


def test_an_option_added_later_leaves_earlier_codes_as_they_were(monkeypatch):
    """A new option appended to a game's row, its zero value the game's old rule: the
    codes written before it decode as before (with that rule), and the codes of the old
    options are written as they were."""
    spec = registry.get("quebec65")
    layout = spec.code_layout
    wider = registry.CodeLayout(layout.players, layout.deals,
                                layout.options + (("new_rule", (False, True), False),))
    newer = dataclasses.replace(spec, code_layout=wider, options=spec.options + (
        registry.OptionSpec("new_rule", "A rule of a later program", False, "bool"),))
    monkeypatch.setitem(registry._SPECS, "quebec65", newer)
    rows = [row for row in GOLDEN_V2 if row[1] == "quebec65"]
    assert rows
    for row in rows:
        code = records.decode(row[0])
        assert dict(code.options) == {**row[3], "new_rule": False}
        assert records.encode(code) == row[0]
    # a code with the new rule on is one the program before it refuses as of another version
    on = records.encode(records.make_code("quebec65", 2, {"new_rule": True}, 2))
    monkeypatch.setitem(registry._SPECS, "quebec65", spec)
    with pytest.raises(records.CodeError) as err:
        records.decode(on)
    assert "another version" in str(err.value.message)


def test_a_deal_asks_the_generator_for_nothing_but_shuffle_and_randrange(monkeypatch):
    """The calls whose results are the same on every Python the program runs on (see the
    docstring of cardtable.records): an int seed, shuffle and randrange."""
    calls: list[tuple[str, type]] = []
    original = random.Random

    class Watched(original):
        depth = 0

    def watch(name):
        def call(self, *args, **kwargs):
            if Watched.depth == 0:
                calls.append((name, type(args[0]) if args else type(None)))
            Watched.depth += 1
            try:
                return getattr(original, name)(self, *args, **kwargs)
            finally:
                Watched.depth -= 1
        return call

    for name in ("seed", "random", "getrandbits", "randrange", "randint", "choice",
                 "choices", "sample", "shuffle", "uniform", "randbytes", "gauss",
                 "setstate", "getstate"):
        setattr(Watched, name, watch(name))
    monkeypatch.setattr(random, "Random", Watched)
    for text in every_golden_text():
        records.decode(text).new_state()
    assert {name for name, _ in calls} <= {"seed", "shuffle", "randrange"}
    assert {kind for name, kind in calls if name == "seed"} == {int}
    assert {kind for name, kind in calls if name == "shuffle"} == {list}
    assert any(name == "randrange" for name, _ in calls)


def test_the_golden_deals_do_not_depend_on_the_hash_seed():
    """Python's str hashes change with each run (PYTHONHASHSEED): a deal that went through
    a set or hash() would show it here."""
    program = (
        "import json, sys\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "from cardtable import records\n"
        "from tests.test_dealcode_golden import dealt, every_golden_text\n"
        "print(json.dumps([dealt(records.decode(t).new_state()) "
        "for t in every_golden_text()]))\n"
    )
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    outputs = set()
    for hash_seed in ("1", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        outputs.add(subprocess.run([sys.executable, "-c", program, root], check=True,
                                   capture_output=True, text=True, env=env, cwd=root).stdout)
    here = json.dumps([dealt(records.decode(t).new_state()) for t in every_golden_text()])
    assert outputs == {here + "\n"}
