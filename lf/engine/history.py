"""Stepping back through what happened: the position after each action, rebuilt from the seed.

Teaching mode's "what happened" (``frames``: the previous turn) and the replay
viewer (``Timeline``: the whole game) are replays of the action log, like
everything else: exact, and shown through ``view`` so a step never shows more
than the viewer could see at the time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Action
from .clone import clone
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



#: A copy of the position is kept every this many steps (see ``Timeline``).
SNAPSHOT_EVERY = 16


@dataclass(frozen=True)
class Step:
    """What one step of the game was: who acted, the action's key, the Non-player rule that chose it."""

    index: int  # 1-based: the position after this step is ``Timeline.state(index)``
    faction: str
    key: str
    note: str | None
    year: int  # where the game stood after the step
    turn: int
    log_end: int  # len(state.log) after the step: its log lines are those from the previous step's log_end


class Timeline:
    """Every position of one game, from its seed through its actions: what the replay viewer steps through.

    Why snapshots and a cursor: a late-game state takes about 5 ms to replay from the seed, while one action
    applies in a few hundredths of a millisecond, and so does a copy (``clone``). A copy every ``SNAPSHOT_EVERY`` steps
    bounds a jump to any step to one copy and fewer than ``SNAPSHOT_EVERY`` actions; a ``Cursor`` that
    moves forward by one applies one action to its own state. The timeline's states are never handed
    out: ``state(k)`` is always a fresh copy, so nothing a caller does can change another caller's view.
    """

    def __init__(self, seed: int, seats: dict[str, str], options: dict[str, Any],
                 actions: list[dict[str, Any]]) -> None:
        self.seed, self.seats, self.options = seed, dict(seats), dict(options)
        self.actions: list[dict[str, Any]] = []
        self.steps: list[Step] = []
        start = new_game(seed, self.seats, self.options)
        self.start_log_end = len(start.log)
        self.start_turn = (start.year, start.turn)
        self._snaps: dict[int, GameState] = {0: clone(start)}
        self._last = start
        self.extend(actions)

    def __len__(self) -> int:
        """The number of steps (the positions are 0 .. len)."""
        return len(self.actions)

    def extend(self, actions: list[dict[str, Any]]) -> bool:
        """Follow a game that went on: apply ``actions`` beyond the ones known. False (nothing changed) when
        ``actions`` does not start with the known ones (an undo took a step back): build a new Timeline."""
        if actions[:len(self.actions)] != self.actions:
            return False
        for entry in actions[len(self.actions):]:
            apply_entry(self._last, entry)
            self.actions.append(entry)
            k = len(self.actions)
            self.steps.append(Step(k, entry["faction"], Action.parse(entry["action"]).key, entry.get("note"),
                                   self._last.year, self._last.turn, len(self._last.log)))
            if k % SNAPSHOT_EVERY == 0:
                self._snaps[k] = clone(self._last)
        return True

    def state(self, k: int) -> GameState:
        """A fresh copy of the position after ``k`` steps (0: the game as set up)."""
        if not 0 <= k <= len(self.actions):
            raise IndexError(f"step {k} is not between 0 and {len(self.actions)}")
        base = k - k % SNAPSHOT_EVERY
        state = clone(self._snaps[base])
        return self.forward(state, base, k)

    def forward(self, state: GameState, at: int, k: int) -> GameState:
        """Apply steps ``at+1 .. k`` to ``state`` (which is the position after ``at`` steps)."""
        for entry in self.actions[at:k]:
            apply_entry(state, entry)
        return state

    def log_range(self, k: int) -> tuple[int, int]:
        """The log entries step ``k`` wrote: ``state.log[a:b]`` (step 0: the setup's entries)."""
        if k == 0:
            return 0, self.start_log_end
        before = self.steps[k - 2].log_end if k > 1 else self.start_log_end
        return before, self.steps[k - 1].log_end


class Cursor:
    """One reader's place in a Timeline, with its own state: a step forward applies one action, nothing more."""

    def __init__(self, timeline: Timeline) -> None:
        self.timeline = timeline
        self.k = -1
        self._state: GameState | None = None

    def go(self, k: int) -> GameState:
        """The position after ``k`` steps (the cursor's own state: read it, do not change it)."""
        if self._state is not None and self.k <= k <= self.k + SNAPSHOT_EVERY:
            self._state = self.timeline.forward(self._state, self.k, k)
        else:
            self._state = self.timeline.state(k)
        self.k = k
        return self._state
