"""Rulebook pg. 6 (Player Cards), pg. 7 (Morale Bonus, Teamwork Bonus): a card is played for its Event (then
trashed) or for its Action Points in one area (then added to the tableau); the Morale Bonus multiplies one
icon of the current card by the tableau; the Teamwork Bonus rewards a second and third player on a Front."""

from __future__ import annotations


import pytest
from engine_helpers import START, do, fresh, give, keys, run_steps

from lf.engine import IllegalAction, decision
from lf.engine.fronts import strength



def my_turn(s, faction, cid):
    give(s, faction, cid)
    s.factions[faction].chosen = cid
    run_steps(s, {"s": "player_turn", "f": faction})


def texts(s, start=0):
    return [e["text"] for e in s.log[start:]]


# -- the Event -------------------------------------------------------------------------------

def test_event_lines_run_in_the_order_written_then_the_card_is_trashed(card):
    """Rulebook pg. 6: played for its Event, each line of the Event is activated in the order written; the card
    is then trashed (not the tableau, not the discard pile)."""
    s = fresh()
    c = card("anarchists", 2, event=[{"op": "track", "track": "foreign_aid", "n": 1},
                                     {"op": "hero", "who": "self", "n": 1},
                                     {"op": "strength", "front": "madrid", "n": 1}])
    my_turn(s, "anarchists", c)
    n = len(s.log)
    do(s, "anarchists", f"event:{c}")
    t = texts(s, n)
    i_track = next(i for i, x in enumerate(t) if "Foreign Aid moves up to 4" in x)
    i_hero = next(i for i, x in enumerate(t) if "Anarchists gain 1 Hero point" in x)
    i_front = next(i for i, x in enumerate(t) if "Strength to the Madrid Front" in x)
    i_trash = next(i for i, x in enumerate(t) if "is trashed" in x)
    assert i_track < i_hero < i_front < i_trash
    fa = s.factions["anarchists"]
    assert c in fa.trash and c not in fa.tableau + fa.hand + fa.discard + fa.playing
    assert s.tracks["foreign_aid"] == 4 and s.fronts["madrid"].value == -1 and fa.hero == 3


def test_event_play_gives_no_morale_bonus(card):
    """Rulebook pg. 6-7: the Morale Bonus comes with a card played for Action Points, not for its Event."""
    s = fresh()
    c = card("moderates", 1, icons=["foreign_aid+"])
    my_turn(s, "moderates", c)
    do(s, "moderates", f"event:{c}")
    assert decision(s, "moderates").kind == "turn"
    assert "end_turn" in keys(s, "moderates")
    assert not any(k.startswith("morale") for k in keys(s, "moderates"))


# -- Action Points -----------------------------------------------------------------------------

def test_action_points_strengthen_a_single_front_by_the_card_strength(card):
    """Rulebook pg. 6: AP add strength to a single Front equal to the number of AP; the card joins the tableau."""
    s = fresh()
    s.bonuses["morale"] = False
    c = card("communists", 2)
    my_turn(s, "communists", c)
    do(s, "communists", "ap_front:southern")
    assert s.fronts["southern"].value == 0
    assert [f for f in s.fronts if s.fronts[f].value != -2] == ["southern"]
    fa = s.factions["communists"]
    assert c in fa.tableau and c not in fa.hand and c not in fa.trash
    assert s.fronts["southern"].tokens == ["communists"]


@pytest.mark.parametrize("d", [1, -1])
def test_action_points_move_one_track_that_many_steps_up_or_down(card, d):
    """Rulebook pg. 6: AP move a single Track that number of steps; the player chooses up or down."""
    s = fresh()
    s.bonuses["morale"] = False
    s.blanks["soviet_support"] = [5]
    c = card("moderates", 2)
    my_turn(s, "moderates", c)
    do(s, "moderates", f"ap_track:soviet_support:{d:+d}")
    assert s.tracks["soviet_support"] == 3 + 2 * d
    assert {t: v for t, v in s.tracks.items() if t != "soviet_support"} == {
        t: v for t, v in START.items() if t != "soviet_support"}


def test_one_action_point_per_bonus(card):
    """Rulebook pg. 6: AP can turn on the Morale Bonus, the Teamwork Bonus, or both (1 AP per Bonus): a 1-AP
    card cannot turn on both, a 2-AP card can."""
    s = fresh()
    s.bonuses = {"morale": False, "teamwork": False}
    one = card("anarchists", 1)
    my_turn(s, "anarchists", one)
    assert {"ap_bonus:morale", "ap_bonus:teamwork"} <= keys(s, "anarchists")
    assert "ap_bonus:both" not in keys(s, "anarchists")
    with pytest.raises(IllegalAction):
        do(s, "anarchists", "ap_bonus:both")
    s2 = fresh()
    s2.bonuses = {"morale": False, "teamwork": False}
    two = card("anarchists", 2)
    my_turn(s2, "anarchists", two)
    do(s2, "anarchists", "ap_bonus:both")
    assert s2.bonuses == {"morale": True, "teamwork": True}


