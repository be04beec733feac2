"""Rulebook pg. 4 (Fronts), pg. 8 (Victory on a Front, Defeat on a Front): values, the lasting effects of
Victory and Defeat and their redirections, and "closest to Victory / Defeat" with Initiative tie-breaks."""

from __future__ import annotations


import pytest
from engine_helpers import card_of, do, fresh, give, keys, run_steps

from lf.engine import IllegalAction, decision
from lf.engine.fronts import attack, strength
from lf.engine.tracks import fx

FRONTS = ("madrid", "northern", "aragon", "southern")


def win(s, front):
    s.fronts[front].value, s.fronts[front].status = 10, "victory"


def lose(s, front):
    s.fronts[front].value, s.fronts[front].status = -10, "defeat"
    s.defeats.append(front)




def my_turn(s, faction, card):
    give(s, faction, card)
    s.factions[faction].chosen = card
    run_steps(s, {"s": "player_turn", "f": faction})


# -- Front values ----------------------------------------------------------------------------

def test_attacks_and_strength_move_the_value_and_are_bounded():
    """Rulebook pg. 4: each Attack is -1, each Strength +1; a Front runs from -10 to +10."""
    s = fresh()
    run_steps(s, attack("aragon", 3, "test"))
    assert s.fronts["aragon"].value == -5
    s.bonuses["teamwork"] = False
    run_steps(s, strength("aragon", 2, "anarchists"))
    assert s.fronts["aragon"].value == -3
    s.fronts["southern"].value = 9
    run_steps(s, strength("southern", 3, "communists"))
    assert s.fronts["southern"].value == 10


# -- Victory -------------------------------------------------------------------------------

def test_victory_at_plus_10_and_3_hero_points_to_every_contributor_this_turn():
    """Rulebook pg. 4 and pg. 8: at +10 the players achieve Victory at once; all players who contributed
    to that Front this turn receive 3 Hero points; the others receive none."""
    s = fresh()
    s.fronts["madrid"].value = 6
    run_steps(s, strength("madrid", 1, "communists"))
    before = {f: fa.hero for f, fa in s.factions.items()}
    run_steps(s, strength("madrid", 2, "anarchists"))  # +2 and +1 Teamwork: 7 -> 10
    assert s.fronts["madrid"].value == 10
    assert s.fronts["madrid"].status == "victory"
    assert s.factions["communists"].hero == before["communists"] + 3
    assert s.factions["anarchists"].hero == before["anarchists"] + 3
    assert s.factions["moderates"].hero == before["moderates"]
    assert any(e["kind"] == "victory" for e in s.log)


def test_victorious_front_is_never_attacked_fascist_attack_goes_to_initiative_players_choice():
    """Rulebook pg. 8: the victorious Front can never again be Attacked; a Fascist Attack on it instead
    Attacks the Initiative player's choice of Front."""
    s = fresh()
    win(s, "madrid")
    s.initiative = "anarchists"
    run_steps(s, attack("madrid", 2, "Fascist card"))
    p = s.pending[0]
    assert p["faction"] == "anarchists" and p["what"] == "front"
    assert set(p["options"]) == {"northern", "aragon", "southern"}
    do(s, "anarchists", "front:southern")
    assert s.fronts["madrid"].value == 10
    assert s.fronts["southern"].value == -4


def test_fascist_card_attack_letter_on_victorious_front_redirects_during_the_event(fascist):
    """Rulebook pg. 8, through the real Fascist Event step: an "M" Attack with Madrid victorious goes to the
    Initiative player's choice."""
    s = fresh()
    win(s, "madrid")
    s.fascist_deck.append(fascist([("M", 3)]))
    run_steps(s, {"s": "fascist_event"})
    assert s.pending[0]["faction"] == "moderates"
    assert "madrid" not in s.pending[0]["options"]


def test_victorious_front_is_not_closest_to_victory():
    """Rulebook pg. 8: a victorious Front can never again be attacked, so a "V" Attack goes to the open Front
    closest to +10."""
    s = fresh()
    win(s, "madrid")
    s.fronts["aragon"].value = 4
    run_steps(s, attack("V", 2, "test"))
    assert s.fronts["madrid"].value == 10 and s.fronts["aragon"].value == 2


