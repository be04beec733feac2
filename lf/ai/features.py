"""The board read as numbers: what the evaluation weighs at the end of a playout.

The war's features: will three Fronts stand at +1 at the end, before two fall or Madrid falls? (Glory is a
model of its own, ``glory.py``.) ``lf/tools/fit_eval.py`` fits their weights on played games; ``evaluate.py``
applies them.
"""

from __future__ import annotations

from lf.engine import GameState
from lf.engine.constants import FACTIONS, FRONTS, MADRID, TURNS_PER_YEAR, YEARS

from .knowledge import icons_of, strength_of

TOTAL_TURNS = YEARS * TURNS_PER_YEAR

WAR_FEATURES = ("bias", "madrid", "low", "mid", "high", "defeats", "deficit3", "danger", "danger2", "hero",
                "teamwork", "morale", "front_icons", "hand", "test_margin", "nonplayers")


def turn_index(state: GameState) -> int:
    """0..11: the turn being played (0 before the first)."""
    return max(0, (state.year - 1) * TURNS_PER_YEAR + state.turn - 1)


def _front_value(state: GameState, f: str) -> int:
    fs = state.fronts[f]
    return {"victory": 10, "defeat": -10}.get(fs.status, fs.value)


def war_features(state: GameState) -> list[float]:
    values = {f: _front_value(state, f) for f in FRONTS}
    others = sorted(values[f] for f in FRONTS if f != MADRID)
    best3 = sorted(values.values(), reverse=True)[:3]
    deficit3 = sum(max(0, 1 - v) for v in best3)
    open_vals = [values[f] + (-2 if f == MADRID else 0) for f in FRONTS if state.fronts[f].status == "open"]
    danger = sum(max(0, -4 - v) for v in open_vals)
    persons = [f for f in FACTIONS if state.factions[f].seat != "nonplayer"]
    front_icons = sum(icons_of(c).count("front") for f in persons for c in state.factions[f].tableau)
    hand = sum(strength_of(c) for f in persons for c in state.factions[f].hand)
    margin = 0.0
    if state.fascist_card:
        from lf.engine.machine import content

        test = content().fascist_cards[state.fascist_card].test
        margin = max(-6, min(6, values[test.front] - test.threshold))
    return [1.0, values[MADRID] / 10, others[0] / 10, others[1] / 10, others[2] / 10, len(state.defeats),
            deficit3 / 10, danger / 10, (danger / 10) ** 2, sum(state.factions[f].hero for f in FACTIONS) / 10,
            float(state.bonuses["teamwork"]), float(state.bonuses["morale"]), front_icons / 5, hand / 10,
            margin / 6, float(len(FACTIONS) - len(persons))]
