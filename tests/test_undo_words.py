"""The answers to Undo and Redo say the step in words, and a secret card only to the seat that chose it.

Issue 12 found "Your last step (ap_front:madrid) was taken back" and the teaching table's "Took back ... step
morale:front". A card chosen for the turn is secret until revealed (rulebook pg. 5): the seat's own answer may
name it, the teaching table's shared screen never does.
"""

from __future__ import annotations

from typing import Any

from lf.engine.cards import card_name
from lf.session import GameSession, Registry

from session_helpers import claim_humans, next_move


def _until(game: GameSession, tokens: dict[str, str], kind: str) -> tuple[str, dict[str, Any], int]:
    """Play the test policy's moves until a human decision offers a ``kind`` step: (faction, that choice, the
    version it was offered at)."""
    for _ in range(200):
        for faction, token in tokens.items():
            view = game.view(token)
            for d in view["decisions"]:
                hit = next((c for c in d["choices"] if c["action"]["kind"] == kind), None)
                if hit is not None:
                    return faction, hit, view["version"]
        faction, action, version = next_move(game, tokens, seed=8)
        assert game.act(tokens[faction], version, action).ok
    raise AssertionError(f"no {kind} step offered")


def _take_back(registry: Registry, kind: str) -> tuple[dict[str, Any], str]:
    """A standard game: a human takes a ``kind`` step and undoes it; (the step, the undo's answer)."""
    game = registry.create_game(seed=8)
    tokens = claim_humans(game)
    faction, choice, version = _until(game, tokens, kind)
    res = game.act(tokens[faction], version, choice["action"])
    undone = game.undo(tokens[faction], res.version)
    assert undone.ok, undone.message
    return choice["action"], undone.message


def test_undo_names_the_step_and_its_secret_card_to_its_own_seat(registry: Registry) -> None:
    action, message = _take_back(registry, "choose")
    assert message == f"Your last step was taken back: chose {card_name(action['arg'])} for this turn."


def test_undo_of_a_public_step_says_where_it_went(registry: Registry) -> None:
    action, message = _take_back(registry, "ap_front")
    front = {"madrid": "Madrid", "northern": "Northern", "aragon": "Aragon", "southern": "Southern"}
    assert message == f"Your last step was taken back: Action Points on the {front[action['arg']]} Front."


def test_the_teaching_table_hears_the_step_but_never_the_secret_card(registry: Registry) -> None:
    game = registry.create_game({"moderates": "nonplayer"}, name="Lesson", mode="teaching", seed=11)
    tokens = claim_humans(game)
    faction, choice, version = _until(game, tokens, "choose")
    assert game.act(tokens[faction], version, choice["action"]).ok
    token = next(iter(tokens.values()))
    undone = game.teaching_undo(token, game.version)
    who = faction.capitalize()
    assert undone.message == f"Took back the {who}' step: chose a card in secret."
    redone = game.teaching_redo(token, game.version)
    assert redone.message == f"Replayed the {who}' step: chose a card in secret."
    card = card_name(choice["action"]["arg"])
    assert card not in undone.message + redone.message and choice["action"]["arg"] not in undone.message
