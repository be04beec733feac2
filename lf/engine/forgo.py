"""What ending a turn now would give up: the engine's answer to "should the table ask before it ends?".

Rulebook pg. 5 and pg. 7: a player "may spend any number of Hero points any time during their turn". Ending
the turn closes that window; usually nothing is lost (Hero points keep for a later turn), so a page that asks
"End your turn?" every time only teaches people to click through it. These are the cases where ending now
does give something up for good, which a page asks about, naming each:

- a Bonus that is off and that the seat's Hero points could turn on now (2 Hero points, pg. 7): it would help
  the players still to act this turn;
- an empty hand while the Year still has a turn to come, with a card to buy (1 Hero point): the next turn's
  card is chosen before this faction's turn comes round again, so without one bought now it plays no card
  (at the End of the Year every player draws anew, pg. 10);
- Hero points that could still be spent in the war's last turn: after it they buy nothing.

Action Points cannot be left unspent here: a card's Action Points are spent in the one step that plays it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Choice
from .constants import TURNS_PER_YEAR, YEARS
from .state import GameState


def forgone(state: GameState, faction: str, spends: Sequence[Choice]) -> tuple[str, ...]:
    """What ending ``faction``'s turn now gives up, in words (empty: nothing), from its legal ``spends``."""
    kinds = {c.action.kind for c in spends}
    hero = state.factions[faction].hero
    out: list[str] = []
    bonuses = [c.action.arg.capitalize() for c in spends if c.action.kind == "hp_bonus"]
    if bonuses:
        if len(bonuses) == 1:
            out.append(f"turning the {bonuses[0]} Bonus on: it is off, and 2 of your Hero points would do it")
        else:
            out.append(f"turning the {' or the '.join(bonuses)} Bonus on: both are off, and 2 of your Hero points "
                       "would turn one on")
    if "hp_draw" in kinds and not state.factions[faction].hand and state.turn < TURNS_PER_YEAR:
        out.append("a card for your next turn: your hand is empty and 1 Hero point buys one")
    if spends and state.year == YEARS and state.turn == TURNS_PER_YEAR:
        out.append(f"your {hero} Hero point{'s' * (hero != 1)}: the war ends with this turn, they buy nothing after it")
    return tuple(out)
