"""Every game played with the keyboard only: KEYDOWN events, no mouse event at all.

A simple policy (the easy bot of ``make_bot``, on a clone of the state) chooses each
move of the human seat; the test finds where the focus must go (the table's keyboard
targets), presses arrow keys until it is there, then the keys that make the move, and
checks that the engine received exactly the chosen move. The summaries between deals are
closed with Enter too.
"""

from __future__ import annotations

import time

import pygame
import pytest

from cardtable.ai import make_bot
from cardtable.engine import registry
from cardtable.engine.core import Action
from cardtable.match import Match, Seat
from cardtable.ui.keyboard import FOCUS
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.table import TableScene

from .test_table import DT, make_app

K = pygame


def key(app, k, mod=0):
    """One key press (KEYDOWN only, as the table reads it)."""
    uni = chr(k) if 32 <= k < 127 else ("\r" if k == K.K_RETURN else "")
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=uni, scancode=0)], DT)


def start(game: str, n: int, seed: int, **options) -> tuple:
    state = registry.get(game).new_match(players=n, seed=seed, **options)
    names = ["Ann", "Bert", "Cleo", "Dan", "Eve"]
    seats = [Seat(names[i], "human" if i == 0 else "computer", "easy") for i in range(n)]
    match = Match(game, seats, state=state, seed=seed, pace=0)   # seeded computers too
    app = make_app()
    table = table_mod.show_table(app, TableScene(match, pace=0.0, sound=False))
    return app, table


