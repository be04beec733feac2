"""A game's replay through the session layer (lf/session/replay.py): exact, and never more than a seat saw.

Every step's view must be the engine's view of the position after that many steps (the action log replayed
from the seed), for the seat chosen; while the game runs, only the spectator's view is given.
"""

from __future__ import annotations

import pytest
from history_helpers import LOST, WON, imported, policy_state, steps_of

from lf.engine import replay, view
from lf.engine.constants import FACTIONS
from lf.engine.game import seats_of
from lf.session import BadRequest, NotSeated
from lf.session.replay import GameReplay
from session_helpers import claim_humans, play

#: What a replay's view or a session's view adds to the engine's (a session's version counts its undo rows too).
VOLATILE = ("version", "step", "steps", "game_id", "status", "shuffle_known_by")


def _same(a: dict, b: dict) -> bool:
    return {k: v for k, v in a.items() if k not in VOLATILE} == {k: v for k, v in b.items() if k not in VOLATILE}


def test_every_step_of_a_finished_game_is_the_engines_view_of_that_position(registry) -> None:
    session, _ = imported(registry, LOST)
    state = policy_state(LOST)
    rep = GameReplay(session)
    assert rep.finished and rep.steps == steps_of(LOST) == len(state.actions)
    assert rep.seats() == [None, *FACTIONS]
    for k in range(rep.steps + 1):
        at_k = replay(state.seed, seats_of(state), state.options, state.actions[:k])
        seat = FACTIONS[k % 3] if k % 4 else None
        got = rep.view(k, seat)
        assert got["step"] == k and got["steps"] == rep.steps
        assert _same(got, view(at_k, seat)), f"step {k}, seat {seat}"


def test_a_seat_sees_its_own_hand_at_each_step_and_never_another(registry) -> None:
    session, _ = imported(registry, WON)
    rep = GameReplay(session)
    for k in (0, 25, rep.steps // 2, rep.steps):
        for seat in FACTIONS:
            v = rep.view(k, seat)
            assert all(("hand" in fv) == (f == seat) for f, fv in v["factions"].items()), (k, seat)
        assert all("hand" not in fv for fv in rep.view(k, None)["factions"].values())


def test_while_a_game_runs_its_replay_is_a_spectators_and_follows_it(registry) -> None:
    game = registry.create_game({"moderates": "nonplayer"}, name="Running", seed=5)
    tokens = claim_humans(game)
    play(game, tokens, seed=5, steps=6)
    rep = GameReplay(game)
    assert not rep.finished and rep.seats() == [None]
    with pytest.raises(NotSeated):
        rep.view(rep.steps, "anarchists")
    spectator = rep.view(rep.steps, None)
    assert all("hand" not in fv for fv in spectator["factions"].values())
    before = rep.steps
    play(game, tokens, seed=5, steps=3)
    assert rep.refresh() and rep.steps > before
    assert _same(rep.view(rep.steps, None), game.view())


def test_an_undo_is_no_step_of_the_replay(registry) -> None:
    game = registry.create_game({"moderates": "nonplayer"}, name="Undo", seed=5)
    tokens = claim_humans(game)
    movers: list[str] = []
    while not movers:  # a step its seat may take back (not across a draw or a reveal)
        play(game, tokens, seed=5, steps=1)
        movers = [f for f, t in tokens.items() if game.view(t)["can_undo"]]
    mover = movers[0]
    rep = GameReplay(game)
    steps = rep.steps
    assert game.undo(tokens[mover], game.version).ok
    assert rep.refresh() and rep.steps == steps - 1
    assert _same(rep.view(rep.steps, None), game.view())


def test_a_step_that_does_not_exist_is_refused_plainly(registry) -> None:
    session, _ = imported(registry, LOST)
    rep = GameReplay(session)
    for bad in (-1, rep.steps + 1, "3", None):
        with pytest.raises(BadRequest):
            rep.view(bad, None)  # type: ignore[arg-type]
    with pytest.raises(BadRequest):
        rep.view(0, "fascists")
