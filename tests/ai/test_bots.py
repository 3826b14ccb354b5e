"""Computer players: honest, always legal, sensible where it is easy to check."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import cardtable.ai
from cardtable import ai
from cardtable.ai import japanese65 as aij
from cardtable.ai import sixtysix as ai66
from cardtable.ai.base import EXPERT, Window
from cardtable.ai.japanese65 import VALUE, _beats, _winner
from cardtable.ai.levels import offered_levels
from cardtable.ai.reference import (
    CHEATS,
    REFERENCES,
    AllSeeingPlayer,
    ReferencePlayer,
    plays,
    reference_player,
)
from cardtable.ai.worker import BotService
from cardtable.engine import registry
from cardtable.engine.core import Action

GAMES = registry.ids()
LEVELS = ("random",) + ai.LEVELS + (EXPERT,)
#: small fixed search sizes keep the hard level deterministic and the suite quick
ITERATIONS = 3
SHORT = {"japanese65": {"target": 2}, "sixtysix": {"target": 3}, "pairs65": {"games_to_win": 2}}


def new_state(game_id: str, seed: int, players: int | None = None):
    spec = registry.get(game_id)
    return spec.new_match(players=players or spec.min_players, seed=seed,
                          options=SHORT.get(game_id))


def random_states(game_id: str, count: int, seed: int, players: int | None = None):
    """States reached by random legal play, each with a bot to act."""
    rng = random.Random(seed)
    out = []
    k = 0
    while len(out) < count:
        state = new_state(game_id, seed * 1000 + k, players)
        k += 1
        steps = rng.randrange(0, 60)
        for _ in range(steps):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            out.append(state)
    return out


def bot(game_id: str, level: str, seed: int = 7):
    return ai.make_bot(game_id, level, seed, iterations=ITERATIONS)


def hidden_differs(state, other, seat) -> bool:
    """Do the two states lay the cards this seat cannot see differently?"""
    a, b = state.to_json()["fields"], other.to_json()["fields"]
    return a != b


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_honest_same_choice_when_only_hidden_cards_differ(game_id, level):
    differed = 0
    for i, state in enumerate(random_states(game_id, 8, seed=11)):
        seat = state.current_player
        other = state.determinize(seat, random.Random(100 + i))
        assert other.view(seat) == state.view(seat)
        differed += hidden_differs(state, other, seat)
        a1 = bot(game_id, level).choose(state, seat, 0.05)
        a2 = bot(game_id, level).choose(other, seat, 0.05)
        assert a1 == a2, f"{game_id} {level}: {a1} vs {a2} at {state!r}"
    assert differed, "the determinised states never differed: the test proves nothing"


#: every honest reference player of every game it plays (the cheats are tested below)
REFERENCE_PLAYERS = [(g, level) for level in REFERENCES if level not in CHEATS
                     for g in GAMES if plays(level, g)]


def test_the_honesty_tests_cover_every_player_but_the_all_seeing():
    assert CHEATS == {"all-seeing"}
    assert ("sixtysix", "pimc-ab") in REFERENCE_PLAYERS
    assert {level for _, level in REFERENCE_PLAYERS} == set(REFERENCES) - CHEATS
    assert not CHEATS & set(LEVELS)  # every level of the program is tested for honesty


@pytest.mark.parametrize(("game_id", "level"), REFERENCE_PLAYERS)
def test_reference_players_are_honest(game_id, level):
    """The tournament's reference players: only hidden cards differ, same decision."""
    differed = 0
    for i, state in enumerate(random_states(game_id, 6, seed=13)):
        seat = state.current_player
        other = state.determinize(seat, random.Random(200 + i))
        assert other.view(seat) == state.view(seat)
        differed += hidden_differs(state, other, seat)
        a1 = ReferencePlayer(game_id, level, 7, iterations=2).choose(state, seat)
        a2 = ReferencePlayer(game_id, level, 7, iterations=2).choose(other, seat)
        assert a1 == a2, f"{game_id} {level}: {a1} vs {a2} at {state!r}"
        assert a1 in state.legal_actions()
    assert differed, "the determinised states never differed: the test proves nothing"


