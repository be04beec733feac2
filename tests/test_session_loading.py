"""A game loading from the database holds up only its own pages: another game opens meanwhile, callers of the
same game share one load, and a game deleted during its load does not come back (lf/session/registry.py ``get``).

The load itself is the real one (the database read and the replay check); the test only makes it wait before it
returns, for a signal, as a slow disk or a long replay would."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from lf.session import Registry, UnknownGame
from lf.session.game_session import GameSession


@pytest.fixture
def slow_load(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[set[str], threading.Event, list[str]]]:
    """(ids whose load waits, the signal that lets them go on, every id loaded in order)."""
    held: set[str] = set()
    go_on = threading.Event()
    loads: list[str] = []
    real = GameSession.load.__func__  # type: ignore[attr-defined]

    def load(cls: type[GameSession], repo, game_id: str, *rest) -> GameSession:
        loads.append(game_id)
        session = real(cls, repo, game_id, *rest)
        if game_id in held:  # read from the database; now slow to finish
            assert go_on.wait(30), "the test never let the load go on"
        return session

    monkeypatch.setattr(GameSession, "load", classmethod(load))
    yield held, go_on, loads
    go_on.set()


def _unloaded(registry: Registry, seats: dict[str, str]) -> str:
    game_id = registry.create_game(seats).id
    assert registry.evict(game_id)
    return game_id


def _in_thread(registry: Registry, game_id: str, out: list) -> threading.Thread:
    def run() -> None:
        try:
            out.append(registry.get(game_id))
        except UnknownGame as error:
            out.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_another_game_opens_while_one_loads_and_callers_of_one_game_share_its_load(registry: Registry,
                                                                                  slow_load) -> None:
    held, go_on, loads = slow_load
    slow = _unloaded(registry, {"communists": "nonplayer"})
    other = _unloaded(registry, {"moderates": "nonplayer"})
    held.add(slow)
    loads.clear()  # creating the games loaded them once
    first: list = []
    second: list = []
    waiting = [_in_thread(registry, slow, first), _in_thread(registry, slow, second)]
    while loads.count(slow) < 1:
        threading.Event().wait(0.01)

    opened: list = []
    _in_thread(registry, other, opened).join(10)  # before: it waited for the registry's lock, held by the slow load
    assert opened and opened[0].id == other and not first and not second

    go_on.set()
    for thread in waiting:
        thread.join(30)
    assert first[0] is second[0] is registry.get(slow)
    assert loads.count(slow) == 1  # the second caller waited for the first load instead of loading again


def test_a_game_deleted_while_it_loads_stays_deleted(registry: Registry, slow_load) -> None:
    held, go_on, loads = slow_load
    game_id = _unloaded(registry, {"anarchists": "nonplayer"})
    held.add(game_id)
    loads.clear()
    out: list = []
    thread = _in_thread(registry, game_id, out)
    while game_id not in loads:
        threading.Event().wait(0.01)

    registry.delete_game(game_id)
    go_on.set()
    thread.join(30)

    assert isinstance(out[0], UnknownGame)
    assert game_id not in registry.loaded
    with pytest.raises(UnknownGame):
        registry.get(game_id)
