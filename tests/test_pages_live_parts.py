"""Live updates send what changed and nothing else, and a click still says which picture it was made on.

The game page keeps its board pieces, log blocks and HTML parts between moves (``lf/components/pieces.py``,
``log_panel.py``, ``part.py``) so a move costs the server and every browser little (issue 6's latency
figures). These tests hold that down: a move on one Front rewrites that Front only, older turns of the log
are never re-sent, and because elements outlive versions, a tap carries the version the browser shows: one
made on an outdated picture is refused and changes nothing (the session's rule, docs/persistence.md).
"""

from __future__ import annotations

from nicegui import background_tasks, ui
from nicegui.testing import User
from pages_helpers import join, live, markers, offered, open_all_options, port, reg, screen_of, see, take, wait_for  # noqa: F401
from test_pages_game import PICKS, TWO_HUMANS, _choose_key, _two_players, moderates_turn, until_offered

from lf.components.log_panel import CHUNK, fold_notes, turn_blocks


def _entries(turns: list[int]) -> list[dict]:
    return [{"i": n, "year": 1, "turn": t, "kind": "", "text": f"entry {n}"} for n, t in enumerate(turns)]


def test_the_log_shows_every_turn_newest_first_in_blocks_that_never_change_once_full() -> None:
    assert CHUNK == 8
    entries = _entries([0] * 3 + [1] * 4 + [2] * 5)
    turns = turn_blocks(fold_notes(entries))
    # The whole game, newest turn first (issue 12: no longer the last 150 entries); turn 2 is cut at entry 8, and
    # inside a turn the blocks (and their entries) read in time order (issue 20: the cause before its effects).
    assert [turn for turn, _ in turns] == [(1, 2), (1, 1), (1, 0)]
    assert [[key for key, _ in blocks] for _, blocks in turns] == [[7, 8], [3], [0]]
    assert [e["i"] for e, _ in turns[0][1][-1][1]] == [8, 9, 10, 11]
    # A new entry changes the newest block only: every other block stays as it was.
    more = turn_blocks(fold_notes(_entries([0] * 3 + [1] * 4 + [2] * 6)))
    assert more[1:] == turns[1:] and more[0][1][:-1] == turns[0][1][:-1]
    assert [e["i"] for e, _ in more[0][1][-1][1]] == [8, 9, 10, 11, 12]


def test_a_non_player_note_is_folded_under_the_move_it_chose() -> None:
    entries = _entries([1] * 5)
    entries[1]["kind"] = entries[4]["kind"] = "nonplayer"
    rows = fold_notes(entries)
    # Entry 1 (the rule) explains entry 2 (the move); entry 4 has no move after it yet: it stays a row.
    assert [(e["i"], [n["i"] for n in notes]) for e, notes in rows] == [(0, []), (2, [1]), (3, []), (4, [])]


def _piece_texts(user: User, name: str) -> dict[str, tuple[int, str]]:
    part = next(p for p in screen_of(user).parts if p.name == name)
    return {key: (el.id, el.content) for key, el in part.elements.items()}


def _log_blocks(user: User) -> dict[int, tuple[int, str]]:
    part = next(p for p in screen_of(user).parts if p.name == "log")
    return {key: (el.id, el.content) for key, el in part.blocks.items()}


def _part_element(user: User, name: str):
    return next(p for p in screen_of(user).parts if p.name == name).element


async def test_a_move_on_one_front_rewrites_that_front_and_the_current_turn_only(reg, user: User,
                                                                                 create_user) -> None:
    game_id, ana, mod = await moderates_turn(reg, user, create_user)
    fronts, log = _piece_texts(ana, "fronts"), _log_blocks(ana)
    status, cards = _part_element(ana, "status"), _part_element(ana, "cards-moderates")
    cards_before, anarchist_cards = cards.content, _part_element(ana, "cards-anarchists").content
    take(mod, "ap_front:madrid")  # Rulebook pg. 6 (Player Cards): AP add strength to one Front (a tap on it)
    await wait_for(lambda: _piece_texts(ana, "fronts")["madrid"] != fronts["madrid"], why="Madrid is redrawn")
    after = _piece_texts(ana, "fronts")
    assert after["madrid"][0] == fronts["madrid"][0], "the Madrid Front is the same element, rewritten"
    assert {k: v for k, v in after.items() if k != "madrid"} == {k: v for k, v in fronts.items() if k != "madrid"}
    new_log = _log_blocks(ana)
    assert "Moderates play" in "".join(html for _, html in new_log.values())
    changed = {k for k in new_log if new_log[k] != log.get(k)}
    assert changed <= {k for k in new_log if k >= max(log)}, f"an older block of the log was re-sent: {changed}"
    # The HTML-only parts are the same elements with new text (the Moderates' tableau has the card now); the
    # Anarchists' cards did not change, so that block was not sent again.
    assert _part_element(ana, "status") is status and _part_element(ana, "cards-moderates") is cards
    await wait_for(lambda: cards.content != cards_before, why="the Moderates' tab shows the card played")
    assert _part_element(ana, "cards-anarchists").content == anarchist_cards


