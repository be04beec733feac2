"""Rulebook pg. 10 (End of the Year, Final Bid for Glory) and pg. 4 (Winning and Losing): Glory draws, Hero
points for those who did not score, kept cards, new hands, the direction flip and the next Fascist deck; the
Final Bid; the war lost or won in every way, and Glory ties broken by the Initiative player."""

from __future__ import annotations

import pytest
from engine_helpers import advance, do, fresh, keys, run_steps, settle

from lf.engine import IllegalAction, decision, legal_actions
from lf.engine.fronts import attack
from lf.engine.machine import content

FACTIONS = ("anarchists", "communists", "moderates")


def hp(s):
    return {f: s.factions[f].hero for f in FACTIONS}


def with_tableaux(s, n=2):
    for fa in s.factions.values():
        fa.tableau = [fa.deck.pop() for _ in range(n)]


def keep_nothing(s, *factions):
    for f in factions:
        do(s, f, "keep_done")


def of_strength(faction, k, n=1):
    return [i for i in content().decks[faction] if content().player_cards[i].strength == k][:n]


# -- End of Year 1 --------------------------------------------------------------------------

def test_end_of_year_1_scores_one_token_and_gives_the_others_1_hero_point():
    """Rulebook pg. 10: at the end of Year 1 pull 1 player token from the Bag of Glory and score it; the other
    two players receive 1 Hero point."""
    s = fresh()
    s.bag = ["communists"]
    run_steps(s, {"s": "year_end"})
    assert s.glory == ["communists"] and s.bag == []
    assert hp(s) == {"anarchists": 3, "communists": 2, "moderates": 1}


def test_end_of_year_1_keeps_one_card_in_hand_and_one_in_tableau_the_rest_is_discarded():
    """Rulebook pg. 10: each player may keep 1 card in their hand and 1 in their tableau; the rest go to the
    discard pile; then all players draw 5 new cards."""
    s = fresh(front=8)
    with_tableaux(s)
    fa = s.factions["anarchists"]
    hand, tableau = list(fa.hand), list(fa.tableau)
    run_steps(s, {"s": "year_end"})
    assert sorted(p["faction"] for p in s.pending) == list(FACTIONS)
    assert all(p["kind"] == "keep" for p in s.pending)
    do(s, "anarchists", f"keep:{hand[0]}")
    assert f"keep:{hand[1]}" not in keys(s, "anarchists")
    reason = next(u.reason for u in decision(s, "anarchists").unavailable if u.action.key == f"keep:{hand[1]}")
    assert "only 1 card" in reason
    with pytest.raises(IllegalAction):
        do(s, "anarchists", f"keep:{hand[1]}")
    do(s, "anarchists", f"keep:{tableau[1]}")
    do(s, "anarchists", "keep_done")
    keep_nothing(s, "communists", "moderates")
    assert s.year == 2
    assert hand[0] in fa.hand and len(fa.hand) == 1 + 5
    assert fa.tableau == [tableau[1]]
    assert set(hand[1:]) | {tableau[0]} <= set(fa.discard)
    for f in ("communists", "moderates"):
        assert len(s.factions[f].hand) == 5 and s.factions[f].tableau == []


def test_archives_keeps_one_more_card_in_hand_and_draws_one_more_at_year_end():
    """Rulebook pg. 10 with Appendix 2 (Archives): keep +1 in hand at the End of the Year, not in the tableau;
    +1 card when drawing the Year's 5 cards (lf reading, docs/engine.md)."""
    s = fresh(front=8)
    with_tableaux(s)
    fa = s.factions["anarchists"]
    fa.medallions = ["archives"]
    hand, tableau = list(fa.hand), list(fa.tableau)
    run_steps(s, {"s": "year_end"})
    do(s, "anarchists", f"keep:{hand[0]}")
    do(s, "anarchists", f"keep:{hand[1]}")
    assert f"keep:{hand[2]}" not in keys(s, "anarchists")
    do(s, "anarchists", f"keep:{tableau[0]}")
    assert f"keep:{tableau[1]}" not in keys(s, "anarchists")
    do(s, "anarchists", "keep_done")
    keep_nothing(s, "communists", "moderates")
    assert s.year == 2
    assert set(hand[:2]) <= set(fa.hand) and len(fa.hand) == 2 + 5 + 1
    assert fa.tableau == [tableau[0]]


