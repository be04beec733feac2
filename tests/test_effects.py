"""The effect vocabulary of CONTENT.md, one ``fx`` step at a time (Player Cards pg. 6: Event lines; pg. 8:
cards naming a decided Front; Appendix 1 symbols; Appendix 3 rule 2a for Non-player readings)."""

from __future__ import annotations

import pytest
from engine_helpers import START, do, fresh, keys, run_steps

from lf.engine import IllegalAction
from lf.engine.tracks import fx

FACTIONS = ("anarchists", "communists", "moderates")


def run(s, effect, actor="anarchists"):
    return run_steps(s, fx(effect, actor, "test"))


def hp(s):
    return {f: s.factions[f].hero for f in FACTIONS}


def values(s):
    return {f: fs.value for f, fs in s.fronts.items()}


def pick_of(s):
    assert len(s.pending) == 1 and s.pending[0]["kind"] == "pick", s.pending
    return s.pending[0]


# -- strength ---------------------------------------------------------------------------------

def test_strength_to_a_named_front():
    """Player Cards pg. 6: "+n Strength to <Front>" adds n Strength and the player's token to that Front."""
    s = run(fresh(), {"op": "strength", "front": "northern", "n": 2})
    assert values(s)["northern"] == 0 and s.fronts["northern"].tokens == ["anarchists"]


def test_strength_to_a_front_of_choice_is_the_players_choice():
    """Appendix 1, "+1 to a Front": the playing player chooses the Front."""
    s = run(fresh(), {"op": "strength", "front": "choice", "n": 1}, "communists")
    p = pick_of(s)
    assert p["faction"] == "communists" and sorted(p["options"]) == sorted(values(s))
    do(s, "communists", "front:southern")
    assert values(s)["southern"] == -1


def test_strength_to_closest_to_defeat_and_to_victory():
    """Rulebook pg. 8: closest to Defeat = closest to -10; closest to Victory = closest to +10."""
    s = fresh()
    s.fronts["aragon"].value = -6
    s.fronts["madrid"].value = 4
    run(s, {"op": "strength", "front": "closest_defeat", "n": 1})
    run(s, {"op": "strength", "front": "closest_victory", "n": 1})
    assert values(s) == {"madrid": 5, "northern": -2, "aragon": -5, "southern": -2}


def test_card_naming_a_victorious_front_lets_the_player_choose():
    """Rulebook pg. 8: any Player cards affecting the victorious Front can be applied to the Front of the
    player's choice."""
    s = fresh()
    s.fronts["northern"].value, s.fronts["northern"].status = 10, "victory"
    run(s, {"op": "strength", "front": "northern", "n": 1}, "moderates")
    p = pick_of(s)
    assert p["faction"] == "moderates" and sorted(p["options"]) == ["aragon", "madrid", "southern"]
    do(s, "moderates", "front:madrid")
    assert values(s)["madrid"] == -1 and values(s)["northern"] == 10


def test_card_naming_a_defeated_front_goes_to_the_front_closest_to_defeat():
    """Rulebook pg. 8: any Player cards affecting the defeated Front must now be applied to the remaining Front
    closest to Defeat."""
    s = fresh()
    s.fronts["northern"].value, s.fronts["northern"].status = -10, "defeat"
    s.defeats = ["northern"]
    s.fronts["southern"].value = -4
    run(s, {"op": "strength", "front": "northern", "n": 1}, "moderates")
    assert s.pending == [] and values(s)["southern"] == -3 and values(s)["northern"] == -10


# -- attack ---------------------------------------------------------------------------------

@pytest.mark.parametrize("front,changed", [("aragon", "aragon"), ("closest_victory", "madrid"),
                                           ("closest_defeat", "southern")])
def test_attack_lines(front, changed):
    """Appendix 1 and pg. 5: Attacks on a named Front, the Front closest to Victory or to Defeat."""
    s = fresh()
    s.fronts["madrid"].value = 3
    s.fronts["southern"].value = -5
    before = values(s)
    run(s, {"op": "attack", "front": front, "n": 2}, "communists")
    assert values(s) == {**before, changed: before[changed] - 2}


