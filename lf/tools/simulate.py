"""``python -m lf simulate``: the balance simulator.

CONTENT.md's balance is measured, not guessed: this plays many seeded games
(by default every seat a Non-player, Appendix 3), keeps one small record per
game and turns the records into the figures the content bands are judged on.

Design choices, and why:
- A worker returns a ``GameRecord`` (a few dicts of ints), never the state, so
  multiprocessing costs almost nothing beyond the games themselves.
- Records are sorted by seed before anything is computed, so the figures are
  the same whatever the number of workers or the order they finish in.
- The engine is not touched: turn ends and Front values are read back from
  ``state.log`` (a ``turn`` entry starts a turn; ``front`` entries end in
  "now +N."). The replay is checked against the final state, so a change of
  log wording fails loudly instead of giving wrong charts.
- An engine crash does not stop the run: the game becomes a record with the
  traceback, is left out of the figures and is listed in the report.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import re
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lf.engine import GameState, new_game
from lf.engine.constants import FACTIONS, FRONTS, TURNS_PER_YEAR, YEARS
from lf.engine.content import CONTENT_VERSION, STANDARD, level_ids, load_content
from lf.engine.machine import LEVEL

from .feel import falls_of, feel_band_checks, feel_figures
from .opening import opening_falls
from .report_out import charts, report
from .players import SEATINGS, moves, random_policy
from .rates import Z95, pct, rate, wilson  # noqa: F401  (wilson and Z95: part of this module's API)

TOTAL_TURNS = YEARS * TURNS_PER_YEAR
#: The ways a war is lost, in report order (keys of the figures).
LOSS_KINDS: dict[str, str] = {
    "madrid": "Madrid defeat",
    "second_front": "second Front defeat",
    "year3_end": "end of Year 3 with 2 Fronts at 0 or worse",
}
#: CONTENT.md "Balance, measured" (all-Non-player games).
BAND_WAR_WON = (35.0, 65.0)
BAND_FACTION_WIN = (20.0, 45.0)
BAND_YEAR_LOSS_MAX = 15.0
_NOW = re.compile(r"now ([+-]?\d+)\.?\s*$")

Seats = dict[str, str]  # faction -> "np" | "random"


# --------------------------------------------------------------------------- one game


@dataclass
class GameRecord:
    """What the figures need from one game; small so workers can send it back cheaply."""

    seed: int
    won: bool = False
    winner: str | None = None
    #: For a lost war: the Year it was lost in and how (a key of LOSS_KINDS, or "other").
    lost_year: int | None = None
    lost_how: str | None = None
    fronts_end: dict[str, int] = field(default_factory=dict)
    #: Front values at the end of each completed turn (index 0 = Year 1 turn 1); a lost war stops early.
    fronts_by_turn: list[dict[str, int]] = field(default_factory=list)
    glory: dict[str, int] = field(default_factory=dict)
    hero: dict[str, int] = field(default_factory=dict)
    medallions_in_play: list[str] = field(default_factory=list)
    #: medallion effect -> the faction that took it.
    medallions_taken: dict[str, str] = field(default_factory=dict)
    #: card id -> how many times it was played (AP or Event) in this game.
    card_plays: dict[str, int] = field(default_factory=dict)
    #: Every Defeat of a Front in order (feel.falls_of): year, turn, front, before_play.
    falls: list[dict[str, Any]] = field(default_factory=list)
    moves: int = 0
    #: The traceback when the engine crashed; such a record is left out of the figures.
    error: str | None = None


def parse_seats(spec: str) -> Seats:
    """``all_np`` (or a players.SEATINGS name), or ``anarchists=random,communists=np,...``.

    Factions left out of an explicit list are Non-players: the simulator is about Appendix 3 first.
    """
    spec = (spec or "all_np").strip()
    if spec in SEATINGS:
        named = SEATINGS[spec]
        return {f: "np" if named.get(f) == "nonplayer" else "random" for f in FACTIONS}
    seats = {f: "np" for f in FACTIONS}
    for part in filter(None, (p.strip() for p in spec.split(","))):
        faction, _, who = part.partition("=")
        faction, who = faction.strip().lower(), who.strip().lower()
        if faction not in FACTIONS:
            raise ValueError(f"unknown faction {faction!r} in --seats; factions are {', '.join(FACTIONS)}")
        if who in ("np", "nonplayer", "non-player"):
            seats[faction] = "np"
        elif who in ("random", "human"):
            seats[faction] = "random"
        else:
            raise ValueError(f"--seats {faction}={who!r}: say np or random")
    return seats


def engine_seats(seats: Seats) -> dict[str, str]:
    return {f: "nonplayer" if who == "np" else "human" for f, who in seats.items()}


def loss_kind(how: str) -> str:
    """Map the engine's result text to a LOSS_KINDS key (the engine gives prose, the figures need a key)."""
    text = how.lower()
    if "madrid" in text:
        return "madrid"
    if "second front" in text:
        return "second_front"
    if "end of year 3" in text:
        return "year3_end"
    return "other"


