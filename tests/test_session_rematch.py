"""Rematch (lf/session/rematch.py): the same seats, a new seed, made once however many times it is pressed."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from history_helpers import LOST, NAMES, imported

from lf.engine.constants import FACTIONS
from lf.engine.content import CONTENT_VERSION
from lf.engine.rng import GENERATOR
from lf.server import limits
from lf.server.settings import Settings, set_settings
from lf.session import BadRequest, LimitReached, NotSeated, Registry
from lf.session.rematch import host_of_rematch, rematch, rematch_id, rematch_name, rematch_of, seat_in_rematch
from lf.store import StoreError
from lf.store.db import make_engine
from lf.store.migrations import migrate
from lf.store.models import GameRow, utcnow
from session_helpers import claim_humans, play


def test_a_rematch_has_the_same_seats_kinds_names_and_players_and_a_new_seed(registry: Registry) -> None:
    old, tokens = imported(registry, LOST)
    events = []
    old.subscribe(events.append)
    new = rematch(registry, old.id, [tokens["moderates"]])
    assert new.id != old.id and new.status == "active" and new.seed != old.seed
    assert new.name == f"{old.name} · rematch" and rematch_of(registry, new.id) == old.id
    assert [(s.faction, s.kind, s.display_name, s.claimed) for s in new.seats()] == [
        (f, "human", NAMES[f], True) for f in FACTIONS]
    # each player's token holds the same seat in the rematch: nobody claims again
    assert {f: new.seat_of(t) for f, t in tokens.items()} == {f: f for f in FACTIONS}
    assert seat_in_rematch(registry, new.id, {old.id: {"communists": tokens["communists"]}}) == {
        "communists": tokens["communists"]}
    # a browser holding two seats (two players sharing a laptop) holds both in the rematch
    two = {f: tokens[f] for f in ("anarchists", "moderates")}
    assert seat_in_rematch(registry, new.id, {old.id: two}) == two
    assert seat_in_rematch(registry, new.id, {"000000000000": {"communists": tokens["communists"]}}) == {}
    assert [(e.kind, e.note) for e in events] == [("rematch", new.id)]


def test_a_non_player_seat_stays_a_non_player_and_a_free_seat_stays_free(registry: Registry) -> None:
    game = registry.create_game({"communists": "nonplayer"}, name="Quick", seed=9)
    tokens = claim_humans(game)
    play(game, tokens, seed=9)
    game.release_seat("moderates")  # the Moderates' player left: the seat is free
    new = rematch(registry, game.id, [tokens["anarchists"]])
    seats = {s.faction: s for s in new.seats()}
    assert seats["communists"].kind == "nonplayer" and seats["communists"].display_name == "Non-player"
    assert seats["anarchists"].claimed and new.seat_of(tokens["anarchists"]) == "anarchists"
    assert seats["moderates"].kind == "human" and not seats["moderates"].claimed
    assert new.seat_of(tokens["moderates"]) is None


def test_a_hosted_private_game_keeps_its_host_privacy_and_players_and_a_handed_over_seat_is_a_person_again(
        registry: Registry) -> None:
    """The host handed an absent player's faction to a Non-player, and the game was played to its end: the
    rematch is the table as it sat down (the faction a person's again, its player's token holding it), hosted by
    the same browser, private, with a new invitation for each seat."""
    hosted = registry.host_game({}, name="Friday", seed=5, private=True, hints=False)
    game = hosted.session
    assert game.hints is False
    tokens = {f: game.claim(f, NAMES[f], hosted.invites[f]) for f in FACTIONS}
    game.set_seat_kind("communists", "nonplayer", "the host hands the Communists to a Non-player")
    play(game, {f: t for f, t in tokens.items() if f != "communists"}, seed=5)
    assert game.status == "finished" and game.result["war"] != "ended"
    new = rematch(registry, game.id, [tokens["anarchists"]])
    assert new.is_host(hosted.host_token) and not new.public and new.turn_seconds is None
    assert new.hints is False  # the host's "hints allowed" too
    invites = new.seat_invites()
    assert set(invites) == set(FACTIONS) and len(set(invites.values())) == 3
    assert not set(invites.values()) & set(hosted.invites.values())
    seats = {s.faction: s for s in new.seats()}
    assert seats["communists"].kind == "human" and seats["communists"].display_name == NAMES["communists"]
    assert {f: new.seat_of(t) for f, t in tokens.items()} == {f: f for f in FACTIONS}
    assert host_of_rematch(registry, new.id, {game.id: hosted.host_token}) == hosted.host_token
    assert host_of_rematch(registry, new.id, {game.id: "not the host"}) is None


def test_only_a_player_or_the_host_starts_a_rematch(registry: Registry) -> None:
    """Issue 18: a browser with only the game's id pressed Rematch on a finished private game, and every page of
    it, the host's included, moved into the new game."""
    hosted = registry.host_game({"communists": "nonplayer", "moderates": "nonplayer"}, name="Solo", seed=4)
    game = hosted.session
    token = game.claim("anarchists", "Ana", hosted.invites["anarchists"])
    play(game, {"anarchists": token}, seed=4)
    assert game.status == "finished" and game.result["war"] != "ended"
    events = []
    game.subscribe(events.append)
    other = registry.create_game({}, name="Elsewhere")
    stranger = other.claim("anarchists", "X")  # a seat, but in another game
    for held, host_token in (([], None), ([stranger], "not the host token"), (["", None], "")):
        with pytest.raises(NotSeated, match="Only a player of this game or its host"):
            rematch(registry, game.id, held, host_token)
    assert rematch_id(registry, game.id) is None and events == []
    assert rematch(registry, game.id, [], hosted.host_token).id == rematch_id(registry, game.id)  # the host may
    assert rematch(registry, game.id, [token]).id == rematch_id(registry, game.id)               # and the player