# -- track ----------------------------------------------------------------------------------

@pytest.mark.parametrize("n,expected", [(1, 4), (-1, 2), (2, 5)])
def test_track_named_moves_by_the_signed_amount(n, expected):
    """Player Cards pg. 6: "<Track> +n / -n" moves that track."""
    s = fresh()
    s.blanks["foreign_aid"] = [5]
    run(s, {"op": "track", "track": "foreign_aid", "n": n})
    assert s.tracks["foreign_aid"] == expected


@pytest.mark.parametrize("answer,expected", [("up", 6), ("down", 4)])
def test_track_either_direction_is_the_actors_choice(answer, expected):
    """Appendix 1, "Increase or Decrease": the player picks up or down."""
    s = fresh()
    run(s, {"op": "track", "track": "liberty", "n": 1, "either": True}, "moderates")
    p = pick_of(s)
    assert p["faction"] == "moderates" and p["what"] == "dir" and sorted(p["options"]) == ["down", "up"]
    do(s, "moderates", f"dir:{answer}")
    assert s.tracks["liberty"] == expected


def test_track_of_choice():
    """CONTENT.md vocabulary, "move a track (chosen)": the actor chooses which track."""
    s = fresh()
    run(s, {"op": "track", "track": "choice", "n": -1}, "communists")
    p = pick_of(s)
    assert p["faction"] == "communists" and sorted(p["options"]) == sorted(START)
    do(s, "communists", "track:collectivization")
    assert s.tracks["collectivization"] == 4


@pytest.mark.parametrize("n,answer", [(1, "liberty"), (-1, "collectivization")])
def test_liberty_or_collectivization(n, answer):
    """CONTENT.md vocabulary, "Liberty OR Collectivization": the actor picks one of the two."""
    s = fresh()
    run(s, {"op": "track", "track": "liberty_or_collectivization", "n": n}, "communists")
    p = pick_of(s)
    assert sorted(p["options"]) == ["collectivization", "liberty"]
    with pytest.raises(IllegalAction):
        do(s, "communists", "track:government")
    do(s, "communists", f"track:{answer}")
    assert s.tracks[answer] == 5 + n
    other = "collectivization" if answer == "liberty" else "liberty"
    assert s.tracks[other] == 5


# -- government -----------------------------------------------------------------------------

@pytest.mark.parametrize("start,toward,expected", [(6, "center", 5), (3, "center", 4), (6, "away", 7), (5, "away", 4)])
def test_government_towards_or_away_from_centre(start, toward, expected):
    """Rulebook pg. 9: towards Centre moves one step to the line between 5 and 6; away from Centre one step in the
    direction of the controlling player."""
    s = fresh()
    s.tracks["government"] = start
    s.blanks["government"] = [4, 7]
    run(s, {"op": "government", "toward": toward})
    assert s.tracks["government"] == expected


# -- bonus --------------------------------------------------------------------------------------

@pytest.mark.parametrize("bonus,on", [("morale", False), ("teamwork", False), ("morale", True), ("teamwork", True)])
def test_named_bonus_on_or_off(bonus, on):
    """Appendix 1: Morale / Teamwork Bonus on / off."""
    s = fresh()
    s.bonuses = {"morale": not on, "teamwork": not on}
    run(s, {"op": "bonus", "bonus": bonus, "on": on})
    assert s.bonuses[bonus] is on
    assert s.bonuses[{"morale": "teamwork", "teamwork": "morale"}[bonus]] is (not on)


