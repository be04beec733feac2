"""Rulebook pg. 10 (Medallions) and Appendix 2: earned when a faction's track is maxed out, chosen by the
earning player among those left (none left: none received); the nine effects; Appendix 3 rule 6."""

from __future__ import annotations


import pytest
from engine_helpers import do, fresh, give, keys, run_steps

from lf.engine import IllegalAction, decision
from lf.engine.fronts import strength
from lf.engine.tracks import fx, move

ALL = ["propaganda", "heroism", "mobilization", "strategy", "vigilance", "archives", "volunteers", "intelligence",
       "organization"]


def claim(s, faction, medallion):
    """Run a medallion claim for ``faction`` and pick ``medallion``."""
    run_steps(s, {"s": "medallion", "by": faction})
    if s.pending and s.pending[0]["purpose"] == "medallion":
        do(s, faction, f"medallion:{medallion}")


def my_turn(s, faction, cid):
    give(s, faction, cid)
    s.factions[faction].chosen = cid
    run_steps(s, {"s": "player_turn", "f": faction})


# -- claiming ----------------------------------------------------------------------------------

def test_the_earning_player_chooses_among_the_medallions_on_the_board():
    """Rulebook pg. 10: the player earning a Medallion may choose the one they desire from the board."""
    s = fresh()
    s.medallions = ["archives", "heroism", "propaganda", "strategy", "vigilance"]
    run_steps(s, {"s": "medallion", "by": "anarchists"})
    p = s.pending[0]
    assert p["faction"] == "anarchists" and p["purpose"] == "medallion"
    assert sorted(p["options"]) == sorted(s.medallions)
    assert p["prompt"] == "You earn a medallion: choose one of those on the board"
    with pytest.raises(IllegalAction):
        do(s, "moderates", "medallion:strategy")
    do(s, "anarchists", "medallion:strategy")
    assert s.factions["anarchists"].medallions == ["strategy"]
    assert "strategy" not in s.medallions and len(s.medallions) == 4


def test_no_medallion_left_none_received():
    """Rulebook pg. 10: if there are no Medallions remaining, they do not receive one."""
    s = fresh()
    s.medallions = []
    n = len(s.log)
    run_steps(s, {"s": "medallion", "by": "communists"})
    assert s.pending == [] and s.factions["communists"].medallions == []
    assert any("none is left" in e["text"] for e in s.log[n:])


@pytest.mark.parametrize("track,start,d,owner", [
    ("liberty", 9, 1, "anarchists"), ("collectivization", 9, 1, "anarchists"), ("soviet_support", 9, 1, "communists"),
    ("government", 2, -1, "communists"), ("foreign_aid", 9, 1, "moderates"), ("government", 9, 1, "moderates"),
])
def test_a_maxed_out_track_earns_its_owner_a_medallion(track, start, d, owner):
    """Rulebook pg. 10: when a player's track is maxed out they may earn a Medallion (e.g. Government reaching
    space 1 earns one for the Communists), whoever moved the track."""
    s = fresh()
    s.tracks.update(collectivization=8, soviet_support=8, foreign_aid=8)
    s.tracks[track] = start
    s.medallions = ["heroism", "strategy"]
    mover = "communists" if owner != "communists" else "moderates"
    run_steps(s, move(track, d, 1, mover))
    p = s.pending[0]
    assert p["faction"] == owner and p["purpose"] == "medallion"


def test_nonplayer_never_takes_archives_or_intelligence():
    """Appendix 3 rule 6: Non-players do not take Archives or Intelligence."""
    s = fresh(seats={"communists": "nonplayer"})
    s.medallions = ["archives", "intelligence"]
    run_steps(s, {"s": "medallion", "by": "communists"})
    assert s.pending == [] and s.factions["communists"].medallions == []
    s.medallions = ["archives", "intelligence", "strategy"]
    run_steps(s, {"s": "medallion", "by": "communists"})
    assert s.factions["communists"].medallions == ["strategy"]
    assert s.medallions == ["archives", "intelligence"]


# -- immediate one-time bonuses ----------------------------------------------------------------

