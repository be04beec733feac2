"""Teaching games (issue 7): free undo across hidden information, redo, and both surviving a restart."""

from __future__ import annotations

from lf.session import Registry

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
