"""``python -m lf loadgen``: many players and spectators without browsers (socket.io clients), figures printed.

What it measures (each a part of ``--run``; all by default):

* ``ramp``: the largest number N of concurrent three-player games one lf process holds with click-to-update
  p95 < 250 ms. N = 5, 10, 20, 40, ... until the 95th percentile crosses 250 ms (or ``--max-games``); each step
  starts a fresh server, seats 3N clients by the join links and plays ``--moves`` moves per game, a "think time"
  apart (``--think``). Click-to-update: from the acting client's click leaving to the other two clients of the
  game receiving the update that carries the new version (``data-version``), the moment a browser would
  start drawing it.
* ``ramp2``: the same with two lf processes on one PostgreSQL behind HAProxy (``lf.tools.cluster``).
* ``spectators``: one game, its three players and ``--spectators`` spectator pages (200): how long a move takes
  to reach every spectator (median, p95, max), and the players.
* ``memory``: the server's resident memory (RSS, from /proc) with no game loaded, after loading ``--idle-games``
  games with no page open (per idle game), then with a page per seat open on each (per live game).
* ``failover``: two processes behind the proxy, a game on each; the process serving one game is killed with
  SIGKILL; the time until that game's page, opened again through the proxy, shows it and takes a move.

The clients are ``lf.tools.loadgen_client.Page``: the server cannot tell them from browsers. They run in this
process at idle priority (``SCHED_IDLE``), so they take a core only when the server does not need it, as the
players' own devices would; their timestamps are taken when a message is received, before any drawing.
Moves are chosen by ``lf.tools.page_policy`` among the buttons the page offers, seeded. Every wait has a
timeout; only loopback addresses are used; the servers and clusters are stopped at the end.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from lf.components.prompt import CONFIRM_KINDS
from lf.engine.constants import FACTIONS

from .loadgen_client import Browser, Page, PageError, take_seat
from .local_server import free_port, server_env, wait_until_up
from .page_policy import choose, first_mover, kind_of, long_game_seed

ROOT = Path(__file__).resolve().parents[2]
GOAL_MS = 250.0
SPECTATOR_GOAL_MS = 500.0
RUNS = ("ramp", "ramp2", "spectators", "memory", "failover")
WAIT_S = 60.0


# -- figures ---------------------------------------------------------------------------------------

def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def spread(values: list[float]) -> str:
    if not values:
        return "no samples"
    return (f"median {statistics.median(values):.0f} ms, p95 {pct(values, 0.95):.0f} ms, max {max(values):.0f} ms "
            f"({len(values)} samples)")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


# -- one server ------------------------------------------------------------------------------------

class Server:
    """``main.py`` in a subprocess on a free loopback port, over a SQLite file or ``database_url``."""

    def __init__(self, workdir: Path, database_url: str | None = None, name: str = "lf") -> None:
        workdir.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db = workdir / "lf.db"
        env = server_env(self.port, self.db, workdir / "storage", "loadgen-only")
        if database_url:
            env["DATABASE_URL"] = database_url
        self.database_url = database_url
        self.log_path = workdir / f"{name}.log"
        self._log = self.log_path.open("w")
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "main.py")], cwd=ROOT, env=env, stdout=self._log,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        try:
            wait_until_up(self.proc, self.url, 60, self.log_path)
        except (TimeoutError, RuntimeError):
            self.stop()
            raise

    @property
    def pids(self) -> list[int]:
        return [self.proc.pid]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()


def create_games(database_url: str, n: int, moves: int, seed: int, name: str = "Load") -> list[tuple[str, int]]:
    """``n`` games with three human seats, seeded so that the page policy plays at least ``moves`` moves."""
    from lf.session import Registry

    registry = Registry.open(database_url)
    out = []
    try:
        for i in range(n):
            policy_seed = seed + i
            game_seed, _ = long_game_seed(policy_seed, {f: "human" for f in FACTIONS}, start=seed * 1000 + i * 100,
                                          min_steps=moves + 5)
            out.append((registry.create_game({}, name=f"{name} {i + 1}", seed=game_seed).id, policy_seed))
    finally:
        registry.close()
    return out


# -- playing ---------------------------------------------------------------------------------------

@dataclass
class Table:
    """One game's three seated clients (and any spectators)."""

    game_id: str
    policy_seed: int
    players: dict[str, Page] = field(default_factory=dict)
    watchers: list[Page] = field(default_factory=list)

    @property
    def pages(self) -> list[Page]:
        return list(self.players.values()) + self.watchers

    async def close(self) -> None:
        await asyncio.gather(*(p.close() for p in self.pages), return_exceptions=True)
        for p in self.players.values():
            await p.browser.close()


