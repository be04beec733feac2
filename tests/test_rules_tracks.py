"""Rulebook pg. 9, Tracks and Triggers (and pg. 4, Initiative): dependencies, triggers and Blank
markers, the Morale-off space 0, the Anarchist flag, the Government Centre, owners' "+1 to a Front"."""

from __future__ import annotations

import pytest
from engine_helpers import do, fresh, keys, run_steps, settle

from lf.engine import IllegalAction, decision
from lf.engine.fronts import attack
from lf.engine.machine import content
from lf.engine.tracks import fx, move


def texts(state, start: int = 0) -> list[str]:
    return [e["text"] for e in state.log[start:]]


# -- dependencies ---------------------------------------------------------------------------

def test_liberty_cannot_pass_7_unless_collectivization_is_8():
    """Rulebook pg. 9, dependencies: Liberty cannot advance past 7 unless Collectivization is at least 8."""
    s = fresh()
    s.tracks.update(liberty=7, collectivization=7)
    n = len(s.log)
    run_steps(s, move("liberty", 1, 1, "anarchists"))
    assert s.tracks["liberty"] == 7
    assert any("cannot move up" in t for t in texts(s, n))
    s.tracks["collectivization"] = 8
    run_steps(s, move("liberty", 1, 1, "anarchists"))
    assert s.tracks["liberty"] == 8


def test_government_cannot_go_below_3_unless_soviet_support_is_8():
    """Rulebook pg. 9, dependencies: Government cannot go below 3 unless Soviet Support is at least 8."""
    s = fresh()
    s.tracks.update(government=3, soviet_support=7)
    run_steps(s, move("government", -1, 2, "communists"))
    assert s.tracks["government"] == 3
    s.tracks["soviet_support"] = 8
    run_steps(s, move("government", -1, 1, "communists"))
    settle(s)
    assert s.tracks["government"] == 2


def test_government_cannot_pass_7_unless_foreign_aid_is_8():
    """Rulebook pg. 9, dependencies: Government cannot advance past 7 unless Foreign Aid is at least 8."""
    s = fresh()
    s.tracks.update(government=7, foreign_aid=7)
    run_steps(s, move("government", 1, 1, "moderates"))
    assert s.tracks["government"] == 7
    s.tracks["foreign_aid"] = 8
    run_steps(s, move("government", 1, 1, "moderates"))
    assert s.tracks["government"] == 8


def test_dependency_stops_a_multi_step_move_where_it_stands():
    """Rulebook pg. 9: a 3-step move of Liberty from 6 stops at 7 while Collectivization is below 8."""
    s = fresh()
    s.tracks.update(liberty=6, collectivization=6)
    run_steps(s, move("liberty", 1, 3, "anarchists"))
    settle(s)
    assert s.tracks["liberty"] == 7


def test_standee_inside_restricted_area_stays_but_cannot_advance():
    """Rulebook pg. 9: a standee already inside a restricted area stays when the other track falls below 8,
    but cannot advance further until that track is restored to 8; it may still move back."""
    s = fresh()
    s.tracks.update(liberty=9, collectivization=8)
    s.blanks["collectivization"] = [7, 8]
    run_steps(s, move("collectivization", -1, 1, "communists"))
    assert (s.tracks["liberty"], s.tracks["collectivization"]) == (9, 7)
    run_steps(s, move("liberty", 1, 1, "anarchists"))
    assert s.tracks["liberty"] == 9
    run_steps(s, move("liberty", -1, 1, "communists"))
    assert s.tracks["liberty"] == 8
    s.tracks.update(liberty=9, collectivization=8)
    run_steps(s, move("liberty", 1, 1, "anarchists"))
    settle(s)
    assert s.tracks["liberty"] == 10


def test_dependency_shown_as_unavailable_action_with_reason():
    """Rulebook pg. 9, dependencies: the AP move that a dependency forbids is not legal and says why."""
    from engine_helpers import give

    s = fresh()
    s.tracks.update(liberty=7, collectivization=7)
    give(s, "anarchists", "A13")
    s.factions["anarchists"].chosen = "A13"
    run_steps(s, {"s": "player_turn", "f": "anarchists"})
    assert "ap_track:liberty:+1" not in keys(s, "anarchists")
    reasons = [u.reason for u in decision(s, "anarchists").unavailable if u.action.key == "ap_track:liberty:+1"]
    assert reasons and "Collectivization is at least 8" in reasons[0]
    with pytest.raises(IllegalAction, match="Collectivization"):
        do(s, "anarchists", "ap_track:liberty:+1")


