"""The computer thinking for a seat, awaited by the server without blocking its event loop.

This is the contract every caller codes against (the coach now, the computer seats too):

    move = await think(state, faction, level, seed=seed, on_progress=lambda done: ...)

``on_progress`` gets the share of the search done (0..1), called on the caller's event loop, so it may touch
the page; cancelling the awaiting task stops the search promptly (at its next playout). The state is not
changed, and the search reads only what ``faction``'s seat can see (``lf.ai``: it samples the rest).

This version runs the search in a worker thread of its own small pool, inside the server's process (so under its
interpreter lock); the computer seats' version runs it in a process pool with the same signature and behaviour.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from lf.ai import Move, decide
from lf.engine import GameState

#: Searches at once in this process; more wait their turn (each holds a core while it runs).
WORKERS = 2
#: The smallest change of the share done that is passed on (a search calls back after every playout).
PROGRESS_STEP = 0.04

_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _executor() -> ThreadPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="lf-think")
        return _pool


async def think(state: GameState, faction: str, level: str, *, seed: int,
                on_progress: Callable[[float], None] | None = None) -> Move:
    """The computer's move for ``faction``'s pending decision, at ``level`` (quick, normal, strong)."""
    loop = asyncio.get_running_loop()
    stop = threading.Event()
    told = [-1.0]

    def progress(done: int, total: int) -> None:
        share = min(1.0, done / total) if total else 1.0
        if on_progress is not None and (share - told[0] >= PROGRESS_STEP or share >= 1.0) and share != told[0]:
            told[0] = share
            loop.call_soon_threadsafe(_tell, on_progress, share, stop)

    def run() -> Move:
        return decide(state, faction, level, seed, progress, stop.is_set)

    future = loop.run_in_executor(_executor(), run)
    try:
        return await asyncio.shield(future)
    except asyncio.CancelledError:
        stop.set()  # the search ends at its next playout; its result is dropped
        raise


def _tell(on_progress: Callable[[float], None], share: float, stop: threading.Event) -> None:
    if not stop.is_set():
        on_progress(share)
