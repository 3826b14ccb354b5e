"""The table protocol: everything a game's table may ask of the table scene.

A :class:`~cardtable.ui.tables.GameTable` (and the keyboard helper) holds the scene as
``self.t`` and uses only the members below; the scene
(:class:`cardtable.ui.scenes.table.TableScene`) provides them all, and keeps everything
else to itself. ``tests/ui/test_table_protocol.py`` checks both sides.

What the scene asks of a game's table goes the other way: the methods of ``GameTable``
(``layout``, ``sync``, ``handle``, ``place``, ``drop_action``...), documented in its parts
(``geometry.py``, ``events.py``, ``input.py``, ``keys.py``, ``speech.py``,
``score_panel.py`` beside this module). The parts reach the scene as ``self.t`` like the
rest, and the same test checks them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame

    from cardtable.engine.core import Action
    from cardtable.match import Match
    from cardtable.ui.cardart import CardArt
    from cardtable.ui.keyboard import Keyboard
    from cardtable.ui.sprites import CardSprite, SpriteSet, Timeline
    from cardtable.ui.widgets import Form


class TableHost(Protocol):
    """The table scene as a game's table sees it."""

    # ---- what the table shows (read; the game's table may set the few marked "set") ------
    #: the match being played (its engine state, seats, moves)
    match: Match
    #: the game's table itself (the scene's ``game``)
    game: Any
    #: the seat whose view is shown at the bottom of the screen
    viewer: int
    #: several people share the device (pass-and-play): players are called by name
    hotseat: bool
    #: pass-and-play between two people: every private zone is face down until the next
    #: person says they are the one looking
    concealed: bool
    #: a still picture of a deal (the review's board): nobody acts at it, so no turn is
    #: anybody's and no line tells the viewer what to do
    still: bool
    #: a move the game's table asks about before making it (a claim of 66 below 66 points
    #: waits for a second press) is asked about; False: made at the first press (a lesson
    #: showing that move as a mistake answers it at once)
    asks_twice: bool
    #: a coach's panel says what to do now (a lesson, its end too): the game's own line of
    #: what to do is not drawn beside it
    coached: bool
    #: named lists of sprites: ``hand<seat>``, ``trick``, ``stock``, ``pile``...
    zones: dict[str, list[CardSprite]]
    #: every sprite on the table
    sprites: SpriteSet
    #: the engine events waiting to be shown
    timeline: Timeline
    #: the card art of the current settings
    art: CardArt
    #: the App's settings (an empty dict off the App)
    settings: dict
    #: the animation speed factor (0: no animation)
    speed: float
    #: the legal actions of the person to act at this screen (empty when not their turn)
    legal: list[Action]
    #: match scores as the plates show them
    scores: list[int]
    #: the dealer of the deal shown
    dealer: int | None
    #: the card being dragged: ``{"sprite", "start", "offset", "moved"}``, or None
    drag: dict | None
    #: the hand card under the pointer (set: None to forget it)
    hover: CardSprite | None
    #: where the pointer was last seen
    pointer: tuple[int, int]
    #: the player re-ordered the hand by hand (set: a new deal sorts it again)
    manual_order: bool
    #: an overlay (summary, hand-over) is up and the queue waits (set)
    waiting: bool
    #: the message above the hand: ``[text, age, seconds, kind]`` or None (set: None)
    toast: list | None
    #: the caption in the middle of the table: ``[text, age, seconds]`` or None
    caption: list | None
    #: the scene's buttons
    form: Form
    #: the keyboard helper (focus ring, keys)
    keys: Keyboard
    #: the cards a hint standing now lights in the hand (empty: none)
    hint_cards: set[str]

    @property
    def idle(self) -> bool:
        """Nothing queued and nothing waiting: the picture shows the engine's state."""

    @property
    def speaking(self) -> bool:
        """Speech is on (a screen reader or the system's voice listens to the table)."""

    @property
    def skipping(self) -> bool:
        """True while a skip jumps to the end of the queue (nothing is animated then)."""

    @property
    def one_deal(self) -> bool:
        """The match is one deal only (the daily deal): no match target and no count of
        deals to come belong in the score panel."""

    @property
    def panel_cache(self) -> dict:
        """Drawn panels kept for the next frames, by a key of what they show; emptied when
        the language, the contrast or the text size changes."""

    # ---- zones and sprites ------------------------------------------------------------
    def zone(self, name: str) -> list[CardSprite]:
        """The sprites of zone ``name`` (an empty zone is made)."""

    def put(self, sprite: CardSprite, zone: str, index: int | None = None) -> CardSprite:
        """Move ``sprite`` to the end of (or ``index`` in) ``zone``."""

    def new_card(self, code: str | None, pos, zone: str, width: int | None = None,
                 face_up: bool = False) -> CardSprite:
        """A new sprite for ``code`` (None: a back) at ``pos``, put in ``zone``."""

    def take_from_hand(self, seat: int, code: str | None) -> CardSprite | None:
        """The sprite for ``code`` in a hand: that card if known, else an unknown one."""

    def sort_hand(self, seat: int) -> None:
        """Sort the hand of ``seat`` in the game's order."""

    def insert_sorted(self, sprite: CardSprite, seat: int) -> None:
        """Put a new card in a hand where sorting would put it (or at the end if re-ordered)."""

    def clear_zones(self) -> None:
        """Take every sprite off the table."""

    def relayout(self, duration: float = 0.3, delays: dict[int, float] | None = None,
                 resize: bool = False, zones: list[str] | None = None) -> None:
        """Send every sprite (of ``zones``) to its resting place, animated unless
        ``duration`` is 0."""

    def hand_sprite_at(self, pos) -> CardSprite | None:
        """The card of the viewer's hand (or another card the game lets drag) at ``pos``."""

    def cards_flying(self) -> bool:
        """Cards off the viewer's hand are still moving."""

    # ---- turns and moves --------------------------------------------------------------
    def my_turn(self) -> bool:
        """The person at the screen may act now."""

    def try_action(self, action: Action | None, sprite: CardSprite | None = None) -> bool:
        """Apply a human move; a refused move flies back and a toast says why."""

    def refresh_legal(self) -> None:
        """Bring the legal moves, the glow of playable cards and the buttons up to date."""

    def rebuild_controls(self) -> None:
        """Lay out the buttons again (the game's ``controls`` changed)."""

    def release(self, pos) -> bool:
        """The pointer let go at ``pos``: end a press or a drag as a mouse would."""

    def skip(self) -> None:
        """Jump to the end of what is queued."""

    def clear_hint(self) -> bool:
        """Forget the hint shown (or asked for); False when there was none."""

    # ---- messages, sounds and drawing -------------------------------------------------
    def show_caption(self, text: str, seconds: float = 2.2) -> None:
        """A caption in the middle of the table for ``seconds``."""

    def show_toast(self, text: str, seconds: float = 2.6, kind: str = "error") -> None:
        """A short message just above the player's hand ("error" or "info")."""

    def show_move_toast(self, text: str) -> None:
        """A message about the move to make now (how to play a card); it goes with the
        move."""

    def play_sound(self, name: str, delay: float = 0.0) -> None:
        """Play a sound now or ``delay`` seconds (at normal speed) from now."""

    def text(self, surface, text: str, pos, size: int, colour=..., bold=False,
             anchor="topleft", shadow=True, alpha=255) -> pygame.Rect:
        """Text with a soft shadow, rendered once and then only blitted."""

    def pill(self, surface, text: str, centre, size: int, alpha: int, tint=...) -> pygame.Rect:
        """A rounded label centred on ``centre`` (the look of captions and toasts)."""

    def pulse(self, rate: float, where: pygame.Rect | None = None) -> float:
        """0..1 for a breathing glow (it rests half lit once the table is still); ``where``:
        the rectangle it is drawn in (then only that is drawn again while it breathes)."""

    def seat_colour(self, seat: int) -> tuple:
        """The colour of ``seat`` (its plate's dot, its melds)."""

    def button_for(self, action: Action) -> str | None:
        """The key target of the game's button that makes ``action`` now, if one is shown."""

    def score_panel_rect(self) -> pygame.Rect | None:
        """Where the score panel lies (top right), None when there is none."""

    def plate_width(self, seat: int) -> int:
        """How wide the name plate of ``seat`` is (wider with larger text)."""

    def plate_rect(self, seat: int, bounds: pygame.Rect) -> pygame.Rect:
        """Where the name plate of ``seat`` lies within ``bounds``."""
