"""Pass-and-play on every playable table, driven by posted events (dummy video driver).

The oracle is the issue's rule, written independently of the scene: when a person is to act,
the hand-over screen is up exactly when that person is not the one whose hand was shown
last; with one person at the table it never appears. At every frame, every card drawn face
up is one the person at the screen may know (public, or their own): checked on the sprites.
"""

from __future__ import annotations

import random
import re

import pygame
import pytest

from cardtable.engine import registry
from cardtable.match import Match, Seat
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.handoff import GUARD, HandoffScene
from cardtable.ui.scenes.table import TableScene

DT = 1 / 60


def players_for(game: str) -> int:
    spec = registry.get(game)
    return max(spec.min_players, min(spec.max_players, 3))


def start(game: str, humans, seed: int = 3, n: int | None = None):
    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False})
    table_mod.install(app)
    n = n or players_for(game)
    seats = [Seat(f"P{i}", "human" if i in humans else "computer", "easy") for i in range(n)]
    match = Match(game, seats, seed=seed, pace=0, threaded=False)
    table = TableScene(match, speed="off", pace=0, sound=False)
    table_mod.show_table(app, table)
    return app, table


def codes(data, deck) -> set[str]:
    found = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in deck:
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def known_to(table: TableScene, seat: int | None) -> set[str]:
    """Cards the person at the screen may see: public events, and their own view."""
    m = table.match
    deck = set(m.state.all_cards())
    known = set()
    for e in m.log:
        known |= codes(e.for_seat(seat), deck)
    if seat is not None:
        known |= codes(m.state.view(seat), deck)
    return known


def private(table: TableScene):
    prefixes = table.game.PRIVATE_ZONES
    return [s for name, z in table.zones.items() if name.startswith(prefixes) for s in z]


def at_screen(table: TableScene, shown: int | None) -> int | None:
    """Who may be looking: nobody in particular once another person is to act."""
    m = table.match
    if not table.hotseat:
        return table.secret_for
    if m.is_over or (m.is_human(m.to_act) and m.to_act != shown):
        return None
    return shown


def check_picture(table: TableScene, seat: int | None = None) -> None:
    """Nothing on the table shows a card the person ``seat`` at the screen may not know."""
    if not table.hotseat:
        seat = table.secret_for          # one person: their own cards are always theirs
    elif seat is not None:
        assert table.secret_for in (seat, None)
    if seat is None:
        for s in private(table):
            assert not s.face_up, f"a private card {s.code} is face up at the hand-over"
    allowed = known_to(table, seat)
    for s in table.sprites:
        if s.face_up and s.code is not None:
            assert s.code in allowed, f"{s.code} in {s.zone} is face up for seat {seat}"
    if table.hotseat:
        for line in table.log:
            assert not re.search(r"\b(You|you|your|Your)\b", str(line)), line


def capture_under_handoff(app: App, table: TableScene) -> None:
    """Draw the covered table off screen: every private card has forgotten its face."""
    surface = pygame.Surface(app.size)
    table.draw(surface)
    for s in private(table):
        assert s.code is None and not s.face_up
    check_picture(table, None)
    # nor does the line of advice speak of a hand nobody may see (a rummy's "Drag cards up
    # here to build melds while you wait")
    status = getattr(table.game, "status", None)
    if status is not None:
        assert "Drag cards" not in str(status()), status()


def confirm(app: App, handoff: HandoffScene) -> None:
    button = handoff.widget("Show my hand")
    pos = button.rect.center
    # a click at once is ignored (it may have been meant for the table)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], DT)
    assert app.top is handoff
    for _ in range(int(GUARD / DT) + 2):
        app.step([], DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], DT)


def step_at_table(app: App, table: TableScene) -> bool:
    """One frame of a pass-and-play table: a hand-over on top is confirmed and anything else
    over the table (a summary) closed. True when the table is on top after the frame."""
    app.step([], DT)
    if isinstance(app.top, HandoffScene):
        confirm(app, app.top)
        return False
    if app.top is not table:
        app.pop()
        return False
    return True


