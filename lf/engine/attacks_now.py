"""Where a Fascist Attack would land now, letter by letter (M, N, A, S, V, D), in words.

Why: once Fronts are won or lost, every "closest to Victory" or "closest to Defeat" Attack may go to the one
Front still open, and an Attack on a decided Front goes elsewhere (rulebook pg. 8). The Fascist card on the
table says it beside each letter, as its Test says "Now -3: would fail", so the table sees where the next
Attacks go before they come. The answer follows the rules ``fronts._target`` applies when an Attack resolves
(a test checks that the two agree); the pages only show these words.
"""

from __future__ import annotations

from dataclasses import dataclass

from .constants import ATTACK_LETTERS, front_label
from .queries import closest_to_defeat, closest_to_victory, open_fronts
from .state import GameState

#: The letters a Fascist card's Attacks carry.
LETTERS = ("M", "N", "A", "S", "V", "D")


@dataclass(frozen=True)
class Landing:
    """The Fronts an Attack with one letter could land on now (one: certain; several: someone chooses; none:
    every Front is decided), and who chooses when there are several."""

    fronts: tuple[str, ...]
    chosen_by_initiative: bool = False


def landing(state: GameState, letter: str) -> Landing:
    """Where an Attack marked ``letter`` would land if it came now (a Fascist card's: its ties and redirections
    are the Initiative player's, pg. 4 and pg. 8)."""
    opens = open_fronts(state)
    if not opens:
        return Landing(())
    front = ATTACK_LETTERS.get(letter)
    if front is not None:
        status = state.fronts[front].status
        if status == "open":
            return Landing((front,))
        if status == "victory":  # pg. 8: the Initiative player's choice of open Front
            return Landing(tuple(opens), chosen_by_initiative=len(opens) > 1)
    tied = closest_to_victory(state) if letter == "V" else closest_to_defeat(state)
    return Landing(tuple(tied), chosen_by_initiative=len(tied) > 1)


def _short(front: str) -> str:
    return front_label(front).removesuffix(" Front")


def landing_words(state: GameState, letter: str) -> str:
    """The words beside a letter ("now: Aragon", "now: Aragon or Southern, the Initiative player chooses"), or ""
    when an Attack of that letter simply lands on its own open Front."""
    where = landing(state, letter)
    front = ATTACK_LETTERS.get(letter)
    if front is not None and where.fronts == (front,):
        return ""
    if not where.fronts:
        return "no open Front left"
    lead = ""
    if front is not None:
        lead = f"{_short(front)} {'won' if state.fronts[front].status == 'victory' else 'lost'}: "
    if not where.chosen_by_initiative:
        return f"{lead}now {_short(where.fronts[0])}"
    names = [_short(f) for f in where.fronts]
    said = "any open Front" if len(names) == len(open_fronts(state)) and len(names) > 2 else \
        f"{', '.join(names[:-1])} or {names[-1]}"
    return f"{lead}now {said} (the Initiative player chooses)"


def attacks_now(state: GameState) -> dict[str, str]:
    """{letter: words} for every letter whose Attack would not simply land on its own open Front."""
    out = {}
    for letter in LETTERS:
        words = landing_words(state, letter)
        if words:
            out[letter] = words
    return out

