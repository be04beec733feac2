"""``python -m lf bench``, the computer player's part: seconds per decision at each level, on one core.

Positions are the decisions a person's seat meets in real games (played by the playout rules beside two
Non-players, each faction in turn), kept only where the search has something to weigh (at least two options
after ``candidates``). Each level decides every position once; the figures are the mean, median and 95th
percentile seconds per decision and the playouts per second. Targets (docs/ai.md): Quick p95 <= 0.3 s,
Normal <= 1.5 s, Strong <= 5 s. Speed is printed here, never asserted by a test.
"""

from __future__ import annotations

import statistics
import time

from lf.ai import LEVELS, decide
from lf.ai.candidates import candidates
from lf.engine import GameState, apply, decision, legal_actions, new_game
from lf.engine.constants import FACTIONS
from lf.engine.npc import choose as nonplayer_choose
from lf.ai.rollout import rollout_action

TARGET_P95 = {"quick": 0.3, "normal": 1.5, "strong": 5.0}


def _searched(state: GameState, f: str) -> bool:
    d = decision(state, f)
    if d is None or len(d.choices) < 2:
        return False
    p = next(p for p in state.pending if p["faction"] == f)
    return len(candidates(state, f, legal_actions(state, f), d.kind, p.get("phase", ""))) >= 2


def positions(count: int, seed: int = 7000) -> list[tuple[GameState, str]]:
    """``count`` searched decisions of a person's seat, spread over whole games and the three factions."""
    out: list[tuple[GameState, str]] = []
    game = 0
    while len(out) < count:
        me = FACTIONS[game % 3]
        state = new_game(seed + game, {f: "nonplayer" for f in FACTIONS if f != me})
        found = []
        while state.result is None:
            f = state.pending[0]["faction"]
            if f == me and _searched(state, f):
                found.append(state.model_copy(deep=True))
            action = nonplayer_choose(state, f)[0] if f != me else rollout_action(state, f)
            apply(state, f, action)
        step = max(1, len(found) // 12)
        out += [(s, me) for s in found[::step]][: count - len(out)]
        game += 1
    return out


def run(decisions: int = 30, levels: tuple[str, ...] = tuple(LEVELS)) -> dict[str, dict[str, float]]:
    spots = positions(decisions)
    figures = {}
    for level in levels:
        times, playouts = [], 0
        for i, (state, me) in enumerate(spots):
            t0 = time.perf_counter()
            move = decide(state, me, level, seed=i)
            times.append(time.perf_counter() - t0)
            playouts += move.reasons.iterations
        times.sort()
        figures[level] = {"decisions": len(times), "mean_s": statistics.fmean(times), "median_s": statistics.median(times),
                          "p95_s": times[min(len(times) - 1, int(0.95 * len(times)))],
                          "playouts_per_s": playouts / sum(times), "playouts": LEVELS[level].iterations,
                          "horizon": LEVELS[level].horizon}
    return figures


def print_report(figures: dict[str, dict[str, float]]) -> None:
    print("lf computer player (one core; searched decisions of a person's seat beside two Non-players)")
    for level, f in figures.items():
        target = TARGET_P95.get(level)
        mark = "" if target is None else f"  (target p95 <= {target:.1f} s: {'met' if f['p95_s'] <= target else 'MISSED'})"
        print(f"  {level:<7} {f['playouts']:4d} playouts, horizon {f['horizon']}: mean {f['mean_s']:.3f} s, "
              f"median {f['median_s']:.3f} s, p95 {f['p95_s']:.3f} s over {f['decisions']} decisions; "
              f"{f['playouts_per_s']:.0f} playouts/s{mark}")
