"""The live session: creating games, seats and tokens, views, Non-players, undo, subscribers, restarts."""

from __future__ import annotations

import asyncio
import json

import pytest
from sqlalchemy import text

from lf.engine import replay, to_json
from lf.engine.game import seats_of
from lf.session import NotSeated, Registry, SeatUnavailable, SessionEvent
from lf.tools.players import SEATINGS, play_game
from session_helpers import claim_humans, next_move, play, reference_game

ONE_NP = {"communists": "nonplayer"}


def rows(reg: Registry, game_id: str) -> list[tuple]:
    with reg.repo.engine.begin() as conn:
        return list(conn.execute(text("SELECT seq, faction, kind, action, note FROM actions WHERE game_id = :g "
                                      "ORDER BY seq"), {"g": game_id}))


def test_a_game_is_played_to_the_end_and_equals_the_engine_alone(registry: Registry) -> None:
    game = registry.create_game(ONE_NP, name="Friday", mode="teaching", seed=21)
    assert (game.name, game.mode, game.seed, game.status) == ("Friday", "teaching", 21, "active")
    tokens = claim_humans(game)
    play(game, tokens, seed=21)
    assert game.status == "finished" and game.result is not None
    expected = reference_game(21, {"anarchists": "human", "communists": "nonplayer", "moderates": "human"}, 21,
                              options={"free_undo": True})  # a teaching game (issue 7)
    assert game.state_json() == to_json(expected)
    assert game.verify() is None
    log = rows(registry, game.id)
    assert [r[0] for r in log] == list(range(1, game.version + 1))
    summary = next(s for s in registry.games() if s.id == game.id)
    assert (summary.status, summary.version, summary.name) == ("finished", game.version, "Friday")


def test_nonplayer_seats_move_by_themselves_and_each_move_is_a_log_row(registry: Registry) -> None:
    game = registry.create_game(SEATINGS["all_np"], seed=2)
    # all three seats are Non-players: the whole game is played while it is created
    assert game.status == "finished"
    assert game.state_json() == to_json(play_game(2, SEATINGS["all_np"]))
    log = rows(registry, game.id)
    assert len(log) == game.version > 100
    assert all(note and note.startswith("Non-player rule") for *_, note in log)


def test_nonplayers_never_hold_up_a_human(registry: Registry) -> None:
    game = registry.create_game(SEATINGS["two_np"], seed=4)
    tokens = claim_humans(game)
    assert list(tokens) == ["communists"]
    for _ in range(15):
        if game.status != "active":
            break
        waiting = {w["faction"] for w in game.view()["waiting"]}
        assert waiting <= {"communists"}, waiting
        play(game, tokens, seed=4, steps=1)


def test_seats_tokens_leave_and_rejoin(registry: Registry) -> None:
    game = registry.create_game(ONE_NP, seed=5)
    token = game.claim("anarchists", "  Ana \n Pérez  ")
    assert game.rejoin(token).display_name == "Ana Pérez"
    with pytest.raises(SeatUnavailable, match="already taken by Ana Pérez"):
        game.claim("anarchists", "Eve")
    with pytest.raises(SeatUnavailable, match="Non-player"):
        game.claim("communists", "Eve")
    with pytest.raises(SeatUnavailable, match="no faction"):
        game.claim("fascists", "Eve")
    # the database keeps only the hash of the token
    with registry.repo.engine.begin() as conn:
        stored = conn.execute(text("SELECT token_hash FROM seats WHERE game_id = :g AND faction = 'anarchists'"),
                              {"g": game.id}).scalar()
        everything = json.dumps([list(r) for r in conn.execute(text("SELECT * FROM seats"))], default=str)
    assert stored and token not in everything
    # rejoin after a restart: the token still holds the seat
    registry.evict(game.id)
    again = registry.get(game.id)
    assert again.rejoin(token).faction == "anarchists"
    # leave: the token stops working and the seat is free again
    assert again.leave(token) == "anarchists"
    with pytest.raises(NotSeated):
        again.rejoin(token)
    assert again.act(token, again.version, "choose").code == "token"
    token2 = again.claim("anarchists", "Bea")
    assert again.rejoin(token2).display_name == "Bea" and again.seat_of(token) is None
    # a host can free a seat whose player lost their browser
    assert again.release_seat("anarchists") == "anarchists"
    assert again.seat_of(token2) is None
    with pytest.raises(SeatUnavailable):
        again.release_seat("anarchists")


def test_views_never_show_a_hand_to_someone_who_does_not_hold_the_seat(registry: Registry) -> None:
    game = registry.create_game(seed=6)
    tokens = claim_humans(game)
    watching = game.view()
    assert watching["viewer"] is None and watching["version"] == game.version and watching["decisions"] == []
    assert all("hand" not in f for f in watching["factions"].values())
    mine = game.view(tokens["moderates"])
    assert mine["factions"]["moderates"]["hand"] and "hand" not in mine["factions"]["anarchists"]
    with pytest.raises(NotSeated):
        game.view("not-a-token")
    res = game.act("not-a-token", game.version, "choose")
    assert res.code == "token" and res.view is not None and res.view["viewer"] is None


