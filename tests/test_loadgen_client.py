"""The load generator's clients play the table as a player does (lf/tools/loadgen_client.py): they read the
options off the board pieces and tap them, against the real server. Its clients once chose only among the
prompt bar's buttons; since the board became the interface (issue 12) they stalled at the first decision,
and no figure of docs/server.md could be measured again."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lf.tools.loadgen import Samples, Server, create_games, move, seat_table
from lf.tools.loadgen_client import Browser, Page

MOVES = 6


async def _play(url: str, game: tuple[str, int]) -> Samples:
    table = await seat_table(url, *game)
    crowd = await Browser(url).open()
    samples = Samples()
    try:
        table.watchers = [await Page(crowd, f"/game/{game[0]}").open() for _ in range(2)]
        for _ in range(MOVES):
            assert await move(table, samples)
    finally:
        await table.close()
        await crowd.close()
    return samples


def test_the_load_generator_plays_the_table_by_tapping_the_board(tmp_path: Path, monkeypatch) -> None:
    taken: list[tuple[str, bool]] = []  # (key, on a board piece)
    take = Page.take

    async def noted(page: Page, key: str) -> float:
        taken.append((key, page.by_testid(f"act-{key}") is None))
        return await take(page, key)

    monkeypatch.setattr(Page, "take", noted)
    server = Server(tmp_path)
    try:
        game = create_games(f"sqlite:///{server.db}", 1, MOVES, seed=1)[0]
        samples = asyncio.run(_play(server.url, game))
    finally:
        server.stop()
    assert samples.errors == []
    assert samples.moves == MOVES  # every move reached both other players and both spectators
    assert len(samples.players_ms) == 2 * MOVES and len(samples.watchers_ms) == 2 * MOVES
    assert any(on_board for _, on_board in taken), taken  # a card or a Front is taken by a tap on the board
