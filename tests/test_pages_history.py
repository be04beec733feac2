"""The history pages with simulated browsers (NiceGUI's `user` fixture): the whole log, the end screen, Rematch,
the replay viewer, and game files (download, open, refusals that change nothing).

Games are whole games played by the engine alone and stored as game files (tests/history_helpers.py), so
each test starts at the end of a real game of 12 turns (or at a lost war) in a fresh database.
"""

from __future__ import annotations

import html
import json

from history_helpers import LOST, NAMES, WON, game_file, imported, places, policy_state
from nicegui.elements.upload_files import SmallFileUpload
from nicegui.testing import User
from pages_helpers import join, live, page_text, port, reg, screen_of, screens, see, wait_for  # noqa: F401

from lf.components.log_panel import turn_key
from lf.engine import view


def _log_panel(user: User):
    return next(p for p in screen_of(user).parts if p.name == "log")


def _replay(user: User):
    return live("lf.pages.replay").SCREENS[user.client.id]


async def _seated(reg, user: User, game=WON, faction: str = "anarchists"):
    """A finished game stored in the database, this user holding ``faction`` (the other seats held elsewhere)."""
    session, tokens = imported(reg, game)
    session.leave(tokens[faction])
    await join(user, session.id, faction, NAMES[faction])
    return session, tokens


# -- the log -----------------------------------------------------------------------------------------------------

async def test_the_log_holds_every_turn_of_the_game_each_entry_in_its_turn(reg, user: User) -> None:
    session, _ = await _seated(reg, user, WON, "communists")
    state = policy_state(WON)
    panel = _log_panel(user)
    turns = list(dict.fromkeys(turn_key(e) for e in state.log))
    assert list(panel.groups) == turns[::-1], "one group per Year and turn, newest first"
    assert panel.filled == {turns[-1]}, "only the current turn's entries are sent with the page"
    for year, turn in turns[:-1]:  # a reader opens every older turn: its entries arrive then
        user.find(marker=f"log-turn-{year}-{turn}").trigger("toggle")
    await wait_for(lambda: panel.filled == set(turns), why="every turn filled once opened")
    by_turn = {t: "".join(panel.html[k] for k, g in panel.group_of.items() if g == t) for t in turns}
    for e in view(state, "communists")["log"]:  # the Communists' view: their private lines in their words
        assert html.escape(e["text"], quote=True) in by_turn[turn_key(e)], e
    private = [e for e in state.log if "private" in e and e["faction"] == "communists"]
    assert private and all(html.escape(e["private"]) in by_turn[turn_key(e)] for e in private)
    seen = {e["text"] for e in view(state, "communists")["log"]}  # ("You keep nothing." is nobody's secret)
    others = [e for e in state.log if "private" in e and e["faction"] != "communists" and e["private"] not in seen]
    assert others and not any(html.escape(e["private"]) in by_turn[turn_key(e)] for e in others)


async def test_the_log_filter_is_a_class_on_the_log_and_mine_is_for_a_seat_only(reg, user: User,
                                                                                   create_user) -> None:
    session, _ = await _seated(reg, user, LOST, "moderates")
    panel = _log_panel(user)
    with user:
        panel.filter.value = "fascist"
    assert "only-fascist" in panel.wrap.classes
    with user:
        panel.filter.value = "mine"
    assert "only-mine" in panel.wrap.classes and "only-fascist" not in panel.wrap.classes
    user.find(marker="log-turn-1-1").trigger("toggle")
    await wait_for(lambda: (1, 1) in panel.filled)
    assert ' mine"' in "".join(panel.html.values()) or " mine " in "".join(panel.html.values())
    watcher = create_user()
    await watcher.open(f"/game/{session.id}")
    assert "mine" not in _log_panel(watcher).filter.options


async def test_the_turn_that_just_closed_stays_open_until_the_seat_moves_again(reg, user: User) -> None:
    """The lost war ends in Year 2, Turn 1; the Moderates' last move was in the Year's start: that turn stays open
    (its entries sent) beside the last one, since all of it after their move is what happened while they waited."""
    await _seated(reg, user, LOST, "moderates")
    panel = _log_panel(user)
    assert panel.open == (2, 1) and panel.opened == {(2, 1), (2, 0)} and panel.filled == {(2, 1), (2, 0)}
    assert "open" in panel.groups[(2, 0)].props and "open" not in panel.groups[(1, 4)].props