def test_tracks_stop_at_0_and_10():
    """Rulebook pg. 9: tracks run from 0 to 10."""
    s = fresh()
    s.tracks["soviet_support"] = 1
    run_steps(s, move("soviet_support", -1, 3, "moderates"))
    assert s.tracks["soviet_support"] == 0
    s.tracks["foreign_aid"] = 9
    s.blanks["foreign_aid"] = [10]
    run_steps(s, move("foreign_aid", 1, 3, "moderates"))
    assert s.tracks["foreign_aid"] == 10


# -- triggers ----------------------------------------------------------------------------

def _trigger_moves():
    """(track, space, direction) for every trigger of the board and each side it can be reached from."""
    return [pytest.param(t.track, t.space, d, id=f"{t.track}-{t.space}-{'up' if d > 0 else 'down'}")
            for t in content().board.triggers for d in (1, -1) if 0 <= t.space - d <= 10]


def _open_dependencies(s, track):
    """Raise the other tracks so that no dependency blocks ``track``."""
    if track != "collectivization":
        s.tracks["collectivization"] = 8
        s.blanks["collectivization"] = [7, 8, 10]
    if track != "soviet_support":
        s.tracks["soviet_support"] = 8
        s.blanks["soviet_support"] = [5, 7, 8, 10]
    if track != "foreign_aid":
        s.tracks["foreign_aid"] = 8
        s.blanks["foreign_aid"] = [5, 7, 8, 10]


@pytest.mark.parametrize("track,space,direction", _trigger_moves())
def test_every_trigger_fires_moving_to_it_then_is_blanked(track, space, direction):
    """Rulebook pg. 9: a trigger takes effect when the standee moves to its step (in either direction);
    a Blank marker then covers it and it never fires again."""
    start = space - direction
    s = fresh()
    _open_dependencies(s, track)
    s.tracks[track] = start
    n = len(s.log)
    run_steps(s, move(track, direction, 1, "communists"))
    assert s.tracks[track] == space
    assert any("Trigger on" in t and f" {space}:" in t for t in texts(s, n))
    settle(s)
    assert space in s.blanks[track]
    # Leave and come back: the Blank marker covers the trigger.
    run_steps(s, move(track, -direction, 1, "communists"), move(track, direction, 1, "communists"))
    settle(s)
    assert s.blanks[track].count(space) == 1
    assert sum("Trigger on" in t and f" {space}:" in t for t in texts(s, n)) == 1


def test_trigger_fires_when_moving_through_it():
    """Rulebook pg. 9: triggers fire when the standee moves *through* the step: Collectivization 6 -> 8
    passes 7 (Anarchists gain 2 Hero points) and lands on 8 (+1 to a Front, the Anarchists choose)."""
    s = fresh()
    s.tracks["collectivization"] = 6
    run_steps(s, move("collectivization", 1, 2, "moderates"))
    assert s.tracks["collectivization"] == 8
    assert s.factions["anarchists"].hero == 4
    assert s.pending[0]["faction"] == "anarchists" and s.pending[0]["what"] == "front"
    do(s, "anarchists", "front:northern")
    assert s.fronts["northern"].value == -1
    assert sorted(s.blanks["collectivization"]) == [7, 8]


def test_trigger_fires_moving_down_through_it():
    """Rulebook pg. 9, "in either direction": Collectivization 3 -> 1 passes 2 (1 Attack on the Front
    closest to Defeat) and it is then Blanked."""
    s = fresh()
    s.tracks["collectivization"] = 3
    s.fronts["southern"].value = -5
    run_steps(s, move("collectivization", -1, 2, "communists"))
    assert s.tracks["collectivization"] == 1
    assert s.fronts["southern"].value == -6
    assert s.blanks["collectivization"] == [2]


def test_trigger_fires_before_the_rest_of_the_move():
    """Rulebook pg. 9: triggers take effect immediately, so a trigger passed mid-move resolves before the
    standee moves on (log order)."""
    s = fresh()
    s.tracks["collectivization"] = 6
    n = len(s.log)
    run_steps(s, move("collectivization", 1, 2, "moderates"))
    t = texts(s, n)
    i7 = next(i for i, x in enumerate(t) if "moves up to 7" in x)
    ihp = next(i for i, x in enumerate(t) if "Anarchists gain 2 Hero points" in x)
    i8 = next(i for i, x in enumerate(t) if "moves up to 8" in x)
    assert i7 < ihp < i8


