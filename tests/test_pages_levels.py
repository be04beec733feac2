"""The Fascists' strength on every page (issue 28, "A war worth fearing"), with simulated browsers.

A level is chosen in Create a game, Play now (Standard by default) and Teach a table (the gentlest by default); the
table shows it beside the Year to every seat and spectator, with what it changes on a tap (the chip's title); the
end screen, the lobby's line, the replay, a game file, a rematch and a restart all keep it. A level the content
does not offer is refused by the engine, in words, and nothing is made.
"""

from __future__ import annotations

import json

from nicegui.testing import User
from pages_helpers import (join, live, markers, page_text, port, reg, screen_of, screens, see,  # noqa: F401
                           two_seats_and_a_watcher, wait_for)
from session_helpers import claim_humans, play
from teaching_helpers import start as start_teaching

from lf.engine.content import STANDARD, level_ids, load_content
from lf.session import Registry, set_default_registry
from lf.session.rematch import rematch
from lf.store.db import sqlite_url

ONE_SEAT = {"anarchists": "human", "communists": "nonplayer", "moderates": "nonplayer"}
TWO = {"anarchists": "human", "communists": "nonplayer", "moderates": "human"}
LEVELS = {lv.id: lv for lv in load_content().levels}


def _chip(user: User) -> str:
    """The status line's HTML on the user's page (the level's chip is in it)."""
    return "".join(el.content for el in user.find(marker="status").elements)


def _html_of(user: User, marker: str) -> str:
    """The HTML inside the element marked ``marker`` (its ``ui.html`` parts)."""
    with user:
        root = next(iter(user.find(marker=marker).elements))
        return "".join(el.content for el in root.descendants() if isinstance(getattr(el, "content", None), str))


def _select(user: User, marker: str):
    with user:
        return next(iter(user.find(marker=marker).elements))


def _finished_veteran(reg) -> tuple:
    """A Veteran game played to its end by one person (seed 11: a war lost in Year 3) and two Non-players."""
    game = reg.create_game(ONE_SEAT, seed=11, name="Veteran war", options={"level": "veteran"})
    tokens = claim_humans(game)
    play(game, tokens, seed=11)
    assert game.status == "finished"
    return game, tokens


async def _shows_level(user: User, level: str, version: str | None = None) -> None:
    """The page's status line carries ``level``'s chip (of the content ``version``, today's by default): its name,
    and its summary on a tap (the title)."""
    lv = LEVELS[level] if version is None else next(v for v in load_content(version).levels if v.id == level)
    await wait_for(lambda: f'data-level="{level}"' in _chip(user), why=f"the {lv.name} chip")
    assert f">{lv.name}</span>" in _chip(user)
    assert lv.summary.replace("'", "&#x27;") in _chip(user)


# -- choosing it -----------------------------------------------------------------------------------------------

async def test_create_a_game_offers_every_level_standard_first_chosen_and_says_what_it_changes(
        reg, user: User) -> None:
    await user.open("/")
    await see(user, "Fascists' strength")
    select = _select(user, "new-strength")
    assert list(select.options) == level_ids() and select.value == STANDARD
    assert [select.options[i] for i in level_ids()] == [LEVELS[i].name for i in level_ids()]
    await see(user, LEVELS[STANDARD].summary)
    with user:
        select.value = "veteran"
    await see(user, LEVELS["veteran"].summary)  # the hint under the choice follows it
    user.find(marker="create").click()
    await see(user, "Seats and invitations")
    session = reg.get(screen_of(user).game_id)
    assert session.options["level"] == "veteran"
    await _shows_level(user, "veteran")


async def test_play_now_is_standard_unless_changed_and_takes_the_chosen_level(reg, user: User) -> None:
    await user.open("/")
    assert _select(user, "play-strength").value == STANDARD
    user.find(marker="play-as-communists").click()
    await wait_for(lambda: user.client.id in screens(), why="the game page opens")
    assert reg.get(screen_of(user).game_id).options["level"] == STANDARD
    await _shows_level(user, STANDARD)
    await user.open("/")
    with user:
        _select(user, "play-strength").value = "last_stand"
    await see(user, LEVELS["last_stand"].summary)
    user.find(marker="play-as-moderates").click()
    await wait_for(lambda: user.client.id in screens() and screen_of(user).faction == "moderates",
                   why="the second game opens")
    assert reg.get(screen_of(user).game_id).options["level"] == "last_stand"
    await _shows_level(user, "last_stand")


