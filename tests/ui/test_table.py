"""The table scene driven headless by posted mouse events (dummy video and audio drivers)."""

from __future__ import annotations

import re
import time

import pygame
import pytest

from cardtable.ai import make_bot
from cardtable.engine import registry
from cardtable.engine.core import Action
from cardtable.match import Match, Seat
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.table import TableScene, friendly
from cardtable.ui.tables import GameTable, table_class

DT = 1 / 60


def make_app(size=(1280, 720), speed="off"):
    app = App(size=size, settings={"animation_speed": speed, "sound": False})
    table_mod.install(app)
    return app


def start(app, game, seed=11, humans=(0,), speed=None, pace=0.0, first_dealer=None):
    n = 4 if game == "japanese65" else max(2, registry.get(game).min_players)
    seats = [Seat(f"P{i}", "human" if i in humans else "computer", "easy") for i in range(n)]
    match = Match(game, seats, seed=seed, pace=pace, first_dealer=first_dealer)
    scene = TableScene(match, speed=speed, pace=pace, sound=False)
    table_mod.show_table(app, scene)
    return scene


def mouse(kind, pos, **extra):
    data = {"pos": tuple(int(v) for v in pos)}
    if kind == pygame.MOUSEMOTION:
        data.update(rel=(0, 0), buttons=(1, 0, 0))
    else:
        data["button"] = 1
    data.update(extra)
    return pygame.event.Event(kind, data)


def drag_events(start, end, steps=4):
    out = [mouse(pygame.MOUSEBUTTONDOWN, start)]
    for i in range(1, steps + 1):
        t = i / steps
        out.append(mouse(pygame.MOUSEMOTION, (start[0] + (end[0] - start[0]) * t,
                                              start[1] + (end[1] - start[1]) * t)))
    out.append(mouse(pygame.MOUSEBUTTONUP, end))
    return out


def grab_point(table, sprite):
    """A point of ``sprite`` not covered by the next card of the fan (its index corner)."""
    r = sprite.rect()
    return (r.left + max(4, r.width // 8), r.centery)


def dismiss_overlays(app, table):
    """Close whatever the table pushed on top of itself (summary, match end)."""
    guard = 0
    while app.top is not table and app.top is not None and guard < 20:
        if table.finished:
            return
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                     unicode="\r", scancode=0)], DT)
        guard += 1
        if app.top is not table and guard > 3:
            app.pop()