def wait_turn(app, table, timeout=30.0) -> bool:
    """Frames until the human is to act; overlays (summary, match end) closed with Enter."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if app.top is not table:
            if table.finished:
                return False
            key(app, K.K_RETURN)
            continue
        if table.match.is_over and table.idle:
            return False
        if table.my_turn():
            return True
        app.step([], DT)
        if table.match.thinking:
            time.sleep(0.0005)
    raise AssertionError("the human never got the turn")


def card_name(table, code: str) -> str:
    zones = [f"hand{table.viewer}"] + [z for z in table.zones if z.startswith("stage")]
    for z in zones:
        for s in table.zones.get(z, []):
            if s.code == code:
                return f"card{s.id}"
    raise AssertionError(f"{code} is neither in the hand nor staged")


def go_to(app, table, name: str, limit: int = 80) -> None:
    """Arrow keys until the focus rests on the target called ``name``."""
    kb = table.keys
    for _ in range(limit):
        rows = kb.rows()
        cur = kb.current(rows) if kb.shown else None
        if cur is None:
            key(app, K.K_RIGHT)          # the first key shows the focus
            continue
        if cur.name == name:
            return
        where = [i for i, (_, ts) in enumerate(rows) if any(t.name == name for t in ts)]
        assert where, f"no target {name!r} in {[(r, [t.name for t in ts]) for r, ts in rows]}"
        row = [r[0] for r in rows].index(kb.row)
        if where[0] != row:
            key(app, K.K_UP if where[0] < row else K.K_DOWN)
            continue
        targets = rows[row][1]
        i = next(i for i, t in enumerate(targets) if t.name == name)
        key(app, K.K_RIGHT if i > kb.index else K.K_LEFT)
    raise AssertionError(f"the focus never reached {name!r}")


def button_name(table, action) -> str:
    label = next(c[0] for c in table.game.controls(table.legal) if c[1] == action)
    return f"button:{label}"


def applied(table, before: int, action) -> None:
    moves = table.match.moves
    assert len(moves) > before, f"{action} was not applied"
    seat, done = moves[before]
    assert seat == 0
    if action.kind in ("go_out", "lay"):
        assert sorted(map(sorted, done.melds)) == sorted(map(sorted, action.melds))
        assert getattr(done, "discard", None) == getattr(action, "discard", None)
    elif action.kind == "pair":
        assert sorted(done.cards) == sorted(action.cards)
    else:
        assert done == action


# --------------------------------------------------------------------------- trick games


def play_card(app, table, code: str, turn: int) -> None:
    go_to(app, table, card_name(table, code))
    if turn % 2:
        key(app, K.K_SPACE)     # pick it up...
        assert table.game.picked is not None
        key(app, K.K_SPACE)     # ...and play it
    else:
        key(app, K.K_RETURN)


def test_japanese65_deal_with_keys_only():
    app, table = start("japanese65", 4, seed=3)
    state = table.match.state
    bot = make_bot("japanese65", "easy", 2)
    turn = 0
    while state.deal_no == 1 and not state.is_over and wait_turn(app, table):
        if state.deal_no != 1:
            break
        action = bot.choose(state.clone(), 0)
        before = len(table.match.moves)
        play_card(app, table, action.card, turn)
        applied(table, before, action)
        turn += 1
    assert turn == 12
    assert len(state.score_sheet) == 1 and sum(state.score_sheet[0]["points"]) == 65


def test_sixtysix_match_with_keys_only():
    app, table = start("sixtysix", 2, seed=5)
    match, state = table.match, table.match.state
    bot = make_bot("sixtysix", "easy", 1)
    kinds: dict[str, int] = {}
    turn = 0
    while wait_turn(app, table):
        action = bot.choose(state.clone(), 0)
        before = len(match.moves)
        n = kinds.get(action.kind, 0)
        if action.kind == "play":
            play_card(app, table, action.card, turn)
        elif action.kind == "marriage":
            if n % 2 and len([a for a in table.legal if a.kind == "marriage"]) == 1:
                key(app, K.K_m)
            else:
                go_to(app, table, button_name(table, action))
                key(app, K.K_RETURN)
        elif action.kind == "exchange":
            if n % 2:
                key(app, K.K_e)
            else:
                go_to(app, table, "trump")
                key(app, K.K_RETURN)
        elif action.kind == "close":
            if n % 2:
                key(app, K.K_s)
            else:
                go_to(app, table, "stock")
                key(app, K.K_SPACE)
        elif action.kind == "claim":
            key(app, K.K_c)
            if len(match.moves) == before:  # below 66: asked to press again
                key(app, K.K_c)
        applied(table, before, action)
        kinds[action.kind] = n + 1
        turn += 1
        assert turn < 600
    assert match.is_over and table.finished
    assert "play" in kinds and {"claim", "marriage", "exchange"} & set(kinds)
    assert table.scores == state.match_scores


# --------------------------------------------------------------------------- pairs65


def test_pairs65_game_with_keys_only():
    app, table = start("pairs65", 3, seed=4)
    match, state = table.match, table.match.state
    bot = make_bot("pairs65", "easy", 3)
    game = table.game
    kinds: dict[str, int] = {}
    turns = 0
    while state.deal_no == 1 and wait_turn(app, table):
        if state.deal_no != 1:
            break
        action = bot.choose(state.clone(), 0)
        swaps = [a for a in table.legal if a.kind == "swap"]
        if swaps and "swap" not in kinds:
            action = swaps[len(swaps) // 2]     # one swap at least, with the keys
        before = len(match.moves)
        n = kinds.get(action.kind, 0)
        if action.kind == "draw":
            if n % 2:
                key(app, K.K_d if action.source == "stock" else K.K_t)
            else:
                go_to(app, table, "stock" if action.source == "stock" else "pile")
                key(app, K.K_RETURN)
        elif action.kind == "swap":
            go_to(app, table, card_name(table, action.card))
            key(app, K.K_SPACE)                     # select it
            go_to(app, table, f"seat{action.target}")
            key(app, K.K_RETURN)                    # offer it to that player
        elif action.kind == "pair":
            for code in action.cards:
                go_to(app, table, card_name(table, code))
                if not any(s.code == code for s in game.selection()):
                    key(app, K.K_SPACE)
            assert sorted(s.code for s in game.selection()) == sorted(action.cards)
            if n % 2:
                key(app, K.K_p)
            else:
                go_to(app, table, "button:Lay pair")
                key(app, K.K_SPACE)
        elif action.kind in ("discard", "give"):
            go_to(app, table, card_name(table, action.card))
            key(app, K.K_RETURN)
        elif action.kind == "done":
            if n % 2:
                key(app, K.K_e)
            else:
                go_to(app, table, "button:End turn")
                key(app, K.K_RETURN)
        applied(table, before, action)
        kinds[action.kind] = n + 1
        turns += 1
        assert turns < 400
    assert len(state.score_sheet) == 1 or state.is_over
    assert {"draw", "pair", "discard", "swap"} <= set(kinds)


# --------------------------------------------------------------------------- the rummies


def stage(app, table, melds, use_hold: bool) -> None:
    """Build the staging groups for ``melds`` with N, the number keys, or Space (hold)."""
    game = table.game
    for meld in melds:
        first, *rest = meld
        go_to(app, table, card_name(table, first))
        key(app, K.K_n)
        number = len(game.stage_ids)
        zone = game.stage_zones()[-1]
        for j, code in enumerate(rest):
            go_to(app, table, card_name(table, code))
            if use_hold and j % 2 == 0:
                key(app, K.K_SPACE)                          # pick it up
                assert table.keys.held is not None
                go_to(app, table, f"card{table.zone(zone)[0].id}")
                key(app, K.K_SPACE)                          # put it on the group
            else:
                key(app, getattr(K, f"K_{number}"))
        assert sorted(s.code for s in table.zone(zone)) == sorted(meld)


@pytest.mark.parametrize("game, seed, out", [("rummy65", 3, "go_out"), ("quebec65", 4, "lay")])
def test_rummy_hand_with_keys_only(game, seed, out):
    # the seeds give a hand where the human goes out (rummy65) or lays down on a last
    # turn (quebec65) after several turns of drawing and discarding
    app, table = start(game, registry.get(game).min_players, seed=seed)
    match, state = table.match, table.match.state
    bot = make_bot(game, "easy", 5)
    kinds: dict[str, int] = {}
    turns = 0
    while state.deal_no == 1 and wait_turn(app, table):
        if state.deal_no != 1:
            break
        action = bot.choose(state.clone(), 0)
        before = len(match.moves)
        n = kinds.get(action.kind, 0)
        if action.kind == "draw":
            if n % 2:
                key(app, K.K_d if action.source == "stock" else K.K_t)
            else:
                go_to(app, table, "stock" if action.source == "stock" else "pile")
                key(app, K.K_RETURN)
        elif action.kind == "discard":
            go_to(app, table, card_name(table, action.card))
            key(app, K.K_RETURN)
        elif action.kind in ("go_out", "lay"):
            stage(app, table, action.melds, use_hold=not n % 2)
            key(app, K.K_g)
        applied(table, before, action)
        if action.kind == "lay":
            assert not table.game.stage_ids
        kinds[action.kind] = n + 1
        turns += 1
        assert turns < 300
    assert state.deal_no >= 2 or state.is_over
    assert len(state.score_sheet) >= 1
    assert {"draw", "discard", out} <= set(kinds)


# --------------------------------------------------------------------------- the picture


def test_focus_outline_is_drawn_and_follows_the_keys():
    app, table = start("sixtysix", 2, seed=5)
    assert wait_turn(app, table)
    app.step([], DT)
    assert table.keys.focus_rect() is None          # no key pressed yet: no outline

    def cyan(pos) -> bool:
        """The focus colour (it pulses towards white): not the felt, a card or the gold glow."""
        r, g, b, *_ = app.screen.get_at(pos)
        return b >= 235 and g >= 215 and FOCUS[0] - 10 <= r <= 150

    before = table.keys.focus_rect()
    assert before is None
    key(app, K.K_RIGHT)
    rect = table.keys.focus_rect()
    assert rect is not None
    hand = table.zone("hand0")
    assert table.keys.focused_card() in hand
    app.step([], DT)
    # the outline's bright ring lies just outside the card, all round
    ring = [(rect.centerx, rect.top - y) for y in range(3, 12)]
    assert any(cyan(p) for p in ring), [tuple(app.screen.get_at(p)) for p in ring]
    left = [(rect.left - x, rect.centery) for x in range(3, 12)]
    assert any(cyan(p) for p in left)
    # Right moves it to the next card, Up to the table (stock / trump card)
    first = table.keys.focused_card()
    key(app, K.K_RIGHT)
    assert table.keys.focused_card() is hand[hand.index(first) + 1]
    key(app, K.K_UP)
    key(app, K.K_UP)
    app.step([], DT)
    assert table.keys.row == "table"
    r2 = table.keys.focus_rect()
    assert any(cyan((r2.centerx, r2.top - y)) for y in range(3, 12))
    # a mouse click hides it; a key shows it again
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 400), button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 400), button=1)], DT)
    assert table.keys.focus_rect() is None
    key(app, K.K_DOWN)
    assert table.keys.focus_rect() is not None
    # Tab goes round the buttons in the order they are seen; the focus follows, Enter presses
    for _ in range(6):
        key(app, K.K_TAB)
        assert table.keys.row == "buttons"
        assert table.form.focused is not None
        assert table.keys.focus == f"button:{table.form.focused.name}"
        if table.keys.focus == "button:Close the stock":
            break
    assert table.keys.focus == "button:Close the stock"
    moves = len(table.match.moves)
    key(app, K.K_RETURN)
    assert table.match.moves[moves] == (0, Action("close"))


def test_f1_shows_and_hides_the_keys():
    app, table = start("rummy65", 3, seed=8)
    assert wait_turn(app, table)
    app.step([], DT)
    centre = (640, 360)
    plain = app.screen.copy()
    key(app, K.K_F1)
    assert table.keys.help
    shown = app.screen.copy()
    panel = table.keys.help_rect
    assert panel.width > 500 and panel.height > 300
    assert panel.collidepoint(centre)
    # the panel darkens the table under it
    diff = sum(1 for x in range(panel.left + 10, panel.right - 10, 25)
               for y in range(panel.top + 10, panel.bottom - 10, 25)
               if plain.get_at((x, y)) != shown.get_at((x, y)))
    assert diff > 50
    # the game's own keys are listed
    lines = [text for _, text in table.keys.help_lines()]
    assert "Draw from the stock" in lines and any("new meld" in t for t in lines)
    # each key is listed once, and no last trick at a rummy table
    keys = [k for k, _ in table.keys.general_lines() + table.keys.help_lines()]
    assert len(keys) == len(set(keys)) and "L (hold)" not in keys and "Space" in keys
    # other keys do nothing while it is up; F1 hides it
    moves = len(table.match.moves)
    key(app, K.K_d)
    assert len(table.match.moves) == moves and table.keys.help
    key(app, K.K_F1)
    assert not table.keys.help
    again = app.screen.copy()
    assert again.get_at(centre) != shown.get_at(centre) or \
        again.get_at((panel.left + 30, panel.top + 30)) != shown.get_at(
            (panel.left + 30, panel.top + 30))
    # Esc closes it too, and leaves the table where it was
    key(app, K.K_F1)
    key(app, K.K_ESCAPE)
    assert not table.keys.help and app.top is table


@pytest.mark.parametrize("game, says", [
    ("rummy65", "going out when the rest is laid"),   # one card is discarded going out
    ("quebec65", "lay every card with G"),            # going out leaves nothing to discard
])
def test_f1_says_how_enter_goes_out_in_each_rummy(game, says):
    app, table = start(game, 3, seed=8)
    enter = [text for k, text in table.keys.help_lines() if k == "Enter"]
    assert len(enter) == 1 and says in enter[0]


def test_tab_goes_round_the_buttons_as_they_are_seen():
    app, table = start("rummy65", 3, seed=8)
    assert wait_turn(app, table)
    key(app, K.K_d)
    for _ in range(5):
        app.step([], DT)
    seen = [k.name for k in table.keys.button_targets()]
    assert "button:Arrange for me" in seen and seen[-1] == "button:Rules"
    order = []
    for _ in range(len(seen)):
        key(app, K.K_TAB)
        order.append(table.keys.focus)
        assert table.keys.focus == f"button:{table.form.focused.name}"
    assert order == seen                     # "Arrange for me" before "Rules" in the corner
    key(app, K.K_TAB)
    assert table.keys.focus == seen[0]       # and round again
    key(app, K.K_TAB, mod=K.KMOD_SHIFT)
    assert table.keys.focus == seen[-1]      # Shift+Tab goes back round
    key(app, K.K_TAB, mod=K.KMOD_SHIFT)
    assert table.keys.focus == seen[-2]
    table.match.close()


def test_a_hint_naming_a_card_in_a_group_being_built_puts_the_focus_on_it():
    from concurrent.futures import Future

    app, table = start("rummy65", 3, seed=8)
    assert wait_turn(app, table)
    key(app, K.K_d)                                   # draw: now a discard is due
    for _ in range(5):
        app.step([], DT)
    hand = table.zone(f"hand{table.viewer}")
    staged = hand[0]
    go_to(app, table, f"card{staged.id}")
    key(app, K.K_n)                                   # into a new group
    assert staged.zone.startswith("stage")
    assert table.keys.focus != f"card{staged.id}"
    job = Future()
    job.set_result((Action("discard", card=staged.code), None))
    table._hint = (job, table._legal_key)
    table._take_hint()
    assert table.hint_cards == {staged.code}
    assert table.keys.focus == f"card{staged.id}"    # Enter would now discard it
    table.match.close()


def _give_hint(app, table, action) -> None:
    """A hint of ``action`` arriving, as the hard player's answer does."""
    from concurrent.futures import Future

    app.step([], DT)
    job = Future()
    job.set_result((action, None))
    table._hint = (job, table._legal_key)
    table._take_hint()


