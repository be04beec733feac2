"""Same seed + same actions -> the same state, byte for byte, as the engine of the commit the fixture names.

The engine's speed work (issue 19) changes how the rules run, never what they do: every kind of whole game a table
or a search plays (tests/engine_games.py) must give the very ``to_json`` (log, actions, board, generator) and the
very words of every decision (prompts, labels, reasons) that engine gave. The games are pinned to a content
version and a generator, so later content or generators leave the fixture valid.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine_games import PINNED, played

FIXTURE = json.loads((Path(__file__).parent / "fixtures" / "engine_games.json").read_text())


@pytest.fixture(scope="module")
def games() -> dict[str, dict]:
    return played()


def test_the_fixture_is_of_the_games_played_here() -> None:
    assert {k: FIXTURE[k] for k in PINNED} == PINNED
    # it covers won and lost wars, and every kind of game
    results = {g["result"] for g in FIXTURE["games"].values()}
    assert results == {"won", "lost"}
    kinds = {label.rsplit("-", 1)[0] for label in FIXTURE["games"]}
    assert kinds == {"nonplayers", "nonplayers-apply", "people", "one-person", "playout", "playout-quiet"}


def test_every_game_is_byte_for_byte_the_fixture_s(games: dict[str, dict]) -> None:
    assert sorted(games) == sorted(FIXTURE["games"])
    differ = [label for label in games if games[label] != FIXTURE["games"][label]]
    assert not differ, f"{len(differ)} games differ from {FIXTURE['made_by']}'s: " + \
        "; ".join(f"{label}: {games[label]} != {FIXTURE['games'][label]}" for label in differ[:3])
