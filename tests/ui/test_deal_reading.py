"""The review's score lines say the deal's own score (cardtable/ui/scenes/deal_reading.py).

A newcomer stepping through a deal of Sixty-Six read "Score: P0 0, P1 2" at every step:
the match's game points before the deal, where the deal's points were what they looked
for."""

from __future__ import annotations

import pytest

from cardtable import i18n, records
from cardtable.ui import theme
from cardtable.ui.scenes import deal_reading
from cardtable.ui.scenes.deal_reading import at_the_end, reading_key, so_far
from cardtable.ui.scenes.review import ReviewScene
from cardtable.ui.scenes.summary_words import breakdown
from tests.test_records import played
from tests.ui.conftest import frames

PLAYERS = {"sixtysix": 2, "japanese65": 4, "pairs65": 3, "rummy65": 3, "quebec65": 3}


@pytest.fixture(scope="module")
def matches():
    return {game: played(game, 41, 2, n) for game, n in PLAYERS.items()}


@pytest.fixture
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def score_lines(app, scene) -> list[str]:
    """The side panel's score as drawn: its title, then each side's name and number."""
    drawn: list[str] = []
    draw = theme.draw_text

    def text(surface, words, *args, **kwargs):
        drawn.append(i18n.tr(words))
        return draw(surface, words, *args, **kwargs)

    theme.draw_text = text
    try:
        app.draw()
    finally:
        theme.draw_text = draw
    start = drawn.index(i18n.tr(scene.score_reading()[0]))
    return drawn[start:start + 1 + 2 * len(scene.sides())]


def side_values(lines: list[str], sides: int) -> list[str]:
    """The number on each side's line (each line: the side's name, then its number)."""
    return [lines[2 + 2 * i] for i in range(sides)]


@pytest.mark.parametrize("game", ["sixtysix", "japanese65"])
def test_the_trick_games_show_the_deal_points_at_every_step(app, english, matches, game):
    deals = matches[game]
    scene = app.push(ReviewScene(deals, 1))
    frames(app, 2)
    sides = len(scene.sides())
    before = records.start_state(deals[1]).match_scores
    seen = []
    for step in (0, scene.last // 2, scene.last - 1):
        scene.go(step)
        frames(app, 1)
        lines = score_lines(app, scene)
        assert lines[0] == "Deal points"
        view = scene.cursor.shown_state().view(scene.cursor.viewer)
        running = view.get("points") or view["running"]["points"]
        assert side_values(lines, sides) == [i18n.number(v) for v in running]
        seen.append(list(running))
    assert seen[0] == [0] * sides and seen[1] != seen[0]      # they grow as tricks are won
    scene.go(scene.last)
    frames(app, 1)
    lines = score_lines(app, scene)
    row = scene.cursor.shown_state().score_sheet[-1]
    assert lines[0] == "Deal points"
    assert side_values(lines, sides) == [i18n.number(v) for v in row["points"]]
    # ... not the match's game points, which the old panel showed at every step
    assert "Score" not in lines and [int(v) for v in side_values(lines, sides)] != \
        [before[s[0]] for s in scene.sides()]


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_the_end_shows_what_the_deal_s_summary_shows(matches, english, game):
    """The figure the summary draws emphasised (or, in a game without one, what its
    match end shows a one-deal match by), as the score sheet recorded it."""
    deal = matches[game][0]
    state = records.replay(deal)[-1]
    row = next(r for r in state.score_sheet if r["deal"] == deal["deal"])
    n = PLAYERS[game]
    columns = 2 if game == "japanese65" else n
    title, values = at_the_end(game, row, columns, n)
    key = reading_key(game)
    if key is None:                      # Sixty-Five (pairs): the pairs each laid
        assert i18n.tr(title) == "Pairs laid" and values == row["pairs"]
        return
    _, rows = breakdown(row, [f"P{i}" for i in range(n)], game)
    label, cells = next((label, cells) for k, label, cells in rows if k == key)
    assert i18n.tr(title) == i18n.tr(label)
    assert [str(v) for v in values] == cells


def test_a_figure_the_state_does_not_keep_leaves_the_match_score(app, english, matches):
    """A rummy's penalties are counted when the hand ends: before, the lines say the
    match score, and say that they do."""
    deals = matches["rummy65"]
    scene = app.push(ReviewScene(deals, 1))
    frames(app, 2)
    scene.go(3)
    frames(app, 1)
    lines = score_lines(app, scene)
    assert lines[0] == "Match score"
    before = records.start_state(deals[1]).match_scores
    assert side_values(lines, 3) == [i18n.number(v) for v in before]
    scene.go(scene.last)
    frames(app, 1)
    assert score_lines(app, scene)[0] == "Penalty points"


def test_the_keys_read_are_the_games_own_emphasised_rows():
    assert {g: reading_key(g) for g in PLAYERS} == {
        "sixtysix": "points", "japanese65": "points", "pairs65": None,
        "rummy65": "penalties", "quebec65": "penalties"}


def test_so_far_reads_a_whole_number_per_column_only():
    assert so_far("sixtysix", {"points": [12, 30]}, 2) == (deal_reading._label(
        "sixtysix", "points"), [12, 30])
    assert so_far("japanese65", {"running": {"points": [5, 6]}}, 2)[1] == [5, 6]
    assert so_far("sixtysix", {"points": [12]}, 2) is None
    assert so_far("sixtysix", {"points": [True, 3]}, 2) is None
    assert so_far("sixtysix", {"points": "12"}, 2) is None
    assert so_far("pairs65", {"pairs": [1, 2, 3]}, 3) is None       # no row to read


def test_french_words(app, matches):
    deals = matches["sixtysix"]
    scene = app.push(ReviewScene(deals, 0))
    frames(app, 2)
    i18n.set_language("fr")
    try:
        assert score_lines(app, scene)[0] == "Points de la donne"
        scene.go(scene.last)
        frames(app, 1)
        assert score_lines(app, scene)[0] == "Points de la donne"
        assert i18n.tr("Match score") != "Match score"
    finally:
        i18n.set_language("en")