def test_a_hint_puts_the_focus_where_enter_does_what_it_says():
    """Enter after a hint does the hinted move: a draw from the pile it names, a way out
    through Arrange for me and then Go out; never the discard of whatever card had the
    focus (65 from Quebec threw away a wild two so)."""
    from .test_table_rummy import start as rummy_start

    front = ["7C", "4S", "6D", "8C", "TD", "JS", "QD", "KH", "AH", "9C"]
    app, table = rummy_start("rummy65", 3, dealer=2, front=front)
    assert wait_turn(app, table)
    go_to(app, table, card_name(table, "QD"))
    _give_hint(app, table, Action("draw", source="discard"))
    assert table.keys.focus == "pile"
    key(app, K.K_RETURN)
    assert table.match.moves[-1] == (0, Action("draw", source="discard"))
    go_out = Action("go_out", melds=(("7C", "8C", "9C"),), discard="QD")
    go_to(app, table, card_name(table, "8C"))
    _give_hint(app, table, go_out)
    assert {"7C", "8C", "9C", "QD"} <= table.hint_cards       # the meld's cards lit too
    assert table.keys.focus == "button:Arrange for me"
    n = len(table.match.moves)
    key(app, K.K_RETURN)
    assert len(table.match.moves) == n                       # nothing discarded
    assert table.game.staged() == [["7C", "8C", "9C"]]
    assert table.keys.focus == "button:Go out"
    key(app, K.K_RETURN)
    assert table.match.moves[n] == (0, go_out)
    table.match.close()


