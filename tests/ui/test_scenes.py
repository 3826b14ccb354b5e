"""Every non-table scene, driven by posted mouse and keyboard events."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pygame
import pytest

from cardtable import storage
from cardtable.engine import registry
from cardtable.ui.app import App
from cardtable.ui.scenes.matchend import MatchEndScene, winner_text
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.picker import PickerScene
from cardtable.ui.scenes.rules import RulesScene
from cardtable.ui.scenes.rules_text import ORDER, RULES
from cardtable.ui.scenes.settings import SettingsScene
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.scenes.stats import StatsScene, table_rows
from cardtable.ui.scenes.summary import SummaryScene
from cardtable.ui.scenes.summary_words import breakdown, column_labels, deal_scores
from tests.ui.conftest import DT, click, frames, press, type_text

SEEDS = Path("/work/shared/seeds")


def names(scene):
    return [w.name for w in scene.form.widgets]


def on_screen(app, scene):
    w, h = app.size
    for widget in scene.form.widgets:
        if widget.visible:
            r = widget.rect
            assert r.left >= 0 and r.top >= 0 and r.right <= w and r.bottom <= h, \
                f"{widget.name} at {r} is outside {w}x{h}"


def finished_match(game_id, players, seed=3, options=None):
    """Play random legal moves to the end of a match; returns (state, deal_scored events)."""
    state = registry.get(game_id).new_match(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    events = []
    while not state.is_over:
        for ev in state.apply(rng.choice(state.legal_actions())):
            if ev.kind == "deal_scored":
                events.append(ev.public())
    return state, events


# --------------------------------------------------------------------------- menu


def test_menu_lists_its_entries_without_continue_by_default(app):
    menu = app.push(MenuScene())
    frames(app)
    assert names(menu) == ["New game", "Learn to play", "Join a table", "Play online",
                           "Rules", "Settings", "Statistics", "Recent matches", "Quit"]
    on_screen(app, menu)


def test_menu_shows_continue_when_a_match_is_in_progress(app):
    resumed = []
    app.match_in_progress = lambda: True
    app.on_continue_match = lambda: resumed.append(True)
    menu = app.push(MenuScene())
    frames(app)
    assert names(menu)[0] == "Continue"
    click(app, menu.widget("Continue"))
    assert resumed == [True]


def test_menu_by_mouse_opens_every_scene_and_back(app):
    menu = app.push(MenuScene())
    frames(app)
    for entry, kind in (("New game", PickerScene), ("Rules", RulesScene),
                        ("Settings", SettingsScene), ("Statistics", StatsScene)):
        click(app, menu.widget(entry))
        assert isinstance(app.top, kind), entry
        frames(app)
        on_screen(app, app.top)
        click(app, app.top.widget("Done" if kind is SettingsScene else "Back"))
        assert app.top is menu
    click(app, menu.widget("Quit"))
    assert app.running is False


def test_menu_by_keyboard(app):
    menu = app.push(MenuScene())
    frames(app)
    press(app, pygame.K_DOWN)        # shows the focus on "New game"
    assert menu.form.focused.name == "New game"
    press(app, pygame.K_DOWN)
    assert menu.form.focused.name == "Learn to play"
    press(app, pygame.K_DOWN)
    assert menu.form.focused.name == "Join a table"
    press(app, pygame.K_DOWN)
    assert menu.form.focused.name == "Play online"
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, RulesScene)
    press(app, pygame.K_ESCAPE)
    assert app.top is menu
    assert menu.form.focused.name == "Rules"     # the focus is where it was
    press(app, pygame.K_TAB)
    assert menu.form.focused.name == "Settings"
    press(app, pygame.K_SPACE)
    assert isinstance(app.top, SettingsScene)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)      # Esc on the menu goes to Quit, it does not quit
    assert app.running and menu.form.focused.name == "Quit"
    press(app, pygame.K_RETURN)
    assert not app.running


# --------------------------------------------------------------------------- picker


def test_picker_shows_every_game(app):
    app.push(MenuScene())
    picker = app.push(PickerScene())
    frames(app)
    ids = [w.name for w in picker.form.widgets if hasattr(w, "spec")]
    assert ids == registry.ids()
    on_screen(app, picker)


def test_picker_opens_the_setup_of_every_game(app):
    app.push(MenuScene())
    picker = app.push(PickerScene())
    frames(app)
    for gid in registry.ids():
        click(app, picker.widget(gid))
        assert isinstance(app.top, SetupScene) and app.top.game_id == gid
        press(app, pygame.K_ESCAPE)
        assert app.top is picker


# --------------------------------------------------------------------------- setup


@pytest.mark.parametrize("game_id", registry.ids())
def test_setup_of_every_game_builds_a_valid_config(app, game_id):
    spec = registry.get(game_id)
    started = []
    app.on_start_match = started.append
    app.push(MenuScene())
    setup = app.push(SetupScene(game_id))
    frames(app)
    on_screen(app, setup)
    config = setup.config()
    assert config["game"] == game_id
    assert spec.min_players <= config["players"] <= spec.max_players
    assert len(config["seats"]) == config["players"]
    assert config["seats"][0] == {"name": "You", "kind": "human", "level": "medium"}
    assert all(s["kind"] == "computer" for s in config["seats"][1:])
    assert config["options"] == spec.default_options()
    assert config["first_dealer"] is None
    # the engine accepts what the setup produces
    spec.new_match(players=config["players"], seed=1, options=config["options"])
    # the player count follows the slider, where the game allows a choice
    players = setup.widget("players")
    if spec.min_players == spec.max_players:
        assert players is None
    else:
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN,
                                     pos=(players.track_rect().right, players.rect.centery),
                                     button=1)], DT)
        app.step([pygame.event.Event(pygame.MOUSEBUTTONUP,
                                     pos=(players.track_rect().right, players.rect.centery),
                                     button=1)], DT)
        assert setup.players == spec.max_players
        assert setup.widget(f"seat{spec.max_players - 1}.name") is not None
        on_screen(app, setup)
        press(app, pygame.K_HOME)
        assert setup.players == spec.min_players
        assert setup.widget(f"seat{spec.min_players}.name") is None
    start = setup.widget("Start")
    assert start.enabled
    click(app, start)
    assert started and started[-1]["game"] == game_id


def test_setup_shows_each_measured_level_with_its_rating(app, monkeypatch):
    from cardtable import i18n, ratings

    measured = {"sixtysix": {"easy": ratings.Rating(310, 200, 420),
                             "hard": ratings.Rating(1050, 800, 1300)}}
    monkeypatch.setattr(ratings, "load", lambda path=None: measured)
    setup = app.push(SetupScene("sixtysix"))
    frames(app)
    notes = [str(n) for n in setup.notes()]
    assert "Easy: 310." in notes
    assert "Hard: 1,050." in notes
    assert not any(n.startswith("Medium:") for n in notes)  # not measured: no rating shown
    i18n.set_language("fr")
    try:
        notes = [str(n) for n in setup.notes()]
        assert any(n.startswith("Facile") and "310" in n for n in notes), notes
    finally:
        i18n.set_language("en")
    # a game nobody measured shows no rating at all
    other = app.push(SetupScene("pairs65"))
    frames(app)
    assert not any("measured" in str(n) for n in other.notes())


def test_setup_offers_expert_only_in_the_games_measured_for_it(app, monkeypatch, expert_in):
    from cardtable import i18n, ratings

    offering, other = "sixtysix", "pairs65"   # whatever the measurements list today
    expert_in(offering)
    measured = {offering: {"expert": ratings.Rating(1100, 900, 1300)}}
    monkeypatch.setattr(ratings, "load", lambda path=None: measured)
    started = []
    app.on_start_match = started.append
    setup = app.push(SetupScene(offering))
    frames(app)
    level = setup.widget("seat1.level")
    assert [v for v, _ in level.options] == ["easy", "medium", "hard", "expert"]
    assert "Expert: 1,100." in [str(n) for n in setup.notes()]
    i18n.set_language("fr")
    try:
        assert any(n.startswith("Expert") for n in map(str, setup.notes()))
    finally:
        i18n.set_language("en")
    click(app, level._arrows()[1])             # medium -> hard
    click(app, level._arrows()[1])             # hard -> expert
    assert setup.seats[1]["level"] == "expert"
    click(app, setup.widget("Start"))
    assert started[-1]["seats"][1]["level"] == "expert"
    app.pop()
    # a game without expert lists three levels, and a remembered expert seat is not taken
    plain = app.push(SetupScene(other))
    frames(app)
    assert [v for v, _ in plain.widget("seat1.level").options] == ["easy", "medium", "hard"]
    plain.restore({"seats": [{"kind": "human"}, {"kind": "computer", "level": "expert"}]})
    assert plain.seats[1]["level"] != "expert"


def test_setup_seat_kinds_levels_names_and_options(app):
    started = []
    app.on_start_match = started.append
    setup = app.push(SetupScene("sixtysix"))
    frames(app)
    kind = setup.widget("seat1.kind")
    level = setup.widget("seat1.level")
    assert level.visible and level.enabled
    click(app, level._arrows()[1])             # medium -> hard
    assert setup.seats[1]["level"] == "hard"
    click(app, kind)                           # computer -> human
    assert setup.seats[1]["kind"] == "human"
    assert setup.seats[1]["name"] == "Player 2"
    assert not setup.widget("seat1.level").visible
    click(app, setup.widget("seat1.kind"))     # and back
    assert setup.seats[1]["kind"] == "computer"
    assert setup.seats[1]["name"] == "Margot"
    name = setup.widget("seat0.name")
    click(app, name)
    for _ in range(5):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "Ada")
    assert setup.seats[0]["name"] == "Ada"
    target = setup.widget("option.target")
    setup.form.focus(target)
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    click(app, setup.widget("option.strict_later_play"))
    click(app, setup.widget("Start"))
    assert started[-1] == {
        "game": "sixtysix", "players": 2,
        "seats": [{"name": "Ada", "kind": "human", "level": "medium"},
                  {"name": "Margot", "kind": "computer", "level": "hard"}],
        "options": {"target": 7, "strict_later_play": True},
        "first_dealer": None,
    }


def test_setup_is_remembered_for_the_next_time(app, settings_file):
    app.on_start_match = lambda config: None
    setup = app.push(SetupScene("japanese65"))
    frames(app)
    setup.form.focus(setup.widget("option.target"))
    press(app, pygame.K_END)
    click(app, setup.widget("seat2.kind"))
    click(app, setup.widget("Start"))
    app.pop()
    again = app.push(SetupScene("japanese65"))
    frames(app)
    assert again.options["target"] == 20
    assert again.seats[2]["kind"] == "human"
    saved, _ = storage.load_settings(settings_file)
    assert saved["last_setup"]["japanese65"]["options"]["target"] == 20


def test_a_name_typed_at_one_game_is_the_first_seat_s_at_a_game_set_up_anew(app):
    """"Alice" typed at Sixty-Six's setup was "You" again at the next game's. A game set
    up before keeps its own names; a default name is no name to carry."""
    app.on_start_match = lambda config: None
    app.start_match({"game": "sixtysix", "players": 2, "options": {}, "first_dealer": None,
                     "seats": [{"name": "Alice", "kind": "human", "level": "medium"},
                               {"name": "Margot", "kind": "computer", "level": "hard"}]})
    setup = app.push(SetupScene("rummy65"))
    frames(app)
    assert setup.seats[0]["name"] == "Alice" and setup.seats[1]["name"] != "Alice"
    app.pop()
    app.start_match({"game": "pairs65", "players": 2, "options": {}, "first_dealer": None,
                     "seats": [{"name": "Bea", "kind": "human", "level": "medium"},
                               {"name": "Margot", "kind": "computer", "level": "hard"}]})
    app.start_match({"game": "sixtysix", "players": 2, "options": {}, "first_dealer": None,
                     "seats": [{"name": "You", "kind": "human", "level": "medium"},
                               {"name": "Margot", "kind": "computer", "level": "hard"}]})
    setup = app.push(SetupScene("quebec65"))
    frames(app)
    assert setup.seats[0]["name"] == "Bea"          # the last typed; "You" is no name
    app.pop()
    setup = app.push(SetupScene("sixtysix"))
    frames(app)
    assert setup.seats[0]["name"] == "You"          # its own last setup


def test_setup_empty_name_falls_back_to_the_default(app):
    setup = app.push(SetupScene("sixtysix"))
    frames(app)
    click(app, setup.widget("seat1.name"))
    for _ in range(10):
        press(app, pygame.K_BACKSPACE)
    assert setup.config()["seats"][1]["name"] == "Margot"


def test_pairs65_setup_chooses_who_starts_and_the_match_starts_there(app, settings_file):
    """The rules screen says the setup chooses who starts: a row offers random or a seat, the
    config carries it to the engine (as the seat before it dealing), and it is remembered."""
    from cardtable.match import Match

    started = []
    app.on_start_match = started.append
    setup = app.push(SetupScene("pairs65"))
    frames(app)
    players = setup.widget("players")
    setup.form.focus(players)
    press(app, pygame.K_HOME)
    press(app, pygame.K_RIGHT)                   # three players
    assert setup.players == 3
    row = setup.widget("first_player")
    assert row is not None and row.value is None     # at random by default
    assert [str(text) for _, text in row.options] == [
        "At random", "Seat 1", "Seat 2", "Seat 3"]
    for _ in range(3):
        click(app, setup.widget("first_player")._arrows()[1])
    assert setup.first_player == 2
    click(app, setup.widget("Start"))
    config = started[-1]
    assert config["first_player"] == 2 and config["first_dealer"] == 1
    match = Match.from_config(config, threaded=False)
    assert match.to_act == 2
    assert match.state.view(0)["first_player"] == 2
    assert match.start_events()[0].data["first"] == 2
    # remembered for the next time; a seat beyond a smaller table falls back to random
    app.pop()
    again = app.push(SetupScene("pairs65"))
    frames(app)
    assert again.widget("first_player").value == 2
    again.form.focus(again.widget("players"))
    press(app, pygame.K_HOME)                    # two players: seat 3 is gone
    assert again.first_player is None and again.config()["first_dealer"] is None
    assert again.widget("first_player").value is None
    # random by default leaves the engine to draw the dealer
    click(app, again.widget("first_player")._arrows()[1])
    assert again.config()["first_dealer"] == 1      # seat 1 starts: seat 2 (of 2) deals


def test_only_pairs65_offers_who_starts(app):
    for game_id in registry.ids():
        setup = app.push(SetupScene(game_id))
        frames(app, 1)
        assert (setup.widget("first_player") is not None) == (game_id == "pairs65")
        app.pop()


def test_setup_rules_button(app):
    setup = app.push(SetupScene("japanese65"))
    frames(app)
    click(app, setup.widget("Rules"))
    assert isinstance(app.top, RulesScene) and app.top.game_id == "japanese65"


# --------------------------------------------------------------------------- rules


def test_rules_for_every_game_by_tabs(app):
    rules = app.push(RulesScene())
    frames(app)
    assert set(ORDER) == set(RULES) and len(ORDER) == 5
    for gid in ORDER:
        click(app, rules.widget(f"tab.{gid}"))
        frames(app)
        assert rules.game_id == gid
        text = rules.widget("text")
        assert text.content_height > text.rect.height   # long enough to scroll
        on_screen(app, rules)


def test_rules_scroll_by_keys_and_keep_position_on_resize(app):
    rules = app.push(RulesScene("rummy65"))
    frames(app)
    text = rules.widget("text")
    rules.form.focus(text)
    press(app, pygame.K_PAGEDOWN)
    frames(app, 40)
    assert text.offset > 0
    before = text.offset
    app.resize((1600, 900))
    frames(app)
    assert rules.widget("text").offset == pytest.approx(before)


def _sentences(text):
    text = re.sub(r"[#*\-|`]", " ", text)
    return [" ".join(s.lower().split()) for s in re.split(r"[.!?;:\n]", text)]


def test_rules_are_our_own_words():
    """No run of nine words of a source document reappears in the rules screens."""
    if not SEEDS.exists():
        pytest.skip("the source documents are not available here")
    seeds = " ".join(" ".join(p.read_text(errors="replace").lower().split())
                     for p in SEEDS.glob("*.txt"))
    for gid, (_, markup) in RULES.items():
        words = " ".join(_sentences(markup)).split()
        for i in range(len(words) - 8):
            run = " ".join(words[i:i + 9])
            assert run not in seeds, f"{gid}: '{run}' comes from a source document"


@pytest.mark.parametrize("game_id", ORDER)
def test_rules_cover_the_essentials(game_id):
    markup = RULES[game_id][1].lower()
    for word in ("cards", "deal", "scor", "win"):
        assert word in markup, (game_id, word)
    spec = registry.get(game_id)
    for opt in spec.options:
        assert opt.label.lower()[:12] in markup, (game_id, opt.key)


# --------------------------------------------------------------------------- settings


def test_settings_change_apply_and_persist(app, settings_file):
    heard = []
    app.settings_listeners.append(lambda k, v: heard.append((k, v)))
    settings = app.push(SettingsScene())
    frames(app)
    on_screen(app, settings)
    speed = settings.widget("animation_speed")
    click(app, speed._arrows()[1])        # normal -> fast (right is faster)
    assert app.settings["animation_speed"] == "fast"
    click(app, settings.widget("sound"))
    assert app.settings["sound"] is True   # the fixture starts with sound off
    click(app, settings.widget("card_back"))
    assert app.settings["card_back"] == "red"
    settings.form.focus(settings.widget("felt"))
    press(app, pygame.K_DOWN)              # reveal the focus
    press(app, pygame.K_RIGHT)
    assert app.settings["felt"] == "blue"
    for key in ("four_colour_suits", "show_card_points", "hint_button"):
        before = app.settings[key]
        click(app, settings.widget(key))
        assert app.settings[key] is (not before)
    frames(app)
    saved, message = storage.load_settings(settings_file)
    assert message is None
    for key in ("animation_speed", "sound", "card_back", "felt", "four_colour_suits",
                "show_card_points", "hint_button"):
        assert saved[key] == app.settings[key], key
    assert ("felt", "blue") in heard


def test_settings_fullscreen_toggle(app):
    settings = app.push(SettingsScene())
    frames(app)
    click(app, settings.widget("fullscreen"))
    assert app.fullscreen
    press(app, pygame.K_F11)
    frames(app)
    assert not app.fullscreen
    assert settings.widget("fullscreen").value is False


# --------------------------------------------------------------------------- statistics


def test_statistics_empty_and_filled(app):
    app.push(MenuScene())
    stats = app.push(StatsScene())
    frames(app)
    assert table_rows({}) == ([], [])
    app.stats = {"sixtysix": {"played": 4, "won": 3, "best_streak": 2}}
    frames(app)
    cols, rows = table_rows(app.stats)
    assert [k for k, _ in cols] == ["played", "won", "win_rate", "best_streak"]
    assert rows == [["Sixty-Six", "4", "3", "75%", "2"]]
    press(app, pygame.K_ESCAPE)
    assert app.top is not stats


# --------------------------------------------------------------------------- summary


def test_summary_of_a_japanese65_deal(app):
    state, events = finished_match("japanese65", 4, options={"target": 2})
    seat_names = ["You", "Margot", "Hana", "Theo"]
    facts, rows = breakdown(events[0], seat_names, "japanese65")
    labels = [label for _, label, _ in rows]
    assert labels[-2:] == ["Deal points", "Game points"]
    assert "Card points" in labels and "Last trick" in labels
    assert any(str(f).startswith("Dealer: ") for f in facts)
    assert [str(c) for c in column_labels("japanese65", seat_names, 2)] == \
        ["You & Hana", "Margot & Theo"]
    points = dict((k, cells) for k, _, cells in rows)["points"]
    assert sum(int(c) for c in points) == 65
    continued = []
    app.push(MenuScene())
    summary = app.push(SummaryScene(events[0], state.score_sheet[:1], seat_names, "japanese65",
                                    on_continue=lambda: continued.append(True)))
    frames(app)
    on_screen(app, summary)
    click(app, summary.widget("Continue"))
    assert continued == [True]


def test_a_last_trick_bonus_nobody_could_score_is_not_a_row():
    """After a close the last trick scores nothing: "Last trick 0 0" read as if the
    person's last trick had been forgotten. The row shows when somebody scored it."""
    closed = {"kind": "deal_scored", "closer": 0, "trick_points": [70, 30],
              "last_trick": [0, 0], "game_points": [1, 0]}
    played = dict(closed, closer=None, last_trick=[0, 10])
    names = ["You", "Theo"]
    assert "last_trick" not in [k for k, _, _ in breakdown(closed, names, "sixtysix")[1]]
    rows = {k: cells for k, _, cells in breakdown(played, names, "sixtysix")[1]}
    assert rows["last_trick"] == ["0", "10"]


