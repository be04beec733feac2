"""Computer claims (lf/store/claims.py, lf/session/claims.py), on SQLite and PostgreSQL: of two lf processes on
one database only the one that claimed a computer seat's decision thinks it; the other waits, and takes over
once the claim lapses because its owner died. (With two real server processes: tests/e2e/test_e2e_cluster_computers.py.)"""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from sqlalchemy import text

from lf.session import Registry
from lf.session import claims as claims_module
from lf.store.claims import CLAIMED, STALE, ClaimStore, Held
from lf.store.models import utcnow

SEATS = {"anarchists": "computer:strong", "communists": "human", "moderates": "nonplayer"}
WAIT_S = 120


def _wait(predicate, why: str, timeout: float = WAIT_S) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, f"not in time: {why}"
        time.sleep(0.02)


def test_a_claim_is_one_owners_until_it_lapses_and_only_at_the_games_version(registry: Registry) -> None:
    game = registry.create_game({"anarchists": "human", "communists": "human", "moderates": "human"})
    store = ClaimStore(registry.repo.engine)
    now = utcnow()
    soon, later = now + timedelta(seconds=10), now + timedelta(seconds=20)
    v = game.version
    assert store.take(game.id, "anarchists", v, "lf1/1", soon, now) == CLAIMED
    held = store.take(game.id, "anarchists", v, "lf2/2", later, now)
    assert isinstance(held, Held) and held.owner == "lf1/1" and held.until == soon
    assert store.take(game.id, "anarchists", v, "lf1/1", later, now) == CLAIMED  # its own: renewed
    assert store.renew(game.id, "lf1/1", v, later, 0.4)
    assert store.read(game.id).share == pytest.approx(0.4)
    # what the other processes' pages show of that search (lf/pages/thinking_figure.py): its owner shows its own
    assert claims_module.Claims(store, lambda f: None, node="lf2").share_elsewhere(game.id) == \
        {"anarchists": pytest.approx(0.4)}
    assert store.take(game.id, "anarchists", v + 1, "lf2/2", later, now) == STALE  # a copy ahead of the game
    assert store.take(game.id, "anarchists", v - 1, "lf2/2", later, now) == STALE  # a copy behind it
    # its owner died: once the claim has lapsed, another takes it, and the dead owner's renewal is refused
    assert store.take(game.id, "anarchists", v, "lf2/2", later, later + timedelta(seconds=1)) == CLAIMED
    assert not store.renew(game.id, "lf1/1", v, later, 0.9)
    store.release(game.id, "lf1/1", v)  # a late release by the old owner gives nothing of the new one's back
    assert store.read(game.id).owner == "lf2/2"
    store.release(game.id, "lf2/2", v)
    assert store.read(game.id) is None
    assert store.take(game.id, "anarchists", v, "lf1/3", soon, now) == CLAIMED
    # a person's move during a simultaneous choice (rulebook pg. 5: every player chooses a card in secret) moves the
    # game on while the computer's search for its own choice goes on: its claim holds
    with registry.repo.engine.begin() as c:
        c.execute(text("UPDATE games SET version = version + 1 WHERE id = :g"), {"g": game.id})
    assert isinstance(store.take(game.id, "anarchists", v + 1, "lf2/2", later, now), Held)
    assert store.take(game.id, "anarchists", v + 1, "lf1/3", soon, now) == CLAIMED  # its owner's next decision
    assert store.sweep("lf1/", "lf1/4") == 1  # lf1 started again: its earlier run's claims go at once
    assert store.read(game.id) is None


def test_of_two_processes_one_thinks_and_the_other_takes_over_once_the_thinkers_claim_lapses(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two registries on one database, as two lf processes: the game is loaded by both (as each loads the running
    games with a computer seat at start), one claims the computer's decision and thinks, the other waits. The
    thinker then dies (its keeper stops renewing, nothing is given back); after the lease the other thinks and
    plays, and the log holds that move once."""
    monkeypatch.setattr(claims_module, "LEASE_S", 3.0)
    first = Registry.open(db_url)
    second = Registry.open(db_url)
    try:
        assert first.claims.owner != second.claims.owner
        game = first.create_game(SEATS, name="Two processes, one computer")
        _wait(lambda: bool(game.thinking()), "the first process thinks")
        other = second.get(game.id)
        assert other.version == game.version
        assert not other.thinking() and other.computer_waits(), "the second process waits for the claim"
        assert first.claims.store.read(game.id).owner == first.claims.owner
        # the first process dies mid-search: no renewal, no release, its search never comes back
        first.claims._stop.set()  # noqa: SLF001  (what a SIGKILL does to the keeper)
        first.claims._thread.join()  # noqa: SLF001
        before = game.version
        game.let_go()
        _wait(lambda: bool(other.thinking()) or other.version > before, "the second process takes over")
        _wait(lambda: second.repo.get_game(game.id).version > before, "the second process's move")
        rows = second.repo.log(game.id)
        assert [r.seq for r in rows] == list(range(1, len(rows) + 1))
        assert [r.faction for r in rows[before:before + 1]] == ["anarchists"] and rows[before].note
        assert other.verify() is None
    finally:
        second.close()
        first.close()
