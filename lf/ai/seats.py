"""Who plays a seat in a headless game: the arena's line-ups are made of these.

- ``nonplayer``: the engine's Non-player seat, Appendix 3 (``lf.engine.npc``);
- ``person:random``: a person's seat, a seeded random legal action;
- ``person:rules``: a person's seat by the playout rules (``rollout.py``);
- ``person:greedy``: a person's seat by one move of look-ahead (``greedy.py``);
- ``ai:<level>``: a person's seat played by the computer at ``quick``, ``normal`` or ``strong``, or with a
  budget of its own: ``ai:<playouts>[/<horizon>[/<war weight>[/<anchor>]]]`` (e.g. ``ai:200/2``,
  ``ai:96/1/2.0/0.2``), for measurements.

Every kind but ``nonplayer`` plays with a person's rules ("human" seat in the engine).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from lf.engine import Action, GameState
from lf.engine.npc import choose as nonplayer_choose

from .greedy import greedy_action
from .levels import LEVELS, Budget, budget_of
from .player import decide
from .reasons import Move
from .rollout import rollout_action

PERSON_KINDS = ("person:random", "person:rules", "person:greedy")
SEAT_KINDS = ("nonplayer", *PERSON_KINDS, *(f"ai:{level}" for level in LEVELS))


def seat_budget(spec: str) -> Budget:
    """The budget of an ``ai:`` seat: a level's name, or playouts with an optional horizon, war weight and
    anchor margin ("ai:200/2", "ai:96/1/2.0", "ai:96/1/2.0/0.2"; unanchored unless the margin is given, so
    the measurements made before the anchor repeat)."""
    what = spec.removeprefix("ai:")
    parts = what.split("/")
    try:
        if parts[0].isdigit() and len(parts) <= 4:
            normal = budget_of("normal")
            return Budget(iterations=int(parts[0]), horizon=int(parts[1]) if len(parts) > 1 else normal.horizon,
                          war_weight=float(parts[2]) if len(parts) > 2 else normal.war_weight,
                          anchor=float(parts[3]) if len(parts) > 3 else 0.0)
        return budget_of(what)
    except ValueError:
        raise ValueError(f"unknown seat {spec!r}: say ai:quick, ai:normal, ai:strong or "
                         "ai:<playouts>[/<horizon>[/<war weight>[/<anchor>]]]") from None


def is_seat(spec: str) -> bool:
    try:
        Seat(spec)
    except ValueError:
        return False
    return True


@dataclass
class Seat:
    """One seat's player for one game (a random person keeps its generator across the game)."""

    spec: str
    seed: int = 0
    budget: Budget | None = None
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.spec.startswith("ai:") and self.budget is None:
            self.budget = seat_budget(self.spec)
        elif self.spec not in SEAT_KINDS:
            raise ValueError(f"unknown seat {self.spec!r}; seats are {', '.join(SEAT_KINDS)}")
        self._rng = random.Random(self.seed)

    @property
    def engine_seat(self) -> str:
        return "nonplayer" if self.spec == "nonplayer" else "human"

    def act(self, state: GameState, faction: str) -> tuple[Action, str | None, Move | None]:
        """(action, note for the log, the computer's Move with its reasons or None)."""
        if self.spec == "nonplayer":
            action, rule = nonplayer_choose(state, faction)
            return action, f"Non-player rule {rule}", None
        if self.spec == "person:random":
            from lf.engine import legal_actions

            return self._rng.choice(legal_actions(state, faction)), None, None
        if self.spec == "person:rules":
            return rollout_action(state, faction), None, None
        if self.spec == "person:greedy":
            return greedy_action(state, faction, self.seed), None, None
        move = decide(state, faction, self.budget, self.seed)
        return Action.parse(move.action), None, move
