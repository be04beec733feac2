"""Bad input and damaged data: each gets a clear answer, and nothing changes."""

from __future__ import annotations

import hashlib
import json

import pytest
from sqlalchemy import text

from lf.engine import to_json
from lf.session import BadRequest, GameBroken, Registry, UnknownGame
from session_helpers import claim_humans, next_move, play, reference_game


def snapshot_of_db(reg: Registry, game_id: str) -> tuple:
    with reg.repo.engine.begin() as conn:
        g = {"g": game_id}
        return (list(conn.execute(text("SELECT seq, faction, kind, action, note FROM actions WHERE game_id = :g "
                                       "ORDER BY seq"), g)),
                list(conn.execute(text("SELECT version, status, result FROM games WHERE id = :g"), g)),
                list(conn.execute(text("SELECT faction, token_hash FROM seats WHERE game_id = :g ORDER BY faction"),
                                  g)))


@pytest.fixture
def started(registry: Registry):
    game = registry.create_game({"communists": "nonplayer"}, seed=41)
    tokens = claim_humans(game)
    play(game, tokens, seed=41, steps=8)
    return registry, game, tokens


def test_requests_that_change_nothing(started) -> None:
    reg, game, tokens = started
    faction, action, version = next_move(game, tokens, seed=41)
    other = next(f for f in tokens if f != faction)
    before_db, before_state = snapshot_of_db(reg, game.id), game.state_json()
    cases = {
        "token": [game.act("forged-token", version, action), game.act(None, version, action),  # type: ignore[arg-type]
                  game.act(tokens[faction] + "x", version, action), game.undo("nope", version)],
        "faction": [game.act(tokens[other], version, action, faction=faction)],
        "malformed": [game.act(tokens[faction], version, {"kind": 5}),
                      game.act(tokens[faction], version, "a:b:c:d"),
                      game.act(tokens[faction], version, {"kind": "choose", "evil": 1}),
                      game.act(tokens[faction], version, None),  # type: ignore[arg-type]
                      game.act(tokens[faction], str(version), action),  # type: ignore[arg-type]
                      game.act(tokens[faction], True, action)],  # type: ignore[arg-type]
        "illegal": [game.act(tokens[faction], version, "ap_front:nowhere"),
                    game.act(tokens[other], version, "ap_front:nowhere"),
                    game.act(tokens[faction], version, {"kind": "event", "arg": "no-such-card"})],
        "stale": [game.act(tokens[faction], version - 3, action), game.act(tokens[faction], version + 5, action)],
    }
    for code, results in cases.items():
        for res in results:
            assert res.code == code and not res.ok, (code, res)
            assert res.message and res.version == version
            if code == "token":
                assert res.view["viewer"] is None   # a spectator's view: no hand for a wrong token
            else:
                assert res.view["viewer"] in tokens
    assert "you cannot act for the" in cases["faction"][0].message
    assert snapshot_of_db(reg, game.id) == before_db and game.state_json() == before_state
    assert game.act(tokens[faction], version, action).ok  # and the right click still works


def test_unknown_games_and_bad_requests(registry: Registry) -> None:
    for game_id in ("nope", "0123456789ab", "", None, "'; DROP TABLE games; --"):
        with pytest.raises(UnknownGame):
            registry.get(game_id)  # type: ignore[arg-type]
    with pytest.raises(UnknownGame):
        registry.export_game("0123456789ab")
    with pytest.raises(BadRequest, match="unknown faction"):
        registry.create_game({"fascists": "human"})
    with pytest.raises(BadRequest, match="'human', 'nonplayer' or 'computer:<level>'"):
        registry.create_game({"anarchists": "robot"})
    with pytest.raises(BadRequest, match="unknown mode"):
        registry.create_game(mode="blitz")
    with pytest.raises(BadRequest, match="seed"):
        registry.create_game(seed=-1)
    with pytest.raises(BadRequest, match="seed"):
        registry.create_game(seed=2**128)
    with pytest.raises(BadRequest):
        registry.create_game(options={"x": object()})
    assert registry.games() == []


def test_garbage_in_a_log_row_marks_only_that_game_broken(started) -> None:
    reg, game, tokens = started
    other = reg.create_game(seed=42)
    other_tokens = claim_humans(other)
    with reg.repo.engine.begin() as conn:
        conn.execute(text("UPDATE actions SET action = '{not json' WHERE game_id = :g AND seq = 3"), {"g": game.id})
    before = snapshot_of_db(reg, game.id)[0]
    reg.evict(game.id)
    broken = reg.get(game.id)                        # no exception: a broken session
    assert broken.status == "broken"
    assert "log row 3" in broken.broken_reason and "not valid JSON" in broken.broken_reason
    res = broken.act(tokens["anarchists"], broken.version, "choose")
    assert res.code == "broken" and "cannot be played" in res.message and res.view is None
    with pytest.raises(GameBroken, match="log row 3"):
        broken.view()
    summary = next(s for s in reg.games() if s.id == game.id)
    assert summary.status == "broken" and "log row 3" in summary.status_message
    assert snapshot_of_db(reg, game.id)[0] == before  # the log itself is left as it is
    play(other, other_tokens, seed=42, steps=5)        # the other games play on
    assert other.status == "active" and other.verify() is None
    export = reg.export_game(game.id)                  # a broken game can still be exported for study
    assert export["state_sha256"] is None and export["log"][2]["action"] == "{not json"


