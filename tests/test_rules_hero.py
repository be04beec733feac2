"""Rulebook pg. 7, Hero Points: how they are earned (control of a Front, Test success, Victory), the limited
supply and its order of payment, and every price of spending them during one's own turn."""

from __future__ import annotations


import pytest
from engine_helpers import card_of, do, fresh, give, keys, run_steps

from lf.engine import IllegalAction, decision
from lf.engine.fronts import strength
from lf.engine.hero import grant
from lf.engine.machine import content

FACTIONS = ("anarchists", "communists", "moderates")


def hp(s):
    return {f: s.factions[f].hero for f in FACTIONS}




def my_turn(s, faction, card=None):
    """Start ``faction``'s turn with ``card`` (a strength-1 card by default) chosen."""
    card = card or card_of(s, faction, lambda c: c.strength == 1)
    give(s, faction, card)
    s.factions[faction].chosen = card
    run_steps(s, {"s": "player_turn", "f": faction})
    return card


# -- earning -------------------------------------------------------------------------------

@pytest.mark.parametrize("start,n,gain", [(-1, 2, 1), (0, 1, 1), (-3, 4, 1), (1, 2, 0), (-5, 5, 0), (-4, 2, 0)])
def test_one_hero_point_for_bringing_a_front_under_republican_control(start, n, gain):
    """Rulebook pg. 7: a player immediately earns a Hero point when they strengthen a Front from 0 or worse
    to +1 or better."""
    s = fresh()
    s.fronts["aragon"].value = start
    before = s.factions["anarchists"].hero
    run_steps(s, strength("aragon", n, "anarchists"))
    assert s.factions["anarchists"].hero == before + gain


def test_control_hero_point_counts_the_teamwork_strength():
    """Rulebook pg. 7: the Teamwork +1 is part of the strengthening: -1 -> +1 with a second player's 1 AP."""
    s = fresh()
    run_steps(s, strength("madrid", 1, "communists"))
    assert s.fronts["madrid"].value == -1 and s.factions["communists"].hero == 2
    run_steps(s, strength("madrid", 1, "anarchists"))
    assert s.fronts["madrid"].value == 1
    assert s.factions["anarchists"].hero == 3


def test_two_hero_points_to_contributors_of_a_successful_test_only(plain_fascist):
    """Rulebook pg. 5 and pg. 7: all players who contributed to Success on the Test earn 2 Hero points; they must
    have strengthened that Front this same turn (strengthening another Front does not count)."""
    s = fresh()
    s.fascist_card = plain_fascist("northern")
    threshold = content().fascist_cards[s.fascist_card].test.threshold
    run_steps(s, strength("northern", 1, "moderates"), strength("northern", 1, "communists"),
              strength("aragon", 1, "anarchists"))
    s.fronts["northern"].value = threshold
    before = hp(s)
    run_steps(s, {"s": "test"})
    assert s.test_result == "success"
    assert hp(s) == {**before, "moderates": before["moderates"] + 2, "communists": before["communists"] + 2}


def test_failed_test_earns_nothing(plain_fascist):
    """Rulebook pg. 5: the 2 Hero points come only with Success on the Test."""
    s = fresh()
    s.fascist_card = plain_fascist("northern")
    threshold = content().fascist_cards[s.fascist_card].test.threshold
    run_steps(s, strength("northern", 1, "moderates"))
    s.fronts["northern"].value = threshold - 1
    before = hp(s)
    run_steps(s, {"s": "test"})
    assert s.test_result == "failure" and hp(s)["moderates"] == before["moderates"]


def test_three_hero_points_for_victory_only_to_those_who_strengthened_that_front():
    """Rulebook pg. 7 and pg. 8: all players who contributed to Victory on a Front earn 3 Hero points; they must
    have strengthened that Front this same turn."""
    s = fresh()
    s.bonuses["teamwork"] = False
    s.fronts["southern"].value = 7
    run_steps(s, strength("southern", 1, "communists"), strength("madrid", 1, "moderates"))
    before = hp(s)
    run_steps(s, strength("southern", 2, "anarchists"))
    assert s.fronts["southern"].status == "victory"
    assert hp(s) == {"anarchists": before["anarchists"] + 3, "communists": before["communists"] + 3,
                     "moderates": before["moderates"]}


# -- the supply ------------------------------------------------------------------------------

def test_no_hero_points_when_the_supply_is_empty():
    """Rulebook pg. 7: if there are no Hero point tokens available, players cannot receive those earned."""
    s = fresh()
    s.hero_supply = 0
    s.fronts["aragon"].value = 0
    run_steps(s, strength("aragon", 1, "anarchists"))
    assert s.factions["anarchists"].hero == 2
    assert "supply gives only 0" in s.log[-1]["text"]


