"""Play a deal code, and the daily deal, from New game (cardtable.ui.scenes.dealcode and the
setup screen)."""

from __future__ import annotations

import pygame

from cardtable import records
from cardtable.ui.scenes.dealcode import DealCodeScene
from cardtable.ui.scenes.setup import SetupScene
from tests.test_records import hands, played
from tests.ui.conftest import click, frames, press, type_text


def setup_with_starts(app, game: str) -> tuple[SetupScene, list[dict]]:
    started: list[dict] = []
    app.on_start_match = started.append
    scene = app.push(SetupScene(game))
    frames(app)
    return scene, started


def test_a_typed_code_starts_that_deal_with_the_levels_chosen(app):
    rec = played("sixtysix", 5150, 2)[1]
    setup, started = setup_with_starts(app, "sixtysix")
    setup.set_level(1, "hard")
    click(app, setup.widget("Deal code"))
    assert isinstance(app.top, DealCodeScene)
    type_text(app, rec["code"].lower().replace("-", " "))
    press(app, pygame.K_RETURN)
    assert app.top is setup and len(started) == 1
    config = started[0]
    assert config["seats"][1] == {"name": "Margot", "kind": "computer", "level": "hard"}
    code = records.decode(rec["code"])
    assert hands(code.new_state()) == hands(records.start_state(rec))
    assert (config["seed"], config["first_dealer"]) == (code.seed, code.dealer)


def test_a_bad_code_gets_one_sentence_and_nothing_starts(app):
    setup, started = setup_with_starts(app, "sixtysix")
    click(app, setup.widget("Deal code"))
    panel = app.top
    type_text(app, "3DPR-D4")
    click(app, panel.widget("Play"))
    assert app.top is panel and not started
    assert "typing mistake" in str(panel.problem)
    app.draw()
    type_text(app, "x")                       # typing again clears the sentence
    assert panel.problem is None
    press(app, pygame.K_ESCAPE)
    assert app.top is setup and not started


def test_a_refusal_in_french_at_the_larger_text_stays_inside_the_panel(app, monkeypatch):
    """"Un code de donne ne contient pas de « L » : vérifiez les lettres et les chiffres."
    ran past both edges of the panel on one line, and the note above ran into the field:
    every line is measured and wrapped inside the panel, the field below the note."""
    from cardtable import i18n
    from cardtable.ui import theme

    monkeypatch.setattr(theme, "draw_text", _recording(theme.draw_text, drawn := []))
    i18n.set_language("fr")
    app.settings["text_size"] = "larger"
    app.apply_access()
    try:
        setup, started = setup_with_starts(app, "sixtysix")
        click(app, setup.widget("Deal code"))
        panel = app.top
        type_text(app, "hello")
        press(app, pygame.K_RETURN)
        assert panel.problem is not None and not started
        drawn.clear()
        panel.draw(app.screen)                # the panel's own words, not the setup's below
        p = panel.panel_rect()
        field = panel.field().rect
        lines = [(str(text), rect) for text, rect in drawn]
        said = [rect for text, rect in lines if "vérifiez" in text or "chiffres" in text]
        assert said, lines
        for text, rect in lines:
            assert p.contains(rect), (text, rect, p)
        note = [rect for text, rect in lines if "programme" in text or "ordinateurs" in text]
        assert note and max(r.bottom for r in note) <= field.top
        assert all(r.top >= field.bottom for r in said)
        buttons = min(w.rect.top for w in panel.form.widgets if w is not panel.field())
        assert all(r.bottom <= buttons for r in said)
    finally:
        i18n.set_language("en")
        app.settings["text_size"] = "normal"
        app.apply_access()


def _recording(draw_text, drawn: list):
    def record(surface, text, *args, **kwargs):
        rect = draw_text(surface, text, *args, **kwargs)
        drawn.append((text, rect))
        return rect
    return record


def test_the_daily_deal_starts_today_s_deal_of_the_game(app):
    setup, started = setup_with_starts(app, "japanese65")
    click(app, setup.widget("Daily deal"))
    [config] = started
    daily = records.daily_code("japanese65")
    assert config["seed"] == daily.seed and config["game"] == "japanese65"
    assert config["players"] == daily.players == len(config["seats"])
    assert config["options"] == dict(daily.options)


