"""Magpie's table: the hands around the felt, the trick in the middle, each player's won
cards in a pile before them, the trumps once the first card names them, and the Knock
button while the player on lead may knock. Everything the screens say of the game is here.
"""

from __future__ import annotations

import pygame

from cardtable.engine.core import Action
from cardtable.i18n import N_, Msg, NMsg
from cardtable.ui import theme
from cardtable.ui.cardart import card_height
from cardtable.ui.tables import GameTable, Target, card_words, suit_words
from cardtable.ui.tables.picking import ClickToPlay
from cardtable.ui.tables.trick_words import TrickWords

from .engine import (
    CARD_VALUES,
    KNOCK,
    KNOCK_FAILED,
    KNOCK_KIND,
    KNOCK_MADE,
    LAST_TRICK_BONUS,
    PLAIN_WIN,
)

#: why a knock was refused, by the refusal's ``reason``
KNOCK_REFUSALS = {
    "not_on_lead": N_("Only the player on lead may knock, before leading."),
    "already_knocked": N_("Somebody has knocked this deal already."),
    "too_late": N_("It is too late to knock: the last trick is played as it lies."),
}


class MagpieWords(TrickWords):
    """Magpie's words for the shared screens (hints, the summary, the match's end, a
    refused move): everything the program says of this game that it cannot know."""

    REASONS = {
        "most_points": N_("The most points win the deal"),
        "shared_top": N_("A tie for the most points"),
        "knock_made": N_("The knocker took the most points"),
        "knock_failed": N_("The knocker did not take the most points alone"),
    }
    SEAT_LABELS = {"knocker": N_("Knocked")}
    REFUSALS = {**TrickWords.REFUSALS, "cannot_knock": N_("You cannot knock now.")}

    @classmethod
    def action_words(cls, action: Action, names, stock=None) -> Msg | None:
        if action.kind == KNOCK_KIND:
            return Msg("knock to raise the stakes")
        return super().action_words(action, names, stock)

    def refusal_text(self, exc) -> Msg | str | None:
        if exc.code == "cannot_knock":
            text = KNOCK_REFUSALS.get(exc.params.get("reason", ""))
            if text is not None:
                return Msg(text)
        return super().refusal_text(exc)

    @classmethod
    def single_deal_chart(cls, row: dict, columns: int):
        """A match of one deal (the daily deal) is shown by the points each player took."""
        points = row.get("points")
        if not isinstance(points, list) or len(points) != columns:
            return None
        return Msg("Deal points"), list(points), 120 + LAST_TRICK_BONUS