def test_space_0_turns_morale_off_every_time_and_is_never_blanked():
    """Rulebook pg. 9: whenever any track reaches 0 the Morale Bonus is turned off; never Blanked, it can
    happen many times."""
    s = fresh()
    s.tracks["soviet_support"] = 1
    run_steps(s, move("soviet_support", -1, 1, "moderates"))
    assert s.bonuses["morale"] is False
    assert 0 not in s.blanks["soviet_support"]
    s.bonuses["morale"] = True
    run_steps(s, move("soviet_support", 1, 1, "communists"), move("soviet_support", -1, 1, "moderates"))
    assert s.tracks["soviet_support"] == 0 and s.bonuses["morale"] is False
    s.bonuses["morale"] = True
    s.tracks["liberty"] = 1
    s.blanks["liberty"] = [2]
    run_steps(s, move("liberty", -1, 1, "communists"))
    assert s.bonuses["morale"] is False
    assert 0 not in s.blanks["liberty"]


def test_anarchist_flag_is_not_a_trigger_and_never_blanked():
    """Rulebook pg. 9: the Anarchist flag on space 6 is not a trigger; no Blank marker goes there.
    Rulebook pg. 4: the Anarchists claim the Initiative when both tracks are 6 or higher."""
    s = fresh()
    run_steps(s, move("liberty", 1, 1, "anarchists"))
    assert s.tracks["liberty"] == 6
    assert s.blanks["liberty"] == [] and s.initiative == "moderates"
    run_steps(s, move("collectivization", 1, 1, "anarchists"))
    assert s.blanks["collectivization"] == []
    assert s.initiative == "anarchists"
    run_steps(s, move("liberty", -1, 1, "communists"))
    assert s.initiative == "moderates"
    run_steps(s, move("liberty", 1, 1, "anarchists"))
    assert s.initiative == "anarchists" and s.blanks["liberty"] == []


def test_initiative_changes_at_once_mid_chain():
    """Rulebook pg. 4: Initiative is claimed as soon as a track crosses the threshold: a tie arising in the
    very same chain of effects is already broken by the new Initiative player."""
    s = fresh()
    s.fronts["madrid"].value = 3
    s.fronts["aragon"].value = 3
    run_steps(s, move("government", -1, 1, "communists"), attack("V", 1, "test"))
    assert s.initiative == "communists"
    assert s.pending[0]["faction"] == "communists" and s.pending[0]["purpose"] == "tie_attack"


def test_initiative_goes_to_government_controller_when_liberty_or_collectivization_below_6():
    """Rulebook pg. 4: with Liberty or Collectivization below 6, the faction controlling the Government
    holds the Initiative."""
    s = fresh()
    s.tracks.update(liberty=7, collectivization=6, government=4)
    run_steps(s, move("collectivization", -1, 1, "communists"))
    assert s.initiative == "communists"
    s.tracks.update(government=6)
    run_steps(s, move("liberty", -1, 1, "communists"))
    assert s.initiative == "moderates"


# -- the Government Centre -----------------------------------------------------------------

def test_government_towards_centre_example_6_to_5_gives_communists_control():
    """Rulebook pg. 9 example: Government is at 6 and moves "towards Center", so it goes to 5 and gives
    the Communists control of the Government (and with it the Initiative, pg. 4)."""
    from lf.engine.queries import government_controller

    s = fresh()
    run_steps(s, fx({"op": "government", "toward": "center"}, "moderates", "test"))
    assert s.tracks["government"] == 5
    assert government_controller(s) == "communists"
    assert s.initiative == "communists"


def test_government_towards_centre_moves_exactly_one_step_from_either_side():
    """Rulebook pg. 9: "towards Center" moves precisely one step towards the line between 5 and 6."""
    s = fresh()
    s.tracks["government"] = 3
    run_steps(s, fx({"op": "government", "toward": "center"}, "communists", "test"))
    assert s.tracks["government"] == 4
    s.tracks["government"] = 5
    run_steps(s, fx({"op": "government", "toward": "center"}, "communists", "test"))
    assert s.tracks["government"] == 6 and s.initiative == "moderates"
    s.tracks["government"] = 9
    s.blanks["government"] = [7, 9]
    run_steps(s, fx({"op": "government", "toward": "center"}, "communists", "test"))
    assert s.tracks["government"] == 8