def test_summary_continue_pops_back_to_the_scene_below(app):
    state, events = finished_match("sixtysix", 2, options={"target": 3})
    below = app.push(MenuScene())
    app.push(SummaryScene(events[-1], state.score_sheet, ["You", "Theo"], "sixtysix"))
    frames(app)
    press(app, pygame.K_RETURN)
    assert app.top is below


@pytest.mark.parametrize("game_id,players", [("sixtysix", 2), ("pairs65", 3),
                                             ("rummy65", 3), ("quebec65", 2)])
def test_summary_renders_every_game(app, game_id, players):
    state, events = finished_match(game_id, players, seed=5)
    seat_names = ["You", "Margot", "Hana", "Theo"][:players]
    facts, rows = breakdown(events[-1], seat_names, game_id)
    assert rows or facts
    for _, _, cells in rows:
        assert len(cells) == len(rows[0][2])
    assert deal_scores(state.score_sheet[-1], players, game_id) is not None
    app.push(SummaryScene(events[-1], state.score_sheet, seat_names, game_id))
    frames(app)
    app.resize((1920, 1080))
    frames(app)


# --------------------------------------------------------------------------- match end


def test_match_end_chart_and_buttons(app):
    state, _ = finished_match("japanese65", 4, options={"target": 3})
    seat_names = ["You", "Margot", "Hana", "Theo"]
    started = []
    app.on_start_match = started.append
    app.last_match_config = {"game": "japanese65", "players": 4, "seats": [], "options": {},
                             "first_dealer": None}
    end = app.push(MatchEndScene(state.score_sheet, seat_names, state.winners, "japanese65",
                                 state.match_scores, target=3))
    frames(app)
    labels, lines = end.series()
    assert [str(label) for label in labels] == ["You & Hana", "Margot & Theo"]
    assert all(len(line) == len(state.score_sheet) + 1 for line in lines)
    assert [line[-1] for line in lines] == [state.match_scores[0], state.match_scores[1]]
    assert max(line[-1] for line in lines) >= 3
    click(app, end.widget("Play again"))
    assert started and started[-1]["game"] == "japanese65"
    end = app.push(MatchEndScene(state.score_sheet, seat_names, state.winners, "japanese65"))
    frames(app)
    click(app, end.widget("Menu"))
    assert len(app.stack) == 1 and isinstance(app.top, MenuScene)


