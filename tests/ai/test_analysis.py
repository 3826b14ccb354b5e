"""The review's analysis (cardtable/ai/analysis.py): what the computer would have played.

Records are built as the review stores them: the engine state at the deal's start and
every move until the deal was scored, the moves made by medium computers except where a
test makes the person's move itself.
"""

from __future__ import annotations

import random
import threading
import time

import pytest

from cardtable import ai, i18n
from cardtable.ai import analysis
from cardtable.ai.analysis import AnalysisJob, Judgement, analyse, decisions, judge
from cardtable.ai.levels import knowledge_for
from cardtable.ai.rummy import Hand
from cardtable.ai.sixtysix_solver import solve
from cardtable.engine import registry
from cardtable.engine.core import Action, ConfigError
from cardtable.i18n import Msg


def play(card: str) -> Action:
    return Action("play", card=card)


def discard(card: str) -> Action:
    return Action("discard", card=card)


def new_record(state, humans) -> dict:
    return {"version": 1, "game": state.GAME_ID, "options": dict(state.options),
            "names": [f"Player {s + 1}" for s in range(state.n_players)],
            "humans": list(humans), "start": state.to_json(), "moves": [], "deal": 1,
            "code": None, "when": "2026-11-24T06:00:00"}


def replay(record: dict):
    state = registry.from_json(record["start"])
    for seat, action in record["moves"]:
        assert seat == state.current_player
        state.apply(Action.from_json(action))
    return state


def move(record: dict, state, action: Action) -> None:
    record["moves"].append([state.current_player, action.to_json()])
    state.apply(action)


def bots_until(record: dict, state, done) -> None:
    """Medium computers play every seat until ``done(state)`` or the deal is scored."""
    bots = {s: ai.make_bot(record["game"], "medium", s) for s in range(state.n_players)}
    deal = len(state.score_sheet)
    while len(state.score_sheet) == deal and not state.is_over and not done(state):
        move(record, state, bots[state.current_player].choose(state, state.current_player))


def finish(record: dict, state) -> dict:
    bots_until(record, state, lambda s: False)
    return record


# --------------------------------------------------------------- Sixty-Six, stacked

#: seat 1 leads, seat 0 (the person) follows; spades are trumps (the jack turned up).
#: The person holds the ace of hearts and the trump marriage; seat 1 leads the ten of
#: hearts: taking it with the ace is worth 21 points and opens the marriage's 40.
PERSON = ["AH", "KS", "QS", "9C", "JD", "9D"]
OPPONENT = ["TH", "AC", "TC", "KD", "QH", "9H"]
TURNED = "JS"
STOCK = ["AS", "TS", "9S", "KH", "JH", "KC", "QC", "JC", "AD", "TD", "QD"]


def sixtysix_start(opponent=OPPONENT, stock=STOCK):
    # dealt 3 to the non-dealer (seat 1), 3 to the dealer (seat 0), again, then the trump
    deck = opponent[:3] + PERSON[:3] + opponent[3:] + PERSON[3:] + [TURNED] + stock
    return registry.get("sixtysix").new_match(seed=5, first_dealer=0, stacked_deck=deck)


def sixtysix_record(answer: str, opponent=OPPONENT, stock=STOCK) -> dict:
    state = sixtysix_start(opponent, stock)
    record = new_record(state, [0])
    move(record, state, play("TH"))
    move(record, state, play(answer))
    return finish(record, state)


def test_a_sixtysix_blunder_is_flagged_with_the_better_move():
    record = sixtysix_record("9C")  # a low club under the ten of hearts
    assert record["moves"][1] == [0, {"kind": "play", "card": "9C"}]
    j = judge(record, 1)
    assert j.seat == 0 and j.played == play("9C")
    assert j.best == play("AH")
    assert j.mistake and j.loss >= 0.5
    assert j.options[0].action == j.best and j.options[0].value == j.value_of(play("AH"))
    assert j.loss == pytest.approx(j.value_of(play("AH")) - j.value_of(play("9C")), abs=1e-3)
    msgid, values = j.reason
    assert "Taking this trick" in msgid and values == {"card": "AH", "points": 21}


def test_the_sound_answer_is_not_flagged():
    record = sixtysix_record("AH")
    j = judge(record, 1)
    assert j.played == j.best == play("AH")
    assert not j.mistake and j.loss == 0 and j.reason is None


