"""Playing games through the session layer in tests, with a policy that is a pure function of the position.

``pick`` chooses among a decision's legal choices by hashing (seed, version,
faction), so a game interrupted and resumed (even in another process) makes the
same choices as one played straight through, and ``reference_game`` can play
the same game with the engine alone to compare against.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from typing import Any

from lf.engine import GameState, apply, decision, new_game
from lf.engine.npc import choose as nonplayer_choose
from lf.engine.queries import is_nonplayer
from lf.session import GameSession


def pick(seed: int, version: int, faction: str, n: int) -> int:
    h = hashlib.sha256(f"{seed}:{version}:{faction}".encode()).digest()
    return int.from_bytes(h[:8], "big") % n


def claim_humans(game: GameSession) -> dict[str, str]:
    return {f: game.claim(f, f"Player {f}") for f, k in game.seat_kinds.items() if k == "human"}


def next_move(game: GameSession, tokens: dict[str, str], seed: int) -> tuple[str, dict[str, Any], int]:
    """(faction, action, version) the policy plays next in ``game``."""
    faction = game.view()["waiting"][0]["faction"]
    view = game.view(tokens[faction])
    choices = view["decisions"][0]["choices"]
    return faction, choices[pick(seed, view["version"], faction, len(choices))]["action"], view["version"]


def play(game: GameSession, tokens: dict[str, str], seed: int, steps: int | None = None) -> int:
    """Play ``steps`` accepted human actions (or to the end); return how many were played."""
    done = 0
    while game.status == "active" and (steps is None or done < steps):
        faction, action, version = next_move(game, tokens, seed)
        res = game.act(tokens[faction], version, action)
        assert res.ok, res.message
        done += 1
    return done


def human_moves(state: GameState, policy_seed: int) -> Iterator[str]:
    """Play ``state`` as the session does (the Non-players first, then the policy for the first human waited for),
    yielding the faction of each human decision just before the policy takes it."""
    while True:
        movers = [p["faction"] for p in state.pending if is_nonplayer(state, p["faction"])]
        if movers:
            action, rule = nonplayer_choose(state, movers[0])
            apply(state, movers[0], action, f"Non-player rule {rule}")
            continue
        if state.result is not None:
            return
        f = state.pending[0]["faction"]
        yield f
        choices = decision(state, f).choices
        apply(state, f, choices[pick(policy_seed, len(state.actions), f, len(choices))].action)


def reference_game(seed: int, seats: dict[str, str], policy_seed: int, steps: int | None = None,
                   options: dict[str, Any] | None = None) -> GameState:
    """The same game played by the engine alone (Non-players first, then the policy, like the session)."""
    state = new_game(seed, seats, options)
    for humans, _ in enumerate(human_moves(state, policy_seed)):
        if steps is not None and humans >= steps:
            break
    return state


def seed_reaching(seats: dict[str, str], kind: str | Callable[[GameState, str], bool], start: int = 1,
                  tries: int = 300) -> int:
    """The first game seed whose game, the policy seeded alike (as ``play(game, tokens, seed)`` plays it with one
    human seat), brings the human a decision of ``kind`` (or one where ``kind(state, faction)`` holds): found at
    test time, never a seed's deal written down."""
    wanted = kind if callable(kind) else (lambda state, f: state.pending[0]["kind"] == kind)
    for seed in range(start, start + tries):
        state = new_game(seed, seats)
        if any(wanted(state, f) for f in human_moves(state, seed)):
            return seed
    raise AssertionError(f"no game from seed {start} to {start + tries - 1} reaches a {kind} decision")
