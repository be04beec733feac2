"""HTML rendered once per game, seat and version, and handed to every page that shows the same thing.

Why: 200 spectators of one game each turned the same view into the same HTML after every move (the Fronts,
the tracks, the log, the status line...), 200 times the work for one result. The session already shares one
view per seat and version (lf/session/view_cache.py); the parts here share what they render from it.

Only a session view is shared (a dict with ``game_id`` and ``version``); anything else (the teaching table's
board) is rendered as before. The memo is keyed by the game, the viewer (a seat sees its own hand), the part's
name and the code of its render function, and checked against what the part's output depends on: its select
key (HtmlPart: the same contract that decides whether it re-draws at all) or the view's version (Pieces and
the log, which read only the view). A page that lags behind renders for itself.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")
#: Entries kept (the newest used): a few per part and game is all that is ever hit.
SIZE = 4096


def scope(state: Any) -> tuple[str, str | None] | None:
    """(game id, viewer) of a session view; None for anything that is not one."""
    if isinstance(state, dict) and "game_id" in state and "version" in state:
        return state["game_id"], state.get("viewer")
    return None


class SharedMemo:
    """The last value computed per key, reused while its ``check`` compares equal. Thread-safe."""

    def __init__(self, size: int = SIZE) -> None:
        self._entries: OrderedDict[Hashable, tuple[Any, Any]] = OrderedDict()
        self._lock = threading.Lock()
        self.size = size
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable, check: Any, compute: Callable[[], T]) -> T:
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None and entry[0] == check:
                self._entries.move_to_end(key)
                self.hits += 1
                return entry[1]
        value = compute()
        with self._lock:
            self.misses += 1
            self._entries[key] = (check, value)
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
        return value


MEMO = SharedMemo()


def shared(state: Any, name: str, fn: Callable[..., Any], check: Any, compute: Callable[[], T]) -> T:
    """``compute()``, or the value another page computed for the same game, viewer, part and ``check``."""
    where = scope(state)
    if where is None:
        return compute()
    return MEMO.get((*where, name, getattr(fn, "__code__", fn)), check, compute)
