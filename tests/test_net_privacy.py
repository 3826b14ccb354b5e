"""No message a host sends a player ever holds a card of another player's hidden hand.

Every frame sent to a seat is recorded at the moment it is sent (the host's lock held, so
the host's true hands are those of that moment). A card code in the frame is a leak when
every copy of it in the deck lies in the hands of the other seats, unless the rules let
that seat know it: the engine's own view for the seat (a Sixty-Six marriage shows its
queen) or the events of the move as that seat may see them (a deal's end shows what was
left in hand). Two-deck games count copies, so a card whose twin is on the table is no leak.

A finished deal's record (``record``) holds every hand of that deal by design, so it is
checked apart: it is sent only once its deal is scored, and only of that deal.
"""

from __future__ import annotations

import json
from collections import Counter

from cardtable import records
from tests.net_helpers import host_table, join, play_until, settle


class Watch:
    """Records, for each frame, the card codes it names that its seat may not know."""

    def __init__(self, match):
        self.match = match
        self.deck = Counter(match.state.all_cards())
        self.seen_log = 0
        self.events: list = []
        self.frames = 0
        self.leaks: list[tuple[int, str, str]] = []
        #: (seat, record, deals scored when it was sent) of every record frame
        self.records: list[tuple[int, dict, int]] = []

    def __call__(self, seat: int, text: str) -> None:
        state = self.match.state
        log = self.match.log
        if len(log) != self.seen_log:     # the events of the move being sent
            self.events = log[self.seen_log:]
            self.seen_log = len(log)
        allowed = codes_in(state.view(seat), self.deck)
        for event in self.events:
            allowed |= codes_in(event.for_seat(seat), self.deck)
        hidden = Counter()
        for other in range(self.match.n_players):
            if other != seat:
                hidden.update(state.hand(other))
        self.frames += 1
        data = json.loads(text)
        if data.get("type") == "record":
            self.records.append((seat, data["record"], len(state.score_sheet)))
            return
        for code in codes_in(data, self.deck):
            if hidden[code] >= self.deck[code] and code not in allowed:
                self.leaks.append((seat, code, text[:120]))


def codes_in(data, deck) -> set[str]:
    found, stack = set(), [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in deck:
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def watched_game(game: str, players: int, deals: int, seed: int) -> Watch:
    remote = list(range(1, players))
    match, server = host_table(game, players, remote=remote, seed=seed)
    watch = Watch(match)
    server.recorder = watch
    clients = [join(server, f"P{i}") for i in remote]
    try:
        play_until(match, clients,
                   lambda: match.is_over or len(match.state.score_sheet) >= deals, seconds=90)
        settle(clients, 0.1)
    finally:
        for c in clients:
            c.close()
        server.close()
    return watch


def test_the_watch_sees_a_leak():
    """The check can fail: a frame naming another seat's hand is caught."""
    match, server = host_table("japanese65", 4, remote=[1, 2, 3], seed=2)
    try:
        watch = Watch(match)
        with match.lock:
            watch(1, json.dumps({"type": "update", "x": match.state.hand(2)}))
            watch(2, json.dumps({"type": "update", "x": match.state.hand(2)}))
        assert {seat for seat, _, _ in watch.leaks} == {1}
    finally:
        server.close()


def records_are_of_finished_deals(watch: Watch, players: int) -> None:
    """Every remote seat got one record a deal scored, each sent after its deal was
    scored, each judging that seat's moves only."""
    scored = {}
    for seat, record, deals_scored in watch.records:
        start = records.start_state(record)
        assert start.deal_no - start.first_deal < deals_scored, "sent before its deal ended"
        assert record["deal"] == start.deal_no
        assert record["humans"] == [seat]
        scored.setdefault(seat, []).append(record["deal"])
    assert set(scored) == set(range(1, players))
    assert len({tuple(v) for v in scored.values()}) == 1


def test_japanese65_frames_hold_no_hidden_card():
    watch = watched_game("japanese65", 4, deals=2, seed=8)
    assert watch.frames > 100
    assert watch.leaks == []
    records_are_of_finished_deals(watch, 4)


def test_sixtysix_frames_hold_no_hidden_card():
    watch = watched_game("sixtysix", 2, deals=3, seed=9)
    assert watch.frames > 20
    assert watch.leaks == []
    records_are_of_finished_deals(watch, 2)


def test_rummy65_frames_hold_no_hidden_card():
    watch = watched_game("rummy65", 5, deals=1, seed=6)
    assert watch.frames > 50
    assert watch.leaks == []
    records_are_of_finished_deals(watch, 5)


def test_pairs65_and_quebec65_frames_hold_no_hidden_card():
    for game, players in (("pairs65", 4), ("quebec65", 3)):
        watch = watched_game(game, players, deals=1, seed=12)
        assert watch.frames > 20, game
        assert watch.leaks == [], game
        records_are_of_finished_deals(watch, players)
