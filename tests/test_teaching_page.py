"""Teaching mode on one shared screen (issue 7): hand-off, lessons, previews, reasons, undo/redo, replay.

Each test starts its lesson from the lobby's "Start a teaching game" box in a
simulated browser, which then holds every human seat, and plays through the
real session layer and engine (a fresh SQLite database per test).
"""

from __future__ import annotations

from html import escape

from nicegui.testing import User
from pages_helpers import hand_names, live, markers, page_text, port, reg, see, wait_for  # noqa: F401
from teaching_helpers import act, choose_all, screens, settle_picks, start, to_turn, tscreen

from lf.components.prompt import SPEND_KINDS, spend_title
from lf.components.teaching_replay import step_title
from lf.engine.content import load_content


async def test_lobby_starts_a_teaching_game_holding_every_human_seat(reg, user: User) -> None:
    screen = await start(user, seed=4, kinds={"communists": "nonplayer"})
    session = port().game(screen.game_id)
    assert session.mode == "teaching" and session.options.get("free_undo") is True
    assert set(screen.tokens) == {"anarchists", "moderates"}
    assert {s.faction: s.kind for s in session.seats()}["communists"] == "nonplayer"
    assert all(s.claimed for s in session.seats() if s.kind == "human")
    await user.open("/")
    await see(user, "Resume the teaching game")


async def test_one_human_and_two_nonplayers(reg, user: User) -> None:
    screen = await start(user, seed=6, kinds={"communists": "nonplayer", "moderates": "nonplayer"})
    assert list(screen.tokens) == ["anarchists"]
    await settle_picks(user)
    await see(user, "I am the Anarchists")
    assert markers(user, "iam-") == ["iam-anarchists"]


async def test_hands_stay_hidden_until_the_tap_and_hide_again_after(reg, user: User) -> None:
    screen = await start(user, seed=7)
    await settle_picks(user)
    await see(user, "Every hand is hidden.")
    hands = {f: hand_names(reg, screen.game_id, f) for f in ("anarchists", "communists", "moderates")}

    def shown() -> set[str]:
        text = page_text(user)
        return {f for f, names in hands.items() if any(n in text for n in names)}

    assert shown() == set(), "a hand is on the shared screen before anyone tapped"
    user.find(marker="iam-anarchists").click()
    await see(user, "look now")
    assert shown() == {"anarchists"}
    choose = [m for m in markers(user, "act:choose:")][0]
    await act(user, choose)
    await see(user, "Every hand is hidden.")
    await see(user, "The Anarchists have chosen their card ✓")
    assert shown() == set(), "the Anarchists' hand stayed on the screen after their choice"
    # The next player taps, looks, then changes their mind: "Hide my hand" hides it without choosing.
    user.find(marker="iam-moderates").click()
    await see(user, "look now")
    assert shown() == {"moderates"}
    user.find(marker="hide-hand").click()
    await see(user, "Every hand is hidden.")
    assert shown() == set()
    assert screen.revealed is None


async def test_the_acting_players_hand_is_shown_only_on_request(reg, user: User) -> None:
    """After the secret choices the turn is public; the player's other cards stay hidden unless asked for."""
    screen = await to_turn(user)
    assert screen.snap.board["phase"] == "turn" and not screen.snap.secret
    faction = screen.snap.focus
    assert screen.tabs.value == faction  # the acting faction's tab is the one shown
    names = hand_names(reg, screen.game_id, faction)
    card = screen.snap.board["factions"][faction]["playing"] + [
        c["action"]["arg"] for d in [d for f, d in screen.snap.public if f == faction] for c in d["choices"]
        if c["action"]["kind"] == "event"]
    hidden = [n for n in names if n not in {load_content().player_cards[c].name for c in card}]
    assert hidden and not any(n in page_text(user) for n in hidden)
    user.find(marker="t-peek").click()
    await wait_for(lambda: all(n in page_text(user) for n in hidden), why="the hand shown on request")
    user.find(marker="t-peek").click()
    await wait_for(lambda: not any(n in page_text(user) for n in hidden), why="the hand hidden again")


def _opening_tie_seed() -> int:
    """A seed whose first question is the Initiative player's tie-break (found with the engine, at test time)."""
    from lf.engine import new_game

    return next(s for s in range(1, 60) if new_game(s).pending[0].get("purpose", "").startswith("tie_"))


def _lessons_on_screen(user: User) -> list[str]:
    return [m for m in markers(user, "lesson-") if not m.startswith(("lesson-ok", "lesson-show"))]


