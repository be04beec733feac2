"""``python -m lf bench``: engine speed in figures (never a timed test).

Full games per second by random legal actions on one core; the median and
99th percentile of one decision (legal actions + apply); the serialized size;
the replay viewer's cost of one step (``lf.engine.history``: the position after
a step and a seat's view of it) in a 12-turn game.
"""

from __future__ import annotations

import random
import statistics
import time

from lf.engine import apply, legal_actions, new_game, to_json, view
from lf.engine.table import initial_seats
from lf.engine.history import Cursor, Timeline
from lf.engine.queries import is_nonplayer
from lf.engine.npc import choose as nonplayer_choose

from .players import SEATINGS, play_game, random_policy


def games_per_second(games: int, seed: int = 1, seats: dict[str, str] | None = None) -> tuple[float, float]:
    """(games per second, mean actions per game): random legal actions, or Non-player seats."""
    start = time.perf_counter()
    actions = 0
    for i in range(games):
        actions += len(play_game(seed + i, seats).actions)
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / games


def decision_times(games: int, seed: int = 1000) -> list[float]:
    """Seconds for legal_actions + apply, one sample per decision."""
    samples = []
    for i in range(games):
        state = new_game(seed + i)
        rng = random.Random(seed + i)
        while state.result is None:
            f = state.pending[0]["faction"]
            if is_nonplayer(state, f):
                action, rule = nonplayer_choose(state, f)
                apply(state, f, action, rule)
                continue
            t0 = time.perf_counter()
            legal = legal_actions(state, f)
            action = rng.choice(legal)
            apply(state, f, action)
            samples.append(time.perf_counter() - t0)
    return samples


def replay_step_times(seed: int = 24, policy_seed: int = 1) -> dict[str, float]:
    """The replay of a 12-turn game (the page policy's game, lf.tools.page_policy): building its timeline, then
    ms per step (position + a seat's view) stepping forward through it, back through it, and jumping at random."""
    from .page_policy import play

    state, _, _ = play(seed, {"anarchists": "human", "communists": "human", "moderates": "human"}, policy_seed)
    t0 = time.perf_counter()
    timeline = Timeline(state.seed, initial_seats(state), state.options, state.actions)
    built = time.perf_counter() - t0
    cursor = Cursor(timeline)
    steps = list(range(len(timeline) + 1))
    rng = random.Random(seed)
    out = {"replay_steps": float(len(timeline)), "replay_build_ms": built * 1000}
    for name, order in (("forward", steps), ("back", steps[::-1]), ("jump", [rng.choice(steps) for _ in steps])):
        times = []
        for k in order:
            t0 = time.perf_counter()
            view(cursor.go(k), "anarchists")
            times.append(time.perf_counter() - t0)
        out[f"replay_{name}_median_ms"] = statistics.median(times) * 1000
        out[f"replay_{name}_p95_ms"] = percentile(times, 0.95) * 1000
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(games: int = 200) -> dict[str, float]:
    gps, mean_actions = games_per_second(games)
    np_gps, np_actions = games_per_second(games, seats=SEATINGS["all_np"])
    samples = decision_times(max(20, games // 5))
    state = play_game(7)
    mid = new_game(8)
    pol = random_policy(8)
    for _ in range(len(state.actions) // 2):
        if mid.result is not None:
            break
        f = mid.pending[0]["faction"]
        apply(mid, f, pol(mid, f))
    return {
        **replay_step_times(),
        "games_per_second": gps,
        "mean_actions_per_game": mean_actions,
        "np_games_per_second": np_gps,
        "np_mean_actions_per_game": np_actions,
        "decision_median_ms": statistics.median(samples) * 1000,
        "decision_p99_ms": percentile(samples, 0.99) * 1000,
        "decisions_sampled": len(samples),
        "state_bytes_mid_game": len(to_json(mid).encode()),
        "state_bytes_end_of_game": len(to_json(state).encode()),
    }


def print_report(figures: dict[str, float]) -> None:
    print("lf engine benchmark (one core, random legal actions, three human seats)")
    print(f"  full games per second      {figures['games_per_second']:8.1f}")
    print(f"  actions per game (mean)    {figures['mean_actions_per_game']:8.1f}  (random play loses the war early)")
    print(f"  full games per second      {figures['np_games_per_second']:8.1f}  three Non-player seats (Appendix 3), "
          f"{figures['np_mean_actions_per_game']:.0f} actions per game")
    print(f"  decision median            {figures['decision_median_ms']:8.3f} ms  (legal actions + apply)")
    print(f"  decision 99th percentile   {figures['decision_p99_ms']:8.3f} ms  over {figures['decisions_sampled']:.0f} decisions")
    print(f"  serialized state mid-game  {figures['state_bytes_mid_game'] / 1024:8.1f} KiB")
    print(f"  serialized state at end    {figures['state_bytes_end_of_game'] / 1024:8.1f} KiB")
    print(f"  replay of a 12-turn game   {figures['replay_steps']:8.0f} steps, timeline built in "
          f"{figures['replay_build_ms']:.1f} ms; ms per step (position + a seat's view), median / 95th percentile:")
    for name in ("forward", "back", "jump"):
        print(f"    {name:<24} {figures[f'replay_{name}_median_ms']:8.3f} / {figures[f'replay_{name}_p95_ms']:.3f} ms")
