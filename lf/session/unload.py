"""Idle games leave memory; the registry loads them again from the database when someone asks.

Why: a public server accumulates games that nobody looks at any more (a quick game abandoned after two
moves). Each keeps its state in memory. A game nobody has asked for during ``idle_s`` seconds and that no
page watches (no subscriber) is unloaded; ``Registry.get`` rebuilds it from the log on the next request,
exactly as after a restart. A game a page still watches is never unloaded under it.
"""

from __future__ import annotations

import time

from .registry import Registry


def unload_idle(registry: Registry, idle_s: float, now: float | None = None) -> list[str]:
    """Unload the games idle for ``idle_s`` seconds and unwatched; returns their ids."""
    now = time.monotonic() if now is None else now
    out = []
    for game_id in list(registry.loaded):
        if now - registry.last_used.get(game_id, now) >= idle_s and registry.evict(game_id, only_if_unwatched=True):
            out.append(game_id)
    return out
