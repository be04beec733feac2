"""The engine as a search's forward model (issue 19): copies, whole games, decisions, playouts, before and after.

Why a module of its own, run in subprocesses: the figures of this tree only mean something beside the same
figures of the engine before the work (``BASELINE``), measured in the same run on the same machine (the
development machines are shared, so two runs an hour apart differ more than two engines). ``measure`` uses only
the engine's public contract of that commit (``new_game``, ``apply``, ``legal_actions``, ``npc.choose``,
``step_nonplayers``, ``table.hand_over``), plus ``clone`` where the engine has it, so the very same code runs
against the baseline, which ``git archive`` unpacks into a temporary folder (nothing in the repository changes).
Each side runs in a fresh interpreter (``python -P this_file --measure``, with ``PYTHONPATH`` set to its tree);
rounds alternate between the two and each figure keeps its best round (the least disturbed by other work).
Times are the process's CPU time (``time.process_time``): one core's work, which other processes sharing the
machine disturb far less than they disturb the wall clock.

Playouts: the Appendix 3 policy (``npc.choose``) only answers a Non-player's decisions (``np_turn`` and
``pick``); it refuses a person's (``choose``, ``turn``, ``bid``, ``keep``, ``morale``, ``play``). So a playout
copies the position, hands every person's seat to the Non-player rules (``table.hand_over``, as a host does) and
lets the Non-players play to the end (``step_nonplayers``).
"""

from __future__ import annotations

import argparse
import inspect
import io
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

BASELINE = "da5925e"
ALL_NONPLAYER = {"anarchists": "nonplayer", "communists": "nonplayer", "moderates": "nonplayer"}
#: A mid-game position: a person's turn in Year 2, turn 3 (the Fronts and the log are well filled).
MID_YEAR, MID_TURN = 2, 3
#: ... with no Defeat and every Front at this value or better, so that playouts do not all end at once.
HEALTHY = -4

#: (key, label, unit, higher is better, decimals) of each figure, in the order printed.
FIGURES = (
    ("copy_ms", "copy of a mid-game state", "ms", False, 4),
    ("deep_copy_ms", "  model_copy(deep=True), same states", "ms", False, 3),
    ("np_games_per_second", "all-Non-player games/s (whole, full log)", "/s", True, 1),
    ("np_apply_games_per_second", "  the same, npc.choose + apply each move", "/s", True, 1),
    ("np_quiet_games_per_second", "  the same, quiet: no log (search) *", "/s", True, 1),
    ("random_games_per_second", "games/s, random legal actions (people)", "/s", True, 1),
    ("decision_median_ms", "decision median (legal_actions + apply)", "ms", False, 4),
    ("decision_p99_ms", "decision 99th percentile", "ms", False, 4),
    ("playouts_per_second", "playouts/s from mid-game (full log)", "/s", True, 1),
    ("quiet_playouts_per_second", "  the same, quiet copies: no log *", "/s", True, 1),
)
#: Printed under the table: what the figures include.
NOTES = (
    "games: new_game + every move to the end (step_nonplayers: each decision built once); every figure without a *",
    "  is the normal engine, which writes the whole log, as every game people play does",
    "* quiet: the explicit search-only mode (clone(state, quiet=True), or the game option quiet), which writes no",
    "  log; the baseline has no such mode, so its starred figures are its normal games and playouts",
    "playout: copy the position, hand every person's seat to the Appendix 3 policy (table.hand_over; npc.choose",
    "  refuses a person's decisions), step_nonplayers to the end",
)


# -- the measurements (run in a subprocess against one tree's engine) ------------------------------------------

def _copier(quiet: bool = False) -> tuple[Callable[[Any], Any], str]:
    """The engine's fast copy where it has one (quiet: a search's copy, where it has those), else pydantic's deep
    copy (the code before issue 19)."""
    try:
        from lf.engine import clone
    except ImportError:
        return (lambda s: s.model_copy(deep=True)), "model_copy(deep=True)"
    if quiet and "quiet" in inspect.signature(clone).parameters:
        return (lambda s: clone(s, quiet=True)), "lf.engine.clone(quiet=True)"
    return clone, "lf.engine.clone"