def test_a_match_of_one_game_shows_bars_not_a_line(app, monkeypatch):
    state, _ = finished_match("pairs65", 3)
    assert len(state.score_sheet) == 1
    drawn = []
    monkeypatch.setattr(MatchEndScene, "draw_chart", lambda *a: drawn.append("chart"))
    real = MatchEndScene.draw_bars
    monkeypatch.setattr(MatchEndScene, "draw_bars",
                        lambda self, *a: (drawn.append("bars"), real(self, *a)))
    end = app.push(MatchEndScene(state.score_sheet, ["A", "B", "C"], state.winners,
                                 "pairs65", state.match_scores, target=1))
    frames(app)
    assert drawn and set(drawn) == {"bars"}
    title, values, scale = end.single_deal(end.series()[0])
    assert str(title) == "Pairs laid" and values == state.score_sheet[0]["pairs"]
    assert scale == 5 and max(values) == 5
    # more than one deal: the chart of running totals
    drawn.clear()
    many, _ = finished_match("japanese65", 4, options={"target": 3})
    assert len(many.score_sheet) > 1
    app.pop()
    app.push(MatchEndScene(many.score_sheet, ["A", "B", "C", "D"], many.winners, "japanese65",
                           many.match_scores, target=3))
    frames(app)
    assert drawn and set(drawn) == {"chart"}