def turn_index(year: int, turn: int) -> int:
    """0-based index of a turn among the 12 of the war."""
    return (year - 1) * TURNS_PER_YEAR + (turn - 1)


def front_values_at_turn_ends(state: GameState) -> list[dict[str, int]]:
    """Replay the Front values through the log and take them at each turn end.

    A turn ends where the next ``turn`` entry begins; the last turn of the war ends with the game
    unless the war was lost by a Defeat in the middle of it.
    """
    values = {f: load_content().board.front_start for f in FRONTS}
    ends: list[dict[str, int]] = []
    for entry in state.log:
        if entry["kind"] == "turn" and entry["turn"] >= 1:
            if turn_index(entry["year"], entry["turn"]) > 0:
                ends.append(dict(values))
        elif entry["kind"] == "front":
            front = next(r[6:] for r in entry["refs"] if r.startswith("front:"))
            m = _NOW.search(entry["text"])
            if m is None:
                raise RuntimeError(f"cannot read a Front value from log entry {entry['i']}: {entry['text']!r}")
            values[front] = int(m.group(1))
    actual = {f: fs.value for f, fs in state.fronts.items()}
    if values != actual:
        raise RuntimeError(f"Front values replayed from the log {values} differ from the state {actual}")
    defeated = state.result is not None and loss_kind(state.result["how"]) in ("madrid", "second_front")
    if not defeated and state.year == YEARS and state.turn == TURNS_PER_YEAR:
        ends.append(dict(values))
    return ends


def card_plays(state: GameState) -> dict[str, int]:
    """Plays per card from the ``play`` log entries (each names its card as ``card:<id>``)."""
    plays: Counter[str] = Counter()
    for entry in state.log:
        if entry["kind"] == "play":
            plays.update(r[5:] for r in entry["refs"] if r.startswith("card:"))
    return dict(plays)


def record_of(seed: int, state: GameState) -> GameRecord:
    """Read a finished game into its record."""
    result = state.result or {}
    won = result.get("war") == "won"
    taken = {m: f for f in FACTIONS for m in state.factions[f].medallions}
    return GameRecord(
        seed=seed,
        won=won,
        winner=result.get("winner"),
        lost_year=None if won else result.get("year"),
        lost_how=None if won else loss_kind(result.get("how", "")),
        fronts_end={f: fs.value for f, fs in state.fronts.items()},
        fronts_by_turn=front_values_at_turn_ends(state),
        glory=dict(result.get("glory", {})),
        hero={f: state.factions[f].hero for f in FACTIONS},
        medallions_in_play=sorted([*state.medallions, *taken]),
        medallions_taken=taken,
        card_plays=card_plays(state),
        falls=falls_of(state),
        moves=len(state.actions),
    )


def play_one(task: tuple[int, Seats, str]) -> GameRecord:
    """Play one seeded game to its end at ``level`` (a worker's job); a crash becomes a record with its traceback."""
    seed, seats, level = task
    try:
        state = new_game(seed, engine_seats(seats), {LEVEL: level})
        for _ in moves(state, random_policy(seed)):
            pass
        return record_of(seed, state)
    except Exception:  # noqa: BLE001 - any engine failure must be reported with its seed, not kill the run
        return GameRecord(seed=seed, error=traceback.format_exc())


# --------------------------------------------------------------------------- many games


