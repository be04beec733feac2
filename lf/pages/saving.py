"""A player's move while the database is slow or failing: told, kept, retried, and refused in plain words.

Why: a move sent while the database was locked (a backup, the sqlite3 shell, a second server) once waited
on the event loop and was then lost without a word. The session answers every database failure with
``code == "error"`` and changes nothing, so the same move can safely be sent again: it is retried a few
times, the player seeing "saving is slow, retrying"; if it still fails, the player is told it was not
applied. A stale, illegal or any other answer is final and returned as it is.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from nicegui import Client, ui

from . import session_port as port
from .in_thread import patiently

RETRIES = 3
RETRY_PAUSE_S = 1.0
SLOW = "Saving is slow (the database is busy): your move is kept and will be saved as soon as it can."
RETRYING = "Saving failed (the database did not answer): retrying your move ({n}/{total})."
GAVE_UP = ("Your move could not be saved: the database is not answering. Nothing was applied; try again in a "
           "moment.")


async def saved(call: Callable[[], port.ActResult], client: Client, retries: int = RETRIES) -> port.ActResult:
    """``call()`` (an ``act`` or ``undo``) in a worker thread, retried while the database fails.

    The player is told on ``client``'s page: the button that was pressed may be gone by then (re-drawn).
    """
    def tell(message: str) -> None:
        with client:
            ui.notify(message, type="warning", multi_line=True)

    res = await patiently(call, lambda: tell(SLOW))
    for n in range(1, retries + 1):
        if res.code != "error":
            return res
        tell(RETRYING.format(n=n, total=retries))
        await asyncio.sleep(RETRY_PAUSE_S * n)
        res = await patiently(call, lambda: None)
    if res.code == "error":
        return port.ActResult(False, "error", GAVE_UP, res.version, res.view)
    return res
