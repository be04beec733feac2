"""What the secret generator costs: generator 1 (SplitMix64, games before engine 3) beside generator 2 (keyed
BLAKE2b in counter mode), measured in one run on the same seeds (issue 18).

Why both in one run: a machine's speed drifts with its load, so a figure measured yesterday says little beside
one measured today. Each round measures both generators back to back, and each figure is its best round. Whole
games use the same seeds under both generators, which deal them differently: games of other lengths, so actions
per second is the figure to compare.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from lf.engine import new_game
from lf.engine.rng import GENERATORS, below, shuffled, start

from .players import SEATINGS, moves, random_policy

ROUNDS = 3


def _per_second(count: int, work: Callable[[], None]) -> float:
    t0 = time.perf_counter()
    work()
    return count / (time.perf_counter() - t0)


def shuffles_per_second(generator: int, n: int = 5000) -> float:
    """Shuffles of an 18-card deck (a faction's deck at setup, a Fascist Year)."""
    deck = [f"c{i}" for i in range(18)]

    def work() -> None:
        state = start(1, generator)
        for _ in range(n):
            state, _ = shuffled(state, deck)

    return _per_second(n, work)


def draws_per_second(generator: int, n: int = 50000) -> float:
    """Uniform draws below 18 (the Bag of Glory's draws, each step of a shuffle)."""

    def work() -> None:
        state = start(1, generator)
        for _ in range(n):
            state, _ = below(state, 18)

    return _per_second(n, work)


def game_rates(generator: int, games: int, seats: dict[str, str] | None) -> tuple[float, float]:
    """(games, actions) per second over whole games (random legal actions for people, Appendix 3 for Non-players)
    dealt by ``generator``. Actions per second is the fairer figure: other deals make games of other lengths."""
    actions = 0
    t0 = time.perf_counter()
    for seed in range(1, games + 1):
        state = new_game(seed, seats, {"generator": generator})
        for _ in moves(state, random_policy(seed)):
            pass
        actions += len(state.actions)
    elapsed = time.perf_counter() - t0
    return games / elapsed, actions / elapsed


def run(games: int = 100) -> dict[str, dict[int, float]]:
    """Each figure's best of three rounds; every round measures both generators back to back."""
    out: dict[str, dict[int, float]] = {k: {g: 0.0 for g in GENERATORS} for k in (
        "shuffles", "draws", "np_games", "np_actions", "random_games", "random_actions")}
    for _ in range(ROUNDS):
        for g in GENERATORS:
            figures = {"shuffles": shuffles_per_second(g), "draws": draws_per_second(g)}
            figures["np_games"], figures["np_actions"] = game_rates(g, games, SEATINGS["all_np"])
            figures["random_games"], figures["random_actions"] = game_rates(g, games, None)
            for k, v in figures.items():
                out[k][g] = max(out[k][g], v)
    return out


def print_report(figures: dict[str, dict[int, float]]) -> None:
    print("the random generator, old and new in this run (best of 3, per second, one core)")
    print(f"  {'':34}{'generator 1':>14}{'generator 2':>14}{'2 / 1':>8}")
    rows = (("shuffles of an 18-card deck", "shuffles"), ("draws below 18", "draws"),
            ("games, three Non-players", "np_games"), ("  their actions", "np_actions"),
            ("games, random legal moves", "random_games"), ("  their actions", "random_actions"))
    for label, key in rows:
        old, new = figures[key][1], figures[key][2]
        print(f"  {label:34}{old:14.1f}{new:14.1f}{new / old:8.2f}")
    print(f"  generator 1: {GENERATORS[1]}; generator 2: {GENERATORS[2]}")
