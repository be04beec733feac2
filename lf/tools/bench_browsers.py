"""``python -m lf bench-browsers --games N``: N concurrent three-player games in real browsers, one server.

What it measures (printed at the end):

* **click -> update on the other devices** (and, separately, until the server's websocket message arrives,
  before the browser draws it): in each game a phone, a tablet and a laptop (three browser
  contexts of Debian's Chromium, driven by Playwright) play the game; the acting page stamps the time of
  the click that sends a move (``performance.timeOrigin + performance.now()``, in a capturing click
  listener), and the two other pages stamp the moment their game root's ``data-version`` changes (a
  MutationObserver). The difference is the latency a player sees on the other devices: median, 95th
  percentile, max.
* **where the time goes**: the server runs under ``lf.tools.trace_server`` (the same ``main.py`` with probes
  that note when each browser event arrives, each move's session call, each page's re-draw and when each
  update leaves), so each sample is split into: the acting browser sending, the server (queue, session
  call, wake-up, re-draw, outbox), the delivery to the other page, and its drawing. Also printed: the update
  size per page and move, the CPU of the server, of Chromium and of the Playwright driver (the benchmark's
  own hands), and the pages' main-thread time by kind (Chromium's performance counters).
* **server memory**: the resident set (``VmRSS``) of the server process, sampled every 0.5 s from /proc;
  the peak (``VmHWM``) and the value at the end.
* **time to first page load**: each context's first page (the seat's join link): until the ``load``
  event and until the NiceGUI websocket handshake; then the game page after taking the seat.

How it plays: the games are created in a fresh SQLite database before the server starts (three human
seats, seeds chosen so that the shared page policy plays at least ``--moves`` moves); the server is
``main.py`` on a free loopback port. Every game runs concurrently (asyncio); between two moves a game
waits a "think time" (default 2-4 s: quick players; ``--think-min/--think-max`` change it, e.g. 0.2-0.5 s
for a stress test). The games join one after the other
(``--stagger`` s apart, as players arrive) and start playing together once all are seated. Moves are chosen by
``lf.tools.page_policy`` among the options the page offers and taken as a player takes them (a tap on the board where
the board carries the option, through its menu when it has several; the prompt bar's button otherwise);
confirmations are answered when asked. Bounded: each
game plays at most ``--moves`` moves; every wait has a timeout. Loopback only. ``--from-step N`` stores each
game already N moves in (the policy's own moves), to measure moves late in a game, with a long log.

The 30 pages stand in for the players' own devices, yet here they share the server's machine: with
``--devices idle`` (the default) Chromium and the driver run under ``SCHED_IDLE``, so they only get a core the
server does not need, as separate phones and laptops would never slow the server; ``--devices shared`` lets
them compete with the server as equals (the harsher figure; both are in docs/pages.md).

Needs the dev extras (``playwright``) and ``/usr/bin/chromium`` (``CHROMIUM_PATH`` overrides).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from lf.components.prompt import CONFIRM_KINDS
from lf.engine.constants import FACTIONS

from .local_server import CHROMIUM, CHROMIUM_ARGS, free_port, server_env, wait_until_up
from .page_policy import OFFERED_JS, TAP_PATH_JS, Board, choose, first_mover, kind_of, long_game_seed, play

ROOT = Path(__file__).resolve().parents[2]
DEVICES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "tablet": {"viewport": {"width": 820, "height": 1180}, "has_touch": True},
    "laptop": {"viewport": {"width": 1440, "height": 900}},
}
SEATING = (("phone", "anarchists"), ("tablet", "communists"), ("laptop", "moderates"))
TIMEOUT_MS = 30_000
#: How the stand-in devices (Chromium and the Playwright driver) share this machine's CPU with the server.
DEVICES_MODES = {
    "idle": "the browsers run at idle priority (SCHED_IDLE), so they never take a core the server needs, as the "
            "players' own phones and laptops would not",
    "shared": "the browsers compete with the server for the cores as equals (30 pages on this machine)",
}
#: The browsers' wall clock and the server's may differ by a little: an event stamped this much before the click
#: still counts as its arrival.
CLOCK_SLACK_MS = 5

#: Installed in every page before it loads: click stamps and the moments the game's version changes.
STAMPS_JS = """
(() => {
  const now = () => performance.timeOrigin + performance.now();
  window.__lf = {clicks: [], changes: [], arrivals: []};
  document.addEventListener('click', () => window.__lf.clicks.push(now()), true);
  const hook = setInterval(() => {  // NiceGUI creates window.socket when the page mounts
    if (!window.socket) return;
    clearInterval(hook);
    window.socket.onAny(ev => { if (ev === 'update') window.__lf.arrivals.push(now()); });
  }, 5);
  window.__lf.waiters = [];  // [version, resolve]: settled by the observer, so waiting costs no polling
  window.__lf.version = () => { const r = document.querySelector('[data-testid=game]'); return r ? +r.dataset.version : -1; };
  window.__lf.until = (v) => new Promise(resolve => {
    if (window.__lf.version() >= v) resolve(true); else window.__lf.waiters.push([v, resolve]);
  });
  const watch = new MutationObserver(records => {
    const t = now();
    for (const r of records) {
      if (r.target.dataset && r.target.dataset.testid === 'game') window.__lf.changes.push([+r.target.dataset.version, t]);
    }
    const v = window.__lf.version();
    window.__lf.waiters = window.__lf.waiters.filter(([want, resolve]) => (want <= v ? (resolve(true), false) : true));
  });
  document.addEventListener('DOMContentLoaded', () =>
    watch.observe(document.body, {attributes: true, attributeFilter: ['data-version'], subtree: true}));
})();
"""

SNAP_JS = """
() => {
  const q = (s, r) => (r || document).querySelector(s);
  const root = q('[data-testid=game]');
  const fronts = {};
  document.querySelectorAll('.lf-a-fronts .lf-front').forEach(el => {
    fronts[el.dataset.ref.split(':')[1]] = parseInt(q('.lf-fnum', el).innerText.replace('+', '').replace('\\u2212', '-'), 10);
  });
  const test = q('.lf-a-fascist .lf-test');
  return {version: root ? +root.dataset.version : null, fronts,
          keys: (OFFERED)(),
          prompt: Array.from(document.querySelectorAll('.lf-prompt .lf-prompt-h')).map(e => e.innerText).join(' | '),
          test: test ? test.dataset.ref.split(':')[1] : null};
}
"""


SNAP_JS = SNAP_JS.replace("(OFFERED)", f"({OFFERED_JS.strip()})")


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_by_side(server_pid: int) -> dict[str, float]:
    """CPU seconds used so far by the server process, Chromium's processes, and the Playwright driver (this
    benchmark's own hands, which a real player does not have), from /proc."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                parents[int(entry)] = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    me, out = os.getpid(), {"server": 0.0, "browsers": 0.0, "driver": 0.0}
    for pid in parents:
        p, seen = pid, 0
        while p not in (0, 1, me) and seen < 50:
            p, seen = parents.get(p, 0), seen + 1
        if p == me:
            try:
                side = "server" if pid == server_pid else (
                    "browsers" if "chrom" in Path(f"/proc/{pid}/comm").read_text() else "driver")
                out[side] += _cpu_seconds(pid)
            except (OSError, IndexError, ValueError):
                pass
    return out


