"""Fewer confirmations, one rule (docs/pages.md, "Confirmations"): the page asks a question only before ending a
turn that gives something up, and names what (the engine's ``forgo``, lf/engine/forgo.py).

A button that says what it does ("Play ... for its Event", "Confirm your bid", "Done: discard the rest", "Let it
lapse") is the step itself; the game page does not decide what is lost, it names what the engine lists.
"""

from __future__ import annotations

from nicegui.testing import User
from pages_helpers import click, join, markers, offered, reg, screen_of, see, wait_for  # noqa: F401
from session_helpers import next_move, seed_reaching

from lf.components.prompt import CONFIRM_KINDS, confirm_text
from lf.engine import GameState, decision, from_json

SOLO = {"anarchists": "human", "communists": "nonplayer", "moderates": "nonplayer"}
END = {"action": {"kind": "end_turn"}, "key": "end_turn", "label": "End your turn"}


def test_only_a_turn_end_that_gives_something_up_is_asked_about() -> None:
    """Rulebook pg. 8 ("can now be applied"): "Let it lapse: no Front receives the +2 Strength" says what it does,
    like "Confirm your bid" and "Done: discard the rest": the button is the step."""
    lapse = {"action": {"kind": "lapse"}, "key": "lapse", "label": "Let it lapse: no Front receives the +2 Strength"}
    assert confirm_text(lapse, {"kind": "pick"}) is None and CONFIRM_KINDS == ("end_turn",)
    for kind in ("bid_done", "keep_done", "event"):
        assert confirm_text({"action": {"kind": kind}, "key": kind, "label": "x"}, {"kind": "turn"}) is None
    assert confirm_text(END, {"kind": "turn", "choices": [END]}) is None
    forgo = ["turning the Morale Bonus on: it is off, and 2 of your Hero points would do it",
             "a card for your next turn: your hand is empty and 1 Hero point buys one"]
    assert confirm_text(END, {"kind": "turn", "forgo": forgo}) == (
        "End your turn? You would give up turning the Morale Bonus on: it is off, and 2 of your Hero points would do it; "
        "and a card for your next turn: your hand is empty and 1 Hero point buys one.")


def _gives_up_a_bonus(state: GameState, faction: str) -> bool:
    d = decision(state, faction)
    return d is not None and d.kind == "turn" and any(w.startswith("turning the") for w in d.forgo)


async def test_ending_a_turn_that_gives_something_up_says_what_and_cancel_changes_nothing(reg, user: User) -> None:
    """Rulebook pg. 7: Hero points are spent "any time during their turn"; a Bonus that is off could still be turned
    on (2 Hero points) for the players after this one. The page asks, naming it; Cancel sends nothing."""
    seed = seed_reaching(SOLO, _gives_up_a_bonus)
    session = reg.create_game(SOLO, name="Forgo", seed=seed)
    await join(user, session.id, "anarchists", "Ana")
    tokens = {"anarchists": screen_of(user).token}
    while not _gives_up_a_bonus(from_json(session.state_json()), "anarchists"):
        faction, action, version = next_move(session, tokens, seed)
        assert session.act(tokens[faction], version, action).ok
    await wait_for(lambda: screen_of(user).view["version"] == session.version, why="the page follows live")
    version = session.version
    click(user, "act:end_turn")
    await see(user, "End your turn? You would give up turning the")
    user.find(marker="confirm-no").click()
    await wait_for(lambda: not markers(user, "confirm-no"))
    assert session.version == version and "end_turn" in offered(user)
    click(user, "act:end_turn")
    await see(user, "You would give up")
    user.find(marker="confirm-yes").click()
    await wait_for(lambda: session.version > version, why="the turn ends once confirmed")
