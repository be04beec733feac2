"""``python -m lf``: check, bench, bench-browsers, loadgen, cluster, fuzz, simulate, arena, replay."""

from __future__ import annotations

import argparse
import sys
import time

from lf.tools.bench_speed import BASELINE


def _check(args: argparse.Namespace) -> int:
    from lf.tools.check import run

    return run()


def _bench(args: argparse.Namespace) -> int:
    from lf.tools.bench import main

    return main(args)


def _replay(args: argparse.Namespace) -> int:
    from lf.tools.replay_export import main

    return main(args.file, quiet=args.quiet)


def _fuzz(args: argparse.Namespace) -> int:
    from lf.tools import fuzz

    start = time.perf_counter()
    report = fuzz.FuzzReport()
    step = max(1, args.games // 20)
    for first in range(0, args.games, step):
        n = min(step, args.games - first)
        fuzz.run(n, seed=args.seed + first, deep=not args.fast, report=report)
        print(f"  {report.games}/{args.games} games, {report.steps} steps checked", flush=True)
    elapsed = time.perf_counter() - start
    print(f"fuzz: {report.games} games, {report.steps} steps, no failure ({elapsed:.1f} s); "
          f"wars won {report.won}/{report.games}")
    for how, n in report.outcomes.most_common():
        print(f"  {n:5d}  {how}")
    return 0


def _bench_browsers(args: argparse.Namespace) -> int:
    from lf.tools.bench_browsers import main

    return main(args.games, args.moves, (args.think_min, args.think_max), args.seed, args.stagger, args.devices,
                args.from_step)


def _loadgen(args: argparse.Namespace) -> int:
    from lf.tools.loadgen import RUNS, main

    runs = list(RUNS) if args.run == "all" else args.run.split(",")
    return main(runs, args.max_games, args.moves, (args.think_min, args.think_max), args.spectators, args.idle_games,
                args.live_games, args.seed, args.lobby_seconds, args.lobby_listed, args.fair_seconds,
                args.fair_phases)


def _cluster(args: argparse.Namespace) -> int:
    from lf.tools.cluster import main

    return main(args.processes, args.port, args.bind, args.database_url, args.workdir)


def _simulate(args: argparse.Namespace) -> int:
    from lf.tools.simulate import main

    return main(args)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m lf", description="lf: Land and Freedom, digital edition")
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("check", help="load and validate all content; print counts").set_defaults(fn=_check)
    b = sub.add_parser("bench", help="engine speed figures")
    b.add_argument("--games", type=int, default=200, help="games per figure of the engine's speed")
    b.add_argument("--baseline", default=BASELINE,
                   help="the commit whose engine is measured beside this one in the same run ('none': skip)")
    b.add_argument("--rounds", type=int, default=2, help="rounds of the speed figures, each side; the best is kept")
    b.add_argument("--session-games", type=int, default=30, help="games played through the session layer (0: skip)")
    b.add_argument("--ai-decisions", type=int, default=30,
                   help="decisions the computer player takes at each level (0: skip)")
    b.set_defaults(fn=_bench)
    bb = sub.add_parser("bench-browsers", help="concurrent three-device games in Chromium: latency, memory, load")
    bb.add_argument("--games", type=int, default=10, help="concurrent games (3 browser contexts each)")
    bb.add_argument("--moves", type=int, default=30, help="moves per game (at most)")
    bb.add_argument("--think-min", type=float, default=2.0, help="shortest pause between two moves of a game (s)")
    bb.add_argument("--think-max", type=float, default=4.0, help="longest pause between two moves of a game (s)")
    bb.add_argument("--stagger", type=float, default=1.0, help="seconds between two games joining")
    bb.add_argument("--seed", type=int, default=1)
    bb.add_argument("--from-step", type=int, default=0,
                    help="start each game this many moves in (the policy's own moves): moves late in a game")
    bb.add_argument("--devices", choices=("idle", "shared"), default="idle",
                    help="idle: the browsers (stand-ins for the players' own devices) get a core only when the server "
                         "does not need it; shared: they compete with the server as equals")
    bb.set_defaults(fn=_bench_browsers)
    f = sub.add_parser("fuzz", help="random games with every invariant checked after every step")
    f.add_argument("--games", type=int, default=1000)
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--fast", action="store_true", help="skip the per-step JSON round-trip and view checks")
    f.set_defaults(fn=_fuzz)
    s = sub.add_parser("simulate", help="balance simulator: Non-player games and figures")
    s.add_argument("--games", type=int, default=2000)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--seats", default="all_np", help="all_np, or e.g. anarchists=random,communists=np,moderates=np")
    s.add_argument("--json", dest="json_file", default=None)
    s.add_argument("--plot", dest="plot_dir", default=None)
    s.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    s.add_argument("--level", default="standard", help="the Fascists' strength: recruit, standard, veteran or last_stand")
    s.add_argument("--quiet", action="store_true")
    s.set_defaults(fn=_simulate)
    from lf.tools.arena import add_parser as add_arena

    add_arena(sub)
    lg = sub.add_parser("loadgen", help="socket.io clients playing many games: the figures of docs/server.md")
    lg.add_argument("--run", default="all",
                    help="all, or some of ramp,ramp2,spectators,memory,failover,flood,computers,lobby,fair")
    lg.add_argument("--max-games", type=int, default=160, help="the ramp stops here (N = 5, 10, 20, ...)")
    lg.add_argument("--moves", type=int, default=10, help="moves per game in each ramp step")
    lg.add_argument("--think-min", type=float, default=2.0, help="shortest pause between two moves of a game (s)")
    lg.add_argument("--think-max", type=float, default=4.0, help="longest pause between two moves of a game (s)")
    lg.add_argument("--spectators", type=int, default=200)
    lg.add_argument("--idle-games", type=int, default=40, help="games loaded with no page (memory)")
    lg.add_argument("--live-games", type=int, default=20, help="games with 3 seated pages (memory)")
    lg.add_argument("--seed", type=int, default=1)
    lg.add_argument("--lobby-seconds", type=float, default=90.0,
                    help="how long one address opens and keeps lobby pages while a game is played (lobby)")
    lg.add_argument("--lobby-listed", type=int, default=20,
                    help="other public games listed in the lobby, half running, half finished (lobby)")
    lg.add_argument("--fair-seconds", type=float, default=60.0,
                    help="how long each phase of the thinking pool's fairness run lasts (fair)")
    lg.add_argument("--fair-phases", default="alone,self-playing,suggestions,both",
                    help="the fair run's phases: some of alone,self-playing,suggestions,both (fair)")
    lg.set_defaults(fn=_loadgen)
    c = sub.add_parser("cluster", help="N lf processes on one PostgreSQL behind HAProxy, on this machine")
    c.add_argument("--processes", type=int, default=2, help="lf processes (one core each at most)")
    c.add_argument("--port", type=int, default=8080, help="the proxy's port (the address players open)")
    c.add_argument("--bind", default="0.0.0.0", help="the proxy's address")
    c.add_argument("--database-url", default=None, help="PostgreSQL to use (default: DATABASE_URL, else a private "
                                                         "cluster in a temporary folder, deleted at the end)")
    c.add_argument("--workdir", default=None, help="where the logs, haproxy.cfg and shared storage go")
    c.set_defaults(fn=_cluster)
    r = sub.add_parser("replay", help="replay a game export (JSON) and print where it breaks, if it does")
    r.add_argument("file")
    r.add_argument("--quiet", action="store_true", help="do not list the decisions open where it breaks")
    r.set_defaults(fn=_replay)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return args.fn(args)


if __name__ == "__main__":
    sys.exit(main())
