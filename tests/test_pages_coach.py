"""The coach's "Suggest a move" on the game page (issue 21), with simulated browsers (NiceGUI's `user` fixture), a
real database and the real thinking pool: it outlines a legal option and says why, "Play it" takes it, a move made
meanwhile cancels it, its words never name a card hidden from the seat, and a host can switch hints off.

The seat plays a person's turn by the rulebook's order (pg. 5: a card chosen in secret, then played); the other
factions are Non-players (Appendix 3), so the seat always has its own decision soon.
"""

from __future__ import annotations

import json

from nicegui.testing import User
from pages_helpers import join, live, markers, offered, reg, screen_of, see, take, wait_for  # noqa: F401

from lf.coach import nameable_cards
from lf.engine import Action
from lf.engine.content import load_content

SOLO = {"anarchists": "human", "communists": "nonplayer", "moderates": "nonplayer"}


async def _seated(reg, user: User) -> str:
    game_id = reg.create_game(SOLO, name="Coach table").id
    await join(user, game_id, "anarchists", "Ana")
    await wait_for(lambda: bool(screen_of(user).view["decisions"]), timeout=30, why="the seat's first decision")
    screen_of(user).suggestion.thoughts.level = "quick"  # Normal on a server; Quick keeps the test short
    return game_id


def _coach_words(user: User) -> str:
    with user:
        return "\n".join(el.text for m in ("coach-title", "coach-why") for el in user.find(marker=m).elements)


def _hidden_names(reg, game_id: str, view: dict) -> set[str]:
    """Names of the cards the seat cannot see now (other hands, every deck), less any name a card it sees shares."""
    state = json.loads(reg.get(game_id).state_json())
    cards = load_content(view.get("content_version")).player_cards
    seen = {cards[c].name for c in nameable_cards(view) if c in cards}
    hidden = {cards[c].name for c in _card_ids(state) if c in cards}
    return hidden - seen


def _card_ids(node) -> set[str]:
    if isinstance(node, str):
        return {node}
    if isinstance(node, dict):
        return set().union(*(_card_ids(v) for v in node.values())) if node else set()
    if isinstance(node, list):
        return set().union(*(_card_ids(v) for v in node)) if node else set()
    return set()


async def test_suggest_a_move_outlines_a_legal_option_says_why_and_play_it_takes_it(reg, user: User) -> None:
    game_id = await _seated(reg, user)
    screen = screen_of(user)
    user.find(marker="suggest").click()
    await wait_for(lambda: screen.suggestion.asking is not None or bool(markers(user, "coach")), why="asked")
    await wait_for(lambda: bool(markers(user, "coach")), timeout=60, why="the coach's suggestion")
    action = screen.suggestion.suggested()
    assert action in offered(user)  # a legal option of this seat's decision, where the page offers it
    words = _coach_words(user)
    assert "The coach suggests: " in words
    assert "%" in words or "only" in words  # its odds from the search (or why there was nothing to weigh)
    outlined = [el for el in screen.prompt_area.descendants() if "lf-suggested" in el.classes]
    on_the_board = f"act:{action}" not in markers(user, "act:")
    assert outlined or on_the_board  # a bar button is outlined here; a board target is outlined in the browser
    before = len(json.loads(reg.get(game_id).state_json())["actions"])
    user.find(marker="coach-take").click()
    await wait_for(lambda: len(json.loads(reg.get(game_id).state_json())["actions"]) > before, why="Play it")
    taken = json.loads(reg.get(game_id).state_json())["actions"][before]
    a = Action.parse(action)
    assert taken == {"faction": "anarchists", "action": {"kind": a.kind, "arg": a.arg, **({"n": a.n} if a.n else {})}}
    await wait_for(lambda: not markers(user, "coach"), why="the suggestion leaves with its question")


async def test_the_coach_never_names_a_card_hidden_from_the_seat(reg, user: User) -> None:
    """Like the Non-player notes: the words are made from the seat's view, so another hand or a deck's card never
    shows up by name (rulebook pg. 5: a hand is secret)."""
    game_id = await _seated(reg, user)
    screen = screen_of(user)
    for _ in range(3):
        await wait_for(lambda: bool(screen.view["decisions"]), timeout=30, why="the seat's decision")
        user.find(marker="suggest").click()
        await wait_for(lambda: bool(markers(user, "coach")), timeout=60, why="the coach's suggestion")
        hidden = _hidden_names(reg, game_id, screen.view)
        assert hidden, "other hands and the decks hold cards the seat cannot see"
        words = _coach_words(user)
        assert not [name for name in hidden if name in words], words
        version = screen.view["version"]
        user.find(marker="coach-take").click()
        await wait_for(lambda: screen.view["version"] > version, why="Play it")


async def test_a_move_made_while_the_coach_thinks_cancels_it(reg, user: User) -> None:
    await _seated(reg, user)
    screen = screen_of(user)
    screen.suggestion.thoughts.level = "strong"  # long enough to move meanwhile
    user.find(marker="suggest").click()
    await wait_for(lambda: screen.suggestion.asking is not None, why="the coach thinks")
    with user:
        assert user.find(marker="suggest").elements.pop().props.get("aria-busy") == "true"
    version = screen.view["version"]
    take(user, next(k for k in offered(user)))
    await wait_for(lambda: screen.view["version"] > version, why="the move")
    await wait_for(lambda: not screen.suggestion.thoughts.running, why="its search stopped")
    assert screen.suggestion.asking is None and screen.suggestion.advice is None
    assert not markers(user, "coach")
    assert live("lf.server.suggestions").suggestions.in_flight() == 0  # the visitor's place is given back
    pool = live("lf.session.thinking").thinkers()
    await wait_for(lambda: pool.busy == 0, timeout=10, why="the thinking process let go of the cancelled search")


async def test_one_suggestion_in_flight_per_browser_a_press_beyond_is_refused_in_words(reg, user: User) -> None:
    """A suggestion is seconds of a thinking process, the pool the computer seats need too: a browser has one
    search in flight at a time (lf/server/suggestions.py), and a press beyond it is told why; nothing changes."""
    await _seated(reg, user)
    screen = screen_of(user)
    give_back = screen.suggestion.thoughts.gate()  # this browser's search on another of its pages
    user.find(marker="suggest").click()
    await wait_for(lambda: user.notify.contains("still thinking for another of your pages"), why="the refusal")
    assert screen.suggestion.asking is None and not screen.suggestion.thoughts.running
    with user:
        assert user.find(marker="suggest").elements.pop().props.get("aria-busy") == "false"
    give_back()
    user.find(marker="suggest").click()
    await wait_for(lambda: bool(markers(user, "coach")), timeout=60, why="the coach's suggestion once the other ended")
    assert live("lf.server.suggestions").suggestions.in_flight() == 0


async def test_hints_off_when_the_host_says_so(reg, user: User) -> None:
    await user.open("/")
    with user:
        for f in ("communists", "moderates"):
            user.find(marker=f"kind-{f}").elements.pop().value = "nonplayer"
        assert user.find(marker="new-hints").elements.pop().value is True  # on unless the host says otherwise
        user.find(marker="new-hints").elements.pop().value = False
    user.find(marker="create").click()
    await see(user, "Seats and invitations")
    screen = screen_of(user)
    assert reg.get(screen.game_id).hints is False
    await wait_for(lambda: bool(screen.view["decisions"]), timeout=30, why="the seat's decision")
    assert screen.suggestion is None and not markers(user, "suggest")
    assert markers(user, "all-toggle")  # the rest of the bar is there
