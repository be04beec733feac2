"""Session-layer figures for ``python -m lf bench``: steps per second with persistence, and load time.

Each accepted step is timed from ``GameSession.act`` call to return: token and
version checks, the engine, the database transaction (committed, fsync'd on
SQLite's default synchronous=FULL) and the fresh view for the seat. Games are
played by three human seats choosing random legal actions from their views.
The load figure is the time to bring a finished 12-turn game (all Non-player
seats, seed 0, played through the session) back into memory from the
database, as after a restart. PostgreSQL is measured when ``DATABASE_URL``
points at one, or when Debian's server binaries are here to start a private one.
"""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time
from contextlib import contextmanager
from collections.abc import Iterator
from typing import Any

from lf.session import Registry
from lf.store.db import database_url, normalize_url, sqlite_url

from .bench import percentile

ALL_NONPLAYER = {"anarchists": "nonplayer", "communists": "nonplayer", "moderates": "nonplayer"}
LOAD_SEED = 0
LOAD_REPEATS = 20


def play_humans(registry: Registry, seed: int) -> list[float]:
    """Play one game with three human seats through the session; seconds per accepted ``act``."""
    game = registry.create_game(seed=seed, name=f"bench {seed}")
    tokens = {f: game.claim(f) for f in game.seat_kinds}
    rng = random.Random(seed)
    samples: list[float] = []
    view = game.view()
    while game.status == "active":
        faction = view["waiting"][0]["faction"]
        mine = game.view(tokens[faction])
        choice = rng.choice(mine["decisions"][0]["choices"])
        t0 = time.perf_counter()
        res = game.act(tokens[faction], mine["version"], choice["action"])
        samples.append(time.perf_counter() - t0)
        if not res.ok:
            raise RuntimeError(f"bench: a legal action was refused: {res}")
        view = res.view
    registry.delete_game(game.id)
    return samples


def load_times(registry: Registry) -> tuple[list[float], int, str]:
    """Seconds to load a finished 12-turn game from the database (after evicting it), its rows, its end."""
    game = registry.create_game(ALL_NONPLAYER, seed=LOAD_SEED, name="bench load")
    result = game.result or {}
    times = []
    for _ in range(LOAD_REPEATS):
        registry.evict(game.id)
        t0 = time.perf_counter()
        loaded = registry.get(game.id)
        times.append(time.perf_counter() - t0)
        assert loaded.status == "finished"
    rows = game.version
    registry.delete_game(game.id)
    return times, rows, f"Year {result.get('year')} turn {result.get('turn')}"


def measure(url: str, games: int) -> dict[str, Any]:
    registry = Registry.open(url)
    try:
        samples: list[float] = []
        start = time.perf_counter()
        for i in range(games):
            samples += play_humans(registry, 5000 + i)
        wall = time.perf_counter() - start
        loads, rows, end = load_times(registry)
    finally:
        registry.close()
    return {
        "actions": len(samples),
        "actions_per_second": len(samples) / sum(samples),
        "wall_actions_per_second": len(samples) / wall,
        "median_ms": statistics.median(samples) * 1000,
        "p99_ms": percentile(samples, 0.99) * 1000,
        "max_ms": max(samples) * 1000,
        "load_median_ms": statistics.median(loads) * 1000,
        "load_first_ms": loads[0] * 1000,
        "load_max_ms": max(loads) * 1000,
        "load_rows": rows,
        "load_end": end,
    }


@contextmanager
def _env(name: str, value: str) -> Iterator[None]:
    old = os.environ.get(name)
    os.environ[name] = value
    try:
        yield
    finally:
        if old is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = old


def run_session_bench(games: int = 30) -> dict[str, dict[str, Any]]:
    """Figures per backend: SQLite (FULL and NORMAL sync), PostgreSQL if one is reachable or startable."""
    out: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="lf-bench-") as tmp:
        for sync in ("FULL", "NORMAL"):
            with _env("LF_DB_SYNC", sync):
                out[f"SQLite, synchronous={sync}"] = measure(sqlite_url(f"{tmp}/bench-{sync}.db"), games)
    if os.environ.get("DATABASE_URL"):
        out["PostgreSQL (DATABASE_URL)"] = measure(normalize_url(database_url()), games)
        return out
    from lf.store.pg_cluster import TempCluster, find_bindir

    if find_bindir() is None:
        out["PostgreSQL"] = {"skipped": "no DATABASE_URL and no PostgreSQL server binaries to start one"}
        return out
    with TempCluster() as pg:
        out["PostgreSQL (private cluster, 127.0.0.1, fsync on)"] = measure(pg.create_database("lf_bench"), games)
    return out


def print_session_report(results: dict[str, dict[str, Any]]) -> None:
    print("lf session benchmark (accepted steps through GameSession.act with persistence; 3 human seats)")
    for name, r in results.items():
        if "skipped" in r:
            print(f"  {name}: skipped ({r['skipped']})")
            continue
        print(f"  {name}")
        print(f"    accepted actions per second {r['actions_per_second']:8.1f}  "
              f"(wall clock incl. page views {r['wall_actions_per_second']:.1f}) over {r['actions']} actions")
        print(f"    per action: median {r['median_ms']:6.2f} ms, 99th percentile {r['p99_ms']:6.2f} ms, "
              f"max {r['max_ms']:6.2f} ms")
        print(f"    load a finished 12-turn game ({r['load_rows']} log rows, ended {r['load_end']}): "
              f"median {r['load_median_ms']:.2f} ms over {LOAD_REPEATS} loads, first {r['load_first_ms']:.2f} ms, "
              f"max {r['load_max_ms']:.2f} ms")
