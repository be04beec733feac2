"""Read-only questions about the board that many rules ask.

Initiative, Government control, turn order and "closest to Victory/Defeat"
are derived from the state rather than stored twice, so they can never drift.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .constants import (
    ANARCHISTS,
    COLLECTIVIZATION,
    COMMUNISTS,
    FACTIONS,
    FRONTS,
    GOVERNMENT,
    GOVERNMENT_CENTRE_LOW,
    LIBERTY,
    MODERATES,
)
from .state import GameState


def government_controller(state: GameState) -> str:
    """<= 5: Communists; >= 6: Moderates (the Centre lies between 5 and 6)."""
    return COMMUNISTS if state.tracks[GOVERNMENT] <= GOVERNMENT_CENTRE_LOW else MODERATES


def initiative_holder(state: GameState) -> str:
    """Rulebook, Initiative: Anarchists when Liberty AND Collectivization are 6+, else the Government."""
    tracks = state.tracks
    if tracks[LIBERTY] >= 6 and tracks[COLLECTIVIZATION] >= 6:
        return ANARCHISTS
    return government_controller(state)


def turn_order(state: GameState, first: str | None = None) -> list[str]:
    """Factions from ``first`` (default: the Initiative player) in the current direction of play."""
    return list(_ORDERS[first or state.initiative, state.direction])


#: Every turn order: (first faction, direction) -> the three factions from it.
_ORDERS = {(first, d): tuple(FACTIONS[(FACTIONS.index(first) + d * k) % 3] for k in range(3))
           for first in FACTIONS for d in (1, -1)}


def open_fronts(state: GameState) -> list[str]:
    fronts = state.fronts  # (read once: a model's field read costs several times a plain object's)
    return [f for f in FRONTS if fronts[f].status == "open"]


def _closest(state: GameState, best: Callable[[Iterable[int]], int]) -> list[str]:
    """The open Fronts whose value is ``best`` (min or max) of the open ones, in board order."""
    values = {f: fs.value for f, fs in state.fronts.items() if fs.status == "open"}
    if not values:
        return []
    at = best(values.values())
    return [f for f in FRONTS if values.get(f) == at]


def closest_to_defeat(state: GameState) -> list[str]:
    """The open Fronts tied for the lowest value (ties are broken by a decision)."""
    return _closest(state, min)


def closest_to_victory(state: GameState) -> list[str]:
    return _closest(state, max)


def most_hero(state: GameState, among: list[str] | None = None) -> list[str]:
    """The factions tied for the most Hero points."""
    pool = among or list(FACTIONS)
    top = max(state.factions[f].hero for f in pool)
    return [f for f in pool if state.factions[f].hero == top]


def is_nonplayer(state: GameState, faction: str) -> bool:
    return state.factions[faction].seat == "nonplayer"


def free_hand(state: GameState, faction: str) -> list[str]:
    """The hand without the card chosen in secret for this turn (pg. 5): that card is only played as the
    turn's card, never as "another card", nor added to or swapped with the tableau."""
    fa = state.factions[faction]
    return [c for c in fa.hand if c != fa.chosen]


def tie_breaker(state: GameState, owner: str | None, origin: str | None) -> str:
    """Who breaks a tie that a line meets (closest to Defeat or Victory, the most Hero points).

    A Non-player breaks the ties of its own lines (its card, its Front bonus and medallions) by its own
    Appendix 3 rules (3c, 4b, 2a-viii), whoever holds the Initiative; every other tie, a Fascist card's and a
    track trigger's included ("If there is a tie, it is broken by the Initiative player", pg. 8, whoever moved
    the track), is the Initiative player's (rulebook pg. 4 and pg. 8).
    """
    if owner and origin not in ("fascist", "board") and is_nonplayer(state, owner):
        return owner
    return state.initiative


def owns(state: GameState, faction: str, medallion: str) -> bool:
    return medallion in state.factions[faction].medallions