async def test_a_tap_on_a_front_from_an_outdated_picture_is_refused_and_changes_nothing(reg, user: User,
                                                                                         create_user) -> None:
    """The first Fascist Attacks hit Fronts tied at -2; Rulebook pg. 5 and pg. 8: the Initiative player breaks
    the tie, here by tapping a Front on the board."""
    game_mod = live("lf.pages.game")
    game_id = reg.create_game(TWO_HUMANS, name="Taps", seed=7).id
    ana, mod = user, create_user()
    await join(ana, game_id, "anarchists", "Ana")
    await join(mod, game_id, "moderates", "Mo")
    picks = [k for k in offered(mod) if k.startswith("front:")]
    assert picks, f"seed 7 no longer starts with a Front to pick: {offered(mod)}"
    front = picks[0].split(":")[1]
    pieces = next(p for p in screen_of(mod).parts if p.name == "fronts")
    assert pieces.shown[front][1] is not None, "the Front is a button while it can be picked"
    version = port().game(game_id).version
    mod.find(marker=f"front-{front}").trigger("click", pieces.since[front] - 1)
    await wait_for(lambda: mod.notify.contains(game_mod.OUTDATED_MESSAGE), why="the outdated tap is answered")
    assert port().game(game_id).version == version
    mod.find(marker=f"front-{front}").trigger("click", screen_of(mod).view["version"])
    await wait_for(lambda: port().game(game_id).version > version, why="the tap on the current picture is applied")


async def test_a_button_pressed_on_a_picture_older_than_the_decision_is_refused(reg, user: User,
                                                                                create_user) -> None:
    game_mod = live("lf.pages.game")
    game_id, ana, mod = await _two_players(reg, user, create_user)
    version = port().game(game_id).version
    # A card of the hand tapped on version 0 (the browser's picture is older than this choice): the page answers.
    take(ana, _choose_key(ana), version=0)
    await wait_for(lambda: ana.notify.contains(game_mod.OUTDATED_MESSAGE), why="the outdated tap is answered")
    # The same in the list of All options: the session refuses the version.
    await open_all_options(ana)
    ana.find(marker=f"opt:{_choose_key(ana)}").trigger("click", 0)
    await wait_for(lambda: any("changed since your page was drawn" in m for m in ana.notify.messages),
                   why="the session refuses the stale click")
    assert port().game(game_id).version == version
    assert [k for k in offered(ana) if k.split(":")[0] in PICKS] == []


async def test_every_button_and_tab_presses_without_a_ripple(reg, user: User, create_user) -> None:
    """A ripple re-paints the page for half a second after each press (issue 6's browser CPU figures):
    every button and tab, the prompt's and the confirmation's included, is made without one."""
    game_id, _, mod = await moderates_turn(reg, user, create_user)
    version = port().game(game_id).version
    take(mod, "ap_front:madrid")
    await wait_for(lambda: screen_of(mod).view["version"] > version, why="the card is played")
    await until_offered(game_id, mod, "end_turn")
    # The page's one question (an end of turn that gives something up: tests/test_pages_confirm.py), opened here
    # as the page opens it, whatever this turn's end gives up.
    with mod:
        asked = background_tasks.create(screen_of(mod).confirm("End your turn? You would give up ..."))
    await see(mod, "Please confirm")
    controls = [e for e in mod.client.elements.values() if isinstance(e, (ui.button, ui.tab))]
    assert len(controls) >= 8, "the prompt, the confirmation and the faction tabs are on the page"
    assert {e.props.get(":ripple") for e in controls} == {"false"}
    mod.find(marker="confirm-no").click()
    assert await asked is False
