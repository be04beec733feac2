"""The computer's levels: how much it thinks per decision, as a budget of playouts (and optionally seconds).

Tests and the arena count playouts, so a game is the same for the same seed whatever the machine's load; the
server may add a time limit (``seconds``) so a slow machine never keeps a table waiting. The figures per level
were chosen by measurement (docs/ai.md: the arena's strength against the benchmark's seconds per decision).
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class Budget:
    #: Playouts per decision (each: a world dealt from the seat's information, the option, then the playout).
    iterations: int
    #: Turns each playout plays before the board is evaluated (0: evaluate right after the option).
    horizon: int = 1
    #: Stop early once this many seconds have passed (None: only the playout count limits it).
    seconds: float | None = None
    #: How much a won war counts beside the seat's own win in the value searched (search.py, docs/ai.md).
    war_weight: float = 2.0
    #: At a table with other persons, the playout rules' move is played unless an option beats it by this
    #: much in the value searched (``anchor.py``; 0: never anchored). Beside Non-players only it is not used.
    anchor: float = 0.0

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError(f"a budget needs at least 1 playout, not {self.iterations}")
        if self.horizon < 0:
            raise ValueError(f"a playout horizon is 0 turns or more, not {self.horizon}")
        if self.war_weight < 0:
            raise ValueError(f"the war's weight is 0 or more, not {self.war_weight}")
        if self.anchor < 0:
            raise ValueError(f"the anchor's margin is 0 or more, not {self.anchor}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"a time budget must be positive, not {self.seconds}")

    def with_seconds(self, seconds: float | None) -> Budget:
        return replace(self, seconds=seconds)


#: The anchor's margins (docs/ai.md, "What was tried"): three Quick computers won the war in 44% of 100 games
#: unanchored, 87% with a margin of 0.1 and 94% with 0.3; Normal's 0.2 was measured at three Normal computers.
LEVELS: dict[str, Budget] = {
    "quick": Budget(iterations=24, horizon=1, anchor=0.3),
    "normal": Budget(iterations=96, horizon=1, anchor=0.2),
    "strong": Budget(iterations=320, horizon=2, anchor=0.2),
}


def budget_of(level: str | Budget) -> Budget:
    """A level's name (quick, normal, strong) or a Budget as it is."""
    if isinstance(level, Budget):
        return level
    try:
        return LEVELS[level.lower()]
    except KeyError:
        raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}") from None
