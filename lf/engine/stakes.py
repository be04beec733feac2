"""What each open Front stands to lose: how many Attacks from Defeat, whether its Defeat loses the war, and the
current Fascist card's Attacks still to land on it.

Why: Madrid at -6 looks like any other Front at -6, yet its Defeat loses the war for everyone at once, as does a
second Front's (rulebook, "Winning and Losing", pg. 4, and "Defeat on a Front", pg. 8). And a Fascist card's
Attacks land when it is revealed (pg. 5, part 1), one letter after another: while a tie of its V or D letter
waits for the Initiative player (pg. 4, pg. 8), the rest of the card has not landed yet, and the table should see
where it is going before the question is answered. A Test's penalty may add Attacks after the turn (pg. 5,
part 3). The pages only put these numbers into words.

Only the public board and the current (public) Fascist card are read: the steps of that card still to run, the
question pending on it, and its Test. Never a deck, a hand or a secret choice.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .attacks_now import where_lands
from .constants import FRONT_MIN, FRONTS, MADRID
from .content import by_content
from .machine import content
from .state import GameState

#: A Front this close to Defeat (or closer) is "close to falling": Appendix 3, rule 3a has a Non-player always
#: strengthen Madrid once it is at -5 or worse, 5 Attacks from Defeat.
CLOSE = 5


def loses_the_war(state: GameState, front: str) -> bool:
    """Defeat on this Front would lose the war: Madrid's always, any other's once a Front has fallen (pg. 4)."""
    return front == MADRID or len(state.defeats) >= 1


def _card_attacks(state: GameState) -> Iterator[tuple[str, int, list[str] | None]]:
    """The current Fascist card's Attacks still to land, in the order they will: (spec, n, options) with the
    options of a question already asked about it (None: not asked yet)."""
    for p in state.pending:
        cont = p.get("cont") or {}
        if cont.get("s") == "attack" and cont.get("origin") == "fascist":
            yield cont["front"], cont["n"], list(p.get("options") or [])
    for s in reversed(state.stack):  # the last step runs next
        if s.get("origin") != "fascist":
            continue
        if s.get("s") == "attack":
            yield s["front"], s["n"], None
        elif s.get("s") == "fx" and s["e"].get("op") == "attack":
            yield s["e"]["front"], s["e"]["n"], None


@by_content
def _penalty_attacks(card_id: str) -> tuple[tuple[str, int], ...]:
    """The Attacks a card's Test penalty adds: (Front or closest_defeat..., n)."""
    penalty = content().fascist_cards[card_id].test.penalty
    return tuple((e.front, e.n) for e in penalty if e.op == "attack")


def _test_ahead(state: GameState) -> bool:
    """The current card's Test is still to be judged this turn."""
    return bool(state.fascist_card) and state.test_result is None and any(s.get("s") == "test" for s in state.stack)


def stakes(state: GameState) -> dict[str, dict[str, Any]]:
    """{front: {...}} for every open Front (nothing once the game is over):

    - ``to_defeat``: Attacks from Defeat now (its value down to -10);
    - ``loses_war``: its Defeat would lose the war for everyone;
    - ``coming``: the current card's Attacks still to land that will land here whatever anyone chooses;
    - ``may_come``: those that may land here or on another Front (a tie the Initiative player breaks);
    - ``if_test_fails``: Attacks the card's Test penalty adds here if the Test fails (before it is judged);
    - ``close``: close to falling (``CLOSE`` Attacks or fewer after what is coming), or what may come could
      bring Defeat: the moment to say what its fall costs.
    """
    if state.result is not None:
        return {}
    values = {f: fs.value for f, fs in state.fronts.items()}
    status = {f: fs.status for f, fs in state.fronts.items()}
    coming = dict.fromkeys(FRONTS, 0)
    may = dict.fromkeys(FRONTS, 0)
    for spec, n, options in _card_attacks(state):
        where = options if options else where_lands(values, status, spec)
        if len(where) == 1:
            coming[where[0]] += n
            values[where[0]] = max(FRONT_MIN, values[where[0]] - n)
            if values[where[0]] <= FRONT_MIN:
                status[where[0]] = "defeat"
        for f in where if len(where) > 1 else ():
            may[f] += n
    fails = dict.fromkeys(FRONTS, 0)
    if _test_ahead(state):
        for spec, n in _penalty_attacks(state.fascist_card):
            where = where_lands(values, status, spec)
            if len(where) == 1:
                fails[where[0]] += n
    out = {}
    for f, fs in state.fronts.items():
        if fs.status != "open":
            continue
        to_defeat = fs.value - FRONT_MIN
        worst = coming[f] + may[f] + fails[f]
        out[f] = {"to_defeat": to_defeat, "loses_war": loses_the_war(state, f), "coming": coming[f],
                  "may_come": may[f], "if_test_fails": fails[f],
                  "close": to_defeat - coming[f] <= CLOSE or worst >= to_defeat}
    return out