class Progress:
    """A plain-text progress bar on stderr, redrawn in place at most ~10 times a second."""

    def __init__(self, total: int, enabled: bool = True, width: int = 30) -> None:
        self.total, self.enabled, self.width = total, enabled, width
        self.start = self.last = time.perf_counter()

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if done < self.total and now - self.last < 0.1:
            return
        self.last = now
        filled = self.width * done // max(1, self.total)
        rate = done / max(1e-9, now - self.start)
        bar = "#" * filled + "." * (self.width - filled)
        sys.stderr.write(f"\r[{bar}] {done}/{self.total} games  {rate:.0f} games/s")
        if done >= self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def _records(tasks: list[tuple[int, Seats, str]], workers: int) -> Iterator[GameRecord]:
    """Records in completion order: in-process for one worker, else a process pool."""
    if workers <= 1:
        yield from map(play_one, tasks)
        return
    load_content()  # warm the cache before forking so each worker does not parse the TOML again
    chunk = max(1, min(20, len(tasks) // (workers * 8)))
    with multiprocessing.Pool(workers) as pool:
        yield from pool.imap_unordered(play_one, tasks, chunksize=chunk)


def simulate(games: int, seed: int = 0, seats: Seats | None = None, workers: int = 1,
             progress: Callable[[int], None] | None = None, level: str = STANDARD) -> list[GameRecord]:
    """Play seeds seed..seed+games-1 at ``level``; records sorted by seed, so the figures never depend on
    workers."""
    seats = seats or parse_seats("all_np")
    tasks = [(seed + i, seats, level) for i in range(games)]
    out: list[GameRecord] = []
    for rec in _records(tasks, max(1, min(workers, games))):
        out.append(rec)
        if progress:
            progress(len(out))
    return sorted(out, key=lambda r: r.seed)


# --------------------------------------------------------------------------- figures


def mean(values: Iterable[float]) -> float:
    vals = list(values)
    return round(sum(vals) / len(vals), 3) if vals else 0.0


def war_figures(recs: list[GameRecord]) -> dict[str, Any]:
    n = len(recs)
    won = [r for r in recs if r.won]
    winners = Counter(r.winner for r in won)
    return {
        "won": rate(len(won), n),
        "winners": {f: rate(winners.get(f, 0), len(won)) for f in FACTIONS},
    }


def loss_figures(recs: list[GameRecord]) -> dict[str, Any]:
    """Lost wars by Year and by how; ``pct`` of a Year is over all games (the band's measure)."""
    n = len(recs)
    lost = [r for r in recs if not r.won]
    kinds = [*LOSS_KINDS, *sorted({r.lost_how for r in lost if r.lost_how not in LOSS_KINDS})]
    by_year = {}
    for year in range(1, YEARS + 1):
        in_year = [r for r in lost if r.lost_year == year]
        how = Counter(r.lost_how for r in in_year)
        by_year[str(year)] = {**rate(len(in_year), n), "how": {k: how.get(k, 0) for k in kinds}}
    how_all = Counter(r.lost_how for r in lost)
    return {"lost": rate(len(lost), n), "by_year": by_year,
            "by_how": {k: rate(how_all.get(k, 0), n) for k in kinds},
            "labels": {k: LOSS_KINDS.get(k, k) for k in kinds}}


def front_figures(recs: list[GameRecord]) -> dict[str, Any]:
    """Mean Front values at the end, and after each turn over the games still at war then."""
    by_turn = []
    for t in range(TOTAL_TURNS):
        alive = [r.fronts_by_turn[t] for r in recs if len(r.fronts_by_turn) > t]
        by_turn.append({"year": t // TURNS_PER_YEAR + 1, "turn": t % TURNS_PER_YEAR + 1, "games": len(alive),
                        "mean": {f: mean(v[f] for v in alive) if alive else None for f in FRONTS}})
    return {"end_mean": {f: mean(r.fronts_end[f] for r in recs) for f in FRONTS}, "by_turn": by_turn}


def medallion_figures(recs: list[GameRecord]) -> dict[str, Any]:
    n = len(recs)
    out = {}
    for m in load_content().medallions:
        in_play = sum(m.effect in r.medallions_in_play for r in recs)
        takers = Counter(r.medallions_taken[m.effect] for r in recs if m.effect in r.medallions_taken)
        out[m.effect] = {"name": m.name, "in_play": rate(in_play, n), "taken": rate(sum(takers.values()), n),
                         "by": {f: rate(takers.get(f, 0), n) for f in FACTIONS}}
    return out


def card_figures(recs: list[GameRecord]) -> list[dict[str, Any]]:
    """Per player card: plays per game, share of games it was played in, and the war won % then."""
    out = []
    for cid, c in sorted(load_content().player_cards.items(), key=lambda kv: (FACTIONS.index(kv[1].faction), kv[0])):
        played = [r for r in recs if r.card_plays.get(cid)]
        out.append({"id": cid, "name": c.name, "faction": c.faction, "strength": c.strength,
                    "plays_per_game": round(sum(r.card_plays[cid] for r in played) / len(recs), 3) if recs else 0.0,
                    "played_in": rate(len(played), len(recs)),
                    "war_won_when_played": rate(sum(r.won for r in played), len(played))})
    return out


def band_checks(fig: dict[str, Any], skilled: bool = False) -> list[dict[str, Any]]:
    """CONTENT.md's bands as PASS/FAIL rows, judged on the point estimates.

    ``skilled``: the games were played by the computer player at Normal in every seat; "Balance, measured"
    (war won 35%..65%, losses per Year) is for Non-player tables, so skilled play is judged by its own
    war-won band instead ("Play as people feel it"); the factions' band and the Front falls hold for both.
    """
    rows = [] if skilled else [_war_band(fig)]
    lo, hi = BAND_FACTION_WIN
    for f in FACTIONS:
        v = fig["war"]["winners"][f]["pct"]
        rows.append({"band": f"{f} win {lo:.0f}%..{hi:.0f}% of won wars", "value": v,
                     "pass": fig["war"]["won"]["count"] > 0 and lo <= v <= hi})
    if not skilled:
        for year, y in fig["losses"]["by_year"].items():
            rows.append({"band": f"Year {year} loses <= {BAND_YEAR_LOSS_MAX:.0f}% of games", "value": y["pct"],
                         "pass": y["pct"] <= BAND_YEAR_LOSS_MAX})
    return rows + feel_band_checks(fig, opening_falls(), skilled)


def _war_band(fig: dict[str, Any]) -> dict[str, Any]:
    lo, hi = BAND_WAR_WON
    won = fig["war"]["won"]["pct"]
    return {"band": f"war won {lo:.0f}%..{hi:.0f}%", "value": won, "pass": lo <= won <= hi}


def figures(recs: list[GameRecord], skilled: bool = False) -> dict[str, Any]:
    """Every figure of the report, JSON-ready; crashed games are counted apart and left out.

    Any seat line-up's records may be given (``skilled``: see ``band_checks``)."""
    ok = [r for r in recs if r.error is None]
    fig: dict[str, Any] = {
        "games": len(ok),
        "crashes": [{"seed": r.seed, "traceback": r.error} for r in recs if r.error],
        "mean_moves": mean(r.moves for r in ok),
        "war": war_figures(ok),
        "losses": loss_figures(ok),
        "fronts": front_figures(ok),
        "glory_mean": {f: mean(r.glory.get(f, 0) for r in ok) for f in FACTIONS},
        "hero_mean": {f: mean(r.hero[f] for r in ok) for f in FACTIONS},
        "medallions": medallion_figures(ok),
        "cards": card_figures(ok),
        "feel": feel_figures(ok),
    }
    fig["bands"] = band_checks(fig, skilled)
    return fig


# --------------------------------------------------------------------------- output


def _ci(r: dict[str, Any]) -> str:
    return f"{r['pct']:5.1f}%  [{r['ci'][0]:.1f}, {r['ci'][1]:.1f}]  ({r['count']}/{r['of']})"


def format_report(fig: dict[str, Any], meta: dict[str, Any]) -> str:
    """The text report, section by section."""
    lines = [f"lf simulate: {fig['games']} games, seeds {meta['seed']}..{meta['seed'] + meta['games'] - 1}, "
             f"seats {meta['seats_text']}, level {meta.get('level', STANDARD)} of {meta.get('content', CONTENT_VERSION)}, "
             f"{meta['workers']} worker(s), {meta['elapsed_s']:.1f} s "
             f"({meta['games_per_s']:.0f} games/s), {fig['mean_moves']:.0f} moves per game"]
    for c in fig["crashes"]:
        lines.append(f"CRASH seed {c['seed']}:\n{c['traceback']}")
    lines += ["", f"War won             {_ci(fig['war']['won'])}", "Winner among won wars (95% Wilson CI):"]
    lines += [f"  {f:<12}      {_ci(r)}" for f, r in fig["war"]["winners"].items()]
    lines += _loss_lines(fig["losses"]) + _front_lines(fig["fronts"])
    lines += ["", "End of game means    " + "  ".join(f"{f:>11}" for f in FACTIONS),
              "  Glory              " + "  ".join(f"{fig['glory_mean'][f]:11.2f}" for f in FACTIONS),
              "  Hero points        " + "  ".join(f"{fig['hero_mean'][f]:11.2f}" for f in FACTIONS)]
    lines += _medallion_lines(fig["medallions"]) + _card_lines(fig["cards"]) + _fall_lines(fig["feel"])
    lines += ["", "Balance bands (CONTENT.md):"]
    lines += [f"  {'PASS' if b['pass'] else 'FAIL'}  {b['band']:<40} {b['value']:6.1f}%"
              + (f"  ({b['note']})" if b.get("note") else "") for b in fig["bands"]]
    return "\n".join(lines)


def _loss_lines(loss: dict[str, Any]) -> list[str]:
    kinds = list(loss["labels"])
    out = ["", f"War lost            {_ci(loss['lost'])}",
           "  Year  % of all games [95% CI]         " + "  ".join(f"{k:>12}" for k in kinds)]
    for year, y in loss["by_year"].items():
        out.append(f"  {year:>4}  {y['pct']:5.1f}% [{y['ci'][0]:4.1f}, {y['ci'][1]:4.1f}] ({y['count']:>5})  "
                   + "  ".join(f"{y['how'][k]:>12}" for k in kinds))
    out += [f"  {k:<12} = {label}: {loss['by_how'][k]['pct']:.1f}% of games" for k, label in loss["labels"].items()]
    return out


def _front_lines(fronts: dict[str, Any]) -> list[str]:
    out = ["", "Front values (means)  " + "  ".join(f"{f:>8}" for f in FRONTS) + "   games at war",
           "  at the end         " + "  ".join(f"{fronts['end_mean'][f]:8.2f}" for f in FRONTS)]
    for t in fronts["by_turn"]:
        out.append(f"  Y{t['year']} T{t['turn']} end          "
                   + "  ".join("       -" if t["mean"][f] is None else f"{t['mean'][f]:8.2f}" for f in FRONTS)
                   + f"   {t['games']:>6}")
    return out


def _fall_lines(feel: dict[str, Any]) -> list[str]:
    out = ["", f"A Front falls before any card is played  {_ci(feel['fall_before_play'])}",
           "A Front falls during (% of all games):"]
    out += [f"  Year {y}            {_ci(r)}" for y, r in feel["fall_by_year"].items()]
    return out


def _medallion_lines(meds: dict[str, Any]) -> list[str]:
    out = ["", "Medallions (% of games)   in play    taken   " + "  ".join(f"{f:>11}" for f in FACTIONS)]
    for m in meds.values():
        out.append(f"  {m['name']:<22} {m['in_play']['pct']:7.1f}  {m['taken']['pct']:7.1f}   "
                   + "  ".join(f"{m['by'][f]['pct']:11.1f}" for f in FACTIONS))
    return out


def _card_lines(cards: list[dict[str, Any]]) -> list[str]:
    out = ["", "Player cards   id     name                                   str  plays/game  played in  war won when played"]
    for c in cards:
        w = c["war_won_when_played"]
        won = f"{w['pct']:5.1f}% [{w['ci'][0]:.1f}, {w['ci'][1]:.1f}]" if w["of"] else "    -"
        out.append(f"  {c['faction']:<12} {c['id']:<6} {c['name'][:38]:<38} {c['strength']:>3}  "
                   f"{c['plays_per_game']:10.2f}  {c['played_in']['pct']:8.1f}%  {won}")
    return out


def plot(fig: dict[str, Any], out_dir: str | Path) -> list[Path]:
    """Save win_rates.png and fronts_by_turn.png."""
    return charts(fig, out_dir, {"win_rates.png": _plot_rates, "fronts_by_turn.png": _plot_fronts})


def _bars(ax: Any, labels: list[str], rates: list[dict[str, Any]], colour: str) -> None:
    """Bars of percentages with asymmetric Wilson error bars, each labelled with its value."""
    vals = [r["pct"] for r in rates]
    err = [[v - r["ci"][0] for v, r in zip(vals, rates)], [r["ci"][1] - v for v, r in zip(vals, rates)]]
    ax.bar(labels, vals, yerr=err, capsize=6, color=colour, edgecolor="black", linewidth=0.6)
    for i, r in enumerate(rates):
        ax.text(i, r["ci"][1] + 1.5, f"{r['pct']:.1f}%", ha="center", va="bottom", fontsize=9)


def _plot_rates(plt: Any, fig: dict[str, Any], path: Path) -> Path:
    f, (a, b, c) = plt.subplots(1, 3, figsize=(13, 4.5), gridspec_kw={"width_ratios": [1, 3, 3]})
    _bars(a, ["war won"], [fig["war"]["won"]], "#4c72b0")
    a.axhspan(*BAND_WAR_WON, color="green", alpha=0.12)
    a.set_title("War won")
    _bars(b, list(FACTIONS), list(fig["war"]["winners"].values()), "#dd8452")
    b.axhspan(*BAND_FACTION_WIN, color="green", alpha=0.12)
    b.set_title("Winner among won wars (green: CONTENT.md band)")
    years = fig["losses"]["by_year"]
    _bars(c, [f"Year {y}" for y in years], list(years.values()), "#c44e52")
    c.axhline(BAND_YEAR_LOSS_MAX, color="green", linestyle="--", label="band maximum")
    c.set_title("Games lost in each Year")
    c.legend(loc="upper left", fontsize=8)
    for ax in (a, b, c):
        ax.set_ylim(0, 100)
        ax.set_ylabel("% (95% Wilson CI)")
    f.suptitle(f"lf balance: {fig['games']} games")
    f.tight_layout()
    f.savefig(path, dpi=110)
    return path


def _plot_fronts(plt: Any, fig: dict[str, Any], path: Path) -> Path:
    f, ax = plt.subplots(figsize=(9, 5))
    turns = fig["fronts"]["by_turn"]
    xs = list(range(1, len(turns) + 1))
    for front in FRONTS:
        ys = [math.nan if t["mean"][front] is None else t["mean"][front] for t in turns]
        ax.plot(xs, ys, marker="o", label=front.capitalize())
    for y in range(1, YEARS):
        ax.axvline(y * TURNS_PER_YEAR + 0.5, color="grey", linewidth=0.8, linestyle=":")
    ax.axhline(1, color="black", linewidth=0.8, linestyle="--", label="+1: needed on 3 Fronts at the end")
    ax.set_xticks(xs, [f"Y{t['year']}T{t['turn']}" for t in turns])
    ax.set_ylim(-10, 10)
    ax.set_ylabel("mean Front value at turn end (games still at war)")
    ax.set_title(f"Fronts over the 12 turns ({fig['games']} games)")
    ax.legend(fontsize=8)
    f.tight_layout()
    f.savefig(path, dpi=110)
    return path


# --------------------------------------------------------------------------- command


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def main(args: argparse.Namespace) -> int:
    """The ``simulate`` subcommand; returns 1 when a game crashed (its seed and traceback are printed)."""
    try:
        seats = parse_seats(args.seats)
    except ValueError as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 2
    level = getattr(args, "level", STANDARD)
    if level not in level_ids():
        print(f"simulate: unknown level {level!r}; the levels are {', '.join(level_ids())}", file=sys.stderr)
        return 2
    workers = getattr(args, "workers", None) or default_workers()
    bar = Progress(args.games, enabled=not args.quiet)
    start = time.perf_counter()
    recs = simulate(args.games, args.seed, seats, workers, bar.update, level)
    elapsed = time.perf_counter() - start
    meta = {"games": args.games, "seed": args.seed, "seats": seats, "level": level, "content": CONTENT_VERSION,
            "seats_text": ",".join(f"{f}={w}" for f, w in seats.items()), "workers": workers,
            "elapsed_s": round(elapsed, 2), "games_per_s": round(args.games / max(elapsed, 1e-9), 1),
            "command": "python -m lf " + " ".join(sys.argv[1:]) if sys.argv[1:] else "python -m lf simulate"}
    fig = figures(recs)
    return report(fig, meta, format_report, plot, args.json_file, args.plot_dir)
