"""The computer player's entry points: one decision of one seat, with its reasons.

``decide`` is for code in the same process; ``think`` takes and returns plain data (JSON text and dicts), so a
process pool can run it (it is a module-level function: it pickles by name). Both read the true state only to
build the seat's information set: the search never sees what the seat cannot.

    from lf.ai import decide, think
    move = decide(state, "moderates", "normal", seed=7)        # Move(faction, action key, reasons)
    apply(state, "moderates", move.action)
    reply = think({"state": to_json(state), "faction": "moderates", "level": "normal", "seed": 7})
"""

from __future__ import annotations

from typing import Any

from lf.engine import GameState, from_json

from .levels import Budget, budget_of
from .reasons import Move
from .search import Progress, Search, Stop


def decide(state: GameState, faction: str, level: str | Budget = "normal", seed: int = 0,
           on_progress: Progress | None = None, should_stop: Stop | None = None,
           seconds: float | None = None) -> Move:
    """The computer's move for ``faction``'s pending decision, at a level (quick, normal, strong) or a Budget.

    ``on_progress(done, total)`` is called after each playout; ``should_stop()`` is asked before each, and a
    True ends the search with the best move found so far (``reasons.stopped``). ``seconds`` adds a time limit
    (for a server; tests and the arena count playouts only, so their games repeat exactly for a seed).
    The state is not changed.
    """
    budget = budget_of(level)
    if seconds is not None:
        budget = budget.with_seconds(seconds)
    return Search(state, faction, budget, seed, on_progress, should_stop).run()


def think(request: dict[str, Any], on_progress: Progress | None = None, should_stop: Stop | None = None
          ) -> dict[str, Any]:
    """``decide`` with plain data: ``{"state": <to_json text or dict>, "faction", "level" or "budget":
    {"iterations", "horizon", "seconds", "war_weight", "anchor"}, "seed"}`` -> ``Move.to_json()`` (action key,
    reasons)."""
    raw = request["state"]
    state = from_json(raw) if isinstance(raw, (str, bytes)) else GameState.model_validate(raw)
    level: str | Budget = request.get("level", "normal")
    if "budget" in request:
        level = Budget(**request["budget"])
    move = decide(state, request["faction"], level, int(request.get("seed", 0)), on_progress, should_stop,
                  request.get("seconds"))
    return move.to_json()
