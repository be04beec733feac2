"""The lobby's lists: one model for every lobby page of this process, read once per change and handed to all.

Why (issue 27): every lobby page read the game lists from the database and re-drew them whole at every change,
and followed each running game it listed itself. One address that opened a lobby page a second and kept them held
about a hundred after 90 s, and then each move of a listed game cost a hundred reads and a hundred full re-draws
on the one event loop: a separate game's click-to-update p95 was 8-10 s. Now the lobby costs the server the same
whether one page or a hundred watch it:

* **One model** (``LobbyFeed``) of what every visitor sees alike: the pages of the public running and finished
  games that some lobby page shows (``lists``), and the line of each game some page lists under "Your games"
  (``lines``; the same line for whoever looks at it).
* **Rebuilt once per burst of changes**: a change (a game created, ended or deleted, a seat taken or left, here or
  in another process: ``session_port.watch_lobby``; a move in a game the model shows: one subscription per game,
  not one per page) marks the model stale; it is read again ``LIVE_DELAY_S`` after the first change, at most once
  per ``MIN_INTERVAL_S``, in one worker-thread call (the lists, and only the "Your games" lines that changed), and
  handed to every lobby page (``show``).
* **Each page keeps only its own part**: which games its browser plays or hosts (its storage, read again when the
  list of games may have changed, not at every move), and it re-draws only the lines that changed
  (lf/pages/lobby.py).

A page being built reads the model as the database holds it (``ready``: one read for the pages built at the same
moment; page requests are limited per address), since not every change is announced (a public game left waiting
on a free seat leaves the list after a while). It is a viewer from then on; while it has no socket (before it
connects, while it reconnects) it draws nothing and catches up when its socket comes. While no viewer is connected
a change is not read, only noted; the next page connected reads it. With no viewer at all, the model follows no
game.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterable
from typing import Protocol

from . import session_port as port
from .in_thread import in_thread

log = logging.getLogger("lf.pages")

#: Seconds from the first change of a burst to the model's new read (the changes meanwhile are read with it).
LIVE_DELAY_S = 0.3
#: Seconds at least between the starts of two reads caused by changes (games moving all the time cost one a second).
MIN_INTERVAL_S = 1.0
#: Games per page of a list.
PER_PAGE = 10
FIRST_PAGES = (("active", 0), ("finished", 0))

Key = tuple[str, int]


class Viewer(Protocol):
    """A lobby page as the model sees it (lf.pages.lobby.GameLists)."""

    def keys(self) -> set[Key]:
        """The list pages it shows: ("active", 0), ("finished", 2), ..."""

    def ids(self) -> set[str]:
        """The games it lists under "Your games"."""

    def reread(self) -> None:
        """Read its browser's own records again (its seats and hosted games): the games may have changed."""

    def show(self) -> None:
        """Draw what changed in the model (or note it for when its socket comes)."""

    @property
    def connected(self) -> bool: ...


