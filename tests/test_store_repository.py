"""The repository's guarantees, below the session: compare-and-set appends, seat claims, snapshot pruning."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from sqlalchemy import text

from lf.store import VersionConflict, open_repository
from lf.store.models import GameRow, SeatRow, utcnow
from lf.store.repository import KEEP_SNAPSHOTS, NewRow, NewSnapshot, Repository


@pytest.fixture
def repo(db_url: str):
    r = open_repository(db_url)
    now = utcnow()
    r.create_game(GameRow(id="aaaaaaaaaaaa", name="g", mode="standard", seed=1, options="{}", seats="{}",
                          content_version="c", engine_version="e", status="active", version=0,
                          created_at=now, updated_at=now),
                  [SeatRow(game_id="aaaaaaaaaaaa", faction=f, kind=k, display_name=f)
                   for f, k in (("anarchists", "human"), ("communists", "nonplayer"), ("moderates", "human"))])
    yield r
    r.engine.dispose()


def test_append_is_a_compare_and_set_on_the_version(repo: Repository) -> None:
    row = NewRow("anarchists", "action", '{"kind":"choose"}')
    assert repo.append("aaaaaaaaaaaa", 0, row, status="active", result=None) == 1
    with pytest.raises(VersionConflict):
        repo.append("aaaaaaaaaaaa", 0, row, status="active", result=None)  # the same step a second time
    with pytest.raises(VersionConflict):
        repo.append("aaaaaaaaaaaa", 5, row, status="active", result=None)  # a version that never was
    assert [r.seq for r in repo.log("aaaaaaaaaaaa")] == [1]
    assert repo.get_game("aaaaaaaaaaaa").version == 1


def test_concurrent_appends_at_one_version_store_one_row(repo: Repository) -> None:
    barrier = threading.Barrier(8)
    wins: list[int] = []

    def write(i: int) -> None:
        barrier.wait()
        try:
            wins.append(repo.append("aaaaaaaaaaaa", 0, NewRow("anarchists", "action", f'{{"kind":"x{i}"}}'),
                                    status="active", result=None))
        except VersionConflict:
            pass

    threads = [threading.Thread(target=write, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wins == [1] and len(repo.log("aaaaaaaaaaaa")) == 1


def test_the_log_key_forbids_a_duplicate_row_even_behind_the_repositorys_back(repo: Repository) -> None:
    repo.append("aaaaaaaaaaaa", 0, NewRow("anarchists", "action", "{}"), status="active", result=None)
    with pytest.raises(Exception), repo.engine.begin() as conn:
        conn.execute(text("INSERT INTO actions (game_id, seq, faction, kind, action, created_at) "
                          "VALUES ('aaaaaaaaaaaa', 1, 'moderates', 'action', '{}', CURRENT_TIMESTAMP)"))
    assert len(repo.log("aaaaaaaaaaaa")) == 1


def test_only_a_free_human_seat_can_be_claimed(repo: Repository) -> None:
    assert repo.claim_seat("aaaaaaaaaaaa", "anarchists", "h1", "Ana")
    assert not repo.claim_seat("aaaaaaaaaaaa", "anarchists", "h2", "Eve")
    assert not repo.claim_seat("aaaaaaaaaaaa", "communists", "h3", "Eve")
    assert not repo.claim_seat("aaaaaaaaaaaa", "fascists", "h3", "Eve")
    assert not repo.release_seat("aaaaaaaaaaaa", "anarchists", "h2")  # not the holder
    assert repo.release_seat("aaaaaaaaaaaa", "anarchists", "h1")
    assert repo.claim_seat("aaaaaaaaaaaa", "anarchists", "h2", "Eve")


def test_a_game_stalled_on_a_free_seat_is_left_out_of_the_lists_that_ask(repo: Repository) -> None:
    """The lobby's public list leaves out a running game with a human seat nobody holds and no move since a time;
    a seated game, however quiet, and a game moved since then stay (issue 20)."""
    later = utcnow() + timedelta(minutes=1)  # every game here was last moved before then
    assert repo.count_games("active", stalled_before=later) == 0  # the Moderates' seat is free
    assert repo.list_games("active", stalled_before=later) == [] and len(repo.list_games("active")) == 1
    assert repo.count_games("active", stalled_before=utcnow() - timedelta(minutes=30)) == 1  # not stalled long
    repo.claim_seat("aaaaaaaaaaaa", "anarchists", "h1", "Ana")
    repo.claim_seat("aaaaaaaaaaaa", "moderates", "h2", "Mo")
    assert [g.id for g in repo.list_games("active", stalled_before=later)] == ["aaaaaaaaaaaa"]
    repo.release_seat("aaaaaaaaaaaa", "moderates", "h2")  # a freed seat waits like one never taken
    assert repo.count_games("active", stalled_before=later) == 0


def test_snapshots_are_pruned_to_the_newest(repo: Repository) -> None:
    for v in range(10):
        snap = NewSnapshot(state=f"s{v + 1}", content_version="c", engine_version="e", sha256="x")
        repo.append("aaaaaaaaaaaa", v, NewRow("anarchists", "action", "{}"), status="active", result=None,
                    snapshot=snap)
    heads = repo.snapshot_heads("aaaaaaaaaaaa", 10)
    assert [h.seq for h in heads] == list(range(10, 10 - KEEP_SNAPSHOTS, -1))
    assert repo.snapshot_state("aaaaaaaaaaaa", 10) == "s10"
    assert [h.seq for h in repo.snapshot_heads("aaaaaaaaaaaa", 9)] == [9, 8]


def test_delete_game(repo: Repository) -> None:
    repo.append("aaaaaaaaaaaa", 0, NewRow("anarchists", "action", "{}"), status="active", result=None,
                snapshot=NewSnapshot("s", "c", "e", "x"))
    assert repo.delete_game("aaaaaaaaaaaa")
    assert repo.get_game("aaaaaaaaaaaa") is None and repo.log("aaaaaaaaaaaa") == []
    assert not repo.delete_game("aaaaaaaaaaaa")