def drive(app: App, table: TableScene, human_moves: int, rng: random.Random,
          max_frames: int = 6000) -> dict:
    """Play ``human_moves`` random moves for the people, checking every frame."""
    m = table.match
    shown = None            # whose hand was shown last (the oracle's memory)
    seen = {"handoffs": 0, "moves": 0, "same_person": 0, "handoff_seats": set()}
    for _ in range(max_frames):
        app.step([], DT)
        top = app.top
        if table.finished or m.is_over:
            break
        if isinstance(top, HandoffScene):
            seat = m.to_act
            assert top.seat == seat and m.is_human(seat)
            assert seat != shown, "a hand-over to the person who played last"
            assert len(m.human_seats) > 1
            capture_under_handoff(app, table)
            seen["handoffs"] += 1
            seen["handoff_seats"].add(seat)
            confirm(app, top)
            assert app.top is table and table.viewer == seat == table.secret_for
            # where the last person left the keyboard focus means nothing to this one
            assert table.keys.focus is None and table.keys.row == "hand"
            # the seats turned round: the geometry is the one a fresh layout gives
            bounds = pygame.Rect((0, 0), app.size)
            plates = [table.plate_rect(s, bounds) for s in range(m.n_players)]
            table.game.layout(app.size)
            assert plates == [table.plate_rect(s, bounds) for s in range(m.n_players)]
            shown = seat
            check_picture(table, seat)
            continue
        if top is not table:          # a summary: everybody may look at it
            check_picture(table, None)
            app.pop()
            shown = None              # everybody looked: the next hand is handed over
            continue
        check_picture(table, at_screen(table, shown))
        if table.my_turn():
            assert table.viewer == m.to_act
            if len(m.human_seats) > 1:
                assert shown == m.to_act, "a hand shown without a hand-over"
            shown = m.to_act
            if seen["moves"] >= human_moves:
                break
            seen["moves"] += 1
            assert table.try_action(rng.choice(m.legal_actions()))
            check_picture(table, at_screen(table, shown))
    return seen


@pytest.mark.parametrize("game", registry.ids())
def test_pass_and_play_hands_over_exactly_when_the_person_changes(game):
    n = players_for(game)
    humans = tuple(range(n)) if game == "sixtysix" else (0, 1)
    app, table = start(game, humans, seed=5, n=n)
    assert table.hotseat and table.concealed
    seen = drive(app, table, human_moves=14, rng=random.Random(7))
    assert seen["moves"] >= 8 or table.match.is_over
    assert seen["handoffs"] >= 2 and len(seen["handoff_seats"]) == 2
    table.match.close()


def test_japanese65_partners_never_see_each_others_hands():
    app, table = start("japanese65", (0, 2), seed=2, n=4)
    seen = drive(app, table, human_moves=16, rng=random.Random(3))
    assert seen["handoffs"] >= 4 and seen["handoff_seats"] == {0, 2}
    table.match.close()


def test_four_people_at_japanese65():
    app, table = start("japanese65", (0, 1, 2, 3), seed=9, n=4)
    seen = drive(app, table, human_moves=12, rng=random.Random(1))
    # four people in turn: every move is preceded by a hand-over
    assert seen["handoffs"] >= seen["moves"] >= 10
    table.match.close()


@pytest.mark.parametrize("game", registry.ids())
def test_one_person_never_sees_a_handoff(game):
    app, table = start(game, (0,), seed=4)
    assert not table.hotseat
    seen = drive(app, table, human_moves=10, rng=random.Random(2))
    assert seen["handoffs"] == 0 and seen["moves"] >= 5
    table.match.close()


def test_pairs65_swap_with_a_person_hands_over_to_the_target_and_back():
    from cardtable.engine.core import Action

    app, table = start("pairs65", (0, 1), seed=6, n=3)
    m = table.match
    rng = random.Random(4)
    for _ in range(3000):   # until P0 may ask P1 for a card
        if not step_at_table(app, table):
            continue
        if table.my_turn():
            swaps = [a for a in m.legal_actions() if a.kind == "swap" and a.target == 1]
            if table.viewer == 0 and swaps:
                break
            table.try_action(rng.choice([a for a in m.legal_actions() if a.kind != "swap"]
                                        or m.legal_actions()))
    else:
        pytest.fail("P0 never could ask P1 for a card")
    swap = swaps[0]
    assert table.try_action(swap)
    app.step([], DT)
    handoff = app.top
    assert isinstance(handoff, HandoffScene) and handoff.seat == 1
    capture_under_handoff(app, table)
    confirm(app, handoff)
    assert table.viewer == 1 and m.state.current_player == 1
    check_picture(table, 1)
    offer = table.zone("offer")
    assert all(not s.face_up for s in offer)      # P0's card stays hidden from P1
    give = next(a for a in m.legal_actions() if a.kind == "give")
    assert table.try_action(give)
    assert m.moves[-1] == (1, Action("give", card=give.card))
    app.step([], DT)
    back = app.top
    assert isinstance(back, HandoffScene) and back.seat == 0
    capture_under_handoff(app, table)
    confirm(app, back)
    assert table.viewer == 0 and give.card in [s.code for s in table.zone("hand0")]
    check_picture(table, 0)
    m.close()


