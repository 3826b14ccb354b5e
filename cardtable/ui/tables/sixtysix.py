"""The table of Sixty-Six: two hands, the stock with the trump card under it, won piles.

Controls: drag or double-click a card to play it; drag the nine of trumps onto the trump
card (or press Exchange) to take it; click the stock (or press Close) to close; press a
Marriage button when you lead holding king and queen of a suit; press Claim 66 when you
think you have reached 66 points.
"""

from __future__ import annotations

import pygame

from cardtable.engine.core import Action
from cardtable.engine.sixtysix import MARRIAGE_POINTS, TRUMP_MARRIAGE_POINTS, WIN_POINTS
from cardtable.i18n import N_, Msg, NMsg, PMsg, tr
from cardtable.ui import theme
from cardtable.ui.cardart import card_height
from cardtable.ui.tables import GameTable, Target, card_words, suit_words, the_card
from cardtable.ui.tables.picking import ClickToPlay
from cardtable.ui.tables.sixtysix_words import ENDINGS, SixtySixWords

CARD_VALUES = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}

#: the empty stock's label: Sixty-Six's own word (French "talon", where the rummies draw from
#: a "pioche")
STOCK = PMsg("sixtysix", "stock")

#: the trump suit in the score panel
TRUMP_WORDS = {"S": N_("Spades"), "H": N_("Hearts"), "D": N_("Diamonds"), "C": N_("Clubs")}


def points(n: int) -> NMsg:
    return NMsg("{n} point", "{n} points", n, n=n)


