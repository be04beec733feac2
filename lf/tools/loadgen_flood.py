"""The ``flood`` run of ``python -m lf loadgen``: cookieless page requests while a person plays.

Issue 18 found that a script sending ``GET /`` without cookies from 4 connections (about 7 requests a second)
made a playing person's click-to-update p95 go from 14 ms to 3.8 s, and that NiceGUI answered some requests with
HTTP 500 (its response timeout); 16 connections made 41% of the requests fail. This run repeats that attack on
one lf process with its default settings (SQLite, loopback) and measures what the person sees:

* one public game with three seated players (``lf.tools.loadgen_client`` pages, as in the ramp), a move every
  ``think`` seconds, click-to-update measured as in the ramp (from the click leaving to the other two players
  receiving the new version);
* phases of ``moves`` moves each: no flood, then each of ``PHASES`` (connections, requests per second in all):
  every connection sends ``GET /`` with no cookie, paced to its share of the rate, one request at a time
  (a slow answer slows that connection down, as a script waiting for answers would be);
* per phase: the players' click-to-update (median, p95, max), the flood's answers by HTTP status (the share of
  429, 503 and 500, and of requests that got no answer), how long the answers took, and the server's CPU.

Goal (docs/server.md): the person's p95 under 250 ms during the flood.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp

from lf.server.settings import Settings
from lf.store.db import sqlite_url

#: (connections, requests per second from all of them): the issue's attack, and four times that.
PHASES = ((4, 7.0), (16, 28.0))
REQUEST_TIMEOUT_S = 30.0


@dataclass
class Answers:
    """What the flood's requests got back."""

    statuses: Counter = field(default_factory=Counter)
    ms: list[float] = field(default_factory=list)
    started: float = 0.0
    ended: float = 0.0

    @property
    def sent(self) -> int:
        return sum(self.statuses.values())

    def share(self, *keys: object) -> float:
        return sum(self.statuses[k] for k in keys) / max(self.sent, 1) * 100

    def words(self) -> str:
        if not self.sent:
            return "no request"
        from .loadgen import pct

        rate = self.sent / max(self.ended - self.started, 1e-9)
        kinds = ", ".join(f"{k}: {v}" for k, v in sorted(self.statuses.items(), key=lambda kv: str(kv[0])))
        return (f"{self.sent} requests ({rate:.1f}/s): 429 {self.share(429):.0f}%, 503 {self.share(503):.0f}%, "
                f"500 {self.share(500):.0f}%, no answer {self.share('no answer'):.0f}% ({kinds}); answered in "
                f"median {statistics.median(self.ms):.0f} ms, p95 {pct(self.ms, 0.95):.0f} ms")


async def _connection(url: str, per_second: float, stop: asyncio.Event, answers: Answers) -> None:
    """One keep-alive connection without a cookie jar, sending ``GET /`` ``per_second`` times a second at most."""
    loop = asyncio.get_running_loop()
    connector = aiohttp.TCPConnector(limit=1)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.DummyCookieJar(), connector=connector,
                                     timeout=aiohttp.ClientTimeout(total=REQUEST_TIMEOUT_S)) as http:
        next_at = loop.time()
        while not stop.is_set():
            t0 = time.perf_counter()
            try:
                async with http.get(url + "/") as r:
                    await r.read()
                    answers.statuses[r.status] += 1
            except (aiohttp.ClientError, asyncio.TimeoutError):
                answers.statuses["no answer"] += 1
            answers.ms.append((time.perf_counter() - t0) * 1000)
            next_at += 1 / per_second
            delay = next_at - loop.time()
            if delay <= 0:
                next_at = loop.time()  # behind: the script does not catch up in a burst
                continue
            try:
                await asyncio.wait_for(stop.wait(), delay)
            except asyncio.TimeoutError:
                pass


async def _phase(url: str, table, connections: int, rate: float, moves: int, think: tuple[float, float],
                 pids: list[int]):
    from .loadgen import Samples, cpu_seconds, play

    samples, answers, stop = Samples(), Answers(), asyncio.Event()
    floods = [asyncio.create_task(_connection(url, rate / connections, stop, answers)) for _ in range(connections)]
    try:
        await asyncio.sleep(3.0 if connections else 0.0)  # the flood is on before the first move
        start = asyncio.Event()
        start.set()
        answers.started, c0, t0 = time.perf_counter(), cpu_seconds(pids), time.perf_counter()
        await play(table, moves, think, samples, start)
        cpu = (cpu_seconds(pids) - c0) / (time.perf_counter() - t0) * 100
    finally:
        stop.set()
        await asyncio.gather(*floods)
        answers.ended = time.perf_counter()
    return samples, answers, cpu


async def _phases(url: str, game: tuple[str, int], moves: int, think: tuple[float, float], pids: list[int],
                  out: Callable[[str], None]) -> None:
    from .loadgen import GOAL_MS, pct, seat_table, spread

    table = await seat_table(url, *game)
    try:
        for connections, rate in ((0, 0.0), *PHASES):
            samples, answers, cpu = await _phase(url, table, connections, rate, moves, think, pids)
            p95 = pct(samples.players_ms, 0.95) if samples.players_ms else float("inf")
            what = "no flood" if not connections else f"{connections} connections, {rate:.0f} GET / per second"
            verdict = "OK" if p95 < GOAL_MS and not samples.errors else "MISSED"
            out(f"    {what}: click -> update on the other players {spread(samples.players_ms)} "
                f"[goal p95 < {GOAL_MS:.0f} ms: {verdict}]; server CPU {cpu:.0f}%"
                + (f"; flood: {answers.words()}" if connections else "")
                + (f"; {len(samples.errors)} errors: {samples.errors[0]}" if samples.errors else ""))
            await asyncio.sleep(5.0)  # the flood's pages time out before the next phase
    finally:
        await table.close()


def flood(workdir: Path, moves: int, think: tuple[float, float], seed: int, out: Callable[[str], None]) -> None:
    """The phases one after the other on one server (its default settings, SQLite), one game played throughout."""
    from .loadgen import Server, create_games

    defaults = Settings()
    server = Server(workdir / "flood", LF_PAGES_PER_MINUTE=str(defaults.pages_per_minute),
                    LF_PAGE_BURST=str(defaults.page_burst),
                    LF_SPECTATORS_PER_ADDRESS=str(defaults.spectators_per_address))
    try:
        games = create_games(sqlite_url(server.db), 1, moves * (len(PHASES) + 1) + 10, seed, name="Flooded")
        out(f"  one lf process (SQLite, default settings), one public game with 3 seated players, {moves} moves per "
            f"phase, {think[0]}-{think[1]} s apart; cookieless GET / from the flood's connections:")
        asyncio.run(_phases(server.url, games[0], moves, think, server.pids, out))
    finally:
        server.stop()