async def test_a_filter_with_nothing_in_the_open_turns_opens_the_newest_turn_that_has_some(reg, user: User) -> None:
    """The replay of the lost war at its end, as the Moderates saw it: only the last turn (Year 2, Turn 1) is open,
    and the Moderates wrote nothing in it: their newest lines are in the Year's start (folded, and not yet on the
    page); choosing "Mine" opens that turn and sends its entries."""
    session, _ = imported(reg, LOST)
    await user.open(f"/replay/{session.id}?seat=moderates&step={len(policy_state(LOST).actions)}")
    panel = _replay(user).log
    assert panel.open == (2, 1) and panel.filled == {(2, 1)}
    with user:
        panel.filter.value = "fascist"  # the current turn has Fascist lines: nothing else opens
    assert panel.filled == {(2, 1)} and "open" not in panel.groups[(2, 0)].props
    with user:
        panel.filter.value = "mine"
    assert panel.filled == {(2, 1), (2, 0)} and "open" in panel.groups[(2, 0)].props
    assert " mine" in "".join(panel.html[k] for k, turn in panel.group_of.items() if turn == (2, 0))


async def test_a_non_players_rule_is_folded_under_its_move(reg, user: User) -> None:
    session = reg.create_game({f: "nonplayer" for f in ("anarchists", "communists", "moderates")}, name="Notes",
                              seed=2)  # played to its end by the Non-players at once
    await user.open(f"/game/{session.id}")
    blocks = "".join(_log_panel(user).html.values())
    assert 'class="lf-log-np">Non-player <a class="lf-rule"' in blocks, \
        "the rule, without the faction's name, under the move, a link to the rules reference"
    assert 'lf-log-e np' not in blocks, "no rule stands alone when its move wrote a line"


# -- the end screen and Rematch -------------------------------------------------------------------------------

async def test_the_end_screen_tells_each_seat_its_result_and_reveals_the_bids(reg, user: User,
                                                                              create_user) -> None:
    place = places(policy_state(WON))
    first, second = (next(f for f, (p, _) in place.items() if p == n) for n in (1, 2))
    session, _ = await _seated(reg, user, WON, second)
    await see(user, f"You came 2nd with {place[second][1]} Glory.")
    await see(user, "The Final Bid for Glory")
    await see(user, "Rematch")
    await see(user, "Watch the replay")
    winner = create_user()
    session.leave(_[first])
    await join(winner, session.id, first, NAMES[first])
    await see(winner, f"You won with {place[first][1]} Glory!")
    watcher = create_user()
    await watcher.open(f"/game/{session.id}")
    await see(watcher, "The war is won")
    assert "You won" not in page_text(watcher) and "You came" not in page_text(watcher)


async def test_a_lost_war_says_so_to_everyone(reg, user: User) -> None:
    session, _ = await _seated(reg, user, LOST, "anarchists")
    await see(user, "The war was lost in Year 2: nobody wins.")


async def test_rematch_takes_the_player_to_the_new_game_in_their_seat_and_others_find_theirs(
        reg, user: User, create_user) -> None:
    session, tokens = await _seated(reg, user, LOST, "anarchists")
    carme = create_user()
    session.leave(tokens["communists"])
    await join(carme, session.id, "communists", "Carme")
    await carme.open("/")  # away from the game (the simulated browsers share one ui.navigate: see e2e for two)
    games = len(reg.games())
    user.find(marker="rematch").click()
    await wait_for(lambda: user.client.id in screens() and screen_of(user).game_id != session.id,
                   why="the page moves to the rematch")
    new_id = screen_of(user).game_id
    assert screen_of(user).faction == "anarchists" and reg.get(new_id).seed != session.seed
    await see(user, "You: Anarchists")
    # Carme's page was elsewhere: the finished game now leads to the rematch, where her seat is hers
    await carme.open(f"/game/{session.id}")
    await see(carme, "Go to the rematch")
    carme.find(marker="rematch").click()
    await wait_for(lambda: carme.client.id in screens() and screen_of(carme).game_id == new_id)
    assert screen_of(carme).faction == "communists"
    await see(carme, "You: Communists")
    assert len(reg.games()) == games + 1


