"""What one seat may see (boardgame.io's playerView): the board, its own hand, never a secret.

A view never contains another faction's hand, an unrevealed choice or bid,
the order of any deck, or the engine's RNG. Spectators (faction None) see only
what is public. Pages render views; they hold no rules.
"""

from __future__ import annotations

from typing import Any

from .attacks_now import attacks_now
from .computers import computer_seats
from .constants import FACTIONS
from .decisions import BUILD
from .game import can_undo, waiting_message
from .queries import government_controller, turn_order
from .stakes import stakes
from .content import STANDARD
from .machine import LEVEL, pinned
from .state import GameState
from .year_end import keep_limits


def _faction_view(state: GameState, f: str, viewer: str | None, computers: dict[str, str]) -> dict[str, Any]:
    fa = state.factions[f]
    mine = viewer == f
    out: dict[str, Any] = {
        "seat": fa.seat,
        #: The level of lf's computer playing this (person's) seat, or None (lf/engine/computers.py).
        "computer": computers.get(f),
        "hero": fa.hero,
        "tokens": fa.tokens,
        "medallions": list(fa.medallions),
        "tableau": list(fa.tableau),
        "trash": list(fa.trash),
        "discard_size": len(fa.discard),
        "removed": list(fa.removed),
        "playing": list(fa.playing),
        "hand_size": len(fa.hand),
        "deck_size": len(fa.deck),
        "has_chosen": fa.chosen is not None,
        "bid_size": len(fa.bid),
        "bid_done": fa.bid_done,
        "keep_done": fa.keep_done,
        "used": list(fa.used),
    }
    if mine:
        out.update(hand=list(fa.hand), chosen=fa.chosen, bid=list(fa.bid), keep=list(fa.keep), discard=list(fa.discard),
                   keep_max=list(keep_limits(state, f)))
    return out


def _log_for(state: GameState, viewer: str | None) -> list[dict[str, Any]]:
    """The whole log (a 12-turn game writes about 700 entries), each private line only for its own faction."""
    out = []
    for e in state.log:
        if "private" not in e:
            out.append(dict(e))
            continue
        entry = {k: v for k, v in e.items() if k != "private"}
        if viewer is not None and e.get("faction") == viewer:
            entry["text"] = e["private"]
        out.append(entry)
    return out


@pinned
def view(state: GameState, viewer: str | None = None) -> dict[str, Any]:
    """The JSON-ready picture of the game for ``viewer`` (a faction, or None for a spectator)."""
    if viewer is not None and viewer not in FACTIONS:
        raise ValueError(f"unknown faction {viewer!r}")
    mine = [BUILD[p["kind"]](state, p).to_json() for p in state.pending if p["faction"] == viewer]
    computers = computer_seats(state)
    # A pick's purpose (a tie, a medallion...) is public like its prompt: the teaching guide times its lessons by it.
    waiting = [{"faction": p["faction"], "kind": p["kind"], "phase": p.get("phase", ""),
                **({"purpose": p["purpose"]} if p.get("purpose") else {})} for p in state.pending]
    return {
        "viewer": viewer,
        "version": len(state.actions),
        "content_version": state.content_version,
        "level": state.options.get(LEVEL, STANDARD),
        "year": state.year,
        "turn": state.turn,
        "phase": state.phase,
        "direction": "clockwise" if state.direction > 0 else "counter-clockwise",
        "initiative": state.initiative,
        "government": government_controller(state),
        "order": list(state.order) or turn_order(state),
        "active": state.active,
        "fronts": {f: fs.model_dump() for f, fs in state.fronts.items()},
        "tracks": dict(state.tracks),
        "blanks": {t: sorted(v) for t, v in state.blanks.items()},
        "bonuses": dict(state.bonuses),
        "medallions": list(state.medallions),
        "hero_supply": state.hero_supply,
        "bag": {f: state.bag.count(f) for f in FACTIONS},
        "bag_size": len(state.bag),
        "glory": list(state.glory),
        "fascist_card": state.fascist_card,
        "fascist_deck_size": len(state.fascist_deck),
        "fascist_discard": list(state.fascist_discard),
        "test_result": state.test_result,
        "attacks_now": attacks_now(state) if state.result is None else {},
        #: Per open Front: Attacks from Defeat, whether that loses the war, the card's Attacks still to land.
        "stakes": stakes(state),
        "bid_winner": state.bid_winner,
        "defeats": list(state.defeats),
        "factions": {f: _faction_view(state, f, viewer, computers) for f in FACTIONS},
        "decisions": mine,
        "waiting": waiting,
        "waiting_message": waiting_message(state, viewer) if viewer else "",
        "can_undo": bool(viewer) and can_undo(state, viewer),
        "log": _log_for(state, viewer),
        "result": state.result,
    }