def test_a_repaired_game_is_playable_again(started) -> None:
    reg, game, tokens = started
    with reg.repo.engine.begin() as conn:
        good = conn.execute(text("SELECT action FROM actions WHERE game_id = :g AND seq = 2"), {"g": game.id}).scalar()
        conn.execute(text("UPDATE actions SET action = '[1, 2]' WHERE game_id = :g AND seq = 2"), {"g": game.id})
    reg.evict(game.id)
    assert "must be a JSON object" in reg.get(game.id).broken_reason
    with reg.repo.engine.begin() as conn:
        conn.execute(text("UPDATE actions SET action = :a WHERE game_id = :g AND seq = 2"), {"a": good, "g": game.id})
    reg.evict(game.id)
    fixed = reg.get(game.id)
    assert fixed.status == "active" and fixed.verify() is None
    assert next(s for s in reg.games() if s.id == game.id).status == "active"


@pytest.mark.parametrize("damage", ["illegal step", "gap", "unknown faction", "bad undo", "bad seats"])
def test_a_log_that_no_longer_replays_is_reported_with_its_row(started, damage: str) -> None:
    reg, game, _ = started
    g = {"g": game.id}
    sql = {
        "illegal step": "UPDATE actions SET action = '{\"kind\":\"ap_front\",\"arg\":\"madrid\"}' "
                        "WHERE game_id = :g AND seq = 1",
        "gap": "DELETE FROM actions WHERE game_id = :g AND seq = 4",
        "unknown faction": "UPDATE actions SET faction = 'fascists' WHERE game_id = :g AND seq = 2",
        "bad undo": "UPDATE actions SET kind = 'undo' WHERE game_id = :g AND seq = 1",
        "bad seats": "UPDATE games SET seats = 'garbage' WHERE id = :g",
    }[damage]
    expected = {"illegal step": "log row 1", "gap": "gap", "unknown faction": "log row 2",
                "bad undo": "log row 1", "bad seats": "setting up the game"}[damage]
    with reg.repo.engine.begin() as conn:
        conn.execute(text("DELETE FROM snapshots WHERE game_id = :g"), g)
        conn.execute(text(sql), g)
    reg.evict(game.id)
    broken = reg.get(game.id)
    assert broken.status == "broken" and expected in broken.broken_reason, broken.broken_reason


@pytest.mark.parametrize("damage", ["damaged text", "other game", "other rules", "not a state"])
def test_a_snapshot_that_does_not_match_is_ignored_and_the_log_wins(registry: Registry, damage: str) -> None:
    seats = {"communists": "nonplayer", "moderates": "nonplayer"}
    # a game still going after 40 steps (searched with the engine: the content decides which seeds last)
    seed = next(s for s in range(1, 300) if reference_game(s, seats, s, steps=40).result is None)
    game = registry.create_game(seats, seed=seed)
    tokens = claim_humans(game)
    play(game, tokens, seed=seed, steps=40)
    truth = game.state_json()
    with registry.repo.engine.begin() as conn:
        seq = conn.execute(text("SELECT MAX(seq) FROM snapshots WHERE game_id = :g"), {"g": game.id}).scalar()
        assert seq, "the game should have a snapshot by now"
        state = conn.execute(text("SELECT state FROM snapshots WHERE game_id = :g AND seq = :s"),
                             {"g": game.id, "s": seq}).scalar()
        if damage == "damaged text":
            new, sha = state.replace('"year":', '"year": ', 1), hashlib.sha256(state.encode()).hexdigest()
        elif damage == "other game":
            st = json.loads(state)
            st["actions"] = st["actions"][:-1]
            new = json.dumps(st, separators=(",", ":"))
            sha = hashlib.sha256(new.encode()).hexdigest()
        elif damage == "not a state":
            new = '{"seed": "x"}'
            sha = hashlib.sha256(new.encode()).hexdigest()
        else:
            new, sha = state, hashlib.sha256(state.encode()).hexdigest()
        version = "lf-original-0" if damage == "other rules" else None
        conn.execute(text("UPDATE snapshots SET state = :st, sha256 = :sha, "
                          "content_version = COALESCE(:v, content_version) WHERE game_id = :g AND seq = :s"),
                     {"st": new, "sha": sha, "v": version, "g": game.id, "s": seq})
    before = snapshot_of_db(registry, game.id)
    registry.evict(game.id)
    loaded = registry.get(game.id)
    assert loaded.status == "active" and loaded.state_json() == truth
    assert len(loaded.load_notes) == 1 and f"snapshot at row {seq} ignored" in loaded.load_notes[0]
    assert snapshot_of_db(registry, game.id) == before  # the log, the game and the seats are untouched
    assert loaded.verify() is None and to_json(loaded._state) == truth
