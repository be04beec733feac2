"""A tap made while the page had lost its connection: said to be outdated when the page is back, with the game
as it is now.

Why: a phone that slept or lost the network keeps showing an older picture. NiceGUI holds what the page sends
while it reconnects, but a page away longer than its ``reconnect_timeout`` is deleted on the server and the
browser reloads it: the held tap was dropped without a word. The browser now keeps such a tap back (``lfOffline``
in assets/table.js notes the version it showed); when the page is connected again, this asks the browser for it and
tells the player whether the game moved on meanwhile. The page has caught up by then (its ``sync``).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from nicegui import Client, ui

log = logging.getLogger("lf.pages")

MOVED_ON = ("That tap was made while this device was offline, on an outdated picture of the game: it was not sent. "
            "The game moved on meanwhile; here is the current position.")
SAME = "That tap was made while this device was offline: it was not sent. Nothing changed meanwhile: tap again."


async def answer_offline_tap(client: Client, catch_up: Callable[[], Awaitable[None]],
                             version: Callable[[], int]) -> None:
    """Ask the page for a tap it kept back while offline; if there was one, catch up and say what became of it."""
    try:
        shown = await client.run_javascript("window.lfOfflineTap ? lfOfflineTap() : null", timeout=5)
    except Exception as exc:  # the page went again, or never answered: nothing to say
        log.debug("no answer about an offline tap: %r", exc)
        return
    if type(shown) is not int or client.is_deleted:
        return
    await catch_up()
    with client:
        ui.notify(MOVED_ON if version() > shown else SAME, type="warning", multi_line=True)