def test_winner_text():
    assert str(winner_text([0], ["You", "Theo"], "sixtysix")) == "You win the match!"
    assert str(winner_text([1], ["You", "Theo"], "sixtysix")) == "Theo wins the match."
    assert str(winner_text([1, 3], ["You", "M", "H", "T"], "japanese65")) == "M & T win the match."
    assert str(winner_text([0, 2], ["You", "M", "H", "T"], "japanese65")) == \
        "You & H win the match!"


# --------------------------------------------------------------------------- sizes


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (800, 500)])
def test_every_scene_fits_the_window(app, size):
    app.resize(size)
    app.push(MenuScene())
    for make in (MenuScene, PickerScene, lambda: SetupScene("rummy65"),
                 lambda: SetupScene("japanese65"), RulesScene, SettingsScene, StatsScene):
        scene = app.push(make())
        if isinstance(scene, SetupScene):
            scene.set_players(scene.spec.max_players)
        frames(app, 2)
        on_screen(app, scene)
        app.pop()


# --------------------------------------------------------------------------- with the table


def test_from_the_menu_to_the_table_and_back(app):
    from cardtable.ui.scenes import table as table_mod

    table_mod.install(app)
    menu = app.push(MenuScene())
    frames(app)
    click(app, menu.widget("New game"))
    click(app, app.top.widget("sixtysix"))
    setup = app.top
    click(app, setup.widget("Start"))
    table = app.top
    assert isinstance(table, table_mod.TableScene)
    assert table.match.game_id == "sixtysix"
    assert [s.name for s in table.match.seats] == ["You", "Margot"]
    frames(app, 5)
    # the summary and match-end scenes build themselves from the live table
    _, events = finished_match("sixtysix", 2, options={"target": 2})
    summary = app.push(SummaryScene.for_table(table, events[0]))
    frames(app, 2)
    assert summary.seat_names == ["You", "Margot"] and summary.game_id == "sixtysix"
    click(app, summary.widget("Continue"))
    assert app.top is table
    end = app.push(MatchEndScene.for_table(table, {"winners": [0], "scores": [2, 0]}))
    frames(app, 2)
    assert end.winners == [0]
    click(app, end.widget("Menu"))
    assert isinstance(app.top, MenuScene)
    table.match.close()


