"""The table of the two rummy games (rummy65 and quebec65): one class, set up per game.

Layout: the stock and the discard pile in the middle, the other players around the top
and the sides as compact seats (name plate, a small fan of backs, the melds they have laid
on the table), and the player at the bottom with a *staging area* above the hand.

The staging area is the player's own workspace and touches no rule: cards dragged there
form meld groups, each labelled at once by the engine's meld checker (a set, a run, or the
reason it is neither), wild cards carrying a tag saying which card they stand for. When
the groups make a legal way out under the game's rule, a "Go out" button appears; on a
last turn "Lay down" lays the valid groups. "Arrange for me" asks the meld solver.

Controls: click the stock or the discard pile (or drag its top card to your hand) to
draw; drag a card onto the discard pile (or double-click it, or click it and then the
pile) to discard; drag cards between the hand and the staging groups freely, at any time
(or click a card of the hand, then the group or the new-meld place it goes to).
"""

from __future__ import annotations

import pygame

from cardtable.engine import melds as meldlib
from cardtable.engine.core import Action
from cardtable.i18n import N_, Msg, NMsg, PMsg
from cardtable.ui import theme
from cardtable.ui.tables import SUIT_WORDS, GameTable, cards_words, rummy_sheet, the_card
from cardtable.ui.tables import rummy_staging as staging
from cardtable.ui.tables.rummy_draw import RummyDrawing
from cardtable.ui.tables.rummy_events import RummyEvents
from cardtable.ui.tables.rummy_keys import RummyKeys
from cardtable.ui.tables.rummy_layout import RummyLayout
from cardtable.ui.tables.rummy_words import (
    MELD_REASONS,
    SET_LABELS,
    RummyWords,
    dotted,
    wild_list,
    wild_words,
)


