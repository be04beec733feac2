"""One view per seat and version, shared by every page that shows it.

Why: a move on a game watched by 200 spectators asked the engine for the same spectator view 200 times,
each under the game's lock. A view depends only on the state, the version and who looks, so the session
keeps the views of the current state and hands the same dict to every caller. Callers must treat a view as
read-only (the pages only read it); it is dropped as soon as the state moves on or is replaced.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

View = dict[str, Any]


class ViewCache:
    """The views of one state (by viewer; None is the spectator), valid while (version, state object) stays."""

    def __init__(self) -> None:
        self._at: tuple[int, int] | None = None
        self._views: dict[str | None, View] = {}

    def get(self, version: int, state: object, viewer: str | None, compute: Callable[[], View]) -> View:
        """The view of ``viewer`` at this version of this state object, computed on the first call only."""
        at = (version, id(state))
        if at != self._at:
            self._at, self._views = at, {}
        view = self._views.get(viewer)
        if view is None:
            view = self._views[viewer] = compute()
        return view

    def clear(self) -> None:
        """Forget every view (the state was rebuilt, or changed in place before its version moved)."""
        self._at, self._views = None, {}
