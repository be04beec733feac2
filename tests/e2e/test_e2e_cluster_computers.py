"""Two real lf processes on one PostgreSQL behind HAProxy never both play for the computer (issue 21), and when the
one thinking is SIGKILLed the other takes over once its claim lapses (docs/server.md, "The computer's seats"); one
server alone, SIGKILLed while its computer thinks, goes on at once when started again.

No browser: the processes load the game by themselves (each loads the running games with a computer seat at start,
lf/server/computer_seats.py), which is when both would think the same decision without a claim. What is watched is
the database: which process holds the game's claim (``computer_claims``), and the log, each of whose rows must be
committed once; and each process's log, where a move thought twice shows as a refused commit ("version conflict").
"""

from __future__ import annotations

import os
import time
from datetime import datetime
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from lf.session import claims
from lf.session.registry import new_game_rows
from lf.store import open_repository
from lf.store.db import normalize_url, sqlite_url
from lf.store.models import utcnow
from lf.store.pg_cluster import TempCluster, find_bindir
from lf.tools.cluster import Cluster, haproxy_binary

pytestmark = pytest.mark.e2e
COMPUTERS = {"anarchists": "computer:strong", "communists": "computer:strong", "moderates": "computer:strong"}
WAIT_S = 120.0
MOVES_BEFORE_KILL = 4


@pytest.fixture
def database(tmp_path) -> Iterator[str]:
    missing = [what for what, ok in (("haproxy", haproxy_binary()), ("PostgreSQL's server binaries", find_bindir()))
               if not ok]
    if missing:
        pytest.skip(f"{' and '.join(missing)} not installed (scripts/test.sh installs them as root)")
    pg = TempCluster().start()
    try:
        yield pg.create_database("lf")
    finally:
        pg.stop()


def _read(url: str, sql: str, **params) -> list[tuple]:
    engine = create_engine(normalize_url(url))
    try:
        with engine.begin() as c:
            return [tuple(r) for r in c.execute(text(sql), params)]
    finally:
        engine.dispose()


def _claim_and_version(url: str, game_id: str) -> tuple[str | None, int]:
    owner = _read(url, "SELECT owner FROM computer_claims WHERE game_id = :g", g=game_id)
    version = _read(url, "SELECT version FROM games WHERE id = :g", g=game_id)[0][0]
    return (owner[0][0] if owner else None), version


def _node(owner: str | None) -> str | None:
    return owner.split("/", 1)[0] if owner else None