@pytest.mark.parametrize("game_id", GAMES)
def test_hint_is_honest_legal_and_explained(game_id):
    for i, state in enumerate(random_states(game_id, 3, seed=5)):
        seat = state.current_player
        other = state.determinize(seat, random.Random(i))
        b1, b2 = bot(game_id, "easy"), bot(game_id, "easy")
        (a1, r1), (a2, r2) = b1.hint(state, seat), b2.hint(other, seat)
        assert a1 == a2 and r1 == r2
        assert a1 in state.legal_actions()
        # a reason for a person, or nothing: never the search's statistics
        assert r1 == "" or isinstance(r1, list), r1
        if r1:
            msgid, values = r1
            text = msgid.format(**values)
            assert text[0].isupper() and text.endswith(".")
            assert not any(w in text for w in ("expected", "sampled", "deadwood", "%"))


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("level", ai.LEVELS)
def test_bots_only_play_legal_moves(game_id, level):
    """Whole stretches of play with every seat at this level, from many deals."""
    spec = registry.get(game_id)
    moves = 0
    budget_moves = 60 if level == "hard" else 600
    players = range(spec.min_players, spec.max_players + 1)
    for n_players in players:
        for seed in range(2):
            state = new_state(game_id, 500 + seed, n_players)
            bots = [ai.make_bot(game_id, level, seed * 10 + s, iterations=2)
                    for s in range(n_players)]
            for _ in range(budget_moves // len(players) // 2):
                if state.is_over:
                    break
                seat = state.current_player
                action = bots[seat].choose(state, seat, 0.02)
                assert isinstance(action, Action)
                assert "fallback" not in bots[seat].last, bots[seat].last
                assert action in state.legal_actions()
                state.apply(action)
                moves += 1
    assert moves > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_hard_respects_a_time_budget(game_id, ticking_clock):
    """By the search's own clock (1 ms a reading): whatever the machine's load, a search
    stops within its budget and what one more world or node costs."""
    b = ai.make_bot(game_id, "hard", 3)
    for state in random_states(game_id, 3, seed=21):
        seat = state.current_player
        b.choose(state, seat, 0.1)
        assert b.last["seconds"] < 0.2


def test_unknown_level_and_game_are_clear_errors():
    with pytest.raises(ValueError, match="levels are"):
        ai.make_bot("sixtysix", "grandmaster", 1)
    with pytest.raises(ValueError, match="known games"):
        ai.make_bot("chess", "easy", 1)


def test_window_refuses_a_seat_that_is_not_to_act():
    state = new_state("sixtysix", 1)
    with pytest.raises(ValueError):
        Window(state, 1 - state.current_player)


def test_no_pygame_and_no_unfinished_markers_in_ai():
    root = Path(cardtable.ai.__file__).parent
    banned = ["TO" + "DO", "FIX" + "ME", "place" + "holder", "NotImplemented" + "Error"]
    for path in root.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "pygame" not in text, path
        for word in banned:
            assert word not in text, f"{path.name} contains {word}"


# --------------------------------------------------------------------------- Sixty-Six


def later_play_states(count: int, seed: int):
    """Sixty-Six states with the stock exhausted, reached by random play."""
    rng = random.Random(seed)
    out = []
    k = 0
    while len(out) < count:
        state = new_state("sixtysix", seed * 100 + k)
        k += 1
        while not state.is_over and state.stock and not state.score_sheet:
            acts = [a for a in state.legal_actions() if a.kind not in ("claim", "close")]
            state.apply(rng.choice(acts))
        if not state.is_over and not state.stock and not state.score_sheet:
            out.append(state)
    return out


def test_sixtysix_solver_agrees_with_the_engine():
    """Both seats playing the solver's moves reach exactly the value it predicted."""
    for state in later_play_states(25, seed=3):
        seat = state.current_player
        predicted = ai66.solve(state, seat)
        deal = len(state.score_sheet)
        w = state.clone()
        while len(w.score_sheet) == deal:
            s = w.current_player
            best = None
            for a in w.legal_actions():
                x = w.clone()
                x.apply(a)
                v = (ai66.deal_value(x, s, deal) if len(x.score_sheet) > deal
                     else ai66.solve(x, s))
                if best is None or v > best[0]:
                    best = (v, a)
            w.apply(best[1])
        assert ai66.deal_value(w, seat, deal) == predicted


def test_sixtysix_hard_plays_the_solver_move_when_open_handed():
    for state in later_play_states(8, seed=4):
        seat = state.current_player
        action = ai.make_bot("sixtysix", "hard", 1).choose(state, seat, 0.2)
        after = state.clone()
        after.apply(action)
        deal = len(state.score_sheet)
        got = (ai66.deal_value(after, seat, deal) if len(after.score_sheet) > deal
               else ai66.solve(after, seat))
        assert got == ai66.solve(state, seat)


def test_sixtysix_close_is_valued_by_one_lead_for_every_sampled_deal():
    """Closing hides the stock for good, so hard values a close by the best first lead on
    average over its sampled deals (plans: close, then that lead), not by each deal's own
    best lead, which would know the opponent's hand. Every plan is legal in every world,
    it is never worth more than the close valued deal by deal, and hard answers with a
    move, never a plan."""
    spec = registry.get("sixtysix")
    rng = random.Random(8)
    checked = 0
    for seed in range(40):
        state = spec.new_match(seed=seed, options={"target": 1})
        while not state.is_over and checked < 6:
            seat = state.current_player
            legal = state.legal_actions()
            if Action("close") in legal and len(state.stock) >= 6:
                win = Window(state, seat)
                plans = ai66.close_plans(win.legal, win.view)
                assert Action("close") not in plans
                leads = [p for p in plans if isinstance(p, tuple)]
                assert all(p[0] == Action("close") for p in leads)
                assert len(leads) >= len(state.hands[seat])
                marriages = [p for p in leads if len(p) == 3]
                assert all(p[1].kind == "marriage" and p[2].card[1] == p[1].suit
                           for p in marriages)        # announced, then its king or queen
                fused, best_plan = [], {lead: [] for lead in leads}
                for _ in range(6):
                    world = ai66.SixtySixKnowledge().sample(win, rng)
                    closed = world.clone()
                    closed.apply(Action("close"))
                    values = {}
                    for lead in leads:
                        w = closed.clone()
                        ai66._apply_plan(w, lead[1:])      # legal in every world
                        values[lead] = ai66._later_value(w, seat, 0)
                        best_plan[lead].append(values[lead])
                    fused.append(ai66._later_value(closed, seat, 0))
                    assert fused[-1] == max(values.values())
                assert max(sum(v) for v in best_plan.values()) <= sum(fused)
                action = ai.make_bot("sixtysix", "hard", seed, iterations=8).choose(state, seat)
                assert isinstance(action, Action) and action in legal
                checked += 1
                break
            acts = [a for a in legal if a.kind not in ("claim", "close")]
            state.apply(rng.choice(acts))
    assert checked >= 6


def test_sixtysix_hard_reads_what_an_opponents_lead_shows_it_lacks():
    """A king or queen led unannounced while marriages may be announced: the other half is
    not in the opponent's hand; led with a trick won and the stock open: nor is the nine
    of trumps. Hard's sampled deals put such cards in the stock; the reference players'
    do not (they are textbook PIMC)."""
    spec = registry.get("sixtysix")
    knowledge = ai66.SixtySixKnowledge()
    seen = {"half": 0, "nine": 0}
    for seed in range(80):
        state = spec.new_match(seed=seed, options={"target": 1})
        rng = random.Random(seed)
        while not state.is_over and not state.score_sheet:
            seat = state.current_player
            if state.trick and state.stock and not state.closed:
                view = state.view(seat)
                absent = ai66.absent_from_opponent(view, seat)
                lead = state.trick[0]
                if lead[0] in "KQ":
                    other = ("Q" if lead[0] == "K" else "K") + lead[1]
                    assert (other in absent) == (other not in view["opponent_known"])
                nine = "9" + state.trump
                assert (nine in absent) == (state.tricks[1 - seat] > 0)
                hidden = [c for c in absent if c in state.hands[1 - seat]
                          or c in state.stock[:-1]]
                if hidden and len(state.stock) > 2:
                    win = Window(state, seat)
                    for k in range(12):
                        world = knowledge.sample(win, random.Random(k))
                        assert not set(hidden) & set(world.hands[1 - seat])
                        assert sorted(world.hands[1 - seat] + world.stock) == sorted(
                            state.hands[1 - seat] + state.stock)
                    seen["half" if lead[0] in "KQ" and nine not in hidden else "nine"] += 1
            state.apply(ai.make_bot("sixtysix", "medium", seed).choose(state, seat)
                        if rng.random() < 0.8 else rng.choice(
                            [a for a in state.legal_actions() if a.kind != "claim"]))
    assert seen["half"] >= 3 and seen["nine"] >= 3, seen


def _worth(target: int, mine: int, theirs: int) -> dict[int, float]:
    return ai66.deal_worth({"options": {"target": target}, "match_scores": [mine, theirs]}, 0)


def test_sixtysix_hard_values_a_deal_by_what_it_does_to_the_match():
    # a match of one deal: only winning it counts, by 1 game point or by 3
    one = _worth(1, 0, 0)
    assert one[1] == one[2] == one[3] == 1.0 and one[-1] == one[-3] == -1.0
    # early in a match to 10 a deal is worth its game points, evenly spaced
    early = _worth(10, 0, 0)
    for v in range(-3, 4):
        assert early[v] == pytest.approx(v, abs=0.15)
    # needing one game point, every win ends the match; the opponent's 3 still hurt more
    late = _worth(10, 9, 5)
    assert late[1] == late[3] > 0 and late[-3] < late[-2] < late[-1] < late[0] == 0
    for a, b in ((3, 7), (1, 10), (6, 6)):
        assert ai66.match_chance(a, b) + ai66.match_chance(b, a) == pytest.approx(1.0)


def test_sixtysix_medium_rules_read_a_state_as_they_read_its_view():
    """The hard level plays its sampled deals out by the medium rules read from a state
    (sixtysix_rules.Table.from_state); a person's opponent reads its view. At the same
    position both readings choose the same move, so the play-outs play the medium level."""
    from cardtable.ai import sixtysix_rules as rules

    checked = 0
    for state in random_states("sixtysix", 60, seed=23):
        seat = state.current_player
        win = Window(state, seat)
        from_view = rules.medium_action(rules.Table.from_view(win.view, win.legal))
        from_state = rules.medium_action(rules.Table.from_state(state))
        assert from_view == from_state, (state.view(seat), from_view, from_state)
        checked += 1
    assert checked == 60


def test_sixtysix_claims_exchanges_and_marries():
    spec = registry.get("sixtysix")
    found = {"claim": 0, "exchange": 0, "marriage": 0}
    for seed in range(60):
        state = spec.new_match(seed=seed)
        rng = random.Random(seed)
        for _ in range(40):
            if state.is_over:
                break
            seat = state.current_player
            legal = state.legal_actions()
            view = state.view(seat)
            medium = ai.make_bot("sixtysix", "medium", 1).choose(state, seat)
            if Action("claim") in legal and view["points"][seat] >= 66:
                assert medium.kind == "claim"
                found["claim"] += 1
            elif Action("exchange") in legal:
                assert medium.kind == "exchange"
                found["exchange"] += 1
            elif any(a.kind == "marriage" for a in legal):
                assert medium.kind == "marriage"
                found["marriage"] += 1
            acts = [a for a in legal if a.kind != "claim"] or legal
            state.apply(rng.choice(acts))
    assert all(found.values()), found


# --------------------------------------------------------------------------- japanese65


def test_japanese65_never_overtakes_the_partner_with_an_ace():
    """Last to play, partner winning cheaply: keep the ace, play under."""
    spec = registry.get("japanese65")
    checked = 0
    for seed in range(40):
        state = spec.new_match(seed=seed)
        rng = random.Random(seed)
        # play to a trick where seat to act is last and its partner leads with a low card
        for _ in range(200):
            if state.is_over or state.score_sheet:
                break
            trick = state.trick
            seat = state.current_player
            if len(trick) == 3:
                partner = (seat + 2) % 4
                w_seat, w_card = _winner(trick)
                led = trick[0][1][1]
                legal = [a.card for a in state.legal_actions()]
                over = [c for c in legal if _beats(c, w_card, led) and VALUE[c] >= 3]
                under = [c for c in legal if not _beats(c, w_card, led)]
                if w_seat == partner and VALUE[w_card] == 0 and over and under:
                    checked += 1
                    for level in ("medium", "hard"):
                        a = ai.make_bot("japanese65", level, 1, iterations=4).choose(state, seat)
                        assert a.card not in over, (level, trick, legal, a)
            state.apply(rng.choice(state.legal_actions()))
    assert checked >= 3


# --------------------------------------------------------------------------- worker


def _wait(future, timeout=30.0):
    return future.result(timeout=timeout)


def test_worker_process_path_returns_a_legal_move():
    state = new_state("sixtysix", 9)
    seat = state.current_player
    with BotService("process") as service:
        action = _wait(service.choose("sixtysix", "hard", 1, state, seat, 0.05))
        assert action in state.legal_actions()
        hint, reason = _wait(service.hint("sixtysix", state, seat, 0.05))
        assert hint in state.legal_actions()
        assert reason == "" or (isinstance(reason, list) and isinstance(reason[0], str))
        assert service.mode in ("process", "thread")
        if service.mode == "process":
            pid = _wait(service.warm_up())["pid"]
            import os

            assert pid != os.getpid()


def test_worker_thread_path_and_fallback(monkeypatch):
    state = new_state("japanese65", 4)
    seat = state.current_player
    with BotService("thread") as service:
        action = _wait(service.choose("japanese65", "hard", 1, state, seat, 0.05))
        assert action in state.legal_actions()
        assert service.mode == "thread"
        # the caller's thread goes on while the bot thinks in the service's thread: a bot
        # that thinks until it is let go leaves the future pending, and this thread still
        # runs (no timing: it waits on the event it sets itself)
        import threading

        from cardtable.ai import worker as worker_mod

        thinking, let_go = threading.Event(), threading.Event()
        real = worker_mod._bot("japanese65", "hard", 2, True)

        class Held:
            cooperative = True
            last = {}

            def choose(self, st, sat, budget_s=None):
                thinking.set()
                assert let_go.wait(60), "the test never let the bot go"
                return real.choose(st, sat, 0.01)

        monkeypatch.setattr(worker_mod, "_bot", lambda *args: Held())
        future = service.choose("japanese65", "hard", 2, state, seat, 0.3)
        assert thinking.wait(60), "the bot never started"
        assert not future.done()            # this thread was not held by the thinking
        let_go.set()
        assert _wait(future) in state.legal_actions()
        monkeypatch.undo()

    def no_processes(self):
        raise OSError("no worker processes here")

    monkeypatch.setattr(BotService, "_make_process_pool", no_processes)
    with BotService("auto") as service:
        action = _wait(service.choose("japanese65", "medium", 1, state, seat))
        assert action in state.legal_actions()
        assert service.mode == "thread" and "no worker processes" in service.fallback_reason


def test_worker_falls_back_when_the_process_dies(monkeypatch):
    from concurrent import futures
    from concurrent.futures.process import BrokenProcessPool

    class DeadPool(futures.Executor):
        def submit(self, fn, *args, **kwargs):
            f = futures.Future()
            f.set_exception(BrokenProcessPool("the worker died"))
            return f

    monkeypatch.setattr(BotService, "_make_process_pool", lambda self: DeadPool())
    state = new_state("sixtysix", 2)
    seat = state.current_player
    with BotService("auto") as service:
        action = _wait(service.choose("sixtysix", "easy", 1, state, seat))
        assert action in state.legal_actions()
        assert service.mode == "thread"


def japanese65_endgames(count: int, tricks_left: int, seed: int):
    """japanese65 states with ``tricks_left`` tricks to play, some with a trick begun."""
    spec = registry.get("japanese65")
    out = []
    for k in range(count):
        state = spec.new_match(seed=seed * 100 + k)
        rng = random.Random(k)
        begun = k % 4
        while state.tricks_played < 12 - tricks_left or len(state.trick) < begun:
            state.apply(rng.choice(state.legal_actions()))
        out.append(state)
    return out


def _brute_points(state, side: int) -> int:
    """The points ``side`` ends the deal with under best play: plain minimax on the
    engine's own states and scoring, every card tried."""
    if state.score_sheet:
        return state.score_sheet[-1]["points"][side]
    values = []
    for a in state.legal_actions():
        nxt = state.clone()
        nxt.apply(a)
        values.append(_brute_points(nxt, side))
    return max(values) if state.current_player & 1 == side else min(values)


def test_japanese65_utility_weighs_the_game_point_thresholds():
    # one point across 33 is worth far more than one point elsewhere
    assert aij.utility(33) - aij.utility(32) > 3 * (aij.utility(31) - aij.utility(30))
    assert aij.utility(41) - aij.utility(40) > aij.utility(40) - aij.utility(39)
    assert aij.utility(25) - aij.utility(24) > aij.utility(24) - aij.utility(23)


# --------------------------------------------------------------- the all-seeing reference


def test_the_all_seeing_is_never_offered_to_a_player():
    for game_id in GAMES:
        assert "all-seeing" not in offered_levels(game_id)
    assert "all-seeing" not in ai.ALL_LEVELS
    with pytest.raises(ValueError):
        ai.make_bot("sixtysix", "all-seeing", 1)
    with pytest.raises(ValueError):
        ReferencePlayer("sixtysix", "all-seeing", 1)  # the honest class refuses it
    assert plays("all-seeing", "japanese65")
    assert not plays("all-seeing", "pairs65")
    assert isinstance(reference_player("sixtysix", "all-seeing", 1), AllSeeingPlayer)
    assert isinstance(reference_player("sixtysix", "pimc-ab", 1), ReferencePlayer)


def test_only_the_tournament_reaches_the_all_seeing_search():
    """The state reaches the cheating search by one path: the tournament's
    reference_player -> AllSeeingPlayer -> the game's REFERENCE["all_seeing"]."""
    root = Path(cardtable.ai.__file__).parent.parent
    users = {"all_seeing_action": set(), "AllSeeingPlayer": set(), "reference_player": set()}
    for path in root.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name, found in users.items():
            if name in text:
                found.add(path.relative_to(root).as_posix())
    assert users["all_seeing_action"] == {"ai/sixtysix.py", "ai/japanese65.py"}
    assert users["AllSeeingPlayer"] == {"ai/reference.py"}
    assert users["reference_player"] == {"ai/reference.py", "tournament.py"}


def test_the_all_seeing_sees_the_hidden_cards():
    """What the honesty test forbids every other player: the same view, other choices."""
    differed = 0
    for i, state in enumerate(random_states("sixtysix", 30, seed=17)):
        seat = state.current_player
        if state.closed or not state.stock:
            continue
        other = state.determinize(seat, random.Random(300 + i))
        assert other.view(seat) == state.view(seat)
        a1 = AllSeeingPlayer("sixtysix", depth=1).choose(state, seat)
        a2 = AllSeeingPlayer("sixtysix", depth=1).choose(other, seat)
        differed += a1 != a2
    assert differed


def test_the_japanese65_all_seeing_sees_the_hidden_cards():
    differed = 0
    for i, state in enumerate(random_states("japanese65", 30, seed=19)):
        seat = state.current_player
        other = state.determinize(seat, random.Random(500 + i))
        assert other.view(seat) == state.view(seat)
        seer = AllSeeingPlayer("japanese65", depth=3)
        differed += seer.choose(state, seat, 0.0) != seer.choose(other, seat, 0.0)
    assert differed


def test_the_japanese65_all_seeing_plays_a_whole_deal_and_solves_its_end():
    spec = registry.get("japanese65")
    state = spec.new_match(seed=44, options={"target": 1})
    seers = [AllSeeingPlayer("japanese65", seed=s, depth=3) for s in range(4)]
    while not state.score_sheet:
        seat = state.current_player
        action = seers[seat].choose(state, seat, 0.0)
        assert action in state.legal_actions()
        if state.tricks_played >= 9:
            # three tricks left: the move is one a plain minimax over the engine's own
            # states agrees is best (not the bit-mask solver the seer itself uses)
            values = {}
            for a in state.legal_actions():
                nxt = state.clone()
                nxt.apply(a)
                values[a] = aij.utility(_brute_points(nxt, seat & 1))
            assert values[action] == max(values.values())
        state.apply(action)
    assert sum(state.score_sheet[0]["points"]) == 65


def test_the_all_seeing_plays_legal_moves_through_whole_deals():
    spec = registry.get("sixtysix")
    for seed in range(3):
        state = spec.new_match(seed=40 + seed, options={"target": 3})
        players = [AllSeeingPlayer("sixtysix", seed=1),
                   ai.make_bot("sixtysix", "medium", 2)]
        while not state.is_over and len(state.score_sheet) < 2:
            seat = state.current_player
            action = players[seat].choose(state, seat, 0.02)
            assert action in state.legal_actions()
            state.apply(action)


#: seat 1 leads; spades are trumps (the jack turned up): the seer holds the top trumps and
#: the top hearts; the two deals below differ only in cards it could not see
SEER = ["AS", "TS", "KS", "QS", "AH", "TH"]


def _seer_deal(opponent: list[str], stock: list[str]):
    deck = SEER[:3] + opponent[:3] + SEER[3:] + opponent[3:] + ["JS"] + stock
    return registry.get("sixtysix").new_match(seed=5, first_dealer=0, stacked_deck=deck,
                                              options={"target": 3})


def test_the_all_seeing_wins_a_stacked_deal_as_a_card_seer_would():
    """Two deals an honest seat 1 cannot tell apart: the seer plays them differently and
    takes every trick of each (3 game points) against the medium level."""
    quiet = _seer_deal(["9D", "9S", "AD", "JC", "JD", "QC"],
                       ["KC", "TC", "AC", "9C", "JH", "QH", "KH", "9H", "KD", "QD", "TD"])
    hearts = _seer_deal(["9H", "AC", "JC", "JD", "KH", "QD"],
                        ["9S", "KC", "TC", "9C", "JH", "QH", "9D", "AD", "KD", "QC", "TD"])
    assert quiet.view(1) == hearts.view(1)
    seer = AllSeeingPlayer("sixtysix", depth=3)
    # nothing of the opponent's can take a trump: the trump marriage at once
    assert seer.choose(quiet, 1) == Action("marriage", suit="S")
    # the other deal: the ace of hearts first
    assert seer.choose(hearts, 1) == Action("play", card="AH")
    for state in (quiet, hearts):
        medium = ai.make_bot("sixtysix", "medium", 3)
        while not state.score_sheet:
            seat = state.current_player
            state.apply((seer if seat == 1 else medium).choose(state, seat))
        assert state.score_sheet[0]["winner"] == 1
        assert state.score_sheet[0]["game_points"] == [0, 3]


def pairs65_takes_with_four_cards(count: int, seed: int):
    """pairs65 positions at the take where the player holds four cards and the top
    discard pairs with none of them (medium play from many deals)."""
    from cardtable.ai import pairs65 as aip
    out = []
    k = 0
    while len(out) < count:
        state = new_state("pairs65", seed * 1000 + k)
        k += 1
        while not state.is_over:
            t = aip.Table.from_state(state)
            top = t.top
            if (state.phase == "take" and len(t.hand) == aip.SWAP_AT
                    and not (top and any(p in t.hand for p in aip.PARTNERS[top]))):
                out.append(state)
                break
            state.apply(aip.medium_action(t))
    return out


def test_pairs65_hard_swaps_with_four_cards_and_stays_honest():
    """The hard rules swap at four cards (the refill comes a turn sooner); the search
    from such a position still decides the same whatever the hidden cards."""
    from cardtable.ai import pairs65 as aip
    for i, state in enumerate(pairs65_takes_with_four_cards(6, seed=3)):
        seat = state.current_player
        assert aip.hard_action(aip.Table.from_state(state)).kind == "swap"
        other = state.determinize(seat, random.Random(300 + i))
        assert other.view(seat) == state.view(seat)
        assert hidden_differs(state, other, seat)
        a1 = bot("pairs65", "hard").choose(state, seat, 0.05)
        a2 = bot("pairs65", "hard").choose(other, seat, 0.05)
        assert a1 == a2 and a1 in state.legal_actions()


def test_pairs65_fast_play_out_agrees_with_the_engine():
    """The hard level's fast play-out plays the same game as the engine driven by the
    hard rules (compared where no reshuffle happens: reshuffles draw other numbers)."""
    from cardtable.ai import pairs65 as aip
    k = aip.Pairs65Knowledge()
    compared = 0
    for g in range(24):
        state = new_state("pairs65", 700 + g, 2 + g % 3)
        rng = random.Random(g)
        for _ in range(rng.randrange(0, 20)):
            if state.is_over:
                break
            state.apply(aip.hard_action(aip.Table.from_state(state)))
        if state.is_over:
            continue
        win = Window(state, state.current_player)
        for action in k.candidates(aip.Table.from_view(win.view, win.legal)):
            world = k.sample(win, random.Random(g))
            world.apply(action)
            if world.score_sheet:
                continue
            slow, reshuffled, moves = world.clone(), False, 0
            while not slow.score_sheet and moves < aip.MAX_ROLLOUT_MOVES:
                events = slow.apply(aip.hard_action(aip.Table.from_state(slow)))
                reshuffled |= any(e.kind == "reshuffled" for e in events)
                moves += 1
            if reshuffled:
                continue
            expected = aip._play_to_end(world.clone(), win.seat, 0, random.Random(1))
            assert aip._fast_play_to_end(world, win.seat, random.Random(1)) == expected
            compared += 1
    assert compared >= 30


def test_japanese65_reasons_for_a_card_worth_nothing_say_who_is_winning():
    """A card worth nothing that does not take the trick: the reason names who is winning
    it, and never says "play low" (the search may keep a lower card back)."""
    knowledge = aij.Japanese65Knowledge()
    seen = set()
    for state in random_states("japanese65", 60, seed=23):
        seat = state.current_player
        if not state.trick:
            continue
        win = Window(state, seat)
        led = win.view["trick"][0][1][1]
        w_seat, w_card = _winner(win.view["trick"])
        for action in win.legal:
            card = action.card
            if VALUE[card] or _beats(card, w_card, led):
                continue
            msgid = knowledge.explain(win, action)[0]
            partner = (w_seat - seat) % 2 == 0
            assert ("partner is winning" in msgid) == partner
            assert "play low" not in msgid.lower()
            seen.add(partner)
    assert seen == {True, False}
