"""The table of Sixty-Five, the pairs game: a draw pile, a discard pile, laid pairs, swaps.

Each player's laid pairs lie in front of them on five places (the progress towards the
five pairs that win); the draw pile and the discard pile lie in the middle.

Controls, on your turn:

* take a card: click the draw pile or the discard pile (or drag its top card into your
  hand); or swap: drag one of your cards
  onto another player (or select it with a click and click that player, or press the
  "Swap with ..." button);
* lay a pair: drag a card onto its partner in your hand, or select two cards and press
  "Lay pair"; the engine says why a pair is refused;
* discard: drag a card onto the discard pile, double-click it, or select it and press
  "Discard"; holding 3 cards or fewer there is no discard: press "End turn";
* when another player asks you to swap: drag a card onto them, double-click it, or
  select it and press "Give".

A swap is shown in two steps: the offered card waits face down by the player asked (only
the one who offered it sees its face); once that player has chosen, the two cards meet
and cross over. A human asked to swap at a pass-and-play table is reached through the
scene's change of viewer (``turn_prompt`` names the player and what is asked of them).
"""

from __future__ import annotations

import pygame

from cardtable.engine.core import Action
from cardtable.engine.pairs65 import PAIRS_TO_WIN, REFILL_AT, REFILL_COUNT
from cardtable.i18n import N_, Msg, NMsg, and_list
from cardtable.ui.cardart import card_height
from cardtable.ui.tables import GameTable, cards_words
from cardtable.ui.tables.pairs65_draw import Pairs65Drawing
from cardtable.ui.tables.pairs65_events import Pairs65Events
from cardtable.ui.tables.pairs65_layout import Pairs65Layout
from cardtable.ui.tables.pairs65_words import Pairs65Words, short_words, the_short

#: what the table says when a move comes before the turn's card is taken
TAKE_FIRST = N_("Take a card first: click a pile, or drag this card onto a player to swap it.")


#: what the table says, once in a run of the program, when four-colour suits are on in
#: Settings: its cards keep to red and black (a player saw two colours and thought the
#: setting broken)
TWO_COLOURS = N_("Four-colour suits are not used at this table: the two cards of a pair are "
                 "of one colour, red or black.")