@dataclass
class Samples:
    players_ms: list[float] = field(default_factory=list)
    watchers_ms: list[float] = field(default_factory=list)
    moves: int = 0
    errors: list[str] = field(default_factory=list)


async def seat_table(url: str, game_id: str, policy_seed: int) -> Table:
    table = Table(game_id, policy_seed)
    for faction in FACTIONS:
        browser = await Browser(url).open()
        table.players[faction] = await take_seat(browser, game_id, faction)
    return table


async def move(table: Table, samples: Samples) -> bool:
    """One move by the first seat the game waits for; the latency to every other page. False: nothing to do."""
    pages = list(table.players.values())
    version = max(p.version or 0 for p in pages)
    await asyncio.gather(*(p.until(lambda q: (q.version or 0) >= version, WAIT_S, f"version {version}")
                           for p in table.pages))
    offering = {f: p for f, p in table.players.items() if p.options()}
    if not offering:
        return False
    faction = first_mover(list(offering))
    page = offering[faction]
    key = choose(page.board(), table.policy_seed, version, faction)
    clicked = await page.click(f"act-{key}")
    if kind_of(key) in CONFIRM_KINDS:
        await page.until(lambda p: p.by_testid("confirm-yes") is not None, WAIT_S, "the confirmation")
        clicked = await page.click("confirm-yes")
    await page.until(lambda p: p.seen(version + 1) is not None, WAIT_S, f"its own move ({key})")
    others = [p for p in pages if p is not page]
    await asyncio.gather(*(p.until(lambda q: q.seen(version + 1) is not None, WAIT_S, f"version {version + 1}")
                           for p in others + table.watchers))
    samples.players_ms += [(p.seen(version + 1) - clicked) * 1000 for p in others]
    samples.watchers_ms += [(p.seen(version + 1) - clicked) * 1000 for p in table.watchers]
    samples.moves += 1
    return True


async def play(table: Table, moves: int, think: tuple[float, float], samples: Samples, start: asyncio.Event) -> None:
    rng = random.Random(table.policy_seed)
    try:
        await start.wait()
        await asyncio.sleep(rng.uniform(*think))
        for _ in range(moves):
            if not await move(table, samples):
                return
            await asyncio.sleep(rng.uniform(*think))
    except (PageError, asyncio.TimeoutError) as exc:
        samples.errors.append(f"game {table.game_id}: {exc}")


async def bounded(calls: list[Callable[[], Awaitable]], at_once: int) -> list:
    """Run the calls, at most ``at_once`` at a time (pages open as a crowd arrives, not all in one instant)."""
    gate = asyncio.Semaphore(at_once)

    async def one(call: Callable[[], Awaitable]):
        async with gate:
            return await call()

    return await asyncio.gather(*(one(c) for c in calls))


# -- the runs --------------------------------------------------------------------------------------

async def watch_one_game(url: str, game: tuple[str, int], spectators: int, moves: int,
                         think: tuple[float, float]) -> Samples:
    """One game, its three players and ``spectators`` spectator pages (one browser, many tabs)."""
    samples = Samples()
    table = await seat_table(url, *game)
    crowd = await Browser(url).open()
    try:
        table.watchers = await bounded([lambda: Page(crowd, f"/game/{game[0]}").open()
                                        for _ in range(spectators)], 8)
        start = asyncio.Event()
        start.set()
        await play(table, moves, think, samples, start)
    finally:
        await table.close()
        await crowd.close()
    return samples