def test_a_kept_card_can_be_taken_back_before_done():
    """Rulebook pg. 10: the choice of kept cards is the player's until they confirm it."""
    s = fresh()
    run_steps(s, {"s": "year_end"})
    c = s.factions["moderates"].hand[0]
    do(s, "moderates", f"keep:{c}")
    do(s, "moderates", f"unkeep:{c}")
    assert s.factions["moderates"].keep == []


def test_end_of_year_1_flips_to_counter_clockwise_and_brings_the_year_2_fascist_deck():
    """Rulebook pg. 10: flip the Initiative token (turn order counter-clockwise for Year 2) and replace the
    Year 1 Fascist cards with the Year 2 deck."""
    s = fresh(front=8)
    run_steps(s, {"s": "year_end"})
    keep_nothing(s, *FACTIONS)
    settle(s)
    assert s.year == 2 and s.turn == 1 and s.direction == -1
    year2 = set(content().fascist_decks[2])
    assert s.fascist_card in year2
    assert set(s.fascist_deck) <= year2 and len(s.fascist_deck) == 17
    s.pending.clear()
    run_steps(s, {"s": "player_turns"})
    assert s.order == ["moderates", "communists", "anarchists"]


# -- End of Year 2 -----------------------------------------------------------------------------

@pytest.mark.parametrize("bag,expected", [
    (["anarchists", "anarchists"], {"anarchists": 2, "communists": 4, "moderates": 2}),
    (["anarchists", "moderates"], {"anarchists": 2, "communists": 4, "moderates": 0}),
])
def test_end_of_year_2_scores_two_tokens_and_non_scorers_gain_2_hero_points(bag, expected):
    """Rulebook pg. 10: at the end of Year 2 pull 2 tokens; any player(s) who did not score this Year instead
    receive(s) 2 Hero points."""
    s = fresh()
    s.year = 2
    s.bag = list(bag)
    run_steps(s, {"s": "year_end"})
    assert sorted(s.glory) == sorted(bag)
    assert hp(s) == expected


def test_end_of_year_2_keeps_two_and_two_flips_back_to_clockwise_and_brings_year_3():
    """Rulebook pg. 10: all players may keep 2 cards in hand and 2 in tableau; turn order becomes clockwise
    for Year 3; the Year 3 Fascist deck replaces the Year 2 deck; all draw 5."""
    s = fresh(front=8)
    s.year, s.direction = 2, -1
    with_tableaux(s, 3)
    fa = s.factions["communists"]
    hand, tableau = list(fa.hand), list(fa.tableau)
    run_steps(s, {"s": "year_end"})
    for c in hand[:2] + tableau[:2]:
        do(s, "communists", f"keep:{c}")
    assert f"keep:{hand[2]}" not in keys(s, "communists")
    assert f"keep:{tableau[2]}" not in keys(s, "communists")
    do(s, "communists", "keep_done")
    keep_nothing(s, "anarchists", "moderates")
    settle(s)
    assert s.year == 3 and s.direction == 1
    assert s.fascist_card in content().fascist_decks[3]
    assert len(fa.hand) == 2 + 5 and set(hand[:2]) <= set(fa.hand)
    assert fa.tableau == tableau[:2]


def test_glory_draws_are_random_tokens_from_the_bag():
    """Rulebook pg. 10: tokens are pulled from the Bag of Glory: they leave the Bag and go to the Glory area."""
    s = fresh()
    s.year = 2
    s.bag = ["anarchists"] * 3 + ["communists"] * 3 + ["moderates"] * 3
    run_steps(s, {"s": "year_end"})
    assert len(s.glory) == 2 and len(s.bag) == 7
    for f in FACTIONS:
        assert s.bag.count(f) + s.glory.count(f) == 3