async def test_teach_a_table_starts_at_the_gentlest_level_and_its_screen_shows_it(reg, user: User) -> None:
    gentlest = level_ids()[0]
    await user.open("/")
    assert _select(user, "teach-strength").value == gentlest
    assert _select(user, "new-strength").value == STANDARD  # only the teaching box starts gentle
    screen = await start_teaching(user, seed=5, kinds={"communists": "nonplayer", "moderates": "nonplayer"})
    assert reg.get(screen.game_id).options["level"] == gentlest
    await _shows_level(user, gentlest)


async def test_a_level_the_content_does_not_offer_is_refused_in_words_and_makes_nothing(reg, user: User) -> None:
    """The page passes the choice on as it is (a tampered page could send anything): the engine refuses it."""
    await user.open("/")
    with user:
        select = _select(user, "new-strength")
        select.set_options({**select.options, "godlike": "Godlike"}, value="godlike")
    user.find(marker="create").click()
    await see(user, "has no level 'godlike'")
    assert reg.games() == []
    with user:
        select = _select(user, "play-strength")
        select.set_options({**select.options, "godlike": "Godlike"}, value="godlike")
    user.find(marker="play-as-anarchists").click()
    await wait_for(lambda: sum("has no level 'godlike'" in m for m in user.notify.messages) == 2,
                   why="Play now refused too")
    assert reg.games() == [] and user.client.id not in screens()


# -- showing it ----------------------------------------------------------------------------------------------

async def test_every_seat_and_every_spectator_sees_the_level_beside_the_year(reg, user: User, create_user) -> None:
    game = reg.create_game(TWO, options={"level": "veteran"})
    for who in await two_seats_and_a_watcher(user, create_user, game.id):
        await _shows_level(who, "veteran")
        html = _chip(who)
        assert html.index("Year <b>1</b>") < html.index('data-testid="level-chip"')  # beside the Year, after it


async def test_a_game_of_an_older_content_version_reads_standard(reg, user: User) -> None:
    """Older card sets have no levels: their games were all played at Standard, and say so."""
    older = live("lf.engine.content").archived_versions()[0]
    game = reg.create_game(ONE_SEAT, options={"content": older})
    await join(user, game.id, "anarchists", "Ana")
    await _shows_level(user, STANDARD, older)  # in its own words ("The Fascist cards as printed.")


async def test_the_lobby_line_names_a_level_other_than_standard(reg, user: User) -> None:
    veteran = reg.create_game(ONE_SEAT, name="Hard one", options={"level": "veteran"})
    standard = reg.create_game(ONE_SEAT, name="Plain one")
    await user.open("/")
    await see(user, "Hard one")
    await see(user, "Plain one")
    assert "Fascists&#x27; strength: Veteran" in _html_of(user, f"game-{veteran.id}")
    assert "strength" not in _html_of(user, f"game-{standard.id}")


async def test_the_end_screen_and_the_replay_say_the_level(reg, user: User) -> None:
    game, tokens = _finished_veteran(reg)
    game.leave(tokens["anarchists"])
    await join(user, game.id, "anarchists", "Ana")
    ended = f"Fascists' strength: Veteran. {LEVELS['veteran'].summary}"
    await wait_for(lambda: ended in page_text(user), why="the end screen's banner says the level")
    await _shows_level(user, "veteran")
    await user.open(f"/replay/{game.id}?step=3")
    await wait_for(lambda: bool(markers(user, "replay-slider")), why="the replay drawn")
    await _shows_level(user, "veteran")


async def test_a_rematch_of_a_veteran_game_is_a_veteran_game(reg, user: User) -> None:
    game, tokens = _finished_veteran(reg)
    new = rematch(reg, game.id, [tokens["anarchists"]])
    assert new.options["level"] == "veteran" and new.id != game.id
    await user.open(f"/game/{new.id}")
    await _shows_level(user, "veteran")


async def test_a_game_file_of_a_veteran_game_opens_as_a_veteran_game_with_its_chip(reg, user: User) -> None:
    game, _ = _finished_veteran(reg)
    doc = port().export(game.id)
    assert doc["game"]["options"]["level"] == "veteran"
    opened = port().import_game(json.dumps(doc), creator="test")
    assert reg.get(opened.id).options["level"] == "veteran"
    await user.open(f"/game/{opened.id}")
    await _shows_level(user, "veteran")


async def test_a_veteran_game_is_still_veteran_after_a_restart(tmp_path, user: User) -> None:
    url = sqlite_url(tmp_path / "restart.db")
    first = Registry.open(url)
    game_id = first.create_game(ONE_SEAT, options={"level": "veteran"}).id
    first.close()
    again = Registry.open(url)  # the server started again on the same database
    set_default_registry(again)
    try:
        assert again.get(game_id).options["level"] == "veteran"
        await user.open(f"/game/{game_id}")
        await _shows_level(user, "veteran")
    finally:
        set_default_registry(None)
        again.close()