class MagpieTable(ClickToPlay, MagpieWords, GameTable):
    game_id = "magpie"
    RANK_ORDER = "ATKQJ9"
    deck_size = 24
    DEAL_STAGGER = 0.05
    ZONE_Z = {"won": 150, "trick": 500, "hand": 700, "deck": 900}
    #: the review steps a whole trick at a time: a trick ends with this event
    REVIEW_STEP_EVENT = "trick_won"

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.last = None
        self.trump: str | None = None
        self.knocker: int | None = None
        #: each seat's points of the deal so far, as the last trick shown left them
        self.running = [0] * self.n

    # ---- words ------------------------------------------------------------------------
    def trump_suit(self) -> str | None:
        return self.trump

    def summary_note(self, event: dict) -> Msg:
        """Under the deal's rows: why the deal scored as it did."""
        reason = event.get("reason")
        knocker = event.get("knocker")
        if reason == "knock_made":
            return self.said(knocker, N_("You knocked and took the most points: {n} game "
                                         "points."),
                             N_("{name} knocked and took the most points: {n} game points."),
                             n=KNOCK_MADE)
        if reason == "knock_failed":
            return self.said(knocker, N_("You knocked but did not take the most points "
                                         "alone: the others score {n} each."),
                             N_("{name} knocked but did not take the most points alone: "
                                "the others score {n} each."), n=KNOCK_FAILED)
        if reason == "shared_top":
            return NMsg("A tie for the most points: each scores {n} game point.",
                        "A tie for the most points: each scores {n} game points.",
                        PLAIN_WIN, n=PLAIN_WIN)
        return NMsg("The most points score {n} game point.",
                    "The most points score {n} game points.", PLAIN_WIN, n=PLAIN_WIN)

    def describe(self, ev: dict) -> Msg | str | None:
        kind = ev["kind"]
        if kind == "dealt":
            return self.said(ev["dealer"], N_("Deal {deal}: you deal."),
                             N_("Deal {deal}: {name} deals."), deal=ev["deal"])
        if kind == "played":
            return Msg("{name}: {card}", name=self.you(ev["seat"]), card=card_words(ev["card"]))
        if kind == "trumps_named":
            return Msg("{suit} are trumps.", suit=suit_words(ev["trump"]))
        if kind == "knocked":
            return self.said(ev["seat"], N_("You knock: the stakes are raised."),
                             N_("{name} knocks: the stakes are raised."))
        if kind == "trick_won":
            return self.said(ev["winner"], N_("You win trick {n}"), N_("{name} wins trick {n}"),
                             n=ev.get("trick_no", ""))
        if kind == "match_over":
            return Msg("The match is over.")
        return None

    def controls(self, legal: list[Action]) -> list[tuple]:
        if KNOCK in legal:
            return [(Msg("Knock"), KNOCK)]
        return []

    def score_lines(self):
        t = self.t
        lines = []
        order = [(self.viewer + i) % self.n for i in range(self.n)]
        for seat in order:
            lines.append((self.you(seat), str(t.scores[seat]), t.seat_colour(seat)))
        if not t.one_deal:
            lines.append((N_("Game points to win"), str(t.match.state.options["target"]),
                          None))
        lines.append((N_("Trumps"), suit_words(self.trump) if self.trump else "—", None))
        lines.append((N_("Points this deal"),
                      " – ".join(str(self.running[s]) for s in order), None))
        if self.knocker is not None:
            lines.append((N_("Knocked"), self.you(self.knocker), None))
        return lines

    # ---- geometry -----------------------------------------------------------------------
    def pile_width(self) -> int:
        return max(34, int(self.cw * 0.6))

    def trick_spot(self, seat: int) -> tuple[float, float]:
        cx, cy = self.centre
        slot = self.slot(seat)
        if slot == "bottom":
            return (cx, cy + self.ch * 0.34)
        if slot == "top":
            return (cx, cy - self.ch * 0.34)
        if slot == "left":
            return (cx - self.cw * 0.7, cy)
        return (cx + self.cw * 0.7, cy)

    def won_pos(self, seat: int) -> tuple[float, float]:
        """Where the cards ``seat`` won lie: between its hand and the trick, to one side."""
        hx, hy = self.hand_anchor(seat)
        cx, cy = self.centre
        x, y = hx + (cx - hx) * 0.5, hy + (cy - hy) * 0.5
        slot = self.slot(seat)
        if slot in ("bottom", "top"):
            return (x + self.cw * (2.4 if slot == "bottom" else -2.4), y)
        return (x, y + self.ch * 1.1)

    def trick_rect(self) -> pygame.Rect:
        cx, cy = self.centre
        r = pygame.Rect(0, 0, int(self.cw * 2.5), int(self.ch * 1.7))
        r.center = (int(cx), int(cy))
        return r

    def deck_pos(self) -> tuple[float, float]:
        dealer = self.t.dealer if self.t.dealer is not None else self.viewer
        hx, hy = self.hand_anchor(dealer)
        cx, cy = self.centre
        return (hx + (cx - hx) * 0.55, hy + (cy - hy) * 0.55)

    def place(self, zone: str, sprites: list) -> list[Target]:
        if zone == "trick":
            return [(*self.trick_spot(s.owner if s.owner is not None else self.viewer),
                     self.trick_angle(s), self.cw, True) for s in sprites]
        if zone.startswith("won"):
            return self.place_stack(self.won_pos(int(zone[3:])), sprites, self.pile_width(),
                                    jitter=5.0, depth=0.5)
        return super().place(zone, sprites)

    def slots(self):
        out = []
        if not self.t.zones.get("trick"):
            out.append((self.trick_spot(self.viewer), self.cw, 0.0, ""))
        return out

    # ---- events -------------------------------------------------------------------------
    def new_deal(self, ev: dict) -> None:
        self.trump = None
        self.knocker = None
        self.running = [0] * self.n

    def on_played(self, ev: dict) -> float:
        self.from_hand(ev["seat"], ev["card"], "trick")
        self.t.relayout(0.3)
        self.t.play_sound("play")
        return 0.32

    def on_trumps_named(self, ev: dict) -> float:
        self.trump = ev["trump"]
        self.t.show_caption(Msg("{suit} are trumps.", suit=suit_words(self.trump)), 1.6)
        if not self.t.manual_order:
            self.t.sort_hand(self.viewer)
            self.t.relayout(0.3, zones=[f"hand{self.viewer}"])
        return 0.2

    def on_knocked(self, ev: dict) -> float:
        self.knocker = ev["seat"]
        self.t.show_caption(self.said(ev["seat"], N_("You knock!"), N_("{name} knocks!")), 1.8)
        self.t.play_sound("chime")
        return 0.6

    def on_trick_won(self, ev: dict) -> float:
        t = self.t
        winner = ev["winner"]
        cards = ev["cards"]
        totals = ev.get("totals")
        if isinstance(totals, list) and len(totals) == self.n:
            self.running = list(totals)
        by_card = {s.code: s for s in t.zone("trick")}
        for seat, code in cards:     # a card not shown yet (a save restored mid-trick)
            if code not in by_card:
                sp = t.take_from_hand(seat, code) or t.new_card(code, self.trick_spot(seat),
                                                                "trick")
                sp.owner = seat
                t.put(sp, "trick")
                by_card[code] = sp
        delay = self.TRICK_PAUSE
        delays = {}
        for _seat, code in cards:
            sp = by_card[code]
            sp.owner = None
            t.put(sp, f"won{winner}")
            delays[sp.id] = delay
        t.relayout(0.38, delays=delays)
        t.play_sound("trick", delay)
        note = self.said(winner, N_("You win the trick ({n} points)"),
                         N_("{name} wins the trick ({n} points)"), n=ev.get("points", 0))
        t.show_caption(note, 1.8)
        self.last = ([tuple(p) for p in cards], winner, note)
        return delay + 0.4

    def sync(self, view: dict) -> None:
        t = self.t
        t.clear_zones()
        t.dealer = view.get("dealer")
        self.trump = view.get("trump")
        self.knocker = view.get("knocker")
        self.running = list(view.get("points") or [0] * self.n)
        for seat in range(self.n):
            if seat == self.viewer:
                for code in view["hand"]:
                    t.new_card(code, self.hand_anchor(seat), f"hand{seat}")
            else:
                for _ in range(view["hand_sizes"][seat]):
                    t.new_card(None, self.hand_anchor(seat), f"hand{seat}")
            for _ in view["won"][seat]:
                t.new_card(None, self.won_pos(seat), f"won{seat}", self.pile_width())
        t.sort_hand(self.viewer)
        for seat, code in view.get("trick", []):
            s = t.new_card(code, self.trick_spot(seat), "trick", face_up=True)
            s.owner = seat
        lt = view.get("last_trick")
        if lt:
            self.last = ([tuple(p) for p in lt["cards"]], lt["winner"], "")

    def extra_draw(self, surface: pygame.Surface) -> None:
        t = self.t
        size = theme.px(13)
        ph = card_height(self.pile_width())
        for seat in range(self.n):
            pile = t.zones.get(f"won{seat}", [])
            if not pile:
                continue
            x, y = self.won_pos(seat)
            n = len(pile) // self.n
            t.text(surface, NMsg("{n} trick", "{n} tricks", n, n=n),
                   (int(x), int(y + ph / 2 + theme.px(6))), size, theme.TEXT_DIM,
                   anchor="midtop")

    # ---- input ----------------------------------------------------------------------------
    def drop_action(self, sprite, pos) -> Action | None:
        if sprite.code is None or not self.dropped_to_play(pos):
            return None
        return Action("play", card=sprite.code)


