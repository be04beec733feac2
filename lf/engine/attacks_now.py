"""Where a Fascist Attack would land now, letter by letter (M, N, A, S, V, D), in words.

Why: once Fronts are won or lost, every "closest to Victory" or "closest to Defeat" Attack may go to the one
Front still open, and an Attack on a decided Front goes elsewhere (rulebook pg. 8). The Fascist card on the
table says it beside each letter, as its Test says "Now -3: would fail", so the table sees where the next
Attacks go before they come. The answer follows the rules ``fronts._target`` applies when an Attack resolves
(a test checks that the two agree); the pages only show these words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .constants import ATTACK_LETTERS, FRONTS, front_label
from .queries import open_fronts
from .state import GameState

#: The letters a Fascist card's Attacks carry.
LETTERS = ("M", "N", "A", "S", "V", "D")


@dataclass(frozen=True)
class Landing:
    """The Fronts an Attack with one letter could land on now (one: certain; several: someone chooses; none:
    every Front is decided), and who chooses when there are several."""

    fronts: tuple[str, ...]
    chosen_by_initiative: bool = False


def where_lands(values: Mapping[str, int], status: Mapping[str, str], spec: str) -> tuple[str, ...]:
    """The open Fronts an Attack could land on with the Fronts at ``values`` and ``status`` (one: certain; several:
    the Initiative player chooses; none: every Front is decided). ``spec``: a letter, a Front, ``closest_defeat``,
    ``closest_victory`` or ``choice``. Pg. 8: an Attack on a won Front goes to the Initiative player's choice of
    open Front, one on a lost Front to the Front closest to Defeat; a tie of V or D is the Initiative player's.
    On a board that is not the state's own too: lf/engine/stakes.py follows a card's letters one after another."""
    opens = tuple(f for f in FRONTS if status[f] == "open")
    if not opens:
        return ()
    front = ATTACK_LETTERS.get(spec, spec if spec in FRONTS else None)
    if front is not None:
        if status[front] == "open":
            return (front,)
        if status[front] == "victory":
            return opens
    if spec == "choice":
        return opens
    best = max if spec in ("V", "closest_victory") else min
    at = best(values[f] for f in opens)
    return tuple(f for f in opens if values[f] == at)


def landing(state: GameState, letter: str) -> Landing:
    """Where an Attack marked ``letter`` would land if it came now (a Fascist card's: its ties and redirections
    are the Initiative player's, pg. 4 and pg. 8)."""
    fronts = state.fronts
    where = where_lands({f: fs.value for f, fs in fronts.items()}, {f: fs.status for f, fs in fronts.items()}, letter)
    return Landing(where, chosen_by_initiative=len(where) > 1)


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

