"""Several lf processes on one PostgreSQL database (docs/server.md, "More than one process").

Two registries stand for two processes: each has its own sessions in memory and its own LISTEN connection.
A change made through one reaches the other by NOTIFY (lf.session.bus); a copy that missed it is refused by
the database when it writes (the version check of Repository.append) and read again from the log.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest
from sqlalchemy import text

from lf.session import Registry, SessionEvent
from lf.session.bus import Change, LocalBus, PgBus
from lf.store import open_repository
from session_helpers import claim_humans, next_move


@pytest.fixture
def pg_url(pg_cluster, new_db) -> str:
    if new_db.backend != "postgresql":
        pytest.skip("LISTEN/NOTIFY is PostgreSQL's; with SQLite lf runs one process")
    return new_db()


@pytest.fixture
def processes(pg_url: str, monkeypatch) -> Iterator[Callable[..., Registry]]:
    """A factory of registries over one PostgreSQL database, each with the bus a cluster node has."""
    monkeypatch.setenv("LF_NODE", "test")
    made: list[Registry] = []

    def start(bus: bool = True) -> Registry:
        reg = Registry.open(pg_url) if bus else Registry(open_repository(pg_url), LocalBus())
        made.append(reg)
        return reg

    yield start
    for reg in made:
        reg.close()


def _log_seqs(reg: Registry, game_id: str) -> list[int]:
    with reg.repo.engine.begin() as conn:
        return [r[0] for r in conn.execute(text("SELECT seq FROM actions WHERE game_id = :g ORDER BY seq"),
                                           {"g": game_id})]


def _heard(events: list, done: threading.Event, test: Callable[[object], bool]) -> Callable[[object], None]:
    def hear(event: object) -> None:
        events.append(event)
        if test(event):
            done.set()
    return hear


def test_a_move_made_in_one_process_reaches_the_pages_of_the_other(processes) -> None:
    a, b = processes(), processes()
    assert isinstance(a.bus, PgBus) and isinstance(b.bus, PgBus)
    game_a = a.create_game(seed=41)
    tokens = claim_humans(game_a)
    game_b = b.get(game_a.id)  # B shows the game too (a lobby listed it, or B served it before)
    events: list[SessionEvent] = []
    told = threading.Event()
    game_b.subscribe(_heard(events, told, lambda e: e.kind == "action"))
    faction, action, version = next_move(game_a, tokens, 41)
    assert game_a.act(tokens[faction], version, action).ok
    assert told.wait(10), "process B was not told of the move"
    assert events[-1].elsewhere and events[-1].version == game_a.version
    # B reads the game again from the database before showing it: the same position, without acting
    assert game_b.view()["version"] == game_a.version
    assert game_b.state_json() == game_a.state_json()


def test_a_stale_copy_never_writes_even_when_the_notification_was_missed(processes) -> None:
    a = processes()
    deaf = processes(bus=False)  # hears nothing: as if the notification was lost with a dying process
    game_a = a.create_game(seed=42)
    tokens = claim_humans(game_a)
    stale = deaf.get(game_a.id)
    faction, action, version = next_move(game_a, tokens, 42)
    assert game_a.act(tokens[faction], version, action).ok
    assert stale.version == version  # its memory is behind the database
    late = stale.act(tokens[faction], version, action)
    assert late.code == "stale" and not late.ok  # the database refused the write; nothing was applied twice
    assert stale.version == game_a.version and stale.state_json() == game_a.state_json()
    assert _log_seqs(a, game_a.id) == list(range(1, game_a.version + 1))
    # and the next move, made from the copy that was reloaded, is applied once, in order
    faction, action, version = next_move(stale, tokens, 42)
    assert stale.act(tokens[faction], version, action).ok
    assert _log_seqs(a, game_a.id) == list(range(1, stale.version + 1))


def test_a_game_created_in_one_process_is_announced_to_the_other(processes) -> None:
    a, b = processes(), processes()
    changes: list[Change] = []
    told = threading.Event()
    b.watch_elsewhere(_heard(changes, told, lambda c: c.kind == "created"))
    game = a.create_game(seed=43, name="Made in A")
    assert told.wait(10), "process B's lobby was not told of the new game"
    assert changes[-1].game_id == game.id
    assert game.id in {g.id for g in b.games()}


def test_who_is_at_the_table_crosses_to_the_other_process(processes) -> None:
    """Presence (issue 20): a page of a seat connected in one process counts in the other, until it goes."""
    import time

    from lf.session.presence import AWAY, HERE

    a, b = processes(), processes()
    game = a.create_game(seed=44)
    a.presence.page("page-1", game.id, "anarchists", connected=True)

    def seen(state: str) -> bool:
        for _ in range(100):
            p = b.presence.seats(game.id).get("anarchists")
            if p is not None and p.state == state:
                return True
            time.sleep(0.1)
        return False

    assert seen(HERE), "process B never heard that the Anarchists' page is connected in A"
    a.presence.gone("page-1")
    assert seen(AWAY), "process B never heard that the page went"