class SixtySixTable(ClickToPlay, SixtySixWords, GameTable):
    game_id = "sixtysix"
    REVIEW_STEP_EVENT = "trick_won"
    RANK_ORDER = "ATKQJ9"
    deck_size = 24
    DEAL_STAGGER = 0.08
    ZONE_Z = {"won": 100, "trump": 200, "stock": 300, "trick": 500, "hand": 700, "deck": 900}

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.trump: str | None = None
        self.closed = False
        self.points = [0, 0]        # card points won in tricks (public)
        self.marriage_pts = [0, 0]  # marriages scored
        self.pending = [0, 0]       # marriages waiting for a first trick
        self.claim_armed = False    # a first click on Claim 66 below 66 points
        self.last = None
        self.leader: int | None = None

    def trump_suit(self) -> str | None:
        return self.trump

    # ---- geometry -----------------------------------------------------------------------
    def layout(self, size) -> None:
        super().layout(size)
        w, h = size
        self.cw = max(52, int(min(h * 0.15, w * 0.085) * self.card_scale()))
        self.ch = card_height(self.cw)

    def small_width(self) -> int:
        return max(40, int(self.cw * 0.74))

    def hand_spacing(self, seat: int, count: int) -> float:
        if self.slot(seat) == "bottom":
            return self.cw * 0.64
        return self.small_width() * 0.4

    @property
    def centre(self) -> tuple[float, float]:
        w, h = self.size
        return (w * 0.5, h * 0.47)

    def stock_pos(self) -> tuple[float, float]:
        w, h = self.size
        cx, cy = self.centre
        return (cx - self.cw * 3.1, cy)

    def trump_pos(self) -> tuple[float, float]:
        x, y = self.stock_pos()
        return (x + self.cw * 0.55, y)

    def won_pos(self, seat: int) -> tuple[float, float]:
        cx, cy = self.centre
        dy = self.ch * 0.58
        return (cx + self.cw * 3.1, cy + (dy if self.slot(seat) == "bottom" else -dy))

    def deck_pos(self) -> tuple[float, float]:
        return self.stock_pos()

    def trick_spot(self, index: int, seat: int) -> tuple[float, float]:
        cx, cy = self.centre
        dy = self.ch * 0.12 * (1 if self.slot(seat) == "bottom" else -1)
        dx = self.cw * 0.32 * (-1 if index == 0 else 1)
        return (cx + dx, cy + dy)

    def pile_width(self) -> int:
        return max(40, int(self.cw * 0.74))

    def controls_span(self, top: int, height: int) -> tuple[int, int]:
        """Left of the player's own trick pile (and its label) when the buttons' row
        would reach it: larger cards and text at 1280x720."""
        left, right = super().controls_span(top, height)
        x, y = self.won_pos(self.viewer)
        pw = self.pile_width()
        ph = card_height(pw)
        label = theme.px(30)
        if top < y + ph / 2 + label and top + height > y - ph / 2:
            right = min(right, int(x - pw / 2) - theme.px(12))
        return left, right

    def place(self, zone: str, sprites: list) -> list[Target]:
        if zone == "stock":
            return self.place_stack(self.stock_pos(), sprites, self.cw, depth=0.9)
        if zone == "trump":
            return [(*self.trump_pos(), 90.0, self.cw, not self.closed) for _ in sprites]
        if zone == "trick":
            out = []
            for i, s in enumerate(sprites):
                owner = s.owner if s.owner is not None else self.viewer
                x, y = self.trick_spot(i, owner)
                out.append((x, y, self.trick_angle(s), self.cw, True))
            return out
        if zone.startswith("won"):
            seat = int(zone[3:])
            return self.place_stack(self.won_pos(seat), sprites, self.pile_width(),
                                    jitter=5.0, depth=0.6)
        return super().place(zone, sprites)

    def slots(self):
        out = []
        t = self.t
        if not t.zones.get("stock") and not t.zones.get("trump"):
            # the same word as the count under the stock ("2 in stock", French "talon")
            out.append((self.stock_pos(), self.cw, 0.0, STOCK))
        for seat in (0, 1):
            if not t.zones.get(f"won{seat}"):
                out.append((self.won_pos(seat), self.pile_width(), 0.0, N_("tricks")))
        if not t.zones.get("trick"):
            cx, cy = self.centre
            out.append(((cx, cy), self.cw, 0.0, ""))
        return out

    def trick_rect(self) -> pygame.Rect:
        cx, cy = self.centre
        r = pygame.Rect(0, 0, int(self.cw * 2.4), int(self.ch * 1.5))
        r.center = (int(cx), int(cy))
        return r

    def trump_rect(self) -> pygame.Rect | None:
        sprites = self.t.zones.get("trump")
        if not sprites:
            return None
        return sprites[0].rect().inflate(int(self.cw * 0.1), int(self.cw * 0.1))

    def stock_rect(self) -> pygame.Rect | None:
        sprites = self.t.zones.get("stock")
        if not sprites:
            return None
        r = sprites[0].rect()
        for s in sprites[1:]:
            r.union_ip(s.rect())
        return r

    def caption_pos(self) -> tuple[float, float]:
        cx, cy = self.centre
        return (cx, cy - self.ch * 0.98)

    # ---- events -------------------------------------------------------------------------
    def deal_sequence(self, ev: dict) -> list[int]:
        first = ev.get("leader", 1 - ev.get("dealer", 0))
        dealer = 1 - first
        return [first] * 3 + [dealer] * 3 + [first] * 3 + [dealer] * 3

    def new_deal(self, ev: dict) -> None:
        self.trump = ev.get("trump")
        self.closed = False
        self.points = [0, 0]
        self.marriage_pts = [0, 0]
        self.pending = [0, 0]
        self.leader = ev.get("leader")

    def after_deal(self, ev: dict, elapsed: float) -> float:
        t = self.t
        deck = t.zone("deck")
        if not deck:
            return 0.0
        turned = deck[-1]
        turned.code = ev.get("trump_card")
        t.put(turned, "trump")
        for s in list(deck):
            t.put(s, "stock")
        turned_delay = elapsed + 0.15
        self._turn_delay = turned_delay
        t.play_sound("flip", turned_delay)
        return 0.35

    def deal_out(self, ev: dict) -> float:
        hold = super().deal_out(ev)
        trump = self.t.zones.get("trump")
        if trump:
            s = trump[0]
            x, y, a, w = s.target
            d = getattr(self, "_turn_delay", 0.0)
            if self.t.speed > 0 and not self.t.skipping:
                s.move_to(x, y, a, w, duration=0.3 / self.t.speed, delay=d / self.t.speed,
                          face_up=True)
        return hold

    def on_played(self, ev: dict) -> float:
        self.from_hand(ev["seat"], ev["card"], "trick")
        self.t.relayout(0.3)
        self.t.play_sound("play")
        return 0.32

    def on_trick_won(self, ev: dict) -> float:
        t = self.t
        winner = ev["winner"]
        cards = ev["cards"]
        trick = list(t.zone("trick"))
        owners = [s.owner for s in trick]
        delay = self.TRICK_PAUSE
        delays = {}
        for s in trick:
            s.owner = None
            t.put(s, f"won{winner}")
            delays[s.id] = delay
        t.relayout(0.36, delays=delays)
        t.play_sound("trick", delay)
        self.points[winner] += ev.get("points", 0)
        leader = owners[0] if owners and owners[0] is not None else 1 - winner
        played = [(leader, cards[0]), (1 - leader, cards[1])] if len(cards) == 2 else []
        note = self.said(winner, N_("You take {points}"), N_("{name} takes {points}"),
                         points=points(ev.get("points", 0)))
        self.last = (played, winner, note)
        self.leader = winner
        return delay + 0.45

    def on_marriage_scored(self, ev: dict) -> float:
        seat = ev["seat"]
        self.marriage_pts[seat] += ev.get("points", 0)
        self.pending[seat] = max(0, self.pending[seat] - ev.get("points", 0))
        return 0.0

    def on_drew(self, ev: dict) -> float:
        t = self.t
        seat = ev["seat"]
        stock = t.zone("stock")
        if stock:
            s = stock[-1]
        else:
            trump = t.zone("trump")
            if not trump:
                return 0.0
            s = trump[0]
        card = ev.get("card")
        s.code = card
        s.revealed = bool(ev.get("face_up")) and seat != self.viewer
        t.insert_sorted(s, seat)
        t.relayout(0.3)
        t.play_sound("deal")
        return 0.2

    def on_marriage(self, ev: dict) -> float:
        t = self.t
        seat, suit, pts = ev["seat"], ev["suit"], ev.get("points", MARRIAGE_POINTS)
        if ev.get("pending"):
            self.pending[seat] += pts
        else:
            self.marriage_pts[seat] += pts
        for code in ev.get("cards", []):
            s = t.take_from_hand(seat, code)
            if s is not None and seat != self.viewer:
                s.revealed = True
        t.relayout(0.3)
        if suit == self.trump:
            text = self.said(seat, N_("You announce a marriage in trumps: {pts}"),
                             N_("{name} announces a marriage in trumps: {pts}"), pts=pts)
        else:
            text = self.said(seat, N_("You announce a marriage in {suit}: {pts}"),
                             N_("{name} announces a marriage in {suit}: {pts}"), pts=pts,
                             suit=suit_words(suit))
        if ev.get("pending"):
            text = Msg("{text} (counts once a trick is won)", text=text)
        t.show_caption(text, 2.4)
        t.play_sound("flip")
        return 0.9

    def on_exchanged(self, ev: dict) -> float:
        t = self.t
        seat = ev["seat"]
        nine = t.take_from_hand(seat, ev["nine"])
        trump = t.zone("trump")
        old = trump[0] if trump else None
        if nine is not None:
            nine.revealed = False
            t.put(nine, "trump")
        if old is not None:
            old.code = ev["trump_card"]
            old.revealed = seat != self.viewer
            t.insert_sorted(old, seat)
        t.relayout(0.35)
        t.show_caption(self.said(seat, N_("You exchange the nine for {card}"),
                                 N_("{name} exchanges the nine for {card}"),
                                 card=the_card(ev["trump_card"])), 2.0)
        t.play_sound("flip")
        return 0.6

    def on_closed(self, ev: dict) -> float:
        t = self.t
        self.closed = True
        t.relayout(0.3)
        t.show_caption(self.said(ev["seat"], N_("You close the stock: follow suit from now on"),
                                 N_("{name} closes the stock: follow suit from now on")), 2.4)
        t.play_sound("flip")
        return 0.6

    def on_claimed(self, ev: dict) -> float:
        seat = ev["seat"]
        ok = ev.get("correct")
        if ok:
            text = self.said(seat, N_("You claim 66 with {n} points: correct!"),
                             N_("{name} claims 66 with {n} points: correct!"), n=ev.get("points"))
        else:
            text = self.said(seat, N_("You claim 66 with {n} points: not enough!"),
                             N_("{name} claims 66 with {n} points: not enough!"),
                             n=ev.get("points"))
        self.t.show_caption(text, 3.0)
        self.t.play_sound("chime" if ok else "flip")
        return 1.3

    def on_deal_scored(self, ev: dict) -> float:
        return 0.0

    # ---- rebuild from a view --------------------------------------------------------------
    def sync(self, view: dict) -> None:
        t = self.t
        t.clear_zones()
        t.dealer = view.get("dealer")
        self.trump = view.get("trump")
        self.closed = bool(view.get("closed"))
        self.leader = view.get("leader")
        me, opp = self.viewer, 1 - self.viewer
        for code in view["hand"]:
            t.new_card(code, self.hand_anchor(me), f"hand{me}")
        t.sort_hand(me)
        known = list(view.get("opponent_known", []))
        for i in range(view["opponent_hand_size"]):
            s = t.new_card(known[i] if i < len(known) else None, self.hand_anchor(opp),
                           f"hand{opp}")
            s.revealed = s.code is not None
        size = view.get("stock_size", 0)
        bottom = view.get("trump_card") or view.get("turned_down_trump")
        for _ in range(max(0, size - 1)):
            t.new_card(None, self.stock_pos(), "stock")
        if size:
            t.new_card(bottom, self.trump_pos(), "trump", face_up=not self.closed)
        for seat, code in view.get("trick", []):
            s = t.new_card(code, self.centre, "trick", face_up=True)
            s.owner = seat
        for seat in (0, 1):
            for _ in view["won"][seat]:
                t.new_card(None, self.won_pos(seat), f"won{seat}", self.pile_width())
        self.points = list(view.get("card_points", [0, 0]))
        self.marriage_pts = list(view.get("marriage_points", [0, 0]))
        self.pending = [0, 0]
        for m in view.get("marriages", []):
            if not m.get("scored"):
                self.pending[m["seat"]] += m.get("points", 0)
        lt = view.get("last_trick")
        if lt:
            leader = lt.get("leader", 0)
            self.last = ([(leader, lt["cards"][0]), (1 - leader, lt["cards"][1])],
                         lt["winner"], points(lt.get("points", 0)))
        else:
            self.last = None        # (moves taken back to before any trick)

    # ---- text -----------------------------------------------------------------------------
    def describe(self, ev: dict) -> Msg | None:
        kind = ev["kind"]
        seat = ev.get("seat")
        if kind == "dealt":
            return self.said(ev["dealer"], N_("Deal {deal}: you deal; {suit} are trumps."),
                             N_("Deal {deal}: {name} deals; {suit} are trumps."), deal=ev["deal"],
                             suit=suit_words(ev["trump"]))
        if kind == "played":
            return Msg("{name}: {card}", name=self.you(seat), card=card_words(ev["card"]))
        if kind == "trick_won":
            return self.said(ev["winner"], N_("You win the trick ({n})"),
                             N_("{name} wins the trick ({n})"),
                             n=ev.get("points", 0))
        if kind == "drew" and ev.get("card"):
            # the card from the stock, to its drawer (and the face-up trump card, taken
            # last, to all): found before only with H
            return self.said(seat, N_("You draw {card}"), N_("{name} draws {card}"),
                             card=the_card(ev["card"]))
        if kind == "marriage":
            return Msg("{name}: marriage in {suit} ({n})", name=self.you(seat),
                       suit=suit_words(ev["suit"]), n=ev.get("points"))
        if kind == "exchanged":
            return self.said(seat, N_("You take the trump card"), N_("{name} takes the trump card"))
        if kind == "closed":
            return self.said(seat, N_("You close the stock"), N_("{name} closes the stock"))
        if kind == "claimed":
            if ev.get("correct"):
                return self.said(seat, N_("You claim 66 (correct)"),
                                 N_("{name} claims 66 (correct)"))
            return self.said(seat, N_("You claim 66 (wrong)"), N_("{name} claims 66 (wrong)"))
        if kind == "deal_scored":
            w = ev.get("winner")
            if w is None:
                return Msg("Deal drawn: nobody scores.")
            gp = ev.get("game_points", [0, 0])[w]
            if self.is_you(w):
                return NMsg("You score {n} game point", "You score {n} game points", gp, n=gp)
            return NMsg("{name} scores {n} game point", "{name} scores {n} game points", gp,
                        n=gp, name=self.name(w))
        return None

    def result_text(self, ev: dict) -> Msg | str:
        w = ev.get("winner")
        forms = ENDINGS.get(ev.get("reason", ""))
        if not forms:
            return ""
        if w is not None and self.is_you(w):
            return Msg(forms[0])
        return Msg(forms[1], name=self.name(w) if w is not None else "")

    def deal_result(self, ev: dict) -> Msg:
        base = super().deal_result(ev)
        why = self.result_text(ev)
        return Msg("{result} {why}", result=base, why=why) if why and \
            ev.get("winner") is not None else base

    def running(self, seat: int) -> int:
        return self.points[seat] + self.marriage_pts[seat]

    def score_lines(self):
        t = self.t
        me = self.viewer
        lines = []
        for seat in (me, 1 - me):
            lines.append((self.panel_name(seat), str(t.scores[seat]), t.seat_colour(seat)))
        if not t.one_deal:      # the daily deal is one deal: no target to reach
            lines.append((N_("Game points to win"),
                          str(t.match.state.options.get("target", 10)), None))
        if self.trump:
            lines.append((N_("Trumps"), TRUMP_WORDS[self.trump], None))
        if t.settings.get("show_card_points"):
            lines.append((N_("Points this deal"), f"{self.running(me)} – {self.running(1 - me)}",
                          None))
        return lines

    def extra_draw(self, surface: pygame.Surface) -> None:
        t = self.t
        size = theme.px(13)
        stock = t.zones.get("stock", [])
        trump = t.zones.get("trump", [])
        sx, sy = self.stock_pos()
        if stock or trump:
            n = len(stock) + len(trump)
            label = N_("closed") if self.closed else Msg("{n} in stock", n=n)
            t.text(surface, label, (int(sx), int(sy + self.ch / 2 + theme.px(10))),
                            size, theme.TEXT_DIM, anchor="midtop")
        show = t.settings.get("show_card_points")
        ph = card_height(self.pile_width())
        for seat in (0, 1):
            x, y = self.won_pos(seat)
            n = len(t.zones.get(f"won{seat}", [])) // 2
            text = NMsg("{n} trick", "{n} tricks", n, n=n)
            if show:
                text = Msg("{tricks} · {n} pts", tricks=text, n=self.running(seat))
                if self.pending[seat]:
                    text = Msg("{text} (+{n})", text=text, n=self.pending[seat])
            t.text(surface, text, (int(x), int(y + ph / 2 + theme.px(8))), size,
                            t.seat_colour(seat), bold=True, anchor="midtop")

    # ---- input ----------------------------------------------------------------------------
    def _nine(self) -> str | None:
        return "9" + self.trump if self.trump else None

    def drop_action(self, sprite, pos) -> Action | None:
        if sprite.code is None:
            return None
        rect = self.trump_rect()
        if pos is not None and rect is not None and rect.collidepoint(pos) \
                and sprite.code == self._nine():
            return Action("exchange")
        if not self.dropped_to_play(pos):
            return None
        return Action("play", card=sprite.code)

    def click_action(self, pos) -> Action | None:
        stock = self.stock_rect()
        if stock is not None and stock.collidepoint(pos):
            return Action("close")
        trump = self.trump_rect()
        if trump is not None and trump.collidepoint(pos) and any(
            s.code == self._nine() for s in self.t.zones.get(f"hand{self.viewer}", [])
        ):
            return Action("exchange")
        return None

    def other_targets(self) -> list[pygame.Rect]:
        return [r for r in (self.stock_rect(), self.trump_rect()) if r is not None]

    def drop_targets(self, sprite) -> list[pygame.Rect]:
        out = [self.play_area()]
        rect = self.trump_rect()
        if rect is not None and sprite.code == self._nine() and \
                any(a.kind == "exchange" for a in self.t.legal):
            out.append(rect)
        return out

    def controls(self, legal: list[Action]) -> list[tuple]:
        self.claim_armed = False
        out = []
        for a in legal:
            if a.kind == "marriage":
                pts = TRUMP_MARRIAGE_POINTS if a.suit == self.trump else MARRIAGE_POINTS
                out.append((Msg("Marriage in {suit} ({pts})", suit=suit_words(a.suit), pts=pts),
                            a))
        for a in legal:
            if a.kind == "exchange":
                out.append((N_("Exchange the nine"), a))
        for a in legal:
            if a.kind == "close":
                out.append((N_("Close the stock"), a))
        for a in legal:
            if a.kind == "claim":
                out.append(self.claim_control(a))
        return out

    def claim_control(self, action: Action) -> tuple:
        """Claim 66: the main button once the viewer counts 66; below that, a quiet button that
        asks for a second click (a wrong claim gives the opponent 2 or 3 game points)."""
        mine = self.t.match.view(self.viewer)["points"][self.viewer]
        if mine >= WIN_POINTS:
            return (N_("Claim 66"), action, "primary")

        def ask() -> None:
            if self.claim_armed or not self.t.asks_twice:
                self.claim_armed = False
                self.t.try_action(action)
                return
            self.claim_armed = True
            self.t.show_toast(Msg("You count {n} points. A wrong claim gives your opponent "
                                  "2 or 3 game points: click Claim 66 again to claim anyway.",
                                  n=mine), 4.0)

        return (N_("Claim 66"), ask, "normal")

    # ---- keys ------------------------------------------------------------------------------
    def key_rows(self) -> list[tuple[str, list]]:
        row = []
        stock = self.stock_rect()
        if stock is not None:
            row.append(self.key_target("stock", stock))
        trump = self.trump_rect()
        if trump is not None:
            row.append(self.key_target("trump", trump))
        return [("table", row)]

    def key_shortcuts(self) -> list[tuple]:
        return [
            (pygame.K_m, "M", N_("Announce a marriage (the buttons choose between two)"),
             self._key_marriage),
            (pygame.K_e, "E", N_("Exchange the nine of trumps for the trump card"),
             lambda: self.t.try_action(Action("exchange"))),
            (pygame.K_s, "S", N_("Close the stock"), lambda: self.t.try_action(Action("close"))),
            (pygame.K_c, "C", N_("Claim 66 (below 66 points, press twice)"), self._key_claim),
        ]

    def key_help(self) -> list[tuple[str, str]]:
        return super().key_help() + [
            (N_("Up, Enter"), N_("On the stock: close it; on the trump card: exchange"))]

    def _key_marriage(self) -> None:
        t = self.t
        marriages = [a for a in t.legal if a.kind == "marriage"]
        if len(marriages) == 1:
            t.try_action(marriages[0])
        elif marriages:
            label = next(c[0] for c in self.controls(t.legal) if c[1] == marriages[0])
            t.keys.focus_on(f"button:{tr(label)}")
            t.keys.shown = True
        else:
            t.show_toast(N_("You have no marriage to announce now."))

    def _key_claim(self) -> None:
        claim = next((a for a in self.t.legal if a.kind == "claim"), None)
        if claim is None:
            self.t.show_toast(N_("You can claim 66 only on your turn."))
            return
        step = self.claim_control(claim)[1]
        if callable(step):
            step()
        else:
            self.t.try_action(step)