def test_test_on_victorious_front_automatically_passes(fascist):
    """Rulebook pg. 8: any Tests on the victorious Front automatically pass."""
    s = fresh()
    win(s, "northern")
    s.fronts["northern"].value = 0  # the status decides, not the number
    s.fascist_card = fascist(front="northern", threshold=10)
    run_steps(s, {"s": "test"})
    assert s.test_result == "success"


def test_player_card_naming_victorious_front_goes_to_players_choice():
    """Rulebook pg. 8: Player cards affecting the victorious Front can now be applied to the Front of the
    player's choice (not the Initiative player's)."""
    s = fresh()
    win(s, "madrid")
    run_steps(s, fx({"op": "strength", "front": "madrid", "n": 2}, "anarchists", "card"))
    p = s.pending[0]
    assert p["faction"] == "anarchists" and "madrid" not in p["options"]
    do(s, "anarchists", "front:aragon")
    assert s.fronts["aragon"].value == 0


def test_player_card_attack_on_victorious_front_goes_to_players_choice():
    """Rulebook pg. 8: a Player card's Attack line on the victorious Front is applied to the Front of that
    player's choice (lf reading: only Fascist Attacks go to the Initiative player's choice)."""
    s = fresh()
    win(s, "northern")
    run_steps(s, fx({"op": "attack", "front": "northern", "n": 1}, "communists", "card"))
    p = s.pending[0]
    assert p["faction"] == "communists" and "northern" not in p["options"]
    do(s, "communists", "front:southern")
    assert s.fronts["southern"].value == -3 and s.fronts["northern"].value == 10


@pytest.mark.parametrize("op", ["strength", "attack"])
def test_a_players_card_line_on_a_victorious_front_may_lapse(op):
    """Rulebook pg. 8: "Any Player cards affecting the victorious Front *can* now be applied to the Front of the
    player's choice" (a defeated Front's "must"): the player may also let the line lapse, and nothing moves."""
    s = fresh()
    win(s, "madrid")
    run_steps(s, fx({"op": op, "front": "madrid", "n": 2}, "anarchists", "card"))
    d = decision(s, "anarchists")
    what = "the +2 Strength" if op == "strength" else "the 2 Attacks"
    assert d.prompt.endswith(", or let it lapse") and what in d.prompt
    assert "lapse" in keys(s, "anarchists")
    lapse = next(c.label for c in d.choices if c.action.key == "lapse")
    assert lapse == f"Let it lapse: no Front {'receives' if op == 'strength' else 'takes'} {what}"
    do(s, "anarchists", "lapse")
    assert not s.pending and [fs.value for fs in s.fronts.values()] == [10, -2, -2, -2]
    assert s.fronts["aragon"].tokens == [] and "let the line lapse" in s.log[-1]["text"]


def test_a_lapse_is_a_choice_even_with_one_front_left_open():
    """Rulebook pg. 8, "can": with three Fronts victorious, the last open Front and letting the line lapse are
    still two options (no automatic placement)."""
    s = fresh()
    for front in ("madrid", "northern", "aragon"):
        win(s, front)
    run_steps(s, fx({"op": "attack", "front": "madrid", "n": 1}, "communists", "card"))
    assert keys(s, "communists") == {"front:southern", "lapse"}


def test_no_lapse_for_a_fascist_attack_or_a_nonplayers_card():
    """Rulebook pg. 8: a Fascist Attack on the victorious Front "instead Attacks the Initiative player's choice of
    Front"; Appendix 3, rules 3 and 4: a Non-player "always adds" its Strength and Attacks."""
    s = fresh()
    win(s, "madrid")
    run_steps(s, attack("madrid", 1, "a Fascist card", origin="fascist"))
    assert "lapse" not in keys(s, "moderates") and s.pending[0]["faction"] == "moderates"
    s.factions["anarchists"].seat = "nonplayer"
    run_steps(s, fx({"op": "strength", "front": "madrid", "n": 1}, "anarchists", "card"))
    assert not any(c.action.kind == "lapse" for c in decision(s, "anarchists").choices)


