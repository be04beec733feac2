"""A new game's seats, seed and Fascists' strength, asked and read by a form (the lobby's and the teaching
table's)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from nicegui import ui

from lf.components import levels
from lf.components.theme import FACTIONS, esc, faction_label

#: The computer's levels (lf/ai/levels.py), in the words of the forms (Create a game, Play now).
COMPUTER_LEVELS = {"quick": "Quick", "normal": "Normal", "strong": "Strong"}


def seat_toggles(labels: Mapping[str, str], mark: str, on_change: Callable[..., Any] | None = None) -> dict[str, ui.toggle]:
    """One row per faction: its name and a switch between ``labels`` ("human" / "nonplayer"), human first."""
    kinds: dict[str, ui.toggle] = {}
    for f in FACTIONS:
        with ui.row().classes("w-full items-center justify-between no-wrap"):
            ui.html(f'<span class="lf-dot lf-f-{f}"></span> <b>{esc(faction_label(f))}</b>', sanitize=False)
            kinds[f] = ui.toggle(dict(labels), value="human", on_change=on_change) \
                .props("dense no-caps toggle-color=primary").classes("lf-faction-toggle").mark(f"{mark}-{f}")
    return kinds


def read_setup(kinds: Mapping[str, Any], seed_text: str | None, no_human: str) -> tuple[dict[str, str], int | None] | None:
    """(seats, seed) from the form's toggles and seed box; None after telling the user what is wrong."""
    seats = {f: t.value for f, t in kinds.items()}
    if "human" not in seats.values():
        ui.notify(no_human, type="warning")
        return None
    text = (seed_text or "").strip()
    if text and not text.isdigit():
        ui.notify("The seed must be a whole number (or empty for a random one).", type="warning")
        return None
    return seats, int(text) if text else None


def strength_select(mark: str, value: str | None = None, *, dark: bool = False) -> ui.select:
    """The Fascists' strength: the levels of today's content by name, gentlest first (``value``: the one chosen
    at first, Standard unless given), with what the chosen one changes in a line under it.

    The select passes its value on as it is: whether a game can be dealt at that level is the engine's to say
    (an unknown one is refused with a plain message when the game is created, and nothing is made)."""
    select = ui.select(levels.choices(), value=value or levels.STANDARD, label=levels.TITLE) \
        .props(f"outlined dense data-testid={mark}" + (" dark options-dark=false" if dark else "")) \
        .classes("w-full lf-strength").mark(mark)
    ui.label().classes("lf-strength-hint text-sm").props(f"data-testid={mark}-hint").mark(f"{mark}-hint") \
        .bind_text_from(select, "value", backward=levels.summary_of)
    return select
