"""The melds laid round a rummy table keep off the piles' names and the wild-card note
(cardtable/ui/tables/rummy_layout.py): at 800x500 with many seats a top seat's melds lay
over "Stock · 116", and with two players at Québec a seat's many melds went on down over
the piles, their names and the note. A walk over deals played by the computers (the
person's seat too) at three window sizes counts the frames where a laid card covers a
pile's name or the note."""

from __future__ import annotations

import pytest

from cardtable.ai import make_bot
from cardtable.match import Match, Seat
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.table import TableScene

DT = 1 / 30
#: (game, players, seed) of deals whose melds met the piles' names before
DEALS = [("rummy65", 8, 2), ("rummy65", 6, 4), ("rummy65", 4, 3), ("quebec65", 2, 2),
         ("quebec65", 6, 1), ("quebec65", 8, 5)]


def covered(table) -> list[str]:
    """What the laid cards cover now of the piles' names and the wild-card note."""
    g = table.game
    marks = [("a pile's name", r) for r in g.pile_label_rects]
    note = getattr(g, "wild_note_rect", None)
    marks += [("the wild-card note", note)] if note is not None else []
    return [f"{s.code} of {zone} {tuple(s.rect())} over {what} {tuple(r)}"
            for zone, sprites in table.zones.items() if zone.startswith("laid")
            for s in sprites if not s.hidden and not s.moving
            for what, r in marks if s.rect().colliderect(r)]


def walk(app: App, game: str, n: int, seed: int, deals: int = 5) -> tuple[list[str], int]:
    """Problems over the first ``deals`` deals of a match of computers (the person's seat
    played by one too), looked at whenever the table is still; and the most cards laid."""
    seats = [Seat("Ann", "human")] + [Seat(f"P{i}", "computer", "easy") for i in range(1, n)]
    match = Match(game, seats, seed=seed, pace=0.0, threaded=False)
    table = TableScene(match, sound=False, pace=0.0, speed="off")
    table_mod.show_table(app, table)
    bot = make_bot(game, "easy", seed)
    found: list[str] = []
    most = 0
    try:
        for _ in range(4000):
            if match.is_over or match.state.deal_no > deals:
                break
            if app.top is not table:
                app.pop()           # the deal's summary
                continue
            if table.my_turn() and table.idle:
                match.apply(bot.choose(match.state, 0, budget_s=0.01))
            app.step([], DT)
            if table.idle:
                found += [f"{game} x{n} seed {seed} deal {match.state.deal_no}: {p}"
                          for p in covered(table)]
                most = max(most, sum(len(v) for z, v in table.zones.items()
                                     if z.startswith("laid")))
    finally:
        match.close()
    return found, most


# the smallest window, where melds met the names, and the common one (1920x1080 had none
# before or after and took 10 s: left out to keep CI in its time)
@pytest.mark.parametrize("size", [(800, 500), (1280, 720)], ids=["800x500", "1280x720"])
def test_laid_melds_keep_off_the_piles_names(size):
    app = App(size=size, settings={"sound": False, "animation_speed": "off"},
              settings_path=None)
    table_mod.install(app)
    found, most = [], 0
    for game, n, seed in DEALS:
        problems, laid = walk(app, game, n, seed)
        found += problems
        most = max(most, laid)
    assert most >= 30, most          # many melds were laid (else the walk proves nothing)
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:20])
