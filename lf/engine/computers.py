"""Seats lf's computer plays: for the rules a person's seat, for the table a fact the game keeps.

Why the engine knows at all: who plays a seat must replay like every move. A seat the computer plays from
the start is named in the game's options (``options["computers"]``: {faction: level}); a hand-over to the
computer mid-game, and back, is a seat entry of ``state.actions`` (``{"kind": "seat", "arg":
"computer:<level>"}``, lf/engine/table.py). The rules never read either: the seat is "human" in
``FactionState.seat`` and plays every rule of a person's seat (not Appendix 3's). Only two things depend on
it: the log writes the computer's reason for a move under the kind "computer" (a Non-player's under
"nonplayer"), and views say which seats the computer plays.

The levels are the computer player's (lf.ai.LEVELS); the engine cannot import lf.ai (it imports the engine),
so the names are repeated here and a test keeps the two equal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .constants import FACTIONS
from .state import GameState

LEVELS = ("quick", "normal", "strong")
#: The option naming the seats the computer plays from the start.
OPTION = "computers"
#: A seat entry's argument for a hand-over to the computer: ``computer:normal``.
PREFIX = "computer:"
#: The log kind of a computer's reason for its move (the Non-players' is "nonplayer").
REASON_KIND = "computer"


def seat_arg(level: str) -> str:
    return f"{PREFIX}{level}"


def arg_level(arg: object) -> str | None:
    """The level a seat entry's argument hands the seat to (None: not the computer)."""
    if isinstance(arg, str) and arg.startswith(PREFIX):
        return arg[len(PREFIX):]
    return None


def level_label(level: str) -> str:
    return level.capitalize()


def check_option(options: Mapping[str, Any], seats: Mapping[str, str]) -> None:
    """``options["computers"]``, if present, names person's seats (``seats``: the engine's seat map) and levels."""
    chosen = options.get(OPTION)
    if chosen is None:
        return
    if not isinstance(chosen, dict):
        raise ValueError(f"the option {OPTION!r} maps factions to levels, not {chosen!r}")
    for f, level in chosen.items():
        if f not in FACTIONS:
            raise ValueError(f"the computer cannot play {f!r}: the factions are {', '.join(FACTIONS)}")
        if level not in LEVELS:
            raise ValueError(f"the computer's level is one of {', '.join(LEVELS)}, not {level!r}")
        if seats.get(f, "human") != "human":
            raise ValueError(f"the computer plays a person's seat; the {f} are a Non-player's")


def computer_level(state: GameState, faction: str) -> str | None:
    """The level of the computer playing ``faction`` now, or None (a person or a Non-player plays it).

    A Non-player's seat is never the computer's: the computer takes only a person's seat (``check_option``,
    ``table.hand_over``) and gives it back to a person, so the answer is None without reading the action log
    (the log of a Non-player game's every move, read once per move, was a seventh of its time)."""
    if state.factions[faction].seat != "human":
        return None
    for entry in reversed(state.actions):
        if entry["faction"] == faction and isinstance(entry["action"], dict) and entry["action"].get("kind") == "seat":
            return arg_level(entry["action"].get("arg"))
    return (state.options.get(OPTION) or {}).get(faction)


def computer_seats(state: GameState) -> dict[str, str]:
    """{faction: level} of every seat the computer plays now."""
    return {f: level for f in FACTIONS if (level := computer_level(state, f)) is not None}


def started_with(state: GameState, faction: str) -> bool:
    """The computer played ``faction`` from the start of the game."""
    return faction in (state.options.get(OPTION) or {})
