"""The pairs65 table driven headless by posted mouse events, with stacked deals."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from cardtable.ai import make_bot
from cardtable.engine import registry
from cardtable.engine.core import Action
from cardtable.engine.pairs65 import DECK
from cardtable.match import Match, Seat
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.tables import table_class

DT = 1 / 60


# --------------------------------------------------------------------------- helpers


def stacked(n: int, hands: dict[int, list[str]], top: tuple[str, ...] = (), seed: int = 5):
    """A 48-card deck dealing ``hands`` (seat 0 first), the other cards at random, then the
    draw pile starting with ``top``."""
    used = {c for h in hands.values() for c in h} | set(top)
    rest = [c for c in DECK if c not in used]
    random.Random(seed).shuffle(rest)
    full = {s: list(hands.get(s, [])) for s in range(n)}
    for s in range(n):
        while len(full[s]) < 9:
            full[s].append(rest.pop())
    deck = [full[i % n][i // n] for i in range(9 * n)]
    return deck + list(top) + rest


def start(hands, n=2, humans=(0,), top=(), level="easy", seed=1, moves=()):
    """A table over a stacked first deal where seat 0 plays first (speed off, no pause)."""
    state = registry.get("pairs65").new_match(players=n, seed=seed, first_dealer=n - 1,
                                              stacked_deck=stacked(n, hands, top))
    for action in moves:
        state.apply(action)
    seats = [Seat(f"P{i}", "human" if i in humans else "computer", level) for i in range(n)]
    match = Match("pairs65", seats, seed=seed, state=state, pace=0)
    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False})
    table_mod.install(app)
    table = table_mod.show_table(app, TableScene(match, pace=0.0, sound=False))
    captions: list[str] = []
    show = table.show_caption

    def spy(text, seconds=2.2):
        captions.append(text)
        show(text, seconds)

    table.show_caption = spy
    table.captions = captions
    app.step([], DT)
    return app, table


def mouse(kind, pos):
    data = {"pos": (int(pos[0]), int(pos[1]))}
    if kind == pygame.MOUSEMOTION:
        data.update(rel=(0, 0), buttons=(1, 0, 0))
    else:
        data["button"] = 1
    return pygame.event.Event(kind, data)


def click(app, pos):
    app.step([mouse(pygame.MOUSEBUTTONDOWN, pos), mouse(pygame.MOUSEBUTTONUP, pos)], DT)


def drag(app, start, end, steps=4):
    events = [mouse(pygame.MOUSEBUTTONDOWN, start)]
    for i in range(1, steps + 1):
        t = i / steps
        events.append(mouse(pygame.MOUSEMOTION, (start[0] + (end[0] - start[0]) * t,
                                                 start[1] + (end[1] - start[1]) * t)))
    events.append(mouse(pygame.MOUSEBUTTONUP, end))
    app.step(events, DT)


def card(table, code):
    return next(s for s in table.zone(f"hand{table.viewer}") if s.code == code)


def grab(sprite):
    """A point of a hand card that the next card of the fan does not cover."""
    r = sprite.rect()
    return (r.left + max(4, r.width // 8), r.centery)


def press_button(app, table, name):
    b = table.button(name)
    assert b is not None and b.visible and b.enabled, f"no button {name!r}"
    click(app, b.rect.center)


def pause(app, seconds=0.5):
    """Let time pass, so the next click on a card is not a double-click."""
    for _ in range(int(seconds / DT) + 1):
        app.step([], DT)


def wait_for_human(app, table, timeout=120.0):
    # real seconds, generous: each step draws a frame, and a machine busy with other work
    # draws them slowly (30 s was once too short under load)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if app.top is not table:
            if table.finished:
                return False
            app.pop()   # the end-of-game summary
            continue
        if table.match.is_over and table.idle:
            return False
        if table.my_turn():
            return True
        app.step([], DT)
        if table.match.thinking:
            time.sleep(0.0005)
    raise AssertionError("the human never got the turn")


def check_picture(table):
    """Every card is in one zone; the viewer's hand and all laid pairs are as in the engine."""
    state = table.match.state
    assert sum(len(z) for z in table.zones.values()) == len(table.sprites) == 48
    me = table.viewer
    assert sorted(s.code for s in table.zone(f"hand{me}")) == sorted(state.hand(me))
    for seat in range(table.match.n_players):
        laid = sorted(c for p in state.pairs[seat] for c in p)
        assert sorted(s.code for s in table.zone(f"pairs{seat}")) == laid
        assert len(table.zone(f"hand{seat}")) == len(state.hand(seat))
    assert len(table.zone("stock")) == len(state.draw_pile)
    assert [s.code for s in table.zone("pile")] == state.discard_pile


