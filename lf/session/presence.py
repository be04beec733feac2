"""Who is at the table: for each seat of a game, whether a page of it is connected now, reconnecting, or away
since when.

Why: a closed phone left its seat looking busy ("Deciding...") on every other device, and nobody could tell
that the game waited for someone who had gone. The server already knows each page's socket (NiceGUI's client
connects, disconnects, and is deleted a few seconds after a disconnection it did not recover from); the game
page reports those moments here, and every page of the game shows the result on the factions' lines.

A seat is *here* while at least one page of it has its socket connected, *reconnecting* while its pages lost
their sockets but are still kept (NiceGUI's ``reconnect_timeout``), *away* (since the moment the last page went)
once none is left, and *unseen* if no page of it was seen by this server since it started.

Several processes (docs/server.md): a game's pages normally all meet in one process (HAProxy routes by game id),
but after a process died and came back they may be split. Each process then sends its own count of a game's
pages over the bus (``publish``: a ``Change`` of kind "presence", in a thread of its own, never on a page's event
loop), sends it again every ``HEARTBEAT_S`` while it has pages, and counts another process's word only for
``REMOTE_TTL_S`` (a process that died stops vouching for its pages).
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("lf.session")

HEARTBEAT_S = 20.0
REMOTE_TTL_S = 60.0
HERE, RECONNECTING, AWAY, UNSEEN = "here", "reconnecting", "away", "unseen"


@dataclass(frozen=True)
class SeatPresence:
    """One seat's presence: ``state`` (here, reconnecting, away, unseen) and, when away or reconnecting, the
    time (``time.time()``) its last page was last connected."""

    state: str
    since: float | None = None


@dataclass
class _Count:
    """What one process knows of a seat: its pages connected, its pages reconnecting, when the last one left."""

    here: int = 0
    reconnecting: int = 0
    left: float | None = None
    heard: float = 0.0


@dataclass
class _Page:
    game_id: str
    faction: str | None
    connected: bool
    left: float | None = None


Watcher = tuple[Callable[[], Any], asyncio.AbstractEventLoop | None]


class PresenceBoard:
    """The presence of every seat whose pages this process serves (and what other processes said). Thread-safe;
    every call is quick (a lock and a few dictionaries), so pages call it on their event loop."""

    def __init__(self, clock: Callable[[], float] = time.time,
                 publish: Callable[[str, str], None] | None = None) -> None:
        self.clock = clock
        self._lock = threading.Lock()
        self._pages: dict[str, _Page] = {}
        #: (game, faction) -> when its last page of this process went (time.time()).
        self._left: dict[tuple[str, str], float] = {}
        #: (game, faction) -> {origin process: its count}
        self._remote: dict[tuple[str, str], dict[str, _Count]] = {}
        self._watchers: dict[str, list[Watcher]] = {}
        self._publish = publish
        self._outbox: dict[str, None] = {}
        self._wake = threading.Event()
        self._stop = threading.Event()
        if publish is not None:
            threading.Thread(target=self._send_loop, name="lf-presence", daemon=True).start()

    # -- a page reports --------------------------------------------------------------------

    def page(self, page_id: str, game_id: str, faction: str | None, connected: bool = False) -> None:
        """A page of ``game_id`` opened, or changed its seat (``faction`` None: it only watches)."""
        with self._lock:
            old = self._pages.get(page_id)
            was = old.faction if old else None
            self._pages[page_id] = _Page(game_id, faction, connected if old is None else old.connected)
            if old is not None and was and was != faction:
                self._left[(game_id, was)] = self.clock()
        if faction or was:  # a spectator's page changes nobody's presence
            self._changed(game_id)

    def connected(self, page_id: str) -> None:
        self._set(page_id, True)

    def disconnected(self, page_id: str) -> None:
        """The page's socket is lost; NiceGUI keeps the page a few seconds for it to come back."""
        self._set(page_id, False)

    def gone(self, page_id: str) -> None:
        """The page is deleted (closed, reloaded, or its socket never came back)."""
        with self._lock:
            page = self._pages.pop(page_id, None)
            if page is None:
                return
            if not page.faction:
                return
            self._left[(page.game_id, page.faction)] = self.clock()
        self._changed(page.game_id)

    def _set(self, page_id: str, connected: bool) -> None:
        with self._lock:
            page = self._pages.get(page_id)
            if page is None or page.connected == connected:
                return
            page.connected = connected
            if not page.faction:
                return
            if not connected:
                self._left[(page.game_id, page.faction)] = self.clock()
        self._changed(page.game_id)

    # -- reading ---------------------------------------------------------------------------

    def seats(self, game_id: str) -> dict[str, SeatPresence]:
        """{faction: presence} for every seat a page of this game was seen for (here or elsewhere)."""
        with self._lock:
            counts = self._local(game_id)
            now = self.clock()
            for (g, faction), by_origin in self._remote.items():
                if g != game_id:
                    continue
                for count in by_origin.values():
                    if now - count.heard <= REMOTE_TTL_S:
                        _merge(counts.setdefault(faction, _Count()), count)
        return {f: _presence(c) for f, c in counts.items()}

    def _local(self, game_id: str) -> dict[str, _Count]:
        counts: dict[str, _Count] = {}
        for (g, faction), left in self._left.items():
            if g == game_id:
                counts[faction] = _Count(left=left)
        for page in self._pages.values():
            if page.game_id == game_id and page.faction:
                count = counts.setdefault(page.faction, _Count())
                if page.connected:
                    count.here += 1
                else:
                    count.reconnecting += 1
        return counts

    # -- watchers --------------------------------------------------------------------------

    def watch(self, game_id: str, callback: Callable[[], Any],
              loop: asyncio.AbstractEventLoop | None = None) -> Callable[[], None]:
        """``callback()`` after each change of the game's presence (on ``loop`` if given); returns the stop."""
        entry: Watcher = (callback, loop)
        with self._lock:
            self._watchers.setdefault(game_id, []).append(entry)

        def stop() -> None:
            with self._lock:
                watchers = self._watchers.get(game_id, [])
                if entry in watchers:
                    watchers.remove(entry)
                if not watchers:
                    self._watchers.pop(game_id, None)

        return stop

    def _changed(self, game_id: str, local: bool = True) -> None:
        with self._lock:
            watchers = list(self._watchers.get(game_id, ()))
        for callback, loop in watchers:
            try:
                if loop is None:
                    callback()
                else:
                    loop.call_soon_threadsafe(callback)
            except Exception:  # a closed page's loop: the page is gone, its watcher too soon
                log.debug("presence watcher of game %s failed", game_id, exc_info=True)
        if local and self._publish is not None:
            with self._lock:
                self._outbox[game_id] = None
            self._wake.set()

    # -- other processes -------------------------------------------------------------------

    def summary(self, game_id: str) -> str:
        """This process's counts of the game's seats, as the note of a "presence" change on the bus."""
        with self._lock:
            counts = self._local(game_id)
        return json.dumps({f: [c.here, c.reconnecting, c.left] for f, c in counts.items()})

    def received(self, game_id: str, origin: str, note: str | None) -> None:
        """Another process's counts of the game's seats (a "presence" change on the bus)."""
        try:
            data = json.loads(note or "{}")
            counts = {str(f): _Count(int(v[0]), int(v[1]), None if v[2] is None else float(v[2]), self.clock())
                      for f, v in data.items()}
        except (TypeError, ValueError, IndexError, KeyError):
            log.warning("presence: ignoring a malformed note %r", (note or "")[:200])
            return
        with self._lock:
            for key in [k for k in self._remote if k[0] == game_id]:
                self._remote[key].pop(origin, None)
            for faction, count in counts.items():
                self._remote.setdefault((game_id, faction), {})[origin] = count
        self._changed(game_id, local=False)

    def forget_remote(self) -> None:
        """Notifications may have been missed (the bus reconnected): the other processes' word is dropped until
        they send it again (within ``HEARTBEAT_S``)."""
        with self._lock:
            games = {g for g, _ in self._remote}
            self._remote.clear()
        for game_id in games:
            self._changed(game_id, local=False)

    def close(self) -> None:
        self._stop.set()
        self._wake.set()

    def _send_loop(self) -> None:
        """Publish changed games at once, and every game with pages here again every ``HEARTBEAT_S``."""
        last_beat = time.monotonic()
        while not self._stop.is_set():
            self._wake.wait(timeout=HEARTBEAT_S / 4)
            self._wake.clear()
            with self._lock:
                games = list(self._outbox)
                self._outbox.clear()
                if time.monotonic() - last_beat >= HEARTBEAT_S:
                    last_beat = time.monotonic()
                    games += [p.game_id for p in self._pages.values() if p.game_id not in games]
            for game_id in dict.fromkeys(games):
                try:
                    assert self._publish is not None
                    self._publish(game_id, self.summary(game_id))
                except Exception:  # the others read it at the next beat
                    log.warning("presence: could not tell the other processes about game %s", game_id, exc_info=True)


def _merge(into: _Count, other: _Count) -> None:
    into.here += other.here
    into.reconnecting += other.reconnecting
    if other.left is not None and (into.left is None or other.left > into.left):
        into.left = other.left


def _presence(count: _Count) -> SeatPresence:
    if count.here:
        return SeatPresence(HERE)
    if count.reconnecting:
        return SeatPresence(RECONNECTING, count.left)
    return SeatPresence(AWAY, count.left) if count.left is not None else SeatPresence(UNSEEN)

