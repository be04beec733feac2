"""Rulebook pg. 5, Turn Sequence: 1 Fascist Event (with the page-5 example), 2 player turns (secret choice,
Initiative player first, clockwise in Years 1 and 3, counter-clockwise in Year 2), 3 the Test, 4 the Bag of
Glory, 5 player tokens removed."""

from __future__ import annotations


import pytest
from engine_helpers import advance, do, fresh, keys, run_steps, settle

from lf.engine import IllegalAction, decision, new_game, view

FACTIONS = ("anarchists", "communists", "moderates")


# -- 1 Fascist Event -------------------------------------------------------------------------------

def test_page_5_example_fascist_event(fascist):
    """Rulebook pg. 5 example: an Event with 4 M and 2 V. Madrid was at +2, so 4 Attacks drop it to -2. The Front
    closest to Victory is now the Southern Front at +2, so 2 Attacks drop it to 0. The card also reduces Liberty
    by 1. Its Test is on the Madrid Front with threshold 0."""
    s = fresh()
    s.fronts["madrid"].value = 2
    s.fronts["southern"].value = 2
    s.fronts["northern"].value = 1
    s.fronts["aragon"].value = -1
    card = fascist([("M", 4), ("V", 2)], "madrid", 0, effects=[{"op": "track", "track": "liberty", "n": -1}])
    s.fascist_deck.append(card)
    run_steps(s, {"s": "fascist_event"})
    assert s.pending == []
    assert s.fascist_card == card
    assert {f: fs.value for f, fs in s.fronts.items()} == {"madrid": -2, "northern": 1, "aragon": -1, "southern": 0}
    assert s.tracks["liberty"] == 4
    assert any(e["kind"] == "fascist" and "Test on the Madrid Front, threshold +0" in e["text"] for e in s.log)


def test_page_5_example_test_resolved_after_the_players_turns(fascist):
    """Rulebook pg. 5, parts 1-3: the Test is resolved after the players take their turns: supporting Madrid
    from -2 back to 0 passes the example's Test."""
    s = fresh()
    s.fronts["madrid"].value = 2
    s.fronts["southern"].value = 2
    card = fascist([("M", 4), ("V", 2)], "madrid", 0, effects=[{"op": "track", "track": "liberty", "n": -1}],
                   reward=[{"op": "hero", "who": "all", "n": 1}])
    s.fascist_deck.append(card)
    s.turn = 0
    run_steps(s, {"s": "turn_start"})
    from lf.engine.fronts import strength

    assert s.fronts["madrid"].value == -2
    assert all(p["kind"] == "choose" for p in s.pending)
    hero = {f: s.factions[f].hero for f in FACTIONS}
    s.pending.clear()
    run_steps(s, strength("madrid", 1, "communists"), {"s": "test"})
    assert s.fronts["madrid"].value == -1 and s.test_result == "failure"
    s.pending.clear()
    s.fronts["madrid"].value = -2
    s.fronts["madrid"].tokens = []
    s.bonuses["teamwork"] = False
    run_steps(s, strength("madrid", 2, "communists"), {"s": "test"})
    assert s.fronts["madrid"].value == 0 and s.test_result == "success"
    assert s.factions["communists"].hero == hero["communists"] + 2 + 1


def test_fascist_card_is_the_top_of_the_current_year_deck_and_an_undo_barrier():
    """Rulebook pg. 5 part 1: reveal the top card of the current Year deck; revealing hides nothing that could be
    taken back."""
    s = fresh()
    top = s.fascist_deck[-1]
    s.actions.append({"faction": "moderates", "action": {"kind": "choose"}})
    run_steps(s, {"s": "fascist_event"})
    assert s.undo_floor == len(s.actions)
    assert s.fascist_card == top and top not in s.fascist_deck


def test_v_and_d_letters_hit_closest_to_victory_and_defeat(fascist):
    """Rulebook pg. 5: V or D add Attacks to the Front closest to Victory [+10] or Defeat [-10]."""
    s = fresh()
    s.fronts["northern"].value = 3
    s.fronts["aragon"].value = -6
    s.fascist_deck.append(fascist([("V", 1), ("D", 2)]))
    run_steps(s, {"s": "fascist_event"})
    assert s.fronts["northern"].value == 2 and s.fronts["aragon"].value == -8


def test_fascist_letters_resolve_in_order_with_initiative_tie_breaks(fascist):
    """Rulebook pg. 5 and pg. 8: each letter resolves in turn against the board as it is then; a tie for closest
    is broken by the Initiative player."""
    s = fresh()
    s.initiative = "anarchists"
    s.tracks.update(liberty=6, collectivization=6)
    s.fascist_deck.append(fascist([("N", 1), ("V", 1)]))
    run_steps(s, {"s": "fascist_event"})
    p = s.pending[0]
    assert p["faction"] == "anarchists" and sorted(p["options"]) == ["aragon", "madrid", "southern"]
    do(s, "anarchists", "front:madrid")
    assert s.fronts["madrid"].value == -3 and s.fronts["northern"].value == -3


