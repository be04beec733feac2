"""The ``fair`` run of ``python -m lf loadgen``: is the thinking pool shared fairly? (issue 27)

Issue 27 found that six games left to the computers ("I only host", then "Let the computer play them") with nobody
at them kept the thinking pool saturated, so an honest person's computer opponents answered in 4-41 s instead of
0.1-1.7 s; and that "Suggest a move" pressed from 10 addresses lifted another table's p95 to 0.7-1.0 s and the honest
person's computer to 5-20 s. This run repeats both on one lf process (SQLite, loopback, ``LF_TRUSTED_PROXIES`` set
so that each flooding address is its own), in four phases of ``seconds`` each, each on a fresh server:

The page budget is lifted as for every loadgen run (the measuring clients all come from 127.0.0.1), so each flooding
address paces itself to what the default budget allows it (``LF_PAGES_PER_MINUTE``, 60: a page a second; the
server would refuse faster ones with a cheap 429). Unpaced, on a quiet machine, the ten addresses opened 21 pages a
second and the server's CPU rose to 87%: a page flood, not the coach's cost.

* ``alone``: the honest person (one seat, played by a ``lf.tools.loadgen_client`` page with the page policy, a move
  ``think`` seconds after their decision opens) against two Normal computers, beside ``TABLES`` three-player
  games of clients (a move every ``think`` seconds);
* ``self-playing``: the same while ``SELF_PLAYING`` games whose every seat is a Strong computer (the longest searches
  a host may choose), all of one creator, play themselves (stored before the server starts, so it resumes them;
  nobody opens them);
* ``suggestions``: the same while ``ADDRESSES`` addresses each hold a seat in a game of their own and press
  "Suggest a move" again and again (a page opened, the press, the suggestion awaited, the page closed: each press
  a new search);
* ``both``: both floods at once.

Figures per phase: the honest person's computer opponents' answers (each wait of the honest page, seated and with
nothing to do, from one version to the next: a computer's decision, thought and played), the other tables'
click-to-update, and what the floods got (suggestions answered or refused, moves the self-playing games made).

Goals (issue 27, docs/server.md): the honest person's computer answers within 2 s at p95, the other tables'
click-to-update p95 under 250 ms, in every phase.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
import socketio

from lf.components.prompt import CONFIRM_KINDS
from lf.engine.constants import FACTIONS
from lf.server.settings import Settings
from lf.store.db import sqlite_url

from .loadgen_client import Browser, Page, PageError, take_seat
from .loadgen_computers import versions
from .page_policy import choose, kind_of

PHASES = ("alone", "self-playing", "suggestions", "both")
#: Three-player games of clients beside the honest person's (their click-to-update is "other tables'").
TABLES = 3
#: Games left to play themselves, all of one creator, and the addresses pressing "Suggest a move".
SELF_PLAYING = 6
ADDRESSES = 10
#: Goals: the honest person's computer answer (p95) and the other tables' click-to-update (p95).
ANSWER_GOAL_MS = 2000.0
HONEST = "anarchists"
HONEST_SEATS = {"anarchists": "human", "communists": "computer:normal", "moderates": "computer:normal"}
FLOODER_SEATS = {"anarchists": "human", "communists": "nonplayer", "moderates": "nonplayer"}
WAIT_S = 60.0


@dataclass
class Floods:
    """What the flooding addresses got."""

    suggestions: Counter = field(default_factory=Counter)
    suggestion_ms: list[float] = field(default_factory=list)


def _flooder_address(i: int) -> str:
    return f"198.51.100.{20 + i}"  # TEST-NET-2: never a real visitor


def store_self_playing(database_url: str, level: str = "strong") -> list[str]:
    """``SELF_PLAYING`` games whose every seat is the computer, of one creator: the server resumes them at start."""
    from lf.session import Registry
    from lf.session.registry import new_game_rows

    registry = Registry.open(database_url)
    try:
        ids = []
        for i in range(SELF_PLAYING):
            row, seats = new_game_rows({f: f"computer:{level}" for f in FACTIONS}, name=f"Left to play {i + 1}",
                                       creator="one-flooding-visitor")
            registry.repo.create_game(row, seats)
            ids.append(row.id)
        return ids
    finally:
        registry.close()


def _create(database_url: str, seats: dict[str, str], n: int, name: str) -> list[str]:
    from lf.session import Registry

    registry = Registry.open(database_url)
    try:
        return [registry.create_game(seats, name=f"{name} {i + 1}").id for i in range(n)]
    finally:
        registry.close()


async def _honest(url: str, games: list[str], until: float, think: tuple[float, float], rng: random.Random,
                  answers_ms: list[float], errors: list[str]) -> None:
    """Play the honest seat through ``games`` (the next when one ends) until ``until``; record every wait for a
    computer: from the version the page showed with nothing for the person to do, to the next version."""
    for game_id in games:
        browser = await Browser(url).open()
        try:
            page = await take_seat(browser, game_id, HONEST)
            if await _play_honest(page, until, think, rng, answers_ms):
                return
        except (PageError, asyncio.TimeoutError, socketio.exceptions.SocketIOError) as exc:
            errors.append(f"the honest seat: {type(exc).__name__}: {exc}")
            return
        finally:
            await browser.close()


async def _play_honest(page: Page, until: float, think: tuple[float, float], rng: random.Random,
                       answers_ms: list[float]) -> bool:
    """True when the time is up; False when the game ended (or gave the person nothing to do for ``WAIT_S``)."""
    last = page.seen(page.version or 0) or time.perf_counter()
    while time.perf_counter() < until:
        if not page.options():
            version = page.version or 0
            try:
                await page.until(lambda p: (p.version or 0) > version, WAIT_S, "a computer's move")
            except PageError:
                return False  # the war is over (or nothing moves): the next game
            arrived = page.seen(version + 1) or time.perf_counter()
            answers_ms.append((arrived - last) * 1000)
            last = arrived
            continue
        await asyncio.sleep(rng.uniform(*think))
        version = page.version or 0
        key = choose(page.board(), 7, version, HONEST)
        await page.take(key)
        if kind_of(key) in CONFIRM_KINDS:  # asked only when Undo could not take the move back
            await page.until(lambda p: p.by_testid("confirm-yes") is not None or p.seen(version + 1) is not None,
                             WAIT_S, "the confirmation or the move")
            if page.seen(version + 1) is None:
                await page.click("confirm-yes")
        await page.until(lambda p: p.seen(version + 1) is not None, WAIT_S, "the person's own move")
        last = page.seen(version + 1) or time.perf_counter()
    return True


async def _suggest_again_and_again(url: str, i: int, game_id: str, until: float, floods: Floods) -> None:
    """One flooding address: its seat's page opened, "Suggest a move" pressed, the suggestion awaited, the page
    closed (its search would stop with it), again, until ``until``."""
    browser = await Browser(url, headers={"X-Forwarded-For": _flooder_address(i)}).open()
    pace = 60.0 / Settings().pages_per_minute  # the default page budget's pace: faster pages would be refused
    try:
        page = await take_seat(browser, game_id, HONEST)
        while time.perf_counter() < until:
            opened = time.perf_counter()
            try:
                await page.until(lambda p: p.by_testid("suggest") is not None, WAIT_S, "the coach's button")
                pressed = await page.click("suggest")
                await page.until(lambda p: p.by_testid("coach-take") is not None or bool(p.notes), WAIT_S,
                                 "the suggestion")
                if page.by_testid("coach-take") is not None:
                    floods.suggestions["answered"] += 1
                    floods.suggestion_ms.append((time.perf_counter() - pressed) * 1000)
                else:
                    floods.suggestions["refused: " + page.notes[-1][:60]] += 1
                    await asyncio.sleep(1.0)
            except PageError as exc:
                floods.suggestions[f"failed: {str(exc)[:60]}"] += 1
            await page.close()
            await asyncio.sleep(max(0.0, opened + pace - time.perf_counter()))
            if time.perf_counter() >= until:
                return
            page = await Page(browser, f"/game/{game_id}").open()
    except (PageError, aiohttp.ClientError, asyncio.TimeoutError, socketio.exceptions.SocketIOError) as exc:
        floods.suggestions[f"failed: {type(exc).__name__}"] += 1
    finally:
        await browser.close()


def _flood_apart(url: str, flooders: list[str], seconds: float) -> Floods:
    """The flooding addresses, in a process of their own: their pages' messages (a whole game page each time) must
    not delay the measuring clients' own (they share no event loop, and this process no core with them)."""
    async def run() -> Floods:
        floods = Floods()
        until = time.perf_counter() + seconds
        await asyncio.gather(*(_suggest_again_and_again(url, i, g, until, floods) for i, g in enumerate(flooders)))
        return floods

    return asyncio.run(run())