def test_page_down_scrolls_the_rules_wherever_the_focus_is(app):
    """The focus starts on the game's tab: Page Down moved nothing until Tab had reached the
    text. Page Down, Page Up, Home and End now page the rules from the tabs too."""
    rules = app.push(RulesScene("rummy65"))
    frames(app)
    assert rules.form.focused is not rules.text
    press(app, pygame.K_PAGEDOWN)
    frames(app, 40)
    assert rules.text.target > 0
    press(app, pygame.K_END)
    frames(app, 40)
    end = rules.text.target
    assert end > 0
    press(app, pygame.K_HOME)
    frames(app, 40)
    assert rules.text.target == 0
    press(app, pygame.K_DOWN)                    # arrows still move between the tabs
    assert rules.form.focused is not rules.text and rules.text.target == 0


def test_the_arrows_move_over_the_game_tiles_as_they_lie(app):
    """Down went to the next tile, on the right; it goes to the tile below now, and from
    the last row to Back. Right and Left stay in the row."""
    picker = app.push(PickerScene())
    frames(app)
    tiles = [w for w in picker.form.widgets if hasattr(w, "spec")]
    first = picker.form.focused
    assert first is tiles[0]
    press(app, pygame.K_DOWN)                    # the first key shows where the focus is
    press(app, pygame.K_DOWN)
    below = picker.form.focused
    assert below.rect.top > first.rect.bottom
    assert abs(below.rect.centerx - first.rect.centerx) < first.rect.width
    press(app, pygame.K_UP)
    assert picker.form.focused is first
    press(app, pygame.K_RIGHT)
    right = picker.form.focused
    assert right.rect.centery == first.rect.centery and right.rect.left > first.rect.right
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    assert not hasattr(picker.form.focused, "spec")      # Back


