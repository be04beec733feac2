"""At start: the computer's seats go on with the decisions a stop left open (lf/session/computers.py).

A computer's move is thought by whichever process holds the game in memory; after a restart nobody does until
the game is loaded. So once the database is open (by the first page or health check: a background task never
opens it first), the games with a seat the computer plays are loaded, which thinks their open decisions again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from lf.session import Registry

log = logging.getLogger("lf.server")

#: Seconds between two looks for the database being opened.
WAIT_S = 1.0


async def resume_computers(registry_of: Callable[[], Registry | None]) -> None:
    while (registry := registry_of()) is None:
        await asyncio.sleep(WAIT_S)
    try:
        count = await asyncio.to_thread(registry.resume_computers)
    except Exception:  # the database went away meanwhile: the games' next load thinks again
        log.exception("the games with a computer seat could not be loaded at start")
        return
    if count:
        log.info("%d running games with a computer seat loaded: their computers go on", count)
