"""Page requests under a flood: a budget per address, a cap on the pages built at once, and pages that never
opened their socket let go early.

Why (issue 18): a script sending cookieless ``GET /`` from 4 connections (7 requests a second) made a playing
person wait 3.8 s (p95) for each update instead of 14 ms, and NiceGUI answered some requests with HTTP 500 (its
3 s response timeout); 16 connections made 41% of the requests fail. Every page request builds a NiceGUI page
(thousands of objects) on the one event loop the games' updates also need, and a page whose socket never comes
stays in memory for a minute, listening to the games it shows. So:

* **a budget per address**: each visitor address may ask for ``LF_PAGES_PER_MINUTE`` pages a minute, in bursts of
  up to ``LF_PAGE_BURST`` (a token bucket; behind a trusted proxy the forwarded address counts,
  lf/server/visitors.py). Beyond it, HTTP 429 with a plain page that says when to try again, answered before
  anything is built;
* **a cap on pages built at once** (``LF_PAGE_BUILDS``): a request waits up to ``QUEUE_S`` for its turn, then gets
  HTTP 503 with a plain page. A flood from many addresses then costs the games at most that many builds at once;
* **pages let go**: a page whose socket has not connected ``LF_PAGE_CONNECT_S`` seconds after it was built is
  deleted (NiceGUI waits 60 s). A real browser connects within a second; one that comes later is told to reload
  by NiceGUI, as after a restart.

Static files, the socket, ``/healthz`` and uploads are not pages: they are not counted here (an upload is a
game file, refused by its size in lf/server/body_limit.py and counted by the games-per-hour limit).
"""

from __future__ import annotations

import asyncio
import html
import logging
import math
import time
from collections import OrderedDict
from typing import Any

from nicegui import Client

from .settings import settings
from .visitors import visitor_address

log = logging.getLogger("lf.server")

NOT_PAGES = ("/_nicegui/", "/_nicegui_ws/", "/assets/", "/healthz", "/favicon.ico")
#: Seconds a page request may wait for its turn to be built before it is answered 503.
QUEUE_S = 2.0
#: Addresses remembered at most (the least recently seen are forgotten first).
KEEP_ADDRESSES = 50_000
PRUNE_EVERY_S = 2.0


def is_page(scope: dict[str, Any]) -> bool:
    return scope.get("method") in ("GET", "HEAD") and not str(scope.get("path", "")).startswith(NOT_PAGES)


class Budgets:
    """A token bucket per address: ``burst`` pages at once, refilled at ``per_minute`` a minute."""

    def __init__(self) -> None:
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, address: str, per_minute: int, burst: int, now: float | None = None) -> float:
        """Spend one page of ``address``'s budget: 0 if it had one, else the seconds until it has one again."""
        now = time.monotonic() if now is None else now
        tokens, then = self._buckets.pop(address, (float(burst), now))
        tokens = min(float(burst), tokens + (now - then) * per_minute / 60)
        if tokens >= 1:
            self._buckets[address] = (tokens - 1, now)
            wait = 0.0
        else:
            self._buckets[address] = (tokens, now)
            wait = (1 - tokens) * 60 / per_minute
        while len(self._buckets) > KEEP_ADDRESSES:
            self._buckets.popitem(last=False)
        return wait


#: The process's budgets (``reset`` by lf.server.install at each start: the test process starts lf once per test).
budgets = Budgets()


def reset() -> None:
    global budgets
    budgets = Budgets()


class PageGate:
    """ASGI middleware (inside lf.server.guard.Guard): the budget per address, then the cap on builds."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._builds: asyncio.Semaphore | None = None
        #: Answers given by this gate, by status (diagnostics).
        self.refused: dict[int, int] = {429: 0, 503: 0}

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or not is_page(scope):
            await self.app(scope, receive, send)
            return
        s = settings()
        wait = budgets.take(visitor_address(scope), s.pages_per_minute, s.page_burst)
        if wait:
            await self._refuse(send, 429, "Too many requests",
                               f"This address asked for more pages than this server serves to one visitor "
                               f"({s.pages_per_minute} a minute). Your games are not affected: wait "
                               f"{math.ceil(wait)} seconds, then reload the page.", wait)
            return
        builds = self._builds or asyncio.Semaphore(s.page_builds)
        self._builds = builds
        try:
            await asyncio.wait_for(builds.acquire(), QUEUE_S)
        except TimeoutError:
            await self._refuse(send, 503, "The server is busy",
                               "This server is building as many pages as it can right now. Your games are not "
                               "affected: reload the page in a few seconds.", QUEUE_S)
            return
        try:
            await self.app(scope, receive, send)
        finally:
            builds.release()

    async def _refuse(self, send: Any, status: int, title: str, sentence: str, retry_s: float) -> None:
        self.refused[status] += 1
        if self.refused[status] in (1, 10, 100) or self.refused[status] % 1000 == 0:
            log.warning("page requests answered %d (%s): %d so far", status, title.lower(), self.refused[status])
        body = plain_page(title, sentence).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"text/html; charset=utf-8"),
                                (b"content-length", str(len(body)).encode()),
                                (b"retry-after", str(max(1, math.ceil(retry_s))).encode()),
                                (b"cache-control", b"no-store")]})
        await send({"type": "http.response.body", "body": body})


def plain_page(title: str, sentence: str, back: bool = True) -> str:
    """A small page in lf's colours that needs nothing from the server (no script, no socket, no NiceGUI page);
    ``back``: with a link to the lobby (not on the lobby's own refusal)."""
    return ('<!doctype html><html lang="en-GB"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)} — lf</title>"
            "<style>body{font:18px/1.5 system-ui,sans-serif;max-width:36em;margin:3em auto;padding:0 1em;"
            "color:#251d16;background:#f6efe2}h1{font-size:1.5em}a{color:#b3261e}</style></head><body>"
            f"<main><h1>{html.escape(title)}</h1><p>{html.escape(sentence)}</p>"
            + ('<p><a href="/">Back to the lobby</a></p>' if back else "") + "</main></body></html>")


async def let_go_of_unopened_pages() -> None:
    """Every ``PRUNE_EVERY_S``: delete the pages whose socket has not connected within ``LF_PAGE_CONNECT_S``."""
    while True:
        await asyncio.sleep(PRUNE_EVERY_S)
        Client.prune_instances(client_age_threshold=settings().page_connect_s)
