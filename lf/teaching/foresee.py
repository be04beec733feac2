"""Previews that are safe on a shared screen: what an option would do, never what a hidden card holds.

``lf.engine.preview`` applies the action to a copy of the real state and stops before the next step that
brings unseen cards or chance into play (the next Fascist card, a Non-player's top card, the Bag of Glory),
saying that step in words. A drawn card still sits in the copy, though, so as a second guard the preview is
computed on copies whose hidden order is replaced: every deck is sorted (which forgets the real order) and
shuffled again with a generator seeded only from public facts, and the engine's generator is reseeded the
same way. What all copies agree on is told; if they ever disagree, something depends on cards nobody has
seen yet, and the preview says so instead of guessing.
"""

from __future__ import annotations

from lf.engine import Action, GameState, IllegalAction, clone, preview
from lf.engine.rng import shuffled, start

#: Independent re-shuffles compared; a change that depends on a hidden card differs between them.
COPIES = 3
UNKNOWN = "then cards nobody has seen yet come into play, so the rest can't be foreseen"


def _public_copy(state: GameState, salt: int) -> GameState:
    """A copy with every hidden order replaced by one drawn from public facts only."""
    twin = clone(state)
    rng = start(7919 * (salt + 1) + len(state.actions))
    for fa in twin.factions.values():
        rng, fa.deck = shuffled(rng, sorted(fa.deck))
    rng, twin.fascist_deck = shuffled(rng, sorted(twin.fascist_deck))
    twin.rng = rng
    return twin


def table_preview(state: GameState, faction: str, action: Action | dict | str) -> str:
    """What ``action`` would do, in words, from public facts only; raises IllegalAction if it is not legal."""
    results = [preview(_public_copy(state, k), faction, action) for k in range(COPIES)]
    first = results[0]
    if all(r == first for r in results[1:]):
        return first.text()
    sure = [c for c in first.changes if all(c in r.changes for r in results[1:])]
    return "; ".join([*sure, UNKNOWN])


def table_previews(state: GameState, faction: str, actions: list[Action | dict | str]) -> dict[str, str]:
    """``table_preview`` for several actions, keyed by the action's text key (illegal ones are left out)."""
    out: dict[str, str] = {}
    for a in actions:
        act = Action.parse(a)
        try:
            out[act.key] = table_preview(state, faction, act)
        except IllegalAction:
            continue
    return out
