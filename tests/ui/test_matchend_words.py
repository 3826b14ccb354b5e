"""The match end's words: names and scores kept apart, the game's own word on the chart,
the money of a game played for it, and no gap between the chart and the buttons at
800x600 (issue 32, 6.4)."""

from __future__ import annotations

import pytest

from cardtable.i18n import tr
from cardtable.ui import theme
from cardtable.ui.app import App
from cardtable.ui.scenes import matchend as matchend_mod
from cardtable.ui.scenes.matchend import MatchEndScene
from tests.ui.conftest import frames
from tests.ui.test_scenes import finished_match


def drawn_texts(monkeypatch) -> list[str]:
    seen: list[str] = []
    real = theme.draw_text

    def spy(surface, text, *args, **kwargs):
        seen.append(tr(text))
        return real(surface, text, *args, **kwargs)
    monkeypatch.setattr(matchend_mod.theme, "draw_text", spy)
    return seen


def test_names_and_scores_are_kept_apart(app):
    state, _ = finished_match("sixtysix", 2)
    end = app.push(MatchEndScene(state.score_sheet, ["Player 1", "Player 2"], state.winners,
                                 "sixtysix", [2, 0]))
    frames(app)
    assert tr(end.final_line(" · ")) == "Player 1: 2 · Player 2: 0"


def test_the_rummy_s_match_end_shows_each_player_s_money_and_says_hand(app, monkeypatch):
    state, _ = finished_match("rummy65", 3)
    net = state.score_sheet[-1]["money"]["net"]
    seen = drawn_texts(monkeypatch)
    end = app.push(MatchEndScene(state.score_sheet, ["You", "Margot", "Hana"], state.winners,
                                 "rummy65", state.match_scores))
    frames(app)
    money = tr(end.money_line(" · "))
    for name, cents in zip(["You", "Margot", "Hana"], net, strict=True):
        sign = "+" if cents > 0 else "−" if cents < 0 else ""
        assert f"{name}: {sign}{abs(cents)}¢" in money
    assert tr(end.money_line("  ·  ")) in seen
    assert "hand" in seen and "deal" not in seen
    assert "Money" in end.spoken_heading()


def test_a_game_without_money_shows_none(app):
    state, _ = finished_match("sixtysix", 2)
    end = app.push(MatchEndScene(state.score_sheet, ["You", "Margot"], state.winners,
                                 "sixtysix", state.match_scores))
    assert end.money_line(" · ") is None


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_the_chart_reaches_down_to_the_buttons(monkeypatch, size):
    app = App(size=size, settings={"sound": False})
    state, _ = finished_match("sixtysix", 2)
    areas = []
    real = MatchEndScene.draw_chart
    monkeypatch.setattr(MatchEndScene, "draw_chart",
                        lambda self, surface, area, *a: (areas.append(area),
                                                         real(self, surface, area, *a)))
    end = app.push(MatchEndScene(state.score_sheet, ["You", "Margot"], state.winners,
                                 "sixtysix", state.match_scores))
    frames(app)
    top = min(b.rect.top for b in end.form.widgets)
    assert areas and 0 < top - areas[-1].bottom <= theme.px(24)
