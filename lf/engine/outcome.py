"""Winning and Losing (rulebook pg. 4): the war lost at once or judged at the end of Year 3.

A won war is followed by the last Glory draws and the Glory count, whose ties
the Initiative player breaks as a real decision.
"""

from __future__ import annotations

from collections import Counter

from .constants import FACTIONS, GLORY_SPACES, faction_label
from .machine import Step, barrier, highest_wins, log, step
from .rng import below
from .state import GameState


def lose_war(state: GameState, how: str) -> None:
    """All players lose; the game stops here, whatever was still to happen."""
    stop(state, "lost", how)
    log(state, f"The war is lost: {how}. All players lose.", kind="outcome")


def stop(state: GameState, war: str, how: str) -> None:
    """The game stops here without a winner (``war``: "lost", or "ended" by its host), whatever was to happen."""
    state.result = {"war": war, "how": how, "year": state.year, "turn": state.turn, "winner": None,
                    "glory": glory_count(state)}
    state.stack.clear()
    state.pending.clear()
    state.phase = "over"
    state.active = None


def glory_count(state: GameState) -> dict[str, int]:
    counts = Counter(state.glory)
    return {f: counts.get(f, 0) for f in FACTIONS}


def draw_glory(state: GameState, k: int) -> list[str]:
    """Pull k tokens at random from the Bag of Glory into the Glory area."""
    drawn = []
    for _ in range(min(k, len(state.bag))):
        state.rng, i = below(state.rng, len(state.bag))
        drawn.append(state.bag.pop(i))
    state.glory.extend(drawn)
    barrier(state)
    if drawn:
        log(state, f"Drawn from the Bag of Glory: {', '.join(faction_label(f) for f in drawn)}.", "bag", "glory", kind="glory")
    return drawn


@step("war_end")
def _war_end(state: GameState, s: Step) -> None:
    """End of Year 3: the war is won only with 3 Fronts at +1 or better."""
    good = [f for f, fs in state.fronts.items() if fs.value >= 1]
    if len(good) < 3:
        lose_war(state, f"only {len(good)} Front{'s' * (len(good) != 1)} at +1 or better at the end of Year 3 "
                        "(2 Fronts at 0 or worse)")
        return
    log(state, "The war is won: three Fronts stand at +1 or better at the end of Year 3!", kind="outcome")
    draw_glory(state, GLORY_SPACES - len(state.glory))
    highest_wins(state, glory_count(state), "Glory", {"s": "winner"}, "glory_tie")


@step("winner")
def _winner(state: GameState, s: Step) -> None:
    winner = s["f"]
    state.result = {"war": "won", "how": "three Fronts at +1 or better at the end of Year 3", "year": state.year,
                    "turn": state.turn, "winner": winner, "glory": glory_count(state)}
    state.phase = "over"
    state.active = None
    state.stack.clear()
    log(state, f"{faction_label(winner)} win the game with {state.result['glory'][winner]} Glory.", faction=winner,
        kind="outcome")
