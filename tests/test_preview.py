"""Previews (teaching mode): what an option would do, without changing or revealing anything."""

from __future__ import annotations

import pytest

from engine_helpers import game, to_turn
from lf.engine import IllegalAction, preview, to_json
from lf.engine.machine import content


def test_preview_changes_nothing_and_tells_the_front_change() -> None:
    """Rulebook pg. 6: AP on a Front adds Strength equal to the card's strength."""
    state = game(4)
    to_turn(state, "moderates")
    before = to_json(state)
    card = state.factions["moderates"].chosen
    ap = content().player_cards[card].strength
    value = state.fronts["aragon"].value
    p = preview(state, "moderates", "ap_front:aragon")
    assert to_json(state) == before
    assert f"Aragon Front {value:+d} → {value + ap:+d}" in p.changes


def test_preview_of_a_draw_reveals_no_card() -> None:
    """A bought card (pg. 7, 1 Hero point) shows as a count, never by name."""
    state = game(4)
    to_turn(state, "moderates")
    state.factions["moderates"].hero = 3
    state.hero_supply -= 3
    p = preview(state, "moderates", "hp_draw")
    names = {content().player_cards[c].name for c in state.factions["moderates"].deck}
    n = len(state.factions["moderates"].hand)
    assert f"Moderates cards in hand {n} → {n + 1}" in p.changes
    assert not any(name in p.text() for name in names)


def test_preview_of_an_illegal_action_is_refused() -> None:
    state = game(4)
    to_turn(state, "moderates")
    with pytest.raises(IllegalAction):
        preview(state, "moderates", "hp_track:government:+1")


def test_preview_names_the_question_a_trigger_asks_another_faction() -> None:
    """Pg. 9: the owner of a "+1 to a Front" trigger chooses the Front, whoever moved the track."""
    state = game(4)
    to_turn(state, "moderates")
    state.tracks["liberty"] = 6
    state.tracks["collectivization"] = 8
    p = preview(state, "moderates", "ap_track:liberty:+1")
    assert p.then is not None and p.then.startswith("the Anarchists decide")
