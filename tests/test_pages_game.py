"""The game page with several simulated browsers: seats, secret hands, live updates, stale clicks, undo.

Each test plays through the real session layer (a fresh SQLite database) and
the real engine; the users are NiceGUI's simulated browsers, each with its own
cookie, so each holds its own seat token in ``app.storage.user``.
"""

from __future__ import annotations

from nicegui.testing import User
from pages_helpers import (  # noqa: F401
    click,
    hand_names,
    join,
    live,
    log_text,
    markers,
    offered,
    open_all_options,
    page_text,
    port,
    reg,
    screen_of,
    screens,
    see,
    take,
    wait_for,
)

PICKS = ("front", "track", "faction", "dir", "bonus", "blank", "medallion", "card")
TWO_HUMANS = {"anarchists": "human", "communists": "nonplayer", "moderates": "human"}


async def _two_players(reg, user: User, create_user) -> tuple[str, User, User]:
    game_id = reg.create_game(TWO_HUMANS, name="Test table", seed=1).id
    ana, mod = user, create_user()
    await join(ana, game_id, "anarchists", "Ana")
    await join(mod, game_id, "moderates", "Mo")
    await settle_picks(game_id, mod)
    await see(ana, "Choose in secret the card you will play this turn")
    return game_id, ana, mod


async def settle_picks(game_id: str, who: User) -> None:
    """The first Fascist Attacks hit Fronts tied at -2: the Initiative player picks, on the board."""
    for _ in range(12):
        # (the page fetches its view in a worker thread: tap on the current picture, not on one a sync replaces)
        await wait_for(lambda: screen_of(who).view["version"] == port().game(game_id).version)
        picks = [k for k in offered(who) if k.split(":")[0] in PICKS]
        if not picks:
            return
        version = port().game(game_id).version
        kind, arg = picks[0].split(":")[:2]
        # A Front the decision can target is itself a button on the board: tap the Front, not the list.
        if kind == "front":
            who.find(marker=f"front-{arg}").click()
        else:
            take(who, picks[0])
        await wait_for(lambda: screen_of(who).view["version"] > version)
    raise AssertionError("too many picks")


async def until_offered(game_id: str, who: User, wanted: str) -> None:
    """Answer the Morale Bonus (skip) and any pick until the option ``wanted`` is offered on the page."""
    for _ in range(12):
        await wait_for(lambda: screen_of(who).view["version"] == port().game(game_id).version
                       and offered(who) == sorted(c["key"] for d in screen_of(who).view["decisions"]
                                                  for c in d["choices"]), why="the page offers the engine's options")
        here = offered(who)
        if wanted in here:
            return
        step = "morale_skip" if "morale_skip" in here else next((k for k in here if k.split(":")[0] in PICKS), None)
        assert step, f"stuck before {wanted}: {here}"
        version = port().game(game_id).version
        take(who, step)
        await wait_for(lambda: screen_of(who).view["version"] > version)
    raise AssertionError(f"{wanted} never came")


def _choose_key(user: User) -> str:
    found = [k for k in offered(user) if k.startswith("choose:")]
    assert found, f"no card to choose on the page: {offered(user)}"
    return found[0]


async def test_each_seat_sees_its_own_hand_and_never_another(reg, user: User, create_user) -> None:
    game_id, ana, mod = await _two_players(reg, user, create_user)
    await see(ana, "Choose in secret the card you will play this turn")
    ana_cards, mod_cards = hand_names(reg, game_id, "anarchists"), hand_names(reg, game_id, "moderates")
    text_ana, text_mod = page_text(ana), page_text(mod)
    assert all(name in text_ana for name in ana_cards)
    assert all(name in text_mod for name in mod_cards)
    for name in ana_cards:
        assert name not in text_mod, f"the Moderates' page shows the Anarchist card {name}"
    for name in mod_cards:
        assert name not in text_ana, f"the Anarchists' page shows the Moderate card {name}"
    await see(mod, "5 cards in hand (hidden)")
    assert screen_of(ana).faction == "anarchists" and screen_of(mod).faction == "moderates"


async def test_three_players_each_see_only_their_own_hand(reg, user: User, create_user) -> None:
    session = reg.create_game({}, name="Full table", seed=9)  # three human seats
    users = {"anarchists": user, "communists": create_user(), "moderates": create_user()}
    for faction, u in users.items():
        await join(u, session.id, faction, faction[:3].title())
    await settle_picks(session.id, users["moderates"])
    hands = {f: hand_names(reg, session.id, f) for f in users}
    for faction, u in users.items():
        await see(u, "Choose in secret the card you will play this turn")
        text = page_text(u)
        for other, names in hands.items():
            for name in names:
                assert (name in text) == (other == faction), f"{name} ({other}) on the {faction}' page"