def test_a_pairs65_hint_chooses_its_cards_and_focuses_the_button_that_lays_them():
    """Enter after "lay the pair" discarded the pair's first card: the focus was on it."""
    from .test_table_pairs import start as pairs_start

    hand0 = ["5H", "5D", "3H", "4C", "7S", "8D", "9C", "JH", "TC"]
    hand1 = ["2S", "QD", "JC", "TS", "9D", "7H", "6S", "5C", "4H"]
    app, table = pairs_start({0: hand0, 1: hand1}, moves=[Action("draw", source="stock")])
    assert wait_turn(app, table) and table.game.phase() == "play"
    pair = Action("pair", cards=("5H", "8D"))          # red with red, 5 + 8 = 13
    assert pair in table.match.legal_actions()
    go_to(app, table, card_name(table, "TC"))
    _give_hint(app, table, pair)
    assert [s.code for s in table.game.selection()] == ["5H", "8D"]
    assert table.keys.focus == "button:Lay pair"
    n = len(table.match.moves)
    key(app, K.K_RETURN)
    assert table.match.moves[n] == (0, pair)
    table.match.close()


def test_a_hint_for_a_move_of_a_button_puts_the_focus_on_the_button():
    app, table = start("sixtysix", 2, seed=5)
    assert wait_turn(app, table)
    close = next((a for a in table.match.legal_actions() if a.kind == "close"), None)
    assert close is not None, "the deal should let the person close"
    _give_hint(app, table, close)
    assert table.keys.focus == "button:Close the stock"
    table.match.close()