class RummyTable(RummyLayout, RummyEvents, RummyKeys, RummyDrawing, RummyWords, GameTable):
    """The rummy table; :mod:`rummy65` and :mod:`quebec65` set the game's words."""

    game_id = ""
    DEAL_WORD = N_("Hand")
    #: "the hand" / "the round" inside a sentence
    THE_DEAL = PMsg("deal", "the hand")
    #: sentences this game words its own way (pgettext context = game id), see quebec65
    OWN: frozenset[str] = frozenset()
    HAS_POT = False
    REVIEW = False
    ZONE_Z = {"stock": 200, "pile": 300, "laid": 400, "stage": 600, "hand": 700, "deck": 900}

    def __init__(self, scene) -> None:
        super().__init__(scene)
        state = scene.match.state
        self.deck_size = len(state.all_cards())
        self.discard_when_out = bool(state.DISCARD_WHEN_OUT)
        self.deals_in_match = state.N_DEALS
        self.deal_no = max(1, state.deal_no)
        self.wild_ranks: list[str] = list(state.wild_ranks()) if state.deal_no else []
        self.cards_each = state.cards_dealt(self.deal_no)
        self.out_seat: int | None = None
        self.groups = staging.Groups()   # the groups being staged, by zone name
        self.laid_zones: dict[int, list[str]] = {}
        self.dropped = None          # the sprite last dropped by the player
        self.fresh: int | None = None  # id of the card just drawn (lifted a little)
        self.picked: int | None = None  # id of the card of the hand picked up by a click
        self.hinted: Action | None = None  # the way out a hint named (see hint_focus)
        self._checks: dict[tuple, tuple] = {}
        self.pods: dict[int, tuple[int, int]] = {}
        self.pcw, self.pch = self.cw, self.ch   # width and height of the piles' cards
        self.cy: float | None = None            # their centre line (set by layout)

    # ---- rules (asked of the engine) ----------------------------------------------------
    def rules(self) -> meldlib.MeldRules:
        return self.t.match.state.meld_rules(self.deal_no)

    def is_wild(self, code: str | None) -> bool:
        return staging.is_wild(code, self.wild_ranks)

    def check(self, codes: list[str]) -> tuple[bool, str, list[str | None]]:
        """(valid, label, what each card stands for) of one staged group."""
        key = (self.deal_no, tuple(codes))
        got = self._checks.get(key)
        if got is None:
            v = staging.check(codes, self.rules())
            if v.missing:
                label = NMsg("add {n} more card", "add {n} more cards", v.missing, n=v.missing)
            elif v.reason is not None:
                label = self.meld_reason(v.reason)
            elif v.kind == "set":
                label = Msg(SET_LABELS[v.rank])
            else:
                label = Msg("Run in {suit}", suit=Msg(SUIT_WORDS[v.suit]))
            got = (v.valid, label, list(v.stands))
            if len(self._checks) > 500:
                self._checks.clear()
            self._checks[key] = got
        return got

    def meld_reason(self, reason) -> Msg:
        """The engine's reason a group is no meld (a :class:`~cardtable.engine.melds.MeldReason`:
        its code and counts), in the player's words."""
        params = reason.params
        if reason.code == "too_many_wilds":
            if "wild" in params and "natural" in params:
                return self.m(N_("Too many wild cards: {wild} wild for {natural} natural"),
                              wild=params["wild"], natural=params["natural"])
            return self.m(N_("Too many wild cards"))
        return Msg(MELD_REASONS.get(reason.code, N_("Not a meld")))

    def refusal_text(self, exc) -> Msg | str | None:
        """A meld the engine refused says why, from the reason's code and counts; the
        game's other refusals are its words' (:class:`RummyWords`)."""
        if exc.code == "invalid_meld" and "reason" in exc.params:
            params = {k: v for k, v in exc.params.items() if k not in ("reason", "meld")}
            return Msg("{cards}: {why}", cards=" ".join(exc.params.get("meld", ())),
                       why=self.meld_reason(meldlib.MeldReason(exc.params["reason"], "",
                                                                params)))
        return super().refusal_text(exc)

    def m(self, msgid: str, /, **values) -> Msg:
        """A sentence in this game's words: its own (context ``game_id``) when it has them."""
        if msgid in self.OWN:
            return PMsg(self.game_id, msgid, **values)
        return Msg(msgid, **values)

    # ---- hand order -----------------------------------------------------------------------
    def sort_key(self, code: str | None):
        """Suits apart (alternating colours), ace low; wild cards at the right end."""
        return staging.sort_key(code, self.wild_ranks)

    def _group_order(self, sprites: list) -> None:
        """A valid group is shown in meld order: a run by position, wilds in their gaps."""
        codes = [s.code for s in sprites]
        ok, _, stands = self.check(codes)
        if not ok:
            return
        sprites[:] = [sprites[i] for i in staging.meld_order(codes, stands)]

    # ---- speech -------------------------------------------------------------------------
    def hand_groups(self, codes: list[str]) -> list[tuple[Msg | str, list[str]]]:
        """The hand by meld: the groups being staged, then the melds "Arrange for me" would
        make of the rest, then the cards in no meld."""
        out: list[tuple[Msg | str, list[str]]] = []
        for i, group in enumerate(self.staged(), start=1):
            if group:
                out.append((Msg("Meld {n}", n=i), group))
        rest = list(codes)
        melds = staging.arrangement(rest, self.rules(), self.wild_ranks, going_out=False,
                                    discard_when_out=self.discard_when_out) if rest else []
        for meld in melds:
            for code in meld:
                rest.remove(code)
            out.append((Msg("Meld"), list(meld)))
        if rest:
            out.append((Msg("In no meld") if melds or out else Msg("No meld yet"), rest))
        return out

    def spoken_card(self, sprite) -> Msg | str:
        """A staged card says its meld: 'seven of hearts, meld 2'."""
        zone = sprite.zone or ""
        if zone in self.stage_zones():
            return Msg("{card}, meld {n}", card=super().spoken_card(sprite),
                       n=self.stage_zones().index(zone) + 1)
        return super().spoken_card(sprite)

    def spoken_table(self) -> list[Msg | str]:
        out = super().spoken_table()
        for seat in range(self.n):
            melds = [[s.code for s in self.t.zones.get(z, []) if s.code is not None]
                     for z in self.laid_zones.get(seat, [])]
            melds = [m for m in melds if m]
            if melds:
                words = cards_words(melds[0])
                for m in melds[1:]:
                    words = Msg("{a}; {b}", a=words, b=cards_words(m))
                out.append(Msg("Melds of {name}: {melds}", name=self.you(seat), melds=words))
        return out

    # ---- the staging area ---------------------------------------------------------------
    @property
    def stage_ids(self) -> list[int]:
        """The numbers of the groups being staged, left to right."""
        return self.groups.ids

    def stage_zones(self) -> list[str]:
        return self.groups.names()

    def own_zones(self) -> list[str]:
        """The hand, then the groups being built from it."""
        return super().own_zones() + self.stage_zones()

    def staged(self) -> list[list[str]]:
        return [[s.code for s in self.t.zones.get(z, [])] for z in self.stage_zones()]

    def new_stage(self) -> str:
        return self.groups.new()

    def prune_stage(self) -> None:
        """Forget empty groups."""
        for zone in self.groups.prune(lambda z: not self.t.zones.get(z)):
            self.t.zones.pop(zone, None)

    def stage_changed(self, duration: float = 0.22) -> None:
        self.prune_stage()
        for z in self.stage_zones():
            self._group_order(self.t.zones[z])
        self.t.relayout(duration)
        self.t.rebuild_controls()

    def unstage_all(self) -> None:
        t = self.t
        zones = self.stage_zones() + [z for z in t.zones if z.startswith("stage")
                                      and z not in self.stage_zones()]
        for z in zones:
            for s in list(t.zones.get(z, [])):
                t.insert_sorted(s, self.viewer)
        for z in zones:
            if not t.zones.get(z):
                t.zones.pop(z, None)
        self.prune_stage()

    def clear_stage(self) -> None:
        self.unstage_all()
        self.stage_changed()

    def arrange(self) -> None:
        """Stage the solver's best arrangement (a way out when there is one), or the melds
        of the way out a hint shown now names.

        Every staged group it leaves is a valid meld; every other card is in the hand.
        Whatever the player was holding (a card picked up with a click or with Space)
        is put down first, so that it cannot be carried off a meld afterwards.
        """
        t = self.t
        self.picked = None
        t.keys.release()
        self.unstage_all()
        hand = t.zone(f"hand{self.viewer}")
        codes = [s.code for s in hand if s.code is not None]
        hinted = self.hinted_way_out()
        if hinted is not None:      # the melds the hint named, not another way out
            melds = [tuple(m) for m in hinted.melds]
        else:
            melds = staging.arrangement(codes, self.rules(), self.wild_ranks,
                                        going_out=self.can_discard(),
                                        discard_when_out=self.discard_when_out)
        free = [s for s in hand if s.code is not None and not s.dragging]
        staged = 0
        for meld in melds:
            group = []
            for code in meld:
                s = next((x for x in free if x.code == code), None)
                if s is None:
                    break
                free.remove(s)
                group.append(s)
            if len(group) != len(meld) or not self.check([s.code for s in group])[0]:
                free.extend(group)      # never a group that is not a meld
                continue
            zone = self.new_stage()
            for s in group:
                t.put(s, zone)
            staged += 1
        if not staged:
            t.show_toast(N_("No meld yet: these cards make no set or run of three."),
                         kind="info")
        self.stage_changed(0.3)
        self.focus_way_out()

    def stage_item_at(self, pos) -> tuple[str, str, pygame.Rect] | None:
        pad = theme.px(14)
        for item in self.stage_items():
            if item[2].inflate(pad, pad * 2).collidepoint(pos):
                return item
        return None

    # ---- what the player may do now ---------------------------------------------------------
    def my_turn(self) -> bool:
        return self.t.my_turn()

    def can_draw(self) -> bool:
        return self.my_turn() and any(a.kind == "draw" for a in self.t.legal)

    def can_discard(self) -> bool:
        return self.my_turn() and any(a.kind in ("discard", "go_out") for a in self.t.legal)

    def go_out_action(self) -> Action | None:
        """Going out with the staged groups, when they make a legal way out."""
        if not self.can_discard():
            return None
        rest = [s.code for s in self.t.zone(f"hand{self.viewer}")]
        return staging.go_out_action(self.staged(), rest, self.discard_when_out,
                                     lambda g: self.check(list(g))[0])

    def lay_action(self) -> Action | None:
        """On a last turn: lay the valid groups (at least one card stays in hand)."""
        if not self.can_discard() or self.out_seat is None:
            return None
        return staging.lay_action(self.staged(), len(self.t.zone(f"hand{self.viewer}")),
                                  lambda g: self.check(list(g))[0])

    def discard_action(self, sprite) -> Action:
        """Dropping a card on the pile: going out when the rest is laid out legally."""
        if self.discard_when_out:
            out = self.go_out_action()
            if out is not None and out.discard == sprite.code and sprite.zone.startswith("hand"):
                return out
        return Action("discard", card=sprite.code)

    def status_shown(self) -> Msg | str:
        """The status line as drawn: not while a toast or a caption holds the message line
        (a caption often says the same: "... went out: everybody else takes one last turn")."""
        if self.t.toast is not None or self.t.caption is not None:
            return ""
        return self.status()

    def turn_instruction(self) -> Msg | str | None:
        return self.status() or None

    def status(self) -> Msg | str:
        """One line telling the player what to do now."""
        if self.t.still or not self.t.match.is_human(self.viewer) or self.t.match.is_over:
            return ""
        last = self.out_seat is not None
        picked = self.picked_sprite()
        if picked is not None and not self.can_draw():
            card = the_card(picked.code)
            if self.can_discard():
                return Msg("You hold {card}: click the discard pile to discard it, or a meld "
                           "to move it there.", card=card)
            return Msg("You hold {card}: click one of your melds or the new meld to move it "
                       "there.", card=card)
        if not self.my_turn():
            if last:
                return self.said(self.out_seat,
                                 N_("You went out: everybody else takes one last turn."),
                                 N_("{name} went out: everybody else takes one last turn."))
            if self.t.concealed:
                return ""       # the hand is turned down for the hand-over: nothing to drag
            if not self.groups.ids:     # the mouse's way, or the key's to one using keys
                return self.waiting_words(self.t.keys.shown)
            if not self.t.zone(f"hand{self.viewer}"):
                # every card is in a planned meld: the hand row is empty, and it must not
                # look as if the player had gone out
                return N_("Your planned melds stay in your hand until you go out on your "
                          "turn.")
            return ""
        if self.can_draw():
            top = self.t.zones.get("pile")
            if top and top[-1].code:
                card = the_card(top[-1].code)
                if last:
                    return self.m(N_("Last turn: draw from the stock or take {card}."), card=card)
                return self.m(N_("Draw from the stock or take {card}."), card=card)
            if last:
                return self.m(N_("Last turn: draw from the stock."))
            return self.m(N_("Draw from the stock."))
        if self.go_out_action() is not None:
            return N_("Every card is in a valid meld: you can go out!") if not \
                self.discard_when_out else N_("All but one card in valid melds: go out and "
                                              "discard it!")
        if last:
            return N_("Last turn: lay down the melds you can, then discard.")
        groups = self.staged()
        bad = sum(1 for g in groups if not self.check(g)[0])
        if bad:
            return NMsg("{n} group is not a valid meld yet.",
                        "{n} groups are not a valid meld yet.", bad, n=bad)
        if self.discard_when_out:
            return N_("Discard onto the pile, or put every card but the one you discard in "
                      "melds to go out.")
        return N_("Discard onto the pile, or put every card in melds to go out.")

    # ---- input ----------------------------------------------------------------------------
    def _pile_rect(self, zone: str, pos) -> pygame.Rect:
        """Around the pile's top card (a tall pile rises up and to the left)."""
        r = pygame.Rect(0, 0, int(self.pcw * 1.15), int(self.pch * 1.12))
        cards = self.t.zones.get(zone)
        if cards:
            x, y = cards[-1].target[:2]
            r.center = (int(x), int(y))
        else:
            r.center = tuple(int(v) for v in pos)
        return r

    def pile_rect(self) -> pygame.Rect:
        return self._pile_rect("pile", self.pile_pos())

    def stock_rect(self) -> pygame.Rect:
        return self._pile_rect("stock", self.stock_pos())

    def draggable(self, sprite) -> bool:
        if sprite.code is not None and sprite.zone.startswith("stage"):
            return True
        if sprite.zone in ("stock", "pile") and self.can_draw():
            zone = self.t.zones.get(sprite.zone)
            return bool(zone) and zone[-1] is sprite
        return False

    def local_drop(self, sprite, pos):
        t = self.t
        zone = sprite.zone
        item = self.stage_item_at(pos) if zone not in ("stock", "pile") else None
        outcome = staging.drop_outcome(
            zone, on_pile=self.pile_rect().collidepoint(pos),
            on_stock=self.stock_rect().collidepoint(pos), item=item[0] if item else None,
            in_hand_band=self.hand_band().collidepoint(pos),
            in_stage_band=self.stage_band().collidepoint(pos),
            alone=len(t.zones.get(zone, [])) == 1)
        if outcome == "draw":
            return Action("draw", source="stock" if zone == "stock" else "discard")
        if zone not in ("stock", "pile"):
            self.dropped = sprite
        if outcome == "discard":
            return self.discard_action(sprite)
        if outcome == "not_stock":
            if not self.can_discard():
                # before drawing, the stock is no more a discard than the pile: the engine
                # refuses the discard with its own reason (draw a card first)
                return self.discard_action(sprite)
            t.show_toast(N_("Discard onto the face-up pile, not the stock."))
        elif outcome == "not_laid":
            t.show_toast(N_("Melds on the table are finished: build a new meld beside them."))
        elif outcome == "join":
            if item[1] != zone:
                t.put(sprite, item[1])
            self.stage_changed()
            return True
        elif outcome == "to_hand":
            hand = t.zone(f"hand{self.viewer}")
            index = sum(1 for s in hand if s.target[0] < pos[0])
            t.put(sprite, f"hand{self.viewer}", index)
            t.manual_order = True
            self.stage_changed()
            return True
        elif outcome == "reorder":
            return None   # the scene re-orders the hand
        elif outcome == "stay":
            t.relayout(0.2, zones=[zone])  # already a group of its own
            return True
        elif outcome == "new_group":
            t.put(sprite, self.new_stage())
            self.stage_changed()
            return True
        t.relayout(0.25, zones=[zone])
        return True

    def drop_action(self, sprite, pos) -> Action | None:
        if sprite.code is None or sprite.zone in ("stock", "pile"):
            return None
        self.dropped = sprite
        return self.discard_action(sprite)

    def picked_sprite(self):
        """The card of the hand picked up by a click (None when there is none)."""
        if self.picked is None:
            return None
        for s in self.t.zones.get(f"hand{self.viewer}", []):
            if s.id == self.picked and s.code is not None:
                return s
        self.picked = None
        return None

    def card_clicked(self, sprite) -> None:
        """A click on the top card of the stock or of the discard pile draws it; a click on
        a card of the hand picks it up (a second click puts it back), and the next click
        on the pile, a group or the new-meld place puts it there."""
        t = self.t
        if sprite.zone in ("stock", "pile") and self.can_draw():
            self.picked = None
            source = "stock" if sprite.zone == "stock" else "discard"
            t.try_action(Action("draw", source=source), sprite)
            return
        picked = self.picked_sprite()
        if sprite.zone == f"hand{self.viewer}" and sprite.code is not None:
            self.picked = None if picked is sprite else sprite.id
            return
        if picked is not None and sprite.zone.startswith("stage"):
            self.picked = None
            self.local_drop(picked, sprite.rect().center)

    def click_action(self, pos) -> Action | None:
        picked = self.picked_sprite()
        self.picked = None
        if picked is not None:
            if self.pile_rect().collidepoint(pos):
                self.dropped = picked
                return self.discard_action(picked)
            if self.stock_rect().collidepoint(pos) and not self.can_draw():
                self.t.show_toast(N_("Discard onto the face-up pile, not the stock."))
                return None
            item = self.stage_item_at(pos)
            if item is not None and item[0] in ("stage", "new"):
                self.local_drop(picked, item[2].center)
                return None
        if self.stock_rect().collidepoint(pos):
            return Action("draw", source="stock")
        if self.pile_rect().collidepoint(pos):
            return Action("draw", source="discard")
        return None

    def key_cancel(self) -> bool:
        had = self.picked_sprite() is not None
        self.picked = None
        return had

    def drop_targets(self, sprite) -> list[pygame.Rect]:
        if sprite.zone in ("stock", "pile"):
            return [self.hand_band().inflate(0, -theme.px(8))]
        out = [self.pile_rect()] if self.can_discard() else []
        item = self.stage_item_at(self.t.pointer)
        if item is not None and item[0] != "laid":
            out.append(item[2].inflate(theme.px(12), theme.px(12)))
        return out

    def controls(self, legal: list[Action]) -> list[tuple]:
        out: list[tuple] = []
        if not self.t.match.is_human(self.viewer) or self.t.match.is_over:
            return out
        cards = len(self.t.zones.get(f"hand{self.viewer}", [])) + sum(
            len(g) for g in self.staged())
        if cards:
            out.append((N_("Arrange for me"), self.arrange, "quiet"))
        if self.groups.ids:
            out.append((N_("Clear melds"), self.clear_stage, "quiet"))
        go = self.go_out_action()
        if go is not None:
            out.append((N_("Go out"), go, "primary"))
        else:
            lay = self.lay_action()
            if lay is not None:
                n = len(lay.melds)
                out.append((NMsg("Lay down {n} meld", "Lay down {n} melds", n, n=n), lay,
                            "primary"))
        return out

    # ---- text -----------------------------------------------------------------------------
    def describe(self, ev: dict) -> Msg | None:
        kind = ev["kind"]
        seat = ev.get("seat")
        if kind == "dealt":
            dealer = ev["dealer"]
            values = dict(deal=Msg(self.DEAL_WORD), k=ev["deal"], n=ev.get("cards_each"),
                          wild=wild_words(ev.get("wild_ranks", [])))
            if self.is_you(dealer):
                return self.m(N_("{deal} {k}: you deal {n}; wild: {wild}"), **values)
            return self.m(N_("{deal} {k}: {name} deals {n}; wild: {wild}"),
                          name=self.name(dealer), **values)
        if kind == "drew":
            you = self.is_you(seat)
            name = self.name(seat)
            if ev.get("source") == "discard":
                return self.said(seat, N_("You take {card}"), N_("{name} takes {card}"),
                                 card=the_card(ev["card"]))
            if ev.get("card"):
                return self.m(N_("You draw {card}"), card=the_card(ev["card"])) if you else \
                    self.m(N_("{name} draws {card}"), name=name, card=the_card(ev["card"]))
            return self.m(N_("You draw from the stock")) if you else \
                self.m(N_("{name} draws from the stock"), name=name)
        if kind == "discarded":
            return self.said(seat, N_("You discard {card}"), N_("{name} discards {card}"),
                             card=the_card(ev["card"]))
        if kind == "went_out":
            if ev.get("last_turn"):     # somebody else went out first: not a second way out
                return self.said(seat, N_("You meld every card too"),
                                 N_("{name} melds every card too"))
            return self.said(seat, N_("You go out"), N_("{name} goes out"))
        if kind == "melded":
            n = len(ev.get("melds", []))
            if self.is_you(seat):
                return NMsg("You lay down {n} meld", "You lay down {n} melds", n, n=n)
            return NMsg("{name} lays down {n} meld", "{name} lays down {n} melds", n, n=n,
                        name=self.name(seat))
        if kind == "reshuffled":
            return self.m(N_("The discard pile is shuffled into a new stock"))
        if kind == "stalemate":
            return self.m(N_("Third reshuffle: {the_deal} ends"), the_deal=self.THE_DEAL)
        return None

    def deal_result(self, ev: dict) -> Msg:
        return self.summary_title(ev)

    def summary_title(self, ev: dict) -> Msg:
        k = ev.get("deal", self.deal_no)
        out = ev.get("went_out")
        deal = Msg(self.DEAL_WORD)
        if ev.get("stalemate"):
            return self.m(N_("{deal} {k}: stopped after the third reshuffle"), deal=deal, k=k)
        if out is None:
            return Msg("{deal} {k} is over", deal=deal, k=k)
        return self.said(out, N_("{deal} {k}: you went out"), N_("{deal} {k}: {name} went out"),
                         deal=deal, k=k)

    def summary_body(self, surface, rect, scene) -> int:
        """The hand's sheet in ``rect``; how far down it drew."""
        return rummy_sheet.draw(self, surface, rect, scene)

    def money_lines(self) -> list[tuple[str, str, tuple | None]]:
        """Rows about the pot for the score panel (rummy65 only)."""
        return []

    def score_lines(self):
        t = self.t
        stock = len(t.zones.get("stock", []))
        if t.one_deal:      # which deal the daily deal is (its cards follow), never "of 12"
            deal = (N_("Daily deal"), Msg("{deal} {k}", deal=Msg(self.DEAL_WORD),
                                          k=self.deal_no), None)
        else:
            deal = (self.DEAL_WORD, Msg("{k} of {n}", k=self.deal_no, n=self.deals_in_match),
                    None)
        lines = [
            deal,
            (N_("Cards dealt"), str(self.cards_each), None),
            (self.m(N_("Wild")), dotted(wild_list(self.wild_ranks)), None),
        ]
        lines += self.money_lines()
        if stock or any(t.zones.get(z) for z in ("pile", f"hand{self.viewer}")):
            count = NMsg("{n} card", "{n} cards", stock, n=stock)
        else:
            count = "–"         # between two deals, before the pack is put down: not "0 cards"
        lines.append((self.m(N_("Stock")), count, None))
        return lines