def test_a_summary_with_a_short_body_fits_its_panel_to_it(app):
    """A game's body that says how far down it drew gets a panel no taller than it needs
    (rummy's sheet for four players left a wide empty band above the deal code); one that
    fills its room keeps the whole panel, as does a body that says nothing."""
    state, events = finished_match("sixtysix", 2, options={"target": 3})
    seen = []

    def short(surface, area, scene):
        seen.append(pygame.Rect(area))
        return area.top + 100

    def full(surface, area, scene):
        return area.bottom

    app.push(MenuScene())
    tall = app.push(SummaryScene(events[-1], state.score_sheet, ["You", "Theo"], "sixtysix",
                                 body=full))
    frames(app)
    whole = tall.panel_rect()
    app.pop()
    fitted = app.push(SummaryScene(events[-1], state.score_sheet, ["You", "Theo"], "sixtysix",
                                   body=short))
    frames(app)
    p = fitted.panel_rect()
    assert p.height < whole.height - 100 and p.center == whole.center
    area = fitted.body_area(p)
    assert area.top + 100 <= area.bottom <= area.top + 100 + 40
    buttons = [w.rect for w in fitted.form.widgets]
    assert all(p.contains(b) for b in buttons)
    app.pop()
    silent = app.push(SummaryScene(events[-1], state.score_sheet, ["You", "Theo"], "sixtysix",
                                   body=lambda surface, area, scene: None))
    frames(app)
    assert silent.panel_rect() == whole