def test_victorious_front_cannot_receive_action_points():
    """Rulebook pg. 8: the victorious Front is decided; AP to it are unavailable, with the reason."""
    s = fresh()
    win(s, "madrid")
    my_turn(s, "moderates", card_of(s, "moderates", lambda c: c.strength == 1))
    assert "ap_front:madrid" not in keys(s, "moderates")
    assert any(u.action.key == "ap_front:madrid" and "Victory" in u.reason for u in decision(s, "moderates").unavailable)


# -- Defeat --------------------------------------------------------------------------------

def test_defeat_at_minus_10_and_its_immediate_effects():
    """Rulebook pg. 8: as soon as a Front falls to -10 it suffers Defeat: the Morale Bonus is turned off;
    Collectivization, Soviet Support and Foreign Aid are all reduced by 1. A first non-Madrid Defeat does not
    end the game."""
    s = fresh()
    s.tracks.update(collectivization=6, soviet_support=6, foreign_aid=6)
    s.blanks.update(collectivization=[5], soviet_support=[5], foreign_aid=[5])
    s.fronts["northern"].value = -8
    run_steps(s, attack("northern", 3, "test"))
    assert s.fronts["northern"].value == -10 and s.fronts["northern"].status == "defeat"
    assert s.bonuses["morale"] is False
    assert (s.tracks["collectivization"], s.tracks["soviet_support"], s.tracks["foreign_aid"]) == (5, 5, 5)
    assert s.tracks["liberty"] == 5 and s.tracks["government"] == 6
    assert s.result is None and s.defeats == ["northern"]


def test_defeat_track_reductions_fire_triggers_they_pass():
    """Rulebook pg. 8 with pg. 9: the Defeat's track reductions are track moves like any other, so a trigger
    they reach fires (Soviet Support 6 -> 5: +1 to a Front, the Communists choose)."""
    s = fresh()
    s.tracks.update(soviet_support=6)
    s.fronts["southern"].value = -9
    run_steps(s, attack("southern", 1, "test"))
    assert s.tracks["soviet_support"] == 5
    assert s.pending and s.pending[0]["faction"] == "communists" and s.pending[0]["what"] == "front"
    assert "southern" not in s.pending[0]["options"]


def test_defeat_on_madrid_loses_the_war_at_once():
    """Rulebook pg. 4 and pg. 8: Defeat on the Madrid Front is an instant loss for all players; nothing
    scheduled after it happens."""
    s = fresh()
    s.fronts["madrid"].value = -9
    run_steps(s, attack("madrid", 2, "test"), fx({"op": "hero", "who": "all", "n": 3}, "moderates", "later"))
    assert s.result is not None and s.result["war"] == "lost" and s.result["winner"] is None
    assert "Madrid" in s.result["how"]
    assert s.pending == [] and s.factions["anarchists"].hero == 2


def test_second_defeat_loses_the_war():
    """Rulebook pg. 4 and pg. 8: Defeat on any 2 Fronts is an instant loss."""
    s = fresh()
    lose(s, "aragon")
    s.fronts["southern"].value = -9
    run_steps(s, attack("southern", 1, "test"))
    assert s.result["war"] == "lost" and "second" in s.result["how"]


def test_defeated_front_cannot_be_strengthened_by_action_points():
    """Rulebook pg. 8: the defeated Front can never again be strengthened or recovered in any way."""
    s = fresh()
    lose(s, "aragon")
    my_turn(s, "anarchists", card_of(s, "anarchists", lambda c: c.strength == 1))
    assert "ap_front:aragon" not in keys(s, "anarchists")
    with pytest.raises(IllegalAction, match="Defeat"):
        do(s, "anarchists", "ap_front:aragon")
    assert s.fronts["aragon"].value == -10