TABLE = SixtySixTable


#: how to play, in the program's own words (markup for the rules screen): written
#: from the rule specification, every choice the program makes where players differ
#: said plainly, every option of the setup explained
RULES = ("Sixty-Six", """
# Sixty-Six
A quick duel for two players. Win tricks, announce marriages and be the first to claim
66 card points in a deal. Deals earn game points; the first to the target wins the match.

## The cards
- 24 cards: **A 10 K Q J 9** in each suit, ranked in that order (the ten beats the king).
- Card points: ace 11, ten 10, king 4, queen 3, jack 2, nine 0. The whole pack holds 120.

## Dealing
- The first dealer is chosen at random; after that the deal alternates.
- Each player gets six cards, three at a time, the non-dealer first.
- The next card is turned face up: its suit is **trumps** for this deal. It lies half under
  the face-down stock and will be the last card drawn. The stock holds twelve cards in all.

## While the stock is open
- The non-dealer leads first; the winner of each trick leads the next.
- Any card may be played: you need not follow suit or trump.
- The higher trump wins; otherwise the higher card of the suit led wins.
- After each trick the winner takes the top card of the stock, then the loser takes the next.
  The loser of the sixth trick gets the face-up trump.

## When the stock is gone or closed
- Now you must follow the suit led whenever you can.
- With the option **stricter play once the stock is gone** you must also beat the card led
  if a card of that suit can do it, and play a trump when you cannot follow.

## Marriages
- A king and queen of the same suit. Announce it when you are on lead, then lead one of
  the two cards. It is worth **40 in trumps**, **20 in another suit**.
- The points count once you have won a trick. On the very first lead the non-dealer may
  announce; the points wait until that player wins a trick (and are lost if none is won).
- Marriages may be announced while the stock is open, and also after it has been closed,
  but not once the stock has run out by drawing.

## Exchanging the nine of trumps
When you are on lead and have won at least one trick, you may swap the nine of trumps from
your hand for the face-up trump card, as long as the stock is open and that card is still there.

## Closing the stock
- On your turn to lead, while the stock still has cards, you may **close** it (before or
  after an exchange, even on the first lead). The trump card is turned down and nobody
  draws any more; the rest of the deal is played as when the stock is gone (see above).
- Closing is a promise: you must reach 66. If you claim correctly, or have 66 or more when
  the last trick has been played, you win the deal as for a correct claim. Otherwise (your
  claim is wrong, your opponent claims correctly first, or you end below 66) your opponent
  scores 2 game points, or 3 if your opponent had not won a trick when you closed.
- If your opponent claims wrongly after you closed, it is an ordinary wrong claim (below).
- After closing, nobody gets a bonus for the last trick.

## Claiming 66
- On any of your turns you may say you have 66. Play stops and your points are counted:
  the card points of your tricks plus the marriages already scored.
- **Correct claim:** 1 game point; 2 if the opponent has less than 33; 3 if the opponent
  has not won a single trick.
- **Wrong claim:** your opponent scores 2 game points, or 3 if your opponent has not won a
  trick.

## Playing the deal out
If the stock ran out by drawing and all twelve tricks are played without a claim, the
winner of the last trick adds 10 points. If exactly one player has 66 or more, that
player scores as for a correct claim. If both have 66 or more, or both have exactly 65,
nobody scores.

## Options
- **Game points to win:** the target, from 1 to 21. The usual target is 10; 7 makes a shorter match.
- **Stricter play once the stock is gone:** once the stock is gone or closed, you must beat
  the card led with a higher card of its suit when you can, and trump when you cannot follow
  suit. Off by default.
""")
TABLE.RULES = RULES