def later_play_record(seed: int = 0):
    """A Sixty-Six deal played by medium computers until the stock is exhausted with the
    person (seat 0) to lead, and the exact value of each lead (both hands are known then)."""
    for k in range(seed, seed + 200):
        state = registry.get("sixtysix").new_match(seed=k)
        record = new_record(state, [0])
        bots_until(record, state, lambda s: (not s.stock and not s.closed and not s.trick
                                             and s.current_player == 0))
        if state.score_sheet or state.stock or state.current_player != 0:
            continue
        exact = {}
        for a in state.legal_actions():
            if a.kind == "play":
                w = state.clone()
                w.apply(a)
                exact[a] = solve(w, 0) if not w.score_sheet else \
                    w.score_sheet[0]["game_points"][0] - w.score_sheet[0]["game_points"][1]
        if max(exact.values()) - min(exact.values()) >= 2:
            return record, state, exact
    raise AssertionError("no deal with a costly lead found")


def test_later_play_values_are_exact_and_a_thrown_deal_is_flagged():
    record, state, exact = later_play_record()
    at = len(record["moves"])
    worst = min(exact, key=lambda a: (exact[a], a.card))
    best_value = max(exact.values())
    move(record, state, worst)
    finish(record, state)
    j = judge(record, at)
    # the seat knows both hands once the stock is exhausted: the values are the solver's
    for a, v in exact.items():
        assert j.value_of(a) == pytest.approx(v)
    assert exact[j.best] == best_value
    assert j.mistake and j.loss == pytest.approx(best_value - exact[worst])
    assert j.reason is not None


def shuffled_hidden(seed: int):
    """The same deal for the person, the opponent's unseen cards and the face-down stock
    dealt another way (the ten of hearts he leads stays with him)."""
    hidden = [c for c in OPPONENT if c != "TH"] + STOCK
    random.Random(seed).shuffle(hidden)
    return ["TH"] + hidden[:5], hidden[5:]


def test_the_judgement_does_not_peek_at_hidden_cards():
    records = [sixtysix_record("9C")]
    for seed in (1, 2):
        opponent, stock = shuffled_hidden(seed)
        records.append(sixtysix_record("9C", opponent, stock))
    starts = [r["start"]["fields"] for r in records]
    assert starts[0]["hands"][1] != starts[1]["hands"][1] != starts[2]["hands"][1]
    assert starts[0]["hands"][0] == starts[1]["hands"][0] == starts[2]["hands"][0]
    judged = [judge(r, 1, seed=3) for r in records]
    assert judged[0] == judged[1] == judged[2]
    # ... while a different seed samples other deals (the values are estimates)
    assert judge(records[0], 1, seed=4).options != judged[0].options


def first_decision_record(game_id: str, players: int, seed: int, hide: int) -> dict:
    """A record whose start has the hidden cards (other hands, and the stock if the game
    has one) dealt again with ``hide``; the person is the first to act and acts once."""
    state = registry.get(game_id).new_match(players=players, seed=seed)
    data = state.to_json()
    fields = data["fields"]
    person = state.current_player
    others = [s for s in range(players) if s != person]
    pool = [c for s in others for c in fields["hands"][s]]
    has_stock = isinstance(fields.get("stock"), list)
    if has_stock:
        pool += fields["stock"]
    if hide:
        random.Random(hide).shuffle(pool)
    at = 0
    for s in others:
        n = len(fields["hands"][s])
        fields["hands"][s] = pool[at:at + n]
        at += n
    if has_stock:
        fields["stock"] = pool[at:]
    start = registry.from_json(data)
    record = new_record(start, [person])
    first = ai.make_bot(game_id, "medium", 0).choose(start, person)
    move(record, start, first)
    return record


@pytest.mark.parametrize("game_id, players", [("japanese65", 4), ("rummy65", 3)])
def test_other_games_do_not_peek_either(game_id, players):
    a = first_decision_record(game_id, players, 11, 0)
    b = first_decision_record(game_id, players, 11, 5)
    assert a["start"] != b["start"]
    person = a["humans"][0]
    assert a["start"]["fields"]["hands"][person] == b["start"]["fields"]["hands"][person]
    assert judge(a, 0) == judge(b, 0)


# --------------------------------------------------------------- rummy65