def test_government_away_from_centre_moves_towards_the_controller():
    """Rulebook pg. 9: "away from Center" moves one step in the direction of the player already in control."""
    s = fresh()
    s.blanks["government"] = [4, 7]
    run_steps(s, fx({"op": "government", "toward": "away"}, "communists", "test"))
    assert s.tracks["government"] == 7
    s.tracks["government"] = 5
    run_steps(s, fx({"op": "government", "toward": "away"}, "moderates", "test"))
    assert s.tracks["government"] == 4


def test_government_away_from_centre_respects_dependency():
    """Rulebook pg. 9: away from Centre at 3 is blocked while Soviet Support is below 8."""
    s = fresh()
    s.tracks["government"] = 3
    run_steps(s, fx({"op": "government", "toward": "away"}, "communists", "test"))
    assert s.tracks["government"] == 3


# -- the owner chooses the Front of a "+1 to a Front" trigger -------------------------------

def test_foreign_aid_7_example_communists_move_it_moderates_choose_the_front():
    """Rulebook pg. 9 example: the Communist player moves Foreign Aid to 7, triggering +1 Strength to a Front,
    but the Moderate player decides which Front to add +1 to."""
    from engine_helpers import card_of, give

    s = fresh()
    s.tracks["foreign_aid"] = 6
    s.blanks["foreign_aid"] = [5]
    card = card_of(s, "communists", lambda c: c.strength == 1)
    give(s, "communists", card)
    s.factions["communists"].chosen = card
    s.bonuses["morale"] = False
    run_steps(s, {"s": "player_turn", "f": "communists"})
    do(s, "communists", "ap_track:foreign_aid:+1")
    assert s.tracks["foreign_aid"] == 7
    assert [p["faction"] for p in s.pending] == ["moderates"]
    p = s.pending[0]
    assert p["what"] == "front" and set(p["options"]) == {"madrid", "northern", "aragon", "southern"}
    with pytest.raises(IllegalAction):
        do(s, "communists", "front:aragon")
    do(s, "moderates", "front:aragon")
    assert s.fronts["aragon"].value == -1
    assert 7 in s.blanks["foreign_aid"]
    assert decision(s, "communists").kind == "turn"


@pytest.mark.parametrize("track,space,owner", [
    ("liberty", 7, "anarchists"), ("collectivization", 8, "anarchists"), ("government", 2, "communists"),
    ("government", 9, "moderates"), ("soviet_support", 5, "communists"), ("foreign_aid", 7, "moderates"),
])
def test_front_triggers_are_decided_by_the_track_owner(track, space, owner):
    """Rulebook pg. 9: the player the track belongs to decides which Front gets the +1, whoever moved it."""
    s = fresh()
    _open_dependencies(s, track)
    s.tracks[track] = space - 1
    mover = next(f for f in ("anarchists", "communists", "moderates") if f != owner)
    run_steps(s, move(track, 1, 1, mover))
    assert s.pending and s.pending[0]["faction"] == owner and s.pending[0]["what"] == "front"


def test_a_front_trigger_is_the_owners_support():
    """Rulebook pg. 9: "the player who that track belongs to decides which Front to add that Strength to";
    pg. 7: "When a player strengthens a Front ... they place one of their player tokens". lf reading
    (docs/engine.md): the owner adds the Strength, so the owner is the supporter (token, Teamwork, control
    Hero point), not the player who moved the track."""
    s = fresh()
    s.tracks["foreign_aid"] = 6
    s.blanks["foreign_aid"] = [5]
    s.fronts["aragon"].value = 0
    s.fronts["aragon"].tokens = ["anarchists"]
    run_steps(s, move("foreign_aid", 1, 1, "communists"))
    do(s, "moderates", "front:aragon")
    assert s.fronts["aragon"].tokens == ["anarchists", "moderates"]
    assert s.fronts["aragon"].value == 2  # +1, and +1 Teamwork for the second player
    assert s.factions["moderates"].hero == 1 and s.factions["communists"].hero == 2
