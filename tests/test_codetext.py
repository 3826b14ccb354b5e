"""A code picked out of typed or pasted text (cardtable.codetext), with a toy reader: the
deal codes' own reading of such texts is in tests/test_dealcode_text.py."""

from __future__ import annotations

from cardtable import codetext

SYMBOLS = "ABCDEFGHJKMNPQRSTWXYZ23456789"


def reader(*codes: str):
    """A reader that takes exactly ``codes`` (symbols in capitals, run together)."""
    seen: list[str] = []

    def read(run: str) -> str | None:
        seen.append(run)
        return run if run in codes else None
    read.seen = seen  # type: ignore[attr-defined]
    return read


def test_words_and_what_joins_them():
    assert codetext.words("Deal code: AB-12") == [(0, 4, "Deal"), (5, 9, "code"),
                                                  (11, 13, "AB"), (14, 16, "12")]
    assert all(codetext.joined(s) for s in (" ", "-", " \u2013 ", "\u00a0", ".", "\u2212"))
    assert not any(codetext.joined(s) for s in (": ", ", ", "!", "'", "\u200b"))


def test_the_longest_run_read_as_a_code_is_picked_as_written():
    read = reader("F4AW938W", "938W")
    assert codetext.best_span("Hi! Try f4aw 938w, it is good", read, SYMBOLS, 4, 28) == \
        ("f4aw 938w", "F4AW938W")
    # never a run through a comma or a word with a letter no code has ('Hi', 'it')
    assert all("," not in run and "I" not in run for run in read.seen)


def test_the_program_s_own_groups_come_before_a_longer_run_with_ordinary_words():
    read = reader("SF4AW938W", "F4AW938W")
    assert codetext.best_span("here's F4AW-938W", read, SYMBOLS, 4, 28) == \
        ("F4AW-938W", "F4AW938W")


def test_runs_too_short_or_too_long_are_not_read():
    read = reader()
    codetext.best_span("AB CD EF GH JK MN PQ", read, SYMBOLS, 6, 10)
    assert read.seen and all(6 <= len(run) <= 10 for run in read.seen)
    assert codetext.best_span("nothing here", reader(), SYMBOLS, 6, 10) is None


def test_the_part_a_refusal_speaks_of():
    labels = ("deal code", "code")
    part = codetext.refused_part
    assert part("Deal code: F4AW-938", labels) == "F4AW-938"
    assert part("code: F4AW-938!", labels) == "F4AW-938"
    assert part("Hi, try F4AW-938 please", labels) == "F4AW-938"
    assert part("F4AW-O38W", labels) == "F4AW-O38W"          # its wrong letter is named
    assert part("yrts dexL a", labels) == "yrts dexL a"      # groups, no digit
    assert part("Hi there, how are you", labels) is None
    assert part("!!!", labels) == "!!!"
    assert codetext.trimmed("  (F4AW-938W).\n") == "F4AW-938W"
