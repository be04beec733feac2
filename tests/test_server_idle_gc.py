"""The full garbage collection waits for a moment when no update is on its way (lf/server/idle_gc.py): a
collection of a server with 200 pages open stopped everything for half a second, in the middle of moves."""

from __future__ import annotations

import asyncio
import gc

import pytest

from lf.server.idle_gc import DUE_AFTER, MAX_WAIT_S, MIN_GAP_S, NEVER, QUIET_S, IdleCollector


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def rig() -> tuple[IdleCollector, Clock, list[float], list[int]]:
    clock, runs, due = Clock(), [], [0]
    collector = IdleCollector(clock=clock, collect=lambda: runs.append(clock.now), due_count=lambda: due[0])
    return collector, clock, runs, due


def test_nothing_runs_before_the_oldest_generation_is_due(rig) -> None:
    collector, clock, runs, due = rig
    due[0] = DUE_AFTER - 1
    clock.now += 100
    assert not collector.tick() and runs == []


def test_a_due_collection_waits_while_players_act_and_runs_once_they_are_quiet(rig) -> None:
    collector, clock, runs, due = rig
    due[0] = DUE_AFTER
    collector.acted()
    clock.now += QUIET_S / 2
    assert not collector.tick()  # a move's update is on its way to the pages
    clock.now += QUIET_S
    assert collector.tick() and runs == [clock.now]


def test_a_server_that_is_never_quiet_still_collects_after_the_longest_wait(rig) -> None:
    collector, clock, runs, due = rig
    due[0] = DUE_AFTER
    start = clock.now
    while not runs:
        collector.acted()  # a player acts every tenth of a second
        collector.tick()
        clock.now += 0.1
    # memory stays bounded: the cycles are freed at the latest then
    assert MAX_WAIT_S - 0.2 <= runs[0] - start <= MAX_WAIT_S + 0.2


def test_two_full_collections_are_spaced_out(rig) -> None:
    collector, clock, runs, due = rig
    due[0] = DUE_AFTER
    assert collector.tick()
    clock.now += MIN_GAP_S / 2
    assert not collector.tick()
    clock.now += MIN_GAP_S
    assert collector.tick() and len(runs) == 2


async def test_running_freezes_what_start_up_made_and_takes_the_oldest_generation_from_cpython() -> None:
    before = gc.get_threshold()
    task = asyncio.ensure_future(IdleCollector().run())
    try:
        await asyncio.sleep(0.05)
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold()[2] == NEVER
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        gc.unfreeze()
    assert gc.get_threshold() == before
