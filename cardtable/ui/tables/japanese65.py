"""The table of 65 (Japanese partnership): four hands, a trick in the middle, side piles.

Where a trick's cards go is the game's twist, so it is shown: each side has a row of
face-down partner-cards (one per trick won) and a pile of the cards the other side gave up.
When a trick is won, the winner's partner's card slides to the winning side's row and the
other three to the opponents' pile, with a caption saying so.
"""

from __future__ import annotations

import pygame

from cardtable.engine.core import Action
from cardtable.engine.japanese65 import GAME_POINT_STEPS
from cardtable.i18n import N_, Msg, NMsg
from cardtable.ui import theme
from cardtable.ui.canvas import per_frame
from cardtable.ui.cardart import card_height
from cardtable.ui.tables import GameTable, Target, card_words
from cardtable.ui.tables.picking import ClickToPlay
from cardtable.ui.tables.trick_words import TrickWords

CARD_VALUES = {"A": 4, "K": 3, "Q": 2, "J": 1}
#: a full bar of the end screen's chart of a one-deal match (in deal points)
CHART_SCALE = 66


class Japanese65Table(ClickToPlay, TrickWords, GameTable):
    game_id = "japanese65"
    REFUSALS = {**TrickWords.REFUSALS,
                "wrong_kind": N_("Only cards can be played in this game.")}
    REVIEW_STEP_EVENT = "trick_won"
    RANK_ORDER = "AKQJT98765432"
    deck_size = 48
    DEAL_STAGGER = 0.04
    ZONE_Z = {"pile": 100, "tricks": 150, "trick": 500, "hand": 700, "deck": 900}

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.last = None
        self.tricks_played = 0
        #: each side's points of the deal so far, as the last trick shown left them
        self.running = [0, 0]

    def summary_note(self, event: dict) -> Msg:
        """Under the deal's rows: how its deal points became game points."""
        (most, high), (least, low) = GAME_POINT_STEPS
        return Msg("A side scores {low} for {least} deal points or more, {high} for {most} "
                   "or more.", least=least, most=most,
                   low=NMsg("{n} game point", "{n} game points", low, n=low),
                   high=NMsg("{n} game point", "{n} game points", high, n=high))

    @classmethod
    def single_deal_chart(cls, row: dict, columns: int) -> tuple[Msg, list[int], int] | None:
        """Each side's deal points (see :meth:`GameWords.single_deal_chart`)."""
        points = row.get("points")
        if isinstance(points, list) and len(points) == columns and \
                all(isinstance(v, int) for v in points):
            return Msg("Card points"), list(points), max(CHART_SCALE, *points)
        return None

    def trump_suit(self) -> str | None:
        return "S"

    # ---- sides --------------------------------------------------------------------------
    def side(self, seat: int) -> int:
        return seat % 2

    def is_your_side(self, side: int) -> bool:
        """The side of the viewer, spoken to as 'you' (see :meth:`GameTable.is_you`)."""
        return self.is_you(self.viewer) and self.side(self.viewer) == side

    def side_name(self, side: int) -> Msg:
        seats = [s for s in range(4) if s % 2 == side]
        if self.is_your_side(side):
            other = next(s for s in seats if s != self.viewer)
            return Msg("You & {name}", name=self.name(other))
        return Msg("{a} & {b}", a=self.name(seats[0]), b=self.name(seats[1]))

    # ---- geometry -----------------------------------------------------------------------
    def pile_width(self) -> int:
        return max(34, int(self.cw * 0.6))

    @per_frame
    def group_pos(self, side: int) -> tuple[float, float]:
        """Centre of a side's piles: the viewer's side lower left, the other upper right."""
        cx, cy = self.centre
        mine = side == self.side(self.viewer)
        dx = self.cw * 3.15
        dy = self.ch * 0.62
        if mine:
            return (cx - dx, cy + dy)
        # below the score panel (taller with larger text, and nearer in the review's
        # narrower table, where it lay over the other side's piles)
        panel = self.t.score_panel_rect()
        y = cy - dy
        if panel is not None and cx + dx + self.pile_width() > panel.left:
            y = max(y, panel.bottom + theme.px(12) + card_height(self.pile_width()) / 2)
        return (cx + dx, y)

    def pile_pos(self, side: int) -> tuple[float, float]:
        gx, gy = self.group_pos(side)
        return (gx - self.pile_width() * 0.9, gy)

    def tricks_pos(self, side: int) -> tuple[float, float]:
        gx, gy = self.group_pos(side)
        return (gx + self.pile_width() * 0.35, gy)

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

    def deck_pos(self) -> tuple[float, float]:
        dealer = self.t.dealer if self.t.dealer is not None else self.viewer
        hx, hy = self.hand_anchor(dealer)
        cx, cy = self.centre
        return (hx + (cx - hx) * 0.55, hy + (cy - hy) * 0.55)

    def place(self, zone: str, sprites: list) -> list[Target]:
        if zone == "trick":
            out = []
            for s in sprites:
                x, y = self.trick_spot(s.owner if s.owner is not None else self.viewer)
                out.append((x, y, self.trick_angle(s), self.cw, True))
            return out
        if zone.startswith("pile"):
            side = int(zone[4:])
            return self.place_stack(self.pile_pos(side), sprites, self.pile_width(),
                                    jitter=6.0, depth=0.5)
        if zone.startswith("tricks"):
            side = int(zone[6:])
            x, y = self.tricks_pos(side)
            pw = self.pile_width()
            step = pw * 0.2
            return [(x - pw / 2 + pw / 2 + i * step, y, 0.0, pw, False)
                    for i, _ in enumerate(sprites)]
        return super().place(zone, sprites)

    def slots(self):
        out = []
        t = self.t
        pw = self.pile_width()
        for side in (0, 1):
            if not t.zones.get(f"pile{side}"):
                out.append((self.pile_pos(side), pw, 0.0, N_("cards")))
            if not t.zones.get(f"tricks{side}"):
                out.append((self.tricks_pos(side), pw, 0.0, N_("tricks")))
        if not t.zones.get("trick"):
            out.append((self.trick_spot(self.viewer), self.cw, 0.0, ""))
        return out

    def trick_rect(self) -> pygame.Rect:
        cx, cy = self.centre
        r = pygame.Rect(0, 0, int(self.cw * 2.5), int(self.ch * 1.7))
        r.center = (int(cx), int(cy))
        return r

    # ---- events -------------------------------------------------------------------------
    def new_deal(self, ev: dict) -> None:
        self.tricks_played = 0
        self.running = [0, 0]

    def on_played(self, ev: dict) -> float:
        self.from_hand(ev["seat"], ev["card"], "trick")
        self.t.relayout(0.3)
        self.t.play_sound("play")
        return 0.32

    def on_trick_won(self, ev: dict) -> float:
        t = self.t
        winner = ev["winner"]
        side = self.side(winner)
        partner = (winner + 2) % 4
        cards = ev["cards"]
        self.tricks_played = ev.get("trick_no", self.tricks_played + 1)
        points = ev.get("points")
        if isinstance(points, list) and len(points) == 2:
            self.running = list(points)
        by_card = {s.code: s for s in t.zone("trick")}
        # sprites of the trick, including any not yet shown (a save restored mid-trick)
        for seat, code in cards:
            if code not in by_card:
                sp = t.take_from_hand(seat, code) or t.new_card(code, self.trick_spot(seat),
                                                                "trick")
                sp.owner = seat
                t.put(sp, "trick")
                by_card[code] = sp
        keep = ev.get("to_winner")
        delay = self.TRICK_PAUSE
        delays = {}
        for _seat, code in cards:
            sp = by_card[code]
            sp.owner = None
            if code == keep:
                t.put(sp, f"tricks{side}")
            else:
                t.put(sp, f"pile{1 - side}")
            delays[sp.id] = delay if code == keep else delay + 0.12
        t.relayout(0.38, delays=delays)
        t.play_sound("trick", delay)
        won = self.said(winner, N_("You win the trick"), N_("{name} wins the trick"))
        if self.is_you(partner):
            kept = Msg("your {card} is kept", card=card_words(keep))
        else:
            kept = Msg("{name}'s {card} is kept", name=self.name(partner), card=card_words(keep))
        note = Msg("{won}: {kept}; the other three cards go to {side}", won=won, kept=kept,
                   side=self.side_name(1 - side))
        t.show_caption(note, 2.4)
        self.last = ([(s, c) for s, c in cards], winner, note)
        return delay + 0.5

    # ---- rebuild from a view --------------------------------------------------------------
    def sync(self, view: dict) -> None:
        t = self.t
        t.clear_zones()
        t.dealer = view.get("dealer")
        self.tricks_played = view.get("tricks_played", 0)
        running = view.get("running", {}).get("points")
        self.running = list(running) if isinstance(running, list) and len(running) == 2 \
            else [0, 0]
        for seat in range(4):
            if seat == self.viewer:
                for code in view["hand"]:
                    t.new_card(code, self.hand_anchor(seat), f"hand{seat}")
            else:
                for _ in range(view["hand_sizes"][seat]):
                    t.new_card(None, self.hand_anchor(seat), f"hand{seat}")
        t.sort_hand(self.viewer)
        for seat, code in view.get("trick", []):
            s = t.new_card(code, self.trick_spot(seat), "trick", face_up=True)
            s.owner = seat
        for side in (0, 1):
            for _ in view["partner_cards"][side]:
                t.new_card(None, self.tricks_pos(side), f"tricks{side}", self.pile_width())
            for _ in view["piles"][side]:
                t.new_card(None, self.pile_pos(side), f"pile{side}", self.pile_width())
        lt = view.get("last_trick")
        if lt:
            self.last = ([tuple(p) for p in lt["cards"]], lt["winner"], "")
        else:
            self.last = None        # (moves taken back to before any trick)

    # ---- text -----------------------------------------------------------------------------
    def describe(self, ev: dict) -> str | None:
        kind = ev["kind"]
        if kind == "dealt":
            return self.said(ev["dealer"], N_("Deal {deal}: you deal."),
                             N_("Deal {deal}: {name} deals."),
                             deal=ev["deal"])
        if kind == "played":
            return Msg("{name}: {card}", name=self.you(ev["seat"]), card=card_words(ev["card"]))
        if kind == "trick_won":
            return self.said(ev["winner"], N_("You win trick {n}"), N_("{name} wins trick {n}"),
                             n=ev.get("trick_no", ""))
        if kind == "deal_scored":
            pts = ev.get("points", [0, 0])
            return Msg("Deal {deal}: {a} to {b} points", deal=ev.get("deal"), a=pts[0], b=pts[1])
        if kind == "match_over":
            return Msg("The match is over.")
        return None

    def score_owner(self, index: int) -> Msg:
        return self.side_name(index)

    def score_sentence(self, index: int, g: int, deal) -> Msg:
        if self.is_your_side(index):
            return NMsg("Deal {deal}: {you} score {n} game point.",
                        "Deal {deal}: {you} score {n} game points.", g, deal=deal, n=g,
                        you=self.side_name(index))
        return NMsg("Deal {deal}: {team} score {n} game point.",
                    "Deal {deal}: {team} score {n} game points.", g, deal=deal, n=g,
                    team=self.side_name(index))

    def deal_result(self, ev: dict) -> Msg:
        pts = ev.get("points", [0, 0])
        mine = self.side(self.viewer)
        return Msg("{result} Points: {mine} {a}, {theirs} {b}.", result=super().deal_result(ev),
                   mine=self.side_name(mine), a=pts[mine], theirs=self.side_name(1 - mine),
                   b=pts[1 - mine])

    def score_lines(self):
        t = self.t
        mine = self.side(self.viewer)
        lines = []
        for side in (mine, 1 - mine):
            partners = [s for s in range(4) if s % 2 == side]
            lines.append((self.panel_names(partners), str(t.scores[side]), t.seat_colour(side)))
        if not t.one_deal:      # the daily deal is one deal: no target to reach
            target = t.match.state.options.get("target", 5)
            lines.append((N_("Game points to win"), str(target), None))
        tricks = [len(t.zones.get(f"tricks{s}", [])) for s in (mine, 1 - mine)]
        lines.append((N_("Tricks this deal"), f"{tricks[0]} – {tricks[1]}", None))
        # 33 scores a game point, 41 two: how far each side is from them
        pts = [self.running[s] for s in (mine, 1 - mine)]
        lines.append((N_("Points this deal"), f"{pts[0]} – {pts[1]}", None))
        lines.append((N_("Trumps"), N_("Spades"), None))
        return lines

    def extra_draw(self, surface: pygame.Surface) -> None:
        t = self.t
        size = theme.px(13)
        pw = self.pile_width()
        ph = card_height(pw)
        for side in (0, 1):
            gx, gy = self.group_pos(side)
            n_tricks = len(t.zones.get(f"tricks{side}", []))
            n_cards = len(t.zones.get(f"pile{side}", []))
            # named as the score panel names the side: by the plates' names
            label = self.panel_names([s for s in range(4) if s % 2 == side])
            colour = t.seat_colour(side)
            y = gy + ph / 2 + theme.px(8)
            t.text(surface, label, (int(gx), int(y)), size, colour, bold=True,
                            anchor="midtop")
            t.text(surface, Msg("{tricks} · {cards}",
                                tricks=NMsg("{n} trick", "{n} tricks", n_tricks, n=n_tricks),
                                cards=NMsg("{n} card", "{n} cards", n_cards, n=n_cards)),
                            (int(gx), int(y + theme.px(17))), size, theme.TEXT_DIM,
                            anchor="midtop")

    # ---- input ----------------------------------------------------------------------------
    def drop_action(self, sprite, pos) -> Action | None:
        if sprite.code is None:
            return None
        if not self.dropped_to_play(pos):
            return None
        return Action("play", card=sprite.code)


