"""The ``lobby`` run of ``python -m lf loadgen``: one address keeps opening lobby pages while a game is played.

Issue 27 found that one address opening lobby pages at the pace its page budget allows (about one a second) and
keeping them held 86-105 connected lobby pages after 90 s, and that a separate game's click-to-update p95 was then
8.4-9.8 s (max 12.2 s), one move not confirmed within 60 s: each lobby page re-read the game lists and re-drew them
at every change. This run repeats it on one lf process with its default limits (SQLite, loopback):

* one public game (listed in every lobby: each of its moves changes the lists), its three seats played by
  ``lf.tools.loadgen_client`` pages from 127.0.0.1, a move every ``think`` seconds for the whole run;
  click-to-update as in the ramp (the click leaving the acting client to the other two receiving the new version);
* ``listed`` other public games (``--lobby-listed``, 20 by default: half of them running and idle, half ended by
  their host), so that the lobby's lists are as full as a public server's (ten lines each), as a page that re-draws
  them whole pays for;
* another address (``OPENER``, forwarded by the trusted proxy 127.0.0.1: the server runs with
  ``LF_TRUSTED_PROXIES=127.0.0.1``, so the opener's page budget and lobby places are its own, not the players')
  asks for a lobby page, one request after another, for ``seconds``; each page it gets is a socket.io client kept
  connected (acknowledging as a browser does). A ``429`` is counted by its reason (the page budget, or the lobby
  pages per address) and followed by a second's wait (the default budget's pace: its ``Retry-After``);
* figures: the players' click-to-update over the whole run and over its last ``HELD_S`` seconds (the opener holding
  the most pages), the lobby pages held (connected) at the end and the answers refused, the updates the held lobby
  pages received (they follow the game's line), and the server's CPU.

Goal (docs/server.md): the players' p95 under 250 ms with the opener holding as many lobby pages as it may.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
import socketio

from lf.server.settings import Settings
from lf.store.db import sqlite_url

from .loadgen_client import Browser, Page, PageError

#: The opener's address, as the trusted proxy (127.0.0.1) forwards it (TEST-NET-2: never a real visitor).
OPENER = "198.51.100.7"
#: The last seconds of the run, reported apart: the opener holds the most pages then.
HELD_S = 30.0


@dataclass
class Opened:
    """What the opener's requests got."""

    pages: list[Page] = field(default_factory=list)
    answers: Counter = field(default_factory=Counter)
    #: The opener's cookie jar (its pages are tabs of one browser); closed after the pages.
    browser: Browser | None = None

    @property
    def held(self) -> int:
        return sum(1 for p in self.pages if p.sio is not None and p.sio.connected)


async def _open_lobbies(url: str, until: float, opened: Opened) -> None:
    """Ask for lobby pages one after another until ``until`` (perf_counter), keeping each page that opens."""
    browser = opened.browser = await Browser(url, headers={"X-Forwarded-For": OPENER}).open()
    while time.perf_counter() < until:
        page = Page(browser, "/")
        wait = 0.0
        try:
            await page.open(tries=1)
            opened.pages.append(page)
            opened.answers["lobby page"] += 1
        except PageError as exc:
            await page.close()
            if exc.status == 429:
                why = "lobby pages per address" if "lobby pages open" in exc.body else "page budget"
                opened.answers[f"429: {why}"] += 1
            else:
                opened.answers[f"failed: {exc.status or exc}"] += 1
            wait = 1.0
        except (aiohttp.ClientError, asyncio.TimeoutError, socketio.exceptions.SocketIOError) as exc:
            opened.answers[f"failed: {type(exc).__name__}"] += 1
            await page.close()
            wait = 1.0
        if wait:
            await asyncio.sleep(min(wait, max(0.0, until - time.perf_counter())))


async def _close(opened: Opened) -> None:
    await asyncio.gather(*(p.close() for p in opened.pages), return_exceptions=True)
    if opened.browser is not None:
        await opened.browser.close()