async def test_spectator_sees_the_board_and_no_hand(reg, user: User, create_user) -> None:
    game_id, ana, mod = await _two_players(reg, user, create_user)
    watcher = create_user()
    await watcher.open(f"/game/{game_id}")
    await see(watcher, "You are watching this game.")
    await see(watcher, "Madrid")  # the Fronts are drawn (their names: "Madrid", then " Front" in a span)
    text = page_text(watcher)
    for name in hand_names(reg, game_id, "anarchists") + hand_names(reg, game_id, "moderates"):
        assert name not in text
    assert offered(watcher) == [], "a spectator is offered nothing, on the board or in the bar"
    await see(watcher, "cards in hand (hidden)")


async def moderates_turn(reg, user: User, create_user) -> tuple[str, User, User]:
    """Both humans choose their card in secret; the Moderates hold the Initiative: their turn comes first,
    and the Anarchists' page says so, live."""
    game_id, ana, mod = await _two_players(reg, user, create_user)
    take(ana, _choose_key(ana))
    await see(ana, "Also deciding:")
    take(mod, _choose_key(mod))
    await see(mod, "Everyone is waiting for you.")
    await see(ana, "Waiting for the Moderates (Mo) to play their turn.")
    # the page may show the new turn before its own last click's answer is back (a click meanwhile is refused
    # as a double click), and the Non-players may still be moving (a tap on an older picture is outdated)
    for page in (mod, ana):
        await wait_for(lambda: not screen_of(page).busy
                       and screen_of(page).view["version"] == port().game(game_id).version,
                       why="the page has its last answer and shows the game as it is now")
    return game_id, ana, mod


async def test_turns_are_played_live_on_both_devices(reg, user: User, create_user) -> None:
    game_id, ana, mod = await moderates_turn(reg, user, create_user)
    await wait_for(lambda: mod.client.title == "● Your turn — lf")
    assert ana.client.title != "● Your turn — lf"
    before = screen_of(ana).syncs
    take(mod, "ap_front:madrid")  # a tap on the Madrid Front
    await wait_for(lambda: screen_of(ana).syncs > before, why="the Anarchists' page hears of the move")
    await wait_for(lambda: "Moderates play" in log_text(ana), why="the log's new block is drawn")
    assert "joins their tableau" in log_text(ana)
    await until_offered(game_id, mod, "end_turn")
    # Ending a turn that gives nothing up is one step (the engine's forgo is empty): the Anarchists get the cue.
    assert not screen_of(mod).view["decisions"][0].get("forgo")
    mod.find(marker="act:end_turn").click()
    await see(ana, "Everyone is waiting for you.")
    await wait_for(lambda: ana.client.title == "● Your turn — lf")
    await see(mod, "Waiting for the Anarchists (Ana) to play their turn.")


async def test_unavailable_options_say_why_on_the_board_and_in_all_options(reg, user: User, create_user) -> None:
    game_id, ana, mod = await _two_players(reg, user, create_user)
    take(ana, _choose_key(ana))
    take(mod, _choose_key(mod))
    await see(mod, "Everyone is waiting for you.")
    view = port().view(game_id, screen_of(mod).token)
    unav = view["decisions"][0]["unavailable"]
    assert unav, "the engine lists no unavailable option here"
    # A track step that is closed now (a dependency, an end of the track) says why when its space is tapped.
    tracks = next(p for p in screen_of(mod).parts if p.name == "tracks")
    board_html = "".join(html for html, _ in tracks.shown.values())
    closed = [u for u in unav if u["action"]["kind"] == "ap_track"
              and 0 <= view["tracks"][u["action"]["arg"]] + u["action"]["n"] <= 10]
    for u in closed:
        assert f'data-why="Not now: {u["reason"]}' in board_html, u
    # The whole list, with every closed option and its reason under it, is one tap away.
    await open_all_options(mod)
    for u in unav[:3]:
        await see(mod, f"Not now: {u['reason']}")


