"""A stand-in for the table scene, for testing the parts of ``GameTable`` on their own.

It gives what :class:`cardtable.ui.tables.host.TableHost` promises that the parts use, and
records what the table asks of it (moves tried, clicks, sounds), so a test sees a part's
effect without a window, an App or a match. Its members are all TableHost's (a test checks
it), so a part that reached past the protocol would fail here as it would in the scene.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from types import SimpleNamespace

from cardtable.ui.tables import GameTable


@dataclass(eq=False)
class Card:
    """A sprite as a table sees it: a code (None: a back), its zone and who played it."""

    code: str | None
    zone: str = ""
    id: int = 0
    owner: int | None = None
    revealed: bool = False
    glow: bool = False


class FakeHost:
    """The scene of a match of ``names`` (``humans`` the people), seen from ``viewer``."""

    def __init__(self, names=("Ana", "Bo"), humans=(0,), viewer: int = 0,
                 hotseat: bool = False, still: bool = False, settings=None) -> None:
        seats = [SimpleNamespace(name=n) for n in names]
        self.match = SimpleNamespace(n_players=len(names), seats=seats,
                                     is_human=lambda seat: seat in humans)
        self.viewer = viewer
        self.hotseat = hotseat
        self.still = still
        self.settings = dict(settings or {})
        self.zones: dict[str, list[Card]] = {}
        self.tried: list = []           # (action, sprite) of each move tried
        self.sounds: list = []
        self.keys = SimpleNamespace(clicked=[])
        self.keys.click = self.keys.clicked.append
        self.timeline = SimpleNamespace(inserted=[])
        self.timeline.insert = self.timeline.inserted.append
        self.relayouts = 0
        self._ids = itertools.count(1)

    @property
    def sprites(self) -> list[Card]:
        return [s for cards in self.zones.values() for s in cards]

    def zone(self, name: str) -> list[Card]:
        return self.zones.setdefault(name, [])

    def put(self, sprite: Card, zone: str, index: int | None = None) -> Card:
        if sprite.zone:
            self.zone(sprite.zone).remove(sprite)
        cards = self.zone(zone)
        cards.insert(len(cards) if index is None else index, sprite)
        sprite.zone = zone
        return sprite

    def new_card(self, code, pos, zone: str, width=None, face_up=False) -> Card:
        return self.put(Card(code, id=next(self._ids)), zone)

    def deal(self, zone: str, *codes) -> list[Card]:
        """Lay cards in ``zone`` (a test's set-up, not a TableHost member)."""
        return [self.new_card(c, (0, 0), zone) for c in codes]

    def take_from_hand(self, seat: int, code: str | None) -> Card | None:
        hand = self.zone(f"hand{seat}")
        return next((s for s in hand if s.code == code), None) or \
            next((s for s in hand if s.code is None), None)

    def sort_hand(self, seat: int) -> None:
        self.zone(f"hand{seat}").sort(key=lambda s: s.code or "")

    def relayout(self, duration=0.3, delays=None, resize=False, zones=None) -> None:
        self.relayouts += 1

    def try_action(self, action, sprite=None) -> bool:
        self.tried.append((action, sprite))
        return action is not None

    def play_sound(self, name: str, delay: float = 0.0) -> None:
        self.sounds.append((name, delay))

    def score_panel_rect(self):
        return None

    def plate_width(self, seat: int) -> int:
        return 160


def table(**host) -> tuple[GameTable, FakeHost]:
    """A bare GameTable at a FakeHost, laid out for a 1280x720 window."""
    t = FakeHost(**host)
    game = GameTable(t)
    game.layout((1280, 720))
    return game, t
