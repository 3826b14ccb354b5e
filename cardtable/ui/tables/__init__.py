"""One table module per game: where its zones lie and how a drop or a click becomes an Action.

The shared table scene (``cardtable.ui.scenes.table``) owns the sprites, the event queue,
input, panels and sounds; a :class:`GameTable` subclass knows the game: the geometry of its
zones, how each engine event moves cards between zones, and what a drop means.

Zones are named lists of sprites kept by the scene: ``hand<seat>``, ``trick``, ``deck``,
and whatever else a game needs (``stock``, ``trump``, ``won<seat>``, ``pile<side>``...).
"""

from __future__ import annotations

import math
import random

import pygame

from cardtable.engine import registry
from cardtable.engine.core import Action
from cardtable.i18n import N_, Msg, NMsg, PMsg, and_list, seat_name
from cardtable.ui import theme
from cardtable.ui.cardart import MIN_FACE_WIDTH, card_height
from cardtable.ui.keyboard import KeyTarget
from cardtable.ui.tables.side_hands import upright_column

#: suits as the log names them ("queen of spades", "marriage in hearts", "hearts are trumps")
SUIT_WORDS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
RANK_WORDS = {
    "A": N_("ace"), "K": N_("king"), "Q": N_("queen"), "J": N_("jack"), "T": N_("ten"),
    "9": N_("nine"), "8": N_("eight"), "7": N_("seven"), "6": N_("six"), "5": N_("five"),
    "4": N_("four"), "3": N_("three"), "2": N_("two"),
}
#: the same with their article, for sentences ("takes the queen of spades"): the article
#: goes with the rank in French ("la dame", "le roi", "l'as")
THE_RANK_WORDS = {
    "A": N_("the ace"), "K": N_("the king"), "Q": N_("the queen"), "J": N_("the jack"),
    "T": N_("the ten"), "9": N_("the nine"), "8": N_("the eight"), "7": N_("the seven"),
    "6": N_("the six"), "5": N_("the five"), "4": N_("the four"), "3": N_("the three"),
    "2": N_("the two"),
}


#: the ranks as the keyboard's focus names a card aloud: 'ten of spades' in English, with its
#: article in French ('le dix de pique'), as a screen reader names a thing
FOCUS_RANK_WORDS = {
    "A": PMsg("focus", "ace"), "K": PMsg("focus", "king"), "Q": PMsg("focus", "queen"),
    "J": PMsg("focus", "jack"), "T": PMsg("focus", "ten"), "9": PMsg("focus", "nine"),
    "8": PMsg("focus", "eight"), "7": PMsg("focus", "seven"), "6": PMsg("focus", "six"),
    "5": PMsg("focus", "five"), "4": PMsg("focus", "four"), "3": PMsg("focus", "three"),
    "2": PMsg("focus", "two"),
}


def suit_words(suit: str) -> Msg:
    """'spades' ('pique')."""
    return Msg(SUIT_WORDS[suit])


def card_words(code: str) -> Msg:
    """'queen of spades' (for the log and captions), in the current language when shown."""
    if code == "JK":
        return Msg("joker")
    return Msg("{rank} of {suit}", rank=Msg(RANK_WORDS[code[0]]), suit=suit_words(code[1]))


def focus_words(code: str) -> Msg:
    """'ten of spades' ('le dix de pique'): a card under the keyboard's focus, said aloud."""
    if code == "JK":
        return PMsg("focus", "joker")
    return Msg("{rank} of {suit}", rank=FOCUS_RANK_WORDS[code[0]], suit=suit_words(code[1]))


def the_card(code: str) -> Msg:
    """'the queen of spades' ('la dame de pique')."""
    if code == "JK":
        return Msg("the joker")
    return Msg("{rank} of {suit}", rank=Msg(THE_RANK_WORDS[code[0]]),
               suit=suit_words(code[1]))


def cards_words(codes) -> Msg | str:
    """'the ace of spades, the ten of hearts and the two of clubs' (for speech)."""
    return and_list([the_card(c) for c in codes])


def table_class(game_id: str) -> type[GameTable]:
    """The GameTable subclass ``game_id``'s registration brings."""
    return registry.game(game_id).table()