def test_a_code_of_a_later_deal_says_where_the_match_starts(app):
    """A rummy code may name the fifth hand of a match: the panel said only "A deal of The
    Game of 65 (rummy) for 4 players" and the match began at "Hand 5 of 12"."""
    later = records.encode(records.make_code("rummy65", 4, None, 4242, 1, deal=5))
    first = records.encode(records.make_code("rummy65", 4, None, 4242, 1))
    here = DealCodeScene(lambda code: None, game="rummy65")
    elsewhere = DealCodeScene(lambda code: None, game="sixtysix")
    for scene in (here, elsewhere):
        scene.set_text(later)
        assert "deal 5" in str(scene.code_words()).lower(), str(scene.code_words())
        scene.set_text(first)
        assert "deal 1" not in str(scene.code_words()).lower()
    here.set_text(later)
    assert str(here.code_words()) == "Deal 5 of a match of The Game of 65 (rummy) for 4 " \
                                     "players."


CHAT = "Hi! Here is the deal we played last night, try it: F4AW-938W — it is a good one"


def test_a_whole_line_typed_with_the_code_in_it_deals_the_code(app):
    """The end screen writes "Deal code: …": typing the whole line said "A deal code has no
    'L'"; a chat line was cut at 40 characters, before its code."""
    from cardtable.ui.scenes import dealcode

    for text in ("Deal code: F4AW-938W", CHAT):
        setup, started = setup_with_starts(app, "sixtysix")
        click(app, setup.widget("Deal code"))
        panel = app.top
        type_text(app, text)
        assert panel.field().text == text
        assert panel.code == records.decode("F4AW-938W")
        assert panel.found == "F4AW-938W"           # said under the field: what was read
        press(app, pygame.K_RETURN)
        assert len(started) == 1 and started[0]["seed"] == dealcode.EXAMPLE_SEED
        app.pop()


def test_a_pasted_line_puts_its_code_in_the_field(app, monkeypatch):
    from cardtable.ui.scenes import dealcode

    monkeypatch.setattr(dealcode, "clipboard_text", lambda: "Hi,\n" + CHAT + "\nbye")
    setup, started = setup_with_starts(app, "sixtysix")
    click(app, setup.widget("Deal code"))
    panel = app.top
    type_text(app, "junk")
    press(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    assert panel.field().text == "F4AW-938W" and panel.code is not None
    press(app, pygame.K_RETURN)
    assert len(started) == 1 and started[0]["seed"] == dealcode.EXAMPLE_SEED


def test_a_pasted_text_with_no_code_gets_one_sentence_and_nothing_starts(app, monkeypatch):
    from cardtable.ui.scenes import dealcode

    line = "Hi there, what is the code of last night's deal? I lost it. " * 5
    monkeypatch.setattr(dealcode, "clipboard_text", lambda: line)
    setup, started = setup_with_starts(app, "sixtysix")
    click(app, setup.widget("Deal code"))
    panel = app.top
    press(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    assert panel.field().text == line.strip()[:dealcode.FIELD_LENGTH]
    assert len(panel.field().text) > 40
    press(app, pygame.K_RETURN)
    assert app.top is panel and not started
    assert str(panel.problem).startswith("This text holds no deal code")


def test_a_code_with_its_last_symbol_left_out_is_a_typing_mistake_in_the_panel(app):
    setup, started = setup_with_starts(app, "sixtysix")
    click(app, setup.widget("Deal code"))
    panel = app.top
    type_text(app, "F4AW-938")
    press(app, pygame.K_RETURN)
    assert app.top is panel and not started and panel.code is None
    assert "typing mistake" in str(panel.problem)


def test_the_code_found_and_what_it_deals_stay_whole_inside_the_panel(app, monkeypatch):
    """A line typed whole says which code it read above what the code deals: in French at
    the larger text, a later deal of another game's code takes three lines under it."""
    from cardtable import i18n
    from cardtable.ui import theme

    later = records.encode(records.make_code("quebec65", 4, None, 4242, 1, deal=5))
    monkeypatch.setattr(theme, "draw_text", _recording(theme.draw_text, drawn := []))
    i18n.set_language("fr")
    app.settings["text_size"] = "larger"
    app.apply_access()
    try:
        setup, started = setup_with_starts(app, "japanese65")
        click(app, setup.widget("Deal code"))
        panel = app.top
        type_text(app, f"Code de la donne : {later}")
        assert panel.found == later and panel.problem is None
        drawn.clear()
        panel.draw(app.screen)
        p = panel.panel_rect()
        lines = [(str(text), rect) for text, rect in drawn]
        said = [(text, rect) for text, rect in lines if rect.top >= panel.field().rect.bottom
                and rect.bottom <= min(w.rect.top for w in panel.form.widgets
                                       if w is not panel.field())]
        assert said[0][0] == f"Le code trouvé dans ce texte : {later}", lines
        assert len(said) == 4 and said[-1][0].endswith("donne 5."), said
        assert all(p.contains(rect) for _, rect in lines)
        assert not started
    finally:
        i18n.set_language("en")
        app.settings["text_size"] = "normal"
        app.apply_access()