async def _phase(url: str, database_url: str, phase: str, seconds: float, think: tuple[float, float], seed: int,
                 pids: list[int], self_playing: list[str], out: Callable[[str], None]) -> None:
    from .loadgen import GOAL_MS, Samples, cpu_seconds, create_games, pct, seat_table, spread

    honest_games = _create(database_url, HONEST_SEATS, 4, "The honest table")
    flooders = _create(database_url, FLOODER_SEATS, ADDRESSES, "A flooding address") \
        if phase in ("suggestions", "both") else []
    moves = int(seconds / max(think[0], 0.5)) + 10
    tables = [await seat_table(url, g, s) for g, s in create_games(database_url, TABLES, moves, seed, name="Beside")]
    samples, floods, answers_ms, errors = Samples(), Floods(), [], []
    before = versions(database_url, self_playing)
    t0, c0 = time.perf_counter(), cpu_seconds(pids)
    until = t0 + seconds
    try:
        others = [asyncio.create_task(_play_for(t, until, think, samples)) for t in tables]
        with concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as apart:
            flood = asyncio.wrap_future(apart.submit(_flood_apart, url, flooders, seconds)) if flooders else None
            await _honest(url, honest_games, until, think, random.Random(seed), answers_ms, errors)
            await asyncio.gather(*others)
            if flood is not None:
                floods = await flood
    finally:
        await asyncio.gather(*(t.close() for t in tables), return_exceptions=True)
    cpu = (cpu_seconds(pids) - c0) / (time.perf_counter() - t0) * 100
    made = versions(database_url, self_playing) - before
    answer_ok = bool(answers_ms) and pct(answers_ms, 0.95) <= ANSWER_GOAL_MS
    click_ok = bool(samples.players_ms) and pct(samples.players_ms, 0.95) < GOAL_MS
    out(f"    {phase}: the honest person's computer answers {spread(answers_ms)} "
        f"[goal p95 <= {ANSWER_GOAL_MS:.0f} ms: {'OK' if answer_ok else 'MISSED'}]")
    out(f"      other tables' click -> update {spread(samples.players_ms)} "
        f"[goal p95 < {GOAL_MS:.0f} ms: {'OK' if click_ok else 'MISSED'}]; server CPU {cpu:.0f}%")
    if self_playing:
        out(f"      the {len(self_playing)} games left to play themselves made {made} moves meanwhile")
    if flooders:
        got = ", ".join(f"{k}: {v}" for k, v in sorted(floods.suggestions.items()))
        out(f"      {ADDRESSES} addresses pressing \"Suggest a move\": {got}; answered in {spread(floods.suggestion_ms)}")
    for e in (errors + samples.errors)[:3]:
        out(f"      error: {e}")


