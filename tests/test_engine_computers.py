"""Seats lf's computer plays (lf/engine/computers.py): a fact the game keeps, never a rule it reads.

The computer plays a person's seat by a person's rules (rulebook pg. 5, a turn: choose a card in secret, then
play it), not Appendix 3's: the seat stays "human" for the rules; only its log lines and the views say who plays.
"""

from __future__ import annotations

import pytest

from lf.ai import LEVELS as AI_LEVELS
from lf.engine import IllegalAction, apply, decision, new_game, to_json, view
from lf.engine.computers import LEVELS, computer_seats
from lf.engine.game import replay
from lf.engine.step_words import action_words
from lf.engine.table import hand_over, initial_seats

PEOPLE = {"anarchists": "human", "communists": "human", "moderates": "human"}


def _first(state, faction):
    return decision(state, faction).choices[0].action


def test_the_engine_names_the_computer_player_s_levels() -> None:
    assert LEVELS == tuple(AI_LEVELS)


def test_a_computer_seat_from_the_start_plays_a_person_s_rules_and_its_reasons_are_its_own_log_kind() -> None:
    state = new_game(8, PEOPLE, {"computers": {"communists": "quick"}})
    assert computer_seats(state) == {"communists": "quick"}
    assert state.factions["communists"].seat == "human"  # a person's rules: it chooses its card in secret
    v = view(state, None)
    assert v["factions"]["communists"]["computer"] == "quick" and v["factions"]["anarchists"]["computer"] is None
    while not any(p["faction"] == "communists" for p in state.pending):
        p = state.pending[0]
        apply(state, p["faction"], _first(state, p["faction"]))
    apply(state, "communists", _first(state, "communists"), "its reason")
    assert any(e["kind"] == "computer" and e["text"] == "Communists: its reason." for e in state.log)
    assert not any(e["kind"] == "nonplayer" for e in state.log)
    again = replay(state.seed, initial_seats(state), state.options, state.actions)
    assert to_json(again) == to_json(state)


@pytest.mark.parametrize("option", [{"communists": "genius"}, {"fascists": "quick"}, ["communists"]])
def test_a_bad_computers_option_is_refused_with_its_reason(option) -> None:
    with pytest.raises(ValueError, match="computer"):
        new_game(1, PEOPLE, {"computers": option})


def test_a_non_player_seat_cannot_also_be_the_computer_s() -> None:
    with pytest.raises(ValueError, match="Non-player"):
        new_game(1, {**PEOPLE, "moderates": "nonplayer"}, {"computers": {"moderates": "normal"}})


def test_a_person_s_seat_goes_to_the_computer_and_back_and_replays_exactly() -> None:
    state = new_game(13, PEOPLE)
    hand_over(state, "moderates", "computer:strong", "The host hands the Moderates to the computer")
    assert computer_seats(state) == {"moderates": "strong"}
    assert state.factions["moderates"].seat == "human" and state.pending  # no open decision changed
    with pytest.raises(IllegalAction, match="already plays"):
        hand_over(state, "moderates", "computer:quick", "again")
    with pytest.raises(IllegalAction, match="back to a person first"):
        hand_over(state, "moderates", "nonplayer", "to the Non-player rules")
    hand_over(state, "moderates", "human", "The Moderates' player is back")
    assert computer_seats(state) == {}
    assert initial_seats(state) == PEOPLE
    assert to_json(replay(state.seed, PEOPLE, state.options, state.actions)) == to_json(state)
    assert action_words("seat:computer:strong") == "handed to the computer (Strong)"


def test_a_computer_seat_from_the_start_given_to_a_person_began_as_a_person_s_seat() -> None:
    state = new_game(2, PEOPLE, {"computers": {"anarchists": "normal"}})
    hand_over(state, "anarchists", "human", "A person takes the Anarchists")
    assert computer_seats(state) == {} and initial_seats(state) == PEOPLE
    with pytest.raises(IllegalAction, match="Non-player"):
        hand_over(new_game(2, {**PEOPLE, "anarchists": "nonplayer"}), "anarchists", "computer:quick", "no")
