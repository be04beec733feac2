"""What ending a turn gives up (lf.engine.forgo): the one reason a page asks "End your turn?".

Rulebook pg. 7: "A player may spend any number of Hero points any time during their turn" (turn a Bonus on for 2,
draw a card for 1). Pg. 5: every player chooses the turn's card in secret before the turns begin, so a faction
with an empty hand plays no card next turn unless it buys one now; pg. 10: at the End of the Year everyone
draws anew. After the war's last turn Hero points buy nothing.
"""

from __future__ import annotations

from engine_helpers import do, game, to_turn

from lf.engine import GameState, decision

A = "anarchists"


def _after(hero: int) -> GameState:
    """The Anarchists' turn, their card played, Hero points to spend: the end of the turn is offered."""
    state = next(s for s in (to_turn(game(seed), A) for seed in range(1, 40)) if s.result is None)
    do(state, A, next(c.action for c in decision(state, A).choices if c.action.kind == "ap_front"))
    while (d := decision(state, A)) is not None and d.kind != "turn":  # the Morale Bonus, a tie: answer them
        do(state, A, d.choices[0].action)
    state.factions[A].hero = hero
    state.bonuses = {"morale": True, "teamwork": True}
    return state


def _forgo(state: GameState) -> tuple[str, ...]:
    d = decision(state, A)
    assert d is not None and any(c.action.kind == "end_turn" for c in d.choices)
    return d.forgo


def test_nothing_to_give_up_means_no_question():
    state = _after(hero=5)  # Hero points keep for a later turn: saving them gives nothing up
    assert _forgo(state) == ()
    assert "forgo" not in decision(state, A).to_json()


def test_a_bonus_that_is_off_and_affordable_is_named():
    state = _after(hero=2)
    state.bonuses["morale"] = False
    assert _forgo(state) == ("turning the Morale Bonus on: it is off, and 2 of your Hero points would do it",)
    assert decision(state, A).to_json()["forgo"] == list(_forgo(state))
    state.bonuses["teamwork"] = False
    assert _forgo(state) == ("turning the Morale or the Teamwork Bonus on: both are off, and 2 of your Hero points "
                             "would turn one on",)
    state.factions[A].hero = 1  # it costs 2: nothing the seat could still do
    assert _forgo(state) == ()


def test_an_empty_hand_before_another_turn_of_the_year_is_named():
    state = _after(hero=1)
    state.factions[A].hand = []
    assert _forgo(state) == ("a card for your next turn: your hand is empty and 1 Hero point buys one",)
    state.turn = 4  # the End of the Year deals a new hand (pg. 10)
    assert _forgo(state) == ()


def test_hero_points_in_the_last_turn_of_the_war_are_named():
    state = _after(hero=3)
    state.year, state.turn = 3, 4
    assert _forgo(state) == ("your 3 Hero points: the war ends with this turn, they buy nothing after it",)
    state.factions[A].hero = 0
    assert _forgo(state) == ()
