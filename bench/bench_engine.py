"""Engine speed: random full matches, deals and moves per second; clone and determinize."""

from __future__ import annotations

import random
import time

from cardtable.engine import registry

from .stats import summary

SECONDS = 3.0

#: Player counts to measure (the busiest and the usual ones).
PLAYERS = {"rummy65": (4, 8), "quebec65": (4, 8), "pairs65": (2, 4)}


def random_play(game_id: str, players: int, seconds: float) -> dict:
    spec = registry.get(game_id)
    rng = random.Random(1)
    matches = deals = moves = 0
    seed = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = spec.new_match(players=players, seed=seed)
        seed += 1
        while not state.is_over:
            events = state.apply(rng.choice(state.legal_actions()))
            moves += 1
            for e in events:
                if e.kind == "deal_scored":
                    deals += 1
            if moves % 512 == 0 and time.perf_counter() > deadline:
                break
        else:
            matches += 1
    elapsed = time.perf_counter() - start
    return {"matches": matches / elapsed, "deals": deals / elapsed, "moves": moves / elapsed}


def copy_costs(game_id: str, players: int, samples: int = 400) -> tuple[list[float], list[float]]:
    spec = registry.get(game_id)
    rng = random.Random(2)
    clones, dets = [], []
    state = spec.new_match(players=players, seed=3)
    for i in range(samples):
        if state.is_over:
            state = spec.new_match(players=players, seed=i)
        for _ in range(rng.randrange(1, 4)):
            if not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        seat = state.current_player
        t0 = time.perf_counter()
        state.clone()
        t1 = time.perf_counter()
        state.determinize(seat, rng)
        t2 = time.perf_counter()
        clones.append(t1 - t0)
        dets.append(t2 - t1)
    return clones, dets


def main() -> None:
    for spec in registry.specs():
        for players in PLAYERS.get(spec.id, (spec.min_players,)):
            r = random_play(spec.id, players, SECONDS)
            print(
                f"{spec.id:11} {players}p  random play: {r['matches']:8.1f} matches/s  "
                f"{r['deals']:9.1f} deals/s  {r['moves']:10.0f} moves/s"
            )
            clones, dets = copy_costs(spec.id, players)
            print(f"{'':15} clone():       {summary(clones)}")
            print(f"{'':15} determinize(): {summary(dets)}")


if __name__ == "__main__":
    main()
