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
* ``computers``: ten games played as a ramp step does, alone and then while three games of Strong computers think
  (``lf.tools.loadgen_computers``): the players' click-to-update p95 in both.
* ``flood``: cookieless ``GET /`` from 4 and from 16 connections while a game is played on one process
  (``lf.tools.loadgen_flood``): the players' click-to-update, and how the flood was answered (429, 503, 500).
* ``lobby``: one address opens lobby pages at the pace its page budget allows and keeps them, for
  ``--lobby-seconds``, while a public game is played beside ``--lobby-listed`` other public games
  (``lf.tools.loadgen_lobby``): the players' click-to-update, the lobby pages held and refused.
* ``fair``: one person against two Normal computers beside other tables, alone, then while games left to the
  computers play themselves and while 10 addresses press "Suggest a move" (``lf.tools.loadgen_fair``): how fast
  the person's computer opponents answer, and the other tables' click-to-update.

The clients are ``lf.tools.loadgen_client.Page``: the server cannot tell them from browsers. They run in this
process, competing with the server for the machine's cores (far lighter than browsers, but not free: at idle
priority they missed NiceGUI's socket pings on a loaded machine); their timestamps are taken when a message
is received, before any drawing.
Moves are chosen by ``lf.tools.page_policy`` among the options the page offers (on its board and in its
prompt bar), seeded, and taken where the page carries them (a tap on a board piece, else a button). Every wait has a
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

import socketio

from lf.components.prompt import CONFIRM_KINDS
from lf.engine.constants import FACTIONS

from .loadgen_client import Browser, Page, PageError, take_seat
from .local_server import free_port, server_env, wait_until_up
from .page_policy import choose, first_mover, kind_of, long_game_seed

ROOT = Path(__file__).resolve().parents[2]
GOAL_MS = 250.0
SPECTATOR_GOAL_MS = 500.0
RUNS = ("ramp", "ramp2", "spectators", "memory", "failover", "flood", "computers", "lobby", "fair")
WAIT_S = 60.0
#: How long the spectator run watches the server's CPU with every page open and nothing moving (s).
IDLE_S = 6.0


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

    def __init__(self, workdir: Path, database_url: str | None = None, name: str = "lf", **extra_env: str) -> None:
        workdir.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db = workdir / "lf.db"
        env = server_env(self.port, self.db, workdir / "storage", "loadgen-only", **extra_env)
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
    clicked = await page.take(key)
    if kind_of(key) in CONFIRM_KINDS:  # asked only when Undo could not take the move back
        await page.until(lambda p: p.by_testid("confirm-yes") is not None or p.seen(version + 1) is not None,
                         WAIT_S, "the confirmation or the move")
        if page.seen(version + 1) is None:
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
    except (PageError, asyncio.TimeoutError, socketio.exceptions.SocketIOError) as exc:
        samples.errors.append(f"game {table.game_id}: {type(exc).__name__}: {exc}")


async def bounded(calls: list[Callable[[], Awaitable]], at_once: int) -> list:
    """Run the calls, at most ``at_once`` at a time (pages open as a crowd arrives, not all in one instant)."""
    gate = asyncio.Semaphore(at_once)

    async def one(call: Callable[[], Awaitable]):
        async with gate:
            return await call()

    return await asyncio.gather(*(one(c) for c in calls))


# -- the runs --------------------------------------------------------------------------------------

@dataclass
class Watched:
    """A game watched by many: the latencies, and the server's CPU with everyone idle and per move."""

    samples: Samples
    idle_ms_per_s: float = 0.0
    move_cpu_ms: float = 0.0