def refused(app, table, start, end, words):
    """Drag from ``start`` to ``end``: the engine refuses, nothing changes, a toast says why."""
    before = table.match.state.to_json()
    moves = len(table.match.moves)
    drag(app, start, end)
    assert table.match.state.to_json() == before and len(table.match.moves) == moves
    assert table.toast is not None, "no reason shown"
    for w in words:
        assert w in table.toast[0], table.toast[0]
    return table.toast[0]


# --------------------------------------------------------------------------- tests


def test_pairs65_is_playable():
    assert table_class("pairs65").game_id == "pairs65"


def test_a_hinted_draw_is_carried_out_at_its_pile_and_said_with_the_turn():
    """The table places a hinted draw at the pile it takes from (Enter there draws), and
    the "whose turn" key names the piles and the discard its moves allow; no card of the
    hand is played to the table by itself."""
    app, table = start({0: ["AD", "QH", "6H", "7S", "2C", "3C", "4S"]}, top=("9D",))
    game = table.game
    assert game.hint_focus(Action("draw", source="discard")) == "pile"
    assert game.hint_focus(Action("draw", source="stock")) == "stock"
    legal = [Action("draw", source="stock"), Action("draw", source="discard"),
             Action("discard", card="AD")]
    assert [str(w) for w in game.turn_options(legal)] == [
        "You may draw from the draw pile.", "You may take the top card of the discard pile.",
        "You may discard a card."]
    assert game.turn_options([Action("done")]) == []
    assert game.PLAY_KIND is None and game.playable(legal) == set()
    assert str(game.spoken_target("offer")) == "No card is offered"     # its own target
    while app.stack:
        app.pop()