def test_the_question_mark_asks_for_a_hint_where_the_hint_button_is_offered():
    app, table = start("sixtysix", 2, seed=5)
    assert wait_turn(app, table)
    app.set_setting("hint_button", False)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=K.K_SLASH, mod=K.KMOD_SHIFT,
                                 unicode="?", scancode=0)], DT)
    assert table._hint is None and not table.hint_cards     # hints are off: nothing
    app.set_setting("hint_button", True)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=K.K_SLASH, mod=K.KMOD_SHIFT,
                                 unicode="?", scancode=0)], DT)
    deadline = time.monotonic() + 20
    while not table.hint_cards:
        assert time.monotonic() < deadline, "no hint came"
        app.step([], DT)
        time.sleep(0.005)
    assert "Hint:" in str(table.toast[0])
    legal = {a.card for a in table.match.legal_actions()}
    assert table.hint_cards <= legal | {None} and table.keys.focus is not None
    assert "?" in [k for k, _ in table.keys.general_lines()]
    table.match.close()


def test_pairs65_give_and_end_turn_with_keys():
    from cardtable.engine.core import Action as A

    from .test_table_pairs import start as pairs_start

    # P1 has offered its 8C: P0 gives a card with the keys (Space selects, Enter on P1)
    hand0 = ["AS", "2D", "3H", "4C", "5S", "6D", "7C", "9H", "TC"]
    hand1 = ["8C", "QD", "JC", "TS", "9D", "7H", "6S", "5D", "4H"]
    app, table = pairs_start({0: hand0, 1: hand1}, moves=[A("draw", source="stock"),
                                                          A("discard", card="TC"),
                                                          A("swap", target=0, card="8C")])
    assert wait_turn(app, table) and table.game.phase() == "give"
    go_to(app, table, card_name(table, "5S"))
    key(app, K.K_SPACE)
    assert [s.code for s in table.game.selection()] == ["5S"]
    go_to(app, table, "seat1")
    n = len(table.match.moves)
    key(app, K.K_RETURN)
    assert table.match.moves[n] == (0, A("give", card="5S"))

    # four pairs laid with Space, Space, P; then two cards left: E ends the turn
    hand = ["AS", "QS", "2S", "JS", "3S", "TS", "4S", "9S", "5C"]
    app, table = pairs_start({0: hand}, top=("7H",))
    assert wait_turn(app, table)
    key(app, K.K_d)
    assert table.match.moves[-1] == (0, A("draw", source="stock"))
    for a, b in (("AS", "QS"), ("JS", "2S"), ("3S", "TS"), ("9S", "4S")):
        for code in (a, b):
            go_to(app, table, card_name(table, code))
            key(app, K.K_SPACE)
        key(app, K.K_p)
        assert sorted(table.match.moves[-1][1].cards) == sorted((a, b))
    # Esc drops a selection (and only that: the table stays)
    go_to(app, table, card_name(table, "5C"))
    key(app, K.K_SPACE)
    assert table.game.selection()
    key(app, K.K_ESCAPE)
    assert not table.game.selection() and app.top is table
    n = len(table.match.moves)
    key(app, K.K_e)
    assert table.match.moves[n] == (0, A("done"))


