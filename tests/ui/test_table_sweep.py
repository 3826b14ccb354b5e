"""The table after the newcomer's sweep: focus ring, hints, Esc, the first click after the
computers, the rules from the table. Each test failed on the table as it was before."""

from __future__ import annotations

import time

import pygame
import pytest

from cardtable.match import Match, Seat
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.confirm import ConfirmScene
from cardtable.ui.scenes.table import TableScene

from .test_keyboard import key, wait_turn
from .test_keyboard import start as key_start
from .test_table import DT, make_app, mouse, wait_for_human

K = pygame


def _index_corner(sprite) -> pygame.Rect:
    """Where a card of the fan shows its rank and suit (inside the rounded corner)."""
    r = sprite.rect()
    inset = max(5, r.width // 14)
    return pygame.Rect(r.left + inset, r.top + inset, r.width // 5, r.height // 4)


def _pixels(surface, rect: pygame.Rect) -> list:
    return [tuple(surface.get_at((x, y))) for y in range(rect.top, rect.bottom, 2)
            for x in range(rect.left, rect.right, 2)]


def test_focused_card_hides_no_neighbours_index():
    """The ring frames the focused card under the next card of the fan: the neighbour's
    index looks exactly as without any focus."""
    app, table = key_start("sixtysix", 2, seed=5)
    assert wait_turn(app, table)
    hand = table.zone("hand0")
    for _ in range(30):
        app.step([], DT)
    neighbour = hand[1]
    corner = _index_corner(neighbour)
    plain = _pixels(app.screen, corner)
    key(app, K.K_HOME)                 # shows the focus
    key(app, K.K_HOME)                 # on the first card of the hand
    assert table.keys.focused_card() is hand[0]
    for _ in range(30):                # the focused card rises fully
        app.step([], DT)
    assert table.keys.focus_rect() is not None
    assert _index_corner(neighbour) == corner           # the neighbour did not move
    assert _pixels(app.screen, corner) == plain


def _ask_hint(app, table) -> None:
    button = table.button("Hint")
    assert button is not None and button.visible
    c = button.rect.center
    app.step([mouse(pygame.MOUSEBUTTONDOWN, c), mouse(pygame.MOUSEBUTTONUP, c)], DT)
    deadline = time.monotonic() + 30
    while not table.hint_cards:
        assert time.monotonic() < deadline, "no hint came"
        app.step([], DT)
        time.sleep(0.005)


def _hint_table(game="japanese65", players=4, seed=4):
    app = make_app()
    seats = [Seat("P0", "human")] + [Seat(f"P{i}", "computer", "easy")
                                     for i in range(1, players)]
    match = Match(game, seats, seed=seed, pace=0.0, budget=0.05)
    table = table_mod.show_table(app, TableScene(match, speed="off", pace=0.0, sound=False))
    assert wait_for_human(app, table)
    return app, table


def test_enter_after_a_hint_plays_the_hinted_card():
    app, table = _hint_table()
    try:
        _ask_hint(app, table)
        (code,) = table.hint_cards
        n = len(table.match.moves)
        key(app, K.K_RETURN)
        assert len(table.match.moves) == n + 1
        seat, action = table.match.moves[n]
        assert seat == 0 and action.kind == "play" and action.card == code
        # the hint's message goes with the move it was about (it stayed up through the
        # other players' moves, naming a card no longer held)
        app.step([], DT)
        assert table.toast is None or "Hint:" not in str(table.toast[0])
    finally:
        table.match.close()


def test_a_hinted_card_wears_a_tag_a_drawn_card_does_not():
    app, table = _hint_table()
    try:
        _ask_hint(app, table)
        (code,) = table.hint_cards
        card = next(s for s in table.zone("hand0") if s.code == code)
        for _ in range(20):
            app.step([], DT)
        r = card.rect()
        above = pygame.Rect(r.left, r.top - theme_px(34), min(r.width, theme_px(60)),
                            theme_px(30))
        green = [p for p in _pixels(app.screen, above) if p[1] > 170 and p[0] < 160]
        assert len(green) > 20, "no hint tag above the card"
        # the tag goes with the hint
        key(app, K.K_ESCAPE)
        assert not table.hint_cards and app.top is table
        for _ in range(20):
            app.step([], DT)
        green = [p for p in _pixels(app.screen, above) if p[1] > 170 and p[0] < 160]
        assert len(green) < 5
    finally:
        table.match.close()


def theme_px(v: int) -> int:
    from cardtable.ui import theme

    return theme.px(v)


def test_escape_asks_before_leaving_even_with_a_card_focused():
    app, table = key_start("sixtysix", 2, seed=5)
    assert wait_turn(app, table)
    key(app, K.K_RIGHT)                # a card of the hand is focused
    assert table.keys.focus_rect() is not None
    key(app, K.K_ESCAPE)               # nothing to undo: a question, not the menu at once
    assert isinstance(app.top, ConfirmScene)
    key(app, K.K_ESCAPE)               # Esc on the question: stay
    assert app.top is table
    key(app, K.K_ESCAPE)
    question = app.top
    assert isinstance(question, ConfirmScene)
    yes = next(w for w in question.form.widgets if w.name == "yes")
    c = yes.rect.center
    app.step([mouse(pygame.MOUSEBUTTONDOWN, c), mouse(pygame.MOUSEBUTTONUP, c)], DT)
    assert table not in app.stack


def test_first_click_on_the_stock_after_the_computers_is_not_swallowed():
    """The computers' cards are still landing when the person clicks the stock: the click
    puts them in place and draws, instead of being used up to hurry the cards along."""
    app = make_app(speed="normal")
    seats = [Seat("P0", "human")] + [Seat(f"P{i}", "computer", "easy") for i in (1, 2)]
    match = Match("rummy65", seats, seed=3, pace=0.0, first_dealer=0)
    table = table_mod.show_table(app, TableScene(match, speed="normal", pace=0.0,
                                                 sound=False))
    try:
        deadline = time.monotonic() + 60
        # until the computers have moved and the engine waits for the person while the
        # picture still shows cards in the air
        while not (table.match.to_act == 0 and table.match.moves and
                   table.match.moves[-1][0] != 0 and not table.idle):
            assert time.monotonic() < deadline, "never caught the computers' cards landing"
            if app.top is not table:
                app.pop()
            app.step([], DT)
            time.sleep(0.001)
        stock = table.zone("stock")[-1].rect().center
        n = len(table.match.moves)
        app.step([mouse(pygame.MOUSEBUTTONDOWN, stock), mouse(pygame.MOUSEBUTTONUP, stock)],
                 DT)
        assert len(table.match.moves) == n + 1
        assert table.match.moves[n][0] == 0 and table.match.moves[n][1].kind == "draw"
    finally:
        match.close()


def _trick_pause(game: str, speed: str) -> float:
    """Seconds of animation time a completed trick lies still before it is gathered."""
    from .test_table import start as table_start

    app = make_app(speed=speed)
    table = table_start(app, game, seed=7, humans=(), speed=speed)
    n = 4 if game == "japanese65" else 2
    clock, still_since, deadline = 0.0, None, time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            if app.top is not table:
                app.pop()
            app.step([], DT)
            clock += DT
            trick = table.zone("trick")
            if still_since is None:
                if len(trick) == n and not any(s.moving for s in trick):
                    still_since, cards = clock, list(trick)
            elif any(s.flying for s in cards):
                return clock - still_since
            time.sleep(0.0005)
        raise AssertionError("no trick was gathered")
    finally:
        table.match.close()


def test_a_completed_trick_stays_about_a_second_and_a_fifth():
    pause = _trick_pause("japanese65", "normal")
    assert 1.1 <= pause <= 1.45, pause
    assert 1.1 <= _trick_pause("sixtysix", "normal") <= 1.45
    # the speed setting scales it
    assert _trick_pause("japanese65", "fast") < pause * 0.8


def test_rules_from_the_table_and_from_the_menu_open_on_the_game_played():
    from cardtable.ui.scenes.menu import MenuScene
    from cardtable.ui.scenes.rules import RulesScene

    app, table = key_start("pairs65", 2, seed=5)
    assert wait_turn(app, table)
    rules = table.button("Rules")
    assert rules is not None and rules.visible
    c = rules.rect.center
    app.step([mouse(pygame.MOUSEBUTTONDOWN, c), mouse(pygame.MOUSEBUTTONUP, c)], DT)
    assert isinstance(app.top, RulesScene) and app.top.game_id == "pairs65"
    key(app, K.K_ESCAPE)
    assert app.top is table
    key(app, K.K_F2)                       # the key does the same
    assert isinstance(app.top, RulesScene) and app.top.game_id == "pairs65"
    key(app, K.K_ESCAPE)
    table.leave()                          # to the menu, the match kept
    assert isinstance(app.top, MenuScene)
    app.top.rules()
    assert isinstance(app.top, RulesScene) and app.top.game_id == "pairs65"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_sixtysix_buttons_keep_off_the_players_trick_pile(lang, size):
    """Marriage, exchange, close and claim at once, with larger cards and the largest text:
    the row stays clear of the player's own trick pile (and of the window's edges)."""
    from cardtable import i18n
    from cardtable.engine.core import Action
    from cardtable.i18n import N_, Msg
    from cardtable.ui.app import App
    from cardtable.ui.cardart import card_height

    i18n.set_language(lang)
    try:
        app = App(size=size, settings={"animation_speed": "off", "sound": False,
                                       "text_size": "larger", "large_cards": True})
        table_mod.install(app)
        match = Match("sixtysix", [Seat("Ann", "human"), Seat("Bert", "computer", "easy")],
                      seed=5, pace=0.0)
        table = table_mod.show_table(app, TableScene(match, speed="off", pace=0.0,
                                                     sound=False))
        assert wait_for_human(app, table)
        g = table.game
        g.controls = lambda legal: [
            (Msg("Marriage in {suit} ({pts})", suit=N_("hearts"), pts=40),
             Action("marriage", suit="H")),
            (N_("Exchange the nine"), Action("exchange")),
            (N_("Close the stock"), Action("close")),
            (N_("Claim 66"), Action("claim"), "primary")]
        table.rebuild_controls()
        app.step([], DT)
        pw = g.pile_width()
        pile = pygame.Rect(0, 0, pw, card_height(pw))
        pile.center = (int(g.won_pos(0)[0]), int(g.won_pos(0)[1]))
        pile.height += theme_px(26)            # and its label below
        buttons = [w for w in table.form.widgets if w.name in {
            i18n.tr(c[0]) for c in g.controls([])}]
        assert len(buttons) == 4
        screen = pygame.Rect((0, 0), size)
        for i, b in enumerate(buttons):
            assert not b.rect.colliderect(pile), (b.name, b.rect, pile)
            assert screen.contains(b.rect)
            assert not any(b.rect.colliderect(o.rect) for o in buttons[i + 1:])
        match.close()
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("game,players", [("rummy65", 8), ("quebec65", 8), ("pairs65", 4),
                                          ("japanese65", 4), ("sixtysix", 2)])
def test_every_face_up_card_shows_an_index_as_tall_as_the_smallest_hand(game, players):
    """Computers play every seat at 1280x720 until melds and pairs lie on the table: no
    card face at rest is narrower than a hand at its smallest (opponents' melds were 38 px,
    an index of 8 px)."""
    from cardtable.ui.cardart import MIN_FACE_WIDTH

    app = make_app()
    seats = [Seat(f"P{i}", "computer", "easy") for i in range(players)]
    match = Match(game, seats, seed=5, pace=0.0)
    table = table_mod.show_table(app, TableScene(match, speed="off", pace=0.0, sound=False))
    seen: set[int] = set()
    deadline = time.monotonic() + 40
    try:
        while time.monotonic() < deadline and len(match.moves) < 160 and not match.is_over:
            if app.top is not table:
                app.pop()
            app.step([], DT)
            for s in table.sprites:
                if s.face_up and s.code and not s.hidden and not s.moving and s.zone:
                    seen.add(s.width)
            time.sleep(0.0005)
        assert seen and min(seen) >= MIN_FACE_WIDTH, sorted(seen)
    finally:
        match.close()


def test_a_move_made_before_the_hint_comes_takes_its_waiting_message_away():
    """"Thinking about a hint…" stayed up for its eight seconds when the person played
    before the hint came."""
    app, table = _hint_table()
    try:
        table.ask_hint()
        assert table.toast is not None and "hint" in str(table.toast[0]).lower()
        legal = table.match.legal_actions()
        assert table.try_action(legal[0])
        app.step([], DT)
        assert table.toast is None or "hint" not in str(table.toast[0]).lower()
    finally:
        table.match.close()
