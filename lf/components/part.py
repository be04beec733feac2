"""One refreshable per concern: a piece of a page that re-draws only when its slice of the view changes.

After every accepted action the page gets a fresh view; each Part compares
the slice it shows (``select``) with the last one it drew and refreshes its
``ui.refreshable`` only if that slice changed. So a move on the Madrid Front
re-draws the Fronts and the log, not the hands or the tracks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from nicegui import ui

from .shared_render import shared

_UNSET = object()


class Drawn(Protocol):
    """What a page keeps up to date after every change: a Part, board Pieces, the LogPanel."""

    name: str
    draws: int

    def show(self, state: Any) -> None: ...

    def update(self, state: Any, force: bool = False) -> bool: ...


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


class HtmlPart:
    """One block of HTML kept on the page and rewritten in place when its slice of the state changes.

    Why not a Part: a refreshable deletes its elements and creates new ones at every re-draw, and every
    browser then unmounts and mounts them again. A block that is only HTML (status line, Fascist card,
    factions, Glory, medallions, a faction's tab) needs its text replaced and nothing else; an unchanged
    text is not even sent.
    """

    def __init__(self, name: str, select: Callable[[Any], Any], html: Callable[[Any], str], mark: str = "",
                 classes: str = "") -> None:
        self.name = name
        self.select = select
        self.html = html
        self.mark = mark
        self.classes = classes
        self.key: Any = _UNSET
        self.draws = 0
        self.element: ui.html | None = None

    def show(self, state: Any) -> None:
        """Create the block here (call once, inside the layout where it belongs)."""
        self.key = self.select(state)
        self.element = ui.html(self._html(state, self.key), sanitize=False)
        self.draws = 1
        if self.classes:
            self.element.classes(self.classes)
        if self.mark:
            self.element.mark(self.mark)

    def _html(self, state: Any, key: Any) -> str:
        """The block's HTML, rendered once for every page of the game that shows the same slice."""
        return shared(state, self.name, self.html, key, lambda: self.html(state))

    def update(self, state: Any, force: bool = False) -> bool:
        key = self.select(state)
        if self.element is None or (not force and key == self.key):
            return False
        self.key = key
        content = self._html(state, key)
        if content == self.element.content:
            return False
        self.element.set_content(content)
        self.draws += 1
        return True