def test_bonus_of_choice_offers_the_bonuses_that_would_change():
    """CONTENT.md vocabulary, "Bonus on (chosen)": the actor chooses; a Bonus already on is no choice."""
    s = fresh()
    s.bonuses = {"morale": False, "teamwork": False}
    run(s, {"op": "bonus", "bonus": "choice", "on": True}, "moderates")
    p = pick_of(s)
    assert p["faction"] == "moderates" and sorted(p["options"]) == ["morale", "teamwork"]
    do(s, "moderates", "bonus:teamwork")
    assert s.bonuses == {"morale": False, "teamwork": True}
    s.bonuses = {"morale": True, "teamwork": False}
    run(s, {"op": "bonus", "bonus": "choice", "on": True}, "moderates")
    assert s.pending == [] and s.bonuses == {"morale": True, "teamwork": True}


def test_bonus_of_choice_when_both_are_already_so_says_nothing_changes():
    """CONTENT.md, "Bonus on (chosen)": with both Bonuses already on, the line changes nothing, and its question
    says so (it asked "Choose the Bonus to turn on" of two Bonuses that were on)."""
    s = fresh()
    s.bonuses = {"morale": True, "teamwork": True}
    run(s, {"op": "bonus", "bonus": "choice", "on": True}, "moderates")
    p = pick_of(s)
    assert p["prompt"] == "Both Bonuses are already on: choose either (nothing changes)"
    do(s, "moderates", "bonus:morale")
    assert s.bonuses == {"morale": True, "teamwork": True}


# -- hero ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("who,gainers", [
    ("self", ["anarchists"]), ("anarchists", ["anarchists"]), ("communists", ["communists"]),
    ("moderates", ["moderates"]), ("initiative", ["moderates"]), ("government", ["moderates"]),
    ("all", list(FACTIONS)), ("others", ["communists", "moderates"]),
])
def test_hero_gain_for_each_who(who, gainers):
    """Appendix 1: Hero points for you, a faction, the Initiative player, the Government, everyone, the others."""
    s = fresh()
    before = hp(s)
    run(s, {"op": "hero", "who": who, "n": 2}, "anarchists")
    assert hp(s) == {f: before[f] + (2 if f in gainers else 0) for f in FACTIONS}


@pytest.mark.parametrize("who,losers", [
    ("self", ["communists"]), ("anarchists", ["anarchists"]), ("initiative", ["communists"]),
    ("government", ["communists"]), ("all", list(FACTIONS)), ("others", ["anarchists", "moderates"]),
])
def test_hero_loss_for_each_who(who, losers):
    """Rulebook pg. 7: Hero points can be lost to cards; losses go back to the supply, never below 0."""
    s = fresh()
    s.tracks["government"] = 5
    s.initiative = "communists"
    for fa in s.factions.values():
        fa.hero = 3
    s.factions["moderates"].hero = 1
    s.hero_supply = 23
    run(s, {"op": "hero", "who": who, "n": -2}, "communists")
    expect = {f: max(0, (1 if f == "moderates" else 3) - (2 if f in losers else 0)) for f in FACTIONS}
    assert hp(s) == expect
    assert s.hero_supply == 30 - sum(expect.values())


def test_hero_most_hp_without_a_tie():
    """Appendix 1: "player with most Hero points loses / gains a Hero point"."""
    s = fresh()
    s.factions["communists"].hero = 5
    run(s, {"op": "hero", "who": "most_hp", "n": -1})
    assert hp(s) == {"anarchists": 2, "communists": 4, "moderates": 0}
    run(s, {"op": "hero", "who": "most_hp", "n": 1})
    assert hp(s)["communists"] == 5


def test_hero_most_hp_tie_is_broken_by_the_initiative_player():
    """Rulebook pg. 4: the Initiative token breaks all ties, also who "has the most Hero points"."""
    s = fresh()
    run(s, {"op": "hero", "who": "most_hp", "n": -1}, "anarchists")
    p = pick_of(s)
    assert p["faction"] == "moderates" and sorted(p["options"]) == ["anarchists", "communists"]
    assert p["purpose"] == "hero_lose"
    assert p["prompt"] == ("Anarchists and Communists are tied for the most Hero points: "
                           "choose which one loses 1 Hero point")
    do(s, "moderates", "faction:communists")
    assert hp(s) == {"anarchists": 2, "communists": 1, "moderates": 0}


