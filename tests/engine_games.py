"""Whole games whose every byte is kept in a fixture: what the engine's speed work must never change.

The engine is made faster by changing how it works, never what it does: same seed + same actions -> the same
state, byte for byte (docs/engine.md). ``played`` plays whole games of every kind a table or a search plays
(Non-players by ``step_nonplayers`` and by ``choose`` + ``apply``, people's random legal actions, a person
among Non-players, quiet copies played out), and sums each up by the SHA-256 of its ``to_json`` and of every
decision's words (prompts, labels, reasons) met on the way. ``tests/fixtures/engine_games.json`` holds those
sums as the engine of the commit it names computed them (``PYTHONPATH=<that tree>:tests python -P -m engine_games
<commit> > tests/fixtures/engine_games.json``); ``tests/test_engine_identity.py`` plays the same games now and
compares.

The games are pinned to a content version and a generator (both kept by the engine for older games), so a new
content version or generator does not change them.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

from lf.engine import apply, clone, decisions, legal_actions, new_game, to_json
from lf.engine.npc import choose, step_nonplayers
from lf.engine.table import PEOPLE_ONLY, hand_over

#: The content and generator the fixture's games are dealt with.
PINNED = {"content": "lf-original-3", "generator": 2}
ALL_NONPLAYER = {"anarchists": "nonplayer", "communists": "nonplayer", "moderates": "nonplayer"}
ONE_PERSON = {"anarchists": "nonplayer", "communists": "human", "moderates": "nonplayer"}
SEEDS = range(1, 13)
#: A playout starts after this many random moves of people (random play often loses the war in Year 1).
PLAYOUT_FROM = 8


def _sum(state: Any, words: Any = None) -> dict[str, Any]:
    text = to_json(state)
    out = {"sha256": hashlib.sha256(text.encode()).hexdigest(), "actions": len(state.actions), "log": len(state.log),
           "result": (state.result or {}).get("war")}
    if words is not None:
        out["words_sha256"] = words.hexdigest()
    return out


def _nonplayers(seed: int) -> Any:
    state = new_game(seed, ALL_NONPLAYER, dict(PINNED))
    step_nonplayers(state)
    return state


def _nonplayers_by_apply(seed: int) -> Any:
    state = new_game(seed, ALL_NONPLAYER, dict(PINNED))
    while state.result is None:
        f = state.pending[0]["faction"]
        action, rule = choose(state, f)
        apply(state, f, action, f"Non-player rule {rule}")
    return state


def _people(seed: int, seats: dict[str, str] | None = None) -> tuple[Any, Any]:
    """Random legal actions of people (Non-players, if any, by their rules), every decision's words summed."""
    state, rng, words = new_game(seed, seats, dict(PINNED)), random.Random(seed), hashlib.sha256()
    step_nonplayers(state)
    while state.result is None:
        words.update(json.dumps([d.to_json() for d in decisions(state)]).encode())
        f = state.pending[0]["faction"]
        apply(state, f, rng.choice(legal_actions(state, f)))
        step_nonplayers(state)
    return state, words


def _playouts(seed: int) -> list[Any]:
    """A people's game stopped after its first moves, then played out by the Non-player rules from a copy and a
    quiet copy (as a search does)."""
    state, rng = new_game(seed, None, dict(PINNED)), random.Random(seed)
    while state.result is None and (len(state.actions) < PLAYOUT_FROM or
                                    any(p["kind"] in PEOPLE_ONLY for p in state.pending)):
        f = state.pending[0]["faction"]
        apply(state, f, rng.choice(legal_actions(state, f)))
    out: list[Any] = []
    if state.result is not None:
        return out
    for quiet in (False, True):
        game = clone(state, quiet=quiet)
        for f, fa in game.factions.items():
            if fa.seat == "human":
                hand_over(game, f, "nonplayer", "playout")
        step_nonplayers(game)
        out.append(game)
    return out


def played() -> dict[str, dict[str, Any]]:
    """label -> the sums of that game."""
    out: dict[str, dict[str, Any]] = {}
    for seed in SEEDS:
        out[f"nonplayers-{seed}"] = _sum(_nonplayers(seed))
        out[f"nonplayers-apply-{seed}"] = _sum(_nonplayers_by_apply(seed))
        out[f"people-{seed}"] = _sum(*_people(seed))
        out[f"one-person-{seed}"] = _sum(*_people(seed, ONE_PERSON))
        for name, game in zip(("playout", "playout-quiet"), _playouts(seed)):
            out[f"{name}-{seed}"] = _sum(game)
    return out


if __name__ == "__main__":
    json.dump({"made_by": sys.argv[1] if len(sys.argv) > 1 else "", **PINNED, "games": played()}, sys.stdout,
              indent=1, sort_keys=True)
    print()
