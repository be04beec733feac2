"""A page's session call while the server stops: cancelled, never half-read (lf/pages/in_thread.py)."""

from __future__ import annotations

import asyncio
import threading

import pytest
from nicegui import core
from nicegui.app.app import State

from lf.pages.in_thread import in_thread


async def test_a_call_runs_in_a_worker_thread_and_returns_its_result() -> None:
    loop_thread = threading.get_ident()
    assert await in_thread(lambda a, b: (a + b, threading.get_ident() != loop_thread), 2, b=3) == (5, True)


async def test_once_the_server_is_stopping_a_call_is_cancelled_and_never_made(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []
    monkeypatch.setattr(core.app, "_state", State.STOPPING)
    with pytest.raises(asyncio.CancelledError):
        await in_thread(made.append, 1)
    assert made == []
