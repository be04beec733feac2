"""The seats-per-visitor limit through the pages (issue 30): only seats of running games count, for a browser as
for its address; the refusal says so and where to leave one; the lobby's "Your games" leaves a seat through the
session layer, and the freed seat can be taken by someone else."""

from __future__ import annotations

from nicegui.testing import User
from pages_helpers import join, markers, reg, see, wait_for  # noqa: F401

from lf.server.settings import Settings, set_settings


async def _refused(user: User, game_id: str, faction: str) -> None:
    await user.open(f"/join/{game_id}/{faction}")
    user.find(marker="join-name").type("Again")
    user.find(marker="join-take").click()
    await see(user, "already holds 1 seats in running games")


async def test_the_refusal_says_which_seats_count_and_the_lobby_leaves_one(reg, user: User) -> None:
    set_settings(Settings(seats_per_visitor=1))
    try:
        first, second = reg.create_game({}, name="First table"), reg.create_game({}, name="Second table")
        await join(user, first.id, "anarchists", "Ana")
        await _refused(user, second.id, "moderates")
        await see(user, "Only seats of running games count")
        await see(user, "Leave")
        await user.open("/")
        await see(user, "Your games on this device")
        user.find(marker=f"leave-{first.id}-anarchists").click()
        await wait_for(lambda: bool(markers(user, "host-confirm")), why="the question")
        user.find(marker="host-confirm").click()
        await wait_for(lambda: not {s.faction: s.claimed for s in first.seats()}["anarchists"], why="the seat is freed")
        await see(user, "You left the Anarchists' seat.")
        await wait_for(lambda: not markers(user, f"leave-{first.id}") and not markers(user, f"resume-{first.id}"),
                       why="the seat leaves Your games")
        await join(user, second.id, "moderates", "Mo")  # this browser (and address) is under the limit again
        assert {s.faction: s.claimed for s in second.seats()}["moderates"]
    finally:
        set_settings(None)


async def test_a_finished_games_seat_does_not_count_for_the_browser(reg, user: User) -> None:
    """The address count took only running games, the browser's took every seat it kept: a browser whose only seat
    was in an ended game was refused with "Leave a seat of a finished game first"."""
    set_settings(Settings(seats_per_visitor=1))
    try:
        first, second = reg.create_game({}, name="Ended table"), reg.create_game({}, name="Next table")
        await join(user, first.id, "anarchists", "Ana")
        first.end("Ended for the test")
        assert first.status != "active"
        await join(user, second.id, "communists", "Ana")
        assert {s.faction: s.claimed for s in second.seats()}["communists"]
    finally:
        set_settings(None)