class Server:
    """``main.py`` (with the trace probes) in a subprocess on loopback, over a given SQLite file."""

    def __init__(self, workdir: Path, db: Path) -> None:
        self.port = free_port()
        self.trace = workdir / "trace.jsonl"
        self.url = f"http://127.0.0.1:{self.port}"
        env = server_env(self.port, db, workdir / "storage", "bench-only", LF_TRACE_FILE=str(self.trace))
        log = workdir / "server.log"
        self.log = log.open("w")
        self.proc = subprocess.Popen([sys.executable, "-m", "lf.tools.trace_server"], cwd=ROOT, env=env,
                                     stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            wait_until_up(self.proc, self.url, 30, log)
        except TimeoutError:
            self.stop()
            raise

    def memory_mb(self) -> tuple[float, float]:
        """(VmRSS, VmHWM) of the server process in MB."""
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        rss = int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024
        hwm = int(re.search(r"VmHWM:\s+(\d+)", status).group(1)) / 1024
        return rss, hwm

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.close()


@dataclass
class Sample:
    """One move seen on one other device: the browser's stamps (wall-clock ms); the server's come from the trace."""

    game: str
    actor: str  #: client id of the acting page
    other: str  #: client id of the page that shows the move
    version: int  #: the version the move produced
    clicked: float
    arrived: float | None
    seen: float


@dataclass
class Figures:
    latencies_ms: list[float] = field(default_factory=list)
    arrival_ms: list[float] = field(default_factory=list)
    first_load_ms: list[float] = field(default_factory=list)
    first_ready_ms: list[float] = field(default_factory=list)
    game_load_ms: list[float] = field(default_factory=list)
    moves: int = 0
    games_finished: int = 0
    rss_samples: list[float] = field(default_factory=list)
    rss_peak: float = 0.0
    cpu_play: dict[str, float] = field(default_factory=dict)
    play_seconds: float = 0.0
    errors: list[str] = field(default_factory=list)
    samples: list[Sample] = field(default_factory=list)
    #: the latency split by where the time goes (see ``split``): stage -> ms per sample
    stages: dict[str, list[float]] = field(default_factory=dict)
    update_bytes: list[int] = field(default_factory=list)
    renderer: dict[str, float] = field(default_factory=dict)  #: RENDERER counters summed over the pages during play


def create_games(db: Path, n: int, moves: int, seed: int, from_step: int = 0) -> list[tuple[str, int]]:
    """Create the games (three human seats) in the database before the server opens it: [(id, policy seed)].

    With ``from_step``, each game is stored already ``from_step`` moves in (the page policy's own moves, as a
    game file: ``lf.session.exports.state_document``), so the moves measured are made late in a game, with its
    log long.
    """
    from lf.session import Registry
    from lf.session.exports import state_document
    from lf.store.db import sqlite_url

    humans = {f: "human" for f in FACTIONS}
    registry = Registry.open(sqlite_url(db))
    out = []
    try:
        for i in range(n):
            policy_seed = seed + i
            game_seed, _ = long_game_seed(policy_seed, humans, start=seed * 1000 + i * 100, min_steps=moves + from_step)
            if from_step:
                state, _, _ = play(game_seed, humans, policy_seed, stop_after=from_step)
                game = registry.import_game(state_document(state, f"Bench {i + 1}"))
            else:
                game = registry.create_game({}, name=f"Bench {i + 1}", seed=game_seed)
            out.append((game.id, policy_seed))
    finally:
        registry.close()
    return out


async def _seat(browser, url: str, game_id: str, kind: str, faction: str, figures: Figures):
    ctx = await browser.new_context(base_url=url, **DEVICES[kind])
    ctx.set_default_timeout(TIMEOUT_MS)
    await ctx.add_init_script(STAMPS_JS)
    page = await ctx.new_page()
    t0 = time.perf_counter()
    await page.goto(f"/join/{game_id}/{faction}", wait_until="load")
    figures.first_load_ms.append((time.perf_counter() - t0) * 1000)
    await page.wait_for_function("() => window.did_handshake === true")
    figures.first_ready_ms.append((time.perf_counter() - t0) * 1000)
    await page.get_by_test_id("join-name").fill(f"{faction[:3].title()} {game_id[:4]}")
    t1 = time.perf_counter()
    await page.get_by_test_id("join-take").click()
    await page.wait_for_url(f"**/game/{game_id}*")
    await page.wait_for_function("() => window.did_handshake === true && !!document.querySelector('[data-testid=game]')")
    figures.game_load_ms.append((time.perf_counter() - t1) * 1000)
    page.lf_client = await page.evaluate("() => window.clientId")  # the server's name for this page (trace)
    page.lf_cdp = await ctx.new_cdp_session(page)  # the renderer's own counters (main-thread time by kind)
    await page.lf_cdp.send("Performance.enable")
    return ctx, page, faction, DEVICES[kind].get("has_touch", False)


class Ramp:
    """The games join one after the other (``stagger`` s apart), then all play together from one moment on."""

    def __init__(self, games: int, stagger: float) -> None:
        self.games, self.stagger, self.ready = games, stagger, 0
        self.all_seated = asyncio.Event()

    def done(self) -> None:
        self.ready += 1
        if self.ready >= self.games:
            self.all_seated.set()


async def _play(browser, url: str, game_id: str, index: int, policy_seed: int, moves: int,
                think: tuple[float, float], figures: Figures, ramp: Ramp) -> None:
    seats = []
    rng = random.Random(policy_seed)
    try:
        await asyncio.sleep(index * ramp.stagger)
        try:
            for kind, faction in SEATING:
                seats.append(await _seat(browser, url, game_id, kind, faction, figures))
        finally:
            ramp.done()
        await asyncio.wait_for(ramp.all_seated.wait(), TIMEOUT_MS / 1000 + ramp.games * ramp.stagger * 3)
        start = [await _renderer(page) for _, page, _, _ in seats]
        await asyncio.sleep(rng.uniform(*think))
        for _ in range(moves):
            snaps = await asyncio.gather(*(page.evaluate(SNAP_JS) for _, page, _, _ in seats))
            version = max(s["version"] for s in snaps)
            if any(s["version"] != version for s in snaps):  # a page is behind: let it catch up first
                await asyncio.gather(*(_wait_version(page, version) for _, page, _, _ in seats))
                continue
            offering = {seats[i][2]: i for i, s in enumerate(snaps) if s["keys"]}
            if not offering:
                figures.games_finished += 1
                return
            i = offering[first_mover(list(offering))]
            _, page, faction, touch = seats[i]
            snap = snaps[i]
            key = choose(Board(snap["fronts"], snap["test"], snap["prompt"], snap["keys"]), policy_seed,
                         version, faction)
            for selector in await page.evaluate(TAP_PATH_JS, key):  # on the board where it carries the option
                target = page.locator(selector).first
                await (target.tap() if touch else target.click())
            if kind_of(key) in CONFIRM_KINDS:  # asked only when Undo could not take it back
                await page.wait_for_function(
                    "v => !!document.querySelector('[data-testid=confirm-yes]') || "
                    "+document.querySelector('[data-testid=game]').dataset.version > v", arg=version,
                    timeout=TIMEOUT_MS)
                yes = page.get_by_test_id("confirm-yes")
                if await yes.count():
                    await (yes.tap() if touch else yes.click())
            others = [s for j, s in enumerate(seats) if j != i]
            await asyncio.gather(*(_wait_version(p, version + 1) for _, p, _, _ in [seats[i], *others]))
            clicked = max(await page.evaluate("() => window.__lf.clicks"))
            for _, other, _, _ in others:
                stamps = await other.evaluate("() => window.__lf")
                seen = min(t for v, t in stamps["changes"] if v > version)
                figures.latencies_ms.append(seen - clicked)
                arrived = [t for t in stamps["arrivals"] if clicked < t <= seen]
                if arrived:
                    figures.arrival_ms.append(min(arrived) - clicked)
                figures.samples.append(Sample(game_id, page.lf_client, other.lf_client, version + 1, clicked,
                                              min(arrived) if arrived else None, seen))
            figures.moves += 1
            await asyncio.sleep(rng.uniform(*think))
        for (_, page, _, _), before in zip(seats, start):
            after = await _renderer(page)
            for k in RENDERER:
                figures.renderer[k] = figures.renderer.get(k, 0.0) + after[k] - before[k]
    except Exception as exc:  # one game failing must not hide the others' figures
        figures.errors.append(f"game {game_id}: {type(exc).__name__}: {str(exc).splitlines()[0]}")
    # the contexts stay open until every game is done (their CPU time is read before the browser closes)


#: Chromium's per-page main-thread counters (CDP Performance.getMetrics), in seconds: what the page spends time on.
RENDERER = {"TaskDuration": "all tasks", "ScriptDuration": "scripts", "RecalcStyleDuration": "style",
            "LayoutDuration": "layout"}


async def _renderer(page) -> dict[str, float]:
    metrics = (await page.lf_cdp.send("Performance.getMetrics"))["metrics"]
    return {m["name"]: m["value"] for m in metrics if m["name"] in RENDERER}


async def _wait_version(page, version: int) -> None:
    """Until the page shows ``version`` (one promise settled by the page's observer: no polling)."""
    await asyncio.wait_for(page.evaluate("v => window.__lf.until(v)", version), TIMEOUT_MS / 1000)


async def _mark_play(ramp: Ramp, server: Server, figures: Figures) -> None:
    """Note the CPU used so far when every game is seated: the figures count only the play after it."""
    await ramp.all_seated.wait()
    figures.cpu_play = cpu_by_side(server.proc.pid)
    figures.play_seconds = time.perf_counter()


async def _sample_memory(server: Server, figures: Figures, stop: asyncio.Event) -> None:
    while not stop.is_set():
        rss, hwm = server.memory_mb()
        figures.rss_samples.append(rss)
        figures.rss_peak = max(figures.rss_peak, hwm)
        try:
            await asyncio.wait_for(stop.wait(), 0.5)
        except asyncio.TimeoutError:
            pass


async def _run(games: int, moves: int, think: tuple[float, float], seed: int, workdir: Path,
               stagger: float = 1.0, devices: str = "idle", from_step: int = 0) -> Figures:
    from playwright.async_api import async_playwright

    figures = Figures()
    db = workdir / "bench.db"
    created = create_games(db, games, moves, seed, from_step)
    server = Server(workdir, db)
    if devices == "idle":  # this process and its children from here on (the driver, Chromium): see DEVICES_MODES
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    figures.rss_samples.append(server.memory_mb()[0])
    stop = asyncio.Event()
    sampler = asyncio.create_task(_sample_memory(server, figures, stop))
    try:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                ramp = Ramp(games, stagger)
                asyncio.create_task(_mark_play(ramp, server, figures))
                await asyncio.gather(*(_play(browser, server.url, gid, i, pseed, moves, think, figures, ramp)
                                       for i, (gid, pseed) in enumerate(created)))
                end = cpu_by_side(server.proc.pid)
                figures.cpu_play = {k: end[k] - figures.cpu_play.get(k, 0.0) for k in end}
                figures.play_seconds = time.perf_counter() - figures.play_seconds
            finally:
                await browser.close()
        stop.set()
        await sampler
        rss, hwm = server.memory_mb()
        figures.rss_samples.append(rss)
        figures.rss_peak = max(figures.rss_peak, hwm)
    finally:
        stop.set()
        server.stop()
    if server.trace.exists():
        split(figures, server.trace)
    return figures


STAGES = {
    "send": "click -> the event reaches the server (acting browser, socket, server loop)",
    "server": "event -> the other page's update handed to its websocket (move, Non-players, every page re-drawn)",
    "queue": "  of which: event -> the move's session call starts (worker thread)",
    "act": "  the session call (engine, database, Non-players)",
    "wake": "  call done -> the other page's re-draw starts (event loop)",
    "sync": "  the other page's re-draw (its view, the parts that changed)",
    "out": "  re-draw done -> update handed to the websocket (outbox, other pages' work)",
    "deliver": "update sent -> the other page's script receives it (socket, that browser's busy main thread)",
    "draw": "received -> drawn (the other browser applies the update)",
}


def split(figures: Figures, trace: Path) -> None:
    """Split each sample's latency into the ``STAGES`` with the server's trace (see ``trace_server``)."""
    events: dict[str, list[float]] = {}
    emits: dict[str, list[tuple[int, float]]] = {}
    acts: dict[str, list[tuple[float, float]]] = {}
    syncs: dict[str, list[tuple[int, float, float]]] = {}
    for line in trace.read_text().splitlines():
        r = json.loads(line)
        if r["k"] == "event":
            events.setdefault(r["c"], []).append(r["t"])
        elif r["k"] == "act":
            acts.setdefault(r["g"], []).append((r["t"], r["t"] + r["ms"]))
        elif r["k"] == "sync":
            syncs.setdefault(r["c"], []).append((r["v"], r["t"], r["t"] + r["ms"]))
        else:
            emits.setdefault(r["c"], []).append((r["v"], r["t"]))
            figures.update_bytes.append(r["n"])
    stages: dict[str, list[float]] = {k: [] for k in STAGES}
    for s in figures.samples:
        got = next((t for t in events.get(s.actor, []) if t >= s.clicked - CLOCK_SLACK_MS), None)
        sent = next((t for v, t in emits.get(s.other, []) if v >= s.version), None)
        if got is None or sent is None or s.arrived is None:
            continue
        stages["send"].append(got - s.clicked)
        stages["server"].append(sent - got)
        act = next(((a, b) for a, b in sorted(acts.get(s.game, [])) if a >= got), None)
        sync = next(((a, b) for v, a, b in syncs.get(s.other, []) if v >= s.version), None)
        if act and sync and act[0] <= sync[0] <= sent:
            for stage, ms in (("queue", act[0] - got), ("act", act[1] - act[0]), ("wake", sync[0] - act[1]),
                              ("sync", sync[1] - sync[0]), ("out", sent - sync[1])):
                stages[stage].append(ms)
        stages["deliver"].append(s.arrived - sent)
        stages["draw"].append(s.seen - s.arrived)
    figures.stages = stages


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def report(f: Figures, games: int, seconds: float, devices: str = "idle") -> str:
    lat = f.latencies_ms
    lines = [f"bench-browsers: {games} concurrent games x 3 browser contexts (phone, tablet, laptop), one server, "
             f"{os.cpu_count()} cores; devices {devices}: {DEVICES_MODES[devices]}",
             f"  moves played: {f.moves} in {seconds:.1f} s ({f.moves / seconds:.1f} moves/s); "
             f"games that reached their end: {f.games_finished}"]
    if lat:
        lines.append(f"  click -> update on the other devices: median {statistics.median(lat):.0f} ms, "
                     f"p95 {_pct(lat, 0.95):.0f} ms, max {max(lat):.0f} ms ({len(lat)} samples)")
    if f.arrival_ms:
        arr = f.arrival_ms
        lines.append(f"    of which until the server's update reached the other page (before it is drawn): median "
                     f"{statistics.median(arr):.0f} ms, p95 {_pct(arr, 0.95):.0f} ms")
    for stage, what in STAGES.items():
        values = f.stages.get(stage)
        if values:
            lines.append(f"    {what}: median {statistics.median(values):.0f} ms, p95 {_pct(values, 0.95):.0f} ms")
    if f.update_bytes:
        lines.append(f"  update message to a page per move: median {statistics.median(f.update_bytes) / 1024:.1f} KiB, "
                     f"p95 {_pct(f.update_bytes, 0.95) / 1024:.1f} KiB")
    lines.append(f"  server memory (RSS): peak {f.rss_peak:.0f} MB, at the end {f.rss_samples[-1]:.0f} MB, "
                 f"at start {f.rss_samples[0]:.0f} MB")
    if f.first_load_ms:
        lines.append(f"  time to first page load (join link, new browser context, while the others join too): median "
                     f"{statistics.median(f.first_load_ms):.0f} ms, p95 {_pct(f.first_load_ms, 0.95):.0f} ms "
                     f"(to the websocket handshake: median {statistics.median(f.first_ready_ms):.0f} ms); "
                     f"the very first one, nothing else loading: {f.first_load_ms[0]:.0f} ms")
        lines.append(f"  game page after taking the seat: median {statistics.median(f.game_load_ms):.0f} ms, "
                     f"p95 {_pct(f.game_load_ms, 0.95):.0f} ms")
    if f.moves and f.cpu_play:
        busy = sum(f.cpu_play.values()) / max(f.play_seconds, 1e-9)
        lines.append(f"  CPU during play ({f.play_seconds:.0f} s, {os.cpu_count()} cores): server "
                     f"{f.cpu_play['server']:.1f} s ({f.cpu_play['server'] / f.moves * 1000:.0f} ms per move), "
                     f"browsers {f.cpu_play['browsers']:.1f} s ({f.cpu_play['browsers'] / f.moves * 1000:.0f} ms per "
                     f"move, 3 pages each), the Playwright driver {f.cpu_play['driver']:.1f} s "
                     f"({f.cpu_play['driver'] / f.moves * 1000:.0f} ms per move); together {busy:.2f} cores busy on "
                     f"average")
    if f.moves and f.renderer.get("TaskDuration"):
        per = ", ".join(f"{words} {f.renderer[k] / f.moves * 1000:.0f} ms" for k, words in RENDERER.items())
        lines.append(f"  the pages' main threads per move (3 pages, whole play incl. idle time): {per}")
    goals = [("median < 100 ms", bool(lat) and statistics.median(lat) < 100),
             ("p95 < 250 ms", bool(lat) and _pct(lat, 0.95) < 250),
             ("memory < 300 MB", f.rss_peak < 300)]
    lines.append("  goals: " + ", ".join(f"{name} {'OK' if ok else 'MISSED'}" for name, ok in goals))
    for e in f.errors:
        lines.append(f"  error: {e}")
    return "\n".join(lines)


def main(games: int = 10, moves: int = 30, think: tuple[float, float] = (2.0, 4.0), seed: int = 1,
         stagger: float = 1.0, devices: str = "idle", from_step: int = 0) -> int:
    if not Path(CHROMIUM).exists():
        print(f"bench-browsers: {CHROMIUM} is missing (apt-get install chromium, or set CHROMIUM_PATH)")
        return 2
    with tempfile.TemporaryDirectory(prefix="lf-bench-browsers-") as tmp:
        t0 = time.perf_counter()
        figures = asyncio.run(_run(games, moves, think, seed, Path(tmp), stagger, devices, from_step))
        print(report(figures, games, time.perf_counter() - t0, devices))
    return 1 if figures.errors else 0