def test_hero_of_choice():
    """CONTENT.md vocabulary, "gain Hero points (a faction)": the actor chooses the faction."""
    s = fresh()
    run(s, {"op": "hero", "who": "choice", "n": 1}, "communists")
    p = pick_of(s)
    assert p["faction"] == "communists" and sorted(p["options"]) == list(FACTIONS)
    do(s, "communists", "faction:moderates")
    assert hp(s)["moderates"] == 1


# -- take_hero ------------------------------------------------------------------------------------

def test_take_hero_from_a_named_faction_up_to_what_it_has():
    """Rulebook pg. 7: Hero points stolen by other players' cards move from the victim to the taker."""
    s = fresh()
    s.factions["communists"].hero = 1
    run(s, {"op": "take_hero", "who": "communists", "n": 2}, "anarchists")
    assert hp(s) == {"anarchists": 3, "communists": 0, "moderates": 0}


def test_take_hero_from_a_faction_of_choice_never_oneself():
    """CONTENT.md vocabulary, "take Hero points from a player": the actor chooses among the others."""
    s = fresh()
    run(s, {"op": "take_hero", "who": "choice", "n": 1}, "moderates")
    p = pick_of(s)
    assert p["faction"] == "moderates" and sorted(p["options"]) == ["anarchists", "communists"]
    do(s, "moderates", "faction:anarchists")
    assert hp(s) == {"anarchists": 1, "communists": 2, "moderates": 1}


def test_take_hero_from_most_hp_among_the_others_tie_by_initiative():
    """Appendix 1 and pg. 4: the other player with the most Hero points; a tie is broken by the Initiative player."""
    s = fresh()
    run(s, {"op": "take_hero", "who": "most_hp", "n": 1}, "moderates")
    p = pick_of(s)
    assert p["faction"] == "moderates" and sorted(p["options"]) == ["anarchists", "communists"]
    assert p["prompt"].endswith("choose which one you take 1 Hero point from")
    do(s, "moderates", "faction:communists")
    assert hp(s) == {"anarchists": 2, "communists": 1, "moderates": 1}
    s.factions["anarchists"].hero = 6
    run(s, {"op": "take_hero", "who": "most_hp", "n": 2}, "communists")
    assert hp(s) == {"anarchists": 4, "communists": 3, "moderates": 1}
    s.factions["moderates"].hero = 4
    run(s, {"op": "take_hero", "who": "most_hp", "n": 2}, "communists")
    assert pick_of(s)["prompt"] == ("Anarchists and Moderates are tied for the most Hero points: "
                                    "choose which one the Communists take 2 Hero points from")


@pytest.mark.parametrize("who", ["initiative", "government"])
def test_take_hero_from_the_initiative_or_government_player(who):
    """CONTENT.md vocabulary: take from the Initiative player / the Government; not from oneself."""
    s = fresh()
    s.factions["moderates"].hero = 3
    run(s, {"op": "take_hero", "who": who, "n": 2}, "anarchists")
    assert hp(s) == {"anarchists": 4, "communists": 2, "moderates": 1}
    run(s, {"op": "take_hero", "who": who, "n": 2}, "moderates")
    assert hp(s)["moderates"] == 1


# -- cards -----------------------------------------------------------------------------------------

def test_draw_cards_from_the_deck():
    """Appendix 1, "Draw a Card": cards come from the top of the player's deck."""
    s = fresh()
    fa = s.factions["anarchists"]
    top = fa.deck[-2:]
    hand = len(fa.hand)
    run(s, {"op": "draw", "n": 2})
    assert len(fa.hand) == hand + 2 and set(top) <= set(fa.hand)


