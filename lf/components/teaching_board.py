"""Small board pieces of the teaching screen: its status line and the hand of the acting faction.

The rest of the board is the game page's own components (``board.py``),
drawn from the public view: on a shared screen no hand is on the board.
"""

from __future__ import annotations

from nicegui import ui

from .board import status_line
from .hand import hand_html
from .theme import esc, faction_label


def teaching_status_html(v: dict, now: str | None) -> str:
    """The board's status line, led by the faction whose decision the table is watching."""
    who = (f'<span class="lf-chip lf-f-{now}">Now: the {esc(faction_label(now))}</span>' if now else
           '<span class="lf-chip">Teaching table</span>')
    return status_line(v, who)


def render_peek(faction: str, cards: list[str]) -> None:
    """The acting faction's hand, shown on request during its (public) turn."""
    with ui.element("div").classes("lf-peek").props("data-testid=peek"):
        ui.label(f"The {faction_label(faction)}' hand").classes("lf-h3")
        ui.html(hand_html(cards, label=f"The {faction_label(faction)}' hand"), sanitize=False).classes("w-full").mark(f"peek-{faction}")
