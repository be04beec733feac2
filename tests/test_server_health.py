"""``/healthz`` checks the database and says which check failed; a damaged or locked database reaches the
pages as plain words, never a traceback or a connection string (issue 13), on the real server."""

from __future__ import annotations

import sqlite3

import httpx
import pytest
from live_server import LfServer


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