def rummy_record(card: str | None) -> tuple[dict, int, object]:
    """rummy65, 4 players, seed 10: medium computers play until seat 0 must discard with
    4 cards, the next player (seat 1) having taken the queen of clubs from the pile; then
    seat 0 discards ``card`` (or the medium choice) and the computers finish the deal."""
    state = registry.get("rummy65").new_match(players=4, seed=10)
    record = new_record(state, [0])
    bots_until(record, state, lambda s: len(record["moves"]) == 7)
    at = len(record["moves"])
    view = state.view(0)
    assert state.current_player == 0 and view["drawn"]
    assert "QC" in view["known_cards"][1]
    before = state.clone()
    if card is None:
        card = ai.make_bot("rummy65", "medium", 0).choose(state, 0).card
    move(record, state, discard(card))
    finish(record, state)
    return record, at, before


def test_a_rummy_discard_that_feeds_the_next_player_is_flagged():
    record, at, before = rummy_record("QH")
    assert sorted(before.view(0)["hand"]) == ["5S", "AD", "JD", "QH"]
    j = judge(record, at)
    assert j.played == discard("QH") and j.mistake
    assert j.best.kind == "discard" and j.best.card != "QH"
    # the better discard hands the next player nothing he is known to collect
    hand = Hand(before.view(0), before.legal_actions())
    assert hand.danger(j.best.card) < hand.danger("QH")
    assert j.reason == ["This discard gives the next player a card they need.", {}]
    assert j.loss >= knowledge_for("rummy65").mistake_loss


def test_a_sound_rummy_discard_is_not_flagged():
    record, at, _ = rummy_record("AD")
    j = judge(record, at)
    assert not j.mistake and j.reason is None
    assert j.played == discard("AD")


# --------------------------------------------------------------- decisions and analyse

def test_decisions_are_the_persons_real_choices():
    record = sixtysix_record("9C")
    state = registry.from_json(record["start"])
    expected = []
    for i, (seat, action) in enumerate(record["moves"]):
        if seat == 0 and len(state.legal_actions()) > 1:
            expected.append(i)
        state.apply(Action.from_json(action))
    assert decisions(record) == expected and 1 in expected
    assert all(record["moves"][i][0] == 0 for i in expected)
    assert all(record["moves"][i][0] == 1 for i in decisions(record, [1]))


def test_analyse_counts_mistakes_and_reports_progress():
    record = sixtysix_record("9C")
    seen = []
    result = analyse(record, progress=lambda done, total: seen.append((done, total)))
    total = len(decisions(record))
    assert seen[0] == (0, total) and seen[-1] == (total, total)
    assert [j.move for j in result.judgements] == decisions(record)
    assert result.unit == "game_points"
    assert result.judgements[0] == judge(record, 1)
    assert result.mistakes() >= 1
    assert result.lost() == pytest.approx(sum(j.loss for j in result.judgements if j.mistake))
    stopped = analyse(record, cancel=lambda: True)
    assert stopped.judgements == ()


def test_judgements_cross_as_plain_data():
    j = judge(sixtysix_record("9C"), 1)
    assert Judgement.from_json(j.to_json()) == j


def test_plain_reason_rounds_as_the_review_shows_the_loss():
    assert analysis.plain_reason("game_points", 0.74) == [analysis.PLAIN["game_points"][1],
                                                          {"points": 0.7}]
    assert analysis.plain_reason("game_points", 1.04)[1] == {"points": 1}
    assert analysis.plain_reason("game_points", 1.04)[0] == analysis.PLAIN["game_points"][0]
    assert analysis.plain_reason("penalty_points", 6.44)[1] == {"points": 6.4}
    assert analysis.plain_reason("points", 0.01)[1] == {"points": 0.1}
    assert analysis.plain_reason("games", 0.234)[1] == {"points": 23}


# --------------------------------------------------------------- the job