def test_player_card_naming_defeated_front_goes_to_remaining_front_closest_to_defeat():
    """Rulebook pg. 8: any Player cards affecting the defeated Front must now be applied to the remaining
    Front closest to Defeat."""
    s = fresh()
    lose(s, "aragon")
    s.fronts["northern"].value = -6
    run_steps(s, fx({"op": "strength", "front": "aragon", "n": 2}, "anarchists", "card"))
    assert s.pending == []
    assert s.fronts["northern"].value == -4 and s.fronts["aragon"].value == -10


def test_redirect_from_defeated_front_tie_is_broken_by_initiative_player():
    """Rulebook pg. 8: the Front closest to Defeat is that closest to -10; a tie is broken by the Initiative
    player (not the card's player)."""
    s = fresh()
    lose(s, "aragon")
    s.initiative = "communists"
    run_steps(s, fx({"op": "strength", "front": "aragon", "n": 1}, "anarchists", "card"))
    p = s.pending[0]
    assert p["faction"] == "communists" and set(p["options"]) == {"madrid", "northern", "southern"}
    do(s, "communists", "front:southern")
    assert s.fronts["southern"].value == -1


def test_fascist_attack_on_defeated_front_goes_to_remaining_front_closest_to_defeat():
    """Rulebook pg. 8: any Fascist Attack on the defeated Front instead Attacks the remaining Front closest
    to Defeat."""
    s = fresh()
    lose(s, "southern")
    s.fronts["madrid"].value = -3
    run_steps(s, attack("southern", 2, "Fascist card"))
    assert s.fronts["madrid"].value == -5 and s.fronts["southern"].value == -10


def test_test_on_defeated_front_automatically_fails(fascist):
    """Rulebook pg. 8: any Tests on the defeated Front automatically fail."""
    s = fresh()
    lose(s, "aragon")
    s.fronts["aragon"].value = 0  # the status decides, not the number
    s.fascist_card = fascist(front="aragon", threshold=-9)
    run_steps(s, {"s": "test"})
    assert s.test_result == "failure"


# -- closest to Victory / Defeat -------------------------------------------------------------

def test_closest_to_victory_is_the_highest_front():
    """Rulebook pg. 8: the Front closest to Victory is that closest to +10."""
    s = fresh()
    s.fronts["southern"].value = 1
    run_steps(s, attack("V", 2, "test"))
    assert s.fronts["southern"].value == -1 and s.pending == []


def test_closest_to_defeat_is_the_lowest_front():
    """Rulebook pg. 8: the Front closest to Defeat is that closest to -10."""
    s = fresh()
    s.fronts["northern"].value = -7
    run_steps(s, attack("D", 1, "test"))
    assert s.fronts["northern"].value == -8 and s.pending == []


@pytest.mark.parametrize("letter", ["V", "D"])
def test_ties_for_closest_are_broken_by_the_initiative_player(letter):
    """Rulebook pg. 8: if there is a tie for closest to Victory / Defeat, the Initiative player breaks it."""
    s = fresh()
    s.initiative = "anarchists"
    s.fronts["madrid"].value = 5 if letter == "V" else -7
    s.fronts["aragon"].value = 5 if letter == "V" else -7
    run_steps(s, attack(letter, 1, "test"))
    p = s.pending[0]
    assert p["faction"] == "anarchists" and p["purpose"] == "tie_attack"
    assert sorted(p["options"]) == ["aragon", "madrid"]
    with pytest.raises(IllegalAction):
        do(s, "anarchists", "front:northern")
    do(s, "anarchists", "front:aragon")
    assert s.fronts["aragon"].value == (4 if letter == "V" else -8)
    assert s.fronts["madrid"].value == (5 if letter == "V" else -7)


def test_a_tie_is_asked_of_the_chooser_in_plain_words():
    """Rulebook pg. 8: "The Front closest to Defeat is that closest to -10. If there is a tie, it is broken by the
    Initiative player": the question is put to that player, and says what their choice decides."""
    s = fresh()
    run_steps(s, attack("D", 2, "a Fascist card", origin="fascist"))
    assert decision(s, "moderates").prompt == ("Madrid, Northern, Aragon and Southern are equally close to Defeat: "
                                               "choose which one takes the 2 Attacks")
    s = fresh()
    s.fronts["aragon"].value = 3
    s.fronts["southern"].value = 3
    run_steps(s, fx({"op": "strength", "front": "closest_victory", "n": 1}, "communists", "card"))
    assert decision(s, "moderates").prompt == ("Aragon and Southern are equally close to Victory: "
                                               "choose which one receives the +1 Strength")