def test_draw_reshuffles_the_discard_pile_when_the_deck_runs_out():
    """Rulebook pg. 6: the discard pile is recycled into the deck when the deck runs out and a draw is needed."""
    s = fresh()
    fa = s.factions["anarchists"]
    fa.discard = fa.deck[1:]
    fa.deck = fa.deck[:1]
    run(s, {"op": "draw", "n": 3})
    assert len(fa.hand) == 8 and fa.discard == [] and len(fa.deck) == 10


def test_nonplayer_draw_becomes_hero_points():
    """Appendix 3 rule 2a-iii: the Non-player gains Hero points instead of drawing."""
    s = fresh(seats={"communists": "nonplayer"})
    s.factions["communists"].hero = 0
    run(s, {"op": "draw", "n": 2}, "communists")
    assert s.factions["communists"].hand == [] and s.factions["communists"].hero == 2


def test_tableau_add():
    """CONTENT.md vocabulary: add a card from hand to the tableau (the player picks it)."""
    s = fresh()
    fa = s.factions["moderates"]
    c = fa.hand[2]
    run(s, {"op": "tableau_add"}, "moderates")
    assert sorted(pick_of(s)["options"]) == sorted(fa.hand)
    do(s, "moderates", f"card:{c}")
    assert fa.tableau == [c] and c not in fa.hand


def test_tableau_swap():
    """CONTENT.md vocabulary: swap a card in hand with one in the tableau."""
    s = fresh()
    fa = s.factions["moderates"]
    fa.tableau = [fa.deck.pop(), fa.deck.pop()]
    h, t = fa.hand[0], fa.tableau[1]
    run(s, {"op": "tableau_swap"}, "moderates")
    do(s, "moderates", f"card:{h}")
    assert sorted(pick_of(s)["options"]) == sorted(fa.tableau)
    do(s, "moderates", f"card:{t}")
    assert h in fa.tableau and t in fa.hand and t not in fa.tableau and h not in fa.hand


def test_tableau_swap_needs_cards_on_both_sides():
    """CONTENT.md vocabulary: a swap with an empty tableau does nothing."""
    s = fresh()
    hand = list(s.factions["moderates"].hand)
    run(s, {"op": "tableau_swap"}, "moderates")
    assert s.pending == [] and s.factions["moderates"].hand == hand


def test_trash_return():
    """CONTENT.md vocabulary: return one of your trashed cards to your hand."""
    s = fresh()
    fa = s.factions["communists"]
    fa.trash = [fa.deck.pop(), fa.deck.pop()]
    c = fa.trash[0]
    run(s, {"op": "trash_return"}, "communists")
    do(s, "communists", f"card:{c}")
    assert c in fa.hand and c not in fa.trash


def test_trash_return_with_an_empty_trash_does_nothing():
    """CONTENT.md vocabulary: nothing to return, nothing happens."""
    s = fresh()
    run(s, {"op": "trash_return"}, "communists")
    assert s.pending == [] and len(s.factions["communists"].hand) == 5


def test_remove_blank_makes_the_trigger_live_again():
    """Rulebook pg. 9 with CONTENT.md: removing a Blank marker uncovers its trigger, which fires again."""
    s = fresh()
    s.blanks["collectivization"] = [7]
    s.blanks["liberty"] = [2]
    run(s, {"op": "remove_blank"})
    p = pick_of(s)
    assert sorted(p["options"]) == ["collectivization:7", "liberty:2"]
    do(s, "anarchists", "blank:collectivization:7")
    assert s.blanks["collectivization"] == [] and s.blanks["liberty"] == [2]
    from lf.engine.tracks import move

    s.tracks["collectivization"] = 6
    run_steps(s, move("collectivization", 1, 1, "communists"))
    assert hp(s)["anarchists"] == 4


def test_remove_blank_with_no_blank_does_nothing():
    """CONTENT.md vocabulary: no Blank marker, nothing to remove."""
    s = run(fresh(), {"op": "remove_blank"})
    assert s.pending == []


