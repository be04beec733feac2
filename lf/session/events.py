"""What subscribers (the pages) are told, and how a failing subscriber is contained.

A subscriber is a plain callable taking a SessionEvent. It is called in the
thread that changed the game, right after the change was committed, while the
game is still locked, so events arrive in order and a subscriber may call back
into the session (the lock is re-entrant). It must be quick: a page should
only note the new version and schedule its re-render on its own event loop;
passing ``loop=`` to ``subscribe`` does exactly that hand-off for it.

A subscriber that raises is logged and counted, never allowed to stop the game;
after ``MAX_FAILURES`` failures in a row it is dropped.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("lf.session")

MAX_FAILURES = 3


@dataclass(frozen=True)
class SessionEvent:
    """A change to a game: ``kind`` is "action", "undo", "seat" (claimed or released), "status", or "rematch"
    (a finished game was played again: ``note`` is the new game's id)."""

    game_id: str
    version: int
    kind: str
    faction: str | None = None
    #: The action key (``ap_front:madrid``) for "action" and "undo" events.
    action: str | None = None
    note: str | None = None
    #: The change was made by another lf process on the same database (see bus.py), not by this one.
    elsewhere: bool = False


Callback = Callable[[SessionEvent], Any]


class Subscription:
    """A registered callback; ``close()`` unregisters it (idempotent)."""

    def __init__(self, callback: Callback, loop: asyncio.AbstractEventLoop | None,
                 remove: Callable[[Subscription], None]) -> None:
        self.callback = callback
        self.loop = loop
        self.failures = 0
        self.closed = False
        self._remove = remove

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._remove(self)

    def deliver(self, event: SessionEvent) -> None:
        """Call the callback (or hand it to its loop); never raises."""
        if self.closed:
            return
        if self.loop is None:
            self._run(event)
            return
        try:
            self.loop.call_soon_threadsafe(self._run, event)
        except RuntimeError as exc:  # the page's loop is closed: the page is gone
            self._failed(exc)

    def _run(self, event: SessionEvent) -> None:
        try:
            out = self.callback(event)
            if asyncio.iscoroutine(out):
                try:
                    running = asyncio.get_running_loop()
                except RuntimeError:
                    out.close()
                    raise TypeError("an async subscriber needs subscribe(callback, loop=<its event loop>)") from None
                running.create_task(out).add_done_callback(self._async_done)
        except Exception as exc:
            self._failed(exc)
        else:
            self.failures = 0

    def _async_done(self, task: asyncio.Future) -> None:
        if not task.cancelled() and task.exception() is not None:
            self._failed(task.exception())

    def _failed(self, exc: BaseException | None) -> None:
        self.failures += 1
        log.warning("subscriber %r failed (%d in a row): %r", self.callback, self.failures, exc, exc_info=exc)
        if self.failures >= MAX_FAILURES:
            log.warning("dropping subscriber %r after %d failures", self.callback, self.failures)
            self.close()
