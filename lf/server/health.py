"""``/healthz``: is this server able to serve games? Each check says ok or what failed, in plain words.

A load balancer, a supervisor or a person asks it. It answers 200 with every check "ok", or 503 naming the
check that failed (never a traceback or a connection string): the database and the game content. The database
check reads, then writes this process's row of the ``health`` table and commits, within ``DB_TIMEOUT_S``: a
server that can read but not save (a read-only database, a full disk) fails it, with words that say which, as
does a locked, damaged or unreachable database. For a SQLite file, less than ``MIN_FREE_BYTES`` free on its
disk fails it too (SQLite may still fit a small write into its journal's old space until a larger one fails),
and so does less than ``MIN_FREE_BYTES`` of room under this process's file-size limit (``ulimit -f``): the
health row's write adds 4 KB to the write-ahead log where a move adds 16-190 KB, so at the limit every move
failed while the row still fitted (issue 27).

Why the row's write commits, on both databases, rather than being rolled back: a rolled-back transaction may
never reach the disk (SQLite writes a transaction's pages to its write-ahead log only when it commits; PostgreSQL
flushes its log at the commit), so only a commit proves that a move can be saved. The row is this process's own
(``health``, one per node): it changes nothing of any game.
One write at most is in flight: a check that finds the last one still waiting (a lock) says so at once.
"""

from __future__ import annotations

import asyncio
import logging
import os

from fastapi.responses import JSONResponse
from sqlalchemy.exc import SQLAlchemyError

from lf.session import SessionError, default_registry
from lf.session.errors import plain_database_error
from lf.store import Repository, StoreError

log = logging.getLogger("lf.server")

DB_TIMEOUT_S = 5.0
#: Less room than this for a SQLite file, on its disk or under the file-size limit, fails the check (a move adds
#: 16-190 KB to the write-ahead log: a snapshot is 40-75 KB and moves the pages it replaces).
MIN_FREE_BYTES = 1_000_000


def _database() -> str:
    try:
        repo = default_registry().repo
        repo.ping()
        if (short := _no_room(repo)) is not None:
            return short
        repo.probe_write(os.environ.get("LF_NODE") or "lf")
    except SessionError as exc:
        return str(exc)
    except (SQLAlchemyError, StoreError) as exc:
        log.warning("health check: database: %s", exc)
        return plain_database_error(exc)
    return "ok"


def _no_room(repo: Repository) -> str | None:
    """Why a move's write would fail now though the health row's small one may still fit (SQLite only), or None."""
    free = repo.free_bytes()
    if free is not None and free < MIN_FREE_BYTES:  # a write may still fit in the journal: say it before it fails
        return f"the disk the database is on is full (less than {MIN_FREE_BYTES // 1_000_000} MB free), so games " \
               "cannot be saved"
    room = repo.file_room()
    if room is not None and room < MIN_FREE_BYTES:  # this process's limit, not the disk: the words say which
        return "the database file may not grow any more: this server's process has a file-size limit (ulimit -f) " \
               "and the file is at it, so games cannot be saved"
    return None


def _content() -> str:
    try:
        from lf.engine.content import load_content

        load_content()
    except Exception as exc:  # a broken content file must show here, not crash the check
        return f"the game content does not load ({type(exc).__name__})"
    return "ok"


_in_flight: asyncio.Future | None = None


async def healthz() -> JSONResponse:
    global _in_flight
    checks: dict[str, str] = {}
    if _in_flight is None or _in_flight.done() or _in_flight.get_loop() is not asyncio.get_running_loop():
        _in_flight = asyncio.ensure_future(asyncio.to_thread(_database))
    try:
        checks["database"] = await asyncio.wait_for(asyncio.shield(_in_flight), DB_TIMEOUT_S)
    except TimeoutError:
        checks["database"] = f"the database did not answer within {DB_TIMEOUT_S:.0f} s (locked or overloaded)"
    checks["content"] = _content()
    failed = [name for name, result in checks.items() if result != "ok"]
    body = {"ok": not failed, "checks": checks}
    if failed:
        body["failed"] = failed
    return JSONResponse(body, status_code=503 if failed else 200)