def test_a_bonus_already_on_cannot_take_action_points(card):
    """Rulebook pg. 6: AP turn a Bonus on; one that is already on is not a use for them."""
    s = fresh()
    s.bonuses = {"morale": True, "teamwork": False}
    my_turn(s, "anarchists", card("anarchists", 1))
    assert "ap_bonus:morale" not in keys(s, "anarchists") and "ap_bonus:teamwork" in keys(s, "anarchists")


def test_leftover_action_points_are_wasted_on_bonuses(card):
    """Rulebook pg. 6: AP cannot be divided into several areas; if any is left over it is wasted (3 AP on one
    Bonus turn only that Bonus on, and nothing else happens)."""
    s = fresh()
    s.bonuses = {"morale": False, "teamwork": False}
    c = card("communists", 3)
    my_turn(s, "communists", c)
    before = (dict(s.tracks), {f: fs.value for f, fs in s.fronts.items()})
    do(s, "communists", "ap_bonus:teamwork")
    assert s.bonuses == {"morale": False, "teamwork": True}
    assert (dict(s.tracks), {f: fs.value for f, fs in s.fronts.items()}) == before
    assert not any(k.startswith(("ap_", "event")) for k in keys(s, "communists"))
    assert "end_turn" in keys(s, "communists")


def test_leftover_action_points_are_wasted_when_a_track_is_blocked(card):
    """Rulebook pg. 6 and pg. 9: 2 AP on Liberty from 7 with Collectivization below 8... the move is not legal;
    from 6 the standee reaches 7 and the second AP is wasted."""
    s = fresh()
    s.bonuses["morale"] = False
    s.tracks.update(liberty=6, collectivization=6)
    s.blanks["liberty"] = [7]
    my_turn(s, "anarchists", card("anarchists", 2))
    do(s, "anarchists", "ap_track:liberty:+1")
    assert s.tracks["liberty"] == 7
    assert not any(k.startswith(("ap_", "event")) for k in keys(s, "anarchists"))


def _track_choice(s, faction, key):
    return next(c for c in decision(s, faction).choices if c.action.key == key)


@pytest.mark.parametrize("d", [1, -1])
def test_a_track_move_says_where_the_marker_lands(card, d):
    """Rulebook pg. 6: AP move a single Track that number of steps. The choice says the space the move reaches
    (``lands``: a page highlights it there, not on the next space), and the engine puts the marker exactly there."""
    s = fresh()
    s.bonuses["morale"] = False
    s.blanks["soviet_support"] = [5]
    my_turn(s, "moderates", card("moderates", 2))
    choice = _track_choice(s, "moderates", f"ap_track:soviet_support:{d:+d}")
    assert choice.lands == f"space:soviet_support:{3 + 2 * d}"
    assert decision(s, "moderates").to_json()["choices"][
        [c.action.key for c in decision(s, "moderates").choices].index(choice.action.key)]["lands"] == choice.lands
    do(s, "moderates", choice.action)
    assert f"space:soviet_support:{s.tracks['soviet_support']}" == choice.lands


def test_a_track_move_stopped_by_a_limit_lands_where_it_stops_and_says_why(card):
    """Rulebook pg. 9: Liberty cannot pass 7 unless Collectivization is 8+: 3 AP up from 6 land on 7, and the
    option says so."""
    s = fresh()
    s.bonuses["morale"] = False
    s.tracks.update(liberty=6, collectivization=6)
    s.blanks["liberty"] = [7]
    my_turn(s, "anarchists", card("anarchists", 3))
    choice = _track_choice(s, "anarchists", "ap_track:liberty:+1")
    assert choice.lands == "space:liberty:7"
    assert choice.label.endswith("(it stops at 7: Liberty can't pass 7 unless Collectivization is at least 8)")
    assert _track_choice(s, "anarchists", "ap_track:liberty:-1").lands == "space:liberty:3"
    do(s, "anarchists", choice.action)
    assert s.tracks["liberty"] == 7


def test_the_card_must_be_played_before_ending_the_turn(card):
    """Rulebook pg. 6: each turn, all players play one card from their hand."""
    s = fresh()
    my_turn(s, "anarchists", card("anarchists", 1))
    assert "end_turn" not in keys(s, "anarchists")
    with pytest.raises(IllegalAction):
        do(s, "anarchists", "end_turn")


# -- the Morale Bonus --------------------------------------------------------------------------

