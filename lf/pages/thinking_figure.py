"""The computer's measured progress on every page watching the game: one figure per game, a few times a second.

Why this shape: the share of a search done lives in the thinking pool's shared memory of the process that thinks
(lf/session/thinking.py), or, when another lf process thinks, in that process's claim row (lf/session/claims.py
records it at each renewal). Each page asking for it would cost a lock, a database read or a socket message per
page per tick. Instead one task per game, in this process, runs only while some page of the game shows a
computer thinking: every ``PERIOD`` seconds it reads the figure once (a float read here, without the game's lock;
from the claim row, in a worker thread, only when another process thinks), rounds it to whole percents, and
sends it only to the pages that have not seen that figure yet (``lfThinking``, assets/thinking.js). A page that
shows no computer thinking leaves the game's list; the task ends with the last one.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field

from nicegui import Client, background_tasks

from . import session_port as port
from .in_thread import in_thread

log = logging.getLogger("lf.pages")

#: Seconds between two readings of a game's figure (so at most this many updates a second reach a page: 2).
PERIOD = 0.5


@dataclass
class _Watched:
    """The pages of one game showing its computer thinking, and the figure each was sent last."""

    pages: dict[str, Client] = field(default_factory=dict)
    sent: dict[str, str] = field(default_factory=dict)
    figure: str | None = None


_games: dict[str, _Watched] = {}


def follow(game_id: str, client: Client, thinking: bool) -> None:
    """The page ``client`` shows the game's computer thinking (``thinking``) or not: it gets the figures or stops."""
    watched = _games.get(game_id)
    if not thinking:
        if watched is not None:
            watched.pages.pop(client.id, None)
            watched.sent.pop(client.id, None)
        return
    if watched is None:
        watched = _games[game_id] = _Watched()
        background_tasks.create(_tick(game_id, watched), name=f"lf thinking figure {game_id}")
    watched.pages[client.id] = client
    if watched.figure is not None:
        _send(watched, client.id, client)


def _send(watched: _Watched, client_id: str, client: Client) -> None:
    if watched.figure is not None and watched.sent.get(client_id) != watched.figure:
        watched.sent[client_id] = watched.figure
        client.run_javascript(f"lfThinking({watched.figure})")


async def _tick(game_id: str, watched: _Watched) -> None:
    try:
        while watched.pages:
            figure = await _figure(game_id)
            if figure is not None:
                watched.figure = json.dumps({f: round(100 * share) for f, share in sorted(figure.items())})
            for client_id, client in list(watched.pages.items()):
                if client.is_deleted:
                    watched.pages.pop(client_id, None)
                    watched.sent.pop(client_id, None)
                elif client.has_socket_connection:
                    _send(watched, client_id, client)
            await asyncio.sleep(PERIOD)
    finally:
        if _games.get(game_id) is watched:
            del _games[game_id]


async def _figure(game_id: str) -> dict[str, float] | None:
    here = port.thinking_here(game_id)
    if here is not None or not port.clustered():
        return here or {}
    try:
        return await in_thread(port.thinking_elsewhere, game_id)
    except Exception:  # the database is away: the bars keep their last figure
        log.warning("game %s: the thinking figure could not be read", game_id, exc_info=True)
        return None


def watched_games() -> int:
    """Games whose figure is being sent now (tests and diagnostics)."""
    return len(_games)