def test_the_year_ends_after_the_fourth_turn_with_a_second_bag_token():
    """Rulebook pg. 10: each Year ends after the fourth turn; besides the normal token at the end of the turn,
    the Initiative player adds a second token to the Bag of Glory."""
    s = fresh(front=8)
    s.turn = 3
    run_steps(s, {"s": "turn_start"})
    advance(s, lambda st: any(p["kind"] == "keep" for p in st.pending))
    assert s.turn == 4 and s.year == 1
    bag_entries = [e for e in s.log if e["kind"] == "glory" and "Bag of Glory (the Initiative player" in e["text"]]
    assert bag_entries[-1]["turn"] == 4 and "add 2 tokens" in bag_entries[-1]["text"]
    assert len(s.glory) == 1


# -- the Final Bid for Glory -----------------------------------------------------------------------

def final_turn(s):
    """Year 3, turn 4: run the turn start; the Fascist Event, then the Final Bid."""
    s.year, s.turn = 3, 3
    s.fascist_deck = list(content().fascist_decks[3])
    for fs in s.fronts.values():
        fs.value = 8
    run_steps(s, {"s": "turn_start"})
    settle(s)
    return s


def test_final_bid_comes_after_the_fascist_event_of_the_last_turn_all_at_once():
    """Rulebook pg. 10: the final turn: after the Fascist Event, each player simultaneously chooses up to 3 cards
    as their Final Bid."""
    s = final_turn(fresh())
    assert s.fascist_card is not None and s.turn == 4
    assert sorted(p["faction"] for p in s.pending) == list(FACTIONS)
    assert all(p["kind"] == "bid" for p in s.pending)


def test_final_bid_at_most_3_cards_largest_total_scores_directly_to_glory_cards_discarded():
    """Rulebook pg. 10: up to 3 cards; the largest total of AP wins and scores a token directly to Glory
    (skipping the Bag); the bid cards are not played but discarded; then the turn goes on as normal."""
    s = fresh()
    a3, a2, a1 = of_strength("anarchists", 3)[0], of_strength("anarchists", 2)[0], of_strength("anarchists", 1, 2)
    s.factions["anarchists"].hand = [a3, a2, *a1]
    s.factions["communists"].hand = of_strength("communists", 2, 3)
    s.factions["moderates"].hand = of_strength("moderates", 1, 3)
    final_turn(s)
    for c in (a3, a1[0], a1[1]):
        do(s, "anarchists", f"bid:{c}")
    assert f"bid:{a2}" not in keys(s, "anarchists")
    assert any("3 cards" in u.reason for u in decision(s, "anarchists").unavailable)
    do(s, "anarchists", f"unbid:{a1[1]}")
    do(s, "anarchists", f"bid:{a2}")
    do(s, "anarchists", "bid_done")
    for c in s.factions["communists"].hand[:2]:
        do(s, "communists", f"bid:{c}")
    do(s, "communists", "bid_done")
    do(s, "moderates", f"bid:{s.factions['moderates'].hand[0]}")
    bag = list(s.bag)
    tokens = s.factions["anarchists"].tokens
    do(s, "moderates", "bid_done")
    # Anarchists 3 + 1 + 2 = 6 beat Communists 4 and Moderates 1.
    assert s.bid_winner == "anarchists" and s.glory == ["anarchists"]
    assert s.bag == bag and s.factions["anarchists"].tokens == tokens - 1
    fa = s.factions["anarchists"]
    assert {a3, a2, a1[0]} <= set(fa.discard) and fa.hand == [a1[1]]
    assert not ({a3, a2, a1[0]} & set(fa.tableau + fa.trash))
    settle(s)
    assert all(p["kind"] == "choose" for p in s.pending)


