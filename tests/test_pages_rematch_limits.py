"""Rematch is a new game like a created one (issue 27): the page's visitor starts it, the server's limits count it,
and beyond them the page says which limit in a sentence and nothing changes (lf/pages/end_screen.py)."""

from __future__ import annotations

from history_helpers import LOST, NAMES, imported
from nicegui.testing import User
from pages_helpers import join, live, port, reg, screen_of, screens, see, wait_for  # noqa: F401

from lf.server.settings import Settings


async def _seated_in_a_finished_game(reg, user: User) -> str:
    session, tokens = imported(reg, LOST)
    session.leave(tokens["anarchists"])
    await join(user, session.id, "anarchists", NAMES["anarchists"])
    await see(user, "Rematch")
    return session.id


def _limits(**values: int) -> None:
    live("lf.server.settings").set_settings(Settings(**values) if values else None)


async def test_rematch_beyond_the_server_s_limits_is_refused_in_words_and_counts_for_its_visitor(
        reg, user: User) -> None:
    """Before, Rematch made a game at any limit, and stored it without a creator: never counted either."""
    finished = await _seated_in_a_finished_game(reg, user)
    reg.create_game({}, name="Someone else's running game")
    games = len(reg.games())
    try:
        _limits(live_games=1)  # the server runs as many games as it may
        user.find(marker="rematch").click()
        await see(user, "running as many games as it can")
        assert len(reg.games()) == games and port().rematch_id(finished) is None
        assert screen_of(user).game_id == finished  # the page stays where it was
        _limits()
        user.find(marker="rematch").click()  # the button is pressable again, and now the server has room
        await wait_for(lambda: user.client.id in screens() and screen_of(user).game_id != finished,
                       why="the page moves to the rematch")
        made = screen_of(user).game_id
        assert reg.repo.get_game(made).creator is not None  # the page's visitor started it
        # that visitor started one game this hour: at a limit of one, the next finished game's rematch is refused
        _limits(games_per_hour=1)
        second = await _seated_in_a_finished_game(reg, user)
        user.find(marker="rematch").click()
        await see(user, "You have started 1 games in the last hour")
        assert port().rematch_id(second) is None and screen_of(user).game_id == second
    finally:
        _limits()
