"""The computer and the coach at the teaching table (issue 21), with a simulated browser (NiceGUI's `user` fixture), a
real database and the real thinking pool: a Computer seat beside the table's persons, "Suggest a move" for the seat
whose turn it is, the coach's note after a move that differs from its own, the notes switched off, and the end
screen's count of the moves that matched the coach.

Turns follow the rulebook's order (pg. 5: every faction chooses a card in secret, then plays it in turn order);
the seeds are any seeds: nothing here depends on what they deal.
"""

from __future__ import annotations

import json

from nicegui.testing import User
from pages_helpers import live, markers, page_text, port, reg, see, thinking_figures, wait_for  # noqa: F401
from session_helpers import play
from teaching_helpers import act, settled, start, to_turn

from lf.components.teaching_prompt import public_cards
from lf.engine import Action
from lf.engine.content import load_content

SOLO = {"communists": "nonplayer", "moderates": "nonplayer"}


def _quick(screen) -> None:
    screen.coach.thoughts.level = "quick"  # Normal on a server; Quick keeps the tests short


def _focus_decision(screen) -> dict:
    return next(d for f, d in screen.snap.public if f == screen.snap.focus)


def _actions(game_id: str) -> list[dict]:
    return json.loads(port().game(game_id).state_json())["actions"]


def _words(user: User, *marks: str) -> str:
    with user:
        return "\n".join(el.text if hasattr(el, "text") else str(el.content)
                         for m in marks for el in user.find(marker=m).elements)


def _coach_html(user: User) -> str:
    with user:
        return "\n".join(el.content for el in user.find(marker="coach-line").elements)


def _open_key(screen) -> tuple:
    """The coach's key of the decision on screen (the one in focus)."""
    f = screen.snap.focus
    return live("lf.pages.coach").decision_key(screen.snap.views[f], f)


async def _counts(screen) -> dict[str, tuple[int, int]]:
    """{faction: (matched, compared)} as the game keeps them (the database), once the screen's are written there."""
    coach = live("lf.pages.teaching_coach")
    kept = lambda: coach.tally_counts(port().coach_marks_of(screen.game_id))  # noqa: E731
    await wait_for(lambda: kept() == coach.tally_counts(screen.marks), why="the screen's count is kept with the game")
    return kept()


def _hidden_names(screen) -> set[str]:
    """Names of the cards in any hand that the shared screen does not show (less any name a shown card shares)."""
    cards = load_content(screen.snap.board.get("content_version")).player_cards
    shown = {cards[c].name for c in public_cards(screen.snap.board) if c in cards}
    hands = {c for v in screen.snap.views.values() for fv in v["factions"].values() for c in fv.get("hand", [])}
    return {cards[c].name for c in hands if c in cards} - shown


async def test_a_computer_seat_at_the_teaching_table_plays_and_its_reason_is_logged(reg, user: User) -> None:
    await user.open("/")
    with user:
        assert "computer" in user.find(marker="teach-kind-communists").elements.pop().options
    screen = await start(user, seed=11, kinds={"communists": "computer", "moderates": "nonplayer"})
    # the level is the form's (Normal unless changed); the seat is nobody's to claim, the table holds the rest
    session = port().game(screen.game_id)
    assert session.options["computers"] == {"communists": "normal"}
    assert {s.faction: s.kind for s in session.seats()}["communists"] == "computer"
    assert list(screen.tokens) == ["anarchists"]
    # it chooses its card through the same session path as a person (pg. 5), and logs its reason in public words
    await wait_for(lambda: any(e["kind"] == "computer" for e in session.view()["log"]), timeout=60,
                   why="the computer's move and its reason")
    reasons = [e["text"] for e in session.view()["log"] if e["kind"] == "computer"]
    assert any("futures it tried after this move" in r or "only" in r for r in reasons), reasons
    await settled(user)
    assert any(e["kind"] == "computer" for e in screen.snap.board["log"])  # the screen's log has it
    with user:  # and its filter, as on the game page
        assert user.find(marker="log-filter").elements.pop().options["ai"] == "Computer reasons"


