"""``python -m lf arena``: seat line-ups played against each other on paired seeds.

A line-up names who plays each faction (``lf.ai.seats``: ``nonplayer``, ``person:random``, ``person:rules``,
``person:greedy``, ``ai:quick|normal|strong`` or ``ai:<playouts>[/<horizon>[/<war weight>[/<anchor>]]]``). Every line-up plays the same seeds, so two line-ups whose seats
are of the same engine kind (a person's or a Non-player's) deal the same cards in the same order: their
difference is the players', not the luck's. (A Non-player's deck loses the cards Appendix 3 removes, so a
line-up that puts a Non-player where the other has a person deals differently from the same seed.)

Each game becomes a small record (``ArenaRecord``); ``arena_report.py`` turns the records into the figures:
per line-up and per seat, with 95% confidence intervals, war won, the seat's own win rate, mean Glory and mean
Hero points, the games where a Front fell in Year 1 (``lf.tools.feel``: CONTENT.md's "Play as people feel it"
asks it of computer tables too); and, for two line-ups that differ in one seat, the paired difference of that
seat's win rate.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from lf.ai.seats import SEAT_KINDS, Seat, is_seat
from lf.engine import apply, new_game
from lf.engine.constants import FACTIONS
from lf.engine.content import CONTENT_VERSION, STANDARD, level_ids
from lf.engine.machine import LEVEL

from .feel import falls_of
from .simulate import Progress, loss_kind

Lineup = dict[str, str]
#: The issue's goals (docs/ai.md): each faction in turn beside two Non-players, then three computers.
PRESETS: dict[str, list[Lineup]] = {
    "goals": [
        {f: "nonplayer" for f in FACTIONS},
        *({g: ("ai:normal" if g == f else "nonplayer") for g in FACTIONS} for f in FACTIONS),
        *({g: ("person:greedy" if g == f else "nonplayer") for g in FACTIONS} for f in FACTIONS),
        *({g: ("ai:quick" if g == f else "nonplayer") for g in FACTIONS} for f in FACTIONS),
        {f: "ai:normal" for f in FACTIONS},
    ],
}


@dataclass
class ArenaRecord:
    """One game of one line-up: what the figures need, small enough to come back from a worker."""

    lineup: int
    seed: int
    won: bool = False
    winner: str | None = None
    lost_year: int | None = None
    lost_how: str | None = None
    glory: dict[str, int] = field(default_factory=dict)
    hero: dict[str, int] = field(default_factory=dict)
    #: Cards each faction bought with Hero points ("Draw a card"): issue 29 found the computer buying cards the
    #: End of the Year would discard.
    bought: dict[str, int] = field(default_factory=dict)
    moves: int = 0
    #: Every Front that fell (``lf.tools.feel.falls_of``): its Year, turn, Front, before any card was played.
    falls: list[dict[str, Any]] = field(default_factory=list)
    #: Per computer seat: seconds of each searched decision, and the playouts they ran.
    think_seconds: dict[str, list[float]] = field(default_factory=dict)
    playouts: dict[str, int] = field(default_factory=dict)
    error: str | None = None


def parse_lineup(spec: str) -> Lineup:
    """``anarchists=ai:normal,communists=nonplayer,moderates=person:greedy`` (missing factions: Non-players)."""
    out = {f: "nonplayer" for f in FACTIONS}
    for part in filter(None, (p.strip() for p in spec.split(","))):
        faction, _, who = part.partition("=")
        faction, who = faction.strip().lower(), who.strip().lower()
        if faction not in FACTIONS:
            raise ValueError(f"unknown faction {faction!r} in a line-up; factions are {', '.join(FACTIONS)}")
        if not is_seat(who):
            raise ValueError(f"unknown seat {who!r} for the {faction}; seats are {', '.join(SEAT_KINDS)}")
        out[faction] = who
    return out


def lineup_text(lineup: Lineup) -> str:
    return ",".join(f"{f}={lineup[f]}" for f in FACTIONS)


def seat_seed(seed: int, faction: str) -> int:
    """Each seat's own seed in a game (the computer's sampling, the random person's moves)."""
    return seed * 4 + FACTIONS.index(faction) + 1