def test_settings_need_no_scroll_bar_when_their_panels_fit(settings_file):
    """At 1280x900 the panels fit (at 1280x720 they scroll since the table server's row);
    the margin kept under them for scrolling made the content 8 px taller than its room and
    showed a scroll bar for nothing."""
    app = App(size=(1280, 900), settings={"sound": False}, settings_path=settings_file)
    settings = app.push(SettingsScene())
    frames(app)
    left, _, access = settings.panel_rects()
    area = settings.scroller.area
    assert max(left.bottom, access.bottom) <= area.bottom
    assert not settings.scroller.active


def test_a_deal_s_summary_fits_its_rows_and_writes_noughts(app, monkeypatch):
    """The first deal's summary left a wide empty band under a one-line sheet: the panel
    now fits its rows, its note and its sheet. A side's nought on the sheet is written 0
    (a dot read as a deal not played), and the game's note says how deal points become
    game points."""
    from cardtable.ui import theme
    from cardtable.ui.tables.japanese65 import Japanese65Table

    state, events = finished_match("japanese65", 4, options={"target": 2})
    names = ["You", "Hana", "Margot", "Theo"]
    note = Japanese65Table.summary_note(None, events[0])
    assert "33" in str(note) and "41" in str(note)
    app.push(MenuScene())
    full = app.push(SummaryScene(events[-1], state.score_sheet, names, "japanese65"))
    frames(app)
    whole = super(SummaryScene, full).panel_rect()
    app.pop()
    drawn = []
    real = theme.draw_text

    def record(surface, text, pos, *args, **kwargs):
        drawn.append(str(text))
        return real(surface, text, pos, *args, **kwargs)

    monkeypatch.setattr(theme, "draw_text", record)
    first = app.push(SummaryScene(events[0], state.score_sheet[:1], names, "japanese65",
                                  note=note))
    frames(app)
    app.draw()
    p = first.panel_rect()
    assert p.height < whole.height
    row = state.score_sheet[0]["game_points"]
    assert 0 in row and "·" not in drawn
    assert any("33" in t for t in drawn)


