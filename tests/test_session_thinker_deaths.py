"""A thinking process's death costs only its own thought (issue 27; lf/session/thinking.py, computers.py).

Before: one process of the pool killed (SIGKILL, the kernel's out-of-memory killer) failed every search in the pool
(``BrokenProcessPool``), each game counted a failure, and three deaths during one decision stored the game as
"broken", which a restart did not resume (only running games are loaded at start). Now the pool is replaced, the
other searches are handed to the new pool, the decision whose process died is thought again, at most
``thinking.ATTEMPTS`` times, and then played by the simple rules (the arena's ``person:rules``) with a note in the
log; the game goes on.
"""

from __future__ import annotations

import os
import signal
import time

import pytest
from test_ai_remote import _at_a_choice

from lf.ai import levels
from lf.engine import Action, legal_actions
from lf.session import Registry, thinking
from lf.session.registry import new_game_rows

WAIT_S = 120
ONE_COMPUTER = {"anarchists": "human", "communists": "computer:strong", "moderates": "nonplayer"}


@pytest.fixture(autouse=True)
def searches_of_two_seconds(monkeypatch) -> None:
    """Each Strong search runs its time limit, 2 s (a budget of playouts it cannot spend sooner): long enough to
    kill its process in the middle whatever the machine's load (a real Strong search of these decisions takes
    0.3-0.5 s here)."""
    monkeypatch.setitem(levels.LEVELS, "strong", levels.Budget(iterations=10**6, horizon=2, anchor=0.2))
    monkeypatch.setitem(thinking.SECONDS, "strong", 2.0)


def _searching(thought: thinking.Thought, dead: set[int]) -> int:
    """The pid of the process searching ``thought`` now (not one already killed), once it has begun."""
    end = time.monotonic() + WAIT_S
    while (pid := thought.pool.pids[thought.slot]) in dead or pid == 0:
        assert not thought.future.done(), "the search ended before its process could be killed"
        assert time.monotonic() < end, "no process took the search"
        time.sleep(0.002)
    return pid


def _kill(pid: int, dead: set[int]) -> None:
    os.kill(pid, signal.SIGKILL)
    dead.add(pid)


def test_a_killed_thinking_process_costs_only_its_own_search_the_others_are_handed_to_a_new_pool() -> None:
    state = _at_a_choice(7)
    mine = thinking.start(state, "anarchists", "strong", seed=1)
    other = thinking.start(state, "anarchists", "strong", seed=2)
    assert mine is not None and other is not None
    end = time.monotonic() + WAIT_S
    while not (mine.pool.pids[mine.slot] and other.pool.pids[other.slot]):  # both under way, each in its process
        assert not mine.future.done() and not other.future.done(), "a search ended before both had begun"
        assert time.monotonic() < end, "the pool never searched both at once"
        time.sleep(0.002)
    _kill(mine.pool.pids[mine.slot], set())
    for thought in (mine, other):
        move = thought.move() if thought.future.exception(timeout=WAIT_S) is None else None
        assert move is not None, f"the search failed: {thought.future.exception()!r}"
        assert Action.parse(move.action) in legal_actions(state, "anarchists")
    assert (mine.deaths, mine.rounds) == (1, 1)  # its own process died: thought again
    assert (other.deaths, other.rounds) == (0, 1)  # handed to the new pool, never failed


def _settled(game, faction: str) -> None:
    end = time.monotonic() + WAIT_S
    while game.view()["factions"][faction]["computer"] and any(
            w["faction"] == faction for w in game.view()["waiting"]):
        assert time.monotonic() < end, f"the {faction} (computer) never moved"
        time.sleep(0.02)


def test_a_decision_whose_process_keeps_dying_is_played_by_the_simple_rules_and_the_game_goes_on(
        registry: Registry) -> None:
    game = registry.create_game(ONE_COMPUTER, name="Dies thrice")
    bystander = registry.create_game(ONE_COMPUTER, name="Thinks meanwhile")
    end = time.monotonic() + WAIT_S
    while game._computers.thought is None:  # noqa: SLF001  (the test kills what the server would lose)
        assert time.monotonic() < end, "the computer never started thinking"
        time.sleep(0.005)
    thought = game._computers.thought  # noqa: SLF001
    dead: set[int] = set()
    for _ in range(thinking.ATTEMPTS):
        _kill(_searching(thought, dead), dead)
    for session in (game, bystander):
        _settled(session, "communists")
        assert session.status == "active", session.broken_reason
    rows = [r for r in registry.repo.log(game.id) if r.faction == "communists"]
    assert len(rows) == 1 and rows[0].note.endswith(
        ": the computer could not think (its thinking process kept stopping), so it played by the simple rules")
    lines = [e["text"] for e in game.view()["log"] if e["kind"] == "computer"]
    assert any("played by the simple rules" in text for text in lines)  # the log says it, in the computer's lines
    other_rows = [r for r in registry.repo.log(bystander.id) if r.faction == "communists"]
    assert other_rows and all("simple rules" not in r.note for r in other_rows)  # its own search, whole
    assert game.verify() is None and bystander.verify() is None


def test_a_game_stored_broken_by_its_computer_resumes_after_a_restart(db_url: str) -> None:
    """An lf before issue 27 stored a game "broken" when its thinking process died three times; at start only
    running games were loaded, so it never moved again. Its log is whole: it is loaded and played on."""
    registry = Registry.open(db_url)
    try:
        row, seats = new_game_rows(ONE_COMPUTER, name="Broken by the pool")
        registry.repo.create_game(row, seats)
        registry.repo.set_status(row.id, "broken", "the Communists (computer) could not take their step: "
                                 "RuntimeError: the computer's thinking process stopped")
        other, other_seats = new_game_rows(ONE_COMPUTER, name="Broken otherwise")
        registry.repo.create_game(other, other_seats)
        registry.repo.set_status(other.id, "broken", "replay failed at row 3: the engine refused it")
        assert registry.resume_computers() == 1
        game = registry.get(row.id)
        _settled(game, "communists")
        assert game.status == "active" and registry.repo.get_game(row.id).status == "active"
        assert [r for r in registry.repo.log(row.id) if r.faction == "communists"]
    finally:
        registry.close()
