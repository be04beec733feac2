"""What a decision of the computer carries besides its move: its reasons, as plain data.

The coach (issue 21) turns these into words; the arena and the benchmark read the figures. Everything is
plain values (text, numbers, tuples), so a move thought out in another process comes back by pickle or JSON.
A foreseen line never names another faction's hidden card: such moves read ``kind:?``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class OptionEstimate:
    """One option the search measured (or only screened: ``visits`` 0)."""

    action: str  #: the action's key ("ap_front:madrid")
    label: str  #: the decision's own words for it
    visits: int  #: playouts that began with it
    war: float  #: estimated chance of a won war after it (0..1)
    win: float  #: estimated chance that this seat wins (war won and the most Glory)
    glory: float  #: mean expected Glory of this seat at the end of the war
    value: float  #: what the search maximised: win + war_weight * war
    #: The standard error of the chosen option's value minus this one's, measured world by world over the worlds
    #: both were played in (0: the chosen option itself, or not measured): the search's own noise for this pair.
    noise: float = 0.0


@dataclass(frozen=True, slots=True)
class LineMove:
    """A move of the main line the search foresees after its choice."""

    faction: str
    action: str


@dataclass(frozen=True, slots=True)
class Reasons:
    faction: str
    kind: str  #: the decision's kind (choose, turn, pick, ...)
    options: tuple[OptionEstimate, ...]  #: best first
    line: tuple[LineMove, ...] = ()
    iterations: int = 0  #: playouts run
    seconds: float = 0.0
    #: Why no search was needed ("only one legal action", "every option leads to the same position"), or "".
    trivial: str = ""
    stopped: bool = False  #: the caller asked it to stop (or its time ran out) before the budget was spent
    war_weight: float = 0.0
    horizon: int = 0  #: turns each playout plays before the evaluation
    #: The playout rules' move was played though another option measured higher, by less than the anchor's
    #: margin (``anchor.py``: at a table with other persons the computer plays as its partners expect).
    anchored: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class Move:
    """The computer's move for one decision, with its reasons."""

    faction: str
    action: str  #: the action's key, as ``lf.engine.Action.parse`` reads it
    reasons: Reasons
    meta: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"faction": self.faction, "action": self.action, "reasons": self.reasons.to_json(), "meta": self.meta}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Move:
        r = dict(data["reasons"])
        r["options"] = tuple(OptionEstimate(**o) for o in r["options"])
        r["line"] = tuple(LineMove(**m) for m in r["line"])
        return cls(data["faction"], data["action"], Reasons(**r), dict(data.get("meta", {})))
