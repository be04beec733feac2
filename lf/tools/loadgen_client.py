"""One browser tab without a browser: what ``python -m lf loadgen`` runs by the hundred.

Why not Chromium: a page in Chromium costs the machine 100-300 ms of CPU per move, so a 2-core machine
cannot stand in for hundreds of players and spectators. The server cannot tell this client from a
browser: it speaks NiceGUI 3.18's protocol as ``nicegui.js`` does.

1. ``GET`` the page over HTTP, with the browser's cookie jar (the seats a browser holds live in the
   server's user storage, keyed by the session cookie). The HTML holds the page's elements
   (``parseElements(String.raw`...`)``, HTML-escaped) and the socket's query (``client_id``,
   ``next_message_id``, ``implicit_handshake``).
2. Connect socket.io at ``/_nicegui_ws/socket.io`` with that query plus a ``document_id`` and a ``tab_id``
   (the implicit handshake: connecting is the handshake).
3. Keep the elements up to date from each ``update`` message (an element, or ``null`` when deleted), and
   acknowledge received messages every few seconds (``ack``), as the browser does.
4. A click is an ``event`` message naming the element and the listener: ``{id, client_id, listener_id,
   args}``. lf's buttons send the version the page shows (their ``js_handler``, see
   ``lf.components.pieces.SHOWN``), so the click carries ``[json(version)]``, the ``data-version`` of the
   element marked ``data-testid=game``. Most options are taken on the board: a board piece's HTML carries
   its options' keys (``data-key``, a menu's lines included), and a tap on it sends ``[json([version, key])]``
   (``lf.components.pieces.TAP_JS``), which is what ``take`` sends.
"""

from __future__ import annotations

import ast
import asyncio
import html
import json
import re
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import socketio

from lf.components.pieces import TAP_JS

from .page_policy import Board

ELEMENTS = re.compile(r"parseElements\(String\.raw`(.*?)`\)", re.S)
QUERY = re.compile(r"^\s*query: (\{.*\}),\s*$", re.M)
UNESCAPE = (("&#36;", "$"), ("&#96;", "`"), ("&gt;", ">"), ("&lt;", "<"), ("&amp;", "&"))
FRONT = re.compile(r'data-ref="front:(\w+)".*?class="lf-fnum[^"]*">([^<]+)<', re.S)
TEST = re.compile(r'class="lf-test" data-ref="front:(\w+)"')
DATA_KEY = re.compile(r'data-key="([^"]+)"')
SOCKET_PATH = "/_nicegui_ws/socket.io"
ACK_EVERY_S = 3.0
OPEN_TRIES = 3


class PageError(RuntimeError):
    """The page did not answer as a browser would expect (no elements, a failed socket, a timeout); ``status`` and
    ``body``: the HTTP answer when it was not a page (a 429 says which limit)."""

    def __init__(self, message: str, status: int = 0, body: str = "") -> None:
        super().__init__(message)
        self.status, self.body = status, body


@dataclass
class Arrival:
    """When a version of the game reached this page (``time.perf_counter()``) and how many bytes brought it."""

    version: int
    at: float
    size: int


@dataclass
class Browser:
    """A browser's cookies (one person's device): its tabs share them, as tabs of one browser do."""

    base_url: str
    session: aiohttp.ClientSession | None = None
    #: Headers sent with every request and socket (the lobby run: an ``X-Forwarded-For`` the trusted proxy would add).
    headers: dict[str, str] = field(default_factory=dict)

    async def open(self) -> Browser:
        # no connection limit: each tab's websocket holds one connection for the page's whole life
        self.session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True),
                                             connector=aiohttp.TCPConnector(limit=0),
                                             timeout=aiohttp.ClientTimeout(total=60), headers=self.headers)
        return self

    async def close(self) -> None:
        if self.session is not None:
            await self.session.close()