def wait_for_human(app, table, timeout=20.0):
    """Step frames until it is the human's turn (computers move in their worker thread)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if table.finished or table.match.is_over and table.idle:
            return False
        if app.top is not table:
            dismiss_overlays(app, table)
            if table.finished:
                return False
        if table.my_turn():
            return True
        app.step([], DT)
        if table.match.thinking:
            time.sleep(0.0005)
    raise AssertionError("the human never got the turn")


def do_action(app, table, action: Action):
    """Perform ``action`` through the UI: drag a card, or click a control button."""
    game = table.game
    hand = table.zone(f"hand{table.viewer}")
    if action.kind == "play":
        sprite = next(s for s in hand if s.code == action.card)
        src = grab_point(table, sprite)
        dst = game.trick_rect().center
        app.step(drag_events(src, dst), DT)
        return
    if action.kind == "exchange" and game.trump_rect() is not None:
        nine = next(s for s in hand if s.code == "9" + game.trump)
        app.step(drag_events(grab_point(table, nine), game.trump_rect().center), DT)
        return
    if action.kind == "claim":  # below 66 points the button asks for a second click
        label, clicks = "Claim 66", 2
    else:
        label, clicks = next(c[0] for c in game.controls(table.legal) if c[1] == action), 1
    before = len(table.match.moves)
    for _ in range(clicks):
        if len(table.match.moves) > before:
            break
        button = table.button(label)
        assert button is not None and button.visible and button.enabled
        c = button.rect.center
        app.step([mouse(pygame.MOUSEBUTTONDOWN, c), mouse(pygame.MOUSEBUTTONUP, c)], DT)


def test_every_game_has_a_table():
    for game in registry.ids():
        assert issubclass(table_class(game), GameTable)
        assert table_class(game).game_id == game


def test_whole_sixtysix_match_through_drags():
    app = make_app()
    table = start(app, "sixtysix", seed=5)
    bot = make_bot("sixtysix", "easy", 1)
    kinds = set()
    moves = 0
    while wait_for_human(app, table):
        state = table.match.state
        action = bot.choose(state.clone(), table.viewer)
        before = len(table.match.moves)
        do_action(app, table, action)
        assert table.match.moves[before] == (table.viewer, action), f"{action} not applied"
        kinds.add(action.kind)
        moves += 1
        assert moves < 2000
    assert table.match.is_over
    assert table.finished
    assert "play" in kinds and {"claim", "marriage", "exchange"} & kinds
    assert max(table.match.state.match_scores) >= table.match.state.options["target"]
    # the picture shows the final scores
    assert table.scores == table.match.state.match_scores


def test_whole_japanese65_deal_through_drags():
    app = make_app()
    table = start(app, "japanese65", seed=3)
    captions = []
    shown = table.show_caption
    table.show_caption = lambda text, seconds=2.2: (captions.append(str(text)),
                                                   shown(text, seconds))
    state = table.match.state
    bot = make_bot("japanese65", "easy", 2)
    while state.deal_no == 1 and not state.is_over:
        assert wait_for_human(app, table)
        if state.deal_no != 1:
            break
        # the score panel's points of the deal so far are the engine's (side 0 is ours)
        lines = {str(label): value for label, value, _ in table.game.score_lines()}
        assert lines["Points this deal"] == "{} – {}".format(*state.deal_points()["points"])
        action = bot.choose(state.clone(), 0)
        before = len(table.match.moves)
        do_action(app, table, action)
        assert table.match.moves[before] == (0, action)
    assert len(state.score_sheet) == 1
    row = state.score_sheet[0]
    assert sum(row["points"]) == 65
    assert len(table.deal_rows) == 1 and table.deal_rows[0]["points"] == row["points"]
    # the last trick's caption says who won it and where its cards went, in plain words
    notes = [c for c in captions if "the trick: " in c]
    assert len(notes) >= 11, captions
    for note in notes:
        assert re.match(r"^(You win|\w+ wins) the trick: .+ is kept; the other three cards go "
                        r"to ", note), note


def test_every_card_is_in_one_zone_after_a_deal():
    app = make_app()
    table = start(app, "japanese65", seed=8)
    wait_for_human(app, table)
    counted = sum(len(z) for z in table.zones.values())
    assert counted == len(table.sprites) == 48
    assert len(table.zone("hand0")) == len(table.match.state.hand(0))
    assert sorted(s.code for s in table.zone("hand0")) == sorted(table.match.state.hand(0))


def _illegal_card(table):
    """A card in the human's hand that the rules forbid now (or None)."""
    legal = {a.card for a in table.match.legal_actions() if a.kind == "play"}
    for s in table.zone(f"hand{table.viewer}"):
        if s.code not in legal:
            return s
    return None


def test_illegal_drop_flies_back_and_changes_nothing():
    app = make_app(speed="normal")
    table = start(app, "japanese65", seed=4, speed="normal", first_dealer=2)
    bot = make_bot("japanese65", "easy", 3)
    # play until the human must follow suit with a choice restricted
    for _ in range(60):
        assert wait_for_human(app, table)
        bad = _illegal_card(table)
        if bad is not None:
            break
        do_action(app, table, bot.choose(table.match.state.clone(), 0))
    assert bad is not None
    for _ in range(40):
        app.step([], DT)
    before = table.match.state.to_json()
    hand_before = [s.code for s in table.zone("hand0")]
    home = bad.target[:2]
    app.step(drag_events(grab_point(table, bad), table.game.trick_rect().center), DT)
    assert table.match.state.to_json() == before
    assert bad.zone == "hand0"
    assert table.toast is not None and "follow suit" in table.toast[0]
    # the card flies back: after a moment it rests where it was
    for _ in range(40):
        app.step([], DT)
    assert (round(bad.x), round(bad.y)) == (round(home[0]), round(home[1]))
    assert [s.code for s in table.zone("hand0")] == hand_before
    # one click on it is refused at once, with the same reason: it is not lifted as a
    # card that could be played (a second click gave the reason)
    table.toast = None
    c = grab_point(table, bad)
    app.step([mouse(pygame.MOUSEBUTTONDOWN, c), mouse(pygame.MOUSEBUTTONUP, c)], DT)
    assert table.match.state.to_json() == before
    assert table.toast is not None and "follow suit" in table.toast[0]
    assert table.game.picked is None


