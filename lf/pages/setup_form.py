"""Reading a new game's seats and seed from a form (the lobby's and the teaching table's)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nicegui import ui


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