@pytest.mark.parametrize("op,hp_gain", [("tableau_add", 1), ("tableau_swap", 1), ("trash_return", 2),
                                        ("remove_blank", 3)])
def test_nonplayer_readings_give_hero_points_instead(op, hp_gain):
    """Appendix 3 rule 2a iv-vi: tableau add / swap: 1 Hero point; return from the trash: 2; remove a Blank: 3."""
    s = fresh(seats={"moderates": "nonplayer"})
    s.factions["moderates"].hero = 0
    s.blanks["liberty"] = [2]
    run(s, {"op": op}, "moderates")
    assert s.pending == [] and s.factions["moderates"].hero == hp_gain
    assert s.blanks["liberty"] == [2]


def test_medallion_line_lets_the_actor_claim_one():
    """Appendix 1, "Claim a Medallion": the player chooses among those on the board."""
    s = fresh()
    s.medallions = ["heroism", "strategy"]
    run(s, {"op": "medallion"}, "communists")
    p = pick_of(s)
    assert p["faction"] == "communists" and p["purpose"] == "medallion"
    do(s, "communists", "medallion:strategy")
    assert s.factions["communists"].medallions == ["strategy"] and s.medallions == ["heroism"]


def test_play_card_line_plays_another_card_from_hand():
    """Appendix 1, "Play a Card": the player picks another card from hand and plays it (Event or AP)."""
    s = fresh()
    s.bonuses["morale"] = False
    fa = s.factions["moderates"]
    c = fa.hand[1]
    run(s, {"op": "play_card"}, "moderates")
    assert pick_of(s)["purpose"] == "play_extra"
    do(s, "moderates", f"card:{c}")
    assert s.pending[0]["kind"] == "play"
    assert "ap_front:madrid" in keys(s, "moderates") and f"event:{c}" in keys(s, "moderates")
    do(s, "moderates", "ap_front:madrid")
    assert c in fa.tableau and values(s)["madrid"] > -2


def test_another_card_is_revealed_to_everyone_once_chosen_to_be_played():
    """Appendix 1, "Play a Card": the other card is played face up, so the table sees it as soon as its player
    chooses it (before choosing its Event or its Action Points), and that choice is no longer undone unseen."""
    from lf.engine import view

    s = fresh()
    c = s.factions["moderates"].hand[1]
    run(s, {"op": "play_card"}, "moderates")
    do(s, "moderates", f"card:{c}")
    assert s.pending[0]["kind"] == "play" and s.undo_floor == len(s.actions)
    shown = [e for e in view(s, "anarchists")["log"] if f"card:{c}" in e["refs"]]
    assert shown and shown[-1]["kind"] == "reveal"


def test_glory_token_line_adds_a_token_to_the_bag():
    """CONTENT.md vocabulary: add one of your tokens to the Bag of Glory."""
    s = fresh()
    bag = list(s.bag)
    run(s, {"op": "glory_token"}, "communists")
    assert s.bag == bag + ["communists"] and s.factions["communists"].tokens == 18


def test_glory_token_needs_a_token_left():
    """Components: a faction's tokens are limited; with none left, none goes in the Bag."""
    s = fresh()
    s.factions["communists"].tokens = 0
    bag = list(s.bag)
    run(s, {"op": "glory_token"}, "communists")
    assert s.bag == bag


# -- if ----------------------------------------------------------------------------------------------

IF_CASES = [
    ("self_has_initiative", "moderates", 6, True), ("self_has_initiative", "anarchists", 6, False),
    ("self_lacks_initiative", "anarchists", 6, True), ("self_lacks_initiative", "moderates", 6, False),
    ("self_controls_government", "communists", 5, True), ("self_controls_government", "communists", 6, False),
    ("initiative_anarchists", "moderates", 6, False), ("initiative_communists", "moderates", 5, True),
    ("initiative_moderates", "anarchists", 6, True), ("government_communists", "anarchists", 4, True),
    ("government_communists", "anarchists", 6, False), ("government_moderates", "communists", 7, True),
]