async def test_lessons_come_before_their_decision_one_at_a_time_and_mark_their_area(reg, user: User) -> None:
    """Issue 20: the first decision is a tie-break; its lesson (the Initiative, ties, Madrid) is on screen before it
    is answered. Once read, no other lesson comes at that decision; the next comes with the next decision."""
    screen = await start(user, seed=_opening_tie_seed())
    await see(user, "Lesson · Ties, the Initiative and Madrid")
    assert screen.snap.focus and next(d for f, d in screen.snap.public if f == screen.snap.focus)["kind"] == "pick"
    assert screen.lesson.key == ["tie_break"] and screen.lesson_target == "fronts"
    assert "lf-lesson-target" in screen.areas["fronts"].classes
    assert not any("lf-lesson-target" in a.classes for n, a in screen.areas.items() if n != "fronts")
    await see(user, "Show the Fronts")
    user.find(marker="lesson-ok-tie_break").click()
    await wait_for(lambda: not _lessons_on_screen(user), why="no second lesson at the same decision")
    await settle_picks(user)
    await see(user, "Lesson · The Fascist Event, then a card in secret")
    assert _lessons_on_screen(user) == ["lesson-fascist_event"] and screen.lesson_target == "fascist"
    # Seen is remembered for this game in this browser: a reload does not show it again.
    await user.open(f"/teach/{screen.game_id}")
    await see(user, "Lesson · The Fascist Event, then a card in secret")
    assert "lesson-tie_break" not in markers(user, "lesson-")


async def test_the_guide_can_be_switched_off_and_on(reg, user: User) -> None:
    screen = await start(user, seed=_opening_tie_seed())
    await see(user, "Lesson · Ties, the Initiative and Madrid")
    with user:
        user.find(marker="t-guide").elements.pop().value = False
    await wait_for(lambda: not _lessons_on_screen(user))
    await user.open(f"/teach/{screen.game_id}")  # the choice is kept for this game
    assert tscreen(user).guide is False
    assert not _lessons_on_screen(user)
    with user:
        user.find(marker="t-guide").elements.pop().value = True
    await see(user, "Lesson · Ties, the Initiative and Madrid")


async def test_every_option_says_what_it_would_do(reg, user: User) -> None:
    screen = await to_turn(user)
    faction = screen.snap.focus
    decision = next(d for f, d in screen.snap.public if f == faction)
    assert decision["kind"] == "turn"
    expected = port().previews(screen.game_id, screen.tokens[faction])
    ap = [c for c in decision["choices"] if c["action"]["kind"] == "ap_front"]
    assert ap and all(c["key"] in expected for c in decision["choices"])
    for c in ap:
        front = c["action"]["arg"].capitalize()
        assert f"{front} Front" in expected[c["key"]]
        label = user.find(marker=f"preview:{c['key']}").elements.pop()
        assert label.text.startswith("Would do:") and f"{front} Front" in label.text
    # What every Action Point option does alike (the card joins the tableau) is said once, above them.
    common = [el.text for el in user.find(marker="preview-common").elements]
    assert any("tableau" in t for t in common)
    # An Event's preview tells its public changes and never a card the Event would draw.
    text = page_text(user)
    for name in hand_names(reg, screen.game_id, faction):
        assert f"draw {name}" not in text


async def test_closed_options_say_why(reg, user: User) -> None:
    screen = await to_turn(user)
    faction = screen.snap.focus
    decision = next(d for f, d in screen.snap.public if f == faction)
    assert decision["unavailable"], "the engine lists no closed option here"
    for u in decision["unavailable"]:
        assert f"why:{u['key']}" in markers(user, "why:")
        await see(user, f"Not now: {u['reason']}")


async def test_free_undo_and_redo_through_the_buttons(reg, user: User) -> None:
    screen = await to_turn(user)
    session = port().game(screen.game_id)
    before = session.state_json()
    choice = next(m for m in markers(user, "act:ap_front:"))
    await act(user, choice)
    after = session.state_json()
    assert after != before
    await act(user, "t-undo")
    assert session.state_json() == before
    await see(user, "Took back")
    assert screen.redo_button.enabled
    await act(user, "t-redo")
    assert session.state_json() == after
    assert not session.can_redo and not screen.redo_button.enabled


async def test_undo_crosses_a_secret_choice(reg, user: User) -> None:
    """The table shares the screen: undo may take back a card chosen in secret (and the reveal after it)."""
    screen = await start(user, seed=10)
    await settle_picks(user)
    before = port().game(screen.game_id).state_json()
    user.find(marker="iam-anarchists").click()
    await see(user, "look now")
    await act(user, [m for m in markers(user, "act:choose:")][0])
    await act(user, "t-undo")
    assert port().game(screen.game_id).state_json() == before
    await see(user, "I am the Anarchists")


async def test_what_happened_steps_through_the_last_turn(reg, user: User) -> None:
    screen = await to_turn(user)
    user.find(marker="t-replay").click()
    await see(user, "What happened")
    frames = port().history(screen.game_id)
    assert len(frames) >= 2
    await see(user, f"Step 1 of {len(frames)}")
    board = user.find(marker="replay-board").elements.pop()
    assert "Madrid" in board.content and "Liberty" in board.content
    user.find(marker="replay-next").click()
    await see(user, f"Step 2 of {len(frames)}")
    lines = user.find(marker="replay-lines").elements.pop().content
    assert all(escape(line) in lines for line in frames[1].lines)
    assert user.find(marker="replay-title").elements.pop().text == step_title(frames[1])
    user.find(marker="replay-back").click()
    await see(user, f"Step 1 of {len(frames)}")


