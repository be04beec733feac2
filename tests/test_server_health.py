"""``/healthz`` checks the database and says which check failed; a damaged or locked database reaches the
pages as plain words, never a traceback or a connection string (issue 13), on the real server. It checks that a
write can commit: a full disk and a read-only database fail it, each in its own words (issue 18)."""

from __future__ import annotations

import contextlib
import resource
import sqlite3
import subprocess
import uuid
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from live_server import LfServer
from sqlalchemy import create_engine


@pytest.fixture
def server(tmp_path):
    live = LfServer(tmp_path)
    yield live
    live.stop()


async def test_a_healthy_server_says_so(server: LfServer) -> None:
    server.start()
    async with httpx.AsyncClient(base_url=server.url) as http:
        r = await http.get("/healthz")
    assert r.status_code == 200
    assert r.json() == {"ok": True, "checks": {"database": "ok", "content": "ok"}}


async def test_a_damaged_database_file_fails_the_health_check_and_the_lobby_says_it_plainly(server: LfServer) -> None:
    server.db_path.write_bytes(b"this is not a database, it was overwritten by mistake\n" * 100)
    server.start(healthy=False)
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        r = await http.get("/healthz")
        assert r.status_code == 503
        body = r.json()
        assert body["ok"] is False and body["failed"] == ["database"]
        assert "damaged" in body["checks"]["database"] and body["checks"]["content"] == "ok"
        page = await http.get("/")
    assert page.status_code == 200
    assert "The games can" in page.text and "damaged" in page.text
    for leak in ("Traceback", "sqlite3", "OperationalError", "DatabaseError", str(server.db_path)):
        assert leak not in page.text, leak


async def test_a_locked_database_fails_the_health_check_without_hanging(server: LfServer) -> None:
    server.start()
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        assert (await http.get("/healthz")).status_code == 200
        lock = sqlite3.connect(server.db_path, isolation_level=None)
        lock.execute("BEGIN EXCLUSIVE")
        try:
            r = await http.get("/healthz")
        finally:
            lock.execute("ROLLBACK")
            lock.close()
        assert r.status_code == 503 and r.json()["failed"] == ["database"]
        assert "did not answer" in r.json()["checks"]["database"]
        assert (await http.get("/healthz")).status_code == 200


async def test_a_file_size_limit_on_the_database_fails_the_health_check_and_says_so(server: LfServer) -> None:
    """Issue 27: ``/healthz`` answered 200 while every move failed to save: the server's process could not make
    the SQLite file or its write-ahead log larger (its file-size limit: ``ulimit -f``, systemd's ``LimitFSIZE``),
    and the health row's write (one 4 KB page) still fitted where a move's (16-190 KB) did not. Set on the real
    server's process with prlimit, 64 KB above its files, then lifted."""
    server.start()
    wal = server.db_path.with_name(server.db_path.name + "-wal")
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        assert (await http.get("/healthz")).status_code == 200
        assert server.proc is not None
        before = resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE)
        largest = max(f.stat().st_size for f in (server.db_path, wal) if f.exists())
        resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE, (largest + 65536, before[1]))
        try:
            r = await http.get("/healthz")
        finally:
            resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE, before)
        assert r.status_code == 503 and r.json()["failed"] == ["database"], r.text
        assert "file-size limit" in r.json()["checks"]["database"], r.text
        assert (await http.get("/healthz")).status_code == 200


@dataclass
class _ServerWithItsDatabaseOn(LfServer):
    """The server with its SQLite file on ``db_dir`` (its log and storage stay in the test's folder)."""

    db_dir: Path = Path()

    @property
    def db_path(self) -> Path:
        return self.db_dir / "lf.db"


@pytest.fixture
def small_disk(tmp_path: Path):
    """A 16 MB filesystem of its own (tmpfs): filling it is filling a disk. Mounting needs root (CI runs as root)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"a small filesystem cannot be mounted here (needs root): {done.stderr.decode().strip()}")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], capture_output=True)


async def test_a_full_disk_fails_the_health_check_and_says_so(tmp_path: Path, small_disk: Path) -> None:
    """Issue 18: ``/healthz`` answered 200 while the disk was full (it only read)."""
    server = _ServerWithItsDatabaseOn(tmp_path, db_dir=small_disk).start()
    filler = small_disk / "filler"
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
            assert (await http.get("/healthz")).status_code == 200
            with filler.open("wb", buffering=0) as out:  # unbuffered: closing it has nothing left to write
                with contextlib.suppress(OSError):  # ENOSPC: the disk is full
                    while True:
                        out.write(b"\0" * 65536)
            r = await http.get("/healthz")
            assert r.status_code == 503 and r.json()["failed"] == ["database"], r.text
            assert "disk" in r.json()["checks"]["database"] and "full" in r.json()["checks"]["database"]
            filler.unlink()
            assert (await http.get("/healthz")).status_code == 200
    finally:
        filler.unlink(missing_ok=True)
        server.stop()


async def test_a_read_only_database_fails_the_health_check_and_says_so(tmp_path: Path, pg_cluster) -> None:
    """Issue 18: ``/healthz`` answered 200 while the database took no writes. PostgreSQL is made read-only as a
    standby or an administrator makes it: every new transaction is read-only."""
    name = f"lf_health_{uuid.uuid4().hex[:8]}"
    url = pg_cluster.create_database(name)
    server = LfServer(tmp_path, extra_env={"DATABASE_URL": url}).start()
    admin = create_engine(url.replace(f"/{name}", "/postgres"), isolation_level="AUTOCOMMIT")

    def set_read_only(on: bool) -> None:
        with admin.connect() as conn:
            conn.exec_driver_sql(f"ALTER DATABASE {name} SET default_transaction_read_only = {'on' if on else 'off'}")
            conn.exec_driver_sql(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'")

    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
            assert (await http.get("/healthz")).status_code == 200
            set_read_only(True)
            r = await http.get("/healthz")
            if r.status_code == 503 and "cannot be reached" in r.text:  # a pooled connection the admin just ended
                r = await http.get("/healthz")
            assert r.status_code == 503 and r.json()["failed"] == ["database"], r.text
            assert "read-only" in r.json()["checks"]["database"]
            set_read_only(False)
            r = await http.get("/healthz")
            if r.status_code == 503:
                r = await http.get("/healthz")
            assert r.status_code == 200, r.text
    finally:
        server.stop()
        admin.dispose()
        pg_cluster.drop_database(name)
