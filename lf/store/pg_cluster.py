"""A throwaway PostgreSQL cluster from Debian's packages, for the tests and the benchmark.

Why here and not in the tests: ``python -m lf bench`` starts one too when no
``DATABASE_URL`` is given. The cluster lives in a fresh temporary directory,
listens only on 127.0.0.1 on a free port with ``trust`` authentication (it is
private and short-lived), and is stopped and deleted by ``stop()``. PostgreSQL
refuses to run as root, so as root every server command runs as the
``postgres`` OS user (created by the Debian package) through ``runuser``.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

from lf.tools.local_server import free_port

FAST_SETTINGS = ("fsync=off", "synchronous_commit=off", "full_page_writes=off")


def find_bindir() -> Path | None:
    """The directory of initdb/pg_ctl: LF_PG_BINDIR, the newest /usr/lib/postgresql/N/bin, or PATH."""
    candidates = []
    if env := os.environ.get("LF_PG_BINDIR"):
        candidates.append(Path(env))
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name)
                      if Path(p).parent.name.isdigit() else 0, reverse=True)
    candidates += [Path(p) for p in versions]
    if found := shutil.which("initdb"):
        candidates.append(Path(found).parent)
    return next((c for c in candidates if (c / "initdb").is_file() and (c / "pg_ctl").is_file()), None)


class TempCluster:
    """``with TempCluster() as pg: url = pg.create_database("t1")``."""

    def __init__(self, bindir: Path | None = None, fast: bool = False) -> None:
        found = bindir or find_bindir()
        if found is None:
            raise FileNotFoundError("PostgreSQL server binaries (initdb, pg_ctl) not found; "
                                    "install Debian's postgresql package")
        self.bindir = found
        self.fast = fast
        self.port = 0
        self.base: Path | None = None
        self._as_postgres = os.geteuid() == 0

    @property
    def data(self) -> Path:
        assert self.base is not None
        return self.base / "data"

    def _run(self, *cmd: str) -> None:
        full = [str(self.bindir / cmd[0]), *cmd[1:]]
        if self._as_postgres:
            full = ["runuser", "-u", "postgres", "--", *full]
        done = subprocess.run(full, capture_output=True, text=True, cwd="/")
        if done.returncode != 0:
            log = self.base / "server.log" if self.base else None
            tail = log.read_text()[-2000:] if log and log.exists() else ""
            raise RuntimeError(f"{' '.join(full)} failed ({done.returncode}): {done.stderr or done.stdout}\n{tail}")

    def start(self) -> TempCluster:
        self.base = Path(tempfile.mkdtemp(prefix="lf-pg-"))
        if self._as_postgres:
            pw = pwd.getpwnam("postgres")
            os.chown(self.base, pw.pw_uid, pw.pw_gid)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "--encoding=UTF8",
                  "--no-locale", "--no-sync")
        self.port = free_port()
        settings = [f"-p {self.port}", f"-k {self.base}", "-c listen_addresses=127.0.0.1"]
        settings += [f"-c {s}" for s in FAST_SETTINGS] if self.fast else []
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.base / "server.log"), "-w", "-t", "60",
                  "-o", " ".join(settings), "start")
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True) as c:
            c.execute(sql)

    def create_database(self, name: str) -> str:
        self._admin(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop_database(self, name: str) -> None:
        self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        if self.base is None:
            return
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.base, ignore_errors=True)
            self.base = None

    def __enter__(self) -> TempCluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
