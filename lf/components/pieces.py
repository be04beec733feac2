"""Board pieces drawn once and changed in place: a move on the Madrid Front re-sends Madrid, not the board.

Why: a Part re-draws its whole box, which for the Fronts and the tracks meant
about 40 KiB of HTML to every device after every move, and as much work for
every browser. Here each piece (one Front, one track) is one element whose
HTML is replaced only when it changes.

A piece the current decision can target is a button. Because the element
outlives the versions, the tap cannot carry the version it was drawn at;
instead the browser sends the version its picture shows (the ``data-version``
of the page's root, which leaves after the pieces, see the game page's
``apply``). A picture older than the moment the piece got its current choice
is outdated: the tap is answered as such, never applied to a choice the player
did not see.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nicegui import ui

from .shared_render import shared
from .theme import esc

#: In the browser: the version the page shows (its game root's ``data-version``), or null.
SHOWN = "(() => { const r = document.querySelector('.lf-game[data-version]'); return r ? +r.dataset.version : null; })()"
#: A button's click sends the version the page shows.
SHOWN_JS = f"() => emit({SHOWN})"
#: Only a piece drawn as clickable sends the tap, with the version the page shows.
TAP_JS = f"(e) => {{ const t = e.currentTarget; if (t && t.querySelector('.lf-clickable')) emit({SHOWN}); }}"


def shown_version(args: Any) -> int | None:
    """The version a browser event carried (see ``SHOWN``); None when there is none (a simulated user)."""
    return args if type(args) is int else None


#: One board piece: its HTML, the choice a tap on it makes now (None: not a button), its name for screen readers.
Piece = tuple[str, dict | None, str]
#: ``select(view)`` -> {key: Piece} for every piece, in order.
Select = Callable[[Any], dict[str, Piece]]
#: ``on_tap(choice or None, version shown)``: None when the browser's picture of that piece is outdated.
OnTap = Callable[[dict | None, int | None], object]


class Pieces:
    """The pieces of one board box; the same ``show``/``update`` as a Part, so pages hold both alike."""

    def __init__(self, name: str, kind: str, select: Select, on_tap: OnTap,
                 version: Callable[[Any], int] = lambda view: view["version"]) -> None:
        self.name = name
        self.kind = kind
        self.select = select
        self.on_tap = on_tap
        self.version = version
        self.elements: dict[str, ui.html] = {}
        self.shown: dict[str, Piece] = {}
        self.since: dict[str, int] = {}
        self.draws = 0

    def show(self, view: Any) -> None:
        """Create the pieces here (call once, inside the box where they belong)."""
        for key, piece in self._pieces(view).items():
            el = ui.html("", sanitize=False).classes(f"lf-{self.kind}-wrap").mark(f"{self.kind}-{key}")
            for event in ("click", "keydown.enter"):
                el.on(event, lambda e, k=key: self._tap(k, e.args), js_handler=TAP_JS)
            self.elements[key] = el
            self._set(key, piece, self.version(view))

    def update(self, view: Any, force: bool = False) -> bool:
        """Replace the pieces whose HTML or choice changed; returns whether any did."""
        changed = False
        for key, piece in self._pieces(view).items():
            if force or piece != self.shown.get(key):
                self._set(key, piece, self.version(view))
                changed = True
        return changed

    def _pieces(self, view: Any) -> dict[str, Piece]:
        """Every piece of the view, computed once for all the pages of the game at this version."""
        return shared(view, self.name, self.select, self.version(view), lambda: self.select(view))

    def _set(self, key: str, piece: Piece, version: int) -> None:
        html, choice, label = piece
        old = self.shown.get(key)
        if old is None or old[1] != choice:
            self.since[key] = version
        el = self.elements[key]
        if old is None or old[0] != html:
            el.set_content(html)
            self.draws += 1
        if old is None or (old[1] is None) != (choice is None) or old[2] != label:
            if choice is not None:
                el.props(f'role=button tabindex=0 aria-label="{esc(label)}"')
            else:
                el.props(remove="role tabindex aria-label")
        self.shown[key] = piece

    def _tap(self, key: str, shown: Any) -> object:
        """The browser's picture must include the piece's current choice (None from a simulated user: current)."""
        choice = self.shown[key][1]
        version = shown_version(shown)
        if choice is None or (version is not None and version < self.since[key]):
            return self.on_tap(None, version)
        return self.on_tap(choice, version)