def test_propaganda_adds_a_token_to_the_bag():
    """Appendix 2: add 1 player token to the Bag of Glory."""
    s = fresh()
    s.medallions = ["propaganda"]
    bag, tokens = s.bag.count("communists"), s.factions["communists"].tokens
    claim(s, "communists", "propaganda")
    assert s.bag.count("communists") == bag + 1 and s.factions["communists"].tokens == tokens - 1


def test_heroism_gains_7_hero_points():
    """Appendix 2: gain 7 Hero points (from the supply)."""
    s = fresh()
    s.medallions = ["heroism", "strategy"]
    claim(s, "moderates", "heroism")
    assert s.factions["moderates"].hero == 7 and s.hero_supply == 19


def test_heroism_is_limited_by_the_supply():
    """Appendix 2 with pg. 7: the 7 Hero points come from the supply; with 4 left, only 4."""
    s = fresh()
    s.medallions = ["heroism", "strategy"]
    s.hero_supply = 4
    claim(s, "moderates", "heroism")
    assert s.factions["moderates"].hero == 4 and s.hero_supply == 0


def test_mobilization_plays_another_card(card):
    """Appendix 2: play another card (chosen from hand, for its Event or its AP)."""
    s = fresh()
    s.bonuses["morale"] = False
    a, b = card("anarchists", 2), card("anarchists", 1)
    s.factions["anarchists"].hand = [a, b]
    s.medallions = ["mobilization", "heroism"]
    claim(s, "anarchists", "mobilization")
    p = s.pending[0]
    assert p["what"] == "card" and sorted(p["options"]) == sorted([a, b])
    do(s, "anarchists", f"card:{a}")
    assert s.pending[0]["kind"] == "play"
    do(s, "anarchists", "ap_front:aragon")
    assert s.fronts["aragon"].value == 0 and a in s.factions["anarchists"].tableau
    assert s.factions["anarchists"].hand == [b]


def test_mobilization_with_an_empty_hand_does_nothing():
    """Appendix 2: "play another card" needs a card in hand."""
    s = fresh()
    s.factions["anarchists"].hand = []
    s.medallions = ["mobilization", "heroism"]
    claim(s, "anarchists", "mobilization")
    assert s.pending == [] and s.factions["anarchists"].medallions == ["mobilization"]


# -- permanent upgrades --------------------------------------------------------------------------

def test_strategy_adds_one_extra_strength_once_per_turn():
    """Appendix 2: add 1 extra Strength when supporting a Front (once per turn)."""
    s = fresh()
    s.bonuses["teamwork"] = False
    s.factions["communists"].medallions = ["strategy"]
    s.active = "communists"
    run_steps(s, strength("southern", 1, "communists"))
    assert s.fronts["southern"].value == 0
    run_steps(s, strength("madrid", 1, "communists"))
    assert s.fronts["madrid"].value == -1
    run_steps(s, {"s": "turn_end"})
    s.pending.clear()
    s.stack.clear()
    s.active = "communists"
    v = s.fronts["northern"].value
    run_steps(s, strength("northern", 1, "communists"))
    assert s.fronts["northern"].value == v + 2


def test_strategy_is_for_the_owners_own_support_in_the_owners_own_turn():
    """Appendix 2: "Add 1 extra Strength when Supporting a Front (once per turn)" (lf reading, docs/engine.md):
    a support of the owner outside its own turn (a trigger's +1 chosen in another faction's turn) gets no
    extra and does not use it up; another faction's support in the owner's turn does not use it either."""
    s = fresh()
    s.bonuses["teamwork"] = False
    s.factions["communists"].medallions = ["strategy"]
    s.active = "anarchists"
    run_steps(s, strength("southern", 1, "communists"))
    assert s.fronts["southern"].value == -1 and "strategy" not in s.factions["communists"].used
    s.active = "communists"
    run_steps(s, strength("aragon", 1, "anarchists"))
    assert s.fronts["aragon"].value == -1 and "strategy" not in s.factions["communists"].used
    run_steps(s, strength("madrid", 1, "communists"))
    assert s.fronts["madrid"].value == 0 and "strategy" in s.factions["communists"].used


