"""The rummy tables' words: their moves and refusals (:class:`RummyWords`), ranks as kinds
of wild card, the wild cards of a deal, and the engine's reasons a group is no meld."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardtable import i18n
from cardtable.i18n import N_, Msg, and_list
from cardtable.ui.cardart import court_letters
from cardtable.ui.cardart import rank_label as index_label
from cardtable.ui.tables import cards_words, the_card
from cardtable.ui.tables.draw_words import DrawWords

if TYPE_CHECKING:
    from cardtable.engine.core import Action

#: a set's label, whole: the rank's word cannot be put in a sentence of its own in every
#: language (French elides "de" before "as")
SET_LABELS = {"A": N_("Set of aces"), "K": N_("Set of kings"), "Q": N_("Set of queens"),
              "J": N_("Set of jacks"), "T": N_("Set of tens"), "9": N_("Set of nines"),
              "8": N_("Set of eights"), "7": N_("Set of sevens"), "6": N_("Set of sixes"),
              "5": N_("Set of fives"), "4": N_("Set of fours"), "3": N_("Set of threes"),
              "2": N_("Set of twos")}


def rank_label(rank: str) -> Msg:
    """'2s', '10s', 'Ks' (a rank as a kind of wild card, its letter as the card faces write
    it: 'R' for the king in French)."""
    return Msg("{rank}s", rank=index_label(rank, court_letters()))


def wild_words(ranks) -> Msg:
    """'jokers, 2s and 5s'."""
    return and_list([Msg("jokers")] + [rank_label(r) for r in ranks])


def wild_list(ranks) -> list[Msg]:
    """['Jokers', '2s', '5s'] (one a line in the wild-card note)."""
    return [Msg("Jokers")] + [rank_label(r) for r in ranks]


def dotted(parts: list) -> Msg:
    """'Jokers · 2s · 5s' (each part translated when shown)."""
    text = parts[-1]
    for p in reversed(parts[:-1]):
        text = Msg("{a} · {b}", a=p, b=text)
    return text


def semicolons(parts: list) -> Msg | str:
    """Groups said one after another: 'a, b and c; d, e and f'."""
    if not parts:
        return ""
    text = parts[0]
    for p in parts[1:]:
        text = Msg("{a}; {b}", a=text, b=p)
    return text


#: the engine's reasons a group is no meld (melds.REASONS codes), as the player reads them;
#: too_many_wilds is worded by the game (its word for a wild card)
MELD_REASONS = {
    "not_a_card": N_("Not a card"),
    "too_few_cards": N_("A meld needs at least 3 cards"),
    "no_natural": N_("A meld needs at least one natural card"),
    "mixed_suits": N_("A run needs one suit"),
    "no_shared_rank_or_suit": N_("The cards share neither one rank nor one suit"),
    "duplicate_rank": N_("A rank appears twice in the run"),
    "wraps": N_("A run cannot wrap from king to ace to two"),
    "not_sequence": N_("The ranks do not form a sequence"),
    "run_too_long": N_("A run holds at most 13 cards"),
}


class RummyWords(DrawWords):
    """The rummies' words for the shared screens (see :class:`GameWords`)."""

    SEAT_LABELS = {"went_out": N_("Went out")}
    ROW_LABELS = {
        "leftover": N_("Cards left"),
        "penalties": N_("Penalty points"),
        "melded_all": N_("Laid every card"),
        "totals": N_("Running total"),
    }
    STRONG_ROWS = frozenset({"penalties"})
    #: the melds laid, the cards' values and the best arrangement of each hand (drawn by
    #: the rummies' own summary), and how often the stock was rebuilt
    HIDDEN_KEYS = frozenset({"laid", "values", "arranged", "reshuffles"})
    #: the deal's wild ranks, and whether it was stopped for a stalemate
    FACTS = frozenset({"wild_ranks", "stalemate"})
    #: the hand-over of pass-and-play shows a last turn and the melds laid (see
    #: ``GameTable.handoff_facts``)
    PUBLIC_KEYS: tuple[str, ...] = ("laid", "went_out", "last_turns")
    #: what to do while another plays, before any meld is planned: with the mouse, and
    #: with the keys (a person who used a key since their last click was told to drag)
    WAIT_WORDS = (N_("Drag cards up here to build melds while you wait."),
                  N_("Press N to put the focused card in a new meld while you wait."))
    REFUSALS = {
        "must_draw_first": N_("Draw a card first: from the stock or the discard pile."),
        "already_drew": N_("You have already drawn this turn: now discard."),
        "empty_discard": N_("The discard pile is empty."),
        "empty_stock": N_("The stock is empty."),
        "must_discard": N_("Discard a card to end your turn."),
        "invalid_meld": N_("Those cards do not make a valid meld."),
        "no_melds": N_("Lay down at least one meld first."),
        "use_go_out": N_("Put every card in melds to go out."),
        "bad_source": N_("Draw from the stock or the discard pile."),
        "no_partial_laydown": N_("Melds go down only to go out, until somebody has gone out."),
        "no_discard_when_out": N_("Going out melds every card: there is no discard."),
        "must_meld_all": N_("To go out, put every card in melds (but the one you discard)."),
        "must_keep_discard": N_("Keep one card to discard, or go out with it."),
    }

    @classmethod
    def waiting_words(cls, keys: bool) -> str:
        """The line for a person with no meld planned yet while another plays: dragging
        cards up, or, once they used a key since their last click, the key N."""
        return cls.WAIT_WORDS[1 if keys else 0]

    @classmethod
    def action_words(cls, action: Action, names: Sequence[str],
                     stock: str | None = None) -> Msg | None:
        """A draw, a discard, going out, laying melds down (see
        :meth:`GameWords.action_words`)."""
        kind = action.kind
        if kind == "draw":
            return cls.draw_words(action, stock)
        if kind == "discard" and action.card:
            return Msg("discard {card}", card=the_card(action.card))
        if kind == "go_out":
            if action.discard:
                return Msg("go out, discarding {card}", card=the_card(action.discard))
            return Msg("go out")
        if kind == "lay":
            return Msg("lay down your melds")
        return None

    @classmethod
    def deal_fact(cls, key: str, value: Any) -> Msg | None:
        """The deal's wild ranks, and its stop after the third reshuffle (see
        :meth:`GameWords.deal_fact`)."""
        if key == "wild_ranks" and isinstance(value, list):
            return Msg("Wild: {ranks}", ranks=", ".join(str(v) for v in value))
        if key == "stalemate" and value:
            return Msg("Stopped after the third reshuffle")
        return None

    def spoken_event(self, ev: dict, line: Msg | str | None) -> Msg | str | None:
        """Melds laid, and a player going out, are said with the melds' cards (see
        ``TableSpeech.spoken_event``)."""
        if ev.get("kind") in ("melded", "went_out") and ev.get("melds"):
            melds = [cards_words(m) for m in ev["melds"]]
            return Msg("{line}: {cards}", line=line, cards=semicolons(melds))
        return line

    def handoff_facts(self, public: dict) -> list[tuple[Msg | str, bool, list[list[str]]]]:
        """That it is a last turn after somebody went out, and each player's total with
        the melds they laid (drawn as small cards after the line; see
        ``TableSpeech.handoff_facts``)."""
        seats = self.t.match.seats
        out: list[tuple[Msg | str, bool, list[list[str]]]] = []
        out_seat = public.get("went_out")
        if public.get("last_turns") and isinstance(out_seat, int) and \
                0 <= out_seat < len(seats):
            out.append((Msg("Last turn: {name} went out.",
                            name=i18n.seat_name(seats[out_seat].name)), True, []))
        laid = public.get("laid")
        if isinstance(laid, list) and len(laid) == len(seats):
            scores = list(self.t.scores or [])
            for seat, melds in enumerate(laid):
                name = i18n.seat_name(seats[seat].name)
                total = scores[seat] if seat < len(scores) else None
                line = Msg("{name}: total {total}", name=name, total=total) \
                    if total is not None else name
                if melds:
                    line = Msg("{who} · laid:", who=line)
                out.append((line, False, [list(m) for m in melds]))
        return out