def test_morale_bonus_multiplies_an_icon_by_its_count_in_the_tableau_including_the_current_card(card):
    """Rulebook pg. 7 example: with 2 other tableau cards showing Foreign Aid, the Morale Bonus raises Foreign
    Aid by 3; only the icons of the current card may be chosen."""
    s = fresh()
    s.blanks["foreign_aid"] = [5]
    fa = s.factions["moderates"]
    fa.tableau = [card("moderates", icons=["foreign_aid+"]), card("moderates", icons=["foreign_aid+", "liberty+"])]
    c = card("moderates", 1, icons=["foreign_aid+", "government+", "collectivization-"])
    my_turn(s, "moderates", c)
    do(s, "moderates", "ap_front:northern")
    d = decision(s, "moderates")
    assert d.kind == "morale"
    assert keys(s, "moderates") == {"morale_skip", "morale:foreign_aid+", "morale:government+",
                                    "morale:collectivization-"}
    labels = {ch.action.key: ch.label for ch in d.choices}
    assert labels["morale:foreign_aid+"] == "Foreign Aid up 3 steps (this icon is in your tableau 3 times)"
    assert labels["morale:government+"] == "Government up 1 step (this icon is in your tableau once)"
    do(s, "moderates", "morale:foreign_aid+")
    assert s.tracks["foreign_aid"] == 6
    assert decision(s, "moderates").kind == "turn" and "end_turn" in keys(s, "moderates")


def test_morale_bonus_is_one_benefit_only(card):
    """Rulebook pg. 7: the Morale Bonus activates one icon of the current card: after it, no second one."""
    s = fresh()
    c = card("moderates", 1, icons=["foreign_aid+", "government+"])
    my_turn(s, "moderates", c)
    do(s, "moderates", "ap_front:northern")
    do(s, "moderates", "morale:government+")
    assert s.tracks["government"] == 7 and s.tracks["foreign_aid"] == 3
    assert not any(k.startswith("morale") for k in keys(s, "moderates"))


def test_morale_bonus_moves_government_in_the_players_direction(card):
    """Rulebook pg. 7: the icon moves the Government in the direction printed (towards its faction's side)."""
    s = fresh()
    s.tracks["government"] = 5
    s.initiative = "communists"
    s.blanks["government"] = [4, 2]
    s.factions["communists"].tableau = [card("communists", icons=["government-"])]
    c = card("communists", 1, icons=["government-"])
    my_turn(s, "communists", c)
    do(s, "communists", "ap_front:southern")
    do(s, "communists", "morale:government-")
    assert s.tracks["government"] == 3


def test_morale_bonus_strength_goes_to_a_single_front(card):
    """Rulebook pg. 7: a Morale Bonus of adding Strength to a Front must all be applied to a single Front."""
    s = fresh()
    s.bonuses["teamwork"] = False
    s.factions["anarchists"].tableau = [card("anarchists", icons=["front"]), card("anarchists", icons=["front"])]
    c = card("anarchists", 1, icons=["front"])
    my_turn(s, "anarchists", c)
    do(s, "anarchists", "ap_track:liberty:+1")
    do(s, "anarchists", "morale:front")
    p = s.pending[0]
    assert p["kind"] == "pick" and p["what"] == "front"
    do(s, "anarchists", "front:aragon")
    assert s.fronts["aragon"].value == 1
    assert [f for f, fs in s.fronts.items() if fs.value != -2] == ["aragon"]
    assert decision(s, "anarchists").kind == "turn"


def test_no_morale_bonus_while_it_is_off(card):
    """Rulebook pg. 7: the Morale Bonus can be used only if it is on."""
    s = fresh()
    s.bonuses["morale"] = False
    c = card("moderates", 1, icons=["foreign_aid+"])
    my_turn(s, "moderates", c)
    do(s, "moderates", "ap_front:northern")
    assert decision(s, "moderates").kind == "turn" and "end_turn" in keys(s, "moderates")
    assert s.tracks["foreign_aid"] == 3


@pytest.mark.parametrize("turned_on_by_this_card", [True, False])
def test_morale_bonus_is_judged_after_the_cards_action_points(card, turned_on_by_this_card):
    """Rulebook pg. 6-7: a card played for AP is added to the tableau, which "allows them to also make use of the
    icons on the card through the Morale Bonus"; "If the Morale Bonus is on, a player can use it when they play
    a card for Action Points". lf reading (docs/engine.md): the Bonus is looked at once the card's AP are used,
    so a card whose AP turn it on may use it at once, and one whose AP turn it off (a track to 0) may not."""
    s = fresh()
    s.bonuses["morale"] = not turned_on_by_this_card
    if not turned_on_by_this_card:
        s.tracks["foreign_aid"] = 1
    c = card("moderates", 1, icons=["government+"])
    my_turn(s, "moderates", c)
    do(s, "moderates", "ap_bonus:morale" if turned_on_by_this_card else "ap_track:foreign_aid:-1")
    assert (decision(s, "moderates").kind == "morale") == turned_on_by_this_card


