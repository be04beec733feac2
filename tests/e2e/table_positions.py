"""Seeded positions where a person meets each kind of decision, prepared in the database before the server starts.

The game table must show the whole board, the prompt and the hand at every kind of decision a human meets
(docs/engine.md's decision table; a ``pick`` once per purpose reached). ``find_positions`` plays seeded games
with the engine alone (one human seat against two Non-players, the human played by the tests' hash policy,
``session_helpers.pick``) and notes the first moment each kind comes up; ``prepare`` replays those games
through the session layer into a fresh database, stops each at its position, and frees the human's seat so a
browser can take it from the join link. Deterministic: the same seeds give the same positions, and a change
of the rules that moves them is followed, not broken (the search runs again).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from session_helpers import human_moves, play

from lf.components.targets import board_targets
from lf.engine import new_game, view
from lf.engine.constants import FACTIONS

POLICY = 5
#: The kinds every game reaches soon: the search must find each of them.
CORE = ("choose", "turn/main", "turn/after", "morale", "keep", "bid", "pick/strength", "pick/tie_attack",
        "pick/medallion", "play")


@dataclass(frozen=True)
class Position:
    label: str
    seed: int
    seats: tuple[tuple[str, str], ...]
    human: str
    steps: int

    @property
    def seat_map(self) -> dict[str, str]:
        return dict(self.seats)


def label_of(p: dict) -> str:
    """``turn/main``, ``pick/medallion``, ``keep``...: a pending decision's kind (with its phase or purpose)."""
    if p["kind"] == "turn":
        return f"turn/{p.get('phase', '')}"
    if p["kind"] == "pick":
        return f"pick/{p.get('purpose', '')}"
    return p["kind"]


#: A turn whose board has a track space with more than one option (Action Points and Hero points both land on
#: it): its menu opens over the pieces around it (test_e2e_table's menus test).
SHARED_SPACE = "turn/main+hero"


def _shares_a_space(state, faction: str) -> bool:
    """A track space carries more than one option (a card of strength 1 and Hero points moving a track the same
    way land on the same space): it opens a menu of them."""
    return any(ref.startswith("space:") and len(t.ok) > 1 for ref, t in board_targets(view(state, faction)).items())


def _walk(seed: int, seats: dict[str, str], found: dict[str, Position], limit: int = 600) -> None:
    """Play one game as the session does (Non-players first, then the policy), noting new kinds of decision."""
    state = new_game(seed, seats)
    key = tuple(sorted(seats.items()))
    for steps, f in enumerate(human_moves(state, POLICY)):
        if steps >= limit:
            return
        label = label_of(state.pending[0])
        if label not in found:
            found[label] = Position(label, seed, key, f, steps)
        if label == "turn/main" and SHARED_SPACE not in found and _shares_a_space(state, f):
            found[SHARED_SPACE] = Position(SHARED_SPACE, seed, key, f, steps)


def find_positions(seeds: range = range(1, 120)) -> dict[str, Position]:
    """The first position of each kind of decision (and purpose of a pick) within ``seeds``."""
    found: dict[str, Position] = {}
    for seed in seeds:
        for human in FACTIONS:
            _walk(seed, {f: "human" if f == human else "nonplayer" for f in FACTIONS}, found)
    missing = [k for k in CORE if k not in found]
    assert not missing, f"no position of {missing} within seeds {seeds.start}-{seeds.stop - 1}"
    return found


def prepare(db_path: Path, positions: dict[str, Position]) -> dict[str, str]:
    """Each position as a game in the database at ``db_path`` (name -> game id), its seats free for browsers."""
    from lf.session import Registry
    from lf.store.db import sqlite_url

    registry = Registry.open(sqlite_url(db_path))
    out = {}
    try:
        for name, pos in positions.items():
            game = registry.create_game(pos.seat_map, name=f"Table: {name}", seed=pos.seed)
            tokens = {f: game.claim(f, f"Prep {f}") for f, kind in pos.seat_map.items() if kind == "human"}
            assert play(game, tokens, POLICY, pos.steps) == pos.steps
            view = game.view(tokens[pos.human])
            assert view["decisions"], f"{pos.label}: the {pos.human} have no decision after {pos.steps} steps"
            for token in tokens.values():
                game.leave(token)
            out[name] = game.id
    finally:
        registry.close()
    return out
