"""Stepping back through what happened: the position after each action since the previous turn began.

Teaching mode's "what happened" replay (and history browsing) is a replay of
the action log, like everything else: exact, and filtered through ``view`` so
a frame never shows more than the viewer may see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Action
from .game import new_game
from .state import GameState
from .table import apply_entry, initial_seats
from .view import view


@dataclass(frozen=True)
class Frame:
    index: int  # how many actions had been applied
    faction: str | None
    action: str | None  # the action's key; None for the opening frame
    lines: tuple[str, ...]  # what the log says happened in this step
    view: dict[str, Any]


def _turn_index(year: int, turn: int) -> int:
    return (year - 1) * 4 + turn


def frames(state: GameState, viewer: str | None = None) -> list[Frame]:
    """Frames from the start of the previous turn to now (each action replayed from the seed)."""
    target = max(1, _turn_index(state.year, state.turn) - 1)
    twin = new_game(state.seed, initial_seats(state), state.options)
    out: list[Frame] = []
    seen_log = 0
    for i, entry in enumerate([None, *state.actions]):
        if entry is not None:
            apply_entry(twin, entry)
        if _turn_index(twin.year, twin.turn) < target and i < len(state.actions):
            seen_log = len(twin.log)
            continue
        v = view(twin, viewer)
        new = [e for e in v["log"] if e["i"] >= seen_log]
        seen_log = len(twin.log)
        who = entry["faction"] if entry else None
        key = Action.parse(entry["action"]).key if entry else None
        out.append(Frame(i, who, key, tuple(e["text"] for e in new), v))
    return out