def test_final_bid_tie_is_broken_by_the_initiative_player():
    """Rulebook pg. 4 and pg. 10: the Initiative token breaks all ties, the Final Bid's too."""
    s = fresh()
    s.factions["anarchists"].hand = of_strength("anarchists", 2, 2)
    s.factions["communists"].hand = of_strength("communists", 2, 2)
    s.factions["moderates"].hand = of_strength("moderates", 1, 2)
    final_turn(s)
    s.initiative = "moderates"
    for f in ("anarchists", "communists"):
        for c in list(s.factions[f].hand):
            do(s, f, f"bid:{c}")
        do(s, f, "bid_done")
    do(s, "moderates", "bid_done")
    p = s.pending[0]
    assert p["faction"] == "moderates" and p["purpose"] == "bid_tie"
    assert sorted(p["options"]) == ["anarchists", "communists"]
    do(s, "moderates", "faction:communists")
    assert s.bid_winner == "communists" and s.glory == ["communists"]


def test_nonplayer_bids_its_top_card_plus_4():
    """Appendix 3 rule 7: a Non-player flips the top card of its deck and adds 4 to its AP; the card is then
    discarded."""
    s = fresh(seats={"communists": "nonplayer"})
    s.factions["anarchists"].hand = [of_strength("anarchists", 3)[0], *of_strength("anarchists", 2, 2)]
    top = of_strength("communists", 1)[0]
    s.factions["communists"].deck.append(top)
    final_turn(s)
    assert sorted(p["faction"] for p in s.pending) == ["anarchists", "moderates"]
    for c in list(s.factions["anarchists"].hand):
        do(s, "anarchists", f"bid:{c}")
    do(s, "anarchists", "bid_done")
    do(s, "moderates", "bid_done")
    # Anarchists 3 + 2 + 2 = 7 beat the Non-player's 1 + 4 = 5.
    assert s.bid_winner == "anarchists"
    assert top in s.factions["communists"].discard
    assert any("Communists bid" in e["text"] and "5 Action Points" in e["text"] for e in s.log)


def test_a_bid_of_one_action_point_is_logged_in_the_singular():
    """Rulebook pg. 10 (the Final Bid): the log reads each total out, "1 Action Point", never "1 Action Points"."""
    s = fresh()
    s.factions["anarchists"].hand = [of_strength("anarchists", 1)[0]]
    final_turn(s)
    do(s, "anarchists", f"bid:{s.factions['anarchists'].hand[0]}")
    for f in ("anarchists", "communists", "moderates"):
        do(s, f, "bid_done")
    said = [e["text"] for e in s.log if e.get("kind") == "bid"]
    assert any(t.startswith("Anarchists bid") and t.endswith(": 1 Action Point.") for t in said), said
    assert any(t.endswith(": 0 Action Points.") for t in said), said


# -- Winning and Losing ----------------------------------------------------------------------------

def end_of_year_3(s, values):
    s.year, s.turn = 3, 4
    for f, v in zip(("madrid", "northern", "aragon", "southern"), values):
        s.fronts[f].value = v
    run_steps(s, {"s": "year_end"})
    return s


@pytest.mark.parametrize("values", [(1, 1, 1, -9), (3, 5, 1, 0), (10, 1, 1, 1), (2, 2, 2, 2)])
def test_war_won_with_three_fronts_at_plus_1_or_better_at_the_end_of_year_3(values):
    """Rulebook pg. 4: the war can only be won in 1 way: 3 Fronts must be at +1 or better at the end of Year 3;
    then tokens are drawn from the Bag until the Glory area is full and the most Glory wins."""
    s = fresh()
    s.glory = ["communists", "communists", "anarchists"]
    s.bag = ["moderates"] * 3 + ["communists"] * 3
    end_of_year_3(s, values)
    assert s.result["war"] == "won"
    assert len(s.glory) == 9 and s.bag == []
    assert s.result["winner"] == "communists" and s.result["glory"] == {"anarchists": 1, "communists": 5,
                                                                       "moderates": 3}