def test_leaving_the_table_hides_it_until_the_next_handoff():
    app, table = start("sixtysix", (0, 1), seed=8, n=2)
    for _ in range(200):
        app.step([], DT)
        if isinstance(app.top, HandoffScene):
            confirm(app, app.top)
            break
    assert app.top is table and table.secret_for is not None
    table.leave()
    assert app.top is not table and table.concealed
    app.continue_match()
    app.step([], DT)
    assert isinstance(app.top, HandoffScene)
    capture_under_handoff(app, table)
    table.match.close()


def test_restored_pass_and_play_match_starts_with_a_handoff():
    app, table = start("japanese65", (0, 2), seed=12, n=4)
    drive(app, table, human_moves=3, rng=random.Random(5))
    data = table.match.to_json()
    table.match.close()
    app2 = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False})
    table_mod.install(app2)
    restored = TableScene(Match.from_json(data, pace=0), speed="off", pace=0, sound=False)
    table_mod.show_table(app2, restored)
    for s in private(restored):
        assert not s.face_up and s.code is None
    for _ in range(100):
        app2.step([], DT)
        check_picture(restored, None)
        if isinstance(app2.top, HandoffScene):
            break
    assert isinstance(app2.top, HandoffScene)
    restored.match.close()


@pytest.mark.parametrize("game", registry.ids())
def test_setup_lets_every_seat_be_a_person_or_a_computer_at_every_count(game):
    from cardtable.ui.scenes.setup import SetupScene

    spec = registry.get(game)
    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False})
    setup = app.push(SetupScene(game))
    for n in range(spec.min_players, spec.max_players + 1):
        setup.set_players(n)
        for pattern in ("all people", "all computers", "alternate"):
            for seat in range(n):
                kind = {"all people": "human", "all computers": "computer"}.get(
                    pattern, "human" if seat % 2 == 0 else "computer")
                setup.set_kind(seat, kind)
                assert setup.widget(f"seat{seat}.name") is not None
            config = setup.config()
            assert len(config["seats"]) == n
            names = [s["name"] for s in config["seats"]]
            people = [s for s in config["seats"] if s["kind"] == "human"]
            assert len(set(names)) == n                     # everybody can be told apart
            if len(people) > 1:
                assert "You" not in names                   # pass-and-play names people
            match = Match.from_config(config, threaded=False, pace=0)
            assert len(match.human_seats) == len(people)
            match.close()


def test_handoff_shows_the_card_led_to_the_next_player():
    app, table = start("sixtysix", (0, 1), seed=8, n=2)
    for _ in range(200):
        app.step([], DT)
        if isinstance(app.top, HandoffScene):
            # nothing played yet: only the trump card face up under the stock
            heading, cards = app.top.public_cards()
            assert heading == "Trump card"
            assert [c for c, _ in cards] == [table.match.view(0)["trump_card"]]
            confirm(app, app.top)
            break
    m = table.match
    lead = next(a for a in m.legal_actions() if a.kind == "play")
    assert table.try_action(lead)
    for _ in range(200):
        app.step([], DT)
        if isinstance(app.top, HandoffScene):
            break
    handoff = app.top
    assert isinstance(handoff, HandoffScene) and handoff.seat == m.to_act
    heading, cards = handoff.public_cards()
    assert heading == "On the table" and [c for c, _ in cards] == [lead.card]
    table.match.close()


def test_plates_say_who_plays_each_seat():
    """One person at the screen: their plate (named "You" by default) says "Your seat", not
    "You" twice. Passing the screen round, no seat is the viewer's own: each person's
    plate says "Human player", each computer's its level."""
    from cardtable import i18n

    app, table = start("sixtysix", humans={0}, n=2)
    table.turn = None           # between turns: the plates say who plays each seat
    assert i18n.tr(table.plate_words(0)) == "Your seat"
    assert i18n.tr(table.plate_words(1)) == "Computer · Easy"
    app, table = start("rummy65", humans={0, 1}, n=3)
    table.turn = None
    assert [i18n.tr(table.plate_words(s)) for s in range(3)] == [
        "Human player", "Human player", "Computer · Easy"]


def test_nobody_is_to_play_behind_a_summary():
    """Behind the end-of-round sheet the person's plate said "Your turn" (the next deal's
    first player); while the table waits under a summary no plate says whose turn it is."""
    from cardtable import i18n

    app, table = start("sixtysix", humans={0}, n=2)
    table.turn = 0
    assert i18n.tr(table.plate_words(0)) == "Your turn"
    table.waiting = True
    assert i18n.tr(table.plate_words(0)) == "Your seat"
