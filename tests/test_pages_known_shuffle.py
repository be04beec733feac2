"""The table tells every seat when someone could know the shuffle (issue 18: a host's chosen seed)."""

from __future__ import annotations

from nicegui.testing import User
from pages_helpers import join, page_text, reg, see  # noqa: F401

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
