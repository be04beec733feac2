"""lf's real server in a subprocess (``LfServer``: the e2e tests and the attack tests start it alike), and
pages driven the way a script would: HTTP plus a real socket.io client.

For the attack tests (tests/test_server_*.py): no browser, no mock. ``PageSocket.open`` loads a page over
HTTP (keeping its cookie), reads the page's client id and elements from its HTML, connects NiceGUI's
socket.io endpoint with the page's own handshake, and can then emit events exactly like the page's
JavaScript does (``click``), or forge them (another page's client id, a ``log`` line).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import socketio

from lf.tools.local_server import free_port, server_env, wait_until_up

ROOT = Path(__file__).resolve().parents[1]
E2E_SECRET = "e2e-only-secret"


@dataclass
class LfServer:
    """lf's ``main.py`` in a subprocess; can be killed and started again on the same port and database."""

    workdir: Path
    port: int = field(default_factory=free_port)
    extra_env: dict[str, str] = field(default_factory=dict)
    secret: str = E2E_SECRET
    proc: subprocess.Popen | None = None
    starts: int = 0
    startup_s: float = 0.0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def db_path(self) -> Path:
        return self.workdir / "lf-e2e.db"

    @property
    def storage(self) -> Path:
        return self.workdir / "storage"

    @property
    def log_path(self) -> Path:
        return self.workdir / "server.log"

    def env(self) -> dict[str, str]:
        return server_env(self.port, self.db_path, self.storage, self.secret, **self.extra_env)

    def start(self, timeout: float = 30.0, healthy: bool = True) -> LfServer:
        """Start and wait for ``/healthz`` to answer 200 (with ``healthy=False``: to answer at all)."""
        assert self.proc is None or self.proc.poll() is not None, "already running"
        self.starts += 1
        t0 = time.perf_counter()
        with self.log_path.open("a") as log:
            log.write(f"\n===== start {self.starts} =====\n")
            log.flush()
            self.proc = subprocess.Popen([sys.executable, str(ROOT / "main.py")], cwd=ROOT, env=self.env(),
                                         stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            if healthy:
                wait_until_up(self.proc, self.url, timeout, self.log_path)
            else:
                self._wait_for_an_answer(timeout)
        except TimeoutError:
            self.kill()
            raise
        self.startup_s = time.perf_counter() - t0
        return self

    def _wait_for_an_answer(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                httpx.get(self.url + "/healthz", timeout=10)
                return
            except httpx.TransportError:
                if self.proc is not None and self.proc.poll() is not None:
                    raise RuntimeError(f"the server exited:\n{self.log_text()[-3000:]}") from None
                time.sleep(0.05)
        raise TimeoutError(f"the server did not answer within {timeout:.0f} s:\n{self.log_text()[-3000:]}")

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs, like a crash."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)

    def restart(self) -> None:
        self.kill()
        self.start()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def rss_mb(self) -> float:
        """Resident memory of the server process now (MB), from /proc."""
        assert self.proc is not None
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def tracebacks(self) -> list[str]:
        """The tracebacks the server logged (their last line: the exception)."""
        out, inside = [], False
        for line in self.log_text().splitlines():
            if line.startswith("Traceback"):
                inside = True
            elif inside and line and not line.startswith((" ", "\t")):
                out.append(line)
                inside = False
        return out

    def query(self, sql: str, *args: Any) -> list[tuple]:
        """Read the server's SQLite file (read-only use)."""
        with sqlite3.connect(self.db_path) as db:
            return db.execute(sql, args).fetchall()

    def game_count(self) -> int:
        return self.query("SELECT COUNT(*) FROM games")[0][0]


@pytest.fixture
def server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[LfServer]:
    """lf's server for one test, with extra environment from ``@pytest.mark.parametrize("server", [{...}],
    indirect=True)`` (the attack tests import it)."""
    live = LfServer(tmp_path, extra_env=getattr(request, "param", {})).start()
    yield live
    live.stop()


ELEMENTS = re.compile(r"parseElements\(String\.raw`(.*?)`\)", re.S)
CLIENT_ID = re.compile(r"'client_id': '([0-9a-f-]+)'")


class PageSocket:
    """One page (one NiceGUI client) of one visitor, with its own cookie jar and socket.io connection."""

    def __init__(self, http: httpx.AsyncClient, html: str) -> None:
        self.http = http
        self.html = html
        self.client_id = CLIENT_ID.search(html).group(1)
        self.elements: dict[str, dict] = json.loads(ELEMENTS.search(html).group(1))
        self.sio = socketio.AsyncClient(reconnection=False)
        self.notifications: list[str] = []

    @classmethod
    async def open(cls, base: str, path: str = "/", http: httpx.AsyncClient | None = None,
                   headers: dict[str, str] | None = None, connect: bool = True) -> PageSocket:
        http = http or httpx.AsyncClient(base_url=base, timeout=20)
        response = await http.get(path, headers=headers or {})
        response.raise_for_status()
        page = cls(http, response.text)
        page.sio.on("notify", lambda data: page.notifications.append(str(data.get("message", ""))))
        if connect:
            await page.connect(base, headers)
        return page

    async def connect(self, base: str, headers: dict[str, str] | None = None) -> None:
        query = (f"client_id={self.client_id}&tab_id={uuid.uuid4()}&document_id={uuid.uuid4()}"
                 f"&next_message_id=0&implicit_handshake=true")
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        await self.sio.connect(f"{base}?{query}", socketio_path="/_nicegui_ws/socket.io", transports=["websocket"],
                               headers={"Cookie": cookie, **(headers or {})}, wait_timeout=10)

    def element(self, testid: str) -> tuple[str, str]:
        """(element id, click listener id) of the element with that data-testid."""
        for key, el in self.elements.items():
            if el.get("props", {}).get("data-testid") == testid:
                listener = next(e["listener_id"] for e in el.get("events", []) if e["type"] == "click")
                return key, listener
        raise KeyError(testid)

    async def click(self, element: tuple[str, str], client_id: str | None = None) -> None:
        """Send a click like the page's JavaScript does (``client_id``: forge another page's)."""
        await self.sio.emit("event", {"id": int(element[0]), "client_id": client_id or self.client_id,
                                      "listener_id": element[1], "args": []})

    async def close(self) -> None:
        if self.sio.connected:
            await self.sio.disconnect()
        session = getattr(self.sio.eio, "http", None)  # a refused connection leaves its HTTP session open
        if session is not None and not session.closed:
            await session.close()
        await self.http.aclose()


async def settle(seconds: float = 0.5) -> None:
    """Give the server a moment to handle what was sent (used only where the test then checks that nothing
    happened; what should happen is always waited for by a condition)."""
    await asyncio.sleep(seconds)