def test_fascist_effect_choices_fall_to_the_initiative_player(fascist):
    """Rulebook pg. 5 and CONTENT.md: a Fascist Event's other effects (reduce a track of choice) are resolved by
    the Initiative player."""
    s = fresh()
    s.tracks["government"] = 5
    s.initiative = "communists"
    s.fascist_deck.append(fascist([("M", 1)], effects=[{"op": "track", "track": "choice", "n": -1}]))
    run_steps(s, {"s": "fascist_event"})
    assert s.pending[0]["faction"] == "communists" and s.pending[0]["what"] == "track"
    do(s, "communists", "track:foreign_aid")
    assert s.tracks["foreign_aid"] == 2


# -- 2 Player turns -----------------------------------------------------------------------------

def test_every_player_chooses_a_card_at_once_in_secret():
    """Rulebook pg. 5 part 2: each player simultaneously chooses one card; nobody's turn starts until all chose,
    and the choice stays hidden from the others."""
    s = new_game(3)
    settle(s)
    assert sorted(p["faction"] for p in s.pending) == list(FACTIONS)
    assert all(p["kind"] == "choose" for p in s.pending)
    c = s.factions["communists"].hand[0]
    do(s, "communists", f"choose:{c}")
    assert sorted(p["faction"] for p in s.pending) == ["anarchists", "moderates"]
    v = view(s, "anarchists")
    assert v["factions"]["communists"]["has_chosen"] is True
    assert "chosen" not in v["factions"]["communists"] and "hand" not in v["factions"]["communists"]
    assert c not in str(v["log"])
    assert view(s, "communists")["factions"]["communists"]["chosen"] == c
    for f in ("anarchists", "moderates"):
        do(s, f, f"choose:{s.factions[f].hand[0]}")
    assert s.pending[0]["faction"] == s.initiative and s.pending[0]["kind"] == "turn"


def test_a_player_with_an_empty_hand_passes_the_choice():
    """Rulebook pg. 5-6: a player with no card left has nothing to choose; they only pass."""
    s = fresh()
    s.factions["anarchists"].hand = []
    run_steps(s, {"s": "choose"})
    assert keys(s, "anarchists") == {"choose"}
    do(s, "anarchists", "choose")
    assert s.factions["anarchists"].chosen == ""


def test_only_a_card_in_hand_can_be_chosen():
    """Rulebook pg. 5: the card comes from the player's hand."""
    s = fresh()
    run_steps(s, {"s": "choose"})
    other = s.factions["anarchists"].deck[0]
    with pytest.raises(IllegalAction):
        do(s, "anarchists", f"choose:{other}")


@pytest.mark.parametrize("year,initiative,order", [
    (1, "moderates", ["moderates", "anarchists", "communists"]),
    (1, "anarchists", ["anarchists", "communists", "moderates"]),
    (1, "communists", ["communists", "moderates", "anarchists"]),
    (2, "moderates", ["moderates", "communists", "anarchists"]),
    (2, "anarchists", ["anarchists", "moderates", "communists"]),
    (3, "communists", ["communists", "moderates", "anarchists"]),
])
def test_initiative_player_first_then_clockwise_in_years_1_and_3_counter_clockwise_in_year_2(year, initiative,
                                                                                             order):
    """Rulebook pg. 4-5: the Initiative player goes first; turn order is clockwise (Anarchists -> Communists ->
    Moderates, CONTENT.md) for Years 1 and 3, counter-clockwise in Year 2."""
    s = fresh()
    s.year, s.direction = year, (-1 if year == 2 else 1)
    s.tracks.update(liberty=6 if initiative == "anarchists" else 5, collectivization=6,
                    government=5 if initiative == "communists" else 6)
    s.initiative = initiative
    for f in FACTIONS:
        s.factions[f].chosen = ""
    run_steps(s, {"s": "player_turns"})
    assert s.order == order
    seen = []
    for _ in FACTIONS:
        f = s.pending[0]["faction"]
        seen.append(f)
        do(s, f, "end_turn")
    assert seen == order


def test_turn_order_is_fixed_when_the_turns_begin():
    """Rulebook pg. 5 with lf's reading (docs/engine.md): a change of Initiative during the player turns takes
    effect for turn order from the next turn; the new holder's other powers apply at once."""
    s = fresh()
    for f in FACTIONS:
        s.factions[f].chosen = ""
    s.factions["moderates"].hero = 4
    run_steps(s, {"s": "player_turns"})
    do(s, "moderates", "hp_track:government:-1")
    assert s.initiative == "communists"
    do(s, "moderates", "end_turn")
    assert s.pending[0]["faction"] == "anarchists"


