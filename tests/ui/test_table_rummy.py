"""The rummy tables (rummy65, quebec65) driven headless by posted mouse events.

Stacked decks make the hands known: every test plays real turns through the window
(clicks on the stock, drags to the discard pile and into the staging area, buttons).
"""

from __future__ import annotations

import pygame
import pytest

from cardtable.engine import melds as meldlib
from cardtable.engine import registry
from cardtable.engine.cards import make_deck
from cardtable.engine.core import Action
from cardtable.engine.rummy import RANKS
from cardtable.i18n import tr
from cardtable.match import Match, Seat
from cardtable.ui.cardart import card_height
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.summary import SummaryScene
from cardtable.ui.scenes.table import TableScene

from .test_table import DT, drag_events, grab_point, make_app, mouse, wait_for_human


def shown(lines) -> list[tuple]:
    """Score-panel rows as the screen shows them (labels and values translated)."""
    return [(tr(label), tr(value), colour) for label, value, colour in lines]


def stacked(front: list[str], decks: int = 2) -> list[str]:
    """The full deck with ``front`` on top (one copy of each card taken from the rest)."""
    rest = make_deck(RANKS, decks, jokers=2)
    for c in front:
        rest.remove(c)
    return list(front) + rest


def start(game: str, n: int, dealer: int, front: list[str], size=(1280, 720)):
    state = registry.get(game).new_match(players=n, seed=3, first_dealer=dealer,
                                         stacked_deck=stacked(front))
    names = ["Ann", "Bert", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana"]
    seats = [Seat(names[i], "human" if i == 0 else "computer", "easy") for i in range(n)]
    match = Match(game, seats, state=state, pace=0)
    app = make_app(size=size)
    table = table_mod.show_table(app, TableScene(match, pace=0.0, sound=False))
    return app, table


def card(table, code: str, zone: str | None = None):
    zones = [zone] if zone else [z for z in table.zones if z == "hand0" or z.startswith("stage")]
    for z in zones:
        for s in table.zones.get(z, []):
            if s.code == code:
                return s
    raise AssertionError(f"{code} not in {zones}")


def drag(app, table, sprite, end) -> None:
    app.step(drag_events(grab_point(table, sprite), end), DT)
    app.step([], DT)


def click(app, pos) -> None:
    p = tuple(int(v) for v in pos)
    app.step([mouse(pygame.MOUSEBUTTONDOWN, p), mouse(pygame.MOUSEBUTTONUP, p)], DT)
    app.step([], DT)


def press(app, table, label: str) -> None:
    b = table.button(label)
    assert b is not None and b.enabled, f"no {label!r} button: " \
        f"{[w.name for w in table.form.widgets]}"
    click(app, b.rect.center)


def labels(table) -> list[str]:
    return [w.name for w in table.form.widgets if getattr(w, "name", None)]


def group_label(table, zone: str) -> tuple[bool, str]:
    ok, text, _ = table.game.check([s.code for s in table.zone(zone)])
    return ok, text


def new_group_point(table):
    return next(r.center for kind, _, r in table.game.stage_items() if kind == "new")


def until_summary(app, table, steps: int = 4000) -> SummaryScene:
    for _ in range(steps):
        if isinstance(app.top, SummaryScene):
            return app.top
        app.step([], DT)
    raise AssertionError("no summary")


def test_quebec65_round_last_turn_lay_down_then_discard():
    # dealer Ann (seat 0): Bert plays first with three fives, draws the fourth and goes out;
    # Ann's last turn: 7H 9H KD, draws the 8H, tries a bad group, lays the run, discards
    front = ["5S", "7H", "5H", "9H", "5D", "KD", "KS", "5C", "8H"]
    app, table = start("quebec65", 2, dealer=0, front=front)
    game = table.game
    assert wait_for_human(app, table)
    state = table.match.state
    assert state.out_seat == 1 and state.laid[1] == [["5S", "5H", "5D", "5C"]] or \
        sorted(state.laid[1][0]) == ["5C", "5D", "5H", "5S"]
    # the table says the last turns are on, and Bert's meld lies on the table face up
    assert game.out_seat == 1
    laid = [s for z in game.laid_zones[1] for s in table.zone(z)]
    assert sorted(s.code for s in laid) == ["5C", "5D", "5H", "5S"]
    assert all(s.face_up for s in laid)
    assert "Last turn" in game.status()
    assert sorted(s.code for s in table.zone("hand0")) == ["7H", "9H", "KD"]
    # draw by clicking the stock
    click(app, game.stock_rect().center)
    assert table.match.moves[-1] == (0, Action("draw", source="stock"))
    assert "8H" in [s.code for s in table.zone("hand0")]
    # a bad group: 7H 9H KD, with the meld checker's reason, and no button to lay it
    drag(app, table, card(table, "7H"), new_group_point(table))
    zone = game.stage_zones()[0]
    for code in ("9H", "KD"):
        drag(app, table, card(table, code), table.zone(zone)[0].rect().center)
    assert sorted(s.code for s in table.zone(zone)) == ["7H", "9H", "KD"]
    ok, text = group_label(table, zone)
    reason = meldlib.check_meld(["7H", "9H", "KD"], state.meld_rules())
    assert not ok and str(text).lower() == reason.lower()
    assert not any(name.startswith(("Lay down", "Go out")) for name in labels(table))
    # mend it: the king back to the hand, the eight into the run
    drag(app, table, card(table, "KD"), table.zone("hand0")[0].rect().center)
    drag(app, table, card(table, "8H"), table.zone(zone)[0].rect().center)
    ok, text = group_label(table, zone)
    assert ok and str(text) == "Run in hearts"
    assert [s.code for s in table.zone(zone)] == ["7H", "8H", "9H"]
    press(app, table, "Lay down 1 meld")
    assert table.match.moves[-1][1].kind == "lay"
    app.step([], DT)
    assert sorted(s.code for z in game.laid_zones[0] for s in table.zone(z)) == \
        ["7H", "8H", "9H"]
    # discard the king by dragging it onto the discard pile: the round ends
    drag(app, table, card(table, "KD"), game.pile_rect().center)
    summary = until_summary(app, table)
    row = state.score_sheet[0]
    assert row["penalties"] == [0, 0] and row["went_out"] == 1
    assert summary.body is not None and "Round 1" in summary.title
    app.step([], DT)   # the summary draws the game's own body without error
    assert table.scores == [0, 0]


def test_rummy65_hand_invalid_meld_arrange_and_go_out():
    # dealer Cleo (seat 2): Ann plays first with 7C 8C QD; the 9C is face up
    front = ["7C", "4S", "6D", "8C", "TD", "JS", "QD", "KH", "AH", "9C"]
    app, table = start("rummy65", 3, dealer=2, front=front)
    game = table.game
    state = table.match.state
    assert wait_for_human(app, table)
    assert "Hand 1 of 12" in game.banner() and "jokers and 3s" in game.banner()
    assert ("Pot", "195¢", None) in shown(game.score_lines())
    # a discard before drawing is refused with the engine's reason and flies back
    before = state.to_json()
    qd = card(table, "QD")
    drag(app, table, qd, game.pile_rect().center)
    assert state.to_json() == before and qd.zone == "hand0"
    assert table.toast is not None and "draw" in str(table.toast[0]).lower()
    # an invalid meld: 7C 8C QD, shown with its reason at once
    drag(app, table, card(table, "7C"), new_group_point(table))
    zone = game.stage_zones()[0]
    for code in ("8C", "QD"):
        drag(app, table, card(table, code), table.zone(zone)[0].rect().center)
    ok, text = group_label(table, zone)
    assert not ok and str(text).lower() == meldlib.check_meld(["7C", "8C", "QD"],
                                                         state.meld_rules()).lower()
    # take the 9C by dragging it from the discard pile to the hand
    nine = table.zone("pile")[-1]
    assert nine.code == "9C" and game.draggable(nine)
    drag(app, table, nine, (game.size[0] // 2, game.hand_band().centery))
    assert table.match.moves[-1] == (0, Action("draw", source="discard"))
    assert "Go out" not in labels(table)
    assert "not a valid meld" in game.status()
    # Arrange for me: the run 7C 8C 9C, the queen left to discard; Go out is offered
    press(app, table, "Arrange for me")
    assert game.staged() == [["7C", "8C", "9C"]]
    assert [s.code for s in table.zone("hand0")] == ["QD"]
    assert "Go out" in labels(table)
    # dropping the last card on the pile goes out
    drag(app, table, card(table, "QD"), game.pile_rect().center)
    mine = [a for seat, a in table.match.moves if seat == 0]
    assert mine[-1] == Action("go_out", melds=(("7C", "8C", "9C"),), discard="QD")
    summary = until_summary(app, table)
    row = state.score_sheet[0]
    assert row["went_out"] == 0 and row["penalties"][0] == 0
    assert row["money"]["taken"][0] == 10 and row["money"]["pot"] == 185
    assert str(summary.title) == "Hand 1: you went out"
    app.step([], DT)
    # on to hand 2: the table is cleared and four cards are dealt
    assert wait_for_human(app, table)
    assert state.deal_no == 2 and game.deal_no == 2
    assert not game.stage_ids and not any(game.laid_zones.values())
    assert len(table.zone("hand0")) == len(state.hand(0))
    assert ("Pot", "185¢", None) in shown(game.score_lines())


def _rects_of_seats(table):
    """Plate rects and hand rects (with the biggest hand: 14 cards) of every seat."""
    game = table.game
    bounds = pygame.Rect(0, 0, *game.size)
    plates, hands = {}, {}

    class Fake:
        code = None
        revealed = False

    for seat in range(game.n):
        plates[seat] = table.plate_rect(seat, bounds)
        targets = game.place_hand(seat, [Fake() for _ in range(14)])
        r = None
        for x, y, _a, w, _f in targets:
            cr = pygame.Rect(0, 0, int(w), card_height(int(w)))
            cr.center = (int(x), int(y))
            r = cr if r is None else r.union(cr)
        hands[seat] = r
    return plates, hands


@pytest.mark.parametrize("n", range(2, 9))
def test_seats_fit_without_overlap_at_1280x720(n):
    app, table = start("quebec65", n, dealer=0, front=[])
    app.step([], DT)
    game = table.game
    plates, hands = _rects_of_seats(table)
    window = pygame.Rect(0, 0, 1280, 720)
    boxes = [(f"plate{s}", r) for s, r in plates.items()] + \
        [(f"hand{s}", r) for s, r in hands.items()]
    for name, r in boxes:
        assert window.contains(r), (name, r)
    for i, (a, ra) in enumerate(boxes):
        for b, rb in boxes[i + 1:]:
            if a[-1] == b[-1] and a[:4] != b[:4]:
                continue  # a seat's own plate and hand touch by design
            assert not ra.colliderect(rb), (n, a, ra, b, rb)
    # nothing of the other seats covers the piles, the staging area or the score panel
    middle = [game.stock_rect(), game.pile_rect(), game.stage_band()]
    assert table.score_rect is not None
    for seat in range(1, n):
        for r in (plates[seat], hands[seat]):
            for m in middle + [table.score_rect]:
                assert not r.colliderect(m), (n, seat, r, m)