def test_whole_game_from_a_human_seat_against_computers():
    # P0 holds one pair (AD QH), a pair of wrong colours (6H 7S), a pair of wrong values
    # (2C 3C) and the 4S it will offer in a swap
    hand = ["6H", "7S", "2C", "3C", "AD", "QH", "4S", "8D", "TH"]
    app, table = start({0: hand}, n=4)
    match, state = table.match, table.match.state
    bot = make_bot("pairs65", "medium", 3)
    g = table.game
    assert wait_for_human(app, table)
    check_picture(table)
    assert "click the draw pile" in g.hint()

    # the swap with a computer: drag the 4S onto the player at the top; the target is
    # kept waiting until the offered card has been seen waiting face down by it
    match.pace = 60.0
    top = next(s for s in range(4) if g.slot(s) == "top")
    drag(app, grab(card(table, "4S")), g.seat_rect(top).center)
    assert match.moves[-1] == (0, Action("swap", target=top, card="4S"))
    app.step([], DT)
    offer = table.zone("offer")
    assert [s.code for s in offer] == ["4S"] and offer[0].face_up   # the swapper sees it
    assert "4S" not in state.hand(top) and state.phase == "give"
    match.pace = 0.0
    match._ready_at = 0.0
    assert wait_for_human(app, table)
    got = next(c for c in state.hand(0) if c not in hand)
    assert "4S" in state.hand(top) and "4S" not in state.hand(0)
    assert not table.zone("offer")
    shown = [s for s in table.zone(f"hand{top}") if s.code == "4S"]
    assert shown and shown[0].face_up                      # P0 knows where its card went
    assert any("you give the four of spades and get the" in c for c in table.captions)
    assert got in [s.code for s in table.zone("hand0")]
    check_picture(table)

    # invalid pairs: refused with the engine's reason
    text = refused(app, table, grab(card(table, "6H")), grab(card(table, "7S")),
                   ["Not a pair", "red", "black", "one colour"])
    assert "six of hearts" in text
    refused(app, table, grab(card(table, "2C")), grab(card(table, "3C")),
            ["Not a pair", "add to 5, not 13"])
    pause(app)
    # a valid pair by dragging one card onto its partner
    drag(app, grab(card(table, "QH")), grab(card(table, "AD")))
    assert state.pairs[0] == [["AD", "QH"]]
    check_picture(table)

    kinds = set()
    turns = 0
    by_drag = True
    while wait_for_human(app, table):
        action = bot.choose(state.clone(), 0)
        before = len(match.moves)
        if action.kind == "draw":
            rect = g.stock_rect() if action.source == "stock" else g.discard_rect()
            if turns % 2:   # drag the pile's top card into the hand, or click the pile
                drag(app, rect.center, table.zone("hand0")[0].rect().center)
            else:
                click(app, rect.center)
            turns += 1
        elif action.kind == "pair":
            a, b = action.cards
            if by_drag:
                drag(app, grab(card(table, a)), grab(card(table, b)))
            else:
                click(app, grab(card(table, a)))
                click(app, grab(card(table, b)))
                press_button(app, table, "Lay pair")
            by_drag = not by_drag
        elif action.kind == "discard":
            drag(app, grab(card(table, action.card)), g.discard_rect().center)
        elif action.kind == "done":
            press_button(app, table, "End turn")
        elif action.kind == "give":
            pause(app)
            c = grab(card(table, action.card))
            click(app, c)
            click(app, c)   # a double-click gives the card
        elif action.kind == "swap":
            drag(app, grab(card(table, action.card)), g.seat_rect(action.target).center)
        # the person's move, exactly once (a computer may answer within the same frame on
        # a busy machine: its move then follows)
        assert len(match.moves) > before, f"{action} was not applied"
        seat, done = match.moves[before]
        assert seat == 0 and all(s != 0 for s, _ in match.moves[before + 1:])
        if action.kind == "pair":
            assert sorted(done.cards) == sorted(action.cards)
        else:
            assert done == action
        kinds.add(action.kind)
        pause(app, 0.1)
        if table.idle and table.my_turn():
            check_picture(table)
        assert turns < 200
    assert match.is_over and table.finished
    assert {"draw", "pair", "discard"} <= kinds
    winner = state.winners[0]
    assert len(state.pairs[winner]) == 5
    assert table.scores == state.match_scores
    assert len(table.zone(f"pairs{winner}")) == 10
    # the reshuffles, refills and turns without a discard were each shown as they happened
    log = [e.kind for e in match.log]
    shown = table.captions
    assert log.count("reshuffled") >= 1
    assert sum("shuffled into a new draw pile" in c for c in shown) == log.count("reshuffled")
    assert sum("to start the turn" in c for c in shown) == log.count("refilled")
    assert sum("no discard this turn" in c for c in shown) == log.count("done")
    assert table.summaries and str(g.deal_result(table.summaries[0])).startswith("Game 1: ")


def test_pairs_by_selecting_two_then_no_discard_and_the_refill():
    # four pairs and the 5C; the draw pile starts with the 7H
    hand = ["AS", "QS", "2S", "JS", "3S", "TS", "4S", "9S", "5C"]
    app, table = start({0: hand}, top=("7H",), level="medium")
    state, g = table.match.state, table.game
    assert wait_for_human(app, table)
    # the draw pile's top card dropped on the felt goes back; nothing is taken
    top = table.zone("stock")[-1]
    drag(app, g.stock_rect().center, (640, 200))
    assert state.phase == "take" and table.zone("stock")[-1] is top
    app.step([], DT)
    assert (round(top.x), round(top.y)) == tuple(round(v) for v in top.target[:2])
    pause(app)
    click(app, g.stock_rect().center)
    assert state.hand(0)[-1] == "7H" and state.phase == "play"
    for a, b in (("AS", "QS"), ("JS", "2S"), ("3S", "TS"), ("9S", "4S")):
        assert table.button("Lay pair") is None
        click(app, grab(card(table, a)))
        click(app, grab(card(table, b)))
        assert {s.code for s in g.selection()} == {a, b}
        press_button(app, table, "Lay pair")
        pause(app, 0.3)
    assert len(state.pairs[0]) == 4 and sorted(state.hand(0)) == ["5C", "7H"]
    check_picture(table)
    # two cards left: no discard
    assert "no discard" in g.hint()
    refused(app, table, grab(card(table, "5C")), g.discard_rect().center,
            ["3 cards or fewer"])
    assert table.button("End turn") is not None
    n = len(table.match.moves)
    press_button(app, table, "End turn")
    assert table.match.moves[n] == (0, Action("done"))
    assert any("no discard this turn" in c for c in table.captions)
    # back to P0: it holds 3 cards or fewer, so it first draws 3
    assert wait_for_human(app, table)
    assert any(str(c).startswith("You hold 3 cards or fewer: draw 3") for c in table.captions)
    assert len(state.hand(0)) == 5
    check_picture(table)