def test_vigilance_gains_2_on_a_successful_test_even_without_support(plain_fascist):
    """Appendix 2: gain 2 extra Hero points from each Successful Test (even if you didn't support); a supporter
    with Vigilance gains 2 + 2."""
    s = fresh()
    s.fascist_card = plain_fascist("aragon", 0)
    s.fronts["aragon"].value = 0
    s.factions["communists"].medallions = ["vigilance"]
    s.factions["anarchists"].medallions = ["vigilance"]
    s.fronts["aragon"].tokens = ["anarchists"]
    run_steps(s, {"s": "test"})
    assert s.test_result == "success"
    assert s.factions["communists"].hero == 2 + 2
    assert s.factions["anarchists"].hero == 2 + 4
    assert s.factions["moderates"].hero == 0


def test_vigilance_gives_nothing_on_a_failed_test(plain_fascist):
    """Appendix 2: Vigilance pays on Successful Tests only."""
    s = fresh()
    s.fascist_card = plain_fascist("aragon", 0)
    s.fronts["aragon"].value = -1
    s.factions["communists"].medallions = ["vigilance"]
    run_steps(s, {"s": "test"})
    assert s.test_result == "failure" and s.factions["communists"].hero == 2


def test_archives_draws_one_more_card():
    """Appendix 2: +1 card when drawing from your deck."""
    s = fresh()
    s.factions["moderates"].medallions = ["archives"]
    n = len(s.factions["moderates"].hand)
    run_steps(s, fx({"op": "draw", "n": 2}, "moderates", "card"))
    assert len(s.factions["moderates"].hand) == n + 3


def test_archives_adds_one_card_to_a_turns_hero_point_purchases():
    """Appendix 2: "+1 card when drawing from your deck"; pg. 7 prices cards "1 Hero point per card", so one turn's
    purchases are one draw (lf reading, docs/engine.md): 3 Hero points buy 4 cards, not 6."""
    from engine_helpers import card_of

    s = fresh()
    s.factions["moderates"].medallions = ["archives"]
    s.factions["moderates"].hero = 3
    c = card_of(s, "moderates", lambda c: c.strength == 1)
    my_turn(s, "moderates", c)
    label = next(ch.label for ch in decision(s, "moderates").choices if ch.action.key == "hp_draw")
    assert "one more with Archives" in label
    n = len(s.factions["moderates"].hand)
    for _ in range(3):
        do(s, "moderates", "hp_draw")
    assert len(s.factions["moderates"].hand) == n + 4 and s.factions["moderates"].hero == 0
    run_steps(s, fx({"op": "draw", "n": 1}, "moderates", "an Event"))
    assert len(s.factions["moderates"].hand) == n + 6  # an Event's draw is a draw of its own


def test_archives_keeps_one_more_card_in_hand_but_not_in_tableau_at_year_end():
    """Appendix 2: keep +1 in hand at the End of the Year; it does not allow an extra card in the tableau."""
    from lf.engine.year_end import keep_limits

    s = fresh()
    s.factions["anarchists"].medallions = ["archives"]
    assert keep_limits(s, "anarchists") == (2, 1) and keep_limits(s, "communists") == (1, 1)
    s.year = 2
    assert keep_limits(s, "anarchists") == (3, 2)
    s.year = 1
    fa = s.factions["anarchists"]
    fa.tableau = [fa.deck.pop(), fa.deck.pop()]
    run_steps(s, {"s": "keep"})
    for c in fa.hand[:2]:
        do(s, "anarchists", f"keep:{c}")
    assert f"keep:{fa.hand[2]}" not in keys(s, "anarchists")
    do(s, "anarchists", f"keep:{fa.tableau[0]}")
    assert f"keep:{fa.tableau[1]}" not in keys(s, "anarchists")


# -- Hero point medallions -----------------------------------------------------------------------

