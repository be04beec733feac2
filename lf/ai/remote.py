"""The computer's decision from a seat's information alone: what a server sends to a thinking process.

``decide`` reads the true state only to build the seat's information set (``InfoSet.of``); a server that thinks
in other processes must not even send the true state there. So the server builds the information set itself
(``seat_request``) and sends only that, as JSON text: the public board, the seat's own cards, the sizes and the
sorted pools of what it cannot see, and the lines of the current turn as the seat's own log shows them (they
tell which card another faction revealed this turn). Never the seed, the generator or any deck's order.

The thinking process deals one world from it (``stand_in``: fixed dealing, so the same request is the same
world) and searches that world with ``decide``. Since the search reads nothing of a state but its information
set, and the stand-in world's information set is the one sent (``tests/test_ai_remote.py`` checks it, all but
the count of moves, which only seeds the search's random stream), the move is the one the seat's information
calls for.

``work`` is the process side of a pool (lf/session/thinking.py): it reports progress and reads "stop" through
two shared arrays the pool hands each process once (``attach``), one slot per decision being thought, and writes
its pid into a third while it searches a slot (so the pool can tell whose search a dead process took with it).
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from lf.engine import Action, GameState, view

from .infoset import InfoSet, Unseen
from .levels import Budget, budget_of
from .player import decide
from .reasons import Move
from .rollout import rollout_action

#: The dealing of the stand-in world (any fixed number: the world is one of the information set's).
STAND_IN_DEAL = 1936


def seat_request(state: GameState, faction: str, level: str | Budget, seed: int,
                 seconds: float | None = None) -> str:
    """The JSON text a thinking process needs for ``faction``'s pending decision: its information only."""
    info = InfoSet.of(state, faction)
    budget = budget_of(level)
    return json.dumps({
        "faction": faction,
        "budget": {"iterations": budget.iterations, "horizon": budget.horizon, "war_weight": budget.war_weight,
                   "anchor": budget.anchor},
        "seconds": seconds,
        "seed": seed,
        "info": {"base": info.base.model_dump(mode="json"), "unseen": {f: asdict(u) for f, u in info.unseen.items()},
                 "fascist_pool": list(info.fascist_pool), "version": info.version, "masked": info.masked},
        "recent": _this_turn(view(state, faction)["log"]),
    }, separators=(",", ":"))


def _this_turn(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seat's log lines since the current turn began (what ``InfoSet.of`` reads for revealed cards)."""
    start = max((i for i, e in enumerate(log) if e.get("kind") == "turn"), default=len(log))
    return log[start:]


def read_info(data: dict[str, Any], faction: str) -> InfoSet:
    unseen = {f: Unseen(**{**u, "pool": tuple(u["pool"])}) for f, u in data["unseen"].items()}
    return InfoSet(faction=faction, base=GameState.model_validate(data["base"]), unseen=unseen,
                   fascist_pool=tuple(data["fascist_pool"]), version=data["version"], masked=data["masked"])


def stand_in(info: InfoSet, recent: list[dict[str, Any]]) -> GameState:
    """One world of the information set, with the seat's lines of this turn as its log."""
    world = info.determinize(random.Random(STAND_IN_DEAL))
    world.log = [dict(e) for e in recent]
    return world


def decide_request(req: dict[str, Any], on_progress: Callable[[int, int], None] | None = None,
                   should_stop: Callable[[], bool] | None = None) -> Move:
    """The move for a ``seat_request`` (read with ``json.loads``), searched on its stand-in world."""
    world = stand_in(read_info(req["info"], req["faction"]), req["recent"])
    budget = Budget(**req["budget"])
    return decide(world, req["faction"], budget, int(req["seed"]), on_progress, should_stop, req.get("seconds"))


def rules_move(req: dict[str, Any]) -> Action:
    """The playout rules' move (``rollout.py``, the arena's ``person:rules``) for a ``seat_request``, on the stand-in
    world a search of it starts from: what the seat plays when it cannot think (it reads the seat's information
    only, like the search)."""
    return rollout_action(stand_in(read_info(req["info"], req["faction"]), req["recent"]), req["faction"])


# --------------------------------------------------------------------------- the thinking process's side

_progress: Any = None  # a shared array of floats: each slot's progress, 0..1
_stop: Any = None  # a shared array of bytes: 1 asks the slot's search to stop
_pids: Any = None  # a shared array of ints: the pid of the process searching each slot (0: none)


def attach(progress: Any, stop: Any, pids: Any = None) -> None:
    """A pool process's initializer: the shared arrays it reports to and reads from."""
    global _progress, _stop, _pids
    _progress, _stop, _pids = progress, stop, pids


def work(slot: int, text: str) -> dict[str, Any]:
    """Think out one request in a pool process: progress into slot ``slot``, stop when it says so."""
    if _pids is None:
        return _work(slot, text)
    _pids[slot] = os.getpid()
    try:
        return _work(slot, text)
    finally:
        _pids[slot] = 0


def _work(slot: int, text: str) -> dict[str, Any]:
    start = time.perf_counter()
    req = json.loads(text)
    seconds = req.get("seconds")

    def progress(done: int, total: int) -> None:
        share = done / total if total else 1.0
        if seconds:
            share = max(share, (time.perf_counter() - start) / seconds)
        _progress[slot] = min(1.0, share)

    move = decide_request(req, progress, lambda: _stop[slot] != 0)
    _progress[slot] = 1.0
    return move.to_json()