class Pairs65Table(Pairs65Layout, Pairs65Events, Pairs65Drawing, Pairs65Words, GameTable):
    game_id = "pairs65"
    deck_size = 48
    DEAL_STAGGER = 0.045
    REVIEW = False
    FOUR_COLOURS = False    # pairs are red or black: the two colours are the rule
    #: the two colours were explained in this run of the program (:meth:`tell_two_colours`)
    two_colours_told = False
    #: a hint in one line: a second line reached over the person's pairs just above
    TOAST_WIDTH = 760
    ZONE_Z = {"pairs": 150, "pile": 250, "stock": 300, "offer": 600, "hand": 700, "deck": 900}
    STOCK_WORD = N_("the draw pile")

    def spoken_table(self) -> list[Msg | str]:
        """The piles, a card offered in a swap, and the pairs each player has laid."""
        out = super().spoken_table()
        offer = [s.code for s in self.t.zones.get("offer", []) if s.code is not None]
        if offer:
            out.append(Msg("Offered in a swap: {cards}", cards=cards_words(offer)))
        for seat in range(self.n):
            laid = [s.code for s in self.t.zones.get(f"pairs{seat}", []) if s.code is not None]
            if laid:
                out.append(Msg("Pairs of {name}: {cards}", name=self.you(seat),
                               cards=cards_words(laid)))
        return out

    def spoken_target(self, name: str) -> Msg | str | None:
        """The card offered in a swap, besides the piles and seats every table says."""
        if name == "offer":
            offer = [s.code for s in self.t.zones.get("offer", []) if s.code is not None]
            return Msg("Offered in a swap: {cards}", cards=cards_words(offer)) if offer else \
                Msg("No card is offered")
        return super().spoken_target(name)

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.pw = 50
        self.ph = card_height(50)
        self.selected: list[int] = []     # sprite ids of the viewer's selected cards
        self.swap: dict | None = None     # {"swapper", "target"} while a swap waits
        self.dry = 0                      # complete turns in a row without a pair
        self._paired_now = False
        self._bar_pairs: dict[int, int] = {}

    def tell_two_colours(self) -> None:
        """Say once why the cards show two colours while four-colour suits are on (after
        the first deal is dealt)."""
        if self.t.settings.get("four_colour_suits") and not Pairs65Table.two_colours_told:
            Pairs65Table.two_colours_told = True
            self.t.show_toast(TWO_COLOURS, seconds=7.0, kind="info")

    # ---- seats and words ----------------------------------------------------------------
    def _is_me(self, seat: int | None) -> bool:
        return seat is not None and self.is_you(seat)

    def opponents(self) -> list[int]:
        return [s for s in range(self.n) if s != self.viewer]

    # ---- what the viewer may do now -------------------------------------------------------
    def phase(self) -> str | None:
        """'take', 'play' or 'give' when the viewer is to act, else None (from legal moves)."""
        kinds = {a.kind for a in self.t.legal}
        if not kinds:
            return None
        if "give" in kinds:
            return "give"
        if "draw" in kinds:
            return "take"
        return "play"

    def hand_sprites(self) -> list:
        return self.t.zones.get(f"hand{self.viewer}", [])

    def selection(self) -> list:
        by_id = {s.id: s for s in self.hand_sprites()}
        self.selected = [i for i in self.selected if i in by_id]
        return [by_id[i] for i in self.selected]

    def pairable(self) -> set[str]:
        return {c for a in self.t.legal if a.kind == "pair" for c in a.cards}

    def draggable(self, sprite) -> bool:
        """The top card of the draw pile or the discard pile, while you may take a card."""
        zone = sprite.zone
        if zone not in ("stock", "pile") or not self.t.zones.get(zone):
            return False
        return self.t.zones[zone][-1] is sprite and self.t.my_turn() and self.phase() == "take"

    def local_drop(self, sprite, pos):
        """A card dragged off a pile: into the hand it is taken; anywhere else it goes back."""
        if sprite.zone not in ("stock", "pile"):
            return None
        if self.hand_band().collidepoint(pos):
            return self._take(sprite)
        self.t.relayout(0.25, zones=[sprite.zone])
        return True

    def _take(self, sprite) -> Action:
        return Action("draw", source="stock" if sprite.zone == "stock" else "discard")

    def card_clicked(self, sprite) -> None:
        if sprite.zone in ("stock", "pile"):
            self.t.try_action(self._take(sprite), sprite)
            return
        if sprite.zone != f"hand{self.viewer}" or not self.t.my_turn():
            return
        if sprite.id in self.selected:
            self.selected.remove(sprite.id)
        else:
            self.selected.append(sprite.id)
            keep = 2 if self.phase() == "play" else 1
            self.selected = self.selected[-keep:]
        self.t.rebuild_controls()

    def hint_focus(self, action: Action) -> str | None:
        """A hint of a move made with chosen cards (a pair, a swap, a give, a discard): the
        cards are chosen for the person, and the focus goes to the button that makes the
        move (Enter on a card of the hand would discard it). A draw's is the pile it takes
        from."""
        if action.kind == "draw":
            return "pile" if action.source == "discard" else "stock"
        codes = list(action.cards or ()) or ([action.card] if action.card else [])
        if action.kind in ("pair", "swap", "give", "discard") and codes:
            free = list(self.hand_sprites())
            chosen = []
            for code in codes:
                sprite = next((x for x in free if x.code == code), None)
                if sprite is None:
                    return super().hint_focus(action)
                free.remove(sprite)
                chosen.append(sprite.id)
            self.selected = chosen
            self.t.rebuild_controls()
            return self.t.button_for(action) or super().hint_focus(action)
        return super().hint_focus(action)

    def clear_selection(self) -> None:
        if self.selected:
            self.selected = []
            self.t.rebuild_controls()

    def mark_hand(self, hand: list, mine: bool) -> None:
        chosen = set(self.selected)
        hint = self.pairable() if mine else set()
        t = self.t
        for s in hand:
            s.dim = False
            sel = s.id in chosen
            s.glow = sel and not s.dragging     # a card that can be paired only lifts
            if s.dragging:
                continue
            if sel:
                s.lift_target = 1.0
            elif s is t.hover and t.drag is None:
                s.lift_target = 0.7
            else:
                s.lift_target = 0.3 if s.code in hint else 0.0

    def swapper(self) -> int | None:
        return self.swap["swapper"] if self.swap else None

    # ---- keys ------------------------------------------------------------------------------
    def key_rows(self) -> list[tuple[str, list]]:
        seats = [self.key_target(f"seat{seat}", self.seat_rect(seat))
                 for seat in self.opponents() if self.t.zones.get(f"hand{seat}")]
        seats.sort(key=lambda k: k.rect.centerx)
        piles = [self.key_target("stock", self.stock_rect()),
                 self.key_target("pile", self.discard_rect())]
        offer = self.offer_rect()
        if offer is not None:
            piles.append(self.key_target("offer", offer))
        piles.sort(key=lambda k: k.rect.centerx)
        return [("players", seats), ("piles", piles)]

    def key_shortcuts(self) -> list[tuple]:
        t = self.t
        return [
            (pygame.K_d, "D", N_("Draw from the draw pile"),
             lambda: t.try_action(Action("draw", source="stock"))),
            (pygame.K_t, "T", N_("Take the top card of the discard pile"),
             lambda: t.try_action(Action("draw", source="discard"))),
            (pygame.K_p, "P", N_("Lay the two selected cards as a pair"), self._key_pair),
            (pygame.K_e, "E", N_("End the turn (no discard)"),
             lambda: t.try_action(Action("done"))),
        ]

    def key_help(self) -> list[tuple[str, str]]:
        return [
            (N_("Space"), N_("Select a card of your hand (two for a pair)")),
            (N_("Enter"), N_("With two cards selected, lay them as a pair; else discard the "
                             "focused card (when asked for a swap, give it)")),
            (N_("Up, Enter"), N_("With one card selected, on a player: offer it in a swap")),
        ]

    def key_card(self, sprite) -> None:
        self.card_clicked(sprite)

    def key_chosen(self):
        sel = self.selection()
        return sel[-1] if sel else None

    def key_picked(self) -> list:
        """Every card selected (one, or the two of a pair)."""
        return self.selection()

    def key_picked_words(self) -> tuple[str, str]:
        phase = self.phase()
        if phase == "take":
            first = N_("Card selected: Enter on a player offers it in a swap")
        elif phase == "give":
            first = N_("Card selected: Enter on it gives it")
        elif len(self.selection()) == 2:
            first = N_("Two cards selected: Enter lays them as a pair")
        else:
            first = N_("Card selected: Space on its partner to make a pair")
        return first, N_("Esc clears the selection")

    def key_play(self, sprite) -> None:
        """Enter on a card: with two cards selected, what the button shown then does (lay
        them as a pair), never a discard of one of them or of a card not picked; else the
        card's own move (a discard, a give)."""
        if len(self.selection()) == 2 and self.phase() == "play":
            self._key_pair()
            return
        super().key_play(sprite)

    def key_cancel(self) -> bool:
        had = bool(self.selected)
        self.clear_selection()
        return had

    def _key_pair(self) -> None:
        sel = self.selection()
        if self.phase() == "take":      # pairs are laid after taking a card: say so first
            self.t.show_toast(TAKE_FIRST)
            return
        if len(sel) != 2:
            self.t.show_toast(N_("Select two cards first (Space on each)."))
            return
        self.t.try_action(Action("pair", cards=(sel[0].code, sel[1].code)))

    def controls(self, legal: list[Action]) -> list[tuple[str, Action]]:
        if not legal:
            return []
        phase = self.phase()
        sel = self.selection()
        out = []
        if phase == "take" and len(sel) == 1:
            card = sel[0].code
            for seat in self.opponents():
                a = Action("swap", target=seat, card=card)
                if a in legal:
                    out.append((Msg("Swap with {name}", name=self.name(seat)), a))
        elif phase == "give" and len(sel) == 1:
            out.append((Msg("Give {card}", card=the_short(sel[0].code)),
                        Action("give", card=sel[0].code)))
        elif phase == "play":
            if len(sel) == 2:
                out.append((N_("Lay pair"), Action("pair", cards=(sel[0].code, sel[1].code))))
            if len(sel) == 1 and any(a.kind == "discard" for a in legal):
                out.append((Msg("Discard {card}", card=the_short(sel[0].code)),
                            Action("discard", card=sel[0].code)))
            if Action("done") in legal:
                out.append((N_("End turn"), Action("done")))
        return out

    def turn_instruction(self) -> Msg | str | None:
        return self.hint()

    def hint(self) -> Msg | str | None:
        """What the viewer can do now (one line by the piles), or None."""
        t = self.t
        if not t.my_turn():
            return None
        phase = self.phase()
        if phase == "take":
            if self.selection():
                return N_("Click a player (or press a Swap button) to offer this card in a swap")
            return N_("Your turn: click the draw pile or the discard pile, or drag a card onto "
                      "a player to swap")
        if phase == "give":
            who = self.name(self.swapper()) if self.swap else Msg("A player")
            return Msg("{name} wants to swap: give a card (drag it onto {name} or double-click "
                       "it); you will see theirs after", name=who)
        if phase == "play":
            n = len(self.hand_sprites())
            if n <= REFILL_AT:
                return NMsg("You hold {n} card: no discard. Lay any pairs, then End turn",
                            "You hold {n} cards: no discard. Lay any pairs, then End turn",
                            n, n=n)
            if self.pairable():
                return N_("Lay pairs: drag a card onto its partner (or select two). Then "
                          "discard one card")
            return N_("Discard a card: drag it onto the discard pile, or double-click it")
        return None

    # ---- input ------------------------------------------------------------------------------
    def hand_drop_action(self, sprite, pos) -> Action | None:
        """A card dropped on another card of the hand: lay the two as a pair."""
        if sprite.code is None or self.phase() != "play":
            return None
        other = self.t.sprites.at(pos, lambda s: s.zone == sprite.zone and s is not sprite
                                  and s.code is not None)
        if other is None:
            return None
        return Action("pair", cards=(sprite.code, other.code))

    def drop_action(self, sprite, pos) -> Action | None:
        if sprite.code is None:
            return None
        phase = self.phase()
        self.clear_selection()
        if pos is None:   # a double-click
            if phase == "give":
                return Action("give", card=sprite.code)
            if phase == "take":
                self.t.show_toast(TAKE_FIRST)
                return None
            return Action("discard", card=sprite.code)
        if self.discard_rect().collidepoint(pos):
            return Action("discard", card=sprite.code)
        offer = self.offer_rect()
        if phase == "give" and offer is not None and offer.collidepoint(pos):
            return Action("give", card=sprite.code)
        seat = self.seat_at(pos)
        if seat is not None:
            if phase == "give":
                return Action("give", card=sprite.code)
            return Action("swap", target=seat, card=sprite.code)
        if phase is not None:
            self.t.show_toast(N_("Drop a card on the discard pile, on a player to swap it, "
                                 "or on its partner to lay a pair."))
        return None

    def click_action(self, pos) -> Action | None:
        phase = self.phase()
        sel = self.selection()
        if self.stock_rect().collidepoint(pos):
            return Action("draw", source="stock")
        if self.discard_rect().collidepoint(pos):
            if phase == "play" and len(sel) == 1:
                return Action("discard", card=sel[0].code)
            if phase == "play":
                self.t.show_toast(N_("Choose a card to discard: drag it here, or double-click "
                                     "it."))
                return None
            return Action("draw", source="discard")
        offer = self.offer_rect()
        if phase == "give" and offer is not None and offer.collidepoint(pos) and len(sel) == 1:
            return Action("give", card=sel[0].code)
        seat = self.seat_at(pos)
        if seat is not None and phase in ("take", "give"):
            if len(sel) != 1:
                self.t.show_toast(N_("First click one of your cards, then click the player.")
                                  if phase == "take" else
                                  N_("First click the card you will give."))
                return None
            if phase == "give":
                return Action("give", card=sel[0].code)
            return Action("swap", target=seat, card=sel[0].code)
        self.clear_selection()
        return None

    def drop_targets(self, sprite) -> list[pygame.Rect]:
        if sprite.zone in ("stock", "pile"):
            return [self.hand_band()]
        phase = self.phase()
        if phase == "take":
            return [self.seat_rect(s) for s in self.opponents()
                    if self.t.zones.get(f"hand{s}")]
        if phase == "give":
            out = [self.seat_rect(self.swapper())] if self.swap else []
            offer = self.offer_rect()
            return out + ([offer] if offer is not None else [])
        if phase == "play":
            return [self.discard_rect()]
        return []

    def turn_prompt(self, seat: int) -> Msg | None:
        swap = self.t.match.view(seat).get("swap")
        if swap and swap.get("target") == seat:
            return Msg("{name}: {asker} asks you for a card. Choose one to give.",
                       name=self.name(seat), asker=self.name(swap["swapper"]))
        return None

    # ---- text -------------------------------------------------------------------------------
    def describe(self, ev: dict) -> Msg | None:
        kind = ev["kind"]
        seat = ev.get("seat")
        if kind == "dealt":
            return self.said(ev["first"], N_("Game {game}: you start."),
                             N_("Game {game}: {name} starts."),
                             game=ev["deal"])
        if kind == "drew":
            if ev.get("source") == "discard":
                return self.said(seat, N_("You take {card}"), N_("{name} takes {card}"),
                                 card=the_short(ev.get("card")))
            if ev.get("count", 1) == 0:
                return self.said(seat, N_("You draw nothing (no cards left)"),
                                 N_("{name} draws nothing (no cards left)"))
            if ev.get("card"):
                return self.said(seat, N_("You draw {card}"), N_("{name} draws {card}"),
                                 card=the_short(ev["card"]))
            return self.said(seat, N_("You draw a card"), N_("{name} draws a card"))
        if kind == "refilled":
            return self.said(seat, N_("You draw {n} cards to start your turn"),
                             N_("{name} draws {n} cards to start the turn"),
                             n=ev.get("count", REFILL_COUNT))
        if kind == "reshuffled":
            return Msg("Discards reshuffled: {n} new draw cards", n=ev.get("count", 0))
        if kind == "swap_asked":
            return self.said(seat, N_("You ask {target} to swap"),
                             N_("{name} asks {target} to swap"),
                             target=self.you(ev["target"]))
        if kind == "swapped":
            if ev.get("gave") and ev.get("received"):
                if self.viewer == ev["target"]:
                    return Msg("You give {gave}, get {got}", gave=the_short(ev["received"]),
                               got=the_short(ev["gave"]))
                return Msg("You give {gave}, get {got}", gave=the_short(ev["gave"]),
                           got=the_short(ev["received"]))
            return Msg("{a} and {b} swap", a=self.you(seat), b=self.you(ev["target"]))
        if kind == "paired":
            a, b = ev["cards"]
            return Msg("{name}: pair {a} + {b}", name=self.you(seat), a=short_words(a),
                       b=short_words(b))
        if kind == "discarded":
            return self.said(seat, N_("You discard {card}"), N_("{name} discards {card}"),
                             card=the_short(ev["card"]))
        if kind == "done":
            return self.said(seat, N_("You end the turn, no discard"),
                             N_("{name} ends the turn, no discard"))
        if kind == "deal_scored":
            return self.deal_result(ev)
        return None

    def deal_result(self, ev: dict) -> Msg:
        winners = ev.get("winners") or []
        game = ev.get("game", ev.get("deal", ""))
        if not winners:
            return Msg("Game {game} is over.", game=game)
        if len(winners) == 1:
            w = winners[0]
            if ev.get("reason") == "five_pairs":
                return self.said(w, N_("Game {game}: you win with five pairs."),
                                 N_("Game {game}: {name} wins with five pairs."), game=game)
            return self.said(w, N_("Game {game}: you win on most pairs."),
                             N_("Game {game}: {name} wins on most pairs."), game=game)
        # the person is 'you' here too (a name would not agree: 'vous et Bob gagnez')
        others = [self.name(w) for w in winners if not self.is_you(w)]
        if len(others) < len(winners):
            return NMsg("Game {game}: {names} shares the win with you.",
                        "Game {game}: {names} share the win with you.", len(others),
                        game=game, names=and_list(others))
        return Msg("Game {game}: {names} share the win.", game=game, names=and_list(others))

    def summary_title(self, ev: dict) -> Msg:
        """The headline of the end-of-game summary."""
        return self.deal_result(ev)

    def score_lines(self):
        t = self.t
        lines = []
        order = [(self.viewer + i) % self.n for i in range(self.n)]
        for seat in order:
            n = len(t.zones.get(f"pairs{seat}", [])) // 2
            lines.append((self.panel_name(seat), Msg("{n} / {k} pairs", n=n, k=PAIRS_TO_WIN),
                          t.seat_colour(seat)))
        target = (t.match.state.options or {}).get("games_to_win", 1)
        if target > 1 and not t.one_deal:       # the daily deal is one game
            lines.append((N_("Games to win"), str(target), None))
        else:
            lines.append((N_("First to five pairs wins"), "", None))
        if self.dry >= 30:
            lines.append((N_("Turns without a pair"), f"{self.dry} / 60", None))
        return lines


