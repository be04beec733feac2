"""Positions for the computer player's tests, reached by playing real games (never hand-made boards)."""

from __future__ import annotations

import random
from collections.abc import Callable

from lf.ai.candidates import candidates
from lf.engine import GameState, apply, decision, legal_actions, new_game
from lf.engine.npc import choose as nonplayer_choose
from lf.ai.rollout import rollout_action

PERSONS = {"anarchists": "human", "communists": "human", "moderates": "human"}


def step(state: GameState) -> None:
    """One move of the game: Appendix 3 for a Non-player, the playout rules for a person."""
    f = state.pending[0]["faction"]
    action = nonplayer_choose(state, f)[0] if state.factions[f].seat == "nonplayer" else rollout_action(state, f)
    apply(state, f, action)


def searched(state: GameState, faction: str) -> bool:
    """The faction has a decision with at least three options worth searching."""
    d = decision(state, faction)
    if d is None:
        return False
    p = next(p for p in state.pending if p["faction"] == faction)
    return len(candidates(state, faction, legal_actions(state, faction), d.kind, p.get("phase", ""))) >= 3


def positions(seed: int, seats: dict[str, str], want: Callable[[GameState], str | None],
              limit: int = 10) -> list[tuple[GameState, str]]:
    """Up to ``limit`` (state copy, faction) pairs of one game where ``want(state)`` names the faction to move."""
    state = new_game(seed, seats)
    out = []
    while state.result is None and len(out) < limit:
        f = want(state)
        if f is not None:
            out.append((state.model_copy(deep=True), f))
        step(state)
    return out


def turn_of(kind: str, phase: str = "") -> Callable[[GameState], str | None]:
    """``want`` for positions(): a person whose searched decision is of ``kind`` (and ``phase``)."""
    def want(state: GameState) -> str | None:
        for p in state.pending:
            f = p["faction"]
            if state.factions[f].seat == "human" and p["kind"] == kind and p.get("phase", "") == phase \
                    and searched(state, f):
                return f
        return None
    return want


def hide_differently(state: GameState, me: str, seed: int) -> GameState:
    """A copy that differs from ``state`` only in what ``me`` cannot see: other hands, bids and secret choices,
    every deck's order (its own too), the Fascist deck's order, the seed, the generator, others' private log
    lines and the action log's record of their secret choices."""
    rng = random.Random(seed)
    s = state.model_copy(deep=True)
    s.seed, s.rng = state.seed + 1, rng.getrandbits(64)
    rng.shuffle(s.fascist_deck)
    rng.shuffle(s.factions[me].deck)
    for f, fa in s.factions.items():
        if f == me:
            continue
        revealed = fa.chosen if s.active == f else None
        hand = [c for c in fa.hand if c != revealed]
        cards = hand + fa.deck + fa.discard + fa.bid
        rng.shuffle(cards)
        sizes = (len(hand), len(fa.deck), len(fa.discard), len(fa.bid))
        fa.hand = ([revealed] if revealed and revealed in fa.hand else []) + cards[:sizes[0]]
        fa.deck = cards[sizes[0]:sizes[0] + sizes[1]]
        fa.discard = cards[sizes[0] + sizes[1]:sizes[0] + sizes[1] + sizes[2]]
        fa.bid = cards[sizes[0] + sizes[1] + sizes[2]:]
        if fa.chosen and s.active != f and fa.hand:
            fa.chosen = rng.choice(fa.hand)
    for e in s.log:
        if "private" in e and e.get("faction") != me:
            e["private"] = "something else entirely"
    for entry in s.actions:
        if entry["faction"] != me and entry["action"].get("kind") == "choose":
            entry["action"] = {"kind": "choose", "arg": "X99"}
    return s
