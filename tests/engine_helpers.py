"""Small tools for building rule positions in engine tests.

Tests may set state fields directly (the state is a mutable pydantic model) to
build the position a rule needs, then run real engine steps on it.
"""

from __future__ import annotations

from collections.abc import Callable

from lf.engine import Action, GameState, apply, decision, legal_actions, new_game
from lf.engine.machine import push, run


def game(seed: int = 1, seats: dict[str, str] | None = None) -> GameState:
    return new_game(seed, seats)


def do(state: GameState, faction: str, key: str | Action) -> GameState:
    """Apply an action given as a key such as 'ap_front:madrid' or 'hp_track:liberty:+1'."""
    return apply(state, faction, Action.parse(key) if isinstance(key, str) else key)


def keys(state: GameState, faction: str) -> set[str]:
    return {a.key for a in legal_actions(state, faction)}


def run_steps(state: GameState, *steps: dict) -> GameState:
    """Schedule engine steps (e.g. lf.engine.tracks.move(...)) on a quiet state and run them."""
    state.pending.clear()
    state.stack.clear()
    push(state, *steps)
    run(state)
    return state


def advance(state: GameState, until: Callable[[GameState], bool], limit: int = 5000) -> GameState:
    """Play the first legal action of the first pending faction until ``until(state)`` holds."""
    for _ in range(limit):
        if until(state) or state.result is not None:
            return state
        f = state.pending[0]["faction"]
        apply(state, f, legal_actions(state, f)[0])
    raise AssertionError("position not reached")


def to_turn(state: GameState, faction: str) -> GameState:
    """Every human picks its first card; advance until ``faction`` has its turn decision."""
    def ready(s: GameState) -> bool:
        d = decision(s, faction)
        return d is not None and d.kind == "turn"
    return advance(state, ready)


def card_of(state: GameState, faction: str, pred: Callable) -> str:
    """A card id of ``faction``'s deck matching ``pred(card)``, from the loaded content."""
    from lf.engine.machine import content

    ids = [i for i in content().decks[faction] if pred(content().player_cards[i])]
    if not ids:
        raise AssertionError("no such card")
    return ids[0]


def give(state: GameState, faction: str, card: str) -> None:
    """Move a card into the faction's hand from wherever it is."""
    fa = state.factions[faction]
    for zone in (fa.deck, fa.discard, fa.tableau, fa.trash, fa.hand):
        if card in zone:
            zone.remove(card)
    fa.hand.append(card)


START = {"liberty": 5, "collectivization": 5, "government": 6, "soviet_support": 3, "foreign_aid": 3}


def fresh(seed: int = 1, seats: dict[str, str] | None = None, front: int = -2) -> GameState:
    """A quiet Year 1 position: the board as after Setup (Fronts at ``front``), nothing pending."""
    s = game(seed, seats)
    s.pending.clear()
    s.stack.clear()
    for fs in s.fronts.values():
        fs.value, fs.status, fs.tokens = front, "open", []
    s.tracks.update(START)
    s.blanks = {t: [] for t in START}
    s.bonuses = {"morale": True, "teamwork": True}
    s.defeats = []
    for f, fa in s.factions.items():
        fa.hero = 0 if f == "moderates" else 2
        fa.medallions = []
    s.hero_supply = 26
    s.initiative = "moderates"
    return s


def settle(state: GameState, limit: int = 60) -> GameState:
    """Answer pending picks with their first legal option until none is left."""
    for _ in range(limit):
        if not state.pending or state.result is not None or state.pending[0]["kind"] != "pick":
            return state
        f = state.pending[0]["faction"]
        do(state, f, legal_actions(state, f)[0])
    raise AssertionError("picks never ended")


def play_steps(state: GameState, steps: int) -> GameState:
    """Play up to ``steps`` moves, each a fixed pick among the legal actions (a spread of kinds, the same every
    run), stopping when the game ends."""
    for i in range(steps):
        if state.result is not None:
            break
        f = state.pending[0]["faction"]
        acts = legal_actions(state, f)
        apply(state, f, acts[(7 * i + 3) % len(acts)])
    return state
