"""One refreshable per concern: a piece of a page that re-draws only when its slice of the view changes.

After every accepted action the page gets a fresh view; each Part compares
the slice it shows (``select``) with the last one it drew and refreshes its
``ui.refreshable`` only if that slice changed. So a move on the Madrid Front
re-draws the Fronts and the log, not the hands or the tracks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nicegui import ui

_UNSET = object()


class Part:
    """``select(view)`` -> the data this part shows; ``render(view)`` draws it (inside a refreshable)."""

    def __init__(self, name: str, select: Callable[[dict], Any], render: Callable[[dict], None]) -> None:
        self.name = name
        self.select = select
        self.render = render
        self.key: Any = _UNSET
        self.view: dict | None = None
        self.draws = 0
        self._refreshable = ui.refreshable(self._draw)

    def _draw(self) -> None:
        if self.view is not None:
            self.draws += 1
            self.render(self.view)

    def show(self, view: dict) -> None:
        """Create the part here (call once, inside the layout where it belongs)."""
        self.view, self.key = view, self.select(view)
        self._refreshable()

    def update(self, view: dict, force: bool = False) -> bool:
        """Re-draw if this part's slice changed; returns whether it did."""
        key = self.select(view)
        if not force and key == self.key:
            self.view = view
            return False
        self.view, self.key = view, key
        self._refreshable.refresh()
        return True
