"""The host's powers and private games (issue 13), through the session layer, on SQLite and PostgreSQL.

Handing a faction to the Non-player rules mid-game follows Appendix 3 from the moment of the hand-over: the
Non-player plays its deck's top card on its turn (rule 2) and takes no secret choice.
"""

from __future__ import annotations

import pytest
from session_helpers import claim_humans, next_move

from lf.session import BadRequest, NotHost, Registry, SeatUnavailable, UnknownGame
from lf.session import host

THREE_HUMANS = {"anarchists": "human", "communists": "human", "moderates": "human"}


def _log_texts(view: dict) -> list[str]:
    return [e["text"] for e in view["log"]]


def test_a_private_game_needs_its_invite_code_and_a_public_one_does_not(registry: Registry) -> None:
    hosted = registry.host_game(THREE_HUMANS, name="Private")
    game = hosted.session
    assert set(hosted.invites) == set(THREE_HUMANS) and not game.public
    with pytest.raises(SeatUnavailable, match="private"):
        game.claim("anarchists", "Squatter")
    with pytest.raises(SeatUnavailable, match="private"):
        game.claim("anarchists", "Squatter", invite="guess")
    assert game.claim("anarchists", "Ana", invite=hosted.invites["anarchists"])
    public = registry.host_game(THREE_HUMANS, private=False, turn_seconds=60).session
    assert public.public and public.turn_seconds == 60
    assert public.claim("moderates", "Mo")
    # Listing: public games only, or private ones only.
    assert [g.id for g in registry.games(public=True)] == [public.id]
    assert [g.id for g in registry.games(public=False)] == [game.id]


def test_only_the_host_token_opens_the_host_tools(registry: Registry) -> None:
    hosted = registry.host_game(THREE_HUMANS)
    game = hosted.session
    token = game.claim("anarchists", "Ana", invite=hosted.invites["anarchists"])
    for wrong in (None, "", token, "x" * 32):
        with pytest.raises(NotHost):
            host.release_seat(game, wrong, "anarchists")
        with pytest.raises(NotHost):
            host.end_game(game, wrong)
    assert game.seat_of(token) == "anarchists"
    host.release_seat(game, hosted.host_token, "anarchists")
    assert game.seat_of(token) is None
    assert registry.create_game(THREE_HUMANS).host_hash is None  # a game without a host: nobody has the tools


def test_an_absent_person_is_handed_to_a_nonplayer_at_their_turn_and_back(db_url: str) -> None:
    registry = Registry.open(db_url)
    hosted = registry.host_game({"anarchists": "human", "communists": "nonplayer", "moderates": "human"}, seed=3)
    game = hosted.session
    tokens = claim_humans_with(game, hosted.invites)
    # Play until it is one person's own turn (the secret choices are made by both).
    while not any(w["kind"] == "turn" for w in game.view()["waiting"]):
        faction, action, version = next_move(game, tokens, seed=3)
        assert game.act(tokens[faction], version, action).ok
    absent = next(w["faction"] for w in game.view()["waiting"] if w["kind"] == "turn")
    before = game.version
    host.to_nonplayer(game, hosted.host_token, absent)
    view = game.view()
    # The Non-player acted at once (rule 2: its deck's top card), and the log says it in words.
    assert game.version > before + 1
    assert all(w["faction"] != absent or w["kind"] in ("np_turn", "pick") for w in view["waiting"])
    assert any("hands the" in t and "to a Non-player" in t for t in _log_texts(view))
    assert {s.faction: s.kind for s in game.seats()}[absent] == "nonplayer"
    assert game.seat_of(tokens[absent]) == absent  # the person keeps their seat, to take it back
    # A restart rebuilds exactly this position from the log (the hand-over is a log row).
    again = Registry.open(db_url)
    copy = again.get(game.id)
    assert copy.state_json() == game.state_json()
    assert copy.verify() is None
    assert {s.faction: s.kind for s in copy.seats()}[absent] == "nonplayer"
    # The person takes the seat back; from then on the decisions are theirs again.
    faction = copy.take_back(tokens[absent], "The Anarchists' player is back")
    assert faction == absent and {s.faction: s.kind for s in copy.seats()}[absent] == "human"
    assert "The Anarchists' player is back" in _log_texts(copy.view())
    for _ in range(40):
        if any(w["faction"] == absent for w in copy.view()["waiting"]):
            break
        mover, action, version = next_move(copy, tokens, seed=3)
        assert copy.act(tokens[mover], version, action).ok
    assert copy.view(tokens[absent])["decisions"], "the person is asked again"
    assert copy.verify() is None
    again.close()
    registry.close()


def claim_humans_with(game, invites: dict[str, str]) -> dict[str, str]:
    return {f: game.claim(f, f"Player {f}", invite=invites.get(f)) for f, k in game.seat_kinds.items()
            if k == "human"}


def test_a_hand_over_during_the_secret_choice_lets_the_others_play_on(registry: Registry) -> None:
    game = registry.create_game(THREE_HUMANS, seed=8)
    tokens = claim_humans(game)
    while {w["kind"] for w in game.view()["waiting"]} != {"choose"}:
        faction, action, version = next_move(game, tokens, seed=8)
        assert game.act(tokens[faction], version, action).ok
    game.set_seat_kind("moderates", "nonplayer", "The Moderates' player left: a Non-player plays them")
    assert "moderates" not in {w["faction"] for w in game.view()["waiting"]}
    for f in ("anarchists", "communists"):
        view = game.view(tokens[f])
        assert game.act(tokens[f], view["version"], view["decisions"][0]["choices"][0]["action"]).ok
    assert game.view()["turn"] >= 1 and game.verify() is None
    with pytest.raises(BadRequest, match="already played by the Non-player rules"):
        game.set_seat_kind("moderates", "nonplayer", "twice")


def test_the_host_ends_a_game_without_a_result_and_deletes_another(registry: Registry) -> None:
    hosted = registry.host_game(THREE_HUMANS)
    game = hosted.session
    token = game.claim("anarchists", "Ana", invite=hosted.invites["anarchists"])
    host.end_game(game, hosted.host_token)
    assert game.status == "finished" and game.result["war"] == "ended"
    view = game.view(token)
    assert "The host ended the game without a result." in _log_texts(view)
    res = game.act(token, view["version"], "choose")
    assert res.code == "over"
    assert registry.games(status="finished")[0].id == game.id
    assert game.verify() is None
    other = registry.host_game(THREE_HUMANS)
    with pytest.raises(NotHost):
        host.delete_game(registry, other.session, hosted.host_token)
    host.delete_game(registry, other.session, other.host_token)
    with pytest.raises(UnknownGame):
        registry.get(other.session.id)


def test_an_export_with_a_hand_over_and_an_end_replays_and_imports(registry: Registry) -> None:
    from lf.session.exports import replay_document

    game = registry.create_game(THREE_HUMANS, seed=8)
    claim_humans(game)
    game.set_seat_kind("moderates", "nonplayer", "The Moderates' player left: a Non-player plays them")
    game.end("The host ended the game without a result")
    doc = registry.export_game(game.id)
    assert replay_document(doc).ok
    copy = registry.import_game(doc)
    assert copy.verify() is None and copy.result["war"] == "ended"
    assert {s.faction: s.kind for s in copy.seats()}["moderates"] == "nonplayer"