def test_strength_to_closest_to_defeat_tie_is_initiative_players_decision():
    """Rulebook pg. 8: a card adding Strength to the Front closest to Defeat with a tie: the Initiative player
    breaks the tie, even when another player plays the card."""
    s = fresh()
    run_steps(s, fx({"op": "strength", "front": "closest_defeat", "n": 1}, "anarchists", "card"))
    p = s.pending[0]
    assert p["faction"] == "moderates" and p["purpose"] == "tie_strength" and len(p["options"]) == 4
    do(s, "moderates", "front:madrid")
    assert s.fronts["madrid"].value == -1 and "anarchists" in s.fronts["madrid"].tokens


# -- where an Attack would land now (the Fascist card's words, lf/engine/attacks_now.py) -----------------------

def _resolve_one(s, letter):
    """Resolve one Fascist Attack of ``letter`` on a copy, as the Fascist Event does: the Front it hit (one),
    the Fronts the Initiative player is asked to choose among (several), or () when nothing happened."""
    import copy

    from lf.engine.constants import ATTACK_LETTERS

    twin = copy.deepcopy(s)
    before = {f: fs.value for f, fs in twin.fronts.items()}
    run_steps(twin, attack(ATTACK_LETTERS.get(letter, letter), 1, "test", origin="fascist"))
    if twin.pending:
        p = twin.pending[0]
        assert p["faction"] == twin.initiative
        return tuple(sorted(p["options"])), True
    return tuple(f for f in FRONTS if twin.fronts[f].value != before[f]), False


@pytest.mark.parametrize("case", range(60))
def test_where_an_attack_would_land_now_is_where_it_lands(case):
    """Rulebook pg. 8 (Victory and Defeat redirect Attacks; ties are the Initiative player's): what the table is
    told beside each letter of the Fascist card is where an Attack of that letter goes when it comes now."""
    import random

    from lf.engine.attacks_now import LETTERS, landing

    rng = random.Random(case)
    s = fresh()
    for f in FRONTS:
        s.fronts[f].value = rng.choice((-9, -5, -3, -3, 0, 2, 2, 7))
    decided = rng.sample([f for f in FRONTS if f != "madrid"], rng.choice((0, 1, 2)))
    for k, f in enumerate(decided):
        (win if k == 0 or rng.random() < 0.5 else lose)(s, f)
    if rng.random() < 0.3:
        win(s, "madrid")
    for letter in LETTERS:
        where = landing(s, letter)
        hit, asked = _resolve_one(s, letter)
        assert tuple(sorted(where.fronts)) == tuple(sorted(hit)), (letter, where, hit)
        assert where.chosen_by_initiative == asked, (letter, where)


def test_with_two_fronts_won_and_one_lost_every_letter_says_it_lands_on_the_last_open_front():
    """Rulebook pg. 8: with Madrid and the Northern Front won and Aragon lost, every Attack goes to the Southern
    Front; the view says so beside each letter (as the Test says "Now -3: would fail")."""
    from lf.engine import view

    s = fresh()
    win(s, "madrid")
    win(s, "northern")
    lose(s, "aragon")
    now = view(s, None)["attacks_now"]
    assert now == {"M": "Madrid won: now Southern", "N": "Northern won: now Southern",
                   "A": "Aragon lost: now Southern", "V": "now Southern", "D": "now Southern"}
    s.fronts["aragon"].status, s.fronts["aragon"].value, s.defeats = "open", -6, []
    s.fronts["southern"].value = -6
    now = view(s, None)["attacks_now"]
    assert now["D"] == "now Aragon or Southern (the Initiative player chooses)" and "A" not in now
    assert now["M"] == "Madrid won: now Aragon or Southern (the Initiative player chooses)"
