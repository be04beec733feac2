"""No Front can fall before any faction has played a card (CONTENT.md, "Play as people feel it").

The first thing a game does is reveal a Year 1 Fascist card; if that card alone could defeat a Front
from the starting board, a table would lose part of the war before anyone decided anything. This is
checked exhaustively, not sampled: every Year 1 card is put on top of the Fascist deck of a fresh game
and the engine itself resolves it, every tie (the Front closest to Defeat or Victory, a track "of your
choice") being tried each way. The engine is the judge, so a new effect kind, a trigger or a change of
the tie rules is covered without this module knowing about it.

All seats are human so that every tie is asked (a Non-player picks one of the same options).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from lf.engine import GameState, apply, from_json, to_json
from lf.engine.actions import Action
from lf.engine.constants import front_label, plain_list
from lf.engine.decisions import BUILD
from lf.engine.machine import content, run
from lf.engine.setup import setup

#: Any seed: the check puts the card under test on top of the Fascist deck itself.
_SEED = 0
_ALL_HUMAN = {"anarchists": "human", "communists": "human", "moderates": "human"}
#: Branches explored per card at most: a card whose ties multiply beyond this is reported, not skipped.
MAX_BRANCHES = 10_000


@dataclass(frozen=True)
class OpeningFall:
    """A way the first Fascist card of the war defeats a Front: the card and the tie choices that lead there."""

    card: str
    name: str
    fronts: tuple[str, ...]
    choices: tuple[str, ...]

    def words(self) -> str:
        how = f" (choosing {', '.join(self.choices)})" if self.choices else ""
        fronts = plain_list([front_label(f) for f in self.fronts])
        return f"{self.card} {self.name}, revealed first, defeats the {fronts} from the starting board{how}"


def _first_reveal(card_id: str) -> GameState:
    """A fresh game run up to its first question, with ``card_id`` as the first Fascist card revealed."""
    state = setup(_SEED, _ALL_HUMAN)
    state.fascist_deck = [c for c in state.fascist_deck if c != card_id] + [card_id]  # the deck pops from its end
    run(state)
    return state


def _resolving(state: GameState) -> bool:
    """True while the Fascist card is still being resolved (a tie is asked); False once players choose cards."""
    return state.result is None and any(p["kind"] != "choose" for p in state.pending)


def _branches(state: GameState, choices: tuple[str, ...], budget: list[int]) -> Iterator[tuple[GameState, tuple[str, ...]]]:
    """Every end position of the Fascist card, with the choices that led to it (depth first)."""
    if not _resolving(state):
        yield state, choices
        return
    p = next(p for p in state.pending if p["kind"] != "choose")
    for choice in BUILD[p["kind"]](state, p).choices:
        budget[0] -= 1
        if budget[0] < 0:
            raise RuntimeError(f"more than {MAX_BRANCHES} tie choices for the card {state.fascist_card}")
        child = from_json(to_json(state))
        apply(child, p["faction"], Action.parse(choice.action))
        yield from _branches(child, (*choices, choice.label), budget)


def card_falls(card_id: str) -> list[OpeningFall]:
    """Every way ``card_id``, revealed first, defeats a Front (empty when it never can)."""
    card = content().fascist_cards[card_id]
    out = []
    for end, choices in _branches(_first_reveal(card_id), (), [MAX_BRANCHES]):
        fallen = tuple(f for f, fs in end.fronts.items() if fs.status == "defeat")
        if fallen:
            out.append(OpeningFall(card_id, card.name, fallen, choices))
    return out


def opening_falls() -> list[OpeningFall]:
    """Every Year 1 card and tie choice that defeats a Front before any faction has played a card."""
    return [fall for card_id in content().fascist_decks[1] for fall in card_falls(card_id)]