def test_a_computer_asks_the_human_to_swap():
    # P1 (a computer) has just offered its 8C; P0 must choose what to give back
    hand0 = ["AS", "2D", "3H", "4C", "5S", "6D", "7C", "9H", "TC"]
    hand1 = ["8C", "QD", "JC", "TS", "9D", "7H", "6S", "5D", "4H"]
    app, table = start({0: hand0, 1: hand1}, moves=[Action("draw", source="stock"),
                                                     Action("discard", card="TC"),
                                                     Action("swap", target=0, card="8C")])
    state, g = table.match.state, table.game
    assert state.phase == "give" and state.current_player == 0
    assert wait_for_human(app, table)
    offer = table.zone("offer")
    assert len(offer) == 1 and offer[0].code is None and not offer[0].face_up
    assert "P1 wants to swap" in g.hint()
    before = list(state.hand(0))
    mine = state.hand(0)[0]
    assert mine == "AS"
    # a click on the player first without a chosen card only explains
    click(app, g.seat_rect(1).center)
    assert state.phase == "give" and "First click" in table.toast[0]
    pause(app)
    click(app, grab(card(table, mine)))
    assert table.button("Give the ace of spades") is not None
    n = len(table.match.moves)
    table.match.pace = 60.0   # P1 waits, so the picture right after the swap can be checked
    click(app, g.seat_rect(1).center)
    assert table.match.moves[n] == (0, Action("give", card=mine))
    app.step([], DT)
    assert "8C" in state.hand(0) and mine in state.hand(1)
    assert sorted(s.code for s in table.zone("hand0")) == sorted(before[1:] + ["8C"])
    known = [s for s in table.zone("hand1") if s.code == mine]
    assert known and known[0].face_up
    assert any("you give the ace of spades and get the eight of clubs" in c
               for c in table.captions)


def _hand_over(app, table, seat):
    """The hand-over screen names ``seat``; it confirms after the input guard."""
    from cardtable.ui.scenes.handoff import GUARD, HandoffScene

    for _ in range(5):
        if isinstance(app.top, HandoffScene):
            break
        app.step([], DT)
    handoff = app.top
    assert isinstance(handoff, HandoffScene) and handoff.seat == seat
    assert all(s.code is None and not s.face_up
               for z in ("hand0", "hand1", "hand2") for s in table.zone(z))
    pause(app, GUARD + 0.05)
    click(app, handoff.widget("Show my hand").rect.center)
    assert app.top is table and table.viewer == seat


def test_pass_and_play_target_gets_its_own_choice():
    hand0 = ["AS", "2D", "3H", "4C", "5S", "6D", "7C", "9H", "TC"]
    app, table = start({0: hand0}, n=3, humans=(0, 1))
    state, g = table.match.state, table.game
    _hand_over(app, table, 0)
    assert wait_for_human(app, table) and table.viewer == 0
    drag(app, grab(card(table, "9H")), g.seat_rect(1).center)
    assert state.phase == "give"
    # the hand-over screen turns the table to P1, which is asked for its card
    _hand_over(app, table, 1)
    assert table.toast is not None and str(table.toast[0]).startswith("P1: P0 asks you for a card")
    offer = table.zone("offer")
    assert len(offer) == 1 and offer[0].code is None
    assert sorted(s.code for s in table.zone("hand1")) == sorted(state.hand(1))
    assert all(s.code is None for s in table.zone("hand0"))
    give = state.hand(1)[3]
    drag(app, grab(card(table, give)), g.seat_rect(0).center)
    assert table.match.moves[-1] == (1, Action("give", card=give))
    # back to P0, who continues its turn with P1's card
    _hand_over(app, table, 0)
    assert table.viewer == 0 and state.phase == "play"
    assert give in [s.code for s in table.zone("hand0")]
    assert "9H" in state.hand(1)