class LobbyFeed:
    """The model of the lobby's lists for the pages of one event loop. Every method runs on that loop but
    ``changed``, which any thread may call."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.viewers: list[Viewer] = []
        #: The pages of the public lists some viewer shows: {(status, page): GameList}.
        self.lists: dict[Key, port.GameList] = {}
        #: The "Your games" lines some viewer shows, by game id.
        self.lines: dict[str, port.LobbyGame] = {}
        #: Why the games cannot be listed ("" when they can).
        self.error = ""
        #: How many times the model was read from the database (diagnostics, tests).
        self.reads = 0
        #: Bumped at every read: a page knows whether it saw the latest model.
        self.generation = 0
        self._read_at = -1e9
        self._started_at = -1e9
        self._all_stale = True
        self._stale: set[str] = set()
        self._subs: dict[str, port.Subscription] = {}
        self._watching = False
        self._stop_watching = None
        self._scheduled = False
        self._again = False
        self._reading: asyncio.Task | None = None

    # -- changes (any thread) ----------------------------------------------------------------------

    def changed(self, game_id: str | None = None) -> None:
        """A game changed (``game_id``), or the list of games may have (None). Any thread; never waits."""
        try:
            self.loop.call_soon_threadsafe(self._note, game_id)
        except RuntimeError:  # the loop is closed: the server is stopping
            pass

    def _note(self, game_id: str | None) -> None:
        if game_id is None:
            self._all_stale = True
        else:
            self._stale.add(game_id)
        if any(v.connected for v in self.viewers):
            self._schedule()
        # else: read when a page is built or connects (``ready``, ``connected``)

    @property
    def current(self) -> bool:
        """Whether the model holds every change announced (it may be on its way to the pages)."""
        return self._read_at > 0 and not self.error and not self._all_stale and not self._stale

    # -- pages ---------------------------------------------------------------------------------------

    async def ready(self) -> None:
        """The model as the database holds it now, for a page being built: read once for all the pages that ask at
        the same time, by a read that started after this page asked (the others see it too, where it changed).

        Why not the model already held: not every change is announced. A public game waiting on a free seat leaves
        the list when it has waited long enough (``port.FREE_SEAT_LISTED_FOR``), and a page asked for must show
        that, as it did when every page read the lists itself. Page requests are limited per address
        (lf/server/page_gate.py); changes, which reach every page, are what must not cost a read per page.
        """
        asked = time.monotonic()
        while True:
            if self._reading is None:
                self._start()
            task, started = self._reading, self._started_at
            await asyncio.shield(task)
            if started >= asked:
                return

    async def lines_of(self, ids: Iterable[str]) -> None:
        """Read the lines of ``ids`` (a page being built lists them under "Your games"), in one query."""
        ids = sorted(ids)
        if not ids:
            return
        try:
            lines = await in_thread(port.my_games, ids)
        except port.SessionError as exc:
            self.error = str(exc)
            return
        for gid in ids:
            self.lines.pop(gid, None)
        self.lines.update((g.id, g) for g in lines)

    async def list_page(self, status: str, page: int) -> None:
        """Read a page of a list (a page turned its pager to it)."""
        try:
            self.lists[(status, page)] = await in_thread(port.list_games, status, page, PER_PAGE)
        except port.SessionError as exc:
            self.error = str(exc)

    def join(self, viewer: Viewer) -> None:
        """A page is built: it is shown every change from now on."""
        if not self.viewers:  # the model followed nothing until now: read it again (and follow) soon
            self._all_stale = True
        if viewer not in self.viewers:
            self.viewers.append(viewer)
        if viewer.connected and not self.current:
            self._schedule()

    def connected(self, viewer: Viewer) -> None:
        """A page's socket came (or came back): a change kept for it is read now."""
        if viewer in self.viewers and not self.current:
            self._schedule(0.0)

    def leave(self, viewer: Viewer) -> None:
        """A page is gone. The last one lets go of the games the model followed."""
        if viewer in self.viewers:
            self.viewers.remove(viewer)
        if not self.viewers:
            for sub in self._subs.values():
                sub.close()
            self._subs.clear()
            self.lines.clear()
            self.lists = {k: v for k, v in self.lists.items() if k in FIRST_PAGES}

    # -- reading -------------------------------------------------------------------------------------

    def _schedule(self, delay: float | None = None) -> None:
        if self._scheduled or self.loop.is_closed():
            return
        self._scheduled = True
        if delay is None:
            delay = max(LIVE_DELAY_S, MIN_INTERVAL_S - (time.monotonic() - self._started_at))
        self.loop.call_later(delay, self._due)

    def _due(self) -> None:
        self._scheduled = False
        if self._all_stale or self._stale:
            if not any(v.connected for v in self.viewers):
                return  # nobody would see it: read when a page is built or connects
            if self._reading is not None:
                self._again = True
                return
            self._start()

    def _start(self) -> None:
        self._started_at = time.monotonic()
        self._reading = self.loop.create_task(self._read())

    async def _read(self) -> None:
        """Read the model once (the lists the pages show, the "Your games" lines that changed), follow the running
        games it shows, and hand it to every page."""
        try:
            everything = self._all_stale or not self.viewers
            if self._all_stale:
                for viewer in list(self.viewers):
                    viewer.reread()
            keys = set(FIRST_PAGES).union(*(v.keys() for v in self.viewers))
            wanted = set().union(*(v.ids() for v in self.viewers))
            ids = wanted if everything else {i for i in wanted if i in self._stale or i not in self.lines}
            self._all_stale, stale = False, self._stale
            self._stale = set()
            try:
                lists, lines = await in_thread(_read, sorted(keys), sorted(ids))
            except port.SessionError as exc:
                self.error = str(exc)
                self._all_stale = True  # the next page or change tries again
            else:
                self.error = ""
                self.lists = lists
                for gid in ids:
                    self.lines.pop(gid, None)  # a game deleted meanwhile is no longer read
                self.lines.update((g.id, g) for g in lines)
                self._read_at = time.monotonic()
                self.reads += 1
                self._keep_wanted(stale - ids)
                await self._follow()
            self.generation += 1
            self._watch()
            for viewer in list(self.viewers):
                try:
                    viewer.show()
                except Exception:  # one page failing to draw must never stop the others
                    log.exception("a lobby page failed to draw")
                    self.leave(viewer)
        finally:
            self._reading = None
            if self._again or self._all_stale or self._stale:
                self._again = False
                if any(v.connected for v in self.viewers):
                    self._schedule()

    def _keep_wanted(self, unread: set[str]) -> None:
        """Keep the lines some page lists; a changed one not read (a page that wants it came during the read) is
        read at the next turn."""
        keep = set().union(*(v.ids() for v in self.viewers))
        self._stale |= unread & keep
        self.lines = {i: g for i, g in self.lines.items() if i in keep}

    async def _follow(self) -> None:
        """One subscription per running game the model shows (none when no page watches)."""
        running: set[str] = set()
        if self.viewers:
            running = {g.id for gl in self.lists.values() for g in gl.games if g.status == "active"}
            running |= {i for i, g in self.lines.items() if g.status == "active"}
        for gid in [g for g in self._subs if g not in running]:
            self._subs.pop(gid).close()
        new = sorted(running - set(self._subs))
        if new:
            self._subs.update(await in_thread(_subscribe, new, self.changed))

    def _watch(self) -> None:
        """Hear of games created, ended, deleted and of seats (here and elsewhere): once the database is open."""
        if not self._watching and self._read_at > 0:
            self._watching = True
            self._stop_watching = port.watch_lobby(self.changed)

    def close(self) -> None:
        for sub in self._subs.values():
            sub.close()
        self._subs.clear()
        self.viewers.clear()
        if self._stop_watching is not None:
            self._stop_watching()


def _read(keys: list[Key], ids: list[str]) -> tuple[dict[Key, port.GameList], list[port.LobbyGame]]:
    """The model's read (in a worker thread): each list page, and the lines of ``ids`` in one query."""
    return ({(status, page): port.list_games(status, page, PER_PAGE) for status, page in keys},
            port.my_games(ids))


def _subscribe(ids: list[str], changed) -> dict[str, port.Subscription]:
    out = {}
    for gid in ids:
        try:  # called in the thread that changed the game, under its lock: ``changed`` only hands it to the loop
            out[gid] = port.subscribe(gid, lambda _event, g=gid: changed(g))
        except port.SessionError:
            continue
    return out


_feed: LobbyFeed | None = None


def feed() -> LobbyFeed:
    """The model for the lobby pages of the running event loop."""
    global _feed
    loop = asyncio.get_running_loop()
    if _feed is None or _feed.loop is not loop:
        if _feed is not None:
            _feed.close()
        _feed = LobbyFeed(loop)
    return _feed
