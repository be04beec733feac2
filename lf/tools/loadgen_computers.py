"""``python -m lf loadgen --run computers``: do the computer's seats slow the other games? (issue 21)

One lf process on PostgreSQL. Ten three-player games are played by socket.io clients (as a ramp step does) twice:
first alone, then while three games whose every seat the computer plays at the Strong level think without a
pause (their open decisions keep the thinking pool busy: one process per core, so three Strong searches on a
2-core machine are two at once and one queued). The figure is the players' click-to-update p95 in both phases,
beside the goal (250 ms), with how many moves the computers made meanwhile: they think in other processes, so
the pages should not notice.

The computers' games are stored as rows (never loaded by this process, which would think for them itself); a
spectator page of each makes the server load it, which starts its thinking.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from lf.engine.constants import FACTIONS

#: Games played by the clients in each phase, and the Strong computers' games thinking in the second.
GAMES = 10
THINKING_GAMES = 3


def computers(workdir: Path, moves: int, think: tuple[float, float], seed: int, out: Callable[[str], None]) -> None:
    from .loadgen import GOAL_MS, serving, spread

    with serving(workdir / "computers", 1) as target:
        out(f"  one lf process on PostgreSQL, {GAMES} three-player games, {moves} moves per game, {think[0]}-{think[1]} "
            f"s apart; then the same while {THINKING_GAMES} games of Strong computers think:")
        for phase in ("alone", "computers"):
            thinking = _store_computer_games(target.database_url) if phase == "computers" else []
            step, made = asyncio.run(_phase(target, thinking, moves, think, seed + (100 if thinking else 0)))
            s = step.samples
            p95 = step.p95
            verdict = "OK" if step.held else "MISSED"
            extra = f"; the computers made {made} moves meanwhile" if thinking else ""
            out(f"    {phase:9s}: click -> update on the 2 other players {spread(s.players_ms)} [goal p95 < "
                f"{GOAL_MS:.0f} ms: {verdict} ({p95:.0f} ms)]; server CPU {step.cpu_ms_per_move:.0f} ms per move"
                f"{extra}" + (f"; {len(s.errors)} errors: {s.errors[0]}" if s.errors else ""))


def _store_computer_games(database_url: str) -> list[str]:
    from lf.session import Registry
    from lf.session.registry import new_game_rows

    registry = Registry.open(database_url)
    try:
        ids = []
        for i in range(THINKING_GAMES):
            row, seats = new_game_rows({f: "computer:strong" for f in FACTIONS}, name=f"Strong computers {i + 1}")
            registry.repo.create_game(row, seats)
            ids.append(row.id)
        return ids
    finally:
        registry.close()


async def _phase(target, thinking: list[str], moves: int, think: tuple[float, float], seed: int):
    from .loadgen import create_games, play_games
    from .loadgen_client import Browser, Page

    games = create_games(target.database_url, GAMES, moves, seed, name="Beside the computer")
    crowd = await Browser(target.url).open()
    try:
        watchers = [await Page(crowd, f"/game/{game_id}").open() for game_id in thinking]
        await asyncio.sleep(2.0 if thinking else 0.0)  # the first searches under way
        before = versions(target.database_url, thinking)
        step = await play_games(target.url, games, moves, think, target.pids)
        made = versions(target.database_url, thinking) - before
        await asyncio.gather(*(w.close() for w in watchers), return_exceptions=True)
    finally:
        await crowd.close()
    return step, made


def versions(database_url: str, ids: list[str]) -> int:
    if not ids:
        return 0
    from lf.store import open_repository

    repo = open_repository(database_url)
    try:
        return sum(repo.get_game(i).version for i in ids)
    finally:
        repo.engine.dispose()
