"""Hand-overs and ends (lf/engine/table.py): entries of the action log that replay and undo rebuild exactly.

Appendix 3 from the hand-over on: a Non-player's turn plays its deck's top card (rule 2), it makes no secret
choice and bids its top card (rule 7).
"""

from __future__ import annotations

from lf.engine import apply, decision, new_game, to_json, undo
from lf.engine.game import can_undo, replay
from lf.engine.npc import step_nonplayers
from lf.engine.table import end_game, hand_over, initial_seats

SEATS = {"anarchists": "human", "communists": "human", "moderates": "human"}


def _first(state, faction):
    return decision(state, faction).choices[0].action


def _until_turn(state):
    while not any(p["kind"] == "turn" for p in state.pending):
        p = state.pending[0]
        apply(state, p["faction"], _first(state, p["faction"]))
    return next(p["faction"] for p in state.pending if p["kind"] == "turn")


def test_a_person_handed_to_the_nonplayer_rules_at_their_turn_replays_and_undoes_exactly() -> None:
    state = new_game(21, SEATS)
    f = _until_turn(state)
    hand_over(state, f, "nonplayer", "the host hands them over")
    assert state.factions[f].seat == "nonplayer"
    assert [p["kind"] for p in state.pending if p["faction"] == f] in ([], ["np_turn"], ["pick"])
    assert step_nonplayers(state) >= 1
    assert initial_seats(state) == SEATS
    assert not can_undo(state, f)  # nothing before a hand-over can be taken back
    # Someone else moves; their own last step can be undone, and the undo replays the hand-over too.
    other = state.pending[0]["faction"]
    if state.factions[other].seat == "human":
        before = to_json(state)
        apply(state, other, _first(state, other))
        if can_undo(state, other):
            assert to_json(undo(state, other)) == before
    again = replay(state.seed, initial_seats(state), state.options, state.actions)
    assert to_json(again) == to_json(state)


def test_a_game_ended_by_the_host_has_no_winner_and_replays() -> None:
    state = new_game(4, SEATS)
    end_game(state, "anarchists", "The host ended the game without a result")
    assert state.result["war"] == "ended" and state.result["winner"] is None and not state.pending
    assert to_json(replay(4, SEATS, {}, state.actions)) == to_json(state)
