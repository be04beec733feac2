"""The order in which decisions get a thinking process (lf/session/thinking_queue.py, issue 27): classes first
(a seated person's computer, the coach, a game nobody is at), owners taking turns within a class, and a waiting
decision taking a process from a lower class. The pool here is a list; tests/test_session_thinking_fair.py runs
the same with the real thinking processes."""

from __future__ import annotations

import time

import pytest

from lf.session.thinking_queue import ALONE, COACH, SEATED, Queue, Turn


class Pool:
    """What the queue hands out and stops, in order; ``done(name)`` ends a search the way a process does."""

    def __init__(self, workers: int) -> None:
        self.launched: list[str] = []
        self.stopped: list[str] = []
        self.shares: dict[str, float] = {}
        self.queue = Queue(workers, launch=self.launched.append, stop=self.stopped.append,
                           share=lambda t: self.shares.get(t, 0.0))

    def settle(self) -> None:
        """Let the queue's own thread rank (it launches outside the caller's thread)."""
        self.queue.rank()

    def done(self, name: str) -> bool:
        again = self.queue.finished(name)
        self.settle()
        return again


def add(pool: Pool, name: str, owner: str, urgency: int) -> None:
    pool.queue.add(name, Turn.fixed(owner, urgency))
    pool.settle()


def test_free_processes_go_first_to_a_seated_persons_computer_then_the_coach_then_games_nobody_is_at() -> None:
    pool = Pool(1)
    add(pool, "first", "x", ALONE)  # a free process: even a game nobody is at thinks at once
    add(pool, "alone", "a", ALONE)
    add(pool, "coach", "b", COACH)
    add(pool, "seated", "c", SEATED)
    assert pool.launched == ["first"]
    assert pool.stopped == ["first"]  # the seated person's computer takes its process
    assert pool.done("first") is True  # stopped to make room: it waits again
    assert pool.launched == ["first", "seated"]
    pool.done("seated")
    pool.done(pool.launched[-1])
    assert pool.launched == ["first", "seated", "coach", "alone"]  # owner "a" had no turn yet; "x" had one
    pool.done("alone")
    assert pool.launched[-1] == "first"


def test_owners_take_turns_within_a_class_so_six_games_of_one_creator_count_as_one_owner() -> None:
    """Six games of one address left to play themselves beside one other host's game (issue 27's finding)."""
    pool = Pool(2)
    for i in range(6):
        add(pool, f"flood{i}", "flooder", ALONE)
    add(pool, "host", "host", ALONE)
    assert pool.launched == ["flood0", "flood1"]
    pool.done("flood0")
    assert pool.launched[-1] == "host"  # the host has nothing thinking; the flooder has one
    pool.done("flood1")
    assert pool.launched[-1] == "flood2"  # nobody else waits: the flooder's games go on, one after the other


def test_a_class_is_read_again_while_it_waits_so_a_person_who_opens_the_page_lifts_the_decision() -> None:
    pool = Pool(1)
    here = {"game": False}
    add(pool, "other", "o", ALONE)
    add(pool, "coach", "b", COACH)
    pool.queue.add("game", Turn("g", lambda: SEATED if here["game"] else ALONE))
    pool.settle()
    assert pool.stopped == ["other"]  # for the coach
    here["game"] = True
    pool.done("other")
    assert pool.launched[-1] == "game"


def test_a_search_nearly_done_is_not_stopped_and_one_stop_serves_one_waiting_decision() -> None:
    pool = Pool(2)
    add(pool, "nearly", "a", ALONE)
    add(pool, "early", "b", ALONE)
    pool.shares["nearly"] = 0.9
    add(pool, "s1", "c", SEATED)
    add(pool, "s2", "d", SEATED)
    assert pool.stopped == ["early"]  # the one nearly done goes on; s2 waits for a process to end
    pool.settle()
    assert pool.stopped == ["early"]  # ranking again stops nothing more: "early"'s process is about to be free


def test_a_decision_withdrawn_before_its_turn_is_never_handed_out() -> None:
    pool = Pool(1)
    add(pool, "running", "a", SEATED)
    add(pool, "gone", "b", SEATED)
    assert pool.queue.withdraw("gone") is True
    assert pool.queue.withdraw("running") is False  # handed out already: its search is stopped instead
    pool.done("running")
    assert pool.launched == ["running"]
    assert pool.queue.waiting() == 0


def test_the_queues_own_thread_hands_out_what_an_ended_search_frees() -> None:
    """Without ``rank`` called by anyone: the queue's thread ranks at every change (never in a pool's thread)."""
    pool = Pool(1)
    pool.queue.add("a", Turn.fixed("x", SEATED))
    pool.queue.add("b", Turn.fixed("y", SEATED))
    _until(lambda: pool.launched == ["a"])
    pool.queue.finished("a")
    _until(lambda: pool.launched == ["a", "b"])


def _until(check, seconds: float = 5.0) -> None:
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            pytest.fail("the queue's thread did not hand out the decision")
        time.sleep(0.01)