@pytest.mark.parametrize("year_direction,initiative,expected", [
    (1, "communists", {"communists": 2, "moderates": 1, "anarchists": 0}),
    (-1, "communists", {"communists": 2, "anarchists": 1, "moderates": 0}),
    (1, "moderates", {"moderates": 2, "anarchists": 1, "communists": 0}),
])
def test_short_supply_pays_initiative_player_first_then_turn_order(year_direction, initiative, expected):
    """Rulebook pg. 7: if the supply is insufficient when several players earn at once, the Initiative player
    receives Hero points first, then the other players in turn order until no tokens remain (clockwise in
    Years 1 and 3, counter-clockwise in Year 2)."""
    s = fresh()
    for fa in s.factions.values():
        fa.hero = 0
    s.direction = year_direction
    s.initiative = initiative
    s.hero_supply = 3
    grant(s, {f: 2 for f in FACTIONS}, "test")
    assert hp(s) == expected and s.hero_supply == 0


def test_short_supply_through_a_successful_test(plain_fascist):
    """Rulebook pg. 7: the payment order applies to a Test success earned by several players at once."""
    s = fresh()
    for fa in s.factions.values():
        fa.hero = 0
    s.tracks["government"] = 5
    s.initiative = "communists"
    s.fascist_card = plain_fascist("madrid")
    threshold = content().fascist_cards[s.fascist_card].test.threshold
    s.bonuses["teamwork"] = False
    s.fronts["madrid"].value = threshold + 5
    for f in FACTIONS:
        s.fronts["madrid"].tokens.append(f)
    s.hero_supply = 3
    run_steps(s, {"s": "test"})
    assert hp(s) == {"communists": 2, "moderates": 1, "anarchists": 0}


def test_the_years_draw_pays_nonplayers_initiative_first_then_turn_order_when_the_supply_is_short():
    """Rulebook pg. 7: "If the supply is insufficient when multiple players earn Hero points simultaneously, the
    Initiative player receives Hero points first, then the other players in turn order". Appendix 3, rule 1:
    "Instead of drawing cards, Non-players always gain an equal number of Hero points": at the start of Year 2
    (counter-clockwise: Moderates, Communists, Anarchists) the Moderates holding the Initiative are paid first,
    not the Anarchists who sit first."""
    from lf.engine import new_game

    s = new_game(3, {"anarchists": "nonplayer", "moderates": "nonplayer"})
    s.pending.clear()
    s.stack.clear()
    assert s.initiative == "moderates"
    for fa in s.factions.values():
        fa.hero = 0
    s.factions["communists"].hero = 24
    s.hero_supply = 6
    start = len(s.log)
    run_steps(s, {"s": "year_cleanup"})
    paid = [e["text"] for e in s.log[start:] if "instead of drawing 5 cards" in e["text"]]
    assert paid[0].startswith("Moderates gain 5 Hero points")
    assert paid[1].startswith("Anarchists should gain 5 Hero points") and "gives only 1" in paid[1]


def test_spent_and_lost_hero_points_return_to_the_supply():
    """Rulebook pg. 7: Hero points are a common supply; spent and lost points go back to it."""
    from lf.engine.hero import lose

    s = fresh()
    s.factions["moderates"].hero = 5
    s.hero_supply = 21
    lose(s, "moderates", 2, "Fascist card")
    assert s.factions["moderates"].hero == 3 and s.hero_supply == 23
    my_turn(s, "moderates")
    do(s, "moderates", "hp_track:foreign_aid:+1")
    assert s.factions["moderates"].hero == 1 and s.hero_supply == 25
    total = sum(fa.hero for fa in s.factions.values()) + s.hero_supply
    assert total == 30


# -- spending ----------------------------------------------------------------------------------

SPENDS = [
    ("hp_draw", 1, lambda s: len(s.factions["moderates"].hand) == 5 + 1),
    ("hp_bonus:morale", 2, lambda s: s.bonuses["morale"] is True),
    ("hp_bonus:teamwork", 2, lambda s: s.bonuses["teamwork"] is True),
    ("hp_track:soviet_support:+1", 2, lambda s: s.tracks["soviet_support"] == 4),
    ("hp_track:foreign_aid:+1", 2, lambda s: s.tracks["foreign_aid"] == 4),
    ("hp_track:foreign_aid:-1", 2, lambda s: s.tracks["foreign_aid"] == 2),
    ("hp_track:liberty:+1", 3, lambda s: s.tracks["liberty"] == 6),
    ("hp_track:collectivization:-1", 3, lambda s: s.tracks["collectivization"] == 4),
    ("hp_track:government:+1", 4, lambda s: s.tracks["government"] == 7),
    ("hp_track:government:-1", 4, lambda s: s.tracks["government"] == 5),
    ("volunteers:madrid", 1, lambda s: s.fronts["madrid"].value == -1),
    ("intelligence:liberty:7", 1, lambda s: s.blanks["liberty"] == []),
]


