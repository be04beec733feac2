"""A game's replay for the pages: the view after any step, only from the seats the game's status allows.

While a game runs, its replay shows what a spectator saw (never a hand, a
hidden choice, a bid or the order of a deck); once it is over, any seat's view
too. Every view comes from ``lf.engine.view`` on the replayed position, so a
step never shows what that seat could not see at the time. The replay follows
the effective action log (``state.actions``: a step taken back by an undo is
not a step of the game).

Why timelines are shared: a replay rebuilds the whole game from its seed
(``lf.engine.history.Timeline``, about 20 ms for a 12-turn game); the last few
games' timelines are kept, so a second page of the same replay starts at once,
and a running game's timeline is extended by its new steps, not rebuilt.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from lf.engine import view as engine_view
from lf.engine.constants import FACTIONS
from lf.engine.table import initial_seats
from lf.engine.history import Cursor, Step, Timeline

from .errors import BadRequest, NotSeated
from .game_session import GameSession

#: How many games' timelines this process keeps (least recently used out first).
TIMELINES_KEPT = 8
SPECTATOR_ONLY = ("while the game runs, its replay shows what a spectator sees; "
                  "every seat's view opens once the game is over")

_timelines: OrderedDict[str, Timeline] = OrderedDict()
_timelines_lock = threading.Lock()


def timeline(session: GameSession) -> tuple[Timeline, bool]:
    """The game's timeline up to now, and whether the game is over. Raises GameBroken."""
    with session._lock:  # noqa: SLF001 (one read of the state under the game's lock, as exports.py does)
        state = session._loaded_state()  # noqa: SLF001
        seed, seats, options = state.seed, initial_seats(state), dict(state.options)
        actions = [{**a, "action": dict(a["action"])} for a in state.actions]
        finished = state.result is not None
    with _timelines_lock:
        kept = _timelines.get(session.id)
        if kept is None or (kept.seed, kept.seats, kept.options) != (seed, seats, options) or not kept.extend(actions):
            kept = Timeline(seed, seats, options, actions)
        _timelines[session.id] = kept
        _timelines.move_to_end(session.id)
        while len(_timelines) > TIMELINES_KEPT:
            _timelines.popitem(last=False)
    return kept, finished


class GameReplay:
    """One page's replay of one game: its own place in the game's timeline."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self._lock = threading.Lock()
        self.timeline, self.finished = timeline(session)
        self.cursor = Cursor(self.timeline)
        self._known = len(self.timeline)

    def refresh(self) -> bool:
        """Catch up with a running game; returns whether anything changed (new steps, an undo, the end)."""
        tl, finished = timeline(self.session)
        with self._lock:
            changed = (tl is not self.timeline or len(tl) != self._known or finished != self.finished)
            if tl is not self.timeline:
                self.timeline, self.cursor = tl, Cursor(tl)
            self.finished, self._known = finished, len(tl)
        return changed

    @property
    def steps(self) -> int:
        """The last step (the positions are 0 .. steps)."""
        return len(self.timeline)

    def seats(self) -> list[str | None]:
        """Whose view the replay may show: the spectator's, and each seat's once the game is over."""
        return [None, *FACTIONS] if self.finished else [None]

    def view(self, k: int, seat: str | None = None) -> dict[str, Any]:
        """The view ``seat`` had after step ``k`` (None: a spectator's); ``step`` and ``steps`` added."""
        if seat is not None and seat not in FACTIONS:
            raise BadRequest(f"there is no seat {seat!r}; the factions are {', '.join(FACTIONS)}")
        if seat is not None and not self.finished:
            raise NotSeated(SPECTATOR_ONLY)
        if type(k) is not int or not 0 <= k <= len(self.timeline):
            raise BadRequest(f"there is no step {k!r}: the steps go from 0 to {len(self.timeline)}")
        with self._lock:
            out = engine_view(self.cursor.go(k), seat)
        out.update(step=k, steps=len(self.timeline), game_id=self.session.id)
        return out

    def step(self, k: int) -> Step | None:
        """Who did what in step ``k`` (None for the opening position)."""
        return self.timeline.steps[k - 1] if k > 0 else None

    def log_range(self, k: int) -> tuple[int, int]:
        """The log entries step ``k`` wrote (indexes into a view's log)."""
        return self.timeline.log_range(k)

    def turn_starts(self) -> list[tuple[int, int, int]]:
        """(year, turn, first step) of every turn the game reached, in order: where a jump lands."""
        out: list[tuple[int, int, int]] = [(*self.timeline.start_turn, 0)]
        for s in self.timeline.steps:
            if not out or (out[-1][0], out[-1][1]) != (s.year, s.turn):
                out.append((s.year, s.turn, s.index))
        return out