async def test_the_shared_screen_says_the_computer_is_thinking(reg, user: User) -> None:
    # Strong: long enough to be seen thinking
    screen = await start(user, seed=12, kinds={"moderates": "computer"}, form={"teach-level": "strong"})
    assert port().game(screen.game_id).options["computers"] == {"moderates": "strong"}
    await see(user, "Moderates (computer) are thinking …", timeout=30)
    assert markers(user, "thinking")
    sent = thinking_figures(user)  # and its bar moves with the search's measured share, as on the game page
    await wait_for(lambda: any(0 < f.get("moderates", 0) < 100 for _, f in sent),
                   timeout=60, why="a share of the Moderates' search between 0 and 100%")


async def test_teaching_suggest_outlines_a_legal_option_and_play_it_takes_it(reg, user: User) -> None:
    screen = await to_turn(user, seed=13, kinds=SOLO)
    _quick(screen)
    faction = screen.snap.focus
    decision = _focus_decision(screen)
    user.find(marker="suggest").click()
    await wait_for(lambda: bool(markers(user, "coach-take")), timeout=60, why="the coach's suggestion")
    action = screen.coach.suggestion.suggested()
    assert action in {c["key"] for c in decision["choices"]}  # a legal option of the seat in focus
    words = _words(user, "coach-title", "coach-why")
    assert "The coach suggests: " in words
    hidden = _hidden_names(screen)  # the hand is hidden during a public turn
    assert not [n for n in hidden if n.lower() in words.lower()], words
    outlined = [m for el in screen.now_box.descendants() if "lf-suggested" in el.classes for m in el._markers]
    assert f"act:{action}" in outlined  # its button in the decision panel is outlined (the board's in the browser)
    before = len(_actions(screen.game_id))
    user.find(marker="coach-take").click()
    await wait_for(lambda: len(_actions(screen.game_id)) > before, why="Play it")
    a = Action.parse(action)
    assert _actions(screen.game_id)[before] == {
        "faction": faction, "action": {"kind": a.kind, "arg": a.arg, **({"n": a.n} if a.n else {})}}


async def test_the_coach_says_what_it_would_have_played_after_a_move_that_differs(reg, user: User) -> None:
    """The coach's search starts when the decision opens; the person moves before or after it ends, and the note
    comes when it is done. Over several decisions its words never name a card in a hand the screen hides (the
    card just played for its Event is on the board by then: the note may name it, issue 29)."""
    screen = await to_turn(user, seed=14, kinds=SOLO)
    _quick(screen)
    for _ in range(6):
        await settled(user)
        if not screen.snap.focus:
            break
        faction, decision = screen.snap.focus, _focus_decision(screen)
        key = _open_key(screen)
        assert key in screen.coach.watch, "the coach thinks about the decision as soon as it opens"
        thinking = screen.coach.thoughts.running[key]
        await wait_for(lambda: thinking.task.done(), timeout=60, why="the coach's search")
        move = thinking.task.result().move
        other = next((c["key"] for c in decision["choices"] if c["key"] != move.action), None)
        hidden = _hidden_names(screen)
        lines = len(screen.coach.lines)
        await act(user, f"act:{other}")
        if move.reasons.trivial:
            continue  # every option alike: nothing to compare
        await wait_for(lambda: len(screen.coach.lines) > lines or len(screen.coach.lines) == 3, why="the note")
        who, line = screen.coach.lines[0]
        assert who == faction and line.startswith("The coach would have played ") and "the same" not in line
        assert line in _coach_html(user) or line.replace("'", "&#x27;") in _coach_html(user)
        hidden &= _hidden_names(screen)  # hidden then and still hidden now
        assert not [n for n in hidden if n.lower() in line.lower()], line
        counts = await _counts(screen)
        assert counts[faction][0] < counts[faction][1]  # a differing move is compared and does not match
        return
    raise AssertionError("no decision with options to compare")


async def test_the_coach_s_notes_off_in_the_setup_and_switched_on_during_play(reg, user: User) -> None:
    await user.open("/")
    with user:
        assert user.find(marker="teach-compare").elements.pop().value is True  # on unless the table says otherwise
    screen = await to_turn(user, seed=15, kinds=SOLO, form={"teach-compare": False})
    assert not screen.coach.compare_on and not screen.coach.watch  # no search runs for the notes
    decision = _focus_decision(screen)
    await act(user, f"act:{decision['choices'][0]['key']}")
    assert not screen.coach.lines and not markers(user, "coach-line")
    assert markers(user, "suggest") or not screen.snap.focus  # "Suggest a move" stays: it is always on here
    with user:
        user.find(marker="t-compare").elements.pop().value = True
    await wait_for(lambda: screen.coach.compare_on, why="the switch")
    if screen.snap.focus:
        await wait_for(lambda: bool(screen.coach.watch), why="the coach thinks again for the notes")