def test_focus_starts_afresh_in_the_hand_after_a_summary():
    """Left on a button at the end of a deal, the focus is back on the hand for the next."""
    app, table = start("sixtysix", 2, seed=5)
    match = table.match
    bot = make_bot("sixtysix", "easy", 1)
    deal = match.state.deal_no
    summaries = 0
    while summaries == 0:
        assert wait_turn(app, table)
        buttons = table.keys.button_targets()
        go_to(app, table, buttons[0].name)
        assert table.keys.row == "buttons"
        before = len(match.moves)
        action = bot.choose(match.state.clone(), 0)
        if action.kind == "play":
            play_card(app, table, action.card, 0)
        else:
            assert table.try_action(action)      # not what this test is about
        assert len(match.moves) > before
        for _ in range(400):
            app.step([], DT)
            if app.top is not table:
                summaries += 1
                break
            if table.my_turn():
                break
            time.sleep(0.0005)
    key(app, K.K_RETURN)              # Continue
    assert app.top is table
    assert wait_turn(app, table) and match.state.deal_no > deal
    k = table.keys.current()
    assert table.keys.row == "hand" and k.sprite is not None and k.sprite.glow
    # the focused card stands clear of its neighbours
    for _ in range(30):
        app.step([], DT)
    assert k.sprite.lift > 0.5


