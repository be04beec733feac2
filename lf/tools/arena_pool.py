"""``python -m lf arena --pool A.json B.json ...``: the figures of one set of line-ups over several runs' seeds.

An arena run takes minutes to hours, so a long measurement is made of runs on consecutive seeds (1-100, then
101-200, ...), each saved with ``--json``. A game repeats exactly for its seed, so pooling the runs gives what one
run over all their seeds would have printed: the counts add up (Wilson intervals recomputed from them), a mean and
its interval come from each run's mean, interval and count (the union's sample variance is rebuilt from the
runs' variances and means, so it is exact up to the JSON's rounding), and paired differences likewise. What cannot
be pooled exactly is said: a computer's p95 seconds per decision is the largest of the runs'.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from .arena_report import win_ratio
from .simulate import Z95, rate


class PoolError(ValueError):
    """The runs cannot be pooled (different line-ups, overlapping seeds, not an arena file)."""


def _pool_mean(parts: list[dict[str, Any]]) -> dict[str, Any]:
    n = sum(p["n"] for p in parts)
    if n == 0:
        return {"mean": 0.0, "ci": [0.0, 0.0], "n": 0}
    m = sum(p["mean"] * p["n"] for p in parts) / n
    within = sum((p["n"] - 1) * (((p["ci"][1] - p["ci"][0]) / 2) * math.sqrt(p["n"]) / Z95) ** 2 for p in parts if p["n"] > 1)
    between = sum(p["n"] * (p["mean"] - m) ** 2 for p in parts)
    half = Z95 * math.sqrt((within + between) / (n - 1)) / math.sqrt(n) if n > 1 else 0.0
    return {"mean": round(m, 3), "ci": [round(m - half, 3), round(m + half, 3)], "n": n}


def _pool_think(parts: list[dict[str, Any]]) -> dict[str, Any]:
    decisions = sum(p["decisions"] for p in parts)
    return {"decisions": decisions,
            "mean_s": round(sum(p["mean_s"] * p["decisions"] for p in parts) / decisions, 4),
            "p95_s": max(p["p95_s"] for p in parts),
            "playouts_per_decision": round(sum(p["playouts_per_decision"] * p["decisions"] for p in parts) / decisions, 1)}


def _pool(values: list[Any], key: str = "") -> Any:
    """One figure of several runs: rates, means, thinking times and nested figures by their shape."""
    present = [v for v in values if v is not None]
    if not present:
        return None
    first = present[0]
    if isinstance(first, dict):
        if {"count", "of"} <= first.keys():
            return rate(sum(v["count"] for v in present), sum(v["of"] for v in present))
        if {"mean", "ci", "n"} <= first.keys():
            return _pool_mean(present)
        if key == "think":
            return _pool_think(present)
        keys = list(dict.fromkeys(k for v in present for k in v))
        return {k: _pool([v.get(k) for v in present], k) for k in keys}
    if key == "games":
        return sum(present)
    return first


def _paired(runs: list[dict[str, Any]], names: list[str], lineups: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each pair of line-ups one seat apart, over the runs that played both."""
    rows: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in runs:
        texts = r["run"]["lineups"]
        for p in r["paired"]:
            rows.setdefault((texts[p["a"]], texts[p["b"]]), []).append(p)
    out = []
    for (ta, tb), parts in rows.items():
        p = _pool(parts)
        a, b, f = names.index(ta), names.index(tb), p["faction"]
        same = lineups[a]["games"] == lineups[b]["games"] == p["games"]
        wa, wb = lineups[a]["seats"][f]["win"]["count"], lineups[b]["seats"][f]["win"]["count"]
        out.append({**p, "a": a, "b": b, "win_ratio": win_ratio(wa, wb) if same else None})
    return out


def _check_seeds(spans: list[tuple[int, int, str]], lineup: str) -> None:
    spans = sorted(spans)
    for (s0, g0, n0), (s1, g1, n1) in zip(spans, spans[1:]):
        if s0 + g0 > s1:
            raise PoolError(f"{n0} and {n1} both played seeds {s1}..{min(s0 + g0, s1 + g1) - 1} of {lineup}: "
                            "a game would count twice")


def load_run(path: str | Path) -> dict[str, Any]:
    try:
        run = json.loads(Path(path).read_text())
    except (OSError, ValueError) as exc:
        raise PoolError(f"{path} cannot be read as JSON ({exc.__class__.__name__}: {exc})") from None
    if not (isinstance(run, dict) and {"run", "lineups", "paired", "crashes"} <= run.keys()
            and isinstance(run["run"], dict) and {"lineups", "seed", "games", "workers", "elapsed_s"} <= run["run"].keys()):
        raise PoolError(f"{path} is not the --json file of an arena run")
    return run


def pool_runs(paths: list[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The pooled figures and the report's run description of the arena files at ``paths``: each line-up over
    the runs that played it (its seeds must not overlap), in the order they first appear."""
    runs = [load_run(p) for p in paths]
    dealt = {(r["run"].get("level", "standard"), r["run"].get("content", "lf-original-3")) for r in runs}
    if len(dealt) > 1:
        raise PoolError("the runs were played at different levels or contents and cannot be pooled: "
                        + "; ".join(f"{lv} of {c}" for lv, c in sorted(dealt)))
    names = list(dict.fromkeys(t for r in runs for t in r["run"]["lineups"]))
    lineups = []
    for name in names:
        having = [(r, p) for r, p in zip(runs, paths) if name in r["run"]["lineups"]]
        _check_seeds([(r["run"]["seed"], r["run"]["games"], p) for r, p in having], name)
        lineups.append(_pool([r["lineups"][r["run"]["lineups"].index(name)] for r, _ in having]))
    spans = sorted({(r["run"]["seed"], r["run"]["games"]) for r in runs})
    first, games = spans[0][0], max(lu["games"] for lu in lineups)
    contiguous = all(s0 + g0 == s1 for (s0, g0), (s1, _) in zip(spans, spans[1:])) and \
        all(lu["games"] == games for lu in lineups)
    fig = {"crashes": [c for r in runs for c in r["crashes"]], "lineups": lineups,
           "paired": _paired(runs, names, lineups)}
    (level, content), = dealt
    meta = {"games": games, "seed": first, "workers": max(r["run"]["workers"] for r in runs), "level": level,
            "content": content,
            "elapsed_s": sum(r["run"]["elapsed_s"] for r in runs), "lineups": names, "pooled": list(paths),
            "seeds_contiguous": contiguous, "command": "python -m lf arena --pool " + " ".join(paths)}
    return fig, meta
