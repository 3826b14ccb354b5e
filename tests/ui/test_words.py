"""Words that must agree: 'you' and names, verbs with their subjects, in both languages."""

from __future__ import annotations

import pytest

from cardtable import i18n
from cardtable.ui.scenes.matchend import winner_text
from cardtable.ui.scenes.summary_words import headline


@pytest.fixture
def french():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def test_the_only_person_is_told_you_score_whatever_their_name():
    """'Ann score 2 game points' came from putting the person's name where 'you' goes."""
    ev = {"deal": 2, "game_points": [2, 0]}
    assert str(headline(ev, ["Ann", "Margot"], "sixtysix", humans=[0])) == \
        "Deal 2: you score 2 game points"
    assert str(headline(ev, ["Ann", "Margot"], "sixtysix", humans=[1])) == \
        "Deal 2: Ann scores 2 game points"
    # pass-and-play: everybody by name, the verb agreeing with the name
    assert str(headline(ev, ["Ann", "Bob"], "sixtysix", humans=[0, 1])) == \
        "Deal 2: Ann scores 2 game points"
    one = {"deal": 4, "game_points": [0, 1]}
    assert str(headline(one, ["Ann", "Bob"], "sixtysix", humans=[0, 1])) == \
        "Deal 4: Bob scores 1 game point"


def test_a_team_with_the_only_person_is_you_and_the_partner():
    ev = {"deal": 1, "game_points": [1, 0]}
    seats = ["Ann", "Margot", "Theo", "Hana"]
    assert str(headline(ev, seats, "japanese65", humans=[0])) == \
        "Deal 1: You & Theo score 1 game point"
    assert str(headline(ev, seats, "japanese65", humans=[2])) == \
        "Deal 1: You & Ann score 1 game point"
    assert str(headline(ev, seats, "japanese65", humans=[1])) == \
        "Deal 1: Ann & Theo score 1 game point"
    assert str(winner_text([0, 2], seats, "japanese65", humans=[0])) == \
        "You & Theo win the match!"


def test_french_verbs_agree_with_you_and_with_names(french):
    ev = {"deal": 2, "game_points": [2, 0]}
    assert str(headline(ev, ["Ann", "Margot"], "sixtysix", humans=[0])) == \
        "Donne 2 : vous marquez 2 points de partie"
    assert str(headline(ev, ["Ann", "Bob"], "sixtysix", humans=[0, 1])) == \
        "Donne 2 : Ann marque 2 points de partie"
    seats = ["Ann", "Margot", "Theo", "Hana"]
    assert str(headline({"deal": 1, "game_points": [1, 0]}, seats, "japanese65",
                        humans=[0])) == "Donne 1 : Vous et Theo marquez 1 point de partie"
    assert str(winner_text([0, 2], seats, "japanese65", humans=[0])) == \
        "Vous et Theo gagnez la partie !"


@pytest.mark.parametrize("game_id, n", [("sixtysix", 2), ("japanese65", 4), ("pairs65", 3),
                                        ("rummy65", 3), ("quebec65", 3)])
def test_pass_and_play_names_everybody_in_the_score_panel(game_id, n):
    """With two people at one computer the score panel names them as their plates do."""
    from cardtable.match import Match, Seat
    from cardtable.ui.app import App
    from cardtable.ui.scenes import table as table_mod
    from cardtable.ui.scenes.table import TableScene

    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False})
    table_mod.install(app)
    seats = [Seat("Ann", "human", "easy"), Seat("Bob", "human", "easy")] + [
        Seat(f"Cleo{i}", "computer", "easy") for i in range(n - 2)]
    match = Match(game_id, seats, seed=3, pace=0, threaded=False)
    table = TableScene(match, speed="off", pace=0, sound=False)
    table_mod.show_table(app, table)
    for _ in range(20):
        app.step([], 1 / 60)
    labels = " ".join(str(i18n.tr(label)) for label, _, _ in table.game.score_lines())
    assert "You" not in labels.split() and "Your" not in labels, labels
    if game_id in ("sixtysix", "pairs65"):
        assert "Ann" in labels and "Bob" in labels, labels
    ev = {"deal": 1, "game_points": [1] + [0] * (len(match.state.match_scores) - 1)}
    if game_id in ("sixtysix", "japanese65"):
        said = str(headline(ev, [s.name for s in seats], game_id, humans=[0, 1]))
        assert "you" not in said.lower().split(), said
    while app.stack:
        app.pop()


def test_statistics_write_numbers_the_way_each_language_does():
    from cardtable.ui.scenes.stats import table_rows

    stats = {"sixtysix": {"hard": {"played": 2, "won": 1, "total": 5, "scored": 2}},
             "pairs65": {"easy": {"played": 3, "won": 1, "best": 12345}}}
    cols, rows = table_rows(stats)
    keys = [k for k, _ in cols]
    by_game = {str(r[0]).split(" · ")[0]: dict(zip(keys, r[1:], strict=True)) for r in rows}
    assert by_game["Sixty-Six"]["average"] == "2.5"
    assert by_game["Sixty-Six"]["win_rate"] == "50%"
    assert by_game["Sixty-Five (pairs)"]["best"] == "12,345"
    assert by_game["Sixty-Five (pairs)"]["win_rate"] == "33%"
    i18n.set_language("fr")
    try:
        cols, rows = table_rows(stats)
        cells = {c for r in rows for c in r[1:]}
        assert "2,5" in cells and "2.5" not in cells
        assert "50\u202f%" in cells and "50%" not in cells
        assert "12\u202f345" in cells
    finally:
        i18n.set_language("en")


