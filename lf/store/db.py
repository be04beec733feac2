"""Database engines: a SQLite file by default, PostgreSQL when ``DATABASE_URL`` is set.

Why the SQLite set-up is not SQLAlchemy's default: Python's ``sqlite3`` module
only opens a transaction before INSERT/UPDATE/DELETE, so DDL (migrations) would
run outside any transaction and a read followed by a write could fail with
SQLITE_BUSY instead of waiting. We take over transaction control (the recipe in
SQLAlchemy's SQLite documentation) and start every transaction that may write
with ``BEGIN IMMEDIATE``: one writer at a time, waiting up to ``busy_timeout``.
A transaction that only reads (``read_only(engine)``, the repository's reads)
starts with a plain ``BEGIN``: in WAL mode it reads at once, even while another
connection holds the write lock for a long time (a backup, the ``sqlite3``
shell), so the lobby and the game pages' reads never wait for a writer.
WAL mode lets readers in other processes work while a game is written, and
``synchronous=FULL`` (the default; ``LF_DB_SYNC=NORMAL`` trades power-loss
durability for speed) makes an acknowledged action survive a power cut, not
just a killed process.
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event

DEFAULT_SQLITE_FILE = "lf.db"
SQLITE_SYNC_MODES = ("FULL", "NORMAL", "EXTRA")
BUSY_TIMEOUT_MS = 30_000
#: The execution option that marks a read-only transaction (see ``read_only``).
READ_ONLY = "lf_read_only"


def database_url(env: dict[str, str] | None = None) -> str:
    """The URL lf uses: ``DATABASE_URL`` (PostgreSQL, or any SQLAlchemy URL) else the ``LF_DB`` SQLite file."""
    env = os.environ if env is None else env
    if url := env.get("DATABASE_URL", "").strip():
        return normalize_url(url)
    return sqlite_url(env.get("LF_DB", "").strip() or DEFAULT_SQLITE_FILE)


def sqlite_url(path: str | os.PathLike[str]) -> str:
    """``sqlite:///<absolute path>``: a relative ``LF_DB`` is taken from the working directory."""
    return f"sqlite:///{Path(path).expanduser().resolve()}"


def normalize_url(url: str) -> str:
    """Accept the usual spellings of a PostgreSQL URL and select the psycopg 3 driver."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def read_only(engine: Engine) -> Engine:
    """The same engine for transactions that only read (on SQLite they begin without taking the write lock)."""
    return engine.execution_options(**{READ_ONLY: True})


def is_sqlite(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite"


def make_engine(url: str | None = None, *, echo: bool = False) -> Engine:
    """A SQLAlchemy engine for ``url`` (default: :func:`database_url`), configured for lf."""
    url = normalize_url(url) if url else database_url()
    if url.startswith("sqlite"):
        return _sqlite_engine(url, echo)
    return create_engine(url, echo=echo, pool_pre_ping=True, future=True)


def _sqlite_engine(url: str, echo: bool) -> Engine:
    if url in ("sqlite://", "sqlite:///:memory:"):
        raise ValueError("lf needs a SQLite file (set LF_DB to a path); an in-memory database cannot be shared")
    path = Path(url.removeprefix("sqlite:///"))
    path.parent.mkdir(parents=True, exist_ok=True)
    sync = os.environ.get("LF_DB_SYNC", "FULL").upper()
    if sync not in SQLITE_SYNC_MODES:
        raise ValueError(f"LF_DB_SYNC must be one of {', '.join(SQLITE_SYNC_MODES)}, not {sync!r}")
    engine = create_engine(url, echo=echo, connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves (see the module docstring)
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        _use_wal(cursor)
        cursor.execute(f"PRAGMA synchronous={sync}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN" if connection.get_execution_options().get(READ_ONLY) else "BEGIN IMMEDIATE")

    return engine


def _use_wal(cursor: Any) -> None:
    """Switch the file to WAL, waiting for other connections doing the same.

    Why a loop: SQLite answers "database is locked" at once, without calling the
    busy handler, when two connections change a new file's journal mode at the
    same moment (two servers starting on one file), or leaves the old mode in
    place. The mode is stored in the file: once one has switched, the others
    find it switched.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            if cursor.execute("PRAGMA journal_mode=WAL").fetchone()[0].lower() == "wal":
                return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc):
                raise
        if time.monotonic() > deadline:
            raise sqlite3.OperationalError("database is locked: could not switch it to WAL mode")
        time.sleep(0.01)
