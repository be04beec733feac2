"""Fixtures that add test-only cards to the loaded content and remove them afterwards.

Rule tests need a card with exactly the Attacks, Test or Event a rule is about,
independent of how the shipped content is tuned.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import pytest

from lf.engine.machine import content

_SERIAL = itertools.count()


@pytest.fixture
def card() -> Iterator[Callable[..., str]]:
    """Make test-only player cards with chosen strength, icons and Event."""
    from lf.engine.content_schema import PlayerCard
    from lf.engine.play import card_menu, event_lines

    made: list[str] = []

    def make(faction: str, strength: int = 1, icons=("front",), event=None) -> str:
        cid = f"TEST-P{next(_SERIAL)}"
        content().player_cards[cid] = PlayerCard(
            id=cid, name=f"Test card {cid}", faction=faction, strength=strength, icons=list(icons),
            event=list(event or [{"op": "hero", "who": "self", "n": 1}]), history="A card made up for a test.")
        made.append(cid)
        return cid

    yield make
    for cid in made:
        del content().player_cards[cid]
    event_lines.cache_clear()
    card_menu.cache_clear()


@pytest.fixture
def fascist() -> Iterator[Callable[..., str]]:
    """Make test-only Fascist cards with chosen Attacks, effects and Test."""
    from lf.engine.content_schema import FascistCard
    from lf.engine.turn import fascist_lines

    made: list[str] = []

    def make(attacks=(("M", 1),), front="madrid", threshold=0, effects=(), reward=(), penalty=(),
             name="Test card") -> str:
        cid = f"TEST-F{next(_SERIAL)}"
        content().fascist_cards[cid] = FascistCard(
            id=cid, name=name, year=1, attacks=list(attacks), effects=list(effects),
            test={"front": front, "threshold": threshold, "reward": list(reward), "penalty": list(penalty)},
            history="A card made up for a test.")
        made.append(cid)
        return cid

    yield make
    for cid in made:
        del content().fascist_cards[cid]
    fascist_lines.cache_clear()


@pytest.fixture
def plain_fascist(fascist: Callable[..., str]) -> Callable[..., str]:
    """A Fascist card whose Test is on ``front`` at ``threshold``, with no reward or penalty."""
    return lambda front, threshold=0: fascist(front=front, threshold=threshold)