def test_setup_buttons_are_tabbed_through_in_the_order_they_are_seen(app):
    app.push(MenuScene())
    setup = app.push(SetupScene("sixtysix"))
    frames(app)
    bottom = ["Back", "Daily deal", "Deal code", "Rules", "Start"]
    shown = sorted((w for w in setup.form.widgets if getattr(w, "name", None) in bottom),
                   key=lambda w: w.rect.x)
    assert [w.name for w in shown] == bottom
    assert setup.form.focused is setup.widget("Start")
    press(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)     # the first key shows the ring
    press(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)     # back from Start: Rules, beside it
    assert setup.form.focused is setup.widget("Rules")
    order = [w.name for w in setup.form.widgets if w.name in bottom]
    assert order == bottom


@pytest.mark.parametrize("game,legend", [("japanese65", True), ("sixtysix", False)])
def test_setup_says_who_plays_with_whom(app, monkeypatch, game, legend):
    """Only the person's seat said its team; the colours alone did not say who partners."""
    from cardtable.i18n import tr
    from cardtable.ui import theme

    drawn = []
    real = theme.draw_text
    monkeypatch.setattr(theme, "draw_text",
                        lambda surface, text, *a, **k: (drawn.append(tr(text)),
                                                        real(surface, text, *a, **k))[1])
    app.push(MenuScene())
    setup = app.push(SetupScene(game))
    setup.players = registry.get(game).min_players
    frames(app)
    drawn.clear()
    app.draw()
    teams = [t for t in drawn if t.startswith("Team ") and ": seats " in t]
    assert teams == (["Team 1: seats 1 and 3", "Team 2: seats 2 and 4"] if legend else [])


@pytest.mark.parametrize("size,text", [((800, 500), "larger"), ((1280, 720), "larger"),
                                       ((1280, 720), "normal"), ((1920, 1080), "normal")])
def test_the_menus_keys_line_keeps_off_its_panel(monkeypatch, tmp_path, size, text):
    """The keys line at the foot ran over the menu's panel when Continue made it taller (a
    small window, larger text): it goes under the title instead."""
    from cardtable import logs
    from cardtable.ui import theme
    from cardtable.ui.scenes import menu as menu_mod

    drawn: list[tuple[str, pygame.Rect]] = []
    real = theme.draw_text

    def spy(surface, words, *args, **kwargs):
        rect = real(surface, words, *args, **kwargs)
        drawn.append((str(words), rect))
        return rect
    monkeypatch.setattr(menu_mod.theme, "draw_text", spy)
    monkeypatch.setattr(logs, "log_file", lambda: tmp_path / "data" / "cardtable.log")
    app = App(size=size, settings={"sound": False, "text_size": text},
              settings_path=tmp_path / "s.json")
    monkeypatch.setattr(app, "has_match_in_progress", lambda: True)
    menu = app.push(MenuScene())
    app.step([], DT)
    drawn.clear()
    menu.draw_content(app.screen)
    panel = menu.panel_rect()
    small = [(words, rect) for words, rect in drawn if "F11" in words]
    assert len(small) == 1, drawn
    for words, rect in small:
        assert not rect.colliderect(panel), (words, rect, panel)
        assert app.screen.get_rect().contains(rect), (words, rect)