@pytest.mark.parametrize("key,price,check", SPENDS, ids=[k for k, _, _ in SPENDS])
def test_every_hero_point_price(key, price, check):
    """Rulebook pg. 7 and Appendix 2: draw a card 1; a Bonus on 2; Soviet Support / Foreign Aid 2 per step;
    Liberty / Collectivization 3 per step; Government 4 per step; Volunteers 1 per Strength; Intelligence 1."""
    s = fresh()
    s.bonuses = {"morale": False, "teamwork": False}
    s.blanks["liberty"] = [7]
    s.blanks["government"] = [7]
    s.factions["moderates"].medallions = ["volunteers", "intelligence"]
    s.factions["moderates"].hero = 10
    s.hero_supply = 16
    my_turn(s, "moderates")
    while len(s.factions["moderates"].hand) > 5:
        s.factions["moderates"].deck.append(s.factions["moderates"].hand.pop(0))
    do(s, "moderates", key)
    assert s.factions["moderates"].hero == 10 - price
    assert s.hero_supply == 16 + price
    assert check(s)
    assert decision(s, "moderates").kind == "turn"


@pytest.mark.parametrize("key,price", [(k, p) for k, p, _ in SPENDS])
def test_a_price_you_cannot_pay_is_unavailable_with_the_reason(key, price):
    """Rulebook pg. 7: spending needs the Hero points; one short, the purchase is refused and says why."""
    s = fresh()
    s.bonuses = {"morale": False, "teamwork": False}
    s.blanks["liberty"] = [7]
    s.factions["moderates"].medallions = ["volunteers", "intelligence"]
    s.factions["moderates"].hero = price - 1
    my_turn(s, "moderates")
    assert key not in keys(s, "moderates")
    reason = next(u.reason for u in decision(s, "moderates").unavailable if u.action.key == key)
    assert f"it costs {price}" in reason
    with pytest.raises(IllegalAction, match=f"costs {price}"):
        do(s, "moderates", key)


def test_hero_points_may_be_spent_any_number_any_time_during_the_turn():
    """Rulebook pg. 7: a player may spend any number of Hero points any time during their turn: before
    playing the card, and after it, several purchases in a row."""
    s = fresh()
    s.factions["moderates"].hero = 9
    my_turn(s, "moderates")
    s.bonuses["morale"] = False
    do(s, "moderates", "hp_track:foreign_aid:+1")
    do(s, "moderates", "hp_track:foreign_aid:+1")
    assert s.tracks["foreign_aid"] == 5
    assert any(k.startswith("ap_front:") for k in keys(s, "moderates"))
    do(s, "moderates", "ap_front:madrid")
    assert "end_turn" in keys(s, "moderates")
    do(s, "moderates", "hp_track:soviet_support:+1")
    assert s.tracks["soviet_support"] == 4 and s.factions["moderates"].hero == 3
    do(s, "moderates", "end_turn")
    assert s.pending == []


def test_hero_points_may_be_spent_before_the_morale_bonus_choice(card):
    """Rulebook pg. 7: "A player may spend any number of Hero points any time during their turn": also while the
    turn waits for the Morale Bonus choice, which is then asked again."""
    s = fresh()
    s.factions["moderates"].hero = 4
    my_turn(s, "moderates", card("moderates", 1, icons=["foreign_aid+"]))
    do(s, "moderates", "ap_front:northern")
    assert decision(s, "moderates").kind == "morale"
    assert {"hp_track:foreign_aid:+1", "morale:foreign_aid+", "morale_skip"} <= keys(s, "moderates")
    do(s, "moderates", "hp_track:foreign_aid:+1")
    assert s.tracks["foreign_aid"] == 4 and s.factions["moderates"].hero == 2
    assert decision(s, "moderates").kind == "morale"
    do(s, "moderates", "morale:foreign_aid+")
    assert s.tracks["foreign_aid"] == 5 and decision(s, "moderates").kind == "turn"


