"""One worker-thread call shared by every page that asks the same question at the same moment.

Why: a move on a game watched by 200 spectators wakes 200 pages, and each sent the same session call
(the spectator's view) to the worker pool. The view itself is computed once (``lf.session.view_cache``),
but 200 thread hand-offs, each taking the game's lock and the interpreter's lock in turn, cost the event
loop more than drawing the pages did, and delayed the last spectators by more than half a second. Here
the pages that ask for the same thing while one call is under way wait for that call's answer.

A page may share only an answer that is at least as new as what it heard: it passes the ticket it took
when it heard of the change (``ticket()``, on the event loop), and joins a call only when that call left
after it; otherwise it starts a new one. Tickets and calls are ordered on the one event loop, and a change
is announced only once it is made, so a call that left after the announcement sees the change.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from .in_thread import in_thread

R = TypeVar("R")

_tickets = itertools.count(1)
#: (loop, key) -> (the ticket taken when the call left, its future)
_calls: dict[tuple[int, Hashable], tuple[int, asyncio.Future[Any]]] = {}


def ticket() -> int:
    """A moment on the event loop: a call that leaves later sees everything announced before it."""
    return next(_tickets)


async def shared_call(key: Hashable, since: int, call: Callable[[], R]) -> R:
    """``call()`` in a worker thread, or the answer of the same call (same ``key``) that left after ``since``."""
    slot = (id(asyncio.get_running_loop()), key)
    running = _calls.get(slot)
    if running is None or running[0] < since:
        running = (ticket(), asyncio.ensure_future(in_thread(call)))
        _calls[slot] = running
        running[1].add_done_callback(lambda done: _forget(slot, done))
    # shielded: a page that goes away (its task cancelled) does not cancel the answer the others wait for
    return await asyncio.shield(running[1])


def _forget(slot: tuple[int, Hashable], done: asyncio.Future[Any]) -> None:
    if _calls.get(slot, (0, None))[1] is done:
        del _calls[slot]
    if not done.cancelled():
        done.exception()  # retrieved: every waiter gets it; asyncio must not also log it as never retrieved