async def watch_one_game(url: str, game: tuple[str, int], spectators: int, moves: int,
                         think: tuple[float, float], pids: list[int]) -> Watched:
    """One game, its three players and ``spectators`` spectator pages (one browser, many tabs).

    The server's CPU is read while every page is open and nothing moves (the sockets' keep-alive, NiceGUI's
    outbox loops), then during the moves; the CPU of a move is the difference, per move.
    """
    out = Watched(Samples())
    table = await seat_table(url, *game)
    crowd = await Browser(url).open()
    try:
        table.watchers = await bounded([lambda: Page(crowd, f"/game/{game[0]}").open()
                                        for _ in range(spectators)], 8)
        t0, c0 = time.perf_counter(), cpu_seconds(pids)
        await asyncio.sleep(IDLE_S)
        out.idle_ms_per_s = (cpu_seconds(pids) - c0) / (time.perf_counter() - t0) * 1000
        start = asyncio.Event()
        start.set()
        t1, c1 = time.perf_counter(), cpu_seconds(pids)
        await play(table, moves, think, out.samples, start)
        busy = (cpu_seconds(pids) - c1) * 1000 - out.idle_ms_per_s * (time.perf_counter() - t1)
        out.move_cpu_ms = busy / max(out.samples.moves, 1)
    finally:
        await table.close()
        await crowd.close()
    return out


@dataclass
class Step:
    """One step of a ramp: N games at once, the latency figures, and the server's CPU per move."""

    games: int
    samples: Samples
    cpu_ms_per_move: float

    @property
    def p95(self) -> float:
        return pct(self.samples.players_ms, 0.95) if self.samples.players_ms else float("inf")

    @property
    def held(self) -> bool:
        return self.p95 < GOAL_MS and not self.samples.errors and self.samples.moves > 0


