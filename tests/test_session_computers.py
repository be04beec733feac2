"""The computer's seats through the session layer (lf/session/computers.py), on SQLite and PostgreSQL, with the
real thinking pool: a game where the computer plays two factions goes on by itself between the person's moves,
each of its moves logged with its reason, and a decision left open by a restart is thought again.

The computer plays a person's seat by a person's rules (rulebook pg. 5: each player chooses a card in secret,
then plays it on their turn), so its moves are the ones a person's page could send.
"""

from __future__ import annotations

import json
import time

import pytest
from session_helpers import next_move

from lf.engine.cards import card_name
from lf.session import Registry, SeatUnavailable
from lf.session import rematch
from lf.session.registry import new_game_rows

SEATS = {"anarchists": "human", "communists": "computer:quick", "moderates": "computer:quick"}
WAIT_S = 120


def _settled(game, timeout: float = WAIT_S) -> None:
    """Wait until no computer's decision is open (the person's turn, or the end)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        v = game.view()
        if v["result"] is not None or all(v["factions"][w["faction"]]["computer"] is None for w in v["waiting"]):
            return
        time.sleep(0.05)
    raise AssertionError(f"the computer did not move within {timeout} s: waiting {game.view()['waiting']}")


def _computer_rows(registry: Registry, game_id: str) -> list:
    return [r for r in registry.repo.log(game_id) if r.faction in ("communists", "moderates")]


def test_the_computer_plays_its_seats_between_the_person_s_moves_with_a_reason_for_each(registry: Registry) -> None:
    game = registry.create_game(SEATS, name="Against the computer")
    assert {s.faction: s.kind for s in game.seats()} == {"anarchists": "human", "communists": "computer",
                                                         "moderates": "computer"}
    assert {s.display_name for s in game.seats() if s.kind == "computer"} == {"Computer (Quick)"}
    with pytest.raises(SeatUnavailable, match="computer"):
        game.claim("communists", "Intruder")
    token = game.claim("anarchists", "Ana")
    for step in range(12):
        _settled(game)
        if game.status != "active":
            break
        faction, action, version = next_move(game, {"anarchists": token}, step)
        assert faction == "anarchists"
        assert game.act(token, version, action).ok
    _settled(game)
    rows = _computer_rows(registry, game.id)
    assert len(rows) >= 6 and all(r.note for r in rows)  # every move of the computer carries its reason
    lines = [e for e in game.view(token)["log"] if e["kind"] == "computer"]
    assert len(lines) == len(rows)
    assert any("futures it tried after this move" in e["text"] for e in lines)
    assert game.verify() is None  # the log (with the computer's moves) replays to the state in memory


def test_a_reason_for_a_secret_choice_never_names_the_card(registry: Registry) -> None:
    game = registry.create_game(SEATS)
    _settled(game)
    state = json.loads(game.state_json())
    chosen = [a for a in state["actions"] if a["faction"] != "anarchists" and a["action"]["kind"] == "choose"]
    assert chosen, "the computer chose its cards for the first turn (rulebook pg. 5)"
    public = [e["text"] for e in game.view()["log"] if e["kind"] == "computer"]
    for entry in chosen:
        card = entry["action"]["arg"]
        assert not any(card in text or card_name(card) in text for text in public)
    assert any(text.startswith(("Communists: Chose a card in secret", "Moderates: Chose a card in secret"))
               for text in public)


def test_a_decision_of_the_computer_left_open_by_a_restart_is_thought_again(db_url: str) -> None:
    registry = Registry.open(db_url)
    try:
        # The rows of a new game, stored as a process would have before it died: nobody has thought yet.
        row, seats = new_game_rows(SEATS, name="Stopped before the computer moved")
        registry.repo.create_game(row, seats)
        assert registry.resume_computers() == 1
        game = registry.get(row.id)
        _settled(game)
        assert _computer_rows(registry, row.id), "the computer's open decisions were played after the restart"
        assert game.verify() is None
    finally:
        registry.close()


def test_a_rematch_export_and_import_keep_the_computer_s_seats(registry: Registry) -> None:
    hosted = registry.host_game(SEATS, private=False)
    game = hosted.session
    token = game.claim("anarchists", "Ana")
    step = 0
    while game.status == "active":  # a whole game: only a finished one is played again
        _settled(game)
        if game.status == "active":
            _, action, version = next_move(game, {"anarchists": token}, step)
            assert game.act(token, version, action).ok
            step += 1
    assert game.status == "finished"
    again = rematch.rematch(registry, game.id, host_token=hosted.host_token)
    assert {s.faction: s.kind for s in again.seats()}["moderates"] == "computer"
    assert again.options["computers"] == {"communists": "quick", "moderates": "quick"}
    copy = registry.import_game(registry.export_game(game.id))
    assert {s.faction: s.kind for s in copy.seats()} == {"anarchists": "human", "communists": "computer",
                                                         "moderates": "computer"}


def test_an_unknown_level_is_refused_in_plain_words(registry: Registry) -> None:
    from lf.session import BadRequest

    with pytest.raises(BadRequest, match="computer:<level>"):
        registry.create_game({"anarchists": "computer:genius"})



def test_the_host_hands_an_absent_person_s_seat_to_the_computer_and_back(db_url: str) -> None:
    """The computer plays by a person's rules (not Appendix 3): the decisions stay a person's kinds (rulebook pg. 5),
    it plays them at once, the hand-over is a log row that a restart and an export replay, and the person keeps
    their seat to take it back."""
    from lf.session import host

    registry = Registry.open(db_url)
    try:
        hosted = registry.host_game({"anarchists": "human", "communists": "human", "moderates": "human"})
        game = hosted.session
        tokens = {f: game.claim(f, f"Player {f}", invite=hosted.invites[f]) for f in ("anarchists", "communists",
                                                                                    "moderates")}
        host.to_computer(game, hosted.host_token, "moderates")
        assert {s.faction: s.kind for s in game.seats()}["moderates"] == "computer"
        assert game.view()["factions"]["moderates"]["computer"] == "normal"
        assert any("hands the Moderates to the computer (Normal)" in e["text"] for e in game.view()["log"])
        with pytest.raises(Exception, match="already played by the computer"):
            host.to_nonplayer(game, hosted.host_token, "moderates")
        for step in range(6):  # the two people play; the computer answers for the Moderates
            _settled(game)
            if game.status != "active":
                break
            faction, action, version = next_move(game, tokens, step)
            assert faction != "moderates"
            assert game.act(tokens[faction], version, action).ok
        _settled(game)
        assert "moderates" in {r.faction for r in _computer_rows(registry, game.id)}  # its moves are logged
        assert game.seat_of(tokens["moderates"]) == "moderates"
        again = Registry.open(db_url)  # a restart rebuilds the same position from the log
        try:
            assert again.get(game.id).verify() is None
        finally:
            again.close()
        assert game.take_back(tokens["moderates"], "The Moderates' player is back") == "moderates"
        assert {s.faction: s.kind for s in game.seats()}["moderates"] == "human"
        assert game.view()["factions"]["moderates"]["computer"] is None
        copy = registry.import_game(registry.export_game(game.id))
        assert copy.verify() is None and copy.seat_kinds["moderates"] == "human"
    finally:
        registry.close()


def test_a_thinking_process_killed_mid_search_loses_nothing(registry: Registry) -> None:
    """SIGKILL of the process thinking for a seat: the pool is replaced, the decision thought again and played."""
    import os
    import signal

    from lf.session import thinking

    game = registry.create_game({"anarchists": "human", "communists": "computer:strong", "moderates": "nonplayer"})
    end = time.monotonic() + WAIT_S
    while not game.thinking():
        assert time.monotonic() < end, "the computer never started thinking"
        time.sleep(0.01)
    pool = thinking.thinkers()._pool  # noqa: SLF001  (the test kills what the server would lose)
    assert pool is not None
    for pid in list(pool._processes):  # noqa: SLF001
        os.kill(pid, signal.SIGKILL)
    _settled(game)
    assert game.status != "broken", game.broken_reason
    assert [r for r in _computer_rows(registry, game.id) if r.faction == "communists"], "the computer moved"
    assert game.verify() is None


def test_two_processes_on_one_database_never_both_play_for_the_computer(db_url: str, monkeypatch) -> None:
    """Two registries on one database (two lf processes behind a proxy): both may think for a seat, but the log's
    version check lets one move in; the other reloads, and the log replays as one game."""
    if not db_url.startswith("postgresql"):
        pytest.skip("lf processes share a game through PostgreSQL and its notifications (lf/session/bus.py)")
    monkeypatch.setenv("LF_NODE", "test")  # each registry listens as a cluster node does (tests/test_session_bus.py)
    first, second = Registry.open(db_url), Registry.open(db_url)
    try:
        game = first.create_game({"anarchists": "computer:quick", "communists": "computer:quick",
                                  "moderates": "human"})
        other = second.get(game.id)  # loaded here too: it thinks for the same seats
        token = game.claim("moderates", "Mo")
        for step in range(8):
            _settled(game)
            _settled(other)
            if game.status != "active":
                break
            _, action, version = next_move(game, {"moderates": token}, step)
            game.act(token, version, action)  # may be stale if the other process just moved: then the next round
        end = time.monotonic() + WAIT_S
        while True:  # both processes have read every row (the notifications arrive in their own time)
            for session in (game, other):
                _settled(session)
            if game.view()["version"] == other.view()["version"] == first.repo.get_game(game.id).version:
                break
            assert time.monotonic() < end, "the two processes never agreed on the game's version"
            time.sleep(0.05)
        for session in (game, other):
            assert session.status != "broken" and session.verify() is None  # (a lost war may end it early)
        rows = first.repo.log(game.id)
        assert [r.seq for r in rows] == list(range(1, len(rows) + 1))
        assert any(r.faction != "moderates" and r.note for r in rows)
    finally:
        first.close()
        second.close()
