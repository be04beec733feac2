"""The coach's thinking for one page: one search per seat's decision, shared by whatever on the page asks.

Why a page keeps its own: a search takes seconds, so it is started once per decision and asked again (a second
press, a prompt re-drawn meanwhile) it is the same search, and every listener is told its progress. A decision is
known by ``decision_key``: a move that changes what the seat decides makes a new one, and the page stops the
searches for decisions that are gone (``keep_only``).

The thinking itself is ``lf.session.thinking.think`` (never ``lf.ai`` from a page): it gets a copy of the state
from the session (``session_port.seat_position``) and reads only the seat's information; the page keeps the
seat's view of that moment, from which the words are made (``lf.coach``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lf.ai import Move
from lf.server.settings import settings
from lf.session.thinking import think
from lf.session.thinking_queue import COACH, Turn

from . import session_port as port
from .in_thread import in_thread

log = logging.getLogger("lf.pages")

Key = tuple[Any, ...]
Listener = Callable[[float], None]
Gate = Callable[[], Callable[[], None]]


def decision_of(view: dict, faction: str) -> dict | None:
    return next((d for d in view["decisions"] if d["faction"] == faction), None)


def decision_key(view: dict, faction: str) -> Key | None:
    """What a seat decides now (None: nothing): its question and options, and the counts its own moves change
    (a card bought with Hero points leaves the same question with one more card in hand)."""
    d = decision_of(view, faction)
    if d is None:
        return None
    fv = view["factions"][faction]
    return (faction, d["kind"], d["prompt"], tuple(c["key"] for c in d["choices"]), fv["hero"], fv["hand_size"],
            len(fv["tableau"]))


@dataclass
class Thought:
    """The coach's move for one decision, with the seat's view it was thought from."""

    key: Key
    move: Move
    view: dict


@dataclass
class Thinking:
    """A search under way (or done) for one decision, and who listens to its progress."""

    task: asyncio.Task[Thought | None]
    progress: float = 0.0
    listeners: list[Listener] = field(default_factory=list)


class Thoughts:
    """The coach's searches of one page (``game_id``), by decision key."""

    def __init__(self, game_id: str, level: str | None = None, gate: Gate | None = None, owner: str = "") -> None:
        self.game_id = game_id
        #: Whose turn the searches take in the thinking queue (lf/session/thinking_queue.py): the visitor's address.
        self.turn = Turn.fixed(owner, COACH)
        self.level = level or settings().coach_level
        self.running: dict[Key, Thinking] = {}
        #: Searches kept past their decision (the teaching table compares them with the move made: ``pin``).
        self.pinned: set[Key] = set()
        #: Takes a place for a new search (lf/server/suggestions.py: one per browser, a few per address).
        self.gate = gate

    def ask(self, token: str, faction: str, key: Key) -> Thinking:
        """The search for ``faction``'s decision ``key`` (started now if it is not under way). LimitReached, in
        words, when the visitor has as many searches in flight as the server allows."""
        thinking = self.running.get(key)
        if thinking is None or (thinking.task.done() and thinking.task.cancelled()):
            give_back = self.gate() if self.gate is not None else None
            task = asyncio.get_running_loop().create_task(self._think(token, faction, key))
            if give_back is not None:
                task.add_done_callback(lambda _t: give_back())
            thinking = Thinking(task)
            self.running[key] = thinking
        return thinking

    async def _think(self, token: str, faction: str, key: Key) -> Thought | None:
        state, view = await in_thread(port.seat_position, self.game_id, token)
        if decision_key(view, faction) != key:
            return None  # the game moved on before the search began
        move = await think(state, faction, self.level, seed=len(state.actions),
                           on_progress=lambda share: self._progress(key, share), turn=self.turn)
        return Thought(key, move, view)

    def _progress(self, key: Key, share: float) -> None:
        thinking = self.running.get(key)
        if thinking is None:
            return
        thinking.progress = share
        for listener in list(thinking.listeners):
            try:
                listener(share)
            except Exception:  # a listener whose page is gone must not stop the others
                log.exception("coach progress listener failed")
                thinking.listeners.remove(listener)

    def keep_only(self, keys: set[Key]) -> None:
        """Stop the searches for decisions that are gone (not the pinned ones: their move is awaited)."""
        for key, thinking in list(self.running.items()):
            if key not in keys and key not in self.pinned:
                thinking.task.cancel()
                del self.running[key]

    def pin(self, key: Key) -> None:
        """Keep ``key``'s search running after its decision closes, until ``forget``."""
        self.pinned.add(key)

    def forget(self, key: Key) -> None:
        self.pinned.discard(key)
        thinking = self.running.pop(key, None)
        if thinking is not None:
            thinking.task.cancel()

    def stop(self) -> None:
        """The page is gone: every search stops."""
        for thinking in self.running.values():
            thinking.task.cancel()
        self.running.clear()
        self.pinned.clear()