def test_not_your_turn_toast():
    app = make_app(speed="normal")
    table = start(app, "japanese65", seed=9, speed="normal", pace=5.0, first_dealer=3)
    # dealer 3: seat 0 leads; let the human play, then try to play again at once
    assert wait_for_human(app, table)
    card = table.match.legal_actions()[0].card
    do_action(app, table, Action("play", card=card))
    for _ in range(60):
        app.step([], DT)
    assert table.match.to_act != 0
    before = table.match.state.to_json()
    sprite = table.zone("hand0")[0]
    app.step(drag_events(grab_point(table, sprite), table.game.trick_rect().center), DT)
    assert table.match.state.to_json() == before
    assert table.toast is not None and "turn" in str(table.toast[0]).lower()
    assert friendly.__name__ == "friendly"


def test_the_question_mark_says_why_no_hint_comes():
    """? did nothing at all where no hint is given (a network table, hints turned off, not
    the person's turn): it says why in a sentence; with hints on at the person's turn it
    asks for one."""
    app = make_app()
    table = start(app, "sixtysix", seed=3, first_dealer=1)
    assert wait_for_human(app, table)
    question = dict(key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?")
    app.settings["hint_button"] = False
    app.step([pygame.event.Event(pygame.KEYDOWN, **question)], DT)
    assert "Settings" in str(table.toast[0])
    app.settings["hint_button"] = True
    table.match.hints = False
    app.step([pygame.event.Event(pygame.KEYDOWN, **question)], DT)
    assert str(table.toast[0]) == "Hints are not given at this table."
    table.match.hints = True
    app.step([pygame.event.Event(pygame.KEYDOWN, **question)], DT)
    assert "hint" in str(table.toast[0]).lower() and table._hint is not None


@pytest.mark.parametrize("game", ["sixtysix", "japanese65"])
def test_a_card_dropped_away_from_the_middle_flies_back(game):
    """Dropped on the stock, the trump card or bare cloth, a card is not played; dropped in
    the middle (where the drop target is drawn) it is."""
    app = make_app()
    table = start(app, game, seed=21)
    assert wait_for_human(app, table)
    action = next(a for a in table.match.legal_actions() if a.kind == "play")
    sprite = next(s for s in table.zone(f"hand{table.viewer}") if s.code == action.card)
    w, h = app.size
    away = [(w * 0.04, h * 0.1)]
    if game == "sixtysix":
        away += [r.center for r in table.game.other_targets()]
        assert len(away) == 3
    before = table.match.state.to_json()
    for pos in away:
        app.step(drag_events(grab_point(table, sprite), pos), DT)
        for _ in range(30):
            app.step([], DT)
        assert table.match.state.to_json() == before, pos
        assert sprite.zone == f"hand{table.viewer}"
        assert table.toast is not None and "middle" in str(table.toast[0])
    area = table.game.play_area()
    assert area in table.game.drop_targets(sprite)
    app.step(drag_events(grab_point(table, sprite), (area.right - 3, area.bottom - 3)), DT)
    assert table.match.moves[-1] == (table.viewer, action)


def test_double_click_plays_a_card():
    app = make_app()
    table = start(app, "sixtysix", seed=21)
    assert wait_for_human(app, table)
    action = next(a for a in table.match.legal_actions() if a.kind == "play")
    sprite = next(s for s in table.zone(f"hand{table.viewer}") if s.code == action.card)
    p = grab_point(table, sprite)
    click = [mouse(pygame.MOUSEBUTTONDOWN, p), mouse(pygame.MOUSEBUTTONUP, p)]
    app.step(click + click, DT)
    assert table.match.moves[-1] == (table.viewer, action)


def test_a_click_plays_a_playable_card_at_once():
    """A trick game: one click on a playable card plays it (a first click that only picked
    it up looked like nothing: see tests/ui/test_click_to_play.py)."""
    app = make_app()
    table = start(app, "sixtysix", seed=21)
    assert wait_for_human(app, table)
    plays = [a for a in table.match.legal_actions() if a.kind == "play"]
    hand = table.zone(f"hand{table.viewer}")
    second = next(s for s in hand if s.code == plays[1].card)
    moves = len(table.match.moves)
    p = grab_point(table, second)
    app.step([mouse(pygame.MOUSEBUTTONDOWN, p), mouse(pygame.MOUSEBUTTONUP, p)], DT)
    assert table.match.moves[moves] == (table.viewer, plays[1])
    assert table.game.picked is None


def test_claim_below_66_asks_for_a_second_click():
    app = make_app()
    table = start(app, "sixtysix", seed=21)
    assert wait_for_human(app, table)
    assert table.match.view(table.viewer)["points"][table.viewer] < 66
    button = table.button("Claim 66")
    assert button is not None and button.style != "primary"
    c = button.rect.center
    moves = len(table.match.moves)
    app.step([mouse(pygame.MOUSEBUTTONDOWN, c), mouse(pygame.MOUSEBUTTONUP, c)], DT)
    assert len(table.match.moves) == moves
    assert "again" in table.toast[0]
    app.step([mouse(pygame.MOUSEBUTTONDOWN, c), mouse(pygame.MOUSEBUTTONUP, c)], DT)
    assert table.match.moves[moves] == (table.viewer, Action("claim"))


def test_reorder_by_drag_within_the_hand():
    app = make_app()
    table = start(app, "sixtysix", seed=22)
    assert wait_for_human(app, table)
    hand = table.zone(f"hand{table.viewer}")
    first = hand[0]
    before = table.match.state.to_json()
    end = (hand[-1].rect().right + 20, hand[-1].y)
    app.step(drag_events(grab_point(table, first), end), DT)
    assert hand[-1] is first
    assert table.manual_order
    assert table.match.state.to_json() == before


def test_resize_mid_animation():
    app = make_app(speed="normal")
    table = start(app, "japanese65", seed=6, speed="normal")
    for _ in range(20):  # the deal is flying
        app.step([], DT)
    assert any(s.tween is not None for s in table.sprites)
    app.resize((1920, 1080))
    app.step([], DT)
    assert table.game.size == (1920, 1080)
    for _ in range(400):
        app.step([], DT)
        if table.settled:
            break
    for s in table.sprites:
        tx, ty, _, _ = s.target
        assert 0 <= tx <= 1920 and 0 <= ty <= 1080
        assert (round(s.x), round(s.y)) == (round(tx), round(ty))
    hand = table.zone(f"hand{table.viewer}")
    assert hand and hand[0].width == table.game.cw
    # cards follow the new size: the human's hand sits at the bottom of the big window
    assert hand[0].y > 1080 * 0.8
    app.resize((1280, 720))
    for _ in range(5):
        app.step([], DT)
    assert all(s.target[1] <= 720 for s in table.sprites)


def test_click_skips_ahead():
    app = make_app(speed="normal")
    table = start(app, "japanese65", seed=7, speed="normal")
    app.step([], DT)
    assert not table.idle
    p = (5, 360)
    app.step([mouse(pygame.MOUSEBUTTONDOWN, p), mouse(pygame.MOUSEBUTTONUP, p)], DT)
    assert not any(s.tween is not None for s in table.sprites)
    assert len(table.zone("hand0")) == 12


def test_last_trick_review_with_key():
    app = make_app()
    table = start(app, "sixtysix", seed=30)
    bot = make_bot("sixtysix", "easy", 4)
    while table.game.last_trick() is None:
        assert wait_for_human(app, table)
        action = bot.choose(table.match.state.clone(), table.viewer)
        if action.kind != "play":
            action = next(a for a in table.match.legal_actions() if a.kind == "play")
        do_action(app, table, action)
        app.step([], DT)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l",
                                 scancode=0)], DT)
    assert table.review_hold
    app.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_l, mod=0, unicode="l",
                                 scancode=0)], DT)
    assert not table.review_hold


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_the_last_tricks_note_stays_inside_its_panel(size):
    """65 (Japanese)'s note says who keeps which card; it ran past both edges of the
    panel at 1280x720."""
    from cardtable.ui import theme

    app = make_app(size=size)
    table = start(app, "japanese65", seed=12)
    note = ("Theo wins the trick: your eight of hearts is kept; the other three cards go "
            "to Margot & Hana")
    panel, lines = table.review_panel(size, 4, note)
    assert " ".join(lines) == note
    assert screen_rect(app).contains(panel)
    for line in lines:
        assert theme.text_size(line, theme.px(14))[0] <= panel.width - theme.px(28)
    assert len(lines) == 1 or size[0] < 1000      # one line where the window has room
    table.match.close()