async def _moderates_play(reg, user: User, create_user, card: str) -> tuple[str, User, User]:
    """Both choose (the Moderates ``card``); the Moderates, holding the Initiative, play first."""
    game_id, ana, mod = await _two_players(reg, user, create_user)
    take(ana, _choose_key(ana))
    take(mod, f"choose:{card}")
    await see(mod, "Everyone is waiting for you.")
    return game_id, ana, mod


async def test_every_event_is_played_from_its_cards_menu_without_a_question(reg, user: User, create_user) -> None:
    """One rule for every card (docs/pages.md, Confirmations): the Event is chosen in the card's menu, whose item
    names the card and its Event, and that is the step. M14 (Nyon Conference) draws a card, which Undo can never
    take back (docs/engine.md); it is not asked about any more than an Event that only moves the board."""
    game_id, ana, mod = await _moderates_play(reg, user, create_user, "M14")
    version = port().game(game_id).version
    take(mod, "event:M14")  # the card's menu: its Event
    await wait_for(lambda: port().game(game_id).version > version, why="the Event is played without a question")
    assert not markers(mod, "confirm-no")


async def test_an_event_undo_can_take_back_is_played_at_once_and_undo_takes_it_back(reg, user: User,
                                                                                    create_user) -> None:
    """M05 (Basque Army) only adds Strength: Undo can take it back, so there is no confirmation to answer."""
    game_id, ana, mod = await _moderates_play(reg, user, create_user, "M05")
    version = port().game(game_id).version
    fronts = port().view(game_id, None)["fronts"]
    take(mod, "event:M05")
    await wait_for(lambda: port().game(game_id).version > version, why="the Event is played without a question")
    assert not markers(mod, "confirm-no"), "the page asked before a step Undo can take back"
    assert port().view(game_id, None)["fronts"] != fronts, "the Event added Strength"
    await wait_for(lambda: bool(markers(mod, "undo")), why="Undo is offered")
    click(mod, "undo")
    await see(mod, "was taken back")
    await wait_for(lambda: "event:M05" in offered(mod), why="the Event is offered again")
    assert port().view(game_id, None)["fronts"] == fronts


async def test_stale_click_is_refused_cleanly(reg, user: User, create_user) -> None:
    game_id, ana, mod = await _two_players(reg, user, create_user)
    screen = screen_of(ana)
    screen.stop_live()  # this device stops hearing about changes (a slow or lost connection)
    old_key = _choose_key(ana)
    token = screen.token
    assert token is not None
    # The same player chooses on another device...
    other = port().view(game_id, token)
    other_choice = other["decisions"][0]["choices"][-1]["action"]
    assert port().act(game_id, token, other["version"], other_choice).ok
    version = port().game(game_id).version
    # ...then clicks on the old page: refused, nothing applied twice, the page shows the current position.
    take(ana, old_key)
    await see(ana, "Nothing was applied")
    assert port().game(game_id).version == version
    await see(ana, "Not your move.")


async def test_undo_takes_back_my_last_step(reg, user: User, create_user) -> None:
    game_id, ana, mod = await _two_players(reg, user, create_user)
    take(ana, _choose_key(ana))
    await wait_for(lambda: bool(markers(ana, "undo")), why="Undo is offered")
    click(ana, "undo")
    await see(ana, "was taken back")
    await see(ana, "Choose in secret the card you will play this turn")


async def test_seat_survives_a_reload_and_the_lobby_offers_resume(reg, user: User, create_user) -> None:
    game_id, ana, mod = await _two_players(reg, user, create_user)
    await ana.open(f"/game/{game_id}")
    await see(ana, "You: Anarchists")
    await ana.open("/")
    await see(ana, "Resume as the Anarchists")
    await see(ana, "waiting for Anarchists (Ana), Moderates (Mo)")


async def test_seats_dialog_shows_lan_join_link_and_qr(reg, user: User) -> None:
    game_id = reg.create_game(TWO_HUMANS, name="Invite test", seed=3).id
    await user.open(f"/game/{game_id}?invite=1")
    await see(user, "Seats and invitations")
    link = user.find(marker="join-link-moderates").elements.pop()
    assert f"/join/{game_id}/moderates" in link.content
    assert "localhost" not in link.content and "://test" not in link.content
    qr = user.find(marker="qr-anarchists").elements.pop()
    assert qr.source.startswith("data:image/svg+xml;base64,")
    user.find(marker="take-anarchists").click()
    await wait_for(lambda: user.client.id in screens() and screen_of(user).faction == "anarchists")


