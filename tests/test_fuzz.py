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
    state.fronts["madrid"].value = 10
    state.fronts["madrid"].valeu = 3  # a misspelt field: set without complaint (lf/engine/state.py), caught here
    with pytest.raises(fuzz.InvariantError, match="valeu"):
        fuzz.check_invariants(state)


def test_the_tie_check_can_fail() -> None:
    """A Non-player's own tie pending for another faction (Appendix 3 rules 3c, 4b) would be caught."""
    from lf.engine import new_game
    from lf.engine.machine import push, run
    from lf.engine.tracks import fx

    state = new_game(7, {"communists": "nonplayer"})
    state.pending.clear()
    state.stack.clear()
    for fs in state.fronts.values():
        fs.value = -3
    push(state, fx({"op": "strength", "front": "closest_defeat", "n": 1}, "communists", "a card"))
    run(state)
    fuzz.check_ties(state)
    state.pending[0]["faction"] = "moderates"
    with pytest.raises(fuzz.InvariantError, match="communists Non-player's tie"):
        fuzz.check_ties(state)


def test_the_support_check_can_fail() -> None:
    """A Test reward booked as a player's support, or a token nobody placed, would be caught (pg. 7)."""
    from lf.engine import new_game
    from lf.engine.machine import log

    state = new_game(5)
    fuzz.check_supports(state)
    state.fronts["aragon"].tokens.append("anarchists")
    with pytest.raises(fuzz.InvariantError, match="anarchists token on the aragon Front"):
        fuzz.check_supports(state)
    state.fronts["aragon"].tokens.clear()
    log(state, "Moderates add 2 Strength to the Madrid Front (Test reward: a card): now +1.", "front:madrid",
        faction="moderates", kind="front")
    with pytest.raises(fuzz.InvariantError, match="Test reward was booked"):
        fuzz.check_supports(state)


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