def test_a_spend_before_the_morale_choice_can_be_undone():
    """Undo (docs/engine.md) takes back a spend made while the Morale Bonus choice waits, in a real game."""
    from engine_helpers import game, to_turn

    from lf.engine import undo

    for seed in range(1, 40):
        s = to_turn(game(seed), "anarchists")
        if s.result is not None or s.factions["anarchists"].hero < 2 or not s.bonuses["morale"]:
            continue
        do(s, "anarchists", min(k for k in keys(s, "anarchists") if k.startswith("ap_front:")))
        if decision(s, "anarchists") is None or decision(s, "anarchists").kind != "morale":
            continue
        if "hp_track:foreign_aid:-1" not in keys(s, "anarchists"):
            continue
        hero, aid = s.factions["anarchists"].hero, s.tracks["foreign_aid"]
        do(s, "anarchists", "hp_track:foreign_aid:-1")
        assert s.tracks["foreign_aid"] == aid - 1 and decision(s, "anarchists").kind == "morale"
        back = undo(s, "anarchists")
        assert back.tracks["foreign_aid"] == aid and back.factions["anarchists"].hero == hero
        assert decision(back, "anarchists").kind == "morale"
        return
    raise AssertionError("no seed reached a Morale choice with 2 Hero points")


def test_a_spend_in_the_middle_of_a_question_asks_it_again_from_the_board(card):
    """Rulebook pg. 7: spending any time during the turn, e.g. Volunteers (Appendix 2) while an Event line waits
    for the tie for the Front closest to Defeat: the tie is looked at again (pg. 8), not answered from the
    Fronts as they were."""
    s = fresh()  # the Moderates hold the Initiative and break the ties (pg. 8)
    s.factions["moderates"].hero = 3
    s.factions["moderates"].medallions = ["volunteers"]
    my_turn(s, "moderates", card("moderates", event=[{"op": "strength", "front": "closest_defeat", "n": 1}]))
    do(s, "moderates", f"event:{s.factions['moderates'].chosen}")
    p = s.pending[0]
    assert p["purpose"] == "tie_strength" and len(p["options"]) == 4 and "volunteers:madrid" in keys(s, "moderates")
    do(s, "moderates", "volunteers:madrid")
    do(s, "moderates", "volunteers:aragon")
    assert sorted(s.pending[0]["options"]) == ["northern", "southern"]
    do(s, "moderates", "volunteers:northern")
    assert s.fronts["southern"].value == -1 and decision(s, "moderates").kind == "turn"


def test_no_spends_in_a_question_put_outside_ones_own_turn():
    """Rulebook pg. 7: spending is "during their turn": the Moderates choosing the Front of their Foreign Aid 7
    trigger in the Communists' turn (pg. 9) cannot spend Hero points there."""
    from lf.engine.tracks import move

    s = fresh()
    s.factions["moderates"].hero = 5
    my_turn(s, "communists")
    s.tracks["foreign_aid"] = 6
    s.blanks["foreign_aid"] = [5]
    s.pending.clear()
    run_steps(s, move("foreign_aid", 1, 1, "communists"))
    p = s.pending[0]
    assert p["faction"] == "moderates" and p["what"] == "front"
    assert keys(s, "moderates") == {"front:madrid", "front:northern", "front:aragon", "front:southern"}


def test_hero_points_cannot_be_spent_outside_ones_own_turn():
    """Rulebook pg. 7: spending happens "during their turn": another faction cannot buy during it."""
    s = fresh()
    my_turn(s, "moderates")
    with pytest.raises(IllegalAction, match="not the Communists' decision"):
        do(s, "communists", "hp_draw")
    assert s.factions["communists"].hero == 2


def test_a_player_with_no_card_still_has_a_turn_to_spend():
    """Rulebook pg. 7: spending is part of the turn even without a card to play."""
    s = fresh()
    s.factions["anarchists"].hero = 3
    s.factions["anarchists"].hand = []
    s.factions["anarchists"].chosen = ""
    run_steps(s, {"s": "player_turn", "f": "anarchists"})
    assert keys(s, "anarchists") >= {"end_turn", "hp_track:liberty:+1"}
    assert not any(k.startswith(("ap_", "event")) for k in keys(s, "anarchists"))
    do(s, "anarchists", "hp_track:liberty:+1")
    assert s.tracks["liberty"] == 6 and s.factions["anarchists"].hero == 0


def test_hero_points_taken_by_a_card_move_between_players():
    """Rulebook pg. 7: Hero points can be stolen by other players' cards (the supply does not change)."""
    from lf.engine.tracks import fx

    s = fresh()
    run_steps(s, fx({"op": "take_hero", "who": "communists", "n": 1}, "anarchists", "card"))
    assert hp(s)["anarchists"] == 3 and hp(s)["communists"] == 1 and s.hero_supply == 26
