"""Session calls made from a page, off the event loop.

Why a wrapper: NiceGUI's ``run.io_bound`` answers ``None`` instead of running the call once the server
is stopping; a page handler would then read a result that is not there. Here that case is a cancellation
(what NiceGUI 4 will do itself), so a click that races the server's shutdown ends quietly and changes
nothing; the player's page reconnects to the restarted server and catches up.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from nicegui import core, run

P = ParamSpec("P")
R = TypeVar("R")


async def in_thread(call: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """``call(*args, **kwargs)`` in a worker thread; cancelled if the server is stopping."""
    if core.app.is_stopping:
        raise asyncio.CancelledError("the server is stopping")
    result = await run.io_bound(call, *args, **kwargs)
    if result is None and core.app.is_stopping:
        raise asyncio.CancelledError("the server is stopping")
    return result  # type: ignore[return-value]
