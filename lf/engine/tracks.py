"""Tracks and Triggers (rulebook pg. 9): one space at a time, with dependencies.

A move of n steps is n single steps so that every trigger passed through fires
(and is covered by a Blank) in order, a dependency stops the standee where it
stands, and Initiative changes hands the moment a threshold is crossed.
"""

from __future__ import annotations

from functools import lru_cache

from .constants import (
    COLLECTIVIZATION,
    FOREIGN_AID,
    GOVERNMENT,
    LIBERTY,
    MORALE,
    SOVIET_SUPPORT,
    TRACK_MAX,
    TRACK_MIN,
    COMMUNISTS,
    faction_label,
    track_label,
)
from .content_schema import Trigger
from .machine import Step, content, log, push, step
from .queries import government_controller, initiative_holder
from .state import GameState


@lru_cache(maxsize=1)
def triggers() -> dict[tuple[str, int], Trigger]:
    return {(t.track, t.space): t for t in content().board.triggers}


def blocked_reason(state: GameState, track: str, d: int) -> str | None:
    """Why one step of ``track`` in direction ``d`` is impossible now, or None if it is possible."""
    return limit_reason(state.tracks, track, d)


def limit_reason(tracks: dict[str, int], track: str, d: int) -> str | None:
    """``blocked_reason`` for the tracks ``tracks`` (a position a move passes through)."""
    here = tracks[track]
    there = here + d
    name = track_label(track)
    if there < TRACK_MIN:
        return f"{name} is already at {TRACK_MIN}"
    if there > TRACK_MAX:
        return f"{name} is already at {TRACK_MAX}"
    if track == LIBERTY and d > 0 and here >= 7 and tracks[COLLECTIVIZATION] < 8:
        return "Liberty can't pass 7 unless Collectivization is at least 8"
    if track == GOVERNMENT and d < 0 and here <= 3 and tracks[SOVIET_SUPPORT] < 8:
        return "Government can't go below 3 unless Soviet Support is at least 8"
    if track == GOVERNMENT and d > 0 and here >= 7 and tracks[FOREIGN_AID] < 8:
        return "Government can't pass 7 unless Foreign Aid is at least 8"
    return None


def landing(state: GameState, track: str, d: int, k: int) -> int:
    """The space a move of ``k`` steps in direction ``d`` reaches: it stops where a limit stops it (pg. 9).

    Read by the decisions (``Choice.lands``) so a page can show where a marker will land. The limits are taken
    as they stand now; no trigger of the current content moves a track on the way.
    """
    tracks = dict(state.tracks)
    for _ in range(k):
        if limit_reason(tracks, track, d):
            break
        tracks[track] += d
    return tracks[track]


def move(track: str, d: int, k: int, by: str | None) -> Step:
    """The step that moves ``track`` k spaces in direction d (d = +1 up, -1 down)."""
    return {"s": "track", "t": track, "d": d, "k": k, "by": by}


@step("track")
def _track(state: GameState, s: Step) -> None:
    track, d, k = s["t"], s["d"], s["k"]
    if k <= 0:
        return
    reason = blocked_reason(state, track, d)
    if reason:
        log(state, f"{track_label(track)} cannot move {'up' if d > 0 else 'down'}: {reason}.", f"track:{track}")
        return
    state.tracks[track] += d
    space = state.tracks[track]
    log(state, f"{track_label(track)} moves {'up' if d > 0 else 'down'} to {space}.", f"track:{track}",
        faction=s.get("by"), kind="track")
    if k > 1:
        push(state, {**s, "k": k - 1})
    _arrive(state, track, space)
    update_initiative(state)


def _arrive(state: GameState, track: str, space: int) -> None:
    if space == TRACK_MIN:
        if state.bonuses[MORALE]:
            state.bonuses[MORALE] = False
            log(state, f"{track_label(track)} reached 0: the Morale Bonus is turned off.", f"track:{track}", "bonus:morale")
        return
    trigger = triggers().get((track, space))
    if trigger is None or space in state.blanks[track]:
        return
    state.blanks[track].append(space)
    log(state, f"Trigger on {track_label(track)} {space}: {trigger.text}. A Blank marker covers it.",
        f"track:{track}", f"space:{track}:{space}", kind="trigger")
    push(state, *[fx(e, trigger.owner, f"trigger {track_label(track)} {space}", "board") for e in trigger_effects(trigger)])


@lru_cache(maxsize=None)
def _plain_effects(track: str, space: int) -> tuple[dict, ...]:
    return tuple(e.plain() for e in triggers()[(track, space)].effects)


def trigger_effects(trigger: Trigger) -> tuple[dict, ...]:
    return _plain_effects(trigger.track, trigger.space)


#: Where an effect line comes from: a player's card (its Event), a Fascist card (its effects, Test reward or
#: penalty: the card's effect, nobody's support), or the board (a track's trigger, run for the track's owner).
ORIGINS = ("card", "fascist", "board")


def fx(effect: dict, actor: str, src: str, origin: str = "card") -> Step:
    """The step that runs one effect line for ``actor`` (see effects.py)."""
    if origin not in ORIGINS:
        raise ValueError(f"unknown origin {origin!r} of an effect line; origins are {', '.join(ORIGINS)}")
    return {"s": "fx", "e": effect, "actor": actor, "src": src, "origin": origin}


def government_direction(state: GameState, toward: str) -> int:
    """+1 or -1 for a move "towards" or "away from" the Centre (rulebook pg. 9)."""
    communist = government_controller(state) == COMMUNISTS
    if toward == "center":
        return 1 if communist else -1
    return -1 if communist else 1


def update_initiative(state: GameState) -> None:
    """Initiative is claimed as soon as a threshold is crossed (rulebook, Initiative)."""
    holder = initiative_holder(state)
    if holder != state.initiative:
        state.initiative = holder
        log(state, f"{faction_label(holder)} take the Initiative.", f"initiative:{holder}", faction=holder, kind="initiative")