def test_volunteers_convert_any_number_of_hero_points_into_strength_on_any_fronts(card):
    """Appendix 2: convert any number of Hero points into Strength added to any Fronts (1 for 1)."""
    s = fresh()
    s.bonuses["teamwork"] = False
    s.factions["moderates"].medallions = ["volunteers"]
    s.factions["moderates"].hero = 3
    my_turn(s, "moderates", card("moderates"))
    do(s, "moderates", "volunteers:madrid")
    do(s, "moderates", "volunteers:madrid")
    do(s, "moderates", "volunteers:southern")
    assert s.fronts["madrid"].value == 0 and s.fronts["southern"].value == -1
    assert s.factions["moderates"].hero == 0
    assert not any(k.startswith("volunteers") for k in keys(s, "moderates"))


def test_volunteers_need_the_medallion(card):
    """Appendix 2: only the holder of the medallion may convert Hero points into Strength."""
    s = fresh()
    s.factions["communists"].hero = 5
    s.initiative = "communists"
    my_turn(s, "communists", card("communists"))
    assert not any(k.startswith("volunteers") for k in keys(s, "communists"))


def test_intelligence_removes_a_blank_once_per_turn_and_the_trigger_is_live_again(card):
    """Appendix 2: spend 1 Hero point: remove a Blank marker from a Track (once per turn); the trigger under it
    fires again."""
    s = fresh()
    s.factions["anarchists"].medallions = ["intelligence"]
    s.factions["anarchists"].hero = 5
    s.blanks["collectivization"] = [7]
    s.blanks["liberty"] = [2]
    my_turn(s, "anarchists", card("anarchists"))
    assert {"intelligence:collectivization:7", "intelligence:liberty:2"} <= keys(s, "anarchists")
    do(s, "anarchists", "intelligence:collectivization:7")
    assert s.blanks["collectivization"] == [] and s.factions["anarchists"].hero == 4
    assert "intelligence:liberty:2" not in keys(s, "anarchists")
    assert any("already used" in u.reason for u in decision(s, "anarchists").unavailable)
    s.tracks["collectivization"] = 6
    s.bonuses["morale"] = False
    do(s, "anarchists", "ap_track:collectivization:+1")
    assert s.factions["anarchists"].hero == 4 + 2
    assert s.blanks["collectivization"] == [7]


def test_organization_counts_a_track_icon_once_more_for_one_hero_point(card):
    """Appendix 2: spend 1 Hero point: double a Track icon on your current card to improve the Morale Bonus by 1
    (once per turn; track icons only, not "+1 to a Front")."""
    s = fresh()
    s.blanks["foreign_aid"] = [5]
    fa = s.factions["moderates"]
    fa.medallions = ["organization"]
    fa.hero = 2
    fa.tableau = [card("moderates", icons=["foreign_aid+"])]
    c = card("moderates", 1, icons=["foreign_aid+", "front"])
    my_turn(s, "moderates", c)
    do(s, "moderates", "ap_front:northern")
    assert "morale:foreign_aid+:+1" in keys(s, "moderates")
    assert "morale:front:+1" not in keys(s, "moderates")
    do(s, "moderates", "morale:foreign_aid+:+1")
    assert s.tracks["foreign_aid"] == 6
    assert fa.hero == 1 and "organization" in fa.used


def test_organization_needs_a_hero_point(card):
    """Appendix 2: Organization costs 1 Hero point."""
    s = fresh()
    fa = s.factions["moderates"]
    fa.medallions = ["organization"]
    fa.hero = 0
    my_turn(s, "moderates", card("moderates", 1, icons=["foreign_aid+"]))
    do(s, "moderates", "ap_front:northern")
    assert "morale:foreign_aid+:+1" not in keys(s, "moderates")
    assert "morale:foreign_aid+" in keys(s, "moderates")


