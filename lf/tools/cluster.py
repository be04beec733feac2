"""``python -m lf cluster``: several lf processes on one PostgreSQL behind HAProxy, on this machine.

Why: NiceGUI serves from one process, which uses one core at most. A host with more cores (or machines)
runs several lf processes on one database, and a proxy sends each game to one of them (docs/server.md,
"More than one process"). This starts the whole set: a PostgreSQL cluster (Debian's binaries, in a
temporary folder) unless ``--database-url`` names one, N lf processes (``main.py`` with ``LF_NODE``, one port
each, one shared NiceGUI storage folder and secret), and HAProxy with ``deploy/haproxy.cfg.in`` filled in.
Ctrl-C or SIGTERM stops them all, the proxy first. The load generator and the cluster tests use the same
``Cluster`` class.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from string import Template

from .local_server import free_port, server_env, wait_until_up

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "deploy" / "haproxy.cfg.in"
START_TIMEOUT_S = 60.0


def haproxy_binary() -> str | None:
    return shutil.which("haproxy") or next((p for p in ("/usr/sbin/haproxy",) if Path(p).exists()), None)


def render_config(ports: list[int], port: int, bind: str = "127.0.0.1", stats: int = 0) -> str:
    """deploy/haproxy.cfg.in for lf processes on ``ports`` (127.0.0.1), the proxy on ``bind:port``."""
    servers = "\n".join(f"    server lf{i} 127.0.0.1:{p}" for i, p in enumerate(ports, 1))
    return Template(TEMPLATE.read_text()).substitute(bind=bind, port=port, servers=servers, stats=stats or free_port())


@dataclass
class Node:
    """One lf process of the cluster."""

    name: str
    port: int
    log: Path
    proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None


@dataclass
class Cluster:
    """``with Cluster(processes=2) as c: c.url`` (the proxy). ``kill(i)``, ``start_node(i)``, ``stop()``."""

    processes: int = 2
    port: int = 0
    bind: str = "127.0.0.1"
    database_url: str | None = None
    workdir: Path | None = None
    storage_secret: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    nodes: list[Node] = field(default_factory=list)
    proxy: subprocess.Popen | None = None
    _pg: object | None = None
    _tmp: tempfile.TemporaryDirectory | None = None

    @property
    def url(self) -> str:
        host = "127.0.0.1" if self.bind in ("0.0.0.0", "") else self.bind
        return f"http://{host}:{self.port}"

    # -- starting and stopping --------------------------------------------------------------

    def start(self) -> Cluster:
        haproxy = haproxy_binary()
        if haproxy is None:
            raise FileNotFoundError("HAProxy is not installed: apt-get install haproxy (scripts/cluster.sh does)")
        if self.workdir is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="lf-cluster-")
            self.workdir = Path(self._tmp.name)
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.port = self.port or free_port()
        try:
            self._database()
            self.nodes = [Node(f"lf{i}", free_port(), self.workdir / f"lf{i}.log") for i in range(1, self.processes + 1)]
            for i in range(len(self.nodes)):
                self.start_node(i)
            config = self.workdir / "haproxy.cfg"
            config.write_text(render_config([n.port for n in self.nodes], self.port, self.bind))
            with (self.workdir / "haproxy.log").open("a") as log:
                self.proxy = subprocess.Popen([haproxy, "-f", str(config), "-db"], stdout=log,
                                              stderr=subprocess.STDOUT, start_new_session=True)
            wait_until_up(self.proxy, self.url, START_TIMEOUT_S, self.workdir / "haproxy.log")
            self.wait_routed(len(self.nodes))
        except BaseException:
            self.stop()
            raise
        return self

    def _database(self) -> None:
        """Use ``database_url``, or start a private PostgreSQL cluster; upgrade the schema once, before the nodes."""
        from lf.store import open_repository

        if not self.database_url:
            from lf.store.pg_cluster import TempCluster

            self._pg = TempCluster().start()
            self.database_url = self._pg.create_database("lf")  # type: ignore[attr-defined]
        open_repository(self.database_url).engine.dispose()

    def start_node(self, index: int) -> None:
        """Start (or start again) the lf process ``index`` on its port."""
        node = self.nodes[index]
        assert self.workdir is not None and self.database_url is not None
        # HAProxy on this machine opens every connection: the visitor's address is the one it appends to
        # X-Forwarded-For (deploy/haproxy.cfg.in), believed from the proxy alone (lf/server/visitors.py)
        env = server_env(node.port, self.workdir / "unused.db", self.workdir / "storage", self.storage_secret,
                         LF_NODE=node.name, LF_TRUSTED_PROXIES="127.0.0.1")
        env["DATABASE_URL"] = self.database_url
        with node.log.open("a") as log:
            node.proc = subprocess.Popen([sys.executable, str(ROOT / "main.py")], cwd=ROOT, env=env, stdout=log,
                                         stderr=subprocess.STDOUT, start_new_session=True)
        wait_until_up(node.proc, node.url, START_TIMEOUT_S, node.log)

    def kill(self, index: int) -> float:
        """SIGKILL the process ``index`` (a crash: nothing of it runs any more); returns when (perf_counter)."""
        node = self.nodes[index]
        assert node.proc is not None
        node.proc.send_signal(signal.SIGKILL)
        at = time.perf_counter()
        node.proc.wait(timeout=10)
        return at

    def wait_routed(self, alive: int, timeout: float = 30.0) -> None:
        """Until the proxy's health checks count ``alive`` processes up (its status page, CSV)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.up_count() == alive:
                return
            time.sleep(0.1)
        raise TimeoutError(f"the proxy does not see {alive} live lf processes")

    def up_count(self) -> int:
        stats = self._stats_port()
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{stats}/;csv", timeout=2) as r:
                rows = r.read().decode().splitlines()
        except OSError:
            return -1
        return sum(1 for row in rows if row.startswith("lf,lf") and ",UP" in row)

    def _stats_port(self) -> int:
        assert self.workdir is not None
        text = (self.workdir / "haproxy.cfg").read_text()
        return int(text.split("listen stats", 1)[1].split("bind 127.0.0.1:", 1)[1].split()[0])

    def stop(self) -> None:
        """Stop the proxy, then the lf processes (SIGTERM, then SIGKILL), then the private PostgreSQL."""
        procs = ([self.proxy] if self.proxy else []) + [n.proc for n in self.nodes if n.proc]
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        self.proxy = None
        if self._pg is not None:
            self._pg.stop()  # type: ignore[attr-defined]
            self._pg = None
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def __enter__(self) -> Cluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main(processes: int, port: int, bind: str, database_url: str | None, workdir: str | None) -> int:
    """Start the set, print where it is, and wait for Ctrl-C or SIGTERM."""
    cluster = Cluster(processes, port, bind, database_url or os.environ.get("DATABASE_URL") or None,
                      Path(workdir) if workdir else None,
                      storage_secret=os.environ.get("LF_STORAGE_SECRET") or secrets.token_urlsafe(24))
    stop = {"now": False}
    signal.signal(signal.SIGTERM, lambda *_: stop.update(now=True))
    try:
        cluster.start()
    except (FileNotFoundError, RuntimeError, TimeoutError) as exc:
        print(f"cluster: {exc}", file=sys.stderr)
        return 2
    print(f"lf cluster: {processes} processes behind HAProxy at {cluster.url} (logs and haproxy.cfg in "
          f"{cluster.workdir}); Ctrl-C stops it", flush=True)
    for node in cluster.nodes:
        print(f"  {node.name}: {node.url} (pid {node.proc.pid if node.proc else '?'})", flush=True)
    try:
        while not stop["now"]:
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        print("lf cluster: stopping", flush=True)
        cluster.stop()
    return 0