def _np_game(seed: int, options: dict[str, Any] | None = None) -> Any:
    """A game of three Non-player seats, played by the engine's own driver (``step_nonplayers``)."""
    from lf.engine import new_game
    from lf.engine.npc import step_nonplayers

    state = new_game(seed, ALL_NONPLAYER, options)
    step_nonplayers(state)
    return state


def _np_game_by_apply(seed: int) -> Any:
    """The same game, each move asked of ``npc.choose`` and given to ``apply`` (as the simulator and the session)."""
    from lf.engine import apply, new_game
    from lf.engine.npc import choose

    state = new_game(seed, ALL_NONPLAYER)
    while state.result is None:
        f = state.pending[0]["faction"]
        action, rule = choose(state, f)
        apply(state, f, action, f"Non-player rule {rule}")
    return state


def _random_game(seed: int) -> int:
    from lf.engine import apply, legal_actions, new_game

    state, rng, n = new_game(seed), random.Random(seed), 0
    while state.result is None:
        f = state.pending[0]["faction"]
        apply(state, f, rng.choice(legal_actions(state, f)))
        n += 1
    return n


def _steady(state: Any, f: str, rng: random.Random) -> Any:
    """A person's seat that keeps the war going (so games reach mid-game): Action Points on the Front closest to
    Defeat, Attacks on the Front closest to Victory, the Morale Bonus used, otherwise a seeded legal action."""
    from lf.engine import legal_actions

    legal = legal_actions(state, f)
    p = next(p for p in state.pending if p["faction"] == f)
    value = {k: v.value for k, v in state.fronts.items()}
    by_kind: dict[str, list[Any]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    if "choose" in by_kind and p["kind"] == "choose":
        return max(by_kind["choose"], key=lambda a: _strength(a.arg))
    if "ap_front" in by_kind:
        return min(by_kind["ap_front"], key=lambda a: value[a.arg])
    if "front" in by_kind:
        attack = "attack" in p.get("purpose", "")
        return (max if attack else min)(by_kind["front"], key=lambda a: value[a.arg])
    if "morale" in by_kind:
        return by_kind["morale"][0]
    for done in ("end_turn", "bid_done", "keep_done"):
        if done in by_kind:
            return by_kind[done][0]
    return rng.choice(legal)


def _strength(card: str) -> int:
    from lf.engine.content import load_content

    return load_content().player_cards[card].strength if card else 0


def mid_game_positions(count: int, first_seed: int = 1, tries: int = 400) -> list[Any]:
    """``count`` positions of three-person games at a person's turn in Year 2, turn 3, the war still open
    (``HEALTHY``), from the first seeds that give one."""
    from lf.engine import apply, new_game

    out = []
    for seed in range(first_seed, first_seed + tries):
        state, rng = new_game(seed), random.Random(seed)
        while state.result is None and (state.year, state.turn) < (MID_YEAR, MID_TURN):
            f = state.pending[0]["faction"]
            apply(state, f, _steady(state, f, rng))
        while state.result is None and not (state.phase == "turn" and state.pending[0]["kind"] == "turn"):
            f = state.pending[0]["faction"]
            apply(state, f, _steady(state, f, rng))
        if state.result is None and state.year == MID_YEAR and not state.defeats and \
                min(fs.value for fs in state.fronts.values()) >= HEALTHY:
            out.append(state)
            if len(out) == count:
                return out
    raise RuntimeError(f"bench: only {len(out)} of {count} games reached Year {MID_YEAR}, turn {MID_TURN}")


def playout(state: Any, copy: Callable[[Any], Any]) -> Any:
    """A copy of ``state`` played to its end by the Appendix 3 policy in every seat."""
    from lf.engine.npc import step_nonplayers
    from lf.engine.table import hand_over

    game = copy(state)
    for f, fa in game.factions.items():
        if fa.seat == "human":
            hand_over(game, f, "nonplayer", "playout")
    step_nonplayers(game)
    if game.result is None:
        raise RuntimeError("bench: a playout stopped before the end of the game")
    return game


def _per_call(fn: Callable[[], Any], repeats: int) -> float:
    t0 = time.process_time()
    for _ in range(repeats):
        fn()
    return (time.process_time() - t0) / repeats


def _copy_figures(positions: list[Any], copy: Callable[[Any], Any]) -> dict[str, float]:
    fast = [_per_call(lambda s=s: copy(s), 200) for s in positions]
    deep = [_per_call(lambda s=s: s.model_copy(deep=True), 20) for s in positions]
    return {"copy_ms": statistics.median(fast) * 1000, "copy_max_ms": max(fast) * 1000,
            "deep_copy_ms": statistics.median(deep) * 1000,
            "mid_game_log_entries": statistics.median(len(s.log) for s in positions)}


def _games(games: int) -> dict[str, float]:
    t0 = time.process_time()
    np_actions = sum(len(_np_game(1 + i).actions) for i in range(games))
    np_s = time.process_time() - t0
    t0 = time.process_time()
    for i in range(games):
        _np_game_by_apply(1 + i)
    np_apply_s = time.process_time() - t0
    t0 = time.process_time()
    for i in range(games):
        _np_game(1 + i, {"quiet": True})
    np_quiet_s = time.process_time() - t0
    t0 = time.process_time()
    random_actions = sum(_random_game(1 + i) for i in range(games))
    random_s = time.process_time() - t0
    return {"np_games_per_second": games / np_s, "np_actions_per_game": np_actions / games,
            "np_apply_games_per_second": games / np_apply_s, "np_quiet_games_per_second": games / np_quiet_s,
            "random_games_per_second": games / random_s, "random_actions_per_game": random_actions / games}


def _decisions(games: int, seed: int = 1000) -> dict[str, float]:
    """legal_actions + apply of a person's random move, timed per decision (the figure ``bench`` always had)."""
    from lf.engine import apply, legal_actions, new_game

    samples = []
    for i in range(games):
        state, rng = new_game(seed + i), random.Random(seed + i)
        while state.result is None:
            f = state.pending[0]["faction"]
            t0 = time.process_time()
            apply(state, f, rng.choice(legal_actions(state, f)))
            samples.append(time.process_time() - t0)
    samples.sort()
    return {"decision_median_ms": statistics.median(samples) * 1000,
            "decision_p99_ms": samples[min(len(samples) - 1, int(0.99 * len(samples)))] * 1000,
            "decisions_sampled": float(len(samples))}


def _playouts(positions: list[Any], per_position: int) -> dict[str, float]:
    out: dict[str, float] = {}
    for name, quiet in (("playouts_per_second", False), ("quiet_playouts_per_second", True)):
        copy, _ = _copier(quiet)
        t0 = time.process_time()
        actions = 0
        for state in positions:
            for _ in range(per_position):
                actions += len(playout(state, copy).actions) - len(state.actions)
        out[name] = len(positions) * per_position / (time.process_time() - t0)
        out["playout_actions"] = actions / (len(positions) * per_position)
    return out


def measure(games: int = 200, positions: int = 10) -> dict[str, Any]:
    """Every figure of this section, for the engine importable as ``lf.engine`` (this tree or the baseline)."""
    copy, how = _copier()
    mids = mid_game_positions(positions)
    return {"copy_impl": how, **_copy_figures(mids, copy), **_games(games),
            **_decisions(max(10, games // 5)), **_playouts(mids, max(1, games // 20))}


# -- the comparison (run in the parent process) ----------------------------------------------------------------

def _measure_in(tree: Path, games: int, positions: int) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    cmd = [sys.executable, "-P", str(Path(__file__).resolve()), "--measure", "--games", str(games),
           "--positions", str(positions)]
    out = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise RuntimeError(f"bench: measuring {tree} failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def unpack_baseline(rev: str, into: Path) -> str | None:
    """Unpack commit ``rev`` of this repository into ``into``; None, or why it cannot be done."""
    repo = Path(__file__).resolve().parents[2]
    if shutil.which("git") is None:
        return "git is not installed"
    check = subprocess.run(["git", "-C", str(repo), "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
                           capture_output=True, text=True, check=False)
    if check.returncode != 0:
        return f"commit {rev} is not in the repository at {repo}"
    archive = subprocess.run(["git", "-C", str(repo), "archive", "--format=tar", rev, "lf"], capture_output=True,
                             check=False)
    if archive.returncode != 0:
        return f"git archive {rev} failed: {archive.stderr.decode(errors='replace').strip()}"
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return None


def _best(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    out = dict(rounds[0])
    for key, _, _, higher, _ in FIGURES:
        values = [r[key] for r in rounds]
        out[key] = max(values) if higher else min(values)
    return out


def run_compared(games: int = 200, baseline: str | None = BASELINE, rounds: int = 2,
                 positions: int = 10) -> dict[str, Any]:
    """This tree's figures and, unless ``baseline`` is None or cannot be unpacked, the baseline's."""
    here = Path(__file__).resolve().parents[2]
    report: dict[str, Any] = {"baseline": baseline, "rounds": rounds, "games": games}
    with tempfile.TemporaryDirectory(prefix="lf-bench-baseline-") as tmp:
        skip = unpack_baseline(baseline, Path(tmp)) if baseline else "--baseline none"
        if skip:
            report["skipped"] = skip
        now, before = [], []
        for _ in range(rounds):
            if not skip:
                before.append(_measure_in(Path(tmp), games, positions))
            now.append(_measure_in(here, games, positions))
    report["now"] = _best(now)
    report["before"] = _best(before) if before else None
    return report


def print_speed_report(report: dict[str, Any]) -> None:
    now, before, base = report["now"], report["before"], report["baseline"]
    print(f"lf engine for search (issue 19): CPU time of one process, best of {report['rounds']} round(s), "
          f"{report['games']} games per figure")
    if before is None:
        print(f"  (no baseline: {report.get('skipped')})")
        for key, label, unit, _, dec in FIGURES:
            print(f"  {label:<42} {now[key]:>10.{dec}f} {unit}")
    else:
        print(f"  {'':<42} {base:>10} {'now':>10}   ratio")
        for key, label, unit, higher, dec in FIGURES:
            ratio = now[key] / before[key] if higher else before[key] / now[key]
            print(f"  {label:<42} {before[key]:>10.{dec}f} {now[key]:>10.{dec}f} {unit:<3}{ratio:6.1f}x")
        print(f"  copies: {base} {before['copy_impl']}, now {now['copy_impl']}")
    for line in NOTES:
        print(f"  {line}")
    print(f"  mid-game positions: Year {MID_YEAR} turn {MID_TURN}, a person's turn, "
          f"{now['mid_game_log_entries']:.0f} log entries (median); slowest copy {now['copy_max_ms']:.4f} ms")
    print(f"  actions per game: Non-players {now['np_actions_per_game']:.0f}, "
          f"random {now['random_actions_per_game']:.0f}; per playout {now['playout_actions']:.0f}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="engine figures for search, measured in this interpreter")
    p.add_argument("--measure", action="store_true", help="print this tree's figures as JSON")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--positions", type=int, default=10)
    args = p.parse_args(argv)
    if args.measure:
        print(json.dumps(measure(args.games, args.positions)))
    else:
        print_speed_report(run_compared(args.games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