def _thinking_cpu_s(pid: int) -> float:
    """CPU seconds used by the processes ``pid`` started (its fork server and thinking processes), from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    parent, used = {}, {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # ended meanwhile
            parent[int(entry.name)] = int(fields[1])
            used[int(entry.name)] = (int(fields[11]) + int(fields[12])) / ticks
    children = {p for p, pp in parent.items() if pp == pid}
    family = set(children)
    while children:
        children = {p for p, pp in parent.items() if pp in children}
        family |= children
    return sum(used[p] for p in family)


def _no_move_thought_twice(cluster: Cluster) -> None:
    """A process whose commit is refused because the other committed first says so in its log."""
    for node in cluster.nodes:
        words = node.log.read_text(errors="replace")
        assert "version conflict" not in words, f"{node.name} thought a move the other committed:\n{words[-3000:]}"


def test_one_process_thinks_for_the_computer_and_the_other_takes_over_after_a_sigkill(
        database: str, tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LF_THINKERS", "1")  # one thinking process each: the machine's cores are shared
    repo = open_repository(database)
    row, seats = new_game_rows(COMPUTERS, name="Three computers, two servers")
    repo.create_game(row, seats)  # stored before the servers start: both load it at start
    repo.engine.dispose()
    with Cluster(processes=2, database_url=database, workdir=tmp_path / "cluster") as cluster:
        owners: set[str] = set()
        end = time.monotonic() + WAIT_S
        while True:  # the game plays itself; one process thinks every decision
            owner, version = _claim_and_version(database, row.id)
            if owner:
                owners.add(owner)
            if version >= MOVES_BEFORE_KILL:
                break
            assert time.monotonic() < end, f"the computers made {version} moves in {WAIT_S} s"
            time.sleep(0.05)
        _no_move_thought_twice(cluster)
        cpu = {n.name: _thinking_cpu_s(n.proc.pid) for n in cluster.nodes}
        print(f"thinking CPU seconds: {cpu}")
        assert len(owners) == 1, f"one process claimed every decision, not {owners} (thinking CPU {cpu})"
        thinker = _node(next(iter(owners)))
        index = [n.name for n in cluster.nodes].index(thinker)
        other = cluster.nodes[1 - index].name
        # the other thought nothing: its thinking processes stayed idle while the thinker's searched
        assert cpu[other] < 0.2 * cpu[thinker], f"both processes thought: CPU seconds {cpu}"
        _, at_kill = _claim_and_version(database, row.id)
        killed = cluster.kill(index)
        end = time.monotonic() + WAIT_S
        while True:  # the other process waits for the dead one's claim to lapse, then claims, thinks and plays
            owner, version = _claim_and_version(database, row.id)
            if _node(owner) == other and version > at_kill + 1:
                break
            assert time.monotonic() < end, f"the other process did not take over ({owner}, version {version})"
            time.sleep(0.05)
        took = time.perf_counter() - killed
        _no_move_thought_twice(cluster)
    rows = _read(database, "SELECT seq, faction, note FROM actions WHERE game_id = :g ORDER BY seq", g=row.id)
    assert [r[0] for r in rows] == list(range(1, len(rows) + 1))  # each row once
    assert all(r[2] for r in rows), "every move of the computer carries its reason"
    print(f"takeover after SIGKILL: {took:.1f} s (lease {claims.LEASE_S:.0f} s); {len(rows)} moves")


def test_a_server_killed_while_its_computer_thinks_goes_on_at_once_when_started_again(lf_server) -> None:
    """One server alone on its database (SQLite): a SIGKILL mid-search leaves its claim in the database; started
    again under the same node name, it clears its earlier run's claim and thinks the decision at once, long before
    that claim would have lapsed (lf/session/claims.py)."""
    url = sqlite_url(lf_server.db_path)
    lf_server.stop()  # the database exists now (schema upgraded): store the game before the server loads it
    repo = open_repository(url)
    row, seats = new_game_rows(COMPUTERS, name="A restart mid-search")
    repo.create_game(row, seats)
    repo.engine.dispose()
    lf_server.start()
    end = time.monotonic() + WAIT_S
    while not (claim := _read(url, "SELECT owner, expires_at FROM computer_claims WHERE game_id = :g", g=row.id)):
        assert time.monotonic() < end, "the computer never claimed its decision"
        time.sleep(0.05)
    lf_server.kill()
    old_owner = claim[0]  # the claim seen before the kill (a search that ended in between leaves none to read after)
    lapses = datetime.fromisoformat(str(old_owner[1]))
    _, at_kill = _claim_and_version(url, row.id)
    lf_server.start()
    end = time.monotonic() + WAIT_S
    while True:
        owner, version = _claim_and_version(url, row.id)
        if owner not in (None, old_owner[0]):
            break
        assert time.monotonic() < end, f"the server did not think again ({owner}, version {version})"
        time.sleep(0.02)
    assert utcnow() < lapses, "the restarted server waited for its earlier run's claim to lapse"
    _wait_version(url, row.id, at_kill + 1)
    assert "version conflict" not in lf_server.log_text()


def _wait_version(url: str, game_id: str, version: int) -> None:
    end = time.monotonic() + WAIT_S
    while _claim_and_version(url, game_id)[1] < version:
        assert time.monotonic() < end, f"the game did not reach version {version}"
        time.sleep(0.05)
