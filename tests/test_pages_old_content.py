"""Every game of every content version and generator opens (issue 27: games dealt with an older card set crashed
their page with HTTP 500).

A game is played to its end with the content and the random generator it was dealt with (lf/engine/content,
lf/engine/rng.py); every path that deals or replays a game again (the session, the recap's chronicle behind "While
you waited", the replay, the game file's export and import, teaching) runs under the game's own version. These
tests open a game of each archived content version, of today's, and of each generator through the real pages
(NiceGUI's simulated browsers), mid-game, so the recap deals the game again from its seed.
"""

from __future__ import annotations

import pytest
from nicegui.testing import User
from pages_helpers import join, live, markers, reg, screen_of, see, wait_for  # noqa: F401

from lf.engine import legal_actions
from lf.engine.content import CONTENT_VERSION, archived_versions

ONE_SEAT = {"anarchists": "human", "communists": "nonplayer", "moderates": "nonplayer"}
DEALS = [(v, g) for v in [*archived_versions(), CONTENT_VERSION] for g in (1, 2)]


def _mid_game(reg, options: dict, mode: str = "standard", moves: int = 8):
    """A game of ``options``' content and generator whose Anarchists moved up to ``moves`` times."""
    game = reg.create_game(ONE_SEAT, seed=1937, options=options, mode=mode)
    token = game.claim("anarchists", "Ana")
    for i in range(moves):
        state = game._loaded_state()  # noqa: SLF001  (the test plays the seat's moves directly)
        if state.result is not None or not any(p["faction"] == "anarchists" for p in state.pending):
            break
        acts = legal_actions(state, "anarchists")
        result = game.act(token, game.version, acts[(5 * i + 1) % len(acts)])
        assert result.ok, result.message
    game.leave(token)
    return game


def _dealt(version: str, generator: int) -> dict:
    return {"content": version, "generator": generator}


@pytest.mark.parametrize(("version", "generator"), DEALS)
async def test_a_seat_opens_a_game_of_every_content_and_generator_mid_game_with_its_recap(
        reg, user: User, version: str, generator: int) -> None:
    game = _mid_game(reg, _dealt(version, generator))
    assert (game.content_version, game.options["generator"]) == (version, generator)
    await join(user, game.id, "anarchists", "Ana")
    await see(user, "of 3")  # the status line ("Year 1 of 3"): the page was drawn, not a 500
    assert screen_of(user).view["content_version"] == version


@pytest.mark.parametrize(("version", "generator"), DEALS)
async def test_the_replay_of_a_game_of_every_content_and_generator_steps_through_it(
        reg, user: User, version: str, generator: int) -> None:
    game = _mid_game(reg, _dealt(version, generator))
    await user.open(f"/replay/{game.id}?step=1")
    await wait_for(lambda: bool(markers(user, "replay-slider")), why="the replay drawn")
    screen = live("lf.pages.replay").SCREENS[user.client.id]
    for k in range(0, len(game._loaded_state().actions) + 1):  # noqa: SLF001
        screen.go(k)
    assert not markers(user, "replay-error")


@pytest.mark.parametrize(("version", "generator"), DEALS)
async def test_a_game_file_of_every_content_and_generator_exports_imports_and_opens(
        reg, user: User, version: str, generator: int) -> None:
    game = _mid_game(reg, _dealt(version, generator))
    doc = reg.export_game(game.id)
    assert doc["game"]["created_with"]["content"] == version
    copy = reg.import_game(doc)
    assert (copy.content_version, copy.options["generator"]) == (version, generator)
    assert copy.state_json() == game.state_json()
    await join(user, copy.id, "anarchists", "Ana")
    await see(user, "of 3")


@pytest.mark.parametrize(("version", "generator"), DEALS)
async def test_a_teaching_table_of_every_content_and_generator_opens(
        reg, user: User, version: str, generator: int) -> None:
    game = _mid_game(reg, _dealt(version, generator), mode="teaching")
    await user.open(f"/teach/{game.id}")
    await wait_for(lambda: bool(markers(user, "teach-claim")), why="the free lesson offered to this screen")
    user.find(marker="teach-claim").click()
    await wait_for(lambda: user.client.id in live("lf.pages.teaching").SCREENS, why="the lesson on this screen")
    assert live("lf.pages.teaching").SCREENS[user.client.id].snap.board["content_version"] == version