@dataclass
class Page:
    """One tab: the elements it shows, its socket, and the moments each game version reached it."""

    browser: Browser
    path: str
    elements: dict[str, dict] = field(default_factory=dict)
    client_id: str = ""
    arrivals: list[Arrival] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    opened: str | None = None
    sio: socketio.AsyncClient | None = None
    _changed: asyncio.Event = field(default_factory=asyncio.Event)
    _next_id: int = 0
    _ack_task: asyncio.Task | None = None
    _query: dict[str, str] = field(default_factory=dict)
    opened_at: float = 0.0
    closed_why: str = ""
    disconnects: int = 0
    reloads: int = 0
    _reloading: asyncio.Task | None = None
    #: ``update`` messages received (a lobby page's, to show it follows the games).
    updates: int = 0

    # -- opening -------------------------------------------------------------------------------

    async def open(self, tries: int = OPEN_TRIES) -> Page:
        """GET the page, then connect its socket (the handshake is implicit)."""
        for attempt in range(tries):
            try:
                await self._load()
                break
            except PageError:  # the server forgot the page before its socket came (busy): reload, as a browser does
                if attempt == tries - 1:
                    raise
                self.reloads += 1
        self.opened_at = time.perf_counter()
        self._ack_task = self._ack_task or asyncio.create_task(self._ack())
        return self

    async def _load(self) -> None:
        assert self.browser.session is not None
        async with self.browser.session.get(self.browser.base_url + self.path) as r:
            html = await r.text()
            if r.status != 200:
                raise PageError(f"GET {self.path}: HTTP {r.status}", r.status, html[:2000])
        found, query = ELEMENTS.search(html), QUERY.search(html)
        if not found or not query:
            raise PageError(f"GET {self.path}: no NiceGUI page in the answer")
        raw = found.group(1)
        for escaped, plain in UNESCAPE:
            raw = raw.replace(escaped, plain)
        before = self.version
        self.elements = json.loads(raw)
        self._arrived(before, len(raw))
        q = ast.literal_eval(query.group(1))  # a Python dict as NiceGUI's template writes it (True, not true)
        self.client_id = q["client_id"]
        self._next_id = int(q["next_message_id"])
        self._query = {"client_id": self.client_id, "implicit_handshake": "true", "document_id": str(uuid.uuid4()),
                       "tab_id": str(uuid.uuid4())}
        # socket.io reconnects by itself after a lost connection, as in the browser, and NiceGUI then replays what
        # the page missed from the message id it gives (the URL is built again at each attempt)
        self.sio = socketio.AsyncClient(http_session=self.browser.session)
        for event in ("update", "notify", "open", "run_javascript", "load_js_components"):
            self.sio.on(event, self._handler(event))
        self.sio.on("disconnect", self._disconnected)
        self.sio.on("connect", self._changed.set)
        self.sio.on("connect_error", self._refused)
        try:
            await self.sio.connect(self._socket_url, socketio_path=SOCKET_PATH, transports=["websocket"], wait_timeout=30)
        except socketio.exceptions.ConnectionError as exc:
            raise PageError(f"{self.path}: the socket did not connect: {exc}") from exc

    async def close(self) -> None:
        if self._ack_task is not None:
            self._ack_task.cancel()
        if self.sio is not None:
            await self.sio.disconnect()

    def _socket_url(self) -> str:
        query = {**self._query, "next_message_id": str(self._next_id)}
        return self.browser.base_url + "/?" + "&".join(f"{k}={v}" for k, v in query.items())

    def _disconnected(self, reason: Any = None) -> None:
        self.closed_why = f"{reason} after {time.perf_counter() - self.opened_at:.1f} s"
        self.disconnects += 1
        self._changed.set()

    def _refused(self, data: Any = None) -> None:
        """The server no longer knows this page (it was away longer than NiceGUI waits): reload, as a browser does."""
        if "handshake failed" in str(data) and self._reloading is None:
            self._reloading = asyncio.create_task(self._reload())

    async def _reload(self) -> None:
        old, self.sio = self.sio, None
        if old is not None:
            await old.disconnect()  # ends its reconnection attempts
        try:
            await self._load()
            self.reloads += 1
        except (PageError, aiohttp.ClientError, asyncio.TimeoutError) as exc:
            self.closed_why = f"the reload failed: {exc}"
        finally:
            self._reloading = None
            self._changed.set()

    def _handler(self, event: str):
        async def on(msg: Any = None, *_: Any) -> None:
            if isinstance(msg, dict) and "_id" in msg:
                if msg["_id"] < self._next_id:
                    return  # a message the page already had (a replay after a reconnection)
                self._next_id = msg.pop("_id") + 1
            if event == "update":
                self._update(msg)
            elif event == "notify":
                self.notes.append(str(msg.get("message", "")))
            elif event == "open":
                self.opened = msg.get("path")
            self._changed.set()
        return on

    def _update(self, msg: dict) -> None:
        now = time.perf_counter()
        self.updates += 1
        before = self.version
        for key, element in msg.items():
            if element is None:
                self.elements.pop(key, None)
            else:
                self.elements[key] = element
        self._arrived(before, len(json.dumps(msg)), now)

    def _arrived(self, before: int | None, size: int, now: float | None = None) -> None:
        after = self.version
        if after is not None and (before is None or after > before):
            self.arrivals.append(Arrival(after, time.perf_counter() if now is None else now, size))

    async def _ack(self) -> None:
        while True:
            await asyncio.sleep(ACK_EVERY_S)
            if self.sio is not None and self.sio.connected:
                await self.sio.emit("ack", {"client_id": self.client_id, "next_message_id": self._next_id})

    # -- reading ---------------------------------------------------------------------------------

    def by_testid(self, testid: str) -> tuple[str, dict] | None:
        return next(((k, e) for k, e in self.elements.items() if e.get("props", {}).get("data-testid") == testid),
                    None)

    @property
    def version(self) -> int | None:
        """The version the page shows (its game root's ``data-version``), None off a game page."""
        found = self.by_testid("game")
        if found is None:
            return None
        value = found[1]["props"].get("data-version")
        return None if value is None else int(value)

    def options(self) -> list[str]:
        """The keys of the choices the page offers now: on its board pieces and as ``act-<key>`` buttons."""
        buttons = {e["props"]["data-testid"][4:] for e in self.elements.values()
                   if str(e.get("props", {}).get("data-testid", "")).startswith("act-")}
        return sorted(buttons | {key for _, keys in self._pieces() for key in keys})

    def _pieces(self) -> list[tuple[str, set[str]]]:
        """The board pieces that take choices now (a tap listener, ``data-key`` in their HTML): element id, keys."""
        found = []
        for k, e in self.elements.items():
            inner = e.get("props", {}).get("innerHTML") or ""
            if "data-key=" not in inner or not any(ev.get("js_handler") == TAP_JS for ev in e.get("events", [])):
                continue
            found.append((k, {html.unescape(key) for key in DATA_KEY.findall(inner)}))
        return found

    def board(self) -> Board:
        """What lf's page policy reads from a page: the Fronts' values, the Test, the prompt, the options."""
        fronts: dict[str, int] = {}
        test = None
        prompt = []
        for e in self.elements.values():
            html = e.get("props", {}).get("innerHTML") or ""
            for name, value in FRONT.findall(html):
                fronts[name] = int(value.replace("+", "").replace("\u2212", "-"))
            if found := TEST.search(html):
                test = found.group(1)
            if "lf-prompt-h" in e.get("class", []) and e.get("text"):
                prompt.append(e["text"])
        return Board(fronts, test, " | ".join(prompt), self.options())

    # -- acting ----------------------------------------------------------------------------------

    async def take(self, key: str) -> float:
        """Take the option ``key`` as a player would: its prompt-bar button, else a tap on the board piece that
        carries it (the tap names the option and the version shown). Returns when the event left."""
        if self.by_testid(f"act-{key}") is not None:
            return await self.click(f"act-{key}")
        piece = next((k for k, keys in self._pieces() if key in keys), None)
        if piece is None:
            raise PageError(f"{self.path}: the page offers no {key!r}")
        return await self._emit(piece, self._listener(self.elements[piece], key), [json.dumps([self.version, key])])

    async def click(self, testid: str, args: list[str] | None = None) -> float:
        """Click the element marked ``data-testid=<testid>``; returns when the event left (perf_counter)."""
        found = self.by_testid(testid)
        if found is None:
            raise PageError(f"{self.path}: nothing to click at {testid!r}")
        key, element = found
        listener = self._listener(element, testid)
        if args is None:  # lf's buttons send the version the page shows (lf.components.pieces.SHOWN_JS)
            args = [json.dumps(self.version)] if listener.get("js_handler") else ["{}"]
        return await self._emit(key, listener, args)

    def _listener(self, element: dict, what: str) -> dict:
        listener = next((e for e in element.get("events", []) if e["type"] == "click"), None)
        if listener is None:
            raise PageError(f"{self.path}: {what!r} takes no click")
        return listener

    async def _emit(self, key: str, listener: dict, args: list[str]) -> float:
        # a click while the socket reconnects waits for it, as the browser's script does (``did_handshake``)
        await self.until(lambda p: p.sio is not None and p.sio.connected, 30, "the socket to reconnect")
        assert self.sio is not None
        sent = time.perf_counter()
        await self.sio.emit("event", {"id": int(key), "client_id": self.client_id,
                                      "listener_id": listener["listener_id"], "args": args})
        return sent

    async def until(self, ready, timeout: float = 30.0, what: str = "the page") -> None:
        """Wait until ``ready(page)`` holds (woken by each message, never polled); PageError after ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            self._changed.clear()  # before the check: a message landing after it wakes the wait below
            if ready(self):
                return
            left = deadline - time.monotonic()
            if left <= 0:
                raise PageError(f"{self.path}: timed out after {timeout:.0f} s waiting for {what} "
                                f"(it shows version {self.version}, "
                                f"socket {'connected' if self.sio and self.sio.connected else 'closed: ' + self.closed_why}, "
                                f"{len(self.elements)} elements)")
            try:
                await asyncio.wait_for(self._changed.wait(), left)
            except asyncio.TimeoutError:
                pass

    def seen(self, version: int) -> float | None:
        """When this page first showed ``version`` or a later one (perf_counter), if it has."""
        return next((a.at for a in self.arrivals if a.version >= version), None)


def _refusal(page: Page) -> str:
    """The join page's sentence when the seat is refused (a limit reached, the seat taken), or ""."""
    found = page.by_testid("join-refused")
    return "" if found is None else str(found[1].get("text") or "")


async def take_seat(browser: Browser, game_id: str, faction: str) -> Page:
    """Open the seat's join link, press "Take the seat", follow the page to the game: the game page, seated."""
    join = await Page(browser, f"/join/{game_id}/{faction}").open()
    try:
        await join.until(lambda p: p.by_testid("join-take") is not None)
        await join.click("join-take")
        await join.until(lambda p: p.opened is not None or _refusal(p), what="the game page or a refusal")
        if join.opened is None:
            raise PageError(f"/join/{game_id}/{faction}: the seat was refused: {_refusal(join)}")
    finally:
        await join.close()
    game = await Page(browser, join.opened or f"/game/{game_id}").open()
    if game.version is None:
        raise PageError(f"/game/{game_id}: the game page did not show a game")
    return game