TABLE = Japanese65Table


#: how to play, in the program's own words (markup for the rules screen): written
#: from the rule specification, every choice the program makes where players differ
#: said plainly, every option of the setup explained
RULES = ("65 (Japanese partnership)", """
# 65 — the Japanese partnership game
Four players in two teams of two. Partners sit across the table from each other, so the
first and third seats form one team and the second and fourth the other. Every deal is
worth 65 points, and the team that takes most of them scores game points.

## The cards
- One pack without the twos: 48 cards, no jokers.
- In every suit the order from high to low is **A K Q J 10 9 8 7 6 5 4 3**.
- **Spades are always trumps.**

## Dealing
- The first dealer is chosen at random; after each deal the next player to the left deals.
- Everyone gets 12 cards, dealt one by one, starting with the player on the dealer's left.

## Playing a trick
- The player to the dealer's left leads the first trick. Whoever wins a trick leads the next.
- Play goes to the left. You must play a card of the suit that was led if you have one.
- If you have none, play anything you like: you are never forced to trump.
- The highest spade takes the trick. With no spade in it, the highest card of the led suit wins.

## Where the cards of a trick go
This is what makes the game special.
- The winning team keeps just **one** card: the one the winner's partner played. It lies
  face down in front of the winner and counts as one trick won.
- The other three cards (the winner's own card and both opponents' cards) go to the
  **other** team's pile of cards.
- So winning a trick gives you trick points, but it hands most of the cards to your opponents.
  The table shows where each card goes.

## Scoring a deal
- **Tricks:** 2 points for every trick a team won, and 1 more for winning the twelfth trick.
  That makes 25 points.
- **Cards:** each team counts the cards it holds at the end (its kept cards plus its pile):
  ace 4, king 3, queen 2, jack 1, other cards nothing. That makes 40 points.
- Together 65 points, so exactly one team reaches 33.
- A team with **33 or more** points scores **1 game point**; with **41 or more**, it
  scores **2 game points** instead.

## Winning
The first team to reach the target wins the match.

## Options
- **Game points to win:** the target of the match, from 1 to 20. The usual target is 5.
""")
TABLE.RULES = RULES