def test_organization_is_once_per_turn(card):
    """Appendix 2: Organization may be used once per turn (a second card played the same turn cannot use it)."""
    s = fresh()
    s.blanks["foreign_aid"] = [5, 7]
    fa = s.factions["moderates"]
    fa.medallions = ["organization"]
    fa.hero = 5
    my_turn(s, "moderates", card("moderates", 1, icons=["foreign_aid+"]))
    do(s, "moderates", "ap_front:northern")
    do(s, "moderates", "morale:foreign_aid+:+1")
    second = card("moderates", 1, icons=["foreign_aid+"])
    fa.tableau.append(second)
    run_steps(s, {"s": "morale", "f": "moderates", "card": second})
    assert "morale:foreign_aid+" in keys(s, "moderates")
    assert "morale:foreign_aid+:+1" not in keys(s, "moderates")


def test_mobilization_never_plays_the_card_chosen_for_this_turn():
    """Rulebook pg. 5 part 2 with Appendix 2: the card chosen in secret is committed to the turn, so "play another
    card" (here Mobilization, claimed when a Hero point purchase maxes out Foreign Aid) takes another card."""
    s = fresh()
    s.bonuses["morale"] = False
    s.tracks["foreign_aid"] = 9
    s.medallions = ["mobilization"]
    fa = s.factions["moderates"]
    chosen, other = fa.hand[:2]
    fa.hand = [chosen, other]
    fa.hero = 2
    fa.chosen = chosen
    run_steps(s, {"s": "player_turn", "f": "moderates"})
    do(s, "moderates", "hp_track:foreign_aid:+1")
    assert fa.medallions == ["mobilization"]
    assert s.pending[0]["kind"] == "play" and s.pending[0]["card"] == other
    do(s, "moderates", "ap_front:madrid")
    assert decision(s, "moderates").kind == "turn" and f"event:{chosen}" in keys(s, "moderates")
    do(s, "moderates", "ap_front:northern")
    assert fa.tableau == [other, chosen] and fa.hand == []


def test_mobilization_out_of_turn_leaves_the_chosen_card_for_its_turn():
    """Rulebook pg. 5 part 2 with Appendix 2: the Communists max out Foreign Aid; the Moderates claim Mobilization
    but their only card is the one chosen for their coming turn, so there is no other card to play."""
    s = fresh()
    s.tracks["foreign_aid"] = 9
    s.medallions = ["mobilization"]
    fa = s.factions["moderates"]
    fa.hand = fa.hand[:1]
    fa.chosen = fa.hand[0]
    run_steps(s, move("foreign_aid", 1, 1, "communists"))
    assert fa.medallions == ["mobilization"] and s.pending == [] and fa.hand == [fa.chosen]


def test_another_card_spent_by_mobilization_midway_is_asked_again():
    """Rulebook pg. 7 (Hero points "any time during their turn") with Appendix 2 (Mobilization): the Moderates
    chose a card to play as "another card", then, asked how to play it, buy a Foreign Aid step that earns them
    Mobilization and play that same card with it. The first "another card" is still owed: it is asked afresh
    among the cards left in hand, never offered for the card already played (found by the computer player's
    random games: the engine offered the gone card and crashed)."""
    s = fresh()
    s.bonuses["morale"] = False
    s.tracks["foreign_aid"] = 9
    s.medallions = ["mobilization"]
    fa = s.factions["moderates"]
    chosen, first, second = fa.hand[:3]
    fa.hand = [chosen, first, second]
    fa.chosen = chosen
    fa.hero = 2
    s.phase, s.active = "turn", "moderates"
    run_steps(s, {"s": "play_extra", "by": "moderates"})
    do(s, "moderates", f"card:{first}")
    assert s.pending[0]["kind"] == "play" and s.pending[0]["card"] == first
    do(s, "moderates", "hp_track:foreign_aid:+1")  # Foreign Aid 10: Mobilization, another card at once
    assert fa.medallions == ["mobilization"]
    do(s, "moderates", f"card:{first}")
    do(s, "moderates", "ap_front:madrid")
    assert first in fa.tableau
    p = s.pending[0]
    assert p["kind"] == "play" and p["card"] == second, "the owed card is asked afresh: the one left in hand"
    assert f"event:{first}" not in keys(s, "moderates")
    do(s, "moderates", "ap_front:northern")
    assert fa.tableau == [first, second] and fa.hand == [chosen]
