"""The table tells every seat when someone could know the shuffle (issue 18: a host's chosen seed)."""

from __future__ import annotations

from nicegui.testing import User
from pages_helpers import join, page_text, reg, see, two_seats_and_a_watcher  # noqa: F401

TWO = {"anarchists": "human", "communists": "nonplayer", "moderates": "human"}


async def test_every_seat_of_a_game_with_a_chosen_seed_reads_that_the_host_chose_the_shuffle(
        reg, user: User, create_user) -> None:
    game = reg.create_game(TWO, seed=1936)
    mo = create_user()
    await join(user, game.id, "anarchists", "Ana")
    await join(mo, game.id, "moderates", "Mo")
    for who in (user, mo):
        await see(who, "Shuffle chosen by the host")
    secret = reg.create_game(TWO)
    await join(user, secret.id, "anarchists", "Ana")
    await see(user, "of 3")  # the status line is drawn ("Year 1 of 3")
    assert "Shuffle chosen" not in page_text(user)


async def test_every_seat_and_spectator_of_a_running_game_of_the_old_generator_reads_its_shuffle_could_be_computed(
        reg, user: User, create_user) -> None:
    """Issue 27: a game dealt before engine 3 (generator 1) runs on, and nobody at the table was told that its
    shuffle could be computed from what the table shows."""
    game = reg.create_game(TWO, options={"generator": 1})
    for who in await two_seats_and_a_watcher(user, create_user, game.id):
        await see(who, "Shuffle from an older lf: it could be computed")
    solo = reg.create_game({"anarchists": "human", "communists": "nonplayer", "moderates": "nonplayer"},
                           options={"generator": 1})
    await join(user, solo.id, "anarchists", "Ana")
    await see(user, "of 3")  # one person alone hides nothing from anyone: no warning
    assert "Shuffle from an older lf" not in page_text(user)