def play(task: tuple[int, Lineup, int, str]) -> ArenaRecord:
    """One game to its end at ``level`` of the Fascists' strength (a worker's job); an exception becomes a record
    with its traceback."""
    index, lineup, seed, level = task
    rec = ArenaRecord(lineup=index, seed=seed)
    try:
        seats = {f: Seat(lineup[f], seat_seed(seed, f)) for f in FACTIONS}
        state = new_game(seed, {f: s.engine_seat for f, s in seats.items()}, {LEVEL: level})
        while state.result is None:
            f = state.pending[0]["faction"]
            action, note, move = seats[f].act(state, f)
            if move is not None and not move.reasons.trivial:
                rec.think_seconds.setdefault(f, []).append(round(move.reasons.seconds, 4))
                rec.playouts[f] = rec.playouts.get(f, 0) + move.reasons.iterations
            apply(state, f, action, note)  # apply validates: an illegal move would raise here
        result = state.result
        rec.won = result["war"] == "won"
        rec.winner = result.get("winner")
        if not rec.won:
            rec.lost_year, rec.lost_how = result.get("year"), loss_kind(result.get("how", ""))
        rec.glory = dict(result["glory"])
        rec.hero = {f: state.factions[f].hero for f in FACTIONS}
        rec.bought = {f: sum(a["faction"] == f and a["action"]["kind"] == "hp_draw" for a in state.actions)
                      for f in FACTIONS}
        rec.moves = len(state.actions)
        rec.falls = falls_of(state)
    except Exception:  # noqa: BLE001 - a crash is reported with its seed and line-up, never kills the run
        rec.error = traceback.format_exc()
    return rec


def _records(tasks: list[tuple[int, Lineup, int, str]], workers: int) -> Iterator[ArenaRecord]:
    if workers <= 1:
        yield from map(play, tasks)
        return
    with multiprocessing.Pool(workers) as pool:
        yield from pool.imap_unordered(play, tasks, chunksize=1)


def run_arena(lineups: list[Lineup], games: int, seed: int = 1, workers: int = 1,
              progress: Progress | None = None, level: str = STANDARD) -> list[ArenaRecord]:
    """Every line-up on seeds seed..seed+games-1 at ``level``; records sorted, so figures never depend on the
    workers."""
    tasks = [(i, lu, seed + k, level) for k in range(games) for i, lu in enumerate(lineups)]
    out = []
    for rec in _records(tasks, max(1, min(workers, len(tasks)))):
        out.append(rec)
        if progress is not None:
            progress.update(len(out))
    return sorted(out, key=lambda r: (r.lineup, r.seed))


def main(args: argparse.Namespace) -> int:
    from .arena_report import figures, format_report, plot
    from .report_out import report

    if args.pool:
        return _pooled(args)
    try:
        lineups = [parse_lineup(s) for s in args.lineup or []]
        for name in args.preset or []:
            lineups += PRESETS[name]
    except (ValueError, KeyError) as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    if not lineups:
        print("arena: give at least one --lineup (or --preset goals)", file=sys.stderr)
        return 2
    if args.level not in level_ids():
        print(f"arena: unknown level {args.level!r}; the levels are {', '.join(level_ids())}", file=sys.stderr)
        return 2
    bar = Progress(len(lineups) * args.games, enabled=not args.quiet)
    start = time.perf_counter()
    recs = run_arena(lineups, args.games, args.seed, args.workers, bar, args.level)
    meta = {"games": args.games, "seed": args.seed, "workers": args.workers, "level": args.level,
            "content": CONTENT_VERSION,
            "elapsed_s": round(time.perf_counter() - start, 1), "lineups": [lineup_text(lu) for lu in lineups],
            "command": "python -m lf " + " ".join(sys.argv[1:]) if sys.argv[1:] else "python -m lf arena"}
    fig = figures(recs, lineups)
    return report(fig, meta, format_report, plot, args.json_file, args.plot_dir)


def _pooled(args: argparse.Namespace) -> int:
    from .arena_pool import PoolError, pool_runs
    from .arena_report import format_report, plot
    from .report_out import report

    try:
        fig, meta = pool_runs(args.pool)
    except PoolError as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    return report(fig, meta, format_report, plot, args.json_file, args.plot_dir)


def add_parser(sub: argparse._SubParsersAction) -> None:
    a = sub.add_parser("arena", help="seat line-ups against each other on paired seeds: win rates with CIs")
    a.add_argument("--lineup", action="append", help="e.g. anarchists=ai:normal,communists=nonplayer,"
                   "moderates=nonplayer (repeat for several; a faction left out is a Non-player)")
    a.add_argument("--preset", action="append", choices=sorted(PRESETS), help="goals: the line-ups of docs/ai.md")
    a.add_argument("--games", type=int, default=100, help="games per line-up (the same seeds for each)")
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--workers", type=int, default=1, help="processes")
    a.add_argument("--level", default=STANDARD, help="the Fascists' strength (lf/engine/content/levels.toml): "
                   "recruit, standard (the default), veteran or last_stand")
    a.add_argument("--json", dest="json_file", default=None)
    a.add_argument("--plot", dest="plot_dir", default=None)
    a.add_argument("--quiet", action="store_true", help="no progress bar")
    a.add_argument("--pool", nargs="+", metavar="JSON", help="print the figures of earlier runs' --json files "
                   "(the same line-ups on other seeds) as one run over all their seeds")
    a.set_defaults(fn=main)
