"""The blueprint anchor: at a table with other persons, the computer plays the playout rules' move unless the
search finds an option clearly better.

Why: every playout plays the computer's partners by the playout rules (``rollout.py``), which hold the line.
With a computer beside other persons (computers or people), each one's search then expects the others to save
the Fronts and spends its own turns on Glory, and together they lose the war more often than three seats of
the rules alone (docs/ai.md, "What was tried"). Anchored, the computer *is* the partner its playouts assume
unless an option beats the rules' move by ``Budget.anchor`` in the value searched, measured on the same worlds
(the rules' move is kept through every round of the halving, so the two are compared with common random
numbers). Beside Non-players only, the model of the partners is Appendix 3 itself (exact), so the anchor is
off there and the computer plays as before.
"""

from __future__ import annotations

from lf.engine import Action, GameState

from .rollout import rollout_action


def person_partners(state: GameState, me: str) -> int:
    """How many other seats are played by persons (people or computers: the engine's "human" seats)."""
    return sum(1 for f, fs in state.factions.items() if f != me and fs.seat != "nonplayer")


def anchor_margin(state: GameState, me: str, margin: float) -> float:
    """The margin an option must beat the rules' move by, at this table (0: no anchor)."""
    return margin if margin > 0 and person_partners(state, me) > 0 else 0.0


def blueprint(world: GameState, me: str, options: list[Action]) -> Action | None:
    """The playout rules' move in a world dealt from the seat's information, if it is among the options.

    The rules read the seat's own hand and the public board, which every world deals as they are, so the move
    is the same in every world of the information set."""
    move = rollout_action(world, me)
    return move if move in options else None