async def _play_for(table, until: float, think: tuple[float, float], samples) -> None:
    from .loadgen import move

    rng = random.Random(table.policy_seed)
    try:
        while time.perf_counter() < until:
            await asyncio.sleep(rng.uniform(*think))
            if not await move(table, samples):
                return
    except (PageError, asyncio.TimeoutError, socketio.exceptions.SocketIOError) as exc:
        samples.errors.append(f"game {table.game_id}: {type(exc).__name__}: {exc}")


def fair(workdir: Path, seconds: float, think: tuple[float, float], seed: int, out: Callable[[str], None],
         phases: tuple[str, ...] = PHASES) -> None:
    """Each phase on a fresh server: the honest table beside the other tables, with that phase's floods."""
    from .loadgen import Server

    out(f"  one lf process (SQLite), {seconds:.0f} s a phase: one person against two Normal computers, {TABLES} "
        f"three-player tables moving every {think[0]}-{think[1]} s; floods: {SELF_PLAYING} games of Strong computers "
        f"left to play themselves (one creator), {ADDRESSES} addresses pressing \"Suggest a move\":")
    for n, phase in enumerate(phases):
        where = workdir / f"fair-{phase}"
        where.mkdir(parents=True, exist_ok=True)
        database_url = sqlite_url(where / "lf.db")
        self_playing = store_self_playing(database_url) if phase in ("self-playing", "both") else []
        server = Server(where, LF_TRUSTED_PROXIES="127.0.0.1")
        try:
            asyncio.run(_phase(server.url, database_url, phase, seconds, think, seed + n, server.pids, self_playing,
                               out))
        finally:
            server.stop()
