"""The full garbage collection, moved to a moment when no page waits for an update.

Why: every few seconds under load, CPython's cycle collector walks every object the process holds, and
nothing else runs meanwhile. A NiceGUI page is some 3,700 objects (each element keeps observable classes,
props and style), so with 200 pages open one full collection took 450-550 ms: the move that met it reached
every player and spectator half a second late, and those moves were the whole slow tail of the spectator
benchmark (docs/server.md). The young generations are still collected by CPython as they fill (pauses of a
few milliseconds); the oldest generation is collected here, once it is due, as soon as no player has acted
for ``QUIET_S``, and at the latest ``MAX_WAIT_S`` after it fell due, busy or not (memory stays bounded).
The objects made at start-up (modules, the game content, NiceGUI) live as long as the process: they are
frozen once, so no collection walks them again.

Not in the test process that simulates browsers: freezing and re-tuning the collector there would outlive
the test.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable
from dataclasses import dataclass, field

#: Seconds without a player's action before a due collection runs.
QUIET_S = 0.3
#: Seconds a due collection may wait for a quiet moment.
MAX_WAIT_S = 30.0
#: Seconds between two full collections at least (CPython's own rule spaces them out likewise).
MIN_GAP_S = 5.0
#: Collections of the middle generation since the last full one that make a full one due (CPython's default).
DUE_AFTER = 10
CHECK_S = 0.1
#: Instead of the oldest generation's threshold: CPython never starts a full collection by itself.
NEVER = 1_000_000_000


@dataclass
class IdleCollector:
    """Decides when the full collection runs; ``clock`` and ``collect`` are injected so the rule can be tested."""

    clock: Callable[[], float] = time.monotonic
    collect: Callable[[], object] = lambda: gc.collect(2)
    due_count: Callable[[], int] = lambda: gc.get_count()[2]
    last_action: float = field(default=-1e9)
    last_full: float = field(default=-1e9)
    due_since: float | None = None

    def acted(self) -> None:
        """A player acted (a page event): an update is on its way to the pages."""
        self.last_action = self.clock()

    def tick(self) -> bool:
        """Run the full collection if it is due and the moment is right; whether it ran."""
        now = self.clock()
        if self.due_count() < DUE_AFTER or now - self.last_full < MIN_GAP_S:
            self.due_since = None
            return False
        if self.due_since is None:
            self.due_since = now
        if now - self.last_action < QUIET_S and now - self.due_since < MAX_WAIT_S:
            return False
        self.collect()
        self.last_full, self.due_since = self.clock(), None
        return True

    async def run(self) -> None:
        """Freeze what start-up made, take the oldest generation from CPython, then check every ``CHECK_S``."""
        gc.collect()
        gc.freeze()
        before = gc.get_threshold()
        gc.set_threshold(before[0], before[1], NEVER)
        try:
            while True:
                await asyncio.sleep(CHECK_S)
                self.tick()
        finally:
            gc.set_threshold(*before)


#: The server's collector (one per process).
collector = IdleCollector()


def acted() -> None:
    collector.acted()