def screen_rect(app) -> pygame.Rect:
    return app.screen.get_rect()


@pytest.mark.parametrize("game", registry.ids())
def test_table_draws_at_two_sizes(game):
    for size in ((1280, 720), (1920, 1080)):
        app = make_app(size=size)
        table = start(app, game, seed=12)
        wait_for_human(app, table)
        app.step([], DT)
        surf = app.screen
        # the felt is green-ish in the middle and the hand is drawn (white card faces)
        r, g, b, _ = surf.get_at((size[0] // 2, size[1] // 3))
        assert g > r and g > b
        hand = table.zone(f"hand{table.viewer}")
        r = hand[-1].rect()   # the last card shows whole: white beside its middle pips
        x, y = r.right - max(3, r.width // 12), r.centery
        assert sum(surf.get_at((x, y))[:3]) > 450


def test_continue_returns_to_the_same_table():
    app = make_app()
    table = start(app, "sixtysix", seed=13)
    wait_for_human(app, table)
    assert app.has_match_in_progress()
    table.leave()
    assert app.top is not table
    app.resize((1600, 900))  # the window changes while the table is away
    app.continue_match()
    assert app.top is table
    app.step([], DT)
    hand = table.zone(f"hand{table.viewer}")
    assert hand[0].target[1] > 900 * 0.8 and table.game.size == (1600, 900)


def test_sixtysix_exchange_by_drag_and_close_by_clicking_the_stock():
    from cardtable.engine import registry

    deck = ["9H", "AS", "TS", "9S", "JS", "9C", "AC", "TC", "AD", "JC", "9D", "JD", "AH",
            "KH", "QH", "JH", "TH", "KS", "QS", "KC", "QC", "KD", "QD", "TD"]
    state = registry.get("sixtysix").new_match(players=2, seed=1, first_dealer=1,
                                               stacked_deck=deck)
    match = Match("sixtysix", [Seat("Ann", "human"), Seat("Bot", "computer", "easy")],
                  state=state, pace=0)
    app = make_app()
    table = table_mod.show_table(app, TableScene(match, pace=0.0, sound=False))
    assert wait_for_human(app, table)
    assert sorted(s.code for s in table.zone("hand0")) == sorted(state.hand(0))
    assert [s.code for s in table.zone("trump")] == ["AH"]
    do_action(app, table, Action("play", card="AS"))
    assert wait_for_human(app, table)
    assert state.tricks[0] == 1 and state.leader == 0
    nine = next(s for s in table.zone("hand0") if s.code == "9H")
    app.step(drag_events(grab_point(table, nine), table.game.trump_rect().center), DT)
    assert match.moves[-1] == (0, Action("exchange"))
    assert "AH" in state.hand(0) and state.stock[-1] == "9H"
    app.step([], DT)
    assert [s.code for s in table.zone("trump")] == ["9H"]
    assert "AH" in [s.code for s in table.zone("hand0")]
    c = table.game.stock_rect().center
    app.step([mouse(pygame.MOUSEBUTTONDOWN, c), mouse(pygame.MOUSEBUTTONUP, c)], DT)
    assert state.closed and state.closer == 0
    app.step([], DT)
    assert table.game.closed


@pytest.mark.parametrize("game", registry.ids())
def test_hint_button_names_a_legal_move_and_lights_its_cards(game):
    from cardtable.engine import registry

    app = make_app()
    n = registry.get(game).min_players
    seats = [Seat("P0", "human")] + [Seat(f"P{i}", "computer", "easy") for i in range(1, n)]
    match = Match(game, seats, seed=4, pace=0.0, budget=0.05)
    table = TableScene(match, speed="off", pace=0.0, sound=False)
    table_mod.show_table(app, table)
    assert wait_for_human(app, table)
    button = table.button("Hint")
    assert button is not None and button.visible
    c = button.rect.center
    app.step([mouse(pygame.MOUSEBUTTONDOWN, c), mouse(pygame.MOUSEBUTTONUP, c)], DT)
    deadline = time.monotonic() + 20
    while table.toast is None or "Hint:" not in str(table.toast[0]):
        assert time.monotonic() < deadline, "no hint came"
        app.step([], DT)
        time.sleep(0.005)
    assert table.match.moves == [] or table.my_turn()
    legal = table.match.legal_actions()
    cards = table.hint_cards
    assert all(any(code in (a.card, a.discard) or code in (a.cards or ()) for a in legal)
               for code in cards)
    app.step([], DT)
    hand = {s.code: s for s in table.zone(f"hand{table.viewer}")}
    assert all(hand[code].glow for code in cards if code in hand)
    # the hint is forgotten once the moment has passed
    app.set_setting("hint_button", False)
    assert table.button("Hint") is None
    match.close()


def test_hint_reason_is_worded_for_a_person_in_either_language():
    from cardtable import i18n
    from cardtable.ai.base import because
    from cardtable.ui.hints import hint_text

    act = Action("play", card="QS")
    reason = because("It takes the trick, worth {points} points.", points=13)
    try:
        assert str(hint_text(act, reason, ["A", "B"], game="sixtysix")) == \
            "Hint: play the queen of spades. It takes the trick, worth 13 points."
        # statistics in a plain string, a broken reason: the move alone
        assert str(hint_text(act, "expected +0.31 game points", ["A", "B"], game="sixtysix")) == \
            "Hint: play the queen of spades."
        assert str(hint_text(act, ["{missing} blank", {}], ["A", "B"], game="sixtysix")) == \
            "Hint: play the queen of spades."
        i18n.set_language("fr")
        text = str(hint_text(act, reason, ["A", "B"], game="sixtysix"))
        assert "dame de pique" in text and "13" in text and "trick" not in text, text
    finally:
        i18n.set_language("en")


def test_a_hint_to_draw_names_the_stock_as_the_table_does():
    from cardtable.ui.hints import hint_text
    from cardtable.ui.tables import table_class

    draw = Action("draw", source="stock")
    assert str(hint_text(draw, None, ["A", "B"], game="rummy65")) == \
        "Hint: draw from the stock."
    pairs = table_class("pairs65").STOCK_WORD
    assert str(hint_text(draw, None, ["A", "B"], pairs, game="pairs65")) == \
        "Hint: draw from the draw pile."


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_long_toast_takes_more_lines_not_more_width(size):
    """A hint with its reason is broken into lines no wider than a short message's band
    (wider, it reached over the labels of japanese65's piles), growing upwards: its lower
    edge stays where a one-line toast's is."""
    from cardtable.ui import theme

    app = make_app(size=size)
    table = start(app, "japanese65", seed=9)
    surface = app.screen
    table.show_toast("Play the ace.", 6.0, kind="info")
    table.toast[1] = 1.0
    short = table._draw_toast(surface)
    table.show_toast("Hint: play the queen of clubs. Winning with it costs little: only the "
                     "winning card goes to the other side.", 6.0, kind="info")
    table.toast[1] = 1.0
    long = table._draw_toast(surface)
    assert long.width <= theme.px(table.game.TOAST_WIDTH) + theme.px(36)
    assert long.height >= 2 * short.height - theme.px(18)
    assert long.bottom == short.bottom and long.centerx == short.centerx == size[0] // 2


def test_the_hint_tag_steps_aside_from_a_button_above_the_hand():
    """Sixty-Six's "Claim 66" stands just above the hand: a hint tag under it showed only
    its pointer. The tag moves sideways clear of every button, the nearer way."""
    from cardtable.ui import theme

    app = make_app()
    table = start(app, "sixtysix", seed=4)
    app.step([], DT)
    shown = [pygame.Rect(w.rect) for w in table.form.widgets if getattr(w, "visible", True)]
    button = shown[-1]
    tag = pygame.Rect(0, 0, 50, 22)
    tag.center = button.center
    moved = table._clear_of_buttons(tag, button.centerx, app.screen.get_width())
    assert moved.y == tag.y and moved != tag
    assert not any(moved.colliderect(b) for b in shown)
    # with room to breathe: not touching the button it stepped aside from
    assert not any(moved.colliderect(b.inflate(2 * theme.px(8), 0)) for b in shown)
    free = pygame.Rect(600, 300, 50, 22)                 # over the felt: stays put
    assert not any(free.colliderect(b) for b in shown)
    assert table._clear_of_buttons(free, 625, app.screen.get_width()) == free


def sixtysix_at_my_turn():
    """A Sixty-Six table (seed 4: "Claim 66" over the hand) at the person's first turn."""
    app = make_app()
    table = start(app, "sixtysix", seed=4)
    deadline = time.monotonic() + 30          # a computer may lead first, on its own thread
    while not (table.my_turn() and table.idle):
        assert time.monotonic() < deadline, "the person's turn did not come"
        app.step([], DT)
        time.sleep(0.001)
    return app, table


def test_a_hint_tag_stepped_aside_is_led_back_to_its_pointer():
    """The tag beside "Claim 66" stood apart from its pointer: a green line along the
    pointer's base now joins them; a tag where it belongs has none."""
    from cardtable.ui import theme

    app, table = sixtysix_at_my_turn()
    button = table.button("Claim 66")
    assert button is not None and button.visible
    hand = table.zones[f"hand{table.viewer}"]

    def line_pixels(card):
        table.hint_cards = {card.code}
        for _ in range(3):
            app.step([], DT)
        r = card.rect()
        tip_x = r.left + min(r.width // 2, theme.px(22))
        base = r.top - theme.px(3) - theme.px(9)
        row = range(tip_x + theme.px(40), tip_x + theme.px(60))     # beyond a tag in place
        # the tag's green, give or take the glow drawn over the hand's edge
        return sum(1 for x in row if all(abs(a - b) < 16 for a, b in
                                         zip(app.screen.get_at((x, base))[:3], theme.GOOD[:3],
                                             strict=True)))

    under = next(s for s in hand if button.rect.left < s.rect().left + theme.px(22)
                 < button.rect.right - theme.px(30))
    free = next(s for s in hand if s.rect().left + theme.px(22) + theme.px(60)
                < button.rect.left)
    assert line_pixels(under) == theme.px(20)
    assert line_pixels(free) == 0


def test_a_click_on_a_playable_card_plays_it_with_no_word_on_clicking_again():
    """"Click the card again to play it…" stayed up after the card was played; now the
    first click plays it, and no such word is shown."""
    app, table = sixtysix_at_my_turn()
    card = next(s for s in table.zones[f"hand{table.viewer}"] if s.code in table.playable)
    x, y = card.rect().midtop
    pos = (x, y + 30)                          # its top: no neighbour lies over it there
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.step([mouse(kind, pos)], DT)
    app.step([], DT)
    assert card.code not in {s.code for s in table.zones[f"hand{table.viewer}"]}
    assert table.toast is None or "again" not in str(table.toast[0])


def test_a_deal_s_last_caption_goes_when_its_summary_opens():
    """"You claim 66 with 77 points: correct!" stood over the next deal's dealing: the
    table stood still under the summary, its caption half shown."""
    from cardtable.ui.scenes.summary import SummaryScene

    app = make_app()
    table = start(app, "sixtysix", seed=3, humans=())
    deadline = time.monotonic() + 60          # the computers think on their own threads
    while not isinstance(app.top, SummaryScene):
        assert time.monotonic() < deadline, "the deal did not end"
        app.step([], DT)
        time.sleep(0.001)
    ev = table.summaries[-1]
    app.pop()
    table.show_caption("You claim 66 with 70 points: correct!", 3.0)
    table.show_toast("Not your turn.")
    table._show_summary(ev)
    assert isinstance(app.top, SummaryScene)
    assert table.caption is None and table.toast is None


def test_the_log_shows_whole_entries_only():
    """Six rows of wrapped entries: an entry cut by the top row is left out whole (its last
    words alone, "diamonds", stood at the top of the log)."""
    from cardtable.ui.theme import last_whole_rows as log_rows

    rows = [("Player 2 lays a pair:", 0, False), ("nine of hearts and nine of", 0, True),
            ("diamonds", 0, True), ("Player 3 draws", 1, False), ("You draw", 2, False),
            ("Player 2 discards the", 3, False), ("king of clubs", 3, True),
            ("Player 3 draws", 4, False)]
    assert log_rows(rows, 6) == rows[3:]
    assert log_rows(rows, 8) == rows
    long = [("a", 0, False)] + [(str(i), 0, True) for i in range(7)]
    assert log_rows(long, 6) == long[-6:]


def test_the_table_s_log_draws_whole_entries_in_its_room():
    """The table's log (``cardtable.ui.scenes.table.hud``) wraps long entries and, with more
    rows than room, leaves the oldest out whole: its panel is as tall as the newest whole
    entries that fit, never one row more."""
    from cardtable.ui import theme
    from cardtable.ui.scenes.table.hud import Hud

    app = make_app()
    table = start(app, "rummy65", seed=11)
    assert isinstance(table, Hud)
    table.log.clear()
    long = "Player 2 lays a meld of the nine of hearts, the nine of diamonds and a joker"
    for text in [long, "Player 3 draws", long, "You draw", long]:
        table.log.append(text)
    surface = pygame.Surface(app.size)
    table._draw_log(surface)
    (img,) = [v for k, v in table._panel_cache.items() if k[0] == "log"]
    fnt, room = theme.font(theme.px(14)), table.log_room()
    heights = [len(theme.wrap(t, fnt, theme.px(250) - theme.px(30))) for t in table.log]
    assert max(heights) > 1                      # the long entries do wrap
    fit, used = 0, 0
    for h in reversed(heights):
        if used + h > room:
            break
        fit, used = fit + 1, used + h
    assert 0 < fit < len(heights)                # some entries are left out
    assert img.get_height() == theme.px(16) + theme.px(table.LOG_ROW) * used


@pytest.mark.parametrize("game", ["japanese65", "rummy65"])
def test_a_name_plate_stays_put_as_its_hand_shrinks(game):
    """The plates beside the hands moved sideways with every card played (and, in the
    rummies, back and forth with every draw and discard)."""
    app = make_app()
    table = start(app, game, seed=12)
    seat = table.viewer
    bot = make_bot(game, "easy", 3)

    def moves(k: int) -> list[tuple[int, tuple]]:
        """(cards in hand, where the plate is) after each of ``k`` moves of the person's."""
        out = []
        for _ in range(k):
            assert wait_for_human(app, table)
            assert table.try_action(bot.choose(table.match.state.clone(), seat))
            for _ in range(30):
                app.step([], DT)
            out.append((len(table.zone(f"hand{seat}")), table.game.plate_anchor(seat)))
        return out

    moves(2)            # a rummy's hand holds one card more once the first card is drawn
    later = moves(3)
    assert len({n for n, _ in later}) >= 2                # the hand changed size meanwhile
    assert len({where for _, where in later}) == 1        # and its plate stayed
    table.match.close()
