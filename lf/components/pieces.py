"""Board pieces drawn once and changed in place: a move on the Madrid Front re-sends Madrid, not the board.

Why: a Part re-draws its whole box, which for the Fronts and the tracks meant
about 40 KiB of HTML to every device after every move, and as much work for
every browser. Here each piece (one Front, one track, one card of the hand) is
one element whose HTML is replaced only when it changes.

A piece carries the choices a tap on it can make now (``targets.py`` places
them): the tapped target says which (``data-key``; a target with several
choices opens its menu in the browser first, ``assets/lf.js``). Because the
element outlives the versions, the tap cannot carry the version it was drawn
at; instead the browser sends the version its picture shows (the
``data-version`` of the page's root, which leaves after the pieces, see the
game page's ``apply``). A picture older than the moment the piece got its
current choices is outdated: the tap is answered as such, never applied to a
choice the player did not see.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nicegui import ui

from .shared_render import shared

#: In the browser: the version the page shows (its game root's ``data-version``), or null.
SHOWN = "(() => { const r = document.querySelector('.lf-game[data-version]'); return r ? +r.dataset.version : null; })()"
#: A page without its connection sends nothing: the player is told at once, and again, with the game as it is now,
#: when the page is back (``lfOffline`` in assets/table.js; lf/pages/offline_taps.py).
OFFLINE = "(window.lfOffline && window.lfOffline(e))"
#: A button's click sends the version the page shows.
SHOWN_JS = f"(e) => {{ if (!{OFFLINE}) emit({SHOWN}); }}"
#: A tap on a piece sends [version shown, key of the tapped choice] when it takes a choice (``lfTap``: a
#: target's own key, a menu line's key, or the piece itself when it is one target); otherwise nothing leaves.
TAP_JS = (f"(e) => {{ const k = window.lfTap ? window.lfTap(e) : null; "
          f"if (k !== null && !{OFFLINE}) emit([{SHOWN}, k === true ? null : k]); }}")


def shown_version(args: Any) -> int | None:
    """The version a browser event carried (see ``SHOWN``); None when there is none (a simulated user)."""
    if isinstance(args, list) and args:
        args = args[0]
    return args if type(args) is int else None


def tapped_key(args: Any) -> str | None:
    """The key of the choice a tap took (see ``TAP_JS``); None: the piece itself, or a simulated user."""
    return args[1] if isinstance(args, list) and len(args) > 1 and isinstance(args[1], str) else None


#: One board piece: its HTML and the choices a tap on it makes now (by action key; or one choice: the whole piece
#: is its target; None: not tappable). A piece that is itself a button is named by its own words (the choice is
#: written on it): an ``aria-label`` would hide the Front's or track's state from a screen reader.
Piece = tuple[str, dict | None]
#: ``select(view)`` -> {key: Piece} for every piece, in order.
Select = Callable[[Any], dict[str, Piece]]
#: ``on_tap(choice or None, version shown)``: None when the browser's picture of that piece is outdated.
OnTap = Callable[[dict | None, int | None], object]


def by_key(choices: dict | None) -> dict[str, dict]:
    """A piece's choices by action key; a single choice (a dict with an ``action``) is keyed by its own key."""
    if not choices:
        return {}
    if "action" in choices:
        return {str(choices.get("key", "")): choices}
    return choices


class Pieces:
    """The pieces of one board box; the same ``show``/``update`` as a Part, so pages hold both alike.

    Pieces may come and go (the cards of a hand): a new key gets a new element in the box, a key that is
    gone loses its element, and the elements keep the order ``select`` gives.
    """

    def __init__(self, name: str, kind: str, select: Select, on_tap: OnTap,
                 version: Callable[[Any], int] = lambda view: view["version"], role: bool = True,
                 epoch: Callable[[Any], Any] | None = None, share: bool = True) -> None:
        self.name = name
        #: Whether the pieces may be rendered once for every page of the game at a version
        #: (lf/components/shared_render.py): not when ``select`` reads more than the view (e.g. the seat names).
        self.share = share
        self.kind = kind
        self.select = select
        self.on_tap = on_tap
        self.version = version
        #: Whether a tappable piece is itself a button for screen readers (False: its targets inside are).
        self.role = role
        self.elements: dict[str, ui.html] = {}
        self.shown: dict[str, Piece] = {}
        self.since: dict[str, int] = {}
        self.draws = 0
        self.slot: Any = None
        #: ``epoch(view)``: when it changes (the seat's decision, who else is deciding), every piece's choices count
        #: as new, as if the prompt's buttons had been drawn again: a tap on an older picture is outdated.
        self.epoch = epoch
        self._epoch: Any = None

    def show(self, view: Any) -> None:
        """Create the pieces here (call once, inside the box where they belong)."""
        self.slot = ui.context.slot
        self.update(view)

    def _element(self, key: str) -> ui.html:
        with self.slot:
            el = ui.html("", sanitize=False).classes(f"lf-{self.kind}-wrap").mark(f"{self.kind}-{key}")
        for event in ("click", "keydown.enter"):
            el.on(event, lambda e, k=key: self._tap(k, e.args), js_handler=TAP_JS)
        self.elements[key] = el
        return el

    def update(self, view: Any, force: bool = False) -> bool:
        """Replace the pieces whose HTML or choices changed (adding and removing pieces); whether any did."""
        wanted = self._pieces(view)
        changed = False
        if self.epoch is not None and (epoch := self.epoch(view)) != self._epoch:
            self._epoch = epoch
            self.since = dict.fromkeys(self.since, self.version(view))
        for key in [k for k in self.elements if k not in wanted]:
            self.elements.pop(key).delete()
            self.shown.pop(key, None)
            changed = True
        for key, piece in wanted.items():
            if key not in self.elements:
                self._element(key)
            if force or piece != self.shown.get(key):
                self._set(key, piece, self.version(view))
                changed = True
        order = [self.elements[k] for k in wanted]
        children = [c for c in self.slot.children if c in order] if self.slot is not None else order
        if children != order:
            for index, el in enumerate(order):
                el.move(target_index=index)
        return changed

    def _pieces(self, view: Any) -> dict[str, Piece]:
        """Every piece of the view, computed once for all the pages of the game at this version."""
        if not self.share:
            return self.select(view)
        return shared(view, self.name, self.select, self.version(view), lambda: self.select(view))

    def _set(self, key: str, piece: Piece, version: int) -> None:
        html, choices = piece
        old = self.shown.get(key)
        if old is None or old[1] != choices:
            self.since[key] = version
        el = self.elements[key]
        if old is None or old[0] != html:
            el.set_content(html)
            self.draws += 1
        if self.role and (old is None or (not old[1]) != (not choices)):
            if choices and "action" in choices:
                el.props("role=button tabindex=0")
            else:
                el.props(remove="role tabindex")
        self.shown[key] = piece

    def _tap(self, key: str, args: Any) -> object:
        """The browser's picture must include the piece's current choices (None from a simulated user: current)."""
        piece = self.shown.get(key)
        choices = by_key(piece[1] if piece else None)
        version, wanted = shown_version(args), tapped_key(args)
        if wanted is None:
            choice = next(iter(choices.values())) if len(choices) == 1 else None
        else:
            choice = choices.get(wanted)
        if choice is None or (version is not None and version < self.since.get(key, 0)):
            return self.on_tap(None, version)
        return self.on_tap(choice, version)
