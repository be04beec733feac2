"""The thinking pool is shared fairly (issue 27; lf/session/thinking_queue.py) with the real thinking processes.

Before: six games left to play themselves kept every thinking process busy, and an honest person's computer
opponents waited their turn behind them (4-41 s instead of 0.1-1.7 s). Now a seated person's computer takes a
process from a game nobody is at (whose search is stopped and thought again later), and a game's computers rank by
whether a person holding a seat has a page connected.
"""

from __future__ import annotations

import time

import pytest
from test_ai_remote import _at_a_choice

from lf.ai import levels
from lf.engine import Action, legal_actions
from lf.session import Registry, thinking
from lf.session.thinking_queue import ALONE, SEATED, Turn

WAIT_S = 120
SEARCH_S = 3.0
ONE_COMPUTER = {"anarchists": "human", "communists": "computer:quick", "moderates": "nonplayer"}


@pytest.fixture
def strong_searches_run_their_time_limit(monkeypatch) -> None:
    """A Strong search here runs its whole time limit (a budget of playouts it cannot spend sooner), so the games
    nobody is at hold every process for ``SEARCH_S`` whatever the machine's speed."""
    monkeypatch.setitem(levels.LEVELS, "strong", levels.Budget(iterations=10**6, horizon=2, anchor=0.2))
    monkeypatch.setitem(thinking.SECONDS, "strong", SEARCH_S)


def test_a_seated_persons_computer_takes_a_process_from_games_nobody_is_at(
        strong_searches_run_their_time_limit) -> None:
    state = _at_a_choice(11)
    pool = thinking.thinkers()
    alone = [thinking.start(state, "anarchists", "strong", seed=i, turn=Turn.fixed("flooder", ALONE))
             for i in range(pool.workers + 2)]
    assert all(a is not None for a in alone)
    end = time.monotonic() + WAIT_S
    while sum(bool(pool.pids[a.slot]) for a in alone) < pool.workers:  # every process searches for them
        assert time.monotonic() < end, "the games nobody is at never filled the pool"
        time.sleep(0.005)
    seated = thinking.start(state, "anarchists", "quick", seed=99, turn=Turn.fixed("honest", SEATED))
    assert seated is not None
    assert seated.future.exception(timeout=WAIT_S) is None
    assert not any(a.future.done() for a in alone), "the seated person's computer waited for a game nobody is at"
    assert Action.parse(seated.move().action) in legal_actions(state, "anarchists")
    for a in alone:  # each stopped search is thought again and still ends with a move of its own
        assert a.future.exception(timeout=WAIT_S) is None
        assert Action.parse(a.move().action) in legal_actions(state, "anarchists")
    assert pool.queue.waiting() == 0 and pool.queue.thinking() == {}


def test_a_games_computers_rank_by_whether_a_seated_person_has_a_page_connected(registry: Registry) -> None:
    game = registry.create_game(ONE_COMPUTER, name="Who is here")
    turn = game._computers.turn  # noqa: SLF001  (the rank the queue reads)
    assert turn.urgency() == ALONE  # nobody has opened the game yet
    registry.presence.page("spectator", game.id, None, connected=True)
    assert turn.urgency() == ALONE  # a spectator watches; nobody is seated at the table
    registry.presence.page("person", game.id, "anarchists", connected=True)
    assert turn.urgency() == SEATED
    registry.presence.gone("person")
    assert turn.urgency() == ALONE  # the person closed the page: the game waits behind everyone else
    assert turn.owner == game.id  # no creator recorded: the game is its own owner