async def _run(url: str, game: tuple[str, int], seconds: float, think: tuple[float, float], pids: list[int],
               out: Callable[[str], None]) -> None:
    from .loadgen import GOAL_MS, Samples, cpu_seconds, move, pct, seat_table, spread

    table = await seat_table(url, *game)
    samples, opened = Samples(), Opened()
    rng = random.Random(game[1])
    try:
        t0, c0 = time.perf_counter(), cpu_seconds(pids)
        end = t0 + seconds
        opener = asyncio.create_task(_open_lobbies(url, end, opened))
        mark = None
        while time.perf_counter() < end:
            if mark is None and time.perf_counter() >= end - HELD_S:
                mark = len(samples.players_ms)
            try:
                if not await move(table, samples):
                    samples.errors.append("the game is over")
                    break
            except (PageError, asyncio.TimeoutError, socketio.exceptions.SocketIOError) as exc:
                samples.errors.append(f"{type(exc).__name__}: {exc}")
                break
            await asyncio.sleep(rng.uniform(*think))
        await opener
        cpu = (cpu_seconds(pids) - c0) / (time.perf_counter() - t0) * 100
        held_ms = samples.players_ms[mark:] if mark is not None else []
        p95 = pct(held_ms or samples.players_ms, 0.95) if samples.players_ms else float("inf")
        lobby = [p for p in opened.pages if p.sio is not None and p.sio.connected]
        updates = statistics.median([p.updates for p in lobby]) if lobby else 0
        verdict = "OK" if p95 < GOAL_MS and not samples.errors else "MISSED"
        answers = ", ".join(f"{k}: {v}" for k, v in sorted(opened.answers.items()))
        out(f"    click -> update on the other players, whole run: {spread(samples.players_ms)}; last {HELD_S:.0f} s: "
            f"{spread(held_ms)} [goal p95 < {GOAL_MS:.0f} ms: {verdict}]; {samples.moves} moves")
        out(f"    the opener ({OPENER}): {len(lobby)} lobby pages held (connected) at the end; its answers: {answers}; "
            f"each held lobby page received a median of {updates:.0f} updates; server CPU {cpu:.0f}%"
            + (f"; {len(samples.errors)} errors: {samples.errors[0]}" if samples.errors else ""))
    finally:
        await _close(opened)
        await table.close()


def fill_lists(database_url: str, listed: int) -> None:
    """``listed`` other public games: every other one running (nobody seated), the others ended by their host."""
    from lf.session import Registry, host

    registry = Registry.open(database_url)
    try:
        for i in range(listed):
            if i % 2:
                registry.create_game({}, name=f"Listed {i + 1}")
            else:
                hosted = registry.host_game({}, private=False, name=f"Listed {i + 1}")
                host.end_game(hosted.session, hosted.host_token)
    finally:
        registry.close()


def lobby(workdir: Path, seconds: float, think: tuple[float, float], seed: int, out: Callable[[str], None],
          listed: int = 20) -> None:
    """One server with its default limits (SQLite), ``listed`` other public games, the opener and the game for
    ``seconds``."""
    from .loadgen import Server, create_games

    defaults = Settings()
    server = Server(workdir / "lobby", LF_PAGES_PER_MINUTE=str(defaults.pages_per_minute),
                    LF_PAGE_BURST=str(defaults.page_burst), LF_TRUSTED_PROXIES="127.0.0.1",
                    LF_LOBBY_PAGES_PER_ADDRESS=str(defaults.lobby_pages_per_address))
    try:
        moves = int(seconds / max(think[0], 0.5)) + 10
        fill_lists(sqlite_url(server.db), listed)
        games = create_games(sqlite_url(server.db), 1, moves, seed, name="Played beside the lobbies")
        out(f"  one lf process (SQLite, default limits: {defaults.pages_per_minute} pages a minute after a burst of "
            f"{defaults.page_burst}, {defaults.lobby_pages_per_address} lobby pages per address), one public game with "
            f"3 seated players moving every {think[0]}-{think[1]} s and {listed} other public games listed; another "
            f"address opens lobby pages and keeps them for {seconds:.0f} s:")
        asyncio.run(_run(server.url, games[0], seconds, think, server.pids, out))
    finally:
        server.stop()