def test_morale_bonus_may_be_declined(card):
    """Rulebook pg. 7: a player "can" use the Morale Bonus: skipping it changes nothing."""
    s = fresh()
    c = card("moderates", 1, icons=["foreign_aid+"])
    my_turn(s, "moderates", c)
    do(s, "moderates", "ap_front:northern")
    do(s, "moderates", "morale_skip")
    assert s.tracks["foreign_aid"] == 3


def test_tableau_cards_keep_counting_in_later_turns(card):
    """Rulebook pg. 6: a card played for AP joins the tableau, so its icons feed later Morale Bonuses."""
    s = fresh()
    s.blanks["foreign_aid"] = [5, 7]
    first = card("moderates", 1, icons=["foreign_aid+"])
    my_turn(s, "moderates", first)
    do(s, "moderates", "ap_front:northern")
    do(s, "moderates", "morale:foreign_aid+")
    assert s.tracks["foreign_aid"] == 4
    do(s, "moderates", "end_turn")
    second = card("moderates", 1, icons=["foreign_aid+"])
    my_turn(s, "moderates", second)
    do(s, "moderates", "ap_front:madrid")
    do(s, "moderates", "morale:foreign_aid+")
    assert s.tracks["foreign_aid"] == 6
    assert s.factions["moderates"].tableau == [first, second]


# -- the Teamwork Bonus ------------------------------------------------------------------------

def test_teamwork_adds_one_for_the_second_and_third_player_on_a_front():
    """Rulebook pg. 7: when the second (or third) different player token is added to a Front, the Teamwork
    Bonus adds +1 Strength to that Front."""
    s = fresh()
    run_steps(s, strength("madrid", 1, "moderates"))
    assert s.fronts["madrid"].value == -1
    run_steps(s, strength("madrid", 1, "anarchists"))
    assert s.fronts["madrid"].value == 1
    run_steps(s, strength("madrid", 1, "communists"))
    assert s.fronts["madrid"].value == 3
    assert sorted(s.fronts["madrid"].tokens) == ["anarchists", "communists", "moderates"]


def test_teamwork_cannot_be_triggered_by_a_player_with_themselves():
    """Rulebook pg. 7: one (and only one) token per player and Front; a player cannot trigger Teamwork alone."""
    s = fresh()
    run_steps(s, strength("aragon", 1, "anarchists"), strength("aragon", 2, "anarchists"))
    assert s.fronts["aragon"].value == 1
    assert s.fronts["aragon"].tokens == ["anarchists"]


def test_teamwork_needs_the_bonus_on():
    """Rulebook pg. 7: the Teamwork +1 only while the Teamwork Bonus is on."""
    s = fresh()
    s.bonuses["teamwork"] = False
    run_steps(s, strength("madrid", 1, "moderates"), strength("madrid", 1, "anarchists"))
    assert s.fronts["madrid"].value == 0


def test_teamwork_on_a_different_front_does_not_count():
    """Rulebook pg. 7: Teamwork is for the same Front where the second player adds Strength."""
    s = fresh()
    run_steps(s, strength("madrid", 1, "moderates"), strength("northern", 1, "anarchists"))
    assert s.fronts["madrid"].value == -1 and s.fronts["northern"].value == -1


def test_teamwork_through_real_turns(card):
    """Rulebook pg. 7: the Moderates' AP and then the Anarchists' AP on Madrid on the same turn: +1 Teamwork."""
    s = fresh()
    s.bonuses["morale"] = False
    my_turn(s, "moderates", card("moderates", 1))
    do(s, "moderates", "ap_front:madrid")
    do(s, "moderates", "end_turn")
    my_turn(s, "anarchists", card("anarchists", 2))
    do(s, "anarchists", "ap_front:madrid")
    assert s.fronts["madrid"].value == -2 + 1 + 2 + 1
    assert any("+1 Teamwork" in t for t in texts(s))


def test_player_tokens_leave_the_fronts_at_the_end_of_the_turn():
    """Rulebook pg. 5 part 5 and pg. 7: at the end of each turn all player tokens are removed from the Fronts,
    so the next turn's first supporter gets no Teamwork."""
    s = fresh()
    run_steps(s, strength("madrid", 1, "moderates"))
    tokens_before = s.factions["moderates"].tokens
    run_steps(s, {"s": "turn_end"})
    assert all(fs.tokens == [] for fs in s.fronts.values())
    assert s.factions["moderates"].tokens == tokens_before + 1
    s.pending.clear()
    s.stack.clear()
    value = s.fronts["madrid"].value
    run_steps(s, strength("madrid", 1, "anarchists"))
    assert s.fronts["madrid"].value == value + 1