def test_a_game_its_host_ended_has_no_rematch(registry: Registry) -> None:
    hosted = registry.host_game({}, name="Stopped", seed=5)
    game = hosted.session
    token = game.claim("anarchists", "Ana", hosted.invites["anarchists"])
    game.end("The host ended the game without a result")
    for held, host_token in (([token], None), ([], hosted.host_token)):
        with pytest.raises(BadRequest, match="ended this game"):
            rematch(registry, game.id, held, host_token)
    assert rematch_id(registry, game.id) is None


def test_pressing_rematch_again_or_on_two_devices_at_once_gives_one_game(registry: Registry) -> None:
    old, tokens = imported(registry, LOST)
    before = len(registry.games())
    results: list[str] = []
    errors: list[BaseException] = []

    def press() -> None:
        try:
            results.append(rematch(registry, old.id, list(tokens.values())).id)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=press) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(set(results)) == 1
    assert rematch(registry, old.id, [tokens["anarchists"]]).id == results[0] == rematch_id(registry, old.id)
    assert len(registry.games()) == before + 1


def test_the_database_allows_one_rematch_per_game_even_from_another_server(registry: Registry) -> None:
    """Two servers on one database: the second server's insert is refused by the unique index."""
    old, tokens = imported(registry, LOST)
    first = rematch(registry, old.id, [tokens["anarchists"]])
    row = registry.repo.get_game(first.id)
    twin = GameRow(**{**row.model_dump(), "id": "0123456789ab"})
    with pytest.raises(StoreError):
        registry.repo.create_game(twin, [])
    assert rematch_id(registry, old.id) == first.id


def test_a_running_game_has_no_rematch(registry: Registry) -> None:
    game = registry.create_game({}, name="Running", seed=3)
    with pytest.raises(BadRequest):
        rematch(registry, game.id)
    assert rematch_id(registry, game.id) is None


def test_rematch_names_count_up() -> None:
    assert rematch_name("Friday") == "Friday · rematch"
    assert rematch_name("Friday · rematch") == "Friday · rematch 2"
    assert rematch_name("Friday · rematch 2") == "Friday · rematch 3"