@pytest.mark.parametrize("n,large", [(2, False), (4, False), (3, True), (4, True)])
def test_draws_at_both_sizes(n, large):
    """Also with larger cards, where the piles at 1280x720 lay over the person's pairs."""
    from cardtable.ui import theme

    for size in ((1280, 720), (1920, 1080)):
        app, table = start({}, n=n)
        app.set_setting("large_cards", large)
        app.resize(size)
        assert wait_for_human(app, table)
        app.step([], DT)
        g = table.game
        bounds = pygame.Rect(0, 0, *size)
        # the piles with their names under them ("Draw pile · 17")
        named = [r.inflate(0, 0).union(r.move(0, theme.px(22)))
                 for r in (g.stock_rect(), g.discard_rect())]
        # each pair's place (a grid's corners may be empty)
        places = [r for seat in range(n) for r in g.pair_rects(seat)]
        for seat in range(n):
            assert bounds.contains(g.grid_rect(seat))
        rects = places + named
        for r in rects:
            assert bounds.contains(r)
        # pair places, piles, hands and name plates do not overlap each other
        others = [s.rect() for s in table.sprites if s.zone.startswith("hand")]
        others += [table.plate_rect(s, bounds) for s in range(n)]
        for i, r in enumerate(rects):
            for other in rects[i + 1:] + others:
                assert not r.colliderect(other), (r, other)
        surf = app.screen
        x, y = grab(table.zone("hand0")[4])
        assert sum(surf.get_at((x + 4, y))[:3]) > 450     # a white card face


def test_a_long_caption_keeps_between_the_side_seats_pairs():
    """A swap's caption ran over the pairs of the seat on the right and its word "Swap";
    a caption now keeps within the room between the side seats' pairs (a smaller type)."""
    app, table = start({0: []}, n=4)
    table.show_caption("Swap with Theo: you give the jack of diamonds and get the 9 of "
                       "diamonds", 10.0)
    table.caption[1] = 1.0
    rect = table._draw_caption(app.screen)
    room = table.game.caption_width()
    assert room is not None and rect.width <= room
    sides = [table.game.grid_rect(s) for s in range(4) if table.game.slot(s) in ("left", "right")]
    assert len(sides) == 2 and not any(rect.colliderect(r) for r in sides)


def test_a_hint_with_its_reason_keeps_off_the_persons_pairs():
    """Two lines of toast reached up over the pairs laid just above them: at this table a
    toast may run wider, in one line."""
    from cardtable.ui import theme

    app, table = start({}, n=3)
    g = table.game
    table.show_toast("Hint: discard the four of spades. Few of the cards that would pair "
                     "with it can still come.", 6.0, kind="info")
    table.toast[1] = 1.0
    rect = table._draw_toast(app.screen)
    assert rect.height < theme.px(60)                # one line
    pairs = g.pair_rects(table.viewer)
    assert not any(rect.colliderect(r) for r in pairs), (rect, pairs)
    others = [table.plate_rect(s, app.screen.get_rect()) for s in range(3)]
    assert not any(rect.colliderect(r) for r in others)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_each_seats_pair_count_keeps_clear_of_places_piles_plates_and_the_scores(n):
    """With four players at 800x500 the side seats' '0 / 5 pairs' lay over the top seat's
    pair places and each other; at 1280x720 the right-hand one touched the score panel."""
    for size in ((800, 500), (1024, 768), (1280, 720), (1920, 1080)):
        app, table = start({}, n=n)
        app.resize(size)
        assert wait_for_human(app, table)
        app.step([], DT)
        g = table.game
        bounds = pygame.Rect(0, 0, *size)
        boxes = [box for box, _ in g.progress_boxes().values()]
        assert len(boxes) == n
        clear = [g.grid_rect(s) for s in range(n)] + [g.stock_rect(), g.discard_rect()]
        clear += [table.plate_rect(s, bounds) for s in range(n)] + [table.score_rect]
        for i, box in enumerate(boxes):
            assert bounds.contains(box), (size, box)
            for other in clear + boxes[i + 1:]:
                assert not box.colliderect(other), (size, box, other)


def test_the_pair_key_before_taking_a_card_says_to_take_one_first():
    """P (lay the selected pair) before the turn's card is taken did nothing without a
    word: the table says to take a card first, and nothing changes."""
    hand = ["AS", "QS", "2S", "JS", "3S", "TS", "4S", "9S", "5C"]
    app, table = start({0: hand}, top=("7H",))
    assert wait_for_human(app, table)
    state = table.match.state
    assert state.phase == "take"
    before = state.to_json()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p")], DT)
    assert state.to_json() == before
    assert table.toast is not None and str(table.toast[0]).startswith("Take a card first")
