"""Who gets the next thinking process: the order of the decisions waiting for the pool (issue 27).

Why: the pool has one process per core, and a Normal decision holds one for up to 8 s. Served first come, first
served, six games left to play themselves, or ten addresses pressing "Suggest a move", kept every process busy
while an honest table's computer opponents waited 4-41 s. So decisions wait here, not in the pool's own queue,
and the pool is handed at most one decision per process:

* **Three classes**, the first served first: a computer seat's decision in a game where a person holds a seat and
  has a page connected (``SEATED``); the coach's searches (``COACH``); a computer seat's decision in a game where
  no person is at the table, such as a game left to the computers (``ALONE``). A class is read again each time the
  queue is ranked, so a person who opens their game's page lifts its computer's decision.
* **Owners take turns within a class**: the owner (a visitor's address for the coach, a game's creator for its
  computers) with the fewest decisions thinking goes first, then the one served longest ago, then the decision
  waiting longest. Six games of one creator count as one owner beside another creator's one.
* **A waiting decision takes a process from a lower class**: when every process thinks for a lower class, the
  most recent of the lowest class's searches is stopped at its next playout (unless it is nearly done) and waits
  again, first of its owner's decisions; its partial work is lost. So a game with no person present thinks only
  when nobody else waits, and a person's computer opponents never wait behind the coach.
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("lf.session")

#: The classes, the first served first.
SEATED, COACH, ALONE = 0, 1, 2
CLASS_NAMES = {SEATED: "a seated person's computer", COACH: "the coach", ALONE: "a game nobody is at"}
#: Seconds between two rankings while decisions wait (a class may change without any decision starting or ending).
RANK_EVERY = 0.25
#: A search this far through its budget is left to finish rather than stopped for a higher class.
NEARLY_DONE = 0.8
#: Owners whose last turn is remembered, at most (beyond, those with nothing waiting or thinking are forgotten:
#: a forgotten owner only goes first once more).
REMEMBERED = 4096


@dataclass(frozen=True)
class Turn:
    """Where a decision stands in the queue: whose share it counts against, and its class now."""

    owner: str
    urgency: Callable[[], int]

    @classmethod
    def fixed(cls, owner: str, urgency: int) -> Turn:
        return cls(owner, lambda: urgency)


#: A decision asked by a caller that names no turn (a tool, a test): served as a seated person's.
ANYONE = Turn.fixed("", SEATED)


@dataclass(eq=False)
class _Place:
    thought: Any
    turn: Turn
    seq: int
    cls: int = SEATED
    started: float = 0.0
    stopped: bool = False


@dataclass
class Queue:
    """The decisions waiting and thinking. ``launch(thought)`` hands one to the pool (called outside the lock);
    ``stop(thought)`` asks its search to end at its next playout; ``share(thought)`` reads how far it is.
    Thread-safe: the pool's threads report the ends, pages and sessions add and withdraw."""

    workers: int
    launch: Callable[[Any], None]
    stop: Callable[[Any], None]
    share: Callable[[Any], float]
    clock: Callable[[], float] = time.monotonic
    _waiting: dict[Any, _Place] = field(default_factory=dict)
    _running: dict[Any, _Place] = field(default_factory=dict)
    _served: dict[str, float] = field(default_factory=dict)
    _seq: Any = field(default_factory=itertools.count)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _wake: threading.Event = field(default_factory=threading.Event)
    _ranker: threading.Thread | None = None

    def add(self, thought: Any, turn: Turn = ANYONE) -> None:
        """A decision to think: it waits for its turn; the queue's thread hands it to the pool (``launch``)."""
        with self._lock:
            self._waiting[thought] = _Place(thought, turn, next(self._seq))
            self._nudge()

    def finished(self, thought: Any) -> bool:
        """The thought's search ended (a move, an error, a broken pool, a cancel): its process is free. Returns
        whether it was stopped to make room, in which case it is waiting again already (first of its owner's)."""
        with self._lock:
            place = self._running.pop(thought, None)
            again = place is not None and place.stopped
            if again:
                place.stopped = False
                self._waiting[thought] = place
            self._nudge()
        return again

    def withdraw(self, thought: Any) -> bool:
        """Take a decision that has not been handed to the pool out of the queue (cancelled). False when it has
        been (or was never here): stop its search instead."""
        with self._lock:
            return self._waiting.pop(thought, None) is not None

    def waiting(self) -> int:
        with self._lock:
            return len(self._waiting)

    def thinking(self) -> dict[int, int]:
        """{class: decisions thinking now} (for the load generator's figures and the tests)."""
        with self._lock:
            return dict(Counter(p.cls for p in self._running.values()))

    def rank(self) -> None:
        """Hand free processes to the first decisions in order, and stop lower searches for the ones left waiting.
        Called by the queue's own thread (``_rank_loop``), never in a pool's thread or under a game's lock; one thread,
        so a search is never stopped between its choice and its launch."""
        with self._lock:
            launches, stops = self._choose()
        for thought in stops:
            self.stop(thought)
        for thought in launches:
            self.launch(thought)

    def _choose(self) -> tuple[list[Any], list[Any]]:
        for place in (*self._waiting.values(), *self._running.values()):
            place.cls = _urgency(place.turn)
        thinking = Counter(p.turn.owner for p in self._running.values())
        launches = []
        while self._waiting and len(self._running) < self.workers:
            place = min(self._waiting.values(), key=lambda p: self._key(p, thinking))
            del self._waiting[place.thought]
            place.started = self._served[place.turn.owner] = self.clock()
            self._running[place.thought] = place
            thinking[place.turn.owner] += 1
            launches.append(place.thought)
        if len(self._served) > REMEMBERED:
            busy = {p.turn.owner for p in (*self._waiting.values(), *self._running.values())}
            self._served = {owner: at for owner, at in self._served.items() if owner in busy}
        return launches, self._make_room(thinking)

    def _key(self, place: _Place, thinking: Counter[str]) -> tuple[int, int, float, int]:
        return place.cls, thinking[place.turn.owner], self._served.get(place.turn.owner, float("-inf")), place.seq

    def _make_room(self, thinking: Counter[str]) -> list[Any]:
        """Stop a lower class's search for each waiting decision that outranks it (beyond those already stopped:
        their processes are about to be free)."""
        freeing = sum(p.stopped for p in self._running.values())
        lower = sorted((p for p in self._running.values() if not p.stopped and self.share(p.thought) < NEARLY_DONE),
                       key=lambda p: (-p.cls, -p.started))
        stops = []
        for place in sorted(self._waiting.values(), key=lambda p: self._key(p, thinking)):
            if freeing:
                freeing -= 1
                continue
            if not lower or lower[0].cls <= place.cls:
                break
            victim = lower.pop(0)
            victim.stopped = True
            stops.append(victim.thought)
        return stops

    def _nudge(self) -> None:
        """Have the queue's thread rank it now (hold the lock)."""
        self._wake.set()
        if self._ranker is None or not self._ranker.is_alive():
            self._ranker = threading.Thread(target=self._rank_loop, name="lf-thinking-queue", daemon=True)
            self._ranker.start()

    def _rank_loop(self) -> None:
        """Rank at every nudge (a decision added, a search ended), and every ``RANK_EVERY`` while decisions wait:
        a class may change meanwhile (a person opened their game's page)."""
        while True:
            self._wake.wait(RANK_EVERY if self._waiting else None)
            self._wake.clear()
            try:
                self.rank()
            except Exception:  # one failed launch must not stop every later one
                log.exception("ranking the thinking queue failed")


def _urgency(turn: Turn) -> int:
    """The turn's class now; a class that cannot be read (its game's presence failed) counts as the lowest."""
    try:
        return int(turn.urgency())
    except Exception:
        return ALONE
