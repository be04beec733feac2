"""Teaching games (issue 7): free undo across hidden information, redo, and both surviving a restart."""

from __future__ import annotations

import json
import time

import pytest

from lf.session import BadRequest, NotSeated, Registry, coach_marks

from session_helpers import claim_humans, play


def _teaching(registry: Registry, seats: dict[str, str] | None = None):
    game = registry.create_game(seats or {"moderates": "nonplayer"}, name="Lesson", mode="teaching", seed=11)
    return game, claim_humans(game)


def test_teaching_undo_crosses_a_reveal_and_redo_restores_it(registry: Registry) -> None:
    """Shared screen: the table may take back a step even after cards were revealed."""
    game, tokens = _teaching(registry)
    token = next(iter(tokens.values()))
    before = game.state_json()
    play(game, tokens, seed=3, steps=3)          # the choices, then reveals and Non-player steps
    after = game.state_json()
    undone = 0
    while game.state_json() != before:
        res = game.teaching_undo(token, game.version)
        assert res.ok, res.message
        undone += 1
    assert undone >= 1 and game.can_redo
    for _ in range(undone):
        res = game.teaching_redo(token, game.version)
        assert res.ok, res.message
    assert game.state_json() == after and not game.can_redo


def test_teaching_undo_is_kept_through_a_restart(registry: Registry, db_url: str) -> None:
    game, tokens = _teaching(registry)
    token = next(iter(tokens.values()))
    play(game, tokens, seed=5, steps=4)
    assert game.teaching_undo(token, game.version).ok
    position, game_id = game.state_json(), game.id
    registry.close()
    again = Registry.open(db_url)
    try:
        assert again.get(game_id).state_json() == position
    finally:
        again.close()


def test_standard_games_have_no_free_undo(registry: Registry) -> None:
    game = registry.create_game({"moderates": "nonplayer"}, name="Plain", seed=11)
    tokens = claim_humans(game)
    token = next(iter(tokens.values()))
    play(game, tokens, seed=3, steps=3)
    before = game.state_json()
    res = game.teaching_undo(token, game.version)
    assert not res.ok and "teaching" in res.message
    assert game.state_json() == before


def test_a_new_step_clears_redo(registry: Registry) -> None:
    game, tokens = _teaching(registry, {})
    token = next(iter(tokens.values()))
    play(game, tokens, seed=7, steps=2)
    assert game.teaching_undo(token, game.version).ok and game.can_redo
    play(game, tokens, seed=8, steps=1)
    assert not game.can_redo
    assert not game.teaching_redo(token, game.version).ok


def _actions(game) -> list[dict]:
    return json.loads(game.state_json())["actions"]


def test_teaching_undo_takes_back_the_person_s_step_not_the_computer_s(registry: Registry) -> None:
    """A Computer seat at the teaching table (issue 21) plays by a person's rules, but Undo is the table's: it takes
    back the last step of a person at the table with the computer's steps after it, and the computer then thinks
    its reopened decision again and plays (rulebook pg. 5: the secret choice, then the turns)."""
    end = time.monotonic() + 120
    for _deal in range(5):  # a deal on which the first options lose the war at once is dealt again
        game = registry.create_game({"communists": "computer:quick", "moderates": "nonplayer"}, name="Lesson",
                                    mode="teaching")
        token = game.claim("anarchists", "Ana")
        while game.status == "active" and not (
                len(_actions(game)) >= 2 and _actions(game)[-1]["faction"] == "communists"
                and any(a["faction"] == "anarchists" for a in _actions(game))):
            assert time.monotonic() < end, "the computer never moved after the person"
            view = game.view(token)
            if view["decisions"]:
                res = game.act(token, view["version"], view["decisions"][0]["choices"][0]["action"])
                assert res.ok or res.code in ("stale", "over"), res.message  # the computer moved meanwhile
            time.sleep(0.05)
        if game.status == "active":
            break
    assert game.status == "active", "five deals in a row lost the war within the first moves"
    actions = _actions(game)
    last_person = max(i for i, a in enumerate(actions) if a["faction"] == "anarchists")
    res = game.teaching_undo(token, game.version)
    assert res.ok and "the Anarchists' step" in res.message, res.message
    assert _actions(game) == actions[:last_person]
    while not any(a["faction"] == "communists" for a in _actions(game)[last_person:]) \
            and game.view()["factions"]["communists"]["computer"] and \
            any(w["faction"] == "communists" for w in game.view()["waiting"]):
        assert time.monotonic() < end, "the computer did not think its decision again"
        time.sleep(0.05)


def test_the_coach_s_count_is_kept_with_the_game_only_by_the_seat_s_holder(registry: Registry, db_url: str) -> None:
    """The teaching table's count of moves that matched the coach (docs/teaching.md) is the game's: a restart and
    another screen find it; a position counted again keeps one mark; only the faction's seat may mark its moves,
    only in a teaching game, and a malformed position changes nothing."""
    game, tokens = _teaching(registry)
    mine, other = sorted(tokens)[:2]
    coach_marks.mark(game, tokens[mine], mine, "p1", True)
    coach_marks.mark(game, tokens[mine], mine, "p2", True)
    coach_marks.mark(game, tokens[mine], mine, "p2", False)  # the same position again (an undo, then a redo)
    with pytest.raises(NotSeated):
        coach_marks.mark(game, tokens[other], mine, "p3", True)  # another seat's token
    for bad in ("", "x" * 65, 7):
        with pytest.raises(BadRequest):
            coach_marks.mark(game, tokens[mine], mine, bad, True)
    standard = registry.create_game({"moderates": "nonplayer"}, seed=11)
    with pytest.raises(BadRequest):
        coach_marks.mark(standard, claim_humans(standard)[mine], mine, "p1", True)

    again = Registry.open(db_url)  # a restart
    try:
        assert coach_marks.marks(again.get(game.id)) == {mine: {"p1": True, "p2": False}}
    finally:
        again.close()
    registry.delete_game(game.id)  # the marks go with their game
    assert registry.repo.coach_marks(game.id) == {}
