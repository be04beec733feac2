"""Session calls made from a page, off the event loop, in lf's own pool of worker threads.

Why a pool of its own: every session call may wait for the database (a commit, a game loaded on first use,
a lock held by a backup or a second server: up to the database's busy timeout). On the event loop such a
wait froze every page of the server; in NiceGUI's shared pool (a handful of threads on a small machine) a
few waiting calls starved every other page. Here the calls wait in ``LF_DB_THREADS`` threads of their own.

Why the stopping check: NiceGUI's ``run.io_bound`` answered ``None`` instead of running a call once the
server was stopping; a page handler would then read a result that is not there. Here that case is a
cancellation, so a click that races the server's shutdown ends quietly and changes nothing; the player's
page reconnects to the restarted server and catches up.

``patiently`` is for a player's move: when the database is slow it tells the player so ("saving is slow,
retrying"), keeps the move and tries again, and refuses it in plain words if it still cannot be saved.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from nicegui import core

from lf.server.settings import settings

P = ParamSpec("P")
R = TypeVar("R")

#: Seconds a call may take before the player is told the database is slow.
SLOW_AFTER_S = 1.5

_pool: ThreadPoolExecutor | None = None


def pool() -> ThreadPoolExecutor:
    global _pool
    if _pool is None:
        _pool = ThreadPoolExecutor(max_workers=settings().db_threads, thread_name_prefix="lf-db")
    return _pool


async def in_thread(call: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """``call(*args, **kwargs)`` in a worker thread; cancelled if the server is stopping."""
    if core.app.is_stopping:
        raise asyncio.CancelledError("the server is stopping")
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(pool(), functools.partial(call, *args, **kwargs))


async def patiently(call: Callable[[], R], on_slow: Callable[[], object], slow_after: float = SLOW_AFTER_S) -> R:
    """``call()`` in a worker thread; ``on_slow()`` once if it has not answered after ``slow_after`` seconds."""
    task: Awaitable[R] = asyncio.ensure_future(in_thread(call))
    done, _ = await asyncio.wait({task}, timeout=slow_after)  # type: ignore[arg-type]
    if not done:
        on_slow()
    return await task
