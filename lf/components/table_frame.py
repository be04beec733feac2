"""The game table's frame: the buttons that open its side panels (log, factions' tableaux) and box titles.

The panels open and close in the browser (assets/lf.js ``lfPanel``): a tap sends nothing to the server and
changes nothing of the game, so these buttons are plain HTML.
"""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

from .icons import icon
from .theme import esc

PANELS = (("tabs", "cards", "Tableaux", "The factions' tableaux, piles and trash"), ("log", "log", "Log", "The game log"))


def panel_buttons() -> str:
    """The buttons that open the side panels (each says what it opens, in words and for screen readers)."""
    return "".join(
        f'<button type="button" class="lf-tog" data-panel="{name}" data-testid="open-{name}" aria-expanded="false" '
        f'aria-label="{esc(words)}" onclick="lfPanel(\'{name}\')">{icon(ic)}<span>{esc(label)}</span></button>'
        for name, ic, label, words in PANELS)


def panel_close(name: str) -> str:
    return (f'<button type="button" class="lf-panel-x" data-panel="{name}" data-testid="close-{name}" '
            f'aria-label="Close" onclick="lfPanel(\'{name}\', false)">{icon("close")}</button>')


def table_box(icon_name: str, title: str, cls: str = "") -> Callable[[object, object], None]:
    """A box with a title whose inside is a Pieces box (its pieces are created in the inner element)."""

    def draw(part: object, state: object) -> None:
        with ui.element("div").classes("lf-box"):
            ui.html(f'<div class="lf-box-h">{icon(icon_name)} {esc(title)}</div>', sanitize=False)
            with ui.element("div").classes(cls):
                part.show(state)  # type: ignore[attr-defined]

    return draw
