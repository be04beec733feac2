"""Two devices at once: many threads clicking the same decision, whole games from parallel threads,
and two server processes sharing one database."""

from __future__ import annotations

import random
import threading
from collections import Counter

from sqlalchemy import text

from lf.engine import replay, to_json
from lf.engine.game import seats_of
from lf.session import ActResult, Registry
from session_helpers import claim_humans, play

THREADS = 16


def log_seqs(reg: Registry, game_id: str) -> list[int]:
    with reg.repo.engine.begin() as conn:
        return [r[0] for r in conn.execute(text("SELECT seq FROM actions WHERE game_id = :g ORDER BY seq"),
                                           {"g": game_id})]


def test_many_clicks_on_the_same_decision_exactly_one_wins(registry: Registry) -> None:
    game = registry.create_game({"communists": "nonplayer"}, seed=31)
    tokens = claim_humans(game)
    for round_ in range(5):
        play(game, tokens, seed=31, steps=round_)  # a different decision each round
        if game.status != "active":
            break
        faction = game.view()["waiting"][0]["faction"]
        view = game.view(tokens[faction])
        choices = view["decisions"][0]["choices"]
        barrier = threading.Barrier(THREADS)
        results: list[ActResult] = []

        def click(i: int) -> None:
            action = choices[i % len(choices)]["action"]  # several devices, maybe different buttons
            barrier.wait()
            results.append(game.act(tokens[faction], view["version"], action))

        threads = [threading.Thread(target=click, args=(i,)) for i in range(THREADS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        codes = Counter(r.code for r in results)
        assert codes["ok"] == 1 and codes["stale"] == THREADS - 1, codes
        assert all(r.view is not None and r.view["version"] == r.version for r in results)
        assert all(r.version == game.version for r in results if r.code == "stale")
        assert log_seqs(registry, game.id) == list(range(1, game.version + 1))
    assert game.verify() is None


def test_three_players_in_three_threads_play_a_whole_game(registry: Registry) -> None:
    game = registry.create_game(seed=32)
    tokens = claim_humans(game)
    stale = Counter()

    def player(faction: str) -> None:
        rng = random.Random(faction)
        while game.status == "active":
            view = game.view(tokens[faction])
            if not view["decisions"]:
                continue
            choice = rng.choice(view["decisions"][0]["choices"])
            res = game.act(tokens[faction], view["version"], choice["action"])
            if not res.ok:
                assert res.code in ("stale", "over", "illegal"), res.message
                stale[res.code] += 1

    threads = [threading.Thread(target=player, args=(f,)) for f in tokens]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert game.status == "finished"
    assert log_seqs(registry, game.id) == list(range(1, game.version + 1))
    assert game.verify() is None
    state = game._state
    assert to_json(replay(state.seed, seats_of(state), state.options, state.actions)) == game.state_json()


def test_two_servers_on_one_database_never_apply_a_step_twice(db_url: str) -> None:
    a, b = Registry.open(db_url), Registry.open(db_url)
    try:
        game_a = a.create_game(seed=33)
        tokens = claim_humans(game_a)
        game_b = b.get(game_a.id)
        faction = game_a.view()["waiting"][0]["faction"]
        view = game_a.view(tokens[faction])
        action = view["decisions"][0]["choices"][0]["action"]
        assert game_a.act(tokens[faction], view["version"], action).ok
        # server B still has the old position in memory; the database refuses its copy of the step
        late = game_b.act(tokens[faction], view["version"], action)
        assert late.code == "stale" and game_b.version == game_a.version
        assert game_b.state_json() == game_a.state_json()   # B reloaded from the log
        assert log_seqs(a, game_a.id) == list(range(1, game_a.version + 1))
    finally:
        a.close()
        b.close()