def test_focus_returns_to_the_hand_it_fell_from():
    """Between two hands the hand row is empty, so the focus falls to a button (the first,
    "Menu"). When cards are in the hand again the focus goes back to them: it stayed on
    "Menu", and Enter at the next turn left the table."""
    app, table = start("rummy65", 3, seed=5)
    assert wait_turn(app, table)
    keys = table.keys
    keys.reset()
    hand = f"hand{table.viewer}"
    cards = table.zones[hand]
    table.zones[hand] = []                       # as between two hands
    k = keys.current()
    assert keys.row == "buttons" and k.widget is not None
    table.zones[hand] = cards                    # the next hand is dealt
    k = keys.current()
    assert keys.row == "hand" and k.sprite in cards
    # the button it fell to goes away in turn while the hand is still empty: it still
    # waits for the hand
    keys.reset()
    table.zones[hand] = []
    keys.current()
    keys.focus = "button:gone-meanwhile"
    assert keys.current().widget is not None
    table.zones[hand] = cards
    assert keys.current().sprite in cards
    # a button chosen by the person while the hand is empty stays chosen
    table.zones[hand] = []
    keys.current()
    key(app, K.K_RIGHT)
    chosen = keys.focus
    assert chosen.startswith("button:")
    table.zones[hand] = cards
    assert keys.current().name == chosen


def test_a_used_button_hands_the_focus_back_to_the_hand():
    """A button that goes away once used (pairs65's Swap) left the focus on the button
    beside it, "Rules": Enter to discard then opened the rules."""
    app, table = start("rummy65", 3, seed=5)
    assert wait_turn(app, table)
    keys = table.keys
    buttons = keys.button_targets()
    keys.focus_on(buttons[-1].name)
    keys.focus = "button:gone-once-used"         # as if that button had just gone
    k = keys.current()
    assert keys.row == "hand" and k.sprite is not None
