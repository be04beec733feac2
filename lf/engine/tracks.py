"""Tracks and Triggers (rulebook pg. 9): one space at a time, with dependencies.

A move of n steps is n single steps so that every trigger passed through fires
(and is covered by a Blank) in order, a dependency stops the standee where it
stands, and Initiative changes hands the moment a threshold is crossed.
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter

from .constants import (
    COLLECTIVIZATION,
    FOREIGN_AID,
    GOVERNMENT,
    LIBERTY,
    MORALE,
    SOVIET_SUPPORT,
    TRACK_MAX,
    TRACK_MIN,
    TRACKS,
    COMMUNISTS,
    faction_label,
    track_label,
)
from .content_schema import Trigger
from .content import by_content
from .machine import Step, content, keeps_log, log, push, step
from .queries import government_controller, initiative_holder
from .state import GameState


@by_content
def triggers() -> dict[tuple[str, int], Trigger]:
    return {(t.track, t.space): t for t in content().board.triggers}


def blocked_reason(state: GameState, track: str, d: int) -> str | None:
    """Why one step of ``track`` in direction ``d`` is impossible now, or None if it is possible."""
    return blocked_on(state.tracks, track, d)


def blocked_on(tracks: dict[str, int], track: str, d: int) -> str | None:
    """``blocked_reason`` on these track values (what the tables below are computed from)."""
    here = tracks[track]
    there = here + d
    if there < TRACK_MIN:
        return f"{track_label(track)} is already at {TRACK_MIN}"
    if there > TRACK_MAX:
        return f"{track_label(track)} is already at {TRACK_MAX}"
    if track == LIBERTY and d > 0 and here >= 7 and tracks[COLLECTIVIZATION] < 8:
        return "Liberty can't pass 7 unless Collectivization is at least 8"
    if track == GOVERNMENT and d < 0 and here <= 3 and tracks[SOVIET_SUPPORT] < 8:
        return "Government can't go below 3 unless Soviet Support is at least 8"
    if track == GOVERNMENT and d > 0 and here >= 7 and tracks[FOREIGN_AID] < 8:
        return "Government can't pass 7 unless Foreign Aid is at least 8"
    return None


#: Every single step of a track: (track, +1 / -1), in the order of TRACKS, up before down.
STEPS: tuple[tuple[str, int], ...] = tuple((t, d) for t in TRACKS for d in (1, -1))
#: The tracks whose values decide whether a track may move (``blocked_on`` reads these and nothing else).
TRACK_READS: dict[str, tuple[str, ...]] = {
    LIBERTY: (LIBERTY, COLLECTIVIZATION),
    COLLECTIVIZATION: (COLLECTIVIZATION,),
    GOVERNMENT: (GOVERNMENT, SOVIET_SUPPORT, FOREIGN_AID),
    SOVIET_SUPPORT: (SOVIET_SUPPORT,),
    FOREIGN_AID: (FOREIGN_AID,),
}
_READERS = tuple((t, itemgetter(*TRACK_READS[t])) for t in TRACKS)
_READ_TUPLES = {t: itemgetter(*reads) if len(reads) > 1 else (lambda tracks, t=t: (tracks[t],))
                for t, reads in TRACK_READS.items()}
_values = itemgetter(*TRACKS)
#: The five track values -> the possible steps (161,051 combinations at most, a few thousand in practice; emptied
#: past ``_MOVABLE_MAX`` so that a long search cannot grow it without bound).
_MOVABLE: dict[tuple[int, ...], tuple[tuple[str, int], ...]] = {}
_MOVABLE_MAX = 50_000


def track_reads(tracks: dict[str, int], track: str) -> tuple[int, ...]:
    """The values of the tracks that decide how far ``track`` may move (``TRACK_READS[track]``, in that order): a
    cache key for what a move of ``track`` gives."""
    return _READ_TUPLES[track](tracks)


def track_values(state: GameState) -> tuple[int, ...]:
    """The five track values in the order of TRACKS: a key for what depends on the tracks alone."""
    return _values(state.tracks)


def movable_steps(state: GameState) -> tuple[tuple[str, int], ...]:
    """The single steps (``STEPS``, in that order) that are possible now: ``blocked_reason`` is None for each.

    Why not ask ``blocked_reason`` ten times: menus ask about every step each time they are put (a Non-player's
    about 150 times a game, a person's at every question of their turn). The answer depends on the five track
    values alone, and is kept for each; a new combination is put together from per-track answers, which depend
    on a few values only (``TRACK_READS``)."""
    key = _values(state.tracks)
    steps = _MOVABLE.get(key)
    if steps is None:
        if len(_MOVABLE) >= _MOVABLE_MAX:
            _MOVABLE.clear()
        tracks = state.tracks
        steps = ()
        for track, read in _READERS:
            steps += _track_steps(track, read(tracks))
        _MOVABLE[key] = steps
    return steps


@lru_cache(maxsize=None)
def _track_steps(track: str, values: int | tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    reads = TRACK_READS[track]
    tracks = dict(zip(reads, values if len(reads) > 1 else (values,)))
    return tuple((track, d) for d in (1, -1) if blocked_on(tracks, track, d) is None)


def landing(state: GameState, track: str, d: int, k: int) -> int:
    """The space a move of ``k`` steps in direction ``d`` reaches: it stops where a limit stops it (pg. 9).

    Read by the decisions (``Choice.lands``) so a page can show where a marker will land. The limits are taken
    as they stand now; no trigger of the current content moves a track on the way.
    """
    return landing_on(state.tracks, track, d, k)


def landing_on(values: dict[str, int], track: str, d: int, k: int) -> int:
    """``landing`` on these track values."""
    tracks = dict(values)
    for _ in range(k):
        if blocked_on(tracks, track, d):
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
        if keeps_log(state):
            log(state, f"{track_label(track)} cannot move {'up' if d > 0 else 'down'}: {reason}.", f"track:{track}")
        return
    tracks = state.tracks
    tracks[track] += d
    space = tracks[track]
    if keeps_log(state):
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
    if keeps_log(state):
        log(state, f"Trigger on {track_label(track)} {space}: {trigger.text}. A Blank marker covers it.",
            f"track:{track}", f"space:{track}:{space}", kind="trigger")
    push(state, *[fx(e, trigger.owner, f"trigger {track_label(track)} {space}", "board") for e in trigger_effects(trigger)])


@by_content
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
        if keeps_log(state):
            log(state, f"{faction_label(holder)} take the Initiative.", f"initiative:{holder}", faction=holder,
                kind="initiative")