async def test_the_end_screen_counts_the_moves_that_matched_the_coach(reg, user: User) -> None:
    screen = await to_turn(user, seed=16, kinds=SOLO)
    _quick(screen)
    faction = screen.snap.focus
    key = _open_key(screen)
    thinking = screen.coach.thoughts.running[key]
    await wait_for(lambda: thinking.task.done(), timeout=60, why="the coach's search")
    await act(user, f"act:{thinking.task.result().move.action}")  # the coach's own move: it matches
    await wait_for(lambda: not any(w.taken for w in screen.coach.watch.values()), timeout=60,
                   why="every note of the moves made so far (the secret choices' too)")
    screen.coach.compare_on = False  # the rest of the game is played at once, without the coach
    matched, compared = (await _counts(screen))[faction]
    assert 1 <= matched <= compared  # the coach's own move matched
    play(port().game(screen.game_id), screen.tokens, seed=3)
    await wait_for(lambda: bool(markers(user, "coach-tally")), timeout=60, why="the end screen")
    words = f"{matched} of {compared} move{'s' * (compared != 1)} compared matched the coach"
    text = page_text(user)
    assert "The coach and the table" in text and words in text
    # the count is kept with the game: a reload (or another screen taking over the lesson) shows it again
    await user.open(f"/teach/{screen.game_id}")
    await see(user, words)


async def test_a_table_faster_than_the_coach_keeps_only_a_few_notes_pending(reg, user: User) -> None:
    """Searches for notes are never queued without end: past ``PENDING`` moves still being thought, the oldest note
    is dropped (its search stops), so a table (or a test) that moves faster than the coach thinks can't pile up
    work in the thinking pool."""
    screen = await to_turn(user, seed=17, kinds=SOLO)
    screen.coach.thoughts.level = "strong"  # slower than the moves below
    limit = live("lf.pages.teaching_coach").PENDING
    moves = 0
    while moves < limit + 3:
        await settled(user)
        if screen.snap.focus:
            decision = _focus_decision(screen)
            await act(user, f"act:{decision['choices'][-1 if decision['kind'] == 'turn' else 0]['key']}")
        elif screen.snap.secret:  # the next turn's card, chosen in secret
            faction = screen.snap.secret_factions[0]
            user.find(marker=f"iam-{faction}").click()
            await wait_for(lambda: bool(markers(user, "act:choose:")), why="the hand shown")
            await act(user, markers(user, "act:choose:")[0])
        else:
            raise AssertionError("the game waits for nobody at the table")
        moves += 1
        assert sum(1 for w in screen.coach.watch.values() if w.taken is not None) <= limit
    assert len(screen.coach.thoughts.running) <= limit + 1  # the pending notes' searches, and the open decision's


async def test_a_suggested_hero_point_spend_opens_its_fold(reg, user: User) -> None:
    """The Hero point spends are folded away on the teaching panel; a suggestion among them opens the fold, so its
    outline is seen (the coach's own choice is set here: which option a search prefers is not up to the test)."""
    screen = await to_turn(user, seed=18, kinds=SOLO)
    spends = [c["key"] for c in _focus_decision(screen)["choices"] if c["key"].startswith("hp_")]
    if not spends:
        return  # no Hero point spend open on this deal's first turn
    coach = screen.coach.suggestion
    coach.advice = live("lf.coach").Advice(screen.snap.focus, spends[0], "a spend", "", "", "")
    coach.advice_key = coach.key()
    screen._redraw_now()
    await wait_for(lambda: bool(markers(user, "coach-take")), why="the suggestion drawn")
    with user:
        fold = user.find(marker="spend").elements.pop()
    assert fold.value is True
    outlined = [m for el in fold.descendants() if "lf-suggested" in el.classes for m in el._markers]
    assert f"act:{spends[0]}" in outlined