@pytest.mark.parametrize("values", [(1, 1, 0, 0), (5, 5, -1, -3), (1, 0, 0, 0), (-1, -1, -1, -1)])
def test_war_lost_with_two_fronts_at_0_or_worse_at_the_end_of_year_3(values):
    """Rulebook pg. 4: any 2 Fronts at 0 or worse at the end of Year 3 lose the war: all players lose."""
    s = fresh()
    s.glory = ["communists", "communists"]
    end_of_year_3(s, values)
    assert s.result["war"] == "lost" and s.result["winner"] is None
    assert s.pending == []


def test_a_front_at_exactly_0_is_not_good_enough():
    """Rulebook pg. 4: +1 or better is needed; 0 counts as "0 or worse"."""
    s = fresh()
    end_of_year_3(s, (1, 1, 0, 0))
    assert s.result["war"] == "lost"
    s = fresh()
    s.glory = ["anarchists"]
    end_of_year_3(s, (1, 1, 1, 0))
    assert s.result["war"] == "won"


def test_war_lost_at_once_by_defeat_on_madrid():
    """Rulebook pg. 4: Defeat on the Madrid Front is an instant loss (in any Year, any phase)."""
    s = fresh()
    s.fronts["madrid"].value = -8
    run_steps(s, attack("madrid", 2, "test"))
    assert s.result["war"] == "lost" and s.result["year"] == 1


def test_war_lost_at_once_by_defeat_on_two_fronts():
    """Rulebook pg. 4: Defeat on any 2 Fronts is an instant loss."""
    s = fresh()
    s.fronts["northern"].value = -9
    s.fronts["southern"].value = -9
    run_steps(s, attack("northern", 1, "test"))
    assert s.result is None
    settle(s)
    run_steps(s, attack("southern", 1, "test"))
    assert s.result["war"] == "lost"


def test_no_action_is_accepted_once_the_war_is_lost():
    """Rulebook pg. 4: if the war is lost, all players lose: the game is over."""
    s = fresh()
    s.fronts["madrid"].value = -9
    run_steps(s, attack("madrid", 1, "test"))
    assert s.over
    for f in FACTIONS:
        assert legal_actions(s, f) == []
        with pytest.raises(IllegalAction):
            do(s, f, "choose")


def test_glory_tie_is_broken_by_the_initiative_player():
    """Rulebook pg. 4 and pg. 10: the player with the most Glory wins; in the case of a tie the Initiative player
    breaks the tie."""
    s = fresh()
    s.initiative = "communists"
    s.tracks["government"] = 5
    s.glory = ["anarchists"] * 4 + ["moderates"] * 4 + ["communists"]
    s.bag = []
    end_of_year_3(s, (2, 2, 2, 2))
    assert s.result is None
    p = s.pending[0]
    assert p["faction"] == "communists" and p["purpose"] == "glory_tie"
    assert sorted(p["options"]) == ["anarchists", "moderates"]
    assert p["prompt"] == "Anarchists and Moderates are tied on Glory with 4 each: you hold the Initiative, choose the winner"
    do(s, "communists", "faction:moderates")
    assert s.result == {**s.result, "war": "won", "winner": "moderates"}


def test_a_whole_final_turn_ends_with_the_verdict():
    """Rulebook pg. 10: after the Final Bid the turn goes on as normal; the Initiative player adds the final two
    tokens to the Bag; then the war is judged and the last tokens fill the Glory area."""
    s = fresh()
    s.bag = list(FACTIONS) * 3
    final_turn(s)
    for fs in s.fronts.values():
        fs.value = 9
    advance(s, lambda st: st.result is not None)
    last_bag = [e for e in s.log if e["kind"] == "glory" and "Bag of Glory (the Initiative player" in e["text"]][-1]
    assert (last_bag["year"], last_bag["turn"]) == (3, 4) and "add 2 tokens" in last_bag["text"]
    assert s.result["war"] == "won"
    assert len(s.glory) == 9
    assert s.result["winner"] in FACTIONS
