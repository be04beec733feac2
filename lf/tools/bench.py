"""``python -m lf bench``: speed in figures (never a timed test), one section after another.

Sections: the engine as a search's forward model, beside the engine before issue 19 measured in the same run
(``bench_speed``: copies, whole games, decisions, playouts); the engine's other figures here (the serialized
size of a state; the replay viewer's cost of one step, ``lf.engine.history``, in a 12-turn game); the session
layer with persistence (``bench_session``). A new section is a function that takes the command's arguments and
prints, added to ``SECTIONS``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from lf.engine import apply, new_game, to_json, view
from lf.engine.table import initial_seats
from lf.engine.history import Cursor, Timeline

from .players import play_game, random_policy


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


def run() -> dict[str, float]:
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
        "state_bytes_mid_game": len(to_json(mid).encode()),
        "state_bytes_end_of_game": len(to_json(state).encode()),
    }


def print_report(figures: dict[str, float]) -> None:
    print("lf engine: state size and the replay viewer")
    print(f"  serialized state mid-game  {figures['state_bytes_mid_game'] / 1024:8.1f} KiB")
    print(f"  serialized state at end    {figures['state_bytes_end_of_game'] / 1024:8.1f} KiB")
    print(f"  replay of a 12-turn game   {figures['replay_steps']:8.0f} steps, timeline built in "
          f"{figures['replay_build_ms']:.1f} ms; ms per step (position + a seat's view), median / 95th percentile:")
    for name in ("forward", "back", "jump"):
        print(f"    {name:<24} {figures[f'replay_{name}_median_ms']:8.3f} / {figures[f'replay_{name}_p95_ms']:.3f} ms")


def _speed(args: argparse.Namespace) -> None:
    from .bench_speed import print_speed_report, run_compared

    baseline = None if args.baseline in ("", "none") else args.baseline
    print_speed_report(run_compared(args.games, baseline, args.rounds))


def _engine(args: argparse.Namespace) -> None:
    print_report(run())


def _session(args: argparse.Namespace) -> None:
    from .bench_session import print_session_report, run_session_bench

    if args.session_games > 0:
        print_session_report(run_session_bench(args.session_games))


#: The sections of ``python -m lf bench``, in the order printed.
def _generator(args: argparse.Namespace) -> None:
    from . import bench_rng

    bench_rng.print_report(bench_rng.run(max(10, args.games // 4)))


def _ai(args: argparse.Namespace) -> None:
    if args.ai_decisions > 0:
        from . import bench_ai

        bench_ai.print_report(bench_ai.run(args.ai_decisions))


SECTIONS: list[Callable[[argparse.Namespace], None]] = [_speed, _engine, _generator, _ai, _session]


def main(args: argparse.Namespace) -> int:
    for section in SECTIONS:
        section(args)
    return 0