def test_a_schema_2_database_upgrades_to_the_rematch_link(new_db) -> None:
    engine = make_engine(new_db())
    try:
        assert migrate(engine, target=2) == 2
        assert migrate(engine, target=3) == 3
        from sqlalchemy import inspect

        assert "rematch_of" in {c["name"] for c in inspect(engine).get_columns("games")}
        assert any(i["name"] == "ux_games_rematch_of" and i["unique"] for i in inspect(engine).get_indexes("games"))
    finally:
        engine.dispose()


# -- issue 27: a rematch is a new game like a created one ---------------------------------------------------------

def _made_this_hour(registry: Registry, creator: str) -> int:
    return registry.count_games(creator=creator, since=utcnow() - timedelta(hours=1))


def test_a_rematch_is_a_game_its_presser_started_and_the_server_s_limits_refuse_it(registry: Registry) -> None:
    """Issue 27: a visitor at their hourly games limit, on a server at its live games limit, still got a new game
    from Rematch, stored without a creator (so it was never counted either)."""
    old, tokens = imported(registry, LOST)
    events = []
    old.subscribe(events.append)
    registry.host_game({}, name="Made this hour", creator="visitor-key")
    set_settings(Settings(games_per_hour=1))
    try:
        before = len(registry.games())
        with pytest.raises(LimitReached, match="games in the last hour"):
            rematch(registry, old.id, [tokens["anarchists"]], creator="visitor-key",
                    check=lambda: limits.check_new_game(registry, "visitor-key"))
        assert rematch_id(registry, old.id) is None and len(registry.games()) == before and events == []
        set_settings(Settings(live_games=1))  # the game made this hour is live: the server is full
        with pytest.raises(LimitReached, match="running as many games as it can"):
            rematch(registry, old.id, [tokens["anarchists"]], creator="another-key",
                    check=lambda: limits.check_new_game(registry, "another-key"))
        assert rematch_id(registry, old.id) is None and events == []
        set_settings(None)
        new = rematch(registry, old.id, [tokens["anarchists"]], creator="another-key",
                      check=lambda: limits.check_new_game(registry, "another-key"))
        assert registry.repo.get_game(new.id).creator == "another-key" and _made_this_hour(registry, "another-key") == 1
        set_settings(Settings(games_per_hour=1, live_games=1))  # a later press finds the game: never refused
        again = rematch(registry, old.id, [tokens["moderates"]], creator="another-key",
                        check=lambda: limits.check_new_game(registry, "another-key"))
        assert again.id == new.id and _made_this_hour(registry, "another-key") == 1
    finally:
        set_settings(None)


def test_a_rematch_is_dealt_with_today_s_content_and_generator_and_keeps_the_table_s_other_options(
        registry: Registry) -> None:
    """Issue 27: a rematch of a game dealt with an older card set was dealt with that card set again (its "content"
    option was kept, only "generator" dropped). Every other option is the table's choice and stays (here one lf
    does not know yet, as a newer option would be)."""
    dealt = {"content": "lf-original-2", "generator": 1}
    game = registry.create_game({"communists": "nonplayer", "moderates": "nonplayer"}, name="Old cards", seed=7,
                                options={**dealt, "table_choice": "kept"})
    assert game.content_version == "lf-original-2" != CONTENT_VERSION and GENERATOR != 1
    token = game.claim("anarchists", "Ana")
    play(game, {"anarchists": token}, seed=7)
    assert game.status == "finished" and game.result["war"] != "ended"
    new = rematch(registry, game.id, [token])
    assert (new.options["content"], new.options["generator"]) == (CONTENT_VERSION, GENERATOR)
    assert new.content_version == CONTENT_VERSION and new.options["table_choice"] == "kept"
    assert {k: v for k, v in game.options.items() if k not in dealt}.items() <= new.options.items()
