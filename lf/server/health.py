"""``/healthz``: is this server able to serve games? Each check says ok or what failed, in plain words.

A load balancer, a supervisor or a person asks it. It answers 200 with every check "ok", or 503 naming the
check that failed (never a traceback or a connection string): the database (opened, and one read answered
within ``DB_TIMEOUT_S``; a locked, damaged or unreachable database fails it) and the game content.
"""

from __future__ import annotations

import asyncio
import logging

from fastapi.responses import JSONResponse
from sqlalchemy.exc import SQLAlchemyError

from lf.session import SessionError, default_registry
from lf.session.errors import plain_database_error
from lf.store import StoreError

log = logging.getLogger("lf.server")

DB_TIMEOUT_S = 5.0


def _database() -> str:
    try:
        default_registry().repo.ping()
    except SessionError as exc:
        return str(exc)
    except (SQLAlchemyError, StoreError) as exc:
        log.warning("health check: database: %s", exc)
        return plain_database_error(exc)
    return "ok"


def _content() -> str:
    try:
        from lf.engine.content import load_content

        load_content()
    except Exception as exc:  # a broken content file must show here, not crash the check
        return f"the game content does not load ({type(exc).__name__})"
    return "ok"


async def healthz() -> JSONResponse:
    checks: dict[str, str] = {}
    try:
        checks["database"] = await asyncio.wait_for(asyncio.to_thread(_database), DB_TIMEOUT_S)
    except TimeoutError:
        checks["database"] = f"the database did not answer within {DB_TIMEOUT_S:.0f} s (locked or overloaded)"
    checks["content"] = _content()
    failed = [name for name, result in checks.items() if result != "ok"]
    body = {"ok": not failed, "checks": checks}
    if failed:
        body["failed"] = failed
    return JSONResponse(body, status_code=503 if failed else 200)
