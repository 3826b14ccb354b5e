"""The summary's score sheet: every deal counts in a row that is seen, so the rows never
seem to contradict the total under them (after six deals of Sixty-Six the sheet showed
deals 3 to 6, adding up to 8, over a total of 10)."""

from __future__ import annotations

import random
import re

import pytest

from cardtable import records
from cardtable.engine import registry
from cardtable.i18n import tr
from cardtable.ui import theme
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.summary import SummaryScene
from cardtable.ui.scenes.summary_words import deal_scores, sheet_lines
from tests.ui.conftest import frames


def played_deals(game: str, players: int, deals: int, options=None, seed=3):
    """A match played at random for ``deals`` deals: (its sheet, each deal's event)."""
    state = registry.get(game).new_match(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    events = []
    while not state.is_over and len(events) < deals:
        for ev in state.apply(rng.choice(state.legal_actions())):
            if ev.kind == "deal_scored":
                events.append(ev.public())
    return state.score_sheet[:len(events)], events


def drawn_sheet(app, monkeypatch, scene) -> tuple[list[tuple[str, list[int]]], list[int]]:
    """The sheet's rows as they are drawn (label, the numbers on its line) and the total's."""
    texts: list[tuple[str, int]] = []
    real = theme.draw_text

    def spy(surface, text, pos, *args, **kwargs):
        rect = real(surface, text, pos, *args, **kwargs)
        texts.append((tr(text), pos[1]))
        return rect

    monkeypatch.setattr(theme, "draw_text", spy)
    app.draw()
    monkeypatch.setattr(theme, "draw_text", real)
    start = next(i for i, (t, _) in enumerate(texts) if t == "SCORE SHEET")
    lines: dict[int, list[str]] = {}
    total_y = next(y for text, y in texts[start:] if text.startswith("Total"))
    for text, y in texts[start + 1:]:
        if y <= total_y:
            lines.setdefault(y, []).append(text)
    rows = [(cells[0], [int(c) for c in cells[1:]]) for _, cells in sorted(lines.items())]
    *deals, (_, totals) = rows
    return deals, totals


def covered(label: str) -> list[int]:
    """The deal numbers a row's label names ("Deal 4", "Deals 1–3")."""
    numbers = [int(n) for n in re.findall(r"\d+", label)]
    return list(range(numbers[0], numbers[-1] + 1))


@pytest.mark.parametrize("size, text_size", [((1280, 720), "normal"), ((800, 500), "normal"),
                                             ((800, 600), "larger"), ((1920, 1080), "large")])
def test_six_deals_of_sixty_six_all_count_in_the_rows_seen(app, monkeypatch, size, text_size):
    sheet, events = played_deals("sixtysix", 2, 6, {"target": 21})
    assert len(sheet) == 6
    app.settings["text_size"] = text_size
    app.apply_access()
    app.resize(size)
    app.push(MenuScene())
    # as at the table: the deal's record is kept, its code shown over the buttons
    record = {"game": "sixtysix", "deal": 6, "code": records.encode(
        records.make_code("sixtysix", 2, {"target": 21}, 5150))}
    scene = app.push(SummaryScene(events[-1], sheet, ["You", "Theo"], "sixtysix", target=21,
                                  deals=[record], record=record))
    frames(app)
    deals, totals = drawn_sheet(app, monkeypatch, scene)
    per = [deal_scores(r, 2, "sixtysix") for r in sheet]
    assert totals == [sum(p[i] for p in per) for i in range(2)]
    assert [sum(cells[i] for _, cells in deals) for i in range(2)] == totals
    assert [n for label, _ in deals for n in covered(label)] == [1, 2, 3, 4, 5, 6]
    for label, cells in deals:          # each row's numbers are its deals' own
        numbers = covered(label)
        assert cells == [sum(per[n - 1][i] for n in numbers) for i in range(2)]


def test_a_sheet_that_fits_has_a_row_a_deal_and_one_that_does_not_folds_the_first():
    per = [[3, 0], [2, 0], [0, 3], [0, 3], [3, 0], [0, 3]]
    assert [tr(label) for label, _ in sheet_lines(per, 6, "sixtysix")] == \
        [f"Deal {n}" for n in range(1, 7)]
    folded = sheet_lines(per, 5, "sixtysix")
    assert [(tr(label), cells) for label, cells in folded] == [
        ("Deals 1–2", [5, 0]), ("Deal 3", [0, 3]), ("Deal 4", [0, 3]), ("Deal 5", [3, 0]),
        ("Deal 6", [0, 3])]
    assert [(tr(label), cells) for label, cells in sheet_lines(per, 1, "pairs65")] == \
        [("Games 1–6", [8, 9])]
    assert tr(sheet_lines(per, 3, "quebec65")[0][0]) == "Rounds 1–4"


def test_why_a_deal_ended_comes_from_its_table_and_never_shows_a_key(caplog):
    """The reason is the game's table's sentence; one its table has no words for reads as a
    neutral sentence (and is logged), never as its key; a row no table labels is left out."""
    from cardtable.ui.scenes.summary_words import breakdown

    names = ["You", "Theo"]
    facts, _ = breakdown({"deal": 1, "reason": "claim"}, names, "sixtysix")
    assert [tr(f) for f in facts] == ["A correct claim of 66"]
    facts, _ = breakdown({"deal": 1, "reason": "five_pairs"}, names, "pairs65")
    assert [tr(f) for f in facts] == ["Five pairs laid"]
    event = {"deal": 1, "reason": "moon_landing", "knocks": [1, 2], "odd_fact": 3,
             "game_points": [1, 0]}
    facts, rows = breakdown(event, names, "sixtysix")
    shown = [tr(f) for f in facts] + [tr(label) for _, label, _ in rows]
    assert shown == ["The deal is over", "Game points"]
    assert not any("moon" in s.lower() or "knock" in s.lower() or "odd" in s.lower()
                   for s in shown)
    for what in ("'moon_landing'", "'knocks'", "'odd_fact'"):
        assert what in caplog.text


def test_sides_come_from_the_spec_whatever_their_number():
    """A game of three sides of two (registered at run time, no table words of its own):
    the columns, the headline and the winner's line name the sides from its spec."""
    from cardtable.engine.registry import Game, GameSpec
    from cardtable.engine.sixtysix import SixtySixState
    from cardtable.ui.scenes.matchend import winner_text
    from cardtable.ui.scenes.summary_words import column_labels, headline, lower_is_better

    spec = GameSpec(id="probe_sides", name="Probe", min_players=6, max_players=6,
                    state_class=SixtySixState, code=990,
                    partnerships=((0, 3), (1, 4), (2, 5)))
    registry.register(Game(spec=spec))
    try:
        names = ["You", "Ann", "Bob", "Cy", "Di", "Ed"]
        assert [tr(c) for c in column_labels("probe_sides", names, 3)] == \
            ["You & Cy", "Ann & Di", "Bob & Ed"]
        ev = {"deal": 2, "game_points": [0, 2, 1]}
        assert tr(headline(ev, names, "probe_sides", humans=[4])) == \
            "Deal 2: You & Ann score 2 game points"
        assert tr(headline(ev, names, "probe_sides", humans=[0])) == \
            "Deal 2: Ann & Di score 2 game points"
        assert tr(winner_text([2, 5], names, "probe_sides", humans=[0])) == \
            "Bob & Ed win the match."
        assert not lower_is_better("probe_sides")
        # lowest wins as the spec says, whatever the rows hold
        assert lower_is_better("rummy65") and not lower_is_better("")
    finally:
        registry.unregister("probe_sides")
