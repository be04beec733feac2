"""When the database or the engine fails mid-step: nothing is half-applied, and the game recovers."""

from __future__ import annotations

import pytest
from sqlalchemy.exc import OperationalError

from lf.session import Registry, StoreUnavailable, game_session
from session_helpers import claim_humans, next_move, play


def db_down(*args, **kwargs):
    raise OperationalError("INSERT ...", {}, Exception("database is locked"))


@pytest.fixture
def game(registry: Registry):
    g = registry.create_game({"communists": "nonplayer"}, seed=61)
    tokens = claim_humans(g)
    play(g, tokens, seed=61, steps=5)
    return g, tokens


def test_a_failed_write_applies_nothing_and_the_next_try_works(game, monkeypatch: pytest.MonkeyPatch) -> None:
    g, tokens = game
    before, version = g.state_json(), g.version
    faction, action, seen = next_move(g, tokens, seed=61)
    monkeypatch.setattr(g.repo, "append", db_down)
    res = g.act(tokens[faction], seen, action)
    assert res.code == "error" and "could not be saved" in res.message and res.version == version
    monkeypatch.undo()
    assert g.state_json() == before and g.version == version   # rebuilt from the log: the step is not there
    assert g.act(tokens[faction], seen, action).ok
    assert g.verify() is None


def test_a_database_that_cannot_be_reached_is_reported_until_it_is_back(game, monkeypatch: pytest.MonkeyPatch) -> None:
    g, tokens = game
    faction, action, seen = next_move(g, tokens, seed=61)
    spare = next(f for f in tokens if f != faction)
    g.release_seat(spare)
    monkeypatch.setattr(g.repo, "append", db_down)
    monkeypatch.setattr(g.repo, "get_game", db_down)
    assert g.act(tokens[faction], seen, action).code == "error"      # the write fails, and so does the reload
    res = g.act(tokens[faction], seen, action)
    assert res.code == "error" and "cannot be reached" in res.message and res.view is None
    with pytest.raises(StoreUnavailable):
        g.view()
    monkeypatch.setattr(g.repo, "claim_seat", db_down)
    with pytest.raises(StoreUnavailable):
        g.claim(spare)
    monkeypatch.undo()
    assert not next(s for s in g.seats() if s.faction == spare).claimed
    assert g.act(tokens[faction], seen, action).ok                   # back: reloaded, and the click counts
    assert g.verify() is None


def test_an_engine_failure_on_a_step_applies_nothing(game, monkeypatch: pytest.MonkeyPatch) -> None:
    g, tokens = game
    before, version = g.state_json(), g.version
    faction, action, seen = next_move(g, tokens, seed=61)
    real_apply = game_session.apply

    def half_apply(state, f, a, note=None):
        state.tracks["liberty"] += 3  # the engine got halfway, then crashed
        raise KeyError("bug")

    monkeypatch.setattr(game_session, "apply", half_apply)
    res = g.act(tokens[faction], seen, action)
    assert res.code == "error" and "engine failed" in res.message
    assert g.state_json() == before and g.version == version
    monkeypatch.setattr(game_session, "apply", real_apply)
    assert g.act(tokens[faction], seen, action).ok


def test_a_nonplayer_that_cannot_move_breaks_only_its_game(registry: Registry, monkeypatch: pytest.MonkeyPatch) -> None:
    def confused(state, faction):
        raise ValueError("no rule applies")

    monkeypatch.setattr(game_session, "nonplayer_choose", confused)
    g = registry.create_game({"communists": "nonplayer"}, seed=62)
    tokens = claim_humans(g)
    for _ in range(60):
        if g.status != "active":
            break
        play(g, tokens, seed=62, steps=1)
    assert g.status == "broken" and "Communists (Non-player) could not take their step" in g.broken_reason
    assert next(s for s in registry.games() if s.id == g.id).status == "broken"
    monkeypatch.undo()
    registry.evict(g.id)
    assert registry.get(g.id).status in ("active", "finished")        # with the rules fixed, it plays on
    other = registry.create_game(seed=63)
    play(other, claim_humans(other), seed=63, steps=3)


def test_a_game_deleted_under_an_open_page_answers_plainly(game) -> None:
    g, tokens = game
    faction, action, seen = next_move(g, tokens, seed=61)
    registry_repo = g.repo
    assert registry_repo.delete_game(g.id)
    res = g.act(tokens[faction], seen, action)
    assert res.code == "broken" and "deleted" in res.message and res.view is None
    assert g.status == "broken"
