"""A page's live link to its game: subscribed once, closed with the page, caught up after every reconnection.

The game page and the teaching table hold the same link; they differ only in
how they re-draw (``changed`` is called on the page's own event loop after each
accepted change, ``seats`` first when a seat was taken or left; ``catch_up``
when the browser reconnects). When a finished game is played again (a
"rematch" event), the page goes to the new game (``follow`` + its id). The
subscription is made in a worker thread: it takes the game's lock, which a
commit waiting for a slow database may hold.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable

from nicegui import Client, ui

from lf.server import idle_gc

from . import session_port as port
from .in_thread import in_thread


#: Pages that already went to a rematch: each goes once, whether it heard the event or pressed Rematch itself.
_GONE: weakref.WeakSet[Client] = weakref.WeakSet()


def go_once(client: Client, path: str) -> None:
    """Send the page to ``path`` unless it already left for a rematch (two navigations would race)."""
    if client in _GONE or client.is_deleted:
        return
    _GONE.add(client)
    with client:
        ui.navigate.to(path)


class LiveGame:
    def __init__(self, client: Client, changed: Callable[[], None], catch_up: Callable[[], object],
                 seats: Callable[[], None], follow: str | None = "/game/") -> None:
        self.changed, self.seats = changed, seats
        self.client, self.follow = client, follow
        self.sub: port.Subscription | None = None
        client.on_delete(self.close)
        client.on_connect(catch_up)

    @classmethod
    async def open(cls, game_id: str, client: Client, changed: Callable[[], None], catch_up: Callable[[], object],
                   seats: Callable[[], None], follow: str | None = "/game/") -> LiveGame:
        live = cls(client, changed, catch_up, seats, follow)
        sub = await in_thread(port.subscribe, game_id, live._event, asyncio.get_running_loop())
        if client.is_deleted:
            sub.close()
        else:
            live.sub = sub
        return live

    def _event(self, event: port.SessionEvent) -> None:
        if event.kind == "rematch":  # the finished game is played again: its pages go there (end_screen.py)
            if self.follow is not None and event.note:
                go_once(self.client, f"{self.follow}{event.note}")
            return
        if event.kind == "seat":
            self.seats()
        idle_gc.acted()  # the pages are about to draw the change: no full collection now
        self.changed()

    def close(self) -> None:
        if self.sub is not None:
            self.sub.close()
            self.sub = None
