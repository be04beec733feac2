"""Pages that ask the same thing at once share one worker-thread call, never an answer older than what they
heard (lf/pages/shared_fetch.py): how 200 spectators of a game get a move without 200 thread hand-offs."""

from __future__ import annotations

import asyncio
import threading

import pytest

from lf.pages.shared_fetch import shared_call, ticket


class HeldCall:
    """A session call that waits until released, counting how often it is made and what state it saw."""

    def __init__(self) -> None:
        self.state = 1
        self.made = 0
        self.release = threading.Event()

    def __call__(self) -> int:
        self.made += 1
        seen = self.state
        self.release.wait(5)
        return seen


async def test_pages_that_heard_the_same_change_share_one_call() -> None:
    call = HeldCall()
    heard = ticket()  # every page heard of the change before the first one asked
    waiting = [asyncio.ensure_future(shared_call(("view", "g", None), heard, call)) for _ in range(50)]
    await asyncio.sleep(0.05)
    call.release.set()
    assert await asyncio.gather(*waiting) == [1] * 50
    assert call.made == 1


async def test_a_page_that_heard_a_later_change_never_gets_the_older_answer() -> None:
    call = HeldCall()
    first = asyncio.ensure_future(shared_call(("view", "g", None), ticket(), call))
    await asyncio.sleep(0.05)  # the first call is under way, with the old state
    call.state = 2
    later = asyncio.ensure_future(shared_call(("view", "g", None), ticket(), call))  # heard of state 2
    await asyncio.sleep(0.05)
    call.release.set()
    assert await first == 1
    assert await later == 2
    assert call.made == 2


async def test_different_seats_do_not_share() -> None:
    call = HeldCall()
    call.release.set()
    heard = ticket()
    await asyncio.gather(shared_call(("view", "g", "seat-a"), heard, call),
                         shared_call(("view", "g", "seat-b"), heard, call))
    assert call.made == 2


async def test_a_failure_reaches_every_page_that_waited_and_the_next_ask_tries_again() -> None:
    made = []

    def failing() -> int:
        made.append(1)
        raise LookupError("no such game")

    heard = ticket()
    results = await asyncio.gather(*(shared_call(("view", "gone", None), heard, failing) for _ in range(3)),
                                   return_exceptions=True)
    assert [type(r) for r in results] == [LookupError] * 3 and len(made) == 1
    with pytest.raises(LookupError):
        await shared_call(("view", "gone", None), ticket(), failing)
    assert len(made) == 2


async def test_a_page_that_goes_away_does_not_cancel_the_answer_of_the_others() -> None:
    call = HeldCall()
    heard = ticket()
    leaving = asyncio.ensure_future(shared_call(("view", "g", None), heard, call))
    staying = asyncio.ensure_future(shared_call(("view", "g", None), heard, call))
    await asyncio.sleep(0.05)
    leaving.cancel()
    call.release.set()
    assert await staying == 1
    assert leaving.cancelled()