async def test_replay_and_board_never_show_a_hand(reg, user: User) -> None:
    screen = await to_turn(user)
    names = set()
    for f in ("anarchists", "communists", "moderates"):
        names.update(hand_names(reg, screen.game_id, f))
    playing = {load_content().player_cards[c].name for f in screen.snap.board["factions"].values()
               for c in f["tableau"] + f["trash"] + f["playing"]}
    if screen.snap.focus:
        decision = next(d for f, d in screen.snap.public if f == screen.snap.focus)
        playing.update(load_content().player_cards[c["action"]["arg"]].name
                       for c in decision["choices"] if c["action"]["kind"] == "event")
    user.find(marker="t-replay").click()
    await see(user, "What happened")
    text = page_text(user)
    for name in names - playing:
        assert name not in text, f"{name} (a card in a hand) is on the shared screen"


async def test_a_browser_without_the_seats_cannot_run_the_lesson(reg, user: User, create_user) -> None:
    screen = await start(user, seed=3)
    other = create_user()
    await other.open(f"/teach/{screen.game_id}")
    await see(other, "This lesson runs on another screen")
    assert other.client.id not in screens()


async def test_a_hand_hides_after_its_choice_even_when_the_same_faction_chooses_next(reg, user: User) -> None:
    """End of Year 1: the cards kept, then at once the new Year's secret card: back to the hand-off between."""
    from session_helpers import next_move, seed_reaching

    kinds = {"communists": "nonplayer", "moderates": "nonplayer"}
    seed = seed_reaching({"anarchists": "human", **kinds}, "keep")  # a game that reaches the End of Year 1
    screen = await start(user, seed=seed, kinds=kinds)
    session = port().game(screen.game_id)
    for _ in range(400):
        view = session.view(screen.tokens["anarchists"])
        if view["decisions"] and view["decisions"][0]["kind"] == "keep":
            break
        assert session.status == "active"
        faction, action, version = next_move(session, screen.tokens, seed)
        assert session.act(screen.tokens[faction], version, action).ok
    else:
        raise AssertionError("no End of the Year")
    await settle_picks(user)
    await see(user, "I am the Anarchists")
    await see(user, "…to choose the cards they keep for next Year")
    user.find(marker="iam-anarchists").click()
    await see(user, "End of Year 1: keep up to")
    await act(user, "act:keep_done")
    await settle_picks(user)
    await see(user, "…to choose the card they will play this turn")
    assert screen.revealed is None and not markers(user, "private")
    assert not markers(user, "act:choose:")


async def test_a_second_tap_on_an_old_button_is_refused_not_applied_twice(reg, user: User) -> None:
    """A double tap: the second tap carries the version its button was drawn at; the session refuses it."""
    screen = await to_turn(user)
    session = port().game(screen.game_id)
    faction, drawn_at = screen.snap.focus, screen.snap.views[screen.snap.focus]["version"]
    decision = next(d for f, d in screen.snap.public if f == faction)
    choice = next(c for c in decision["choices"] if c["action"]["kind"] == "ap_front")
    await act(user, f"act:{choice['key']}")
    version = session.version
    await screen.send(faction, choice, drawn_at)  # what the old button's handler does with the second tap
    await see(user, "Nothing was applied")
    assert session.version == version


async def test_a_tap_on_a_button_a_redraw_removed_is_answered_not_dropped(reg, user: User) -> None:
    """A tap that lands as the panel is drawn anew (another seat moved; a double tap) reaches a button the server
    already removed: NiceGUI would drop it in silence; the screen says that nothing was applied (as the game page)."""
    outdated = live("lf.pages.outdated_clicks").OUTDATED_MESSAGE
    screen = await to_turn(user)
    session = port().game(screen.game_id)
    decision = next(d for f, d in screen.snap.public if f == screen.snap.focus)
    key = next(c["key"] for c in decision["choices"] if c["action"]["kind"] == "ap_front")
    old = user.find(marker=f"act:{key}").elements.pop()
    listener = next(iter(old._event_listeners.values()))  # noqa: SLF001
    await act(user, f"act:{key}")
    await wait_for(lambda: old.id not in screen.client.elements, why="the old button is gone")
    version = session.version
    screen.client.handle_event({"id": old.id, "listener_id": listener.id, "args": []})
    await wait_for(lambda: user.notify.contains(outdated), why="the outdated tap is answered")
    assert session.version == version


async def test_the_hero_point_spends_heading_says_how_many_in_words(reg, user: User) -> None:
    """The spends' heading is the game page's (``spend_title``): never "(0 options now)" (issue 12's trial)."""
    screen = await to_turn(user)
    faction = screen.snap.focus
    decision = next(d for f, d in screen.snap.public if f == faction)
    possible = sum(c["action"]["kind"] in SPEND_KINDS for c in decision["choices"])
    heading = user.find(marker="spend").elements.pop()
    assert heading.props.get("label") == spend_title(possible), heading.props
    assert "options now" not in page_text(user)