TABLE = MagpieTable

#: how to play, in the game's own words (markup for the rules screen)
RULES = ("Magpie", f"""
# Magpie
Two to four players, each playing alone. Take tricks with points in them; once a deal,
one player may **knock** to raise the stakes.

## The cards
- 24 cards: ace, ten, king, queen, jack and nine of each suit, ranking in that order.
- Card points: ace {CARD_VALUES["A"]}, ten {CARD_VALUES["T"]}, king {CARD_VALUES["K"]},
  queen {CARD_VALUES["Q"]}, jack {CARD_VALUES["J"]}, nine nothing.
- Every card is dealt: 12 each to two players, 8 to three, 6 to four.

## Playing
- The player on the dealer's left leads the first trick. **The first card led names
  trumps** for the whole deal.
- Follow suit if you can; otherwise play any card. The highest trump wins the trick, else
  the highest card of the suit led. The winner leads next.
- The last trick scores 10 more points (an option).

## The knock
- Once a deal, the player on lead (with two cards or more) may **knock** before leading.
- If the knocker alone takes the most points, the knocker scores {KNOCK_MADE} game points;
  otherwise every other player scores {KNOCK_FAILED}.
- Without a knock, the most points score {PLAIN_WIN} game point (each, on a tie).

## Winning
The first player to reach the target alone wins the match; a tie at the top plays on.

## Options
- **Game points to win:** from 1 to 15; 7 by default.
- **Ten for the last trick:** on by default.
""")
TABLE.RULES = RULES

__all__ = ["TABLE", "MagpieTable", "KNOCK_KIND"]
