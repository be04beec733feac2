"""Previews (teaching mode): what an option would do, without changing or revealing anything."""

from __future__ import annotations

import pytest

from engine_helpers import do, game, to_turn
from lf.engine import IllegalAction, decision, preview, to_json
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


# -- what is certain, and what depends on unseen cards (issue 20) ---------------------------------------------

def _after(faction: str, last: bool):
    """``faction``'s turn, its card played for Action Points, the end of the turn offered (all seats human; the
    Moderates hold the Initiative and play first, the Communists last)."""
    for seed in range(1, 40):
        state = to_turn(game(seed), faction)
        if state.result is not None or (state.order[-1] == faction) != last:
            continue
        do(state, faction, next(c.action for c in decision(state, faction).choices if c.action.kind == "ap_front"))
        while (d := decision(state, faction)) is not None and d.kind != "turn":
            do(state, faction, d.choices[0].action)
        if state.result is None and decision(state, faction) is not None:
            return state
    raise AssertionError("no position found")


def test_ending_the_turn_tells_the_tests_outcome_and_stops_before_the_next_fascist_card(fascist) -> None:
    """Rulebook pg. 5: after the player turns the Test is judged (a failure brings the penalty), then the Bag of
    Glory, then the next turn opens with a Fascist card nobody has seen. The preview tells the first two as
    certain, and says the third in words, even when the next card would move the same track (issue 20: "Bag of
    Glory 3 -> 4" was all it said, and then the Test's Foreign Aid 3 -> 2 came)."""
    state = _after("communists", last=True)
    state.fascist_card = fascist(front="madrid", threshold=9,
                                 penalty=[{"op": "track", "track": "foreign_aid", "n": -1}])
    state.fascist_deck[-1] = fascist(effects=[{"op": "track", "track": "foreign_aid", "n": -1}])
    aid, value = state.tracks["foreign_aid"], state.fronts["madrid"].value
    before = to_json(state)
    p = preview(state, "communists", "end_turn")
    assert to_json(state) == before
    assert p.changes[0] == (f"Fascist Test on the Madrid Front: failure (the Front is at {value:+d} against a "
                            "threshold of +9)")
    assert f"Foreign Aid {aid} → {aid - 1}" in p.changes  # the penalty only, not the next card's -1 as well
    assert p.unseen == "the next Fascist card is revealed: nobody has seen it, so what it does can't be foreseen"
    assert p.test_ahead is None


def test_ending_a_turn_before_others_play_says_where_the_test_stands(fascist) -> None:
    """Rulebook pg. 5: the Test is judged once every player has played: as things stand, its outcome is public."""
    state = _after("moderates", last=False)
    state.fascist_card = fascist(front="aragon", threshold=1)
    p = preview(state, "moderates", "end_turn")
    stands = state.fronts["aragon"].value
    assert p.then == "the Anarchists reveal their card and play their turn"
    assert p.test_ahead == (f"the Test on the Aragon Front (at +1 or better) is judged at the end of the turn: the "
                            f"Front stands at {stands:+d}, so it {'would pass' if stands >= 1 else 'would fail'} as "
                            "things stand")


def test_a_game_never_carries_the_previews_own_option() -> None:
    """A preview's copy halts before unseen cards (lf.engine.machine); a game made with that option (a crafted
    game file) would stop at its next card with nobody to decide, so a new game drops it."""
    from lf.engine import new_game
    from lf.engine.machine import HALT_BEFORE_HIDDEN

    crafted = new_game(4, None, {HALT_BEFORE_HIDDEN: True, "free_undo": True})
    assert HALT_BEFORE_HIDDEN not in crafted.options and crafted.options["free_undo"] and crafted.pending