def rules_of(game_id: str) -> tuple[str, str]:
    """How to play ``game_id``: its title and the rules screen's markup, kept on its table
    (``GameTable.RULES``)."""
    return table_class(game_id).RULES


#: suit order in a sorted hand: trumps first, then colours alternating
SUIT_ORDER = {"S": "SHCD", "H": "HSDC", "D": "DSHC", "C": "CHSD"}

#: where each seat sits, seen from the viewer (seat numbers go clockwise)
SLOTS_BY_PLAYERS = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
}

Target = tuple[float, float, float, float, bool]  # x, y, angle, width, face up


class GameTable:
    """Game-specific geometry and event handling; see the module docstring."""

    game_id = ""
    #: how to play the game: the rules screen's title and markup (set by the game's module)
    RULES: tuple[str, str] = ("", "")
    #: drawing order of zones (higher is drawn later)
    ZONE_Z = {"pile": 100, "won": 200, "stock": 300, "trump": 250, "trick": 500, "hand": 700,
              "deck": 900}
    RANK_ORDER = "AKQJT98765432"
    #: zones holding one player's own cards (faces hidden while a hand-over is due)
    PRIVATE_ZONES: tuple[str, ...] = ("hand", "stage")
    #: seconds (at normal speed) a completed trick stays in the middle before it is
    #: gathered: long enough to see who played what and who won it
    TRICK_PAUSE = 1.2
    #: the four-colour suits setting applies (False where a card's colour, red or black, is
    #: the rule: four colours would hide which cards match)
    FOUR_COLOURS = True
    #: the widest line of a toast, in pixels of text before scaling: a longer message is
    #: broken into lines (a wide one would reach over the labels of the piles either side)
    TOAST_WIDTH = 440

    def __init__(self, scene) -> None:
        self.t = scene
        self.n = scene.match.n_players
        self.size = (1280, 720)
        self.cw = 90
        self.ch = card_height(90)
        self.rng = random.Random(7)
        self.trick_angles: dict[int, float] = {}
        self.widest: dict[int, int] = {}     # the most cards each hand held this deal

    # ---- seats -----------------------------------------------------------------------
    @property
    def viewer(self) -> int:
        return self.t.viewer

    def slot(self, seat: int) -> str:
        return SLOTS_BY_PLAYERS[self.n][(seat - self.viewer) % self.n]

    def name(self, seat: int) -> Msg | str:
        """The seat's name as shown (a default name such as "Player 2" in the current
        language)."""
        return seat_name(self.t.match.seats[seat].name)

    def is_you(self, seat: int) -> bool:
        """The viewer's own seat, spoken to as 'you' (a human, and not pass-and-play, where
        everybody is called by name)."""
        return seat == self.viewer and self.t.match.is_human(seat) and \
            not self.t.hotseat

    def you(self, seat: int) -> Msg | str:
        """'You' for the viewer when the viewer is a human, else the seat's name."""
        return Msg("You") if self.is_you(seat) else self.name(seat)

    def said(self, seat: int, you: str, other: str, /, **values) -> Msg:
        """A sentence about ``seat``: ``you`` when it is the viewer ("You take the trick."),
        else ``other`` with the seat's name as ``{name}`` ("{name} takes the trick.").
        Both are literal msgids at the call site (the catalogue extracts them there)."""
        if self.is_you(seat):
            return Msg(you, **values)
        return Msg(other, name=self.name(seat), **values)

    # ---- geometry ---------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """Compute sizes and anchors for a window of ``size``."""
        self.size = size
        w, h = size
        self.cw = max(MIN_FACE_WIDTH, int(min(h * 0.13, w * 0.074) * self.card_scale()))
        self.ch = card_height(self.cw)

    def card_scale(self) -> float:
        """The "Larger cards" setting: every card of the table a fifth larger."""
        return 1.2 if self.t.settings.get("large_cards") else 1.0

    @property
    def centre(self) -> tuple[float, float]:
        w, h = self.size
        return (w / 2, h * 0.45)

    def from_hand(self, seat: int, card: str, zone: str):
        """The card ``seat`` just played or discarded, moved from its hand into ``zone``
        face up (a new sprite from the hand's place if the hand did not show it)."""
        t = self.t
        s = t.take_from_hand(seat, card)
        if s is None:
            s = t.new_card(card, self.hand_anchor(seat), zone)
        s.code = card
        s.owner = seat
        s.revealed = False
        t.put(s, zone)
        return s

    def hand_anchor(self, seat: int) -> tuple[float, float]:
        w, h = self.size
        m = max(10, int(h * 0.02))
        slot = self.slot(seat)
        small = self.small_width()
        sh = card_height(small)
        if slot == "bottom":
            return (w / 2, h - self.ch / 2 - m)
        if slot == "top":
            return (w / 2, m + sh / 2)
        if slot == "left":
            return (m + sh / 2, h * 0.46)
        # the review's right-hand column keeps below the score panel (larger text, they met)
        y = h * 0.46
        n = len(self.t.zone(f"hand{seat}"))
        panel = self.t.score_panel_rect() if n and self.t.still else None
        if panel is not None:
            reach = y - self.hand_spacing(seat, n) * (n - 1) / 2 - sh + small / 2  # its top
            y += max(0.0, panel.bottom + theme.px(6) - reach)
        return (w - m - sh / 2, y)

    def small_width(self) -> int:
        """Card width of the other players' hands."""
        return max(36, int(self.cw * 0.64))

    def hand_spacing(self, seat: int, count: int) -> float:
        w, h = self.size
        if self.slot(seat) == "bottom":     # with room for the plate on its left
            room = min(w * 0.5, w - 2 * (self.t.plate_width(seat) + self.cw * 0.22 + 20)) - self.cw
            return max(self.cw * 0.22, min(self.cw * 0.62, room / max(1, count - 1)))
        small = self.small_width()
        room = (h * 0.34) if self.slot(seat) in ("left", "right") else w * 0.3
        return max(small * 0.12, min(small * 0.34, room / max(1, count - 1)))

    def hand_band(self) -> pygame.Rect:
        """Where a drop means 'put it back in my hand' (re-ordering)."""
        w, h = self.size
        x, y = self.hand_anchor(self.viewer)
        top = y - self.ch * 0.62
        return pygame.Rect(0, int(top), w, h - int(top))

    def place_hand(self, seat: int, sprites: list) -> list[Target]:
        n = len(sprites)
        if not n:
            return []
        slot = self.slot(seat)
        ax, ay = self.hand_anchor(seat)
        step = self.hand_spacing(seat, n)
        out = []
        if slot == "bottom":
            x0 = ax - step * (n - 1) / 2
            for i, s in enumerate(sprites):
                out.append((x0 + step * i, ay, 0.0, self.cw, s.code is not None))
            return out
        width = self.small_width()
        if slot == "top" and self.t.still:    # the review: left to right, the right way up
            x0 = ax - step * (n - 1) / 2
            for i, s in enumerate(sprites):
                out.append((x0 + step * i, ay, 0.0, width, s.code is not None and s.revealed))
            return out
        if slot == "top":
            x0 = ax + step * (n - 1) / 2
            for i, s in enumerate(sprites):
                out.append((x0 - step * i, ay, 180.0, width, s.code is not None and s.revealed))
            return out
        if self.t.still:       # the review: upright, every corner readable
            return upright_column(ax, ay, step, width, sprites)
        angle = 270.0 if slot == "left" else 90.0
        sign = 1 if slot == "left" else -1
        y0 = ay - sign * step * (n - 1) / 2
        for i, s in enumerate(sprites):
            out.append((ax, y0 + sign * step * i, angle, width,
                        s.code is not None and s.revealed))
        return out

    def trick_angle(self, sprite) -> float:
        a = self.trick_angles.get(sprite.id)
        if a is None:
            a = self.rng.uniform(-7.0, 7.0)
            self.trick_angles[sprite.id] = a
        return a

    def place(self, zone: str, sprites: list) -> list[Target]:
        """Resting places of the sprites of ``zone`` (override for game zones)."""
        if zone.startswith("hand"):
            return self.place_hand(int(zone[4:]), sprites)
        if zone == "deck":
            return self.place_stack(self.deck_pos(), sprites, self.cw, face_up=False)
        raise KeyError(zone)

    def deck_pos(self) -> tuple[float, float]:
        return self.centre

    def place_stack(self, pos, sprites, width, face_up=False, angle=0.0, depth=0.35,
                    jitter=0.0) -> list[Target]:
        """A squared pile; each card a hair higher than the one under it."""
        out = []
        # a tall pile (two or three decks waiting to be dealt) rises no more than a seventh
        # of a card: only its bottom card and top few are drawn, so a taller one would show
        # them apart, a gap between
        step = min(max(0.25, width * depth / 100), width * 0.14 / max(1, len(sprites)))
        for i, s in enumerate(sprites):
            a = angle
            if jitter:
                a += self.jitter(s, jitter)
            out.append((pos[0] - i * step, pos[1] - i * step * 1.4, a, width, face_up))
        return out

    def jitter(self, sprite, amount: float) -> float:
        return math.sin(sprite.id * 12.9898) * amount

    def zone_z(self, zone: str) -> int:
        for prefix, z in self.ZONE_Z.items():
            if zone.startswith(prefix):
                return z
        return 400

    def slots(self) -> list[tuple[tuple[float, float], int, float, str]]:
        """Empty-zone outlines: (centre, width, angle, label) for zones with no card."""
        return []

    def plate_limit(self, seat: int) -> int | None:
        """The widest a seat's plate may be drawn (None: as wide as its words need)."""
        return None

    def plate_anchor(self, seat: int) -> tuple[str, tuple[int, int]]:
        """(rect point name, position) of a seat's name plate."""
        w, h = self.size
        ax, ay = self.hand_anchor(seat)
        slot = self.slot(seat)
        # a plate beside a row of cards keeps its place as the row shrinks; one under a
        # column follows it up (kept where the row was, it would meet the log's corner)
        n = (self.widest_hand(seat) if slot in ("bottom", "top")
             else len(self.t.zone(f"hand{seat}"))) or 6
        gap = max(12, int(self.cw * 0.22))
        if slot == "bottom":
            half = self.hand_spacing(seat, n) * (n - 1) / 2 + self.cw / 2
            return "midright", (int(ax - half - gap), int(ay))
        if slot == "top":
            half = self.hand_spacing(seat, n) * (n - 1) / 2 + self.small_width() / 2
            return "midright", (int(ax - half - gap), int(ay))
        half = self.hand_spacing(seat, n) * (n - 1) / 2 + self.small_width() / 2
        if slot == "left":
            return "midtop", (int(ax + 0.2 * self.cw), int(ay + half + gap))
        return "midtop", (int(ax - 0.2 * self.cw), int(ay + half + gap))

    # ---- cards ------------------------------------------------------------------------
    def trump_suit(self) -> str | None:
        return None

    def sort_key(self, code: str | None):
        """Hand order: trumps first, then suits alternating colour, high rank to low."""
        if code is None:
            return (9, 0)
        order = SUIT_ORDER.get(self.trump_suit(), "SHCD")
        suit_i = order.index(code[1]) if code[1] in order else 5
        rank_i = self.RANK_ORDER.index(code[0]) if code[0] in self.RANK_ORDER else 20
        return (suit_i, rank_i)

    # ---- events -----------------------------------------------------------------------
    def handle(self, ev: dict) -> float:
        """Animate one event (as the viewer sees it); return the pause before the next."""
        kind = ev["kind"]
        method = getattr(self, "on_" + kind, None)
        if method is None:
            return 0.0
        return method(ev) or 0.0

    # the deal: every card goes back to the deck, then out one at a time
    DEAL_STAGGER = 0.05
    deck_size = 52

    def deal_sequence(self, ev: dict) -> list[int]:
        """The seat each card goes to, in the order they are dealt."""
        first = ev.get("first", (ev.get("dealer", 0) + 1) % self.n)
        total = sum(ev.get("hand_sizes", [0] * self.n))
        return [(first + i) % self.n for i in range(total)]

    def widest_hand(self, seat: int) -> int:
        """The most cards ``seat``'s hand has held this deal: a plate beside the hand stays
        put by it as the hand shrinks (or grows and shrinks by a card, in the rummies)."""
        n = max(len(self.t.zone(f"hand{seat}")), self.widest.get(seat, 0))
        self.widest[seat] = n
        return n

    def on_dealt(self, ev: dict) -> float:
        t = self.t
        self.dealt = ev
        self.widest = {}
        self.received: dict[int, list[str] | None] = {}
        self.last = None
        self.new_deal(ev)
        sprites = list(t.sprites)
        pos = self.deck_pos()
        for s in sprites:
            s.code = None
            s.revealed = False
            s.owner = None
            t.put(s, "deck")
        for _ in range(self.deck_size - len(sprites)):
            t.new_card(None, pos, "deck", self.cw)
        t.relayout(0.35)
        t.play_sound("shuffle", 0.3 if sprites else 0.0)
        return 0.75 if sprites else 0.35

    def new_deal(self, ev: dict) -> None:
        """Reset the game's own bookkeeping for a new deal."""

    def on_received(self, ev: dict) -> float:
        self.received[ev["seat"]] = ev.get("cards")
        if len(self.received) < self.n:
            return 0.0
        return self.deal_out(self.dealt)

    def deal_out(self, ev: dict) -> float:
        t = self.t
        deck = t.zone("deck")
        counts = dict.fromkeys(range(self.n), 0)
        delays = {}
        for i, seat in enumerate(self.deal_sequence(ev)):
            if not deck:
                break
            s = deck[-1]
            cards = self.received.get(seat)
            k = counts[seat]
            counts[seat] += 1
            s.code = cards[k] if cards and k < len(cards) else None
            t.put(s, f"hand{seat}")
            delays[s.id] = i * self.DEAL_STAGGER
            if i % 3 == 0:
                t.play_sound("deal", i * self.DEAL_STAGGER)
        total = len(delays) * self.DEAL_STAGGER
        rest = self.after_deal(ev, total)
        t.relayout(0.3, delays=delays)
        t.timeline.insert(self.sort_after_deal)
        return total + 0.3 + rest

    def after_deal(self, ev: dict, elapsed: float) -> float:
        """Cards left in the deck after the hands are dealt (Sixty-Six's stock)."""
        return 0.0

    def sort_after_deal(self) -> float:
        self.t.sort_hand(self.viewer)
        self.t.relayout(0.3)
        return 0.3

    def sync(self, view: dict) -> None:
        """Rebuild every zone at once from ``state.view(viewer)`` (resume, change of viewer)."""

    def describe(self, ev: dict) -> Msg | str | None:
        """One line for the table's log, or None."""
        return None

    def deal_result(self, ev: dict) -> Msg:
        """One sentence saying who scored what in a finished deal."""
        gp = ev.get("game_points") or []
        won = [(i, g) for i, g in enumerate(gp) if g]
        deal = ev.get("deal", "")
        if not won:
            return Msg("Deal {deal}: nobody scores.", deal=deal)
        i, g = won[0]
        return self.score_sentence(i, g, deal)

    def score_sentence(self, index: int, g: int, deal) -> Msg:
        """'Deal 3: Margot scores 2 game points.' for a seat (partnership games override)."""
        if self.is_you(index):
            return NMsg("Deal {deal}: you score {n} game point.",
                        "Deal {deal}: you score {n} game points.", g, deal=deal, n=g)
        return NMsg("Deal {deal}: {name} scores {n} game point.",
                    "Deal {deal}: {name} scores {n} game points.", g, deal=deal, n=g,
                    name=self.name(index))

    def score_owner(self, index: int) -> Msg | str:
        """Who a game-points column belongs to (a seat, or a side in partnership games)."""
        return self.you(index)

    # ---- input ------------------------------------------------------------------------
    def drop_action(self, sprite, pos) -> Action | None:
        """The action a card dropped at ``pos`` (outside the hand band) stands for."""
        if sprite.code is None:
            return None
        return Action("play", card=sprite.code)

    def click_action(self, pos) -> Action | None:
        """A click on the table outside the hand (e.g. on the stock to close it)."""
        return None

    def hand_drop_action(self, sprite, pos) -> Action | None:
        """A card dropped inside the hand band: an action, or None to re-order the hand."""
        return None

    def card_clicked(self, sprite) -> None:
        """A single click on one of the viewer's cards (a double-click is ``drop_action``)."""

    def mark_hand(self, hand: list, mine: bool) -> None:
        """Adjust the glow, dimming and lift the scene gave the viewer's cards this frame."""

    def refusal_text(self, exc) -> str | None:
        """The sentence shown when the engine refuses a move (None: the scene's default)."""
        return None

    def turn_prompt(self, seat: int) -> str | None:
        """The toast shown when the table turns to another human ``seat`` (None: default)."""
        return None

    def controls(self, legal: list[Action]) -> list[tuple[str, Action]]:
        """Buttons for the non-card actions the human may take now."""
        return []

    def drop_targets(self, sprite) -> list[pygame.Rect]:
        """Rects to highlight while ``sprite`` is dragged."""
        return []

    #: the scene offers the "Last trick" review (trick games)
    REVIEW = True

    def draggable(self, sprite) -> bool:
        """Cards off the player's hand that may be picked up too (a staging area, a stock)."""
        return False

    def local_drop(self, sprite, pos):
        """A drop the game handles itself before the scene does: True (handled, nothing
        for the engine), an Action to try, or None (the scene's default handling)."""
        return None

    def controls_origin(self, total_width: int, height: int) -> tuple[int, int] | None:
        """Top-left of the row of control buttons (None: centred above the hand)."""
        return None

    def controls_span(self, top: int, height: int) -> tuple[int, int]:
        """The x range the row of control buttons (at ``top``, ``height`` tall) may use
        without covering the game's piles; the scene centres the row in it."""
        return (theme.px(14), self.size[0] - theme.px(14))

    # ---- keyboard (cardtable.ui.keyboard) ----------------------------------------------
    #: Space on a card picks it up to be put down elsewhere with the keys (a staging area)
    KEY_HOLD = False

    def own_zones(self) -> list[str]:
        """The zones holding the viewer's own cards, the hand first (a hint's card is looked
        for there)."""
        return [f"hand{self.viewer}"]

    def hint_focus(self, action: Action) -> str | None:
        """The key target (see :meth:`key_rows`) where Enter carries out a hinted ``action``
        when it is not a button or a card of the person's: a draw's pile ("stock", "pile");
        None: the scene finds the button or the card."""
        if action.kind == "draw":
            return "pile" if action.source == "discard" else "stock"
        return None

    def key_rows(self) -> list[tuple[str, list]]:
        """Rows of keyboard targets on the table, top to bottom, as (row name, [KeyTarget]);
        the scene adds the row of buttons and the hand below them."""
        return []

    def key_shortcuts(self) -> list[tuple[int, str, str, object]]:
        """Direct keys: (pygame key, key label, what it does, callable), shown by F1."""
        return []

    def key_help(self) -> list[tuple[str, str]]:
        """More lines for the F1 overlay: (keys, what they do)."""
        return []

    def key_card(self, sprite) -> None:
        """Space on a card of the hand: a click on it."""
        self.card_clicked(sprite)

    def key_play(self, sprite) -> None:
        """Enter on a card of the hand: a double-click on it (play, discard...)."""
        self.t.try_action(self.drop_action(sprite, None), sprite)

    def key_cancel(self) -> bool:
        """Esc: drop a pick or a selection; False when there was none (Esc goes on)."""
        return False

    def key_target(self, name: str, rect, click: bool = True, **extra):
        """A target that clicks the middle of ``rect`` when chosen."""
        rect = pygame.Rect(rect)
        activate = (lambda: self.t.keys.click(rect.center)) if click else None
        return KeyTarget(name, rect, activate, **extra)

    # ---- panels -----------------------------------------------------------------------
    def score_lines(self) -> list[tuple[str, str, tuple | None]]:
        """(label, value, colour) rows for the score panel."""
        return []

    def extra_draw(self, surface: pygame.Surface) -> None:
        """Labels and marks that belong to the game (pile counts, trump badge...)."""

    def caption_pos(self) -> tuple[float, float]:
        cx, cy = self.centre
        return (cx, cy - self.ch * 1.12)

    def caption_width(self) -> int | None:
        """The widest a caption may be drawn at :meth:`caption_pos` (None: the window's)."""
        return None

    def last_trick(self) -> tuple[list[tuple[int, str]], int, str] | None:
        """(cards as (seat, code) in play order, winner, a note) of the last trick."""
        return getattr(self, "last", None)

    def hold_trick(self) -> None:
        """Lay the last trick on the table again as it lay before it was gathered (the
        review shows a finished trick for a step); nothing where a trick is in progress or
        the game has no tricks."""
        last = self.last_trick()
        if last is None or self.t.zones.get("trick"):
            return
        for seat, code in last[0]:
            s = self.t.new_card(code, self.centre, "trick", face_up=True)
            s.owner = seat

    # ---- speech (cardtable.ui.narrator; the scene's part: table/listen.py) --------------
    #: what the stock is called aloud
    STOCK_WORD = N_("the stock")

    def hand_groups(self, codes: list[str]) -> list[tuple[Msg | str, list[str]]]:
        """The viewer's hand as the "hear my hand" key says it: (heading, cards) groups.
        By suit, in the order of the hand (the rummies group it by meld)."""
        groups: dict[str, list[str]] = {}
        for code in codes:
            groups.setdefault("JK" if code == "JK" else code[1], []).append(code)
        return [(Msg(SUIT_WORDS[k]) if k in SUIT_WORDS else Msg("jokers"), cards)
                for k, cards in groups.items()]

    def hand_group_words(self, heading, cards: list[str]) -> Msg:
        """One group of the hand said: 'spades: ace, ten and king' (a suit's cards by their
        ranks alone; a meld's by their names)."""
        if all(c != "JK" for c in cards) and len({c[1] for c in cards}) == 1 and \
                heading == Msg(SUIT_WORDS.get(cards[0][1], "")):
            ranks = and_list([Msg(RANK_WORDS[c[0]]) for c in cards])
        else:
            ranks = and_list([card_words(c) for c in cards])
        return Msg("{group}: {cards}", group=heading, cards=ranks)

    def spoken_table(self) -> list[Msg | str]:
        """What lies on the table, for the "hear the table" key: the trick in progress, the
        piles, melds laid (a game adds its own)."""
        out: list[Msg | str] = []
        trick = [s for s in self.t.zones.get("trick", []) if s.code is not None]
        if trick:
            out.append(Msg("Trick: {cards}", cards=and_list([
                Msg("{name}: {card}", name=self.you(s.owner), card=card_words(s.code))
                if s.owner is not None else card_words(s.code) for s in trick])))
        elif self.REVIEW:
            out.append(Msg("No card in the trick."))
        for name in ("stock", "pile", "trump"):
            words = self.spoken_target(name)
            if words is not None and self.t.zones.get(name):
                out.append(words)
        return out

    def spoken_target(self, name: str) -> Msg | str | None:
        """A keyboard target that is not a card (a pile, a seat), said when the focus comes to
        it (None: its name is not known here)."""
        zones = self.t.zones
        if name == "stock":
            n = len(zones.get("stock", []))
            return NMsg("{stock}: {n} card", "{stock}: {n} cards", n, stock=Msg(self.STOCK_WORD),
                        n=n)
        if name == "pile":
            pile = [s for s in zones.get("pile", []) if s.code is not None]
            if not pile:
                return Msg("The discard pile is empty")
            return Msg("The discard pile: {card} on top", card=the_card(pile[-1].code))
        if name == "trump":
            trump = [s for s in zones.get("trump", []) if s.code is not None]
            return Msg("The trump card: {card}", card=the_card(trump[-1].code)) if trump else \
                None
        if name == "offer":
            offer = [s.code for s in zones.get("offer", []) if s.code is not None]
            return Msg("Offered in a swap: {cards}", cards=cards_words(offer)) if offer else \
                Msg("No card is offered")
        if name == "new group":
            return Msg("A new meld")
        if name.startswith("seat") and name[4:].isdigit():
            seat = int(name[4:])
            n = len(zones.get(f"hand{seat}", []))
            return NMsg("{name}: {n} card", "{name}: {n} cards", n, name=self.name(seat), n=n)
        return None

    def spoken_card(self, sprite) -> Msg | str:
        """A card under the keyboard's focus: 'ten of spades, playable' (a game may say where
        it lies)."""
        words = focus_words(sprite.code)
        if sprite.zone == f"hand{self.viewer}" and getattr(sprite, "glow", False):
            return Msg("{card}, playable", card=words)
        return words

