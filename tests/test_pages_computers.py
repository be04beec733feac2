"""Computer seats on the pages (issue 21), with simulated browsers (NiceGUI's `user` fixture), a real database and
the real thinking pool: "Create a game" and "Play now" seat the computer at a level, the table says when it thinks,
and the log's filter shows its reasons.

The computer plays a person's seat by a person's rules (rulebook pg. 5: a card chosen in secret, then played).
"""

from __future__ import annotations

import time

from nicegui.testing import User
from pages_helpers import live, log_text, markers, page_text, port, reg, screen_of, screens, see, thinking_figures, wait_for  # noqa: F401
from test_pages_host import _host_a_private_game as _hosted

from lf.components.prompt import idle_prompt_html
from lf.engine import apply, decision, new_game, view

PEOPLE = {"anarchists": "human", "communists": "human", "moderates": "human"}


def _computers_done(session) -> bool:
    """No decision of a computer's seat is open (the person's turn)."""
    v = session.view()
    return all(v["factions"][w["faction"]]["computer"] is None for w in v["waiting"])


def _settled(session, timeout: float = 120) -> None:
    end = time.monotonic() + timeout
    while not _computers_done(session):
        assert time.monotonic() < end, "the computer did not move in time"
        time.sleep(0.05)


async def test_create_a_game_offers_the_computer_at_a_level_for_every_faction(reg, user: User) -> None:
    await user.open("/")
    await user.should_not_see(marker="new-level")  # asked only once a seat is the computer's
    with user:
        for f in ("anarchists", "communists", "moderates"):
            assert "computer" in user.find(marker=f"kind-{f}").elements.pop().options
        user.find(marker="kind-moderates").elements.pop().value = "computer"
        user.find(marker="new-level").elements.pop().value = "quick"
        assert "moderates" not in user.find(marker="new-mine").elements.pop().options  # nobody sits at its seat
    user.find(marker="create").click()
    await see(user, "Seats and invitations")
    session = reg.get(screen_of(user).game_id)
    assert session.options["computers"] == {"moderates": "quick"}
    assert {s.faction: s.kind for s in session.seats()}["moderates"] == "computer"
    await see(user, "Played by the computer (Quick)")


async def test_play_now_with_computers_seats_two_computers_at_normal_and_they_play(reg, user: User) -> None:
    await user.open("/")
    await see(user, "Two Non-players")
    with user:
        user.find(marker="play-partners").elements.pop().value = "computer"
        assert user.find(marker="play-level").elements.pop().value == "normal"
    user.find(marker="play-as-anarchists").click()
    await wait_for(lambda: user.client.id in screens(), why="the game page opens")
    session = reg.get(screen_of(user).game_id)
    assert session.options["computers"] == {"communists": "normal", "moderates": "normal"}
    assert session.name == "The Anarchists against the computer"
    await wait_for(lambda: _computers_done(session), timeout=120, why="the computers chose their cards")
    await see(user, "Your secret choice")
    await wait_for(lambda: "lf-log-ai" in log_text(user), why="their reasons reach the log")


async def test_the_table_says_the_computer_is_thinking_on_every_device(reg, user: User) -> None:
    """A spectator's page (no seat) and the words of a seated viewer's prompt both say who is thinking."""
    session = reg.create_game({"anarchists": "human", "communists": "computer:strong", "moderates": "computer:strong"})
    await user.open(f"/game/{session.id}")
    await see(user, "(computer) are thinking …", timeout=30)
    text = page_text(user)
    assert "no device connected" not in text and "not connected" not in text  # the computer is never absent
    state = new_game(7, PEOPLE, {"computers": {"communists": "normal"}})
    while not any(p["faction"] == "communists" for p in state.pending):
        p = state.pending[0]
        apply(state, p["faction"], decision(state, p["faction"]).choices[0].action)
    watcher = idle_prompt_html({**view(state, None), "viewer": None}, {})
    assert "Communists (computer) are thinking" in watcher and 'role="status"' in watcher
    await wait_for(lambda: _computers_done(session), timeout=120, why="the computers chose their cards")


async def test_the_thinking_bar_shows_the_measured_share_of_the_search_a_few_times_a_second(reg, user: User) -> None:
    """The bar is a progressbar set from the search's own share done (its playouts and its time, from the thinking
    process), one figure per game read here and sent to each page only when it changed, at most every PERIOD."""
    figures = live("lf.pages.thinking_figure")
    session = reg.create_game({"anarchists": "human", "communists": "computer:strong", "moderates": "computer:strong"})
    await user.open(f"/game/{session.id}")
    await see(user, "(computer) are thinking …", timeout=30)
    sent = thinking_figures(user)
    await wait_for(lambda: any(0 < p < 100 for _, f in sent for p in f.values()), timeout=60,
                   why="a share of the search between 0 and 100%")
    await wait_for(lambda: _computers_done(session), timeout=120, why="the computers chose their cards")
    shares = [p for _, f in sent for p in f.values()]
    assert shares and all(0 <= p <= 100 for p in shares)
    assert all(a != b for (_, a), (_, b) in zip(sent, sent[1:]))  # a figure is sent only when it changed
    gaps = [b - a for (a, _), (b, _) in zip(sent, sent[1:])]
    assert all(g >= figures.PERIOD * 0.8 for g in gaps), f"no more than one figure per {figures.PERIOD} s: {gaps}"
    await wait_for(lambda: figures.watched_games() == 0, timeout=10, why="no page shows the computer thinking")


async def test_the_log_filter_shows_the_computer_s_reasons(reg, user: User) -> None:
    session = reg.create_game({"anarchists": "human", "communists": "computer:quick", "moderates": "nonplayer"})
    _settled(session)
    await user.open(f"/game/{session.id}")
    with user:
        choices = user.find(marker="log-filter").elements.pop().options
    assert choices["ai"] == "Computer reasons" and choices["np"] == "Non-player reasons"
    html = log_text(user)
    assert "has-ai" in html and "lf-log-ai" in html and "futures it tried after this move" in html


async def test_the_host_hands_a_seat_nobody_took_to_the_computer_and_gives_it_to_a_person_again(reg, user: User) -> None:
    """While the game waits for a seat with nobody at it, the host's "Let the computer play them" seats the
    computer there (Normal), which then plays it; the Seats dialog gives it back to a person."""
    game_id = await _hosted(user)
    session = reg.get(game_id)
    await user.open(f"/game/{game_id}")
    await wait_for(lambda: markers(user, "hand-over-computer-"), why="the game waits for a seat nobody took")
    faction = markers(user, "hand-over-computer-")[0].removeprefix("hand-over-computer-")
    who = faction.capitalize()
    user.find(marker=f"hand-over-computer-{faction}").click()
    await wait_for(lambda: {s.faction: s.kind for s in session.seats()}[faction] == "computer",
                   why="the host hands the seat to the computer")
    await wait_for(lambda: faction not in {w["faction"] for w in session.view()["waiting"]}, timeout=120,
                   why="the computer made the seat's decision")
    assert any(f"hands the {who} to the computer (Normal)" in e["text"] for e in session.view()["log"])
    await wait_for(lambda: f"The game waits for the {who}" not in page_text(user), why="the notice goes")
    user.find(marker="seats").click()
    await see(user, "Played by the computer")
    user.find(marker=f"host-give-{faction}").click()
    await wait_for(lambda: {s.faction: s.kind for s in session.seats()}[faction] == "human",
                   why="the host gives the seat to a person")
    assert session.verify() is None
