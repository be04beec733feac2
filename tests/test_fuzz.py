"""The random-game fuzzer in the normal suite: 300 seeded games, every check after every step.

DESIGN.md, Testing: no exception, no dead end, the invariants (Front and track
ranges, 18 cards per faction, Hero point supply, tokens), JSON round-trip that
resumes identically, replay from seed + actions equals the state, and no view
leaks another faction's hand. Seatings rotate through 0, 1, 2 and 3 Non-players.
"""

from __future__ import annotations

import pytest

from lf.engine import view
from lf.tools import fuzz
from lf.tools.players import play_game

GAMES = 300
CHUNK = 25


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_keep_every_invariant(first: int) -> None:
    report = fuzz.run(CHUNK, seed=10_000 + first, deep=True)
    assert report.games == CHUNK
    assert report.steps > CHUNK * 20  # whole games were played, not stubs


def test_the_invariant_check_can_fail() -> None:
    """A broken state is caught: the checks are real."""
    state = play_game(3)
    state.hero_supply += 1
    with pytest.raises(fuzz.InvariantError, match="Hero points"):
        fuzz.check_invariants(state)
    state.hero_supply -= 1
    card = state.factions["anarchists"].deck.pop()
    with pytest.raises(fuzz.InvariantError, match="anarchists has 17 cards"):
        fuzz.check_invariants(state)
    state.factions["anarchists"].deck.append(card)
    state.fronts["madrid"].value = 11
    with pytest.raises(fuzz.InvariantError, match="madrid"):
        fuzz.check_invariants(state)


def test_the_leak_check_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view that showed the Moderates' hand to the Anarchists would be caught."""
    from lf.engine import new_game

    state = new_game(5)
    secret = state.factions["moderates"].hand[0]

    def leaky(s, viewer=None):
        v = view(s, viewer)
        v["factions"]["moderates"]["hand"] = list(s.factions["moderates"].hand)
        return v

    monkeypatch.setattr(fuzz, "view", leaky)
    with pytest.raises(fuzz.InvariantError, match=secret):
        fuzz.check_views(state)
