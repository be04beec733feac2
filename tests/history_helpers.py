"""Finished games for the history tests (log, replay, game files, end screen, rematch), made by the engine alone.

The games are the page policy's own (``lf.tools.page_policy.play``), so a test can store one as a game file
(``lf.session.exports.state_document``), cut short of its end, and let a browser play the rest with the same
policy: the pages then reach exactly the position computed here.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from lf.engine import GameState
from lf.engine.constants import FACTIONS
from lf.session import GameSession, Registry
from lf.session.exports import state_document
from lf.tools.page_policy import play

HUMANS = {f: "human" for f in FACTIONS}
NAMES = {"anarchists": "Ana", "communists": "Carme", "moderates": "Manuel"}
#: (game seed, policy seed): the war won; Anarchists 4 Glory, Communists 3, Moderates 2 (and the Final Bid).
WON = (297, 3)
#: The war won, the Moderates and the Anarchists tied on 4 Glory: the Initiative player chose the Moderates.
TIED = (906, 2)
#: The war lost in Year 2 (a second Front fell).
LOST = (1, 5)


@lru_cache(maxsize=16)
def _played(game: tuple[int, int], stop_after: int | None) -> GameState:
    state, _, _ = play(game[0], HUMANS, game[1], stop_after=stop_after)
    return state


def policy_state(game: tuple[int, int], stop_after: int | None = None) -> GameState:
    """A fresh copy of the policy's game (to its end, or after ``stop_after`` human steps)."""
    return _played(game, stop_after).model_copy(deep=True)


def game_file(game: tuple[int, int], name: str = "History table", stop_after: int | None = None) -> dict[str, Any]:
    return state_document(policy_state(game, stop_after), name, NAMES)


def steps_of(game: tuple[int, int]) -> int:
    return len(_played(game, None).actions)


def imported(registry: Registry, game: tuple[int, int], stop_after: int | None = None,
             name: str = "History table") -> tuple[GameSession, dict[str, str]]:
    """The game stored as a new game, every seat claimed under its player's name: (session, tokens)."""
    session = registry.import_game(game_file(game, name, stop_after))
    return session, {f: session.claim(f, NAMES[f]) for f in FACTIONS}