def test_simultaneous_choices_do_not_go_stale_but_a_repeated_click_does(registry: Registry) -> None:
    game = registry.create_game(seed=7)
    tokens = claim_humans(game)
    for _ in range(200):  # to the secret choice of the cards, where all three decide at once
        if [w["kind"] for w in game.view()["waiting"]] == ["choose"] * 3:
            break
        play(game, tokens, seed=7, steps=1)
    seen = game.view(tokens["anarchists"])
    other = game.view(tokens["moderates"])
    assert {w["kind"] for w in seen["waiting"]} == {"choose"}
    first = game.act(tokens["anarchists"], seen["version"], seen["decisions"][0]["choices"][0]["action"])
    assert first.ok and first.version == seen["version"] + 1
    # the Moderates' page was drawn before the Anarchists chose: their choice is still the same decision
    second = game.act(tokens["moderates"], other["version"], other["decisions"][0]["choices"][0]["action"])
    assert second.ok, second.message
    # the Anarchists' click arrives a second time (a double click, a retried request): never applied twice
    version = game.version
    again = game.act(tokens["anarchists"], seen["version"], seen["decisions"][0]["choices"][0]["action"])
    assert again.code == "stale" and not again.ok and game.version == version
    assert "Nothing was applied" in again.message and again.view["viewer"] == "anarchists"


def test_undo_is_an_explicit_log_row_and_survives_a_restart(registry: Registry) -> None:
    game = registry.create_game(seed=8)
    tokens = claim_humans(game)
    faction, action, version = next_move(game, tokens, seed=8)
    before = game.state_json()
    res = game.act(tokens[faction], version, action)
    assert res.ok and res.view["can_undo"]
    other = next(f for f in tokens if f != faction)
    assert game.undo(tokens[other], res.version).code == "illegal"      # only your own last step
    assert game.undo(tokens[faction], res.version - 1).code == "stale"  # from an old page: refused
    undone = game.undo(tokens[faction], res.version)
    assert undone.ok and undone.version == version + 2 and "taken back" in undone.message
    assert game.state_json() == before
    kinds = [(r[2], r[1]) for r in rows(registry, game.id)][-2:]
    assert kinds == [("action", faction), ("undo", faction)]
    registry.evict(game.id)
    assert registry.get(game.id).state_json() == before
    assert registry.get(game.id).verify() is None


def test_subscribers_are_told_in_order_and_a_failing_one_is_dropped(registry: Registry) -> None:
    game = registry.create_game(ONE_NP, seed=1)
    tokens = claim_humans(game)
    seen: list[SessionEvent] = []
    calls = []

    def broken(event: SessionEvent) -> None:
        calls.append(event.version)
        raise RuntimeError("a page that crashed")

    game.subscribe(seen.append)
    game.subscribe(broken)
    assert game.subscriber_count == 2
    start = game.version
    play(game, tokens, seed=1, steps=6)
    assert len(calls) == 3 and game.subscriber_count == 1          # dropped after 3 failures in a row
    versions = [e.version for e in seen]
    assert versions == list(range(start + 1, game.version + 1))    # every step, in order, nothing skipped
    assert {e.kind for e in seen} == {"action"} and all(e.game_id == game.id for e in seen)
    assert any(e.faction == "communists" and e.note for e in seen)  # Non-player steps are announced too
    sub = game.subscribe(seen.append)
    sub.close()
    sub.close()
    assert game.subscriber_count == 1


def test_a_subscriber_can_be_delivered_on_its_event_loop(registry: Registry) -> None:
    game = registry.create_game(seed=10)
    tokens = claim_humans(game)
    got: list[int] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        done = asyncio.Event()

        async def on_change(event: SessionEvent) -> None:
            got.append(event.version)
            done.set()

        game.subscribe(on_change, loop=loop)
        await asyncio.to_thread(play, game, tokens, 10, 1)
        await asyncio.wait_for(done.wait(), 5)

    asyncio.run(main())
    assert got == [game.version]


def test_a_restart_loads_every_game_as_it_was(db_url: str) -> None:
    reg = Registry.open(db_url)
    games = [reg.create_game(ONE_NP, seed=s) for s in (11, 12, 13)]
    tokens = [claim_humans(g) for g in games]
    for g, t in zip(games, tokens):
        play(g, t, seed=g.seed, steps=20 + g.seed)
    states = {g.id: g.state_json() for g in games}
    reg.close()
    reg = Registry.open(db_url)  # a new process would do exactly this
    try:
        for gid, state in states.items():
            g = reg.get(gid)
            assert g.state_json() == state and g.verify() is None
            st = json.loads(state)
            rebuilt = replay(st["seed"], seats_of(reg.get(gid)._state), st["options"], st["actions"])
            assert to_json(rebuilt) == state
        # seats survive too
        assert reg.get(games[0].id).rejoin(tokens[0]["anarchists"]).faction == "anarchists"
    finally:
        reg.close()


def test_snapshots_keep_loading_short(registry: Registry) -> None:
    game = registry.create_game(SEATINGS["all_np"], seed=2)
    with registry.repo.engine.begin() as conn:
        seqs = [r[0] for r in conn.execute(text("SELECT seq FROM snapshots WHERE game_id = :g ORDER BY seq"),
                                           {"g": game.id})]
    assert seqs[-1] == game.version and len(seqs) <= 3        # the final position, and the newest others
    registry.evict(game.id)
    loaded = registry.get(game.id)
    assert loaded.state_json() == game.state_json() and loaded.load_notes == []
