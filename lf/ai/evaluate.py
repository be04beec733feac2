"""The evaluation at the end of a playout: the chance of a won war, and each faction's chance of the most Glory.

A finished game is scored exactly (a lost war: nobody wins; a won war: its winner). Otherwise a fitted logistic
model per turn reads the war from the board (``features.py``), and the Bag of Glory model (``glory.py``) says
who would hold the most Glory if the war is won. The weights are data (``weights.json``, written by
``python -m lf.tools.fit_eval``).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from lf.engine import GameState
from lf.engine.constants import FACTIONS

from .features import WAR_FEATURES, turn_index, war_features
from .glory import shares

WEIGHTS_FILE = "weights.json"


@dataclass(frozen=True, slots=True)
class Outlook:
    """What a position promises: P(war won), each faction's P(most Glory | war won), expected final Glory."""

    war: float
    share: dict[str, float]
    glory: dict[str, float]

    def win(self, faction: str) -> float:
        """P(this faction wins): the war won and the most Glory."""
        return self.war * self.share[faction]


@lru_cache(maxsize=1)
def weights() -> dict:
    text = resources.files("lf.ai").joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
    data = json.loads(text)
    if data.get("war_features") != list(WAR_FEATURES):
        raise ValueError(f"lf/ai/{WEIGHTS_FILE} was fitted on other features: run python -m lf.tools.fit_eval")
    return data


def _sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def war_chance(state: GameState) -> float:
    w = weights()["war"]
    return _sigmoid(sum(a * b for a, b in zip(w[min(turn_index(state), len(w) - 1)], war_features(state))))


def outlook(state: GameState) -> Outlook:
    """The position's promise for every faction (exact once the game is over)."""
    result = state.result
    if result is not None:
        glory = {f: float(result["glory"].get(f, 0)) for f in FACTIONS}
        if result.get("war") == "won":
            return Outlook(1.0, {f: float(result["winner"] == f) for f in FACTIONS}, glory)
        return Outlook(0.0, {f: 1 / 3 for f in FACTIONS}, glory)
    chance, expected = shares(state)
    return Outlook(war_chance(state), chance, expected)