@pytest.mark.parametrize("cond,actor,government,holds", IF_CASES)
def test_if_runs_then_or_else(cond, actor, government, holds):
    """CONTENT.md vocabulary: conditions on Initiative or on who controls the Government pick the branch."""
    from lf.engine.tracks import update_initiative

    s = fresh()
    s.tracks["government"] = government
    update_initiative(s)
    before = hp(s)[actor]
    run(s, {"op": "if", "cond": cond, "then": [{"op": "hero", "who": "self", "n": 1}],
            "else": [{"op": "hero", "who": "self", "n": 2}]}, actor)
    assert hp(s)[actor] == before + (1 if holds else 2)


def test_if_initiative_anarchists_holds_with_liberty_and_collectivization_at_6():
    """Rulebook pg. 4 with the vocabulary: the Anarchists hold the Initiative at Liberty and Collectivization 6."""
    from lf.engine.tracks import update_initiative

    s = fresh()
    s.tracks.update(liberty=6, collectivization=6)
    update_initiative(s)
    run(s, {"op": "if", "cond": "initiative_anarchists", "then": [{"op": "hero", "who": "self", "n": 1}]}, "moderates")
    assert hp(s)["moderates"] == 1


def test_if_without_else_does_nothing_when_false():
    """CONTENT.md vocabulary: a condition without an "otherwise" branch does nothing when it fails."""
    s = fresh()
    before = hp(s)
    run(s, {"op": "if", "cond": "initiative_communists", "then": [{"op": "hero", "who": "self", "n": 1}]})
    assert hp(s) == before


# -- actors of Fascist lines ------------------------------------------------------------------------

@pytest.mark.parametrize("actor,government,who", [("initiative", 6, "moderates"), ("initiative", 5, "communists"),
                                                  ("government", 4, "communists")])
def test_initiative_and_government_actors_resolve_when_the_line_runs(actor, government, who):
    """Rulebook pg. 5 (Fascist Events) with CONTENT.md: lines "for the Initiative player" or "for the Government"
    act for whoever holds it at that moment."""
    from lf.engine.tracks import update_initiative

    s = fresh()
    s.tracks["government"] = government
    update_initiative(s)
    before = hp(s)
    run(s, {"op": "hero", "who": "self", "n": 1}, actor)
    assert hp(s) == {**before, who: before[who] + 1}


def test_card_chosen_for_this_turn_is_not_another_card():
    """Rulebook pg. 5 part 2: the card chosen in secret is committed to the player's turn: "play another card",
    "add a card to the tableau" and "swap" use the rest of the hand."""
    s = fresh()
    fa = s.factions["moderates"]
    fa.chosen = fa.hand[0]
    run(s, {"op": "play_card"}, "moderates")
    assert fa.chosen not in pick_of(s)["options"] and len(pick_of(s)["options"]) == 4
    s.pending.clear()
    run(s, {"op": "tableau_add"}, "moderates")
    assert fa.chosen not in pick_of(s)["options"]
    s.pending.clear()
    fa.tableau = [fa.deck.pop()]
    run(s, {"op": "tableau_swap"}, "moderates")
    assert fa.chosen not in pick_of(s)["options"]
    s.pending.clear()
    fa.hand = [fa.chosen]
    run(s, {"op": "play_card"}, "moderates")
    assert s.pending == [] and fa.hand == [fa.chosen]


def test_attack_on_a_front_of_choice_is_the_actors_choice():
    """CONTENT.md vocabulary, "Attacks on a Front" (chosen): the actor picks the Front attacked."""
    s = fresh()
    run(s, {"op": "attack", "front": "choice", "n": 1}, "communists")
    p = pick_of(s)
    assert p["faction"] == "communists" and len(p["options"]) == 4
    do(s, "communists", "front:northern")
    assert values(s) == {"madrid": -2, "northern": -3, "aragon": -2, "southern": -2}
