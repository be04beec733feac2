"""End of the Year (rulebook pg. 10): Glory draws, Hero points, kept cards, new hands.

Years 1 and 2 end with scoring, consolation Hero points, the cards each player
keeps, new draws, the direction flip and the next Fascist deck; Year 3 ends
with the verdict on the war (outcome.py).
"""

from __future__ import annotations

from .cards import draw_all
from .constants import FACTIONS, GLORY_DRAWS, HAND_DRAW_PER_YEAR, KEEP_AT_YEAR_END, NON_SCORER_HP, YEARS
from .hero import grant
from .machine import Step, ask, barrier, content, log, push, step
from .outcome import draw_glory
from .queries import is_nonplayer, owns
from .rng import shuffled
from .state import GameState


def keep_limits(state: GameState, faction: str) -> tuple[int, int]:
    """(hand, tableau) cards a faction may keep; Archives keeps one more in hand (Appendix 2)."""
    n = KEEP_AT_YEAR_END.get(state.year, 0)
    return n + (1 if owns(state, faction, "archives") else 0), n


@step("year_end")
def _year_end(state: GameState, s: Step) -> None:
    state.phase = "year_end"
    if state.year >= YEARS:
        push(state, {"s": "war_end"})
        return
    log(state, f"End of Year {state.year}.", kind="year")
    scored = draw_glory(state, GLORY_DRAWS[state.year])
    hp = NON_SCORER_HP[state.year]
    grant(state, {f: hp for f in FACTIONS if f not in scored}, "did not score this Year")
    push(state, {"s": "keep"}, {"s": "year_cleanup"})


@step("keep")
def _keep(state: GameState, s: Step) -> None:
    for f in FACTIONS:
        fa = state.factions[f]
        fa.keep = []
        fa.keep_done = is_nonplayer(state, f) or not (fa.hand or fa.tableau)
        if not fa.keep_done:
            ask(state, f, "keep")


@step("year_cleanup")
def _year_cleanup(state: GameState, s: Step) -> None:
    for f in FACTIONS:
        fa = state.factions[f]
        kept = set(fa.keep)
        fa.discard.extend(c for c in fa.hand + fa.tableau if c not in kept)
        fa.hand = [c for c in fa.hand if c in kept]
        fa.tableau = [c for c in fa.tableau if c in kept]
        fa.keep, fa.keep_done = [], False
    state.year += 1
    state.turn = 0
    state.direction = -state.direction
    direction = "counter-clockwise" if state.direction < 0 else "clockwise"
    log(state, f"Year {state.year} begins; turn order is now {direction}.", kind="year")
    state.rng, state.fascist_deck = shuffled(state.rng, content().fascist_decks[state.year])
    barrier(state)
    draw_all(state, HAND_DRAW_PER_YEAR, f"start of Year {state.year}")
    push(state, {"s": "turn_start"})