async def test_log_entries_carry_their_references(reg, user: User) -> None:
    game_id = reg.create_game(TWO_HUMANS, name="Log test", seed=5).id
    await user.open(f"/game/{game_id}")
    log = log_text(user)
    assert 'data-refs="fascist:' in log and "lfLogTap(this, event)" in log  # assets/history.js: lfHighlight and the NP rule
    fronts = page_text(user)
    assert 'data-ref="front:madrid"' in fronts and 'data-ref="track:liberty"' in fronts


async def test_end_of_game_shows_outcome_and_winner(reg, user: User) -> None:
    from session_helpers import claim_humans, play

    session = reg.create_game({"anarchists": "human", "communists": "nonplayer", "moderates": "nonplayer"},
                              name="To the end", seed=11)
    play(session, claim_humans(session), seed=11)
    assert session.status == "finished"
    await user.open(f"/game/{session.id}")
    await see(user, "The war is")
    await see(user, "The game is over.")
    outcome = user.find(marker="outcome").elements.pop()
    assert "Glory" in outcome.content
    if session.result["war"] == "won":
        assert "win" in outcome.content


async def test_sound_cue_can_be_switched_off_and_stays_off(reg, user: User) -> None:
    session = reg.create_game(TWO_HUMANS, name="Sound", seed=2)
    await user.open(f"/game/{session.id}")
    await see(user, "Sound on")
    user.find(marker="sound").click()
    await see(user, "Sound off")
    assert screen_of(user).sound is False
    await user.open(f"/game/{session.id}")
    await see(user, "Sound off")


async def test_a_click_on_a_button_a_redraw_removed_is_answered_not_dropped(reg, user: User, create_user) -> None:
    """A click from an outdated picture (double tap, slow link, old tab) reaches a button the server already
    removed: NiceGUI would drop it silently; the page says that nothing was applied."""
    game_mod = live("lf.pages.game")
    game_id, ana, mod = await _two_players(reg, user, create_user)
    await open_all_options(ana)  # the list's buttons are drawn again when the decision changes
    marker = f"opt:{_choose_key(ana)}"
    old = ana.find(marker=marker).elements.pop()
    listener = next(iter(old._event_listeners.values()))  # noqa: SLF001
    ana.find(marker=marker).click()
    await see(ana, "Also deciding:")
    await wait_for(lambda: old.id not in screen_of(ana).client.elements, why="the old button is gone")
    version = port().game(game_id).version
    screen_of(ana).client.handle_event({"id": old.id, "listener_id": listener.id, "args": []})
    await wait_for(lambda: ana.notify.contains(game_mod.OUTDATED_MESSAGE), why="the outdated click is answered")
    assert port().game(game_id).version == version


async def test_a_second_click_while_the_first_is_handled_is_refused_with_a_message(reg, user: User,
                                                                                   create_user) -> None:
    game_mod = live("lf.pages.game")
    game_id, ana, mod = await _two_players(reg, user, create_user)
    version = port().game(game_id).version
    screen_of(ana).busy = True  # the first click is still being sent
    take(ana, _choose_key(ana))
    await wait_for(lambda: ana.notify.contains(game_mod.BUSY_MESSAGE), why="the second click is answered")
    assert port().game(game_id).version == version
    screen_of(ana).busy = False


async def test_the_page_stamps_the_version_it_shows(reg, user: User, create_user) -> None:
    game_id, ana, mod = await _two_players(reg, user, create_user)
    take(ana, _choose_key(ana))
    await wait_for(lambda: screen_of(mod).view["version"] == port().game(game_id).version)
    for u in (ana, mod):
        root = screen_of(u).root
        assert root.props["data-version"] == str(port().game(game_id).version)
        assert root.props["data-testid"] == "game"


async def test_all_options_closes_when_its_question_is_answered(reg, user: User, create_user) -> None:
    """"All options" is opened for a question; once that question is answered, the next one starts with it closed
    (it stayed open into later turns)."""
    game_id, ana, mod = await _two_players(reg, user, create_user)
    await open_all_options(ana)
    assert markers(ana, "opt:"), "All options is open"
    key = next(m[4:] for m in markers(ana, "opt:") if m.startswith("opt:choose"))
    version = port().game(game_id).version
    ana.find(marker=f"opt:{key}").click()
    await wait_for(lambda: screen_of(ana).view["version"] > version, why="the choice is taken")
    await wait_for(lambda: not markers(ana, "opt:"), why="All options closes")
    assert not screen_of(ana).all_open