def test_number_and_percent_helpers():
    assert i18n.number(0.5, 1) == "0.5" and i18n.percent(0.125, 1) == "12.5%"
    assert i18n.number(3) == "3" and i18n.number(-1234.56, 2) == "-1,234.56"
    assert i18n.number("—") == "—" and i18n.number(True) == "True"
    i18n.set_language("fr")
    try:
        assert i18n.number(0.5, 1) == "0,5" and i18n.percent(0.125, 1) == "12,5\u202f%"
        assert i18n.number(-1234.56, 2) == "-1\u202f234,56"
    finally:
        i18n.set_language("en")


def test_french_undo_and_continue_are_different_words(french):
    assert i18n._("Undo") != i18n._("Continue")
    # "Reprendre" (a move taken back, as in chess) read as "resume" to a newcomer, and
    # "Annuler" is Cancel's word: "Défaire" says it alone; going on is "Continuer"
    assert i18n._("Undo") == "Défaire" and i18n._("Continue") == "Continuer"
    # nothing else on the table's row of buttons or the summary says the same
    assert i18n._("Undo") not in {i18n._(w) for w in ("Cancel", "Menu", "Hint", "Last trick")}


def _pixels(surface) -> bytes:
    import pygame

    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("code", ["KS", "QH", "JD"])
def test_court_letters_follow_the_setting_and_the_language(code):
    from cardtable.ui import cardart
    from cardtable.ui.cardart import CardArt

    english = _pixels(CardArt(court="kqj").face(code, 90))
    french_letters = _pixels(CardArt(court="rdv").face(code, 90))
    assert english != french_letters
    assert cardart.rank_label(code[0], "rdv") == {"K": "R", "Q": "D", "J": "V"}[code[0]]
    # one art, the setting "auto": the letters change with the language, cache or not
    art = CardArt()
    try:
        cardart.set_court_letters("auto")
        assert _pixels(art.face(code, 90)) == english
        i18n.set_language("fr")
        assert _pixels(art.face(code, 90)) == french_letters
        assert _pixels(art.face(code, 90, dim=True)) != _pixels(
            CardArt(court="kqj").face(code, 90, dim=True))
        cardart.set_court_letters("kqj")          # K Q J chosen, in French too
        assert _pixels(art.face(code, 90)) == english
        i18n.set_language("en")
        cardart.set_court_letters("rdv")          # R D V chosen, in English too
        assert _pixels(art.face(code, 90)) == french_letters
    finally:
        cardart.set_court_letters("auto")
        i18n.set_language("en")
    # other cards do not change
    assert _pixels(CardArt(court="kqj").face("TS", 90)) == _pixels(
        CardArt(court="rdv").face("TS", 90))


def test_settings_offer_the_court_letters_and_apply_them(app, settings_file):
    from cardtable import storage
    from cardtable.ui import cardart
    from cardtable.ui.scenes.settings import SettingsScene
    from tests.ui.conftest import click, frames

    scene = app.push(SettingsScene())
    frames(app)
    row = scene.widget("court_letters")
    assert row is not None and row.value == "auto"
    assert [str(i18n.tr(t)) for _, t in row.options] == ["By language", "K Q J", "R D V"]
    try:
        click(app, row._arrows()[1])
        assert app.settings["court_letters"] == "kqj" and cardart.court_letters() == "kqj"
        click(app, scene.widget("court_letters")._arrows()[1])
        assert app.settings["court_letters"] == "rdv" and cardart.court_letters() == "rdv"
        saved, _ = storage.load_settings(settings_file)
        assert saved["court_letters"] == "rdv"
    finally:
        cardart.set_court_letters("auto")


def test_a_shared_win_with_the_only_person_says_you_and_agrees(french):
    seats = ["Ann", "Bob", "Cleo"]
    assert str(winner_text([0, 2], seats, "pairs65", humans=[0])) == \
        "Cleo gagne ex æquo avec vous !"
    assert str(winner_text([0, 1, 2], seats, "pairs65", humans=[0])) == \
        "Bob et Cleo gagnent ex æquo avec vous !"
    assert str(winner_text([0, 2], seats, "pairs65", humans=[0, 1])) == \
        "Ann et Cleo gagnent ex æquo !"
    i18n.set_language("en")
    assert str(winner_text([0, 1, 2], seats, "pairs65", humans=[1])) == \
        "Ann and Cleo share the win with you!"


def test_pairs65_shared_game_speaks_to_the_person_as_you(french):
    from cardtable.match import Match, Seat
    from cardtable.ui.app import App
    from cardtable.ui.scenes import table as table_mod
    from cardtable.ui.scenes.table import TableScene

    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False,
                                          "language": "fr"})
    table_mod.install(app)
    seats = [Seat("Ann", "human"), Seat("Bob", "computer"), Seat("Cleo", "computer")]
    table = TableScene(Match("pairs65", seats, seed=2, pace=0, threaded=False),
                       speed="off", pace=0, sound=False)
    table_mod.show_table(app, table)
    ev = {"game": 3, "winners": [0, 2], "reason": "stalemate"}
    assert str(table.game.deal_result(ev)) == "Partie 3 : Cleo gagne ex æquo avec vous."
    ev = {"game": 3, "winners": [1, 2], "reason": "stalemate"}
    assert str(table.game.deal_result(ev)) == "Partie 3 : Bob et Cleo gagnent ex æquo."
    while app.stack:
        app.pop()
