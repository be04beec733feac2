"""Which legal actions are worth searching: the decision's actions less the ones a person would never weigh.

A person's turn offers every Hero point spend at every question (rulebook pg. 7, "any time during their
turn"), and every track in both directions. Searching them all would spread a small budget thin, so:
- Hero point spends are weighed once the card is played (the ``after`` phase of the turn), where they cost
  nothing to wait for; before the card only turning the Morale Bonus on (it pays off on this card's Action
  Points) and buying a card when the hand is empty are weighed. Never in the middle of another question.
- a track moved by Action Points or Hero points is weighed only in the direction the faction wants it
  (``knowledge.STANCE``: its Initiative, its medallion spaces, against a rival's); a Morale Bonus icon that
  would move a track against the faction's wish is left unused instead.
- a card kept at the End of the Year, or bid, is never taken back within the same decision: the choice
  only grows until "done", so a search's noise cannot walk it back and forth forever.
The rest of the decision is searched as it is. Nothing here decides: it only narrows what the search measures.
"""

from __future__ import annotations

from lf.engine import Action, GameState
from lf.engine.decisions import SPEND_KINDS

from .knowledge import stance

PLAY_KINDS = ("event", "ap_front", "ap_track", "ap_bonus")


def _track_ok(f: str, a: Action) -> bool:
    return stance(f, a.arg) == a.n


def candidates(state: GameState, f: str, actions: list[Action], kind: str, phase: str = "") -> list[Action]:
    """The actions the search measures for ``f``'s decision of ``kind`` (never empty)."""
    if kind in ("turn", "play") and phase != "after":
        out = []
        for a in actions:
            if a.kind == "ap_track" and not _track_ok(f, a):
                continue
            if a.kind in SPEND_KINDS and not _spend_before_card(state, f, a):
                continue
            out.append(a)
        return out or actions
    if kind == "turn":
        out = [a for a in actions if not (a.kind == "hp_track" and not _track_ok(f, a))]
        return out or actions
    if kind in ("keep", "bid"):
        return [a for a in actions if a.kind not in ("unkeep", "unbid")] or actions
    if kind in ("morale", "pick"):
        out = [a for a in actions if a.kind not in SPEND_KINDS]
        if kind == "morale":
            out = [a for a in out if a.kind != "morale" or a.arg == "front"
                   or stance(f, a.arg[:-1]) * (1 if a.arg.endswith("+") else -1) >= 0]
        return out or actions
    return actions


def _spend_before_card(state: GameState, f: str, a: Action) -> bool:
    if a.kind == "hp_bonus":
        return a.arg == "morale"
    if a.kind == "hp_draw":
        return not [c for c in state.factions[f].hand if c != state.factions[f].chosen]
    return False