def test_the_turn_reveals_the_chosen_card():
    """Rulebook pg. 5 part 2: the player reveals their card when their turn comes, and plays it."""
    s = fresh()
    c = s.factions["moderates"].hand[0]
    s.factions["moderates"].chosen = c
    run_steps(s, {"s": "player_turn", "f": "moderates"})
    assert s.log[-1]["kind"] == "reveal" and f"card:{c}" in s.log[-1]["refs"]
    assert decision(s, "moderates").kind == "turn"
    assert f"event:{c}" in keys(s, "moderates")


# -- 3 the Test ----------------------------------------------------------------------------------

@pytest.mark.parametrize("value,result", [(1, "success"), (2, "success"), (0, "failure"), (-5, "failure")])
def test_test_passes_when_the_front_reaches_the_threshold(fascist, value, result):
    """Rulebook pg. 5 part 3: the Test challenges one Front: supported to its threshold it is a Success (reward),
    otherwise a Failure (penalty)."""
    s = fresh()
    s.fascist_card = fascist([("M", 1)], "southern", 1, reward=[{"op": "hero", "who": "communists", "n": 3}],
                             penalty=[{"op": "track", "track": "soviet_support", "n": -1}])
    s.fronts["southern"].value = value
    run_steps(s, {"s": "test"})
    assert s.test_result == result
    if result == "success":
        assert s.factions["communists"].hero == 5 and s.tracks["soviet_support"] == 3
    else:
        assert s.factions["communists"].hero == 2 and s.tracks["soviet_support"] == 2
    assert any(e["kind"] == "test" and result in e["text"] for e in s.log)


def test_test_reward_may_concern_one_player_only(fascist):
    """Rulebook pg. 5 part 3: a reward may benefit only one specific player."""
    s = fresh()
    s.fascist_card = fascist([("N", 1)], "northern", -3, reward=[{"op": "hero", "who": "moderates", "n": 2}])
    run_steps(s, {"s": "test"})
    assert {f: s.factions[f].hero for f in FACTIONS} == {"anarchists": 2, "communists": 2, "moderates": 2}


def test_a_test_reward_is_the_cards_effect_not_a_players_support(fascist):
    """Rulebook pg. 7: "When a player strengthens a Front ... they place one (and only one) of their player
    tokens in that Front"; Teamwork adds +1 "where the second or third player adds Strength"; "A player
    immediately earns a Hero point when they strengthen a Front to Republican control". A Test reward of
    "+2 Strength to the Front closest to Defeat" is the Fascist card's effect: no player strengthens the Front,
    so no token, no Teamwork, no Strategy and no Hero point for the Initiative player who resolves it."""
    s = fresh()  # the Moderates hold the Initiative
    s.factions["moderates"].medallions = ["strategy"]
    for front, value in {"madrid": 0, "northern": -1, "aragon": 0, "southern": 0}.items():
        s.fronts[front].value = value
    s.fronts["northern"].tokens = ["communists"]  # a second player's token would have earned Teamwork
    s.fascist_card = fascist([("M", 1)], "madrid", -5,
                             reward=[{"op": "strength", "front": "closest_defeat", "n": 2}])
    hero, tokens = {f: s.factions[f].hero for f in FACTIONS}, s.factions["moderates"].tokens
    start = len(s.log)
    run_steps(s, {"s": "test"})
    assert s.test_result == "success"
    assert s.fronts["northern"].value == 1 and s.fronts["northern"].tokens == ["communists"]
    assert {f: s.factions[f].hero for f in FACTIONS} == hero
    assert s.factions["moderates"].tokens == tokens and "strategy" not in s.factions["moderates"].used
    line = next(e for e in s.log[start:] if e["kind"] == "front")
    assert line["faction"] is None and line["text"].startswith("2 Strength to the Northern Front (Test reward")


def test_a_test_reward_that_brings_victory_pays_only_those_who_supported_the_front(fascist):
    """Rulebook pg. 8: "All players who contributed to the victorious Front this turn receive 3 Hero points":
    the Initiative player who resolves a reward's Strength has not contributed by it."""
    s = fresh()
    s.fronts["aragon"].value, s.fronts["aragon"].tokens = 8, ["anarchists"]
    s.fascist_card = fascist([("M", 1)], "madrid", -5, reward=[{"op": "strength", "front": "aragon", "n": 2}])
    run_steps(s, {"s": "test"})
    assert s.fronts["aragon"].status == "victory" and s.fronts["aragon"].tokens == ["anarchists"]
    assert s.factions["anarchists"].hero == 5 and s.factions["moderates"].hero == 0


