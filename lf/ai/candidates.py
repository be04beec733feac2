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
- a card is not bought with Hero points when the hand already holds more than the Year can still use: a card for
  each turn left, and what the End of the Year keeps (1 after Year 1, 2 after Year 2, pg. 10) or, in Year 3, the
  Final Bid's 3 (pg. 10), with one to spare for choice. Issue 29 found the coach suggesting six draws in a row
  with 12 cards in hand a turn before the End of the Year kept 2: playouts that end before the discard cannot see
  the waste.
The rest of the decision is searched as it is. Nothing here decides: it only narrows what the search measures.
"""

from __future__ import annotations

from lf.engine import Action, GameState
from lf.engine.constants import TURNS_PER_YEAR, YEARS
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
        out = [a for a in actions if not (a.kind == "hp_track" and not _track_ok(f, a))
               and not (a.kind == "hp_draw" and _hand_is_full(state, f))]
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


#: Cards beyond what the Year can use that a hand may still buy (a wider choice for the turns left).
SPARE_CARDS = 3


def usable_cards(state: GameState) -> int:
    """How many cards of a hand the rest of the Year can still use: one per turn left after this one, then what
    the End of the Year keeps in hand (pg. 10: 1 after Year 1, 2 after Year 2) or, in Year 3 before its last turn,
    the Final Bid's up to 3 (pg. 10)."""
    left = TURNS_PER_YEAR - state.turn
    if state.year < YEARS:
        return left + state.year
    return left + (3 if state.turn < TURNS_PER_YEAR else 0)


def _hand_is_full(state: GameState, f: str) -> bool:
    fa = state.factions[f]
    return len([c for c in fa.hand if c != fa.chosen]) >= usable_cards(state) + SPARE_CARDS


def _spend_before_card(state: GameState, f: str, a: Action) -> bool:
    if a.kind == "hp_bonus":
        return a.arg == "morale"
    if a.kind == "hp_draw":
        return not [c for c in state.factions[f].hand if c != state.factions[f].chosen]
    return False