def wait_for(job: AnalysisJob, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not job.done() and time.monotonic() < end:
        time.sleep(0.02)
    assert job.done()


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_the_job_reports_progress_and_finishes_with_the_same_analysis(mode):
    record = sixtysix_record("9C")
    seen = []
    lock = threading.Lock()

    def changed():
        with lock:
            seen.append(job.progress)

    job = AnalysisJob(record, on_change=changed, mode=mode)
    assert job.result() is None or job.done()
    wait_for(job)
    assert job.error is None and not job.cancelled
    assert job.progress == 1.0 and seen[-1] == 1.0
    assert seen == sorted(seen) and len(seen) == len(decisions(record))
    assert job.result() == analyse(record)


def test_the_job_can_be_cancelled():
    record = first_decision_record("japanese65", 4, 11, 0)
    finish(record, replay(record))
    record["humans"] = [0, 1, 2, 3]  # every seat: a long analysis
    calls = []
    job = AnalysisJob(record, on_change=lambda: calls.append(job.progress), mode="thread")
    assert not job.done()
    job.cancel()
    assert job.done() and job.cancelled and job.result() is None and job.error is None
    assert job.progress < 1.0 and calls
    time.sleep(0.3)
    assert job.result() is None and job.progress < 1.0
    job.cancel()  # twice is harmless


def test_a_record_without_decisions_finishes_at_once():
    record = sixtysix_record("9C")
    job = AnalysisJob(record, seats=[], mode="thread")
    assert job.done() and job.result().judgements == () and job.progress == 1.0


# --------------------------------------------------------------- bad records

def broken_records():
    good = sixtysix_record("9C")

    def changed(**kw):
        r = {**good, **kw}
        return r

    missing = dict(good)
    del missing["start"]
    illegal = changed(moves=[[1, {"kind": "play", "card": "TH"}],
                             [0, {"kind": "play", "card": "AS"}]])  # not in hand
    out_of_turn = changed(moves=[[0, {"kind": "play", "card": "AH"}]])
    garbled = changed(moves=[[1, {"kind": "fly"}]])
    shapeless = changed(moves=[[1]])
    damaged_start = changed(start={"game": "sixtysix", "version": 1, "fields": {}})
    return {
        "not an object": [good["moves"]],
        "missing start": missing,
        "no version": {k: v for k, v in good.items() if k != "version"},
        "future version": changed(version=99),
        "unknown game": changed(game="chess"),
        "other game's start": changed(
            start=registry.get("japanese65").new_match(seed=1).to_json()),
        "damaged start": damaged_start,
        "bad humans": changed(humans=["you"]),
        "moves not a list": changed(moves="TH 9C"),
        "shapeless move": shapeless,
        "garbled action": garbled,
        "illegal move": illegal,
        "out of turn": out_of_turn,
    }


@pytest.mark.parametrize("name", list(broken_records()))
def test_a_bad_record_is_refused_clearly(name):
    record = broken_records()[name]
    with pytest.raises(ConfigError) as info:
        judge(record, 1)
    assert info.value.message
    with pytest.raises(ConfigError):
        decisions(record)
    with pytest.raises(ConfigError):
        analyse(record)
    job = AnalysisJob(record, mode="thread")
    assert job.done() and job.result() is None
    # the person reads why in their language, from the error's code, never its English
    why = {"unknown game": analysis.REFUSALS["unknown_game"],
           "damaged start": analysis.DAMAGED_START}.get(name, analysis.REFUSALS["bad_record"])
    assert job.error == Msg(why) and info.value.message not in str(job.error)
    try:
        i18n.set_language("fr")
        assert str(job.error) != why
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("index", [-1, 999, "1", True, None])
def test_a_move_that_is_not_in_the_record_is_refused(index):
    with pytest.raises(ConfigError):
        judge(sixtysix_record("9C"), index)


def test_a_move_after_the_deals_end_is_refused():
    record = sixtysix_record("9C")
    record["moves"].append(record["moves"][-1])
    with pytest.raises(ConfigError, match="after the deal's end|out of turn|not allowed"):
        decisions(record)


def test_a_judgement_is_reproducible_and_a_time_budget_may_replace_the_count():
    record = sixtysix_record("9C")
    assert judge(record, 1, seed=9) == judge(record, 1, seed=9)
    timed = judge(record, 1, budget_s=0.2)
    assert {o.action for o in timed.options} == {o.action for o in judge(record, 1).options}
    assert timed.played == play("9C") and timed.loss >= 0


def test_the_default_appraisal_plays_the_deal_out_with_the_medium_rules():
    from cardtable.ai.base import Knowledge, Window

    record = sixtysix_record("9C")
    state = registry.from_json(record["start"])
    state.apply(play("TH"))
    know = knowledge_for("sixtysix")
    win = Window(state, 0)
    values = Knowledge.appraise(know, win, random.Random(1), None, play("9C"))
    assert set(values) == set(state.legal_actions())
    assert all(-3 <= v <= 3 for v in values.values())
    assert values[play("AH")] > values[play("9C")]


def match_deal_record(game_id: str, players: int, deal: int) -> dict:
    """Deal ``deal`` of a Match of computers, recorded from the match's checkpoint and
    moves as the review keeps a deal (seat 0 standing for the person)."""
    from cardtable.match import Match, Seat

    seats = [Seat(f"Player {s + 1}", "computer", "medium") for s in range(players)]
    match = Match(game_id, seats, seed=21, threaded=False)
    while len(match.state.score_sheet) < deal - 1:
        match.run_computer_move()
    start, first = match.checkpoint, len(match.moves)
    while len(match.state.score_sheet) < deal:
        match.run_computer_move()
    record = new_record(registry.from_json(start), [0])
    record["moves"] = [[s, a.to_json()] for s, a in match.moves[first:]]
    record["deal"] = deal
    return record


@pytest.mark.parametrize("game_id, players", [("sixtysix", 2), ("rummy65", 3)])
def test_a_later_deal_of_a_match_is_analysed_from_its_checkpoint(game_id, players):
    record = match_deal_record(game_id, players, 2)
    assert registry.from_json(record["start"]).score_sheet  # deal 1 is behind it
    result = analyse(record)
    assert [j.move for j in result.judgements] == decisions(record) != []
    for j in result.judgements:
        assert j.seat == 0 and j.options[0].action == j.best
        assert j.loss == pytest.approx(j.options[0].value - j.value_of(j.played), abs=1e-3)
        assert (j.reason is not None) == j.mistake


class BrokenPool:
    """A process pool whose worker died: every decision sent to it fails."""

    def submit(self, fn, *args):
        from concurrent import futures
        from concurrent.futures.process import BrokenProcessPool

        f = futures.Future()
        f.set_exception(BrokenProcessPool("the worker died"))
        return f

    def shutdown(self, wait=True, cancel_futures=False):
        pass


@pytest.mark.parametrize("failure", ["cannot start", "dies"])
def test_the_job_falls_back_to_a_thread_when_processes_fail(monkeypatch, failure):
    from cardtable.ai import worker

    def no_pool(workers):
        raise OSError("no semaphores here")

    monkeypatch.setattr(worker, "process_pool",
                        no_pool if failure == "cannot start" else lambda workers: BrokenPool())
    record = sixtysix_record("9C")
    job = AnalysisJob(record, mode="process")
    wait_for(job)
    assert job.mode == "thread" and job.error is None
    assert job.result() == analyse(record)


def _halve(request: dict) -> float:
    if request["n"] < 0:
        raise ValueError("no negative numbers")
    return request["n"] / 2


def batch_answers(mode: str, requests: dict, **kwargs) -> dict:
    """{key: result or exception} from a :class:`worker.Batch` over ``requests``."""
    from cardtable.ai import worker

    answers: dict = {}
    all_in = threading.Event()

    def landed(key, f):
        answers[key] = f.exception() or f.result()
        if len(answers) == len(requests):
            all_in.set()

    batch = worker.Batch(_halve, _halve, landed, mode=mode, **kwargs)
    batch.start(requests)
    assert all_in.wait(60)
    batch.close()
    return answers


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_a_batch_answers_every_request_and_passes_on_the_functions_own_error(mode):
    answers = batch_answers(mode, {k: {"n": k} for k in (-2, 4, 6, 9)}, workers=2)
    assert answers[4] == 2 and answers[6] == 3 and answers[9] == 4.5
    assert isinstance(answers[-2], ValueError) and "negative" in str(answers[-2])


def test_a_batch_that_cannot_send_on_its_thread_says_so_and_sends_no_more(monkeypatch):
    from concurrent import futures

    from cardtable.ai import worker

    class Shut(futures.ThreadPoolExecutor):
        def submit(self, fn, *args, **kwargs):
            raise RuntimeError("cannot schedule new futures after interpreter shutdown")

    monkeypatch.setattr(worker.futures, "ThreadPoolExecutor", Shut)
    seen: list = []
    batch = worker.Batch(_halve, _halve, lambda key, f: seen.append((key, f.exception())),
                         mode="thread")
    batch.start({1: {"n": 1}, 2: {"n": 2}})
    assert [key for key, _ in seen] == [1]
    assert isinstance(seen[0][1], worker.CannotRun)
    assert isinstance(seen[0][1].__cause__, RuntimeError)
    # the analysis says so in the player's words, the details going to the log
    job = AnalysisJob(sixtysix_record("9C"), mode="thread")
    assert job.done() and job.result() is None and job.error == Msg("its worker could not run")


def test_a_closed_batch_answers_nothing_more():
    from cardtable.ai import worker

    started, let_go = threading.Event(), threading.Event()
    seen: list = []

    def held(request: dict) -> int:
        started.set()
        assert let_go.wait(60)
        return request["n"]

    batch = worker.Batch(held, held, lambda key, f: seen.append(key), mode="thread")
    batch.start({k: {"n": k} for k in range(3)})
    assert started.wait(60)
    batch.close()
    let_go.set()
    time.sleep(0.2)
    assert seen == []
    batch.close()                 # twice is harmless


def test_a_bug_while_judging_ends_the_job_with_a_sentence_and_a_logged_traceback(
        monkeypatch, caplog):
    def broken(request: dict) -> dict:
        raise ZeroDivisionError("a bug in the appraisal")

    monkeypatch.setattr(analysis, "judge_request_here", broken)
    with caplog.at_level("ERROR", logger=analysis.__name__):
        job = AnalysisJob(sixtysix_record("9C"), mode="thread")
        wait_for(job)
    assert job.result() is None and not job.cancelled
    assert job.error == Msg("an error in the program stopped it (the log file has the "
                            "details)")
    assert "ZeroDivisionError: a bug in the appraisal" in caplog.text
    assert "Traceback" in caplog.text


def test_a_job_in_worker_processes_stops_when_cancelled_midway():
    record = first_decision_record("japanese65", 4, 11, 0)
    finish(record, replay(record))
    record["humans"] = [0, 1, 2, 3]
    moved = threading.Event()
    job = AnalysisJob(record, on_change=lambda: job.progress > 0 and moved.set(),
                      mode="process")
    assert moved.wait(60)
    job.cancel()
    at = job.progress
    assert 0 < at < 1 and job.done() and job.cancelled and job.result() is None
    time.sleep(1.0)
    assert job.progress == at and job.result() is None and job.error is None


def test_a_claim_under_66_is_flagged_with_its_reason():
    state = sixtysix_start()
    record = new_record(state, [0])
    for action in (play("TH"), play("AH"), Action("claim")):  # 21 points, then a claim
        move(record, state, action)
    j = judge(finish(record, state), 2)
    assert j.played == Action("claim") and j.best != j.played and j.mistake
    assert j.reason == ["A claim under 66 loses the deal: you had {points} points.",
                        {"points": 21}]
    assert j.loss >= 3  # the opponent scores 2 or 3 instead of a deal still open


def _minimax(state, seat: int, deal: int) -> int:
    """The deal's value for ``seat`` by plain minimax over the engine's moves (slow)."""
    if len(state.score_sheet) > deal:
        gp = state.score_sheet[deal]["game_points"]
        return gp[seat] - gp[1 - seat]
    mover = state.current_player
    values = []
    for a in state.legal_actions():
        w = state.clone()
        w.apply(a)
        values.append(_minimax(w, seat, deal))
    return max(values) if mover == seat else min(values)


def test_the_sixtysix_solver_agrees_with_plain_minimax():
    """Closed and exhausted stocks, marriages announced, a lead to answer: the bit-mask
    alpha-beta search and its shared tables give the engine's own minimax value."""
    rng = random.Random(3)
    spec = registry.get("sixtysix")
    seen = {"closed": 0, "announced": 0, "answer": 0}
    tables: dict = {}
    checked = k = 0
    while checked < 30 or not seen["announced"]:
        state = spec.new_match(seed=700 + k)
        k += 1
        close_at = rng.choice([None, 2, 4])
        n = 0
        while not state.score_sheet and state.stock and not state.closed:
            acts = [a for a in state.legal_actions() if a.kind not in ("claim", "close")]
            if close_at is not None and n >= close_at and not state.trick:
                acts = [a for a in state.legal_actions() if a.kind == "close"]
            state.apply(rng.choice(acts))
            n += 1
        # play on at random until the hands are small enough for plain minimax
        size = rng.choice([7, 8])
        while not state.score_sheet and len(state.hands[0]) + len(state.hands[1]) > size:
            acts = [a for a in state.legal_actions() if a.kind == "play"]
            # kings and queens kept where the rules allow: marriages to announce
            state.apply(rng.choice([a for a in acts if a.card[0] not in "KQ"] or acts))
        if state.score_sheet:
            continue
        marriages = [a for a in state.legal_actions() if a.kind == "marriage"]
        if marriages:
            state.apply(marriages[0])  # a marriage announced: its king or queen to lead
        seen["closed"] += state.closed
        seen["announced"] += state.announced is not None
        seen["answer"] += bool(state.trick)
        seat = state.current_player
        want = _minimax(state, seat, 0)
        assert solve(state, seat) == want
        assert solve(state, seat, tables=tables) == want
        checked += 1
    assert all(seen.values()), seen