def test_a_reward_the_named_player_places_is_still_not_their_support(fascist):
    """A reward "Moderates: +1 Strength to a Front of your choice" lets the Moderates choose the Front (the line
    names them); the Strength is still the card's effect (pg. 7 speaks of a player who strengthens a Front)."""
    s = fresh()
    s.initiative = "anarchists"
    s.fascist_card = fascist([("M", 1)], "madrid", -5,
                             reward=[{"op": "strength", "front": "choice", "n": 1, "actor": "moderates"}])
    run_steps(s, {"s": "test"})
    assert s.pending[0]["faction"] == "moderates"
    do(s, "moderates", "front:southern")
    assert s.fronts["southern"].value == -1 and s.fronts["southern"].tokens == []


def test_the_test_comes_after_all_player_turns_then_the_bag_then_tokens_leave(fascist):
    """Rulebook pg. 5: 2 player turns, 3 the Test, 4 the Bag of Glory, 5 player tokens removed from the Fronts, then
    the next turn's Fascist Event."""
    s = fresh(front=3)
    s.fascist_deck.append(fascist([("A", 1)], "aragon", 0))
    s.turn = 0
    run_steps(s, {"s": "turn_start"})
    start = len(s.log)
    advance(s, lambda st: st.turn == 2 and any(p["kind"] == "choose" for p in st.pending))
    kinds = [e["kind"] for e in s.log[start:]]
    reveals = [i for i, k in enumerate(kinds) if k == "reveal"]
    test = kinds.index("test")
    bag = next(i for i, e in enumerate(s.log[start:]) if "Bag of Glory (the Initiative" in e["text"])
    next_turn = kinds.index("turn")
    assert len(reveals) == 3 and max(reveals) < test < bag < next_turn
    assert kinds.index("fascist") > next_turn


# -- 4 the Bag of Glory, 5 tokens removed ------------------------------------------------------------

@pytest.mark.parametrize("turn,n", [(1, 1), (2, 1), (3, 1), (4, 2)])
def test_initiative_player_adds_a_token_each_turn_and_one_more_at_the_end_of_the_year(turn, n):
    """Rulebook pg. 5 part 4 and pg. 10: at the end of every turn the Initiative player adds one of their tokens
    to the Bag of Glory; at the end of the Year, one more."""
    s = fresh()
    s.turn = turn
    s.initiative = "communists"
    bag = list(s.bag)
    tokens = s.factions["communists"].tokens
    run_steps(s, {"s": "bag"})
    assert s.bag == bag + ["communists"] * n
    assert s.factions["communists"].tokens == tokens - n


def test_the_bag_token_goes_to_whoever_holds_the_initiative_at_the_end_of_the_turn():
    """Rulebook pg. 4: the Initiative holder at the end of the turn adds the token (Initiative moves at once)."""
    from lf.engine.tracks import move

    s = fresh()
    run_steps(s, move("government", -1, 1, "communists"), {"s": "bag"})
    assert s.bag[-1] == "communists"


def test_player_tokens_are_removed_at_the_end_of_the_turn_and_the_fascist_card_discarded(fascist):
    """Rulebook pg. 5 part 5: remove all player tokens from the Fronts; the turn's Fascist card is done."""
    s = fresh(front=5)
    s.fronts["madrid"].tokens = ["anarchists", "communists"]
    s.fronts["aragon"].tokens = ["anarchists"]
    s.factions["anarchists"].tokens = 17
    card = s.fascist_card
    s.fascist_deck.append(fascist([("S", 1)]))
    run_steps(s, {"s": "turn_end"})
    assert all(fs.tokens == [] for fs in s.fronts.values())
    assert s.factions["anarchists"].tokens == 19
    assert s.fascist_discard[-1] == card
    assert s.turn == 2


def test_a_faction_out_of_tokens_gets_none_back_from_the_fronts():
    """Rulebook pg. 5 part 5 with the Components (20 tokens per faction, CONTENT.md): clearing the Fronts returns
    only tokens that exist; a faction whose 20 tokens are all in the Bag and Glory area still has none after
    supporting a Front, so it cannot add a 21st token to the Bag."""
    from lf.engine.fronts import strength

    s = fresh(front=5)
    s.bag = ["moderates"] * 17 + ["anarchists", "communists"]
    s.glory = ["moderates"] * 3
    s.factions["moderates"].tokens = 0
    run_steps(s, strength("madrid", 1, "moderates"))
    assert "moderates" in s.fronts["madrid"].tokens
    run_steps(s, {"s": "turn_end"})
    assert s.factions["moderates"].tokens == 0
    assert s.factions["anarchists"].tokens == 19 and s.factions["communists"].tokens == 19
    s.pending.clear()
    s.stack.clear()
    run_steps(s, {"s": "bag"})
    assert s.bag.count("moderates") == 17