def cpu_seconds(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            pass
    return total


async def play_games(url: str, games: list[tuple[str, int]], moves: int, think: tuple[float, float],
                     pids: list[int]) -> Step:
    """Seat every game's three clients (a few at a time), then play them all at once."""
    samples = Samples()
    tables = await bounded([lambda g=g: seat_table(url, *g) for g in games], 4)
    try:
        start = asyncio.Event()
        tasks = [asyncio.create_task(play(t, moves, think, samples, start)) for t in tables]
        before = cpu_seconds(pids)
        start.set()
        await asyncio.gather(*tasks)
        cpu = (cpu_seconds(pids) - before) / max(samples.moves, 1) * 1000
    finally:
        await asyncio.gather(*(t.close() for t in tables))
    return Step(len(games), samples, cpu)


def ramp(workdir: Path, processes: int, max_games: int, moves: int, think: tuple[float, float], seed: int,
         out: Callable[[str], None]) -> list[Step]:
    """N = 5, 10, 20, 40, ... games until click-to-update p95 crosses 250 ms (a fresh server set per step)."""
    steps: list[Step] = []
    n = 5
    while n <= max_games:
        with serving(workdir / f"ramp{processes}-{n}", processes) as target:
            games = create_games(target.database_url, n, moves, seed + n, name=f"Ramp {n}")
            step = asyncio.run(play_games(target.url, games, moves, think, target.pids))
        steps.append(step)
        s = step.samples
        out(f"    {n:4d} games: click -> update on the 2 other players {spread(s.players_ms)}; server CPU "
            f"{step.cpu_ms_per_move:.0f} ms per move; {s.moves} moves" + (f"; {len(s.errors)} errors: {s.errors[0]}"
                                                                          if s.errors else ""))
        if not step.held:
            break
        n *= 2
    return steps


# -- where the load goes: one server, or the cluster behind the proxy ------------------------------

@dataclass
class Target:
    url: str
    database_url: str
    pids: list[int]
    cluster: object | None = None


class serving:
    """``with serving(workdir, processes) as target``: one lf process (PostgreSQL), or N behind the proxy."""

    def __init__(self, workdir: Path, processes: int) -> None:
        self.workdir, self.processes = workdir, processes
        self._server: Server | None = None
        self._cluster = None
        self._pg = None

    def __enter__(self) -> Target:
        from .cluster import Cluster

        if self.processes > 1:
            self._cluster = Cluster(self.processes, workdir=self.workdir).start()
            c = self._cluster
            return Target(c.url, c.database_url, [n.proc.pid for n in c.nodes], c)
        from lf.store.pg_cluster import TempCluster

        self._pg = TempCluster().start()
        url = self._pg.create_database("lf")
        self._server = Server(self.workdir, url)
        return Target(self._server.url, url, self._server.pids)

    def __exit__(self, *exc: object) -> None:
        if self._server is not None:
            self._server.stop()
        if self._cluster is not None:
            self._cluster.stop()
        if self._pg is not None:
            self._pg.stop()


# -- memory and failover -----------------------------------------------------------------------------

async def _open_games(url: str, games: list[tuple[str, int]]) -> list[Table]:
    return await bounded([lambda g=g: seat_table(url, *g) for g in games], 4)


def memory(workdir: Path, idle_games: int, live_games: int, seed: int, out: Callable[[str], None]) -> None:
    """RSS of one process: at start, after loading ``idle_games`` (no page), with ``live_games`` seated pages."""
    import urllib.request

    with serving(workdir / "memory", 1) as target:
        pid = target.pids[0]
        games = create_games(target.database_url, idle_games + live_games, 5, seed, name="Memory")
        base = rss_mb(pid)
        for game_id, _ in games[:idle_games]:  # a spectator's GET loads the game; its page is dropped unseen
            urllib.request.urlopen(f"{target.url}/game/{game_id}", timeout=60).read()
        time.sleep(8)  # NiceGUI drops a page that never connected after its reconnect timeout
        idle = rss_mb(pid)

        async def live() -> float:
            tables = await _open_games(target.url, games[idle_games:])
            try:
                await asyncio.sleep(3)
                return rss_mb(pid)
            finally:
                await asyncio.gather(*(t.close() for t in tables))

        busy = asyncio.run(live())
    out(f"  memory of one process (RSS): {base:.0f} MB at start; {idle:.0f} MB with {idle_games} games loaded and no "
        f"page open: {(idle - base) / idle_games * 1024:.0f} KiB per idle game; {busy:.0f} MB with {live_games} more "
        f"games, 3 seated pages each: {(busy - idle) / live_games * 1024:.0f} KiB per live game")


def failover(workdir: Path, seed: int, out: Callable[[str], None]) -> None:
    """Two processes; kill the one serving a game; time until that game's page, opened again, takes a move."""
    import urllib.request

    with serving(workdir / "failover", 2) as target:
        cluster = target.cluster
        games = create_games(target.database_url, 1, 20, seed, name="Failover")
        game_id = games[0][0]

        async def run() -> tuple[float, float, str]:
            table = await seat_table(target.url, *games[0])
            samples = Samples()
            start = asyncio.Event()
            start.set()
            await play(table, 3, (0.2, 0.4), samples, start)
            with urllib.request.urlopen(f"{target.url}/game/{game_id}", timeout=30) as r:
                serving_node = r.headers["X-LF-Node"]
            index = next(i for i, n in enumerate(cluster.nodes) if n.name == serving_node)
            killed = cluster.kill(index)
            shown = None
            while True:  # each player reloads its page, as a browser does when its socket is lost
                try:
                    await asyncio.gather(*(p.close() for p in table.players.values()))
                    for faction, page in list(table.players.items()):
                        table.players[faction] = await Page(page.browser, f"/game/{game_id}").open()
                    shown = time.perf_counter()
                    if await move(table, samples):
                        break
                except (PageError, OSError, asyncio.TimeoutError):
                    pass
                if time.perf_counter() - killed > WAIT_S:
                    raise TimeoutError("the game did not come back within a minute")
                await asyncio.sleep(0.2)
            played = time.perf_counter()
            await table.close()
            return shown - killed, played - killed, serving_node

        shown, played, node = asyncio.run(run())
    out(f"  SIGKILL of the process serving a game ({node}) -> its page opened again through the proxy shows the game: "
        f"{shown:.1f} s; -> a move accepted and seen by the other players: {played:.1f} s")


# -- the command ---------------------------------------------------------------------------------------

def main(runs: list[str], max_games: int, moves: int, think: tuple[float, float], spectators: int, idle_games: int,
         live_games: int, seed: int, lobby_seconds: float = 90.0, lobby_listed: int = 20, fair_seconds: float = 60.0,
         fair_phases: str = "alone,self-playing,suggestions,both") -> int:
    def out(line: str) -> None:
        print(line, flush=True)

    out(f"loadgen: socket.io clients (no browser) against lf on this machine ({os.cpu_count()} cores); "
        f"runs: {', '.join(runs)}. The machine may be shared: figures move with its load.")
    # the servers started here inherit this environment: a crowd this size, from this one address, is the point,
    # not an abuse to turn away (the flood run sets the defaults again: turning the flood away is its point)
    os.environ.update(LF_SPECTATORS_PER_GAME=str(max(spectators, 1)), LF_SPECTATORS_PER_ADDRESS=str(max(spectators, 1)),
                      LF_PAGES_PER_MINUTE="1000000", LF_PAGE_BURST="1000000",
                      LF_SEATS_PER_VISITOR="1000000")  # every client seated comes from this one address
    with tempfile.TemporaryDirectory(prefix="lf-loadgen-") as tmp:
        work = Path(tmp)
        for processes, run in ((1, "ramp"), (2, "ramp2")):
            if run in runs:
                out(f"  {processes} process{'es behind HAProxy' if processes > 1 else ''} on PostgreSQL, "
                    f"{moves} moves per game, {think[0]}-{think[1]} s between two moves of a game:")
                steps = ramp(work, processes, max_games, moves, think, seed, out)
                held = [s.games for s in steps if s.held]
                out(f"  => largest N held by {processes} process{'es' if processes > 1 else ''} with click-to-update "
                    f"p95 < {GOAL_MS:.0f} ms: {max(held) if held else 'none'}"
                    + ("" if not steps or not steps[-1].held else f" (stopped at --max-games {max_games})"))
        if "spectators" in runs:
            with serving(work / "spectators", 1) as target:
                games = create_games(target.database_url, 1, moves, seed, name="Watched")
                w = asyncio.run(watch_one_game(target.url, games[0], spectators, moves, (1.0, 1.5), target.pids))
            s = w.samples
            ok = bool(s.watchers_ms) and pct(s.watchers_ms, 0.95) < SPECTATOR_GOAL_MS
            out(f"  one game, {spectators} spectators: move -> update on every spectator {spread(s.watchers_ms)} "
                f"[goal p95 < {SPECTATOR_GOAL_MS:.0f} ms: {'OK' if ok else 'MISSED'}]; on the other players "
                f"{spread(s.players_ms)}; server CPU {w.move_cpu_ms:.0f} ms per move (on top of "
                f"{w.idle_ms_per_s:.0f} ms per second with every page open and idle)"
                + (f"; errors: {s.errors}" if s.errors else ""))
        if "memory" in runs:
            memory(work, idle_games, live_games, seed, out)
        if "failover" in runs:
            failover(work, seed, out)
        if "flood" in runs:
            from .loadgen_flood import flood

            flood(work, moves, think, seed, out)
        if "computers" in runs:
            from .loadgen_computers import computers

            computers(work, moves, think, seed, out)
        if "lobby" in runs:
            from .loadgen_lobby import lobby

            lobby(work, lobby_seconds, think, seed, out, lobby_listed)
        if "fair" in runs:
            from .loadgen_fair import PHASES, fair

            phases = tuple(p for p in fair_phases.split(",") if p)
            if unknown := [p for p in phases if p not in PHASES]:
                raise SystemExit(f"unknown fair phases {unknown}; they are {', '.join(PHASES)}")
            fair(work, fair_seconds, think, seed, out, phases)
    return 0
