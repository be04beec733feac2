"""The arena's figures, text report, JSON and charts (``python -m lf arena``).

Rates carry 95% Wilson intervals (as the simulator's); means carry a normal 95% interval; a paired difference
between two line-ups (same seeds, one seat changed) is the mean of the per-seed differences with its normal
95% interval, which is far tighter than comparing two independent rates.
"""

from __future__ import annotations

import math
import statistics
from pathlib import Path
from typing import Any

from lf.engine.constants import FACTIONS, YEARS

from .arena import ArenaRecord, Lineup, lineup_text
from .feel import feel_figures
from .report_out import charts
from .simulate import Z95, rate


def mean_ci(values: list[float]) -> dict[str, Any]:
    n = len(values)
    if n == 0:
        return {"mean": 0.0, "ci": [0.0, 0.0], "n": 0}
    m = sum(values) / n
    half = Z95 * statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    return {"mean": round(m, 3), "ci": [round(m - half, 3), round(m + half, 3)], "n": n}


def _think(recs: list[ArenaRecord], f: str) -> dict[str, Any] | None:
    times = sorted(t for r in recs for t in r.think_seconds.get(f, []))
    if not times:
        return None
    playouts = sum(r.playouts.get(f, 0) for r in recs)
    return {"decisions": len(times), "mean_s": round(sum(times) / len(times), 4),
            "p95_s": round(times[min(len(times) - 1, int(0.95 * len(times)))], 4),
            "playouts_per_decision": round(playouts / len(times), 1)}


def lineup_figures(recs: list[ArenaRecord], lineup: Lineup) -> dict[str, Any]:
    n = len(recs)
    won = [r for r in recs if r.won]
    seats = {}
    for f in FACTIONS:
        seats[f] = {"seat": lineup[f], "win": rate(sum(r.winner == f for r in recs), n),
                    "win_of_won": rate(sum(r.winner == f for r in won), len(won)),
                    "glory": mean_ci([float(r.glory.get(f, 0)) for r in recs]),
                    "hero": mean_ci([float(r.hero.get(f, 0)) for r in recs]),
                    "bought": mean_ci([float(r.bought.get(f, 0)) for r in recs]),
                    "think": _think(recs, f)}
    by_year = {str(y): rate(sum(r.lost_year == y for r in recs), n) for y in range(1, YEARS + 1)}
    return {"lineup": lineup_text(lineup), "games": n, "war": rate(len(won), n), "lost_by_year": by_year,
            "feel": feel_figures(recs), "seats": seats}


def _one_seat_apart(a: Lineup, b: Lineup) -> str | None:
    diff = [f for f in FACTIONS if a[f] != b[f]]
    return diff[0] if len(diff) == 1 else None


def win_ratio(wins_a: int, wins_b: int) -> float | None:
    """Seat A's wins over seat B's on the same seeds (None when B never won)."""
    return round(wins_a / wins_b, 3) if wins_b else None


def paired(recs: list[ArenaRecord], lineups: list[Lineup]) -> list[dict[str, Any]]:
    """For each two line-ups one seat apart: that seat's win rate and the war's, as paired differences."""
    by = {(r.lineup, r.seed): r for r in recs}
    seeds = sorted({r.seed for r in recs})
    out = []
    for i in range(len(lineups)):
        for j in range(i + 1, len(lineups)):
            f = _one_seat_apart(lineups[i], lineups[j])
            if f is None:
                continue
            pairs = [(by[i, s], by[j, s]) for s in seeds if (i, s) in by and (j, s) in by]
            win = mean_ci([100.0 * ((a.winner == f) - (b.winner == f)) for a, b in pairs])
            war = mean_ci([100.0 * (a.won - b.won) for a, b in pairs])
            wa, wb = sum(a.winner == f for a, _ in pairs), sum(b.winner == f for _, b in pairs)
            out.append({"a": i, "b": j, "faction": f, "seat_a": lineups[i][f], "seat_b": lineups[j][f],
                        "games": len(pairs), "win_diff_pct": win, "war_diff_pct": war,
                        "win_ratio": win_ratio(wa, wb)})
    return out


def figures(recs: list[ArenaRecord], lineups: list[Lineup]) -> dict[str, Any]:
    ok = [r for r in recs if r.error is None]
    return {
        "crashes": [{"lineup": lineup_text(lineups[r.lineup]), "seed": r.seed, "traceback": r.error}
                    for r in recs if r.error],
        "lineups": [lineup_figures([r for r in ok if r.lineup == i], lu) for i, lu in enumerate(lineups)],
        "paired": paired(ok, lineups),
    }


def _ci(r: dict[str, Any]) -> str:
    return f"{r['pct']:5.1f}% [{r['ci'][0]:5.1f}, {r['ci'][1]:5.1f}]"


def _m(r: dict[str, Any]) -> str:
    return f"{r['mean']:5.2f} [{r['ci'][0]:.2f}, {r['ci'][1]:.2f}]"


def _feel_line(lu: dict[str, Any]) -> str:
    feel = lu.get("feel")
    if not feel:  # a pooled run older than the count of Front falls
        return "    a Front fell in Year 1: not counted in these runs"
    of = feel["year1_fall"]["of"]
    return (f"    a Front fell in Year 1 {_ci(feel['year1_fall'])}   before any card was played "
            f"{_ci(feel['fall_before_play'])}" + (f"   (of the {of} games that counted them)" if of != lu["games"] else ""))