TABLE = Pairs65Table


#: how to play, in the program's own words (markup for the rules screen): written
#: from the rule specification, every choice the program makes where players differ
#: said plainly, every option of the setup explained
RULES = ("Sixty-Five (pairs)", """
# Sixty-Five — the pairs game
Two to four players collect pairs that add up to thirteen. The first to put five pairs on
the table wins.

## The cards
- One pack without the kings: 48 cards, no jokers.
- Values: ace 1, two to ten as marked, jack 11, queen 12.
- A **pair** is two cards of the same colour (both red or both black) worth 13 together:
  ace + queen, 2 + jack, 3 + 10, 4 + 9, 5 + 8, 6 + 7.

## Dealing
- Each player gets nine cards, one at a time, starting with the first player.
- The rest is the draw pile. The discard pile starts empty.
- Who starts is chosen on the setup screen: a seat of your choice, or at random (the
  default). In a match of several games, each new game starts one seat further to the left.

## Your turn, step by step
- **Refill:** if you hold three cards or fewer when your turn begins, first draw three cards.
- **Take one card**, in one of three ways: the top of the draw pile, the top of the discard
  pile, or a **swap** with another player who still holds cards. In a swap you choose a card
  to give, they choose a card to give you, neither sees the other's choice, and then the two
  cards change hands.
- **Lay down pairs:** as many as you like, face up in front of you, or none.
- **Discard** one card face up, unless you now hold three cards or fewer.

## The end of a game
- Whoever has **five pairs** on the table wins at once.
- When the draw pile is used up, the discard pile is shuffled to make a new one. If both
  piles are empty, drawing gives you nothing, but you may still swap.
- So that a game cannot go on forever: after 60 turns in a row without a new pair, the game
  ends, and the player with most pairs wins (equal counts share the win).

## Options
- **Who starts:** the seat that plays first in the first game, or at random (the default).
- **Games to win the match:** play a single game (the default) or a longer match, up to 9
  games. Each game won scores one point, and the first to reach the chosen number of games
  wins.
""")
TABLE.RULES = RULES
