"""Hero points: a limited common supply, paid out in Initiative-then-turn order.

Rulebook, Hero Points: with too few tokens left, the Initiative player is paid
first, then the others in turn order; spent and lost points go back to the supply.
"""

from __future__ import annotations

from .constants import faction_label
from .machine import keeps_log, log
from .queries import turn_order
from .state import GameState


def grant(state: GameState, gains: dict[str, int], why: str) -> None:
    """Pay several factions at once, in Initiative-then-turn order while the supply lasts."""
    factions = state.factions
    for faction in (gains if len(gains) == 1 else turn_order(state)):  # (one faction: no order to keep)
        want = gains.get(faction, 0)
        if want <= 0:
            continue
        supply = state.hero_supply
        got = min(want, supply)
        state.hero_supply = supply - got
        factions[faction].hero += got
        if not keeps_log(state):
            continue
        if got == want:
            log(state, f"{faction_label(faction)} gain {got} Hero point{'s' * (got != 1)} ({why}).", f"hero:{faction}", faction=faction)
        else:
            log(state, f"{faction_label(faction)} should gain {want} Hero point{'s' * (want != 1)} ({why}) but the supply gives only {got}.", f"hero:{faction}", faction=faction)


def lose(state: GameState, faction: str, n: int, why: str) -> int:
    """Take up to n Hero points from a faction back to the supply; return how many were lost."""
    lost = min(n, state.factions[faction].hero)
    state.factions[faction].hero -= lost
    state.hero_supply += lost
    if lost:
        log(state, f"{faction_label(faction)} lose {lost} Hero point{'s' * (lost != 1)} ({why}).", f"hero:{faction}", faction=faction)
    return lost


def spend(state: GameState, faction: str, n: int) -> None:
    """Pay a price the legal-action check already confirmed is affordable."""
    state.factions[faction].hero -= n
    state.hero_supply += n


def take(state: GameState, taker: str, victim: str, n: int, why: str) -> None:
    moved = min(n, state.factions[victim].hero)
    state.factions[victim].hero -= moved
    state.factions[taker].hero += moved
    log(state, f"{faction_label(taker)} take {moved} Hero point{'s' * (moved != 1)} from {faction_label(victim)} ({why}).",
        f"hero:{taker}", f"hero:{victim}", faction=taker)