async def test_a_browser_that_held_a_seat_holds_it_in_the_rematch_without_claiming(reg, user: User) -> None:
    session, tokens = await _seated(reg, user, LOST, "moderates")
    new_id = port().rematch(session.id, [tokens["anarchists"]], None, creator="another device")  # pressed there
    await user.open(f"/game/{new_id}")
    await wait_for(lambda: user.client.id in screens() and screen_of(user).game_id == new_id)
    assert screen_of(user).faction == "moderates"
    await see(user, "You: Moderates")


# -- the replay viewer ------------------------------------------------------------------------------------------

async def test_the_replay_steps_through_the_game_as_the_seat_saw_it(reg, user: User) -> None:
    session, _ = imported(reg, LOST)
    state = policy_state(LOST)
    await user.open(f"/replay/{session.id}?seat=anarchists")
    screen = _replay(user)
    assert screen.seat == "anarchists" and screen.k == 0
    for marker, want in (("replay-forward", 1), ("replay-forward", 2), ("replay-back", 1), ("replay-last",
                                                                                              len(state.actions)),
                         ("replay-first", 0)):
        user.find(marker=marker).click()
        await wait_for(lambda: screen.k == want, why=f"{marker} -> step {want}")
    from lf.engine import replay as engine_replay
    from lf.engine.game import seats_of

    for k in (0, 7, len(state.actions) // 2, len(state.actions)):
        screen.go(k)
        position = engine_replay(state.seed, seats_of(state), state.options, state.actions[:k])
        want = view(position, "anarchists")
        assert screen.view["fronts"] == want["fronts"] and screen.view["tracks"] == want["tracks"]
        assert screen.view["factions"]["anarchists"]["hand"] == want["factions"]["anarchists"]["hand"]
        assert all("hand" not in screen.view["factions"][f] for f in ("communists", "moderates"))
    await see(user, "Step")


async def test_a_running_games_replay_is_a_spectators_whatever_the_address_asks(reg, user: User) -> None:
    game = reg.create_game({"moderates": "nonplayer"}, name="Running", seed=5)
    await user.open(f"/replay/{game.id}?seat=anarchists&step=999")
    screen = _replay(user)
    assert screen.seat is None and screen.k == screen.replay.steps
    await see(user, "Seen as a spectator")
    assert all("hand" not in fv for fv in screen.view["factions"].values())
    await see(user, "can be downloaded once the game is over")  # the file holds the seed: every hand


async def test_a_running_games_replay_follows_its_new_steps(reg, user: User) -> None:
    from session_helpers import claim_humans, play

    game = reg.create_game({"moderates": "nonplayer"}, name="Running", seed=5)
    tokens = claim_humans(game)
    await user.open(f"/replay/{game.id}?step=999")
    screen = _replay(user)
    before = screen.k
    assert before == screen.replay.steps
    play(game, tokens, seed=5, steps=3)
    await wait_for(lambda: screen.replay.steps > before and screen.k == screen.replay.steps,
                   why="the page at the last step follows the game")
    assert screen.view["factions"] == view(_engine_state(game), None)["factions"]


def _engine_state(game):
    from lf.engine import from_json

    return from_json(game.state_json())


async def test_an_unknown_replay_is_a_plain_message(reg, user: User) -> None:
    await user.open("/replay/000000000000")
    await see(user, "This replay can't be shown")


# -- game files -------------------------------------------------------------------------------------------------

async def test_a_finished_game_downloads_as_a_file_that_opens_as_the_same_game(reg, user: User) -> None:
    session, _ = imported(reg, LOST)
    response = await user.http_client.get(f"/export/{session.id}.json")
    assert response.status_code == 200 and "attachment" in response.headers["content-disposition"]
    doc = response.json()
    assert doc["format"] == "lf-game" and doc["version"] == session.version
    running = reg.create_game({}, name="Running", seed=3)
    refused = await user.http_client.get(f"/export/{running.id}.json")
    assert refused.status_code == 409 and "seed" in refused.text
    assert (await user.http_client.get("/export/000000000000.json")).status_code == 404
    await user.open("/")
    await _upload(user, json.dumps(doc).encode(), "game.json")
    await wait_for(lambda: user.client.id in live("lf.pages.replay").SCREENS, why="the finished game opens in the replay")
    copy = _replay(user).replay.session
    assert copy.id != session.id and copy.state_json() == session.state_json()


async def test_a_bad_game_file_is_refused_with_its_reason_and_nothing_is_stored(reg, user: User) -> None:
    doc = game_file(LOST)
    broken = json.loads(json.dumps(doc))
    broken["log"][9]["action"] = {"kind": "keep_done"}  # the End of the Year, in the middle of Year 1
    newer = {**doc, "format_version": 99}
    huge_seed = json.loads(json.dumps(doc))
    huge_seed["game"]["seed"] = 2**128
    cases = [(b"\x89PNG\r\n", "not text"), (b"{not json", "not JSON"), (b"[1, 2]", "not an object"),
             (json.dumps({"format": "chess"}).encode(), "not an lf game file"),
             (json.dumps(newer).encode(), "unsupported export format version 99"),
             (json.dumps(broken).encode(), "log row 10"),
             # issue 18: each of these raised (RecursionError, ValueError, OverflowError) and the page said nothing
             (b"[" * 100_000 + b"]" * 100_000, "nested deeper"),
             (b'{"format": "lf-game", "version": 1' + b"7" * 5000 + b"}", "a number with thousands of digits"),
             (json.dumps(huge_seed).encode(), "seed must be from 0 to 2^128 - 1")]
    await user.open("/")
    before = len(reg.games())
    for data, reason in cases:
        await _upload(user, data, "bad.json")
        error = _marked(user, "import-error")
        await wait_for(lambda: error.visible and reason in error.text,
                       why=f"the reason {reason!r} is shown: {error.text!r}")
        assert user.notify.contains(error.text)
    assert len(reg.games()) == before


def _marked(user: User, marker: str):
    """The element with this marker, shown or hidden (``user.find`` only finds what is shown)."""
    return next(el for el in user.client.elements.values() if marker in el._markers)  # noqa: SLF001


async def _upload(user: User, data: bytes, name: str) -> None:
    upload = user.find(marker="import-upload").elements.pop()
    with user:
        await upload.handle_uploads([SmallFileUpload(name, "application/json", data)])


# -- issue 18: who may start a rematch, and what opening a file makes -----------------------------------------

async def test_only_a_player_or_the_host_is_offered_a_rematch_and_never_of_a_game_its_host_ended(
        reg, user: User, create_user) -> None:
    session, tokens = await _seated(reg, user, LOST, "anarchists")
    await see(user, "Rematch")
    watcher = create_user()  # a browser with only the game's address
    await watcher.open(f"/game/{session.id}")
    await see(watcher, "The war was lost")
    assert not _has(watcher, "rematch")
    assert port().rematch_id(session.id) is None
    # a game its host ended: no Rematch for anyone, its host included
    hosted = reg.host_game({}, name="Stopped", seed=5)
    seat = hosted.session.claim("anarchists", "Ana", hosted.invites["anarchists"])
    hosted.session.end("The host ended the game without a result")
    await user.open("/")
    with user:
        live("lf.pages.browser_seats").remember(hosted.session.id, "anarchists", seat)
        live("lf.pages.browser_seats").remember_host(hosted.session.id, hosted.host_token)
    await user.open(f"/game/{hosted.session.id}")
    await see(user, "Watch the replay")
    assert not _has(user, "rematch")


def _has(user: User, marker: str) -> bool:
    return any(marker in el._markers for el in user.client.elements.values())  # noqa: SLF001


async def test_an_opened_file_is_hosted_by_its_browser_private_unless_public_and_counted(reg, user: User,
                                                                                          create_user) -> None:
    await user.open("/")
    await _upload(user, json.dumps(game_file(WON, "Opened privately", stop_after=40)).encode(), "a.json")
    await wait_for(lambda: user.client.id in screens(), timeout=20, why="the running game opens at its table")
    private = reg.get(screen_of(user).game_id)
    assert not private.public and private.host_hash is not None
    await see(user, "Seats and invitations")  # its host sends each player their own link
    await see(user, "You host this game.")
    row = reg.repo.get_game(private.id)
    assert row.creator and row.invite_code
    await user.open("/")
    user.find(marker="import-public").click()
    await _upload(user, json.dumps(game_file(WON, "Opened publicly", stop_after=40)).encode(), "b.json")
    await wait_for(lambda: user.client.id in screens(), timeout=20)
    public = reg.get(screen_of(user).game_id)
    assert public.public and public.id != private.id
    stranger = create_user()
    await stranger.open("/")
    await see(stranger, "Opened publicly")
    assert "Opened privately" not in page_text(stranger)
    await user.open("/")
    await see(user, "Your games on this device")
    assert _has(user, f"delete-{private.id}") and _has(user, f"end-{public.id}")
