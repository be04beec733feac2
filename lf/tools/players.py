"""Ways to play whole games headless: seeded random legal moves, and Non-player seats.

The random player keeps its own ``random.Random`` instance, never the global
one, so engine determinism tests can disturb the global generator freely.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from lf.engine import Action, GameState, apply, legal_actions, new_game
from lf.engine.npc import choose as nonplayer_choose
from lf.engine.queries import is_nonplayer

Policy = Callable[[GameState, str], Action]
SEATINGS = {
    "humans": {},
    "one_np": {"anarchists": "nonplayer"},
    "two_np": {"anarchists": "nonplayer", "moderates": "nonplayer"},
    "all_np": {"anarchists": "nonplayer", "communists": "nonplayer", "moderates": "nonplayer"},
}


def random_policy(seed: int) -> Policy:
    rng = random.Random(seed)

    def policy(state: GameState, faction: str) -> Action:
        return rng.choice(legal_actions(state, faction))

    return policy


def next_move(state: GameState, policy: Policy) -> tuple[str, Action, str | None]:
    """The next (faction, action, note): Non-player seats by Appendix 3, the others by ``policy``."""
    p = state.pending[0]
    f = p["faction"]
    if is_nonplayer(state, f):
        action, rule = nonplayer_choose(state, f)
        return f, action, f"Non-player rule {rule}"
    return f, policy(state, f), None


def moves(state: GameState, policy: Policy, limit: int = 20_000) -> Iterator[tuple[str, Action, str | None]]:
    """Play the game to its end, yielding each move after it is applied."""
    for _ in range(limit):
        if state.result is not None:
            return
        if not state.pending:
            raise RuntimeError("dead end: the game is not over but nobody has a decision")
        f, action, note = next_move(state, policy)
        apply(state, f, action, note)
        yield f, action, note
    raise RuntimeError(f"the game did not end within {limit} moves")


def play_game(seed: int, seats: dict[str, str] | None = None, policy: Policy | None = None,
              options: dict[str, Any] | None = None) -> GameState:
    state = new_game(seed, seats, options)
    for _ in moves(state, policy or random_policy(seed)):
        pass
    return state