def format_report(fig: dict[str, Any], meta: dict[str, Any]) -> str:
    seeds = f"seeds {meta['seed']}..{meta['seed'] + meta['games'] - 1}" if meta.get("seeds_contiguous", True) else \
        f"seeds from {meta['seed']} (line-ups over different seeds: each gives its games)"
    lines = [f"lf arena: {meta['games']} games per line-up, {seeds}, {meta['workers']} worker(s), {meta['elapsed_s']:.0f} s",
             f"level {meta.get('level', 'standard')}, content {meta.get('content', 'lf-original-3')}"]
    if meta.get("pooled"):
        lines.append(f"pooled from {len(meta['pooled'])} runs ({', '.join(meta['pooled'])}); "
                     "p95 seconds per decision: the largest of the runs'")
    for c in fig["crashes"]:
        lines.append(f"CRASH {c['lineup']} seed {c['seed']}:\n{c['traceback']}")
    for i, lu in enumerate(fig["lineups"]):
        lines += ["", f"[{i}] {lu['lineup']}  ({lu['games']} games)",
                  f"    war won {_ci(lu['war'])}   lost in Year 1/2/3: "
                  + " / ".join(f"{y['pct']:.1f}%" for y in lu["lost_by_year"].values()),
                  _feel_line(lu),
                  "    seat           player          own win [95% CI]          Glory [95% CI]       Hero points"
                  "        cards bought"]
        for f, s in lu["seats"].items():
            lines.append(f"    {f:<14} {s['seat']:<15} {_ci(s['win'])}   {_m(s['glory'])}   {_m(s['hero'])}"
                         f"   {_m(s['bought'])}")
            if s["think"]:
                t = s["think"]
                lines.append(f"    {'':<14} {'':<15} {t['decisions']} searched decisions, {t['mean_s']:.3f} s mean, "
                             f"{t['p95_s']:.3f} s p95, {t['playouts_per_decision']:.0f} playouts each")
    if fig["paired"]:
        lines += ["", "Paired differences (same seeds, one seat changed): seat A minus seat B, percentage points"]
        for p in fig["paired"]:
            w, war = p["win_diff_pct"], p["war_diff_pct"]
            ratio = f"x{p['win_ratio']:.2f}" if p["win_ratio"] is not None else "x-"
            lines.append(f"  [{p['a']}] vs [{p['b']}] {p['faction']:<11} {p['seat_a']:>13} vs {p['seat_b']:<13} "
                         f"own win {w['mean']:+6.1f} [{w['ci'][0]:+.1f}, {w['ci'][1]:+.1f}] ({ratio})   "
                         f"war {war['mean']:+6.1f} [{war['ci'][0]:+.1f}, {war['ci'][1]:+.1f}]")
    return "\n".join(lines)


def plot(fig: dict[str, Any], out_dir: str | Path) -> list[Path]:
    """arena_war.png (war won per line-up) and arena_seats.png (each seat's own win rate), small PNGs."""
    return charts(fig, out_dir, {"arena_war.png": _plot_war, "arena_seats.png": _plot_seats})


def _short(text: str) -> str:
    return "\n".join(part.split("=")[1].replace("nonplayer", "NP").replace("person:", "")
                     for part in text.split(","))


def _bar(ax: Any, x: float, r: dict[str, Any], colour: str, width: float = 0.8) -> None:
    v = r["pct"]
    ax.bar([x], [v], width=width, yerr=[[v - r["ci"][0]], [r["ci"][1] - v]], capsize=4, color=colour,
           edgecolor="black", linewidth=0.5)


def _plot_war(plt: Any, fig: dict[str, Any], path: Path) -> Path:
    lus = fig["lineups"]
    f, ax = plt.subplots(figsize=(max(6, 1.1 * len(lus)), 4))
    for i, lu in enumerate(lus):
        _bar(ax, i, lu["war"], "#4c72b0")
        ax.text(i, lu["war"]["ci"][1] + 1, f"{lu['war']['pct']:.0f}%", ha="center", va="bottom", fontsize=8)
    ax.set_xticks(range(len(lus)), [_short(lu["lineup"]) for lu in lus], fontsize=7)
    ax.set_ylim(0, 105)
    ax.set_ylabel("war won, % (95% CI)")
    ax.set_title("War won per line-up (seats: Anarchists / Communists / Moderates)", fontsize=10)
    f.tight_layout()
    f.savefig(path, dpi=80)
    return path


def _plot_seats(plt: Any, fig: dict[str, Any], path: Path) -> Path:
    from matplotlib.patches import Patch  # an empty bar's colour does not reach the legend; a Patch's does

    lus = fig["lineups"]
    colours = {"anarchists": "#c44e52", "communists": "#dd8452", "moderates": "#55a868"}
    f, ax = plt.subplots(figsize=(max(6, 1.1 * len(lus)), 4))
    for i, lu in enumerate(lus):
        for k, fac in enumerate(FACTIONS):
            _bar(ax, i + (k - 1) * 0.27, lu["seats"][fac]["win"], colours[fac], width=0.25)
    ax.set_xticks(range(len(lus)), [_short(lu["lineup"]) for lu in lus], fontsize=7)
    ax.set_ylim(0, 100)
    ax.set_ylabel("own win rate, % (95% CI)")
    ax.set_title("Each seat's own win (war won and the most Glory)", fontsize=10)
    ax.legend(handles=[Patch(color=colours[fac], label=fac.capitalize()) for fac in FACTIONS], fontsize=7)
    f.tight_layout()
    f.savefig(path, dpi=80)
    return path
