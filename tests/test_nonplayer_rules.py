"""Appendix 3 (Rules for Non-player factions): one test per numbered rule and lettered sub-rule.

Each test builds the position where the rule decides something (by setting state fields), lets the
engine raise a real pending decision, asks the Non-player policy (``lf.engine.npc.choose``) and
checks the decision and the note it leaves in the action log and the game log ("Non-player rule 3b: ...").
"""

from __future__ import annotations

import pytest

from engine_helpers import run_steps
from lf.engine import Action, GameState, apply, decision, new_game, replay
from lf.engine.constants import FACTIONS, faction_label
from lf.engine.fronts import attack, strength
from lf.engine.machine import content
from lf.engine.npc import choose, step_nonplayers
from lf.engine.tracks import fx
from lf.tools.players import play_game

A, C, M = "anarchists", "communists", "moderates"
#: A Year 1 Fascist card testing each Front (only its Test's Front matters here).
TESTS = {"madrid": "F1-02", "northern": "F1-05", "aragon": "F1-14", "southern": "F1-01"}


# -- helpers -----------------------------------------------------------------------------

def position(*nonplayers: str, seed: int = 7) -> GameState:
    """A quiet game (nothing scheduled, nothing pending) with these Non-player seats."""
    state = new_game(seed, {f: "nonplayer" for f in nonplayers})
    state.pending.clear()
    state.stack.clear()
    state.hero_supply = 30
    state.order = []
    state.active = None
    for fs in state.fronts.values():
        fs.value, fs.status, fs.tokens = -2, "open", []
    state.bonuses = {"morale": True, "teamwork": True}
    for f in FACTIONS:
        state.factions[f].hero = 0
        state.factions[f].used = []
    return state


def set_fronts(state: GameState, **values: int) -> None:
    for front, v in values.items():
        state.fronts[front].value = v


def set_tracks(state: GameState, **values: int) -> None:
    """Set tracks and re-derive the Initiative from them (as the rulebook does)."""
    from lf.engine.queries import initiative_holder

    for t, v in values.items():
        state.tracks[t] = v
    state.initiative = initiative_holder(state)


def card_id(name: str) -> str:
    return next(i for i, c in content().player_cards.items() if c.name == name)


def on_top(state: GameState, f: str, name: str) -> str:
    """Put the named card on top of the faction's deck (the last element is the top)."""
    cid = card_id(name)
    fa = state.factions[f]
    for zone in (fa.deck, fa.discard, fa.hand, fa.tableau, fa.trash):
        if cid in zone:
            zone.remove(cid)
    fa.deck.append(cid)
    return cid


def start_turn(state: GameState, f: str, top: str, tested: str = "madrid") -> GameState:
    """Begin the Non-player's turn (rule 2) with ``top`` on its deck and a Fascist Test on ``tested``."""
    on_top(state, f, top)
    state.fascist_card = TESTS[tested]
    return run_steps(state, {"s": "player_turn", "f": f})


def act(state: GameState, f: str) -> tuple[Action, str]:
    """One Non-player decision, applied exactly as ``step_nonplayers`` does."""
    action, rule = choose(state, f)
    apply(state, f, action, note=f"Non-player rule {rule}")
    return action, rule


def drive(state: GameState, f: str) -> list[tuple[Action, str]]:
    """Every decision of the Non-player ``f`` until it has none left."""
    out = []
    while any(p["faction"] == f for p in state.pending):
        out.append(act(state, f))
    return out


def noted(state: GameState, f: str, prefix: str) -> bool:
    """The note is in the action log and in the game log."""
    in_actions = any(a["faction"] == f and a.get("note", "").startswith(f"Non-player rule {prefix}")
                     for a in state.actions)
    in_log = any(e["kind"] == "nonplayer" and e["text"].startswith(f"{faction_label(f)}: Non-player rule {prefix}")
                 for e in state.log)
    return in_actions and in_log


def pick_of(state: GameState, f: str) -> dict:
    p = next(p for p in state.pending if p["faction"] == f)
    assert p["kind"] == "pick", p
    return p


def support(state: GameState, f: str, active: str | None) -> tuple[str, str]:
    """Ask ``f`` where to add 1 Strength of its choice, with ``active`` the faction whose turn it is."""
    state.active = active
    run_steps(state, strength("choice", 1, f, "test"))
    assert pick_of(state, f)["purpose"] == "strength"
    action, rule = act(state, f)
    return action.arg, rule


def attack_choice(state: GameState, f: str) -> tuple[str, str]:
    """``f`` holds the Initiative and places Attacks redirected from a Front that achieved Victory."""
    state.initiative = f
    run_steps(state, attack("northern", 1, "test"))
    assert pick_of(state, f)["purpose"] == "attack"
    action, rule = act(state, f)
    return action.arg, rule


def np_turn_menu(state: GameState, f: str) -> GameState:
    """The Non-player's rule 2c/2d decision (after its Event and Front bonus)."""
    state.active = f
    return run_steps(state, {"s": "np_menu", "f": f})


# -- setup removals ----------------------------------------------------------------------

def test_setup_anarchist_nonplayer_removes_guerrillas_and_iron_column():
    state = new_game(3, {A: "nonplayer"})
    fa = state.factions[A]
    assert sorted(content().player_cards[c].name for c in fa.removed) == ["Guerrillas", "Iron Column"]
    assert not set(fa.removed) & set(fa.deck + fa.hand + fa.discard)
    assert len(fa.deck) + len(fa.removed) == 18 and fa.hand == []


def test_setup_moderate_nonplayer_removes_publicize_fascist_war_crimes():
    state = new_game(3, {M: "nonplayer"})
    fa = state.factions[M]
    assert [content().player_cards[c].name for c in fa.removed] == ["Publicize Fascist War Crimes"]
    assert len(fa.deck) + len(fa.removed) == 18


def test_setup_removes_nothing_else_and_every_deck_keeps_18_cards():
    state = new_game(3, {C: "nonplayer"})
    assert state.factions[C].removed == []
    for f in FACTIONS:
        fa = state.factions[f]
        assert len(fa.deck) + len(fa.hand) + len(fa.removed) == 18
    humans = new_game(3)
    assert all(humans.factions[f].removed == [] for f in FACTIONS)


# -- rule 1 ------------------------------------------------------------------------------

def test_rule_1_no_hand_no_tableau_hero_points_instead_of_starting_hand():
    state = new_game(5, {A: "nonplayer", M: "nonplayer"})
    for f in (A, M):
        assert state.factions[f].hand == [] and state.factions[f].tableau == []
    # Moderates hold the Initiative: 5 Hero points for their hand; Anarchists 5 + the 2 of setup.
    assert state.factions[M].hero == 5 and state.factions[A].hero == 7
    assert any("Non-player gains Hero points instead of drawing 5 cards" in e["text"] for e in state.log)


def test_rule_1_the_years_five_cards_become_hero_points():
    state = position(C)
    deck = list(state.factions[C].deck)
    run_steps(state, {"s": "year_cleanup"})
    assert state.year == 2 and state.factions[C].hero == 5
    assert state.factions[C].hand == [] and state.factions[C].deck == deck
    assert len(state.factions[A].hand) >= 5  # a human draws


def test_rule_1_humans_choose_before_nonplayers_act():
    state = new_game(11, {M: "nonplayer"})  # the Moderates hold the Initiative and play first
    step_nonplayers(state)  # the Fascist Event's tie-breaks, if any
    assert {p["kind"] for p in state.pending} == {"choose"}
    assert {p["faction"] for p in state.pending} == {A, C}
    deck = list(state.factions[M].deck)
    apply(state, A, Action("choose", state.factions[A].hand[0]))
    assert state.factions[M].deck == deck and decision(state, M) is None
    apply(state, C, Action("choose", state.factions[C].hand[0]))
    # Only now does the Non-player act: it plays the top card of its deck.
    assert state.factions[M].deck == deck[:-1]
    assert decision(state, M) is not None
    assert any("play the top card of their deck" in e["text"] for e in state.log)


def test_rule_1_nonplayer_plays_the_top_card_of_its_deck():
    state = position(C)
    top = start_turn(state, C, "Defence of Pozoblanco").factions[C]
    cid = card_id("Defence of Pozoblanco")
    assert cid not in top.deck and cid in top.discard
    assert any(f"card:{cid}" in e["refs"] and "(rule 2a)" in e["text"] for e in state.log)


# -- rule 2: the turn --------------------------------------------------------------------

def test_rule_2_turn_is_event_front_bonus_medallions_then_hero_points():
    state = position(C)
    state.factions[C].medallions = ["strategy", "volunteers", "organization"]  # not in rule order
    state.factions[C].hero = 10
    state.blanks["soviet_support"] = [5, 7, 8]
    set_fronts(state, madrid=-2, northern=-2, aragon=-2, southern=-2)
    start_turn(state, C, "Defence of Pozoblanco", tested="northern")
    assert state.fronts["southern"].value == 0  # a. the Event ran first (Southern +2)
    rules = [rule for _, rule in drive(state, C)]
    heads = [r.split(":")[0] for r in rules]
    assert heads[0] == "3b"  # b. the Front bonus, by rule 3
    assert heads[1:4] == ["2c-i", "2c-ii", "2c-iii"]  # c. Organization, Volunteers, Strategy
    assert set(heads[4:-1]) == {"2d"} and heads[-1] == "2"  # d. then Hero points until none are useful
    assert state.fronts["northern"].value == -2 + 1 + 1 + 1  # bonus, Volunteers, Strategy
    assert noted(state, C, "2c-i") and noted(state, C, "2d")


def test_rule_2_medallions_come_before_spending_never_after():
    state = position(C)
    state.factions[C].medallions = ["organization"]
    state.factions[C].hero = 10
    np_turn_menu(state, C)
    apply(state, C, Action("hp_track", "government", -1), note="Non-player rule 2d: test")
    kinds = {c.action.kind for c in decision(state, C).choices}
    assert "np_organization" not in kinds and "hp_track" in kinds


def test_rule_2a_event_card_is_discarded_not_trashed():
    state = position(M)
    start_turn(state, M, "Basque Army", tested="northern")
    cid = card_id("Basque Army")
    assert cid in state.factions[M].discard and cid not in state.factions[M].trash
    assert state.fronts["northern"].value == 1  # the Event's +3; the Front bonus (rule 2b) is asked next
    assert any("goes to the Non-player's discard pile" in e["text"] for e in state.log)


def test_rule_2_extra_card_does_only_the_event():
    state = position(A)
    state.bonuses["teamwork"] = False
    on_top(state, A, "Regional Defence Council of Aragon")  # the extra card: Collectivization +1, Aragon +1
    start_turn(state, A, "Central Committee of Antifascist Militias", tested="madrid")  # play another card
    extra = card_id("Regional Defence Council of Aragon")
    assert extra in state.factions[A].discard and state.tracks["collectivization"] == 6
    assert state.fronts["aragon"].value == -1
    assert state.bonuses["teamwork"]  # the first card's own Event line ran after the extra card's Event
    rules = [r for _, r in drive(state, A)]
    # One Front bonus only (for the card played on its turn), then the turn goes on to 2c / 2d.
    assert sum(r.startswith("3") for r in rules) == 1 and state.fronts["madrid"].value == -1


# -- rule 2a: Event readings --------------------------------------------------------------

def test_rule_2a_i_event_strength_by_rule_3_and_attacks_by_rule_4():
    state = position(M)  # the Moderates hold the Initiative
    set_fronts(state, madrid=-2, northern=3, aragon=-3, southern=3)
    start_turn(state, M, "Teruel Offensive", tested="madrid")  # Aragon +3, 1 HP, 1 Attack closest to Victory
    assert pick_of(state, M)["purpose"] == "tie_attack"
    action, rule = act(state, M)
    assert (action.arg, rule.split(":")[0]) == ("southern", "4b-ii")  # not its flag (Northern)
    assert state.fronts["southern"].value == 2 and noted(state, M, "4b-ii")
    state = position(C)
    set_fronts(state, madrid=-4, northern=-1, aragon=-3, southern=0)
    start_turn(state, C, "International Brigades", tested="southern")  # Madrid +2, +1 to a Front of choice
    action, rule = act(state, C)
    assert action.arg == "southern" and rule.startswith("3b") and noted(state, C, "3b")


def _l_or_c(state: GameState, f: str, n: int) -> tuple[str, str]:
    run_steps(state, fx({"op": "track", "track": "liberty_or_collectivization", "n": n}, f, "test"))
    assert pick_of(state, f)["what"] == "track"
    action, rule = act(state, f)
    return action.arg, rule


def test_rule_2a_ii_liberty_or_collectivization_anarchist_increases_lower():
    state = position(A)
    set_tracks(state, liberty=3, collectivization=5)
    assert _l_or_c(state, A, +1)[0] == "liberty" and state.tracks["liberty"] == 4
    assert noted(state, A, "2a-ii: increases the lower")
    state = position(A)
    set_tracks(state, liberty=4, collectivization=4)
    track, rule = _l_or_c(state, A, +1)
    assert track == "collectivization" and "equal: Collectivization" in rule


def test_rule_2a_ii_liberty_or_collectivization_communist_reduces_higher():
    state = position(C)
    set_tracks(state, liberty=7, collectivization=5)
    assert _l_or_c(state, C, -1)[0] == "liberty" and state.tracks["liberty"] == 6
    assert noted(state, C, "2a-ii: reduces the higher")


def test_rule_2a_ii_liberty_or_collectivization_moderate_reduces_higher_equal_collectivization():
    state = position(M)
    set_tracks(state, liberty=4, collectivization=6)
    assert _l_or_c(state, M, -1)[0] == "collectivization"
    state = position(M)
    set_tracks(state, liberty=5, collectivization=5)
    track, rule = _l_or_c(state, M, -1)
    assert track == "collectivization" and "equal: Collectivization" in rule and noted(state, M, "2a-ii")


def _event_line(state: GameState, f: str, line: dict) -> GameState:
    return run_steps(state, fx(line, f, "test"))


def test_rule_2a_iii_draw_cards_becomes_hero_points():
    state = position(M)
    deck = list(state.factions[M].deck)
    _event_line(state, M, {"op": "draw", "n": 2})
    assert state.factions[M].hero == 2 and state.factions[M].hand == [] and state.factions[M].deck == deck


def test_rule_2a_iv_tableau_add_or_swap_becomes_one_hero_point():
    state = position(C)
    _event_line(state, C, {"op": "tableau_add"})
    assert state.factions[C].hero == 1 and state.factions[C].tableau == []
    _event_line(state, C, {"op": "tableau_swap"})
    assert state.factions[C].hero == 2 and not state.pending
    assert any("Non-player rule 2a: 1 Hero point instead of" in e["text"] for e in state.log)


def test_rule_2a_v_return_from_trash_becomes_two_hero_points():
    state = position(A)
    state.factions[A].trash = [card_id("CNT-FAI")]
    _event_line(state, A, {"op": "trash_return"})
    assert state.factions[A].hero == 2 and state.factions[A].trash == [card_id("CNT-FAI")]
    assert not state.pending


def test_rule_2a_vi_remove_blank_becomes_three_hero_points():
    state = position(M)
    state.blanks["foreign_aid"] = [5]
    _event_line(state, M, {"op": "remove_blank"})
    assert state.factions[M].hero == 3 and state.blanks["foreign_aid"] == [5] and not state.pending


def test_rule_2a_vii_turn_on_a_bonus_teamwork_first():
    state = position(M)
    state.bonuses = {"morale": False, "teamwork": False}
    _event_line(state, M, {"op": "bonus", "bonus": "choice", "on": True})
    action, rule = act(state, M)
    assert action == Action("bonus", "teamwork") and state.bonuses == {"morale": False, "teamwork": True}
    assert noted(state, M, "2a-vii")


def _take(state: GameState, f: str) -> str:
    _event_line(state, f, {"op": "take_hero", "who": "choice", "n": 1})
    assert pick_of(state, f)["purpose"] == "take_hero"
    return act(state, f)[0].arg


def test_rule_2a_viii_take_hero_points_from_the_faction_with_more():
    state = position(C)
    state.factions[A].hero, state.factions[M].hero = 3, 5
    assert _take(state, C) == M and state.factions[M].hero == 4 and state.factions[C].hero == 1
    assert noted(state, C, "2a-viii: takes from the faction with more")


def test_rule_2a_viii_tie_takes_from_the_initiative_faction():
    state = position(C)  # Government 6: the Moderates hold the Initiative
    state.factions[A].hero = state.factions[M].hero = 4
    assert _take(state, C) == M and noted(state, C, "2a-viii: a tie in Hero points, takes from the Initiative")
    state = position(C)
    set_tracks(state, liberty=6, collectivization=6)  # the Anarchists take the Initiative
    state.factions[A].hero = state.factions[M].hero = 4
    assert _take(state, C) == A


@pytest.mark.parametrize(("direction", "last"), [(1, A), (-1, M)])
def test_rule_2a_viii_tie_while_holding_initiative_takes_from_the_faction_playing_last(direction, last):
    state = position(C)
    set_tracks(state, government=5)  # the Communists control the Government and hold the Initiative
    assert state.initiative == C
    state.direction = direction  # clockwise C -> M -> A; counter-clockwise C -> A -> M
    state.factions[A].hero = state.factions[M].hero = 2
    assert _take(state, C) == last and noted(state, C, "2a-viii: a tie in Hero points and it holds the Initiative")


def test_lf_reading_a_track_of_its_choice_moves_its_own_way():
    state = position(M)  # Initiative: Priority Foreign Aid, but this line reduces a track
    run_steps(state, fx({"op": "track", "track": "choice", "n": -1}, "initiative", "a Fascist card"))
    action, rule = act(state, M)
    assert action.arg == "collectivization" and rule.startswith("lf reading") and noted(state, M, "lf reading")
    state = position(C)
    set_tracks(state, government=5)  # Communist Initiative: Priority Soviet Support (up); a reduction: Government
    run_steps(state, fx({"op": "track", "track": "choice", "n": -1}, "initiative", "a Fascist card"))
    assert act(state, C)[0].arg == "government" and state.tracks["government"] == 4
    state = position(A)
    set_tracks(state, liberty=4, collectivization=6)
    run_steps(state, fx({"op": "track", "track": "choice", "n": 1}, A, "test"))
    assert act(state, A)[0].arg == "liberty"  # up: its Priority track (5a)


def test_lf_reading_up_or_down_moves_the_track_its_own_way():
    state = position(M)
    run_steps(state, fx({"op": "track", "track": "collectivization", "n": 1, "either": True}, M, "test"))
    action, rule = act(state, M)
    assert action.arg == "down" and state.tracks["collectivization"] == 4 and rule.startswith("lf reading")


# -- rule 2b, 2c, 2d ---------------------------------------------------------------------

def test_rule_2b_front_bonus_adds_one_strength_by_rule_3():
    state = position(C)
    start_turn(state, C, "Defence of Pozoblanco", tested="aragon")
    p = pick_of(state, C)
    assert p["purpose"] == "strength" and "rule 2b" in p["cont"]["src"]
    action, rule = act(state, C)
    assert action.arg == "aragon" and state.fronts["aragon"].value == -1 and rule.startswith("3b")
    assert C in state.fronts["aragon"].tokens and noted(state, C, "3b")


def test_rule_2c_i_organization_spends_one_hero_point_on_the_priority_track():
    state = position(A)
    state.factions[A].medallions = ["organization"]
    state.factions[A].hero = 1
    set_tracks(state, liberty=4, collectivization=5)
    np_turn_menu(state, A)
    action, rule = act(state, A)
    assert action == Action("np_organization", "liberty", 1) and rule.startswith("2c-i")
    assert state.tracks["liberty"] == 5 and state.factions[A].hero == 0 and noted(state, A, "2c-i")
    assert act(state, A)[0] == Action("end_turn")


def test_rule_2c_i_organization_skipped_when_the_priority_track_cannot_move():
    state = position(A)
    state.factions[A].medallions = ["organization"]
    state.factions[A].hero = 1
    set_tracks(state, liberty=10, collectivization=10)
    np_turn_menu(state, A)
    assert act(state, A)[0] == Action("end_turn") and state.factions[A].hero == 1


def test_rule_2c_ii_volunteers_spends_one_hero_point_for_strength_by_rule_3():
    state = position(M)
    state.factions[M].medallions = ["volunteers"]
    state.factions[M].hero = 1
    state.fascist_card = TESTS["southern"]
    np_turn_menu(state, M)
    action, rule = act(state, M)
    assert action == Action("volunteers", "southern") and rule.startswith("2c-ii: Volunteers, 3b")
    assert state.fronts["southern"].value == -1 and state.factions[M].hero == 0
    assert act(state, M)[0] == Action("end_turn")  # once per turn


def test_rule_2c_iii_strategy_adds_one_to_the_front_it_contributed_to():
    state = position(C)
    state.factions[C].medallions = ["strategy"]
    state.fronts["southern"].tokens = [C]
    np_turn_menu(state, C)
    action, rule = act(state, C)
    assert action == Action("np_strategy", "southern") and state.fronts["southern"].value == -1
    assert rule.startswith("2c-iii") and noted(state, C, "2c-iii")
    state = position(C)  # several Fronts: rule 3 picks (here 3c, Madrid at -5 or worse: 3a)
    state.factions[C].medallions = ["strategy"]
    state.fascist_card = TESTS["southern"]
    set_fronts(state, madrid=-5)
    state.fronts["southern"].tokens = [C]
    state.fronts["madrid"].tokens = [C]
    np_turn_menu(state, C)
    action, rule = act(state, C)
    assert action == Action("np_strategy", "madrid") and "3a" in rule


def test_rule_2c_no_strategy_without_a_contribution():
    state = position(C)
    state.factions[C].medallions = ["strategy"]
    np_turn_menu(state, C)
    assert act(state, C)[0] == Action("end_turn")


def test_rule_2d_spends_on_priority_re_evaluated_after_each_step():
    state = position(A)
    set_tracks(state, liberty=3, collectivization=3)
    state.factions[A].hero = 9
    np_turn_menu(state, A)
    moves = drive(state, A)
    assert [a.arg for a, _ in moves[:3]] == ["collectivization", "liberty", "collectivization"]
    assert all(r.startswith("2d") and "5a" in r for _, r in moves[:3]) and moves[3][0] == Action("end_turn")
    assert (state.tracks["liberty"], state.tracks["collectivization"], state.factions[A].hero) == (4, 5, 0)


def test_rule_2d_priority_changes_mid_turn():
    state = position(C)
    set_tracks(state, government=5, soviet_support=7)  # Communist Initiative: Soviet Support
    state.blanks["soviet_support"] = [8, 10]
    state.blanks["government"] = [4]
    state.factions[C].hero = 6
    np_turn_menu(state, C)
    moves = drive(state, C)
    assert [(a.kind, a.arg, a.n) for a, _ in moves] == [
        ("hp_track", "soviet_support", 1), ("hp_track", "government", -1), ("end_turn", "", 0)]
    assert "5b-i:" in moves[0][1] and "5b-i exception" in moves[1][1]


def test_rule_2d_extra_hero_points_turn_on_bonuses_teamwork_first():
    state = position(A)
    set_tracks(state, liberty=10, collectivization=10)  # its Priority track can go no higher
    state.bonuses = {"morale": False, "teamwork": False}
    state.factions[A].hero = 5
    np_turn_menu(state, A)
    moves = drive(state, A)
    assert [a for a, _ in moves] == [Action("hp_bonus", "teamwork"), Action("hp_bonus", "morale"), Action("end_turn")]
    assert state.factions[A].hero == 1 and noted(state, A, "2d: extra Hero points turn on the Teamwork")
    state = position(C)
    set_tracks(state, government=6, soviet_support=3)  # Priority Government (4 HP): 3 HP are not enough
    state.bonuses = {"morale": True, "teamwork": False}
    state.factions[C].hero = 3
    np_turn_menu(state, C)
    assert [a for a, _ in drive(state, C)] == [Action("hp_bonus", "teamwork"), Action("end_turn")]


def test_rule_2d_not_enough_hero_points_ends_the_turn():
    state = position(M)
    state.factions[M].hero = 1
    np_turn_menu(state, M)
    assert act(state, M) == (Action("end_turn"), "2: the Non-player's turn ends")


# -- rule 3: adding Strength ---------------------------------------------------------------

def test_rule_3a_madrid_at_minus_5_always_supported():
    state = position(A)
    state.fascist_card = TESTS["aragon"]
    set_fronts(state, madrid=-5, aragon=-8)
    assert support(state, A, active=A) == ("madrid", "3a: Madrid is at -5 or worse")
    assert noted(state, A, "3a")
    state = position(A)
    set_fronts(state, madrid=-6, aragon=-8)
    assert support(state, A, active=C)[0] == "madrid"  # always, outside its turn too
    state = position(A)
    set_fronts(state, madrid=-4, aragon=-8)
    state.fascist_card = TESTS["northern"]
    assert support(state, A, active=A)[0] == "northern"  # -4 is not -5: rule 3b decides


def test_rule_3b_on_its_turn_supports_the_tested_front():
    state = position(M)
    state.fascist_card = TESTS["southern"]
    set_fronts(state, northern=-7, southern=3)
    front, rule = support(state, M, active=M)
    assert front == "southern" and rule.startswith("3b") and noted(state, M, "3b")


def test_rule_3c_outside_its_turn_closest_to_defeat():
    state = position(M)
    state.fascist_card = TESTS["southern"]
    set_fronts(state, madrid=0, northern=1, aragon=-6, southern=3)
    assert support(state, M, active=A) == ("aragon", "3c: the Front closest to Defeat (Aragon Front)")
    assert noted(state, M, "3c")


def test_rule_3c_tested_front_not_possible_closest_to_defeat():
    state = position(C)
    state.fascist_card = TESTS["northern"]
    state.fronts["northern"].status = "victory"
    set_fronts(state, madrid=0, northern=10, aragon=2, southern=-3)
    assert support(state, C, active=C) == ("southern", "3c: the Front closest to Defeat (Southern Front)")


def test_rule_3c_i_tie_madrid():
    state = position(A)
    set_fronts(state, madrid=-3, northern=-3, aragon=-3, southern=-3)
    front, rule = support(state, A, active=M)
    assert front == "madrid" and rule.startswith("3c-i") and noted(state, A, "3c-i")


@pytest.mark.parametrize(("faction", "flag"), [(A, "aragon"), (C, "southern"), (M, "northern")])
def test_rule_3c_ii_tie_its_flag(faction, flag):
    state = position(faction)
    set_fronts(state, madrid=0, northern=-4, aragon=-4, southern=-4)
    front, rule = support(state, faction, active=None)
    assert front == flag and rule.startswith("3c-ii") and noted(state, faction, "3c-ii")


@pytest.mark.parametrize(("direction", "expected"), [(1, "northern"), (-1, "southern")])
def test_rule_3c_iii_tie_closest_to_madrid_in_the_direction_of_play(direction, expected):
    state = position(A)  # flag Aragon, not in the tie
    state.direction = direction
    set_fronts(state, madrid=2, northern=-4, aragon=1, southern=-4)
    front, rule = support(state, A, active=None)
    assert front == expected and rule.startswith("3c-iii") and noted(state, A, "3c-iii")
    assert ("counter-clockwise" in rule) == (direction < 0)


@pytest.mark.parametrize(("direction", "expected"), [(1, "aragon"), (-1, "southern")])
def test_rule_3c_iii_moderates_two_steps_against_three(direction, expected):
    state = position(M)  # flag Northern, not in the tie
    state.direction = direction
    set_fronts(state, madrid=2, northern=0, aragon=-4, southern=-4)
    assert support(state, M, active=None)[0] == expected


def test_rule_3c_tie_for_closest_to_defeat_broken_by_a_nonplayer_with_initiative():
    state = position(M)
    set_fronts(state, madrid=0, northern=-4, aragon=-4, southern=1)
    run_steps(state, strength("closest_defeat", 1, A, "a human's card"))
    assert pick_of(state, M)["purpose"] == "tie_strength"
    action, rule = act(state, M)
    assert action.arg == "northern" and rule.startswith("3c-ii")


# A Non-player's own line that meets a tie (its card, rule 2a-i) is broken by its own Appendix 3 rules, for its own
# flag, whoever holds the Initiative: a human is never asked, and another Non-player never uses its flag for it.
OWN_TIES = [
    # (the line, the Fronts, the Front its own rules choose, the rule)
    ({"op": "strength", "front": "closest_defeat", "n": 1}, dict(madrid=0, northern=-4, aragon=-4, southern=-4),
     "southern", "3c-ii"),
    ({"op": "attack", "front": "closest_victory", "n": 1}, dict(madrid=0, northern=3, aragon=3, southern=3),
     "northern", "4b-iii"),
]


@pytest.mark.parametrize(("line", "fronts", "expected", "rule"), OWN_TIES)
@pytest.mark.parametrize("initiative_seat", ["human", "nonplayer"])
def test_rules_3c_and_4b_a_nonplayers_own_tie_is_broken_by_its_own_tie_breakers(line, fronts, expected, rule,
                                                                               initiative_seat):
    """Appendix 3, rule 3c: "If multiple Fronts are equally close to Defeat, use this tie-breaking procedure: i.
    Madrid. ii. The Front marked by the Non-player's faction flag. iii. ..."; rule 4b: "if there is a tie ... i.
    Not Madrid. ii. Not the Front marked by the Non-player's faction flag. iii. ...". The Communists' own line
    uses the Communist flag (Southern), whether the Moderates holding the Initiative are human or a Non-player
    (whose own flag, Northern, would choose otherwise)."""
    state = position(C, M) if initiative_seat == "nonplayer" else position(C)
    assert state.initiative == M
    set_fronts(state, **fronts)
    run_steps(state, fx(line, C, "a Communist Non-player card"))
    assert [p["faction"] for p in state.pending] == [C]
    action, why = act(state, C)
    assert action.arg == expected and why.startswith(rule) and noted(state, C, rule)
    assert not state.pending


def test_rule_3c_a_nonplayers_card_aimed_at_a_defeated_front_breaks_the_tie_itself():
    """Rulebook pg. 8: "Any Player cards affecting the defeated Front must now be applied to the remaining Front
    closest to Defeat"; a tie there is the Non-player's own (Appendix 3 rule 3c-ii: its flag, Aragon)."""
    state = position(A)  # the Moderates (human) hold the Initiative
    state.fronts["southern"].value, state.fronts["southern"].status = -10, "defeat"
    state.defeats = ["southern"]
    set_fronts(state, madrid=0, northern=-4, aragon=-4)
    run_steps(state, fx({"op": "strength", "front": "southern", "n": 2}, A, "an Anarchist Non-player card"))
    assert [p["faction"] for p in state.pending] == [A]
    action, why = act(state, A)
    assert action.arg == "aragon" and why.startswith("3c-ii") and state.fronts["aragon"].value == -2
    assert "the Anarchists' flag, the Aragon Front" in why and "its flag" not in why  # whose flag it is


def test_rule_4b_ii_the_reason_names_whose_flag_is_spared():
    """Appendix 3, rule 4b-ii (Attacks: not the Non-player's own flag): the note says whose flag and which Front
    takes the Attacks, never "its flag" alone."""
    state = position(M)
    set_fronts(state, madrid=-2, northern=3, aragon=-3, southern=3)
    start_turn(state, M, "Teruel Offensive", tested="madrid")
    action, rule = act(state, M)
    assert rule.startswith("4b-ii: the Southern Front, not the Moderates' flag (the Northern Front)")


def test_rule_2a_viii_a_tie_for_the_most_hero_points_on_its_own_line_takes_from_the_initiative_faction():
    """Appendix 3, rule 2a-viii: "the Non-player takes from the faction with more HP; if there is a tie, they
    take from the Initiative faction". The line "take from the player with the most Hero points" of a
    Non-player's card is never handed to the Initiative player (a human) to decide."""
    state = position(C)  # the Moderates (human) hold the Initiative
    state.factions[A].hero = state.factions[M].hero = 4
    run_steps(state, fx({"op": "take_hero", "who": "most_hp", "n": 1}, C, "a Communist Non-player card"))
    assert [p["faction"] for p in state.pending] == [C] and pick_of(state, C)["purpose"] == "take_hero"
    action, why = act(state, C)
    assert action.arg == M and state.factions[M].hero == 3 and state.factions[C].hero == 1
    assert why.startswith("2a-viii: a tie in Hero points, takes from the Initiative faction")


def test_a_fascist_lines_tie_stays_with_the_initiative_player():
    """Rulebook pg. 8: "If there is a tie, it is broken by the Initiative player": a Fascist card's Attack is no
    Non-player's own line, so a human holding the Initiative breaks its tie."""
    state = position(C)
    set_fronts(state, madrid=0, northern=3, aragon=3, southern=3)
    run_steps(state, attack("V", 1, "a Fascist card", origin="fascist"))
    assert [p["faction"] for p in state.pending] == [M]


def test_a_track_triggers_tie_is_the_initiative_players_even_on_a_nonplayers_track():
    """Rulebook pg. 8: "The Front closest to Defeat is that closest to -10. If there is a tie, it is broken by the
    Initiative player." Collectivization 2 (CONTENT.md: 1 Attack on the Front closest to Defeat) is a trigger of
    the board, not a line of the Anarchist Non-player's: whoever moved the track, the Initiative player (here the
    human Moderates) breaks the tie, as with a human Anarchist seat."""
    state = position(A)
    assert state.initiative == M
    set_fronts(state, madrid=0, northern=-4, aragon=-4, southern=1)
    state.tracks["collectivization"] = 3
    run_steps(state, fx({"op": "track", "track": "collectivization", "n": -1}, C, "a Communist card"))
    assert state.tracks["collectivization"] == 2
    assert [p["faction"] for p in state.pending] == [M] and pick_of(state, M)["purpose"] == "tie_attack"
    assert set(pick_of(state, M)["options"]) == {"northern", "aragon"}


def _franco_named_generalisimo_succeeds(state: GameState) -> None:
    from lf.engine.turn import fascist_fx

    run_steps(state, *fascist_fx("F1-16", "reward", "Test reward: Franco Named Generalísimo"))


def test_f1_16_otherwise_the_anarchists_choose_liberty_or_collectivization():
    """F1-16's success reads "Otherwise: Anarchists: Liberty OR Collectivization +1": the line inside the
    condition names the Anarchists, so they choose, not the Initiative player (the Moderates here)."""
    state = position()
    assert state.initiative == M
    _franco_named_generalisimo_succeeds(state)
    assert [p["faction"] for p in state.pending] == [A]
    assert set(pick_of(state, A)["options"]) == {"liberty", "collectivization"}


def test_f1_16_an_anarchist_nonplayer_chooses_by_rule_2a_ii():
    """Appendix 3 rule 2a-ii: the Anarchist Non-player raises the lower of Liberty and Collectivization."""
    state = position(A)
    set_tracks(state, liberty=4, collectivization=5)
    _franco_named_generalisimo_succeeds(state)
    action, why = act(state, A)
    assert action.arg == "liberty" and why.startswith("2a-ii") and state.tracks["liberty"] == 5


# -- rule 4: adding Attacks ------------------------------------------------------------------

def test_rule_4a_attacks_the_front_closest_to_victory():
    state = position(C)
    set_fronts(state, madrid=-1, aragon=4, southern=2)
    state.fronts["northern"].status = "victory"
    front, rule = attack_choice(state, C)
    assert front == "aragon" and rule.startswith("4a") and noted(state, C, "4a")
    assert state.fronts["aragon"].value == 3


def test_rule_4b_i_not_madrid():
    state = position(C)
    set_fronts(state, madrid=3, aragon=3, southern=-1)
    state.fronts["northern"].status = "victory"
    front, rule = attack_choice(state, C)
    assert front == "aragon" and rule.startswith("4b-i:") and noted(state, C, "4b-i:")


def test_rule_4b_ii_not_its_flag():
    state = position(C)  # flag Southern
    set_fronts(state, madrid=3, aragon=3, southern=3)
    state.fronts["northern"].status = "victory"
    front, rule = attack_choice(state, C)
    assert front == "aragon" and rule.startswith("4b-ii") and noted(state, C, "4b-ii")


@pytest.mark.parametrize(("direction", "expected"), [(1, "northern"), (-1, "aragon")])
def test_rule_4b_iii_closest_to_madrid_in_the_direction_of_play(direction, expected):
    state = position(C)  # flag Southern
    state.direction = direction
    state.initiative = C
    set_fronts(state, madrid=2, northern=2, aragon=2, southern=2)
    run_steps(state, attack("V", 1, "a Fascist card"))  # every Front is equally close to Victory
    assert pick_of(state, C)["purpose"] == "tie_attack"
    action, rule = act(state, C)
    assert action.arg == expected and rule.startswith("4b-iii") and noted(state, C, "4b-iii")


# -- rule 5: the Priority track ----------------------------------------------------------------

def _priority_spend(state: GameState, f: str, hero: int = 4) -> tuple[Action, str]:
    state.factions[f].hero = hero
    np_turn_menu(state, f)
    return act(state, f)


def test_rule_5a_anarchists_lower_of_liberty_and_collectivization():
    state = position(A)
    set_tracks(state, liberty=4, collectivization=6)
    action, rule = _priority_spend(state, A)
    assert action == Action("hp_track", "liberty", 1) and "5a" in rule and noted(state, A, "2d")
    state = position(A)
    set_tracks(state, liberty=4, collectivization=4)
    action, rule = _priority_spend(state, A)
    assert action == Action("hp_track", "collectivization", 1) and "equal: Collectivization" in rule


def test_rule_5b_i_communists_with_initiative_soviet_support():
    state = position(C)
    set_tracks(state, government=5, soviet_support=8)  # 8 but its medallion space is not covered
    action, rule = _priority_spend(state, C)
    assert action == Action("hp_track", "soviet_support", 1) and "5b-i:" in rule and noted(state, C, "2d")


def test_rule_5b_i_unless_soviet_support_at_least_8_and_medallion_covered():
    state = position(C)
    set_tracks(state, government=5, soviet_support=8)
    state.blanks["soviet_support"] = [10]
    action, rule = _priority_spend(state, C)
    assert action == Action("hp_track", "government", -1) and "5b-i exception" in rule
    state = position(C)
    set_tracks(state, government=5, soviet_support=7)  # below 8: the covered medallion does not matter
    state.blanks["soviet_support"] = [10]
    assert _priority_spend(state, C)[0] == Action("hp_track", "soviet_support", 1)


def test_rule_5b_ii_communists_govern_without_initiative_reduce_lower():
    state = position(C)
    set_tracks(state, government=4, liberty=6, collectivization=7)  # the Anarchists hold the Initiative
    assert state.initiative == A
    action, rule = _priority_spend(state, C)
    assert action == Action("hp_track", "liberty", -1) and "5b-ii" in rule
    state = position(C)
    set_tracks(state, government=4, liberty=7, collectivization=7)
    action, rule = _priority_spend(state, C)
    assert action == Action("hp_track", "collectivization", -1) and "equal: Collectivization" in rule


def test_rule_5b_iii_otherwise_government():
    state = position(C)  # Government 6: the Moderates govern and hold the Initiative
    action, rule = _priority_spend(state, C)
    assert action == Action("hp_track", "government", -1) and "5b-iii" in rule


def test_rule_5c_i_moderates_with_initiative_foreign_aid():
    state = position(M)
    set_tracks(state, foreign_aid=9)
    action, rule = _priority_spend(state, M)
    assert action == Action("hp_track", "foreign_aid", 1) and "5c-i:" in rule


def test_rule_5c_i_unless_foreign_aid_at_least_8_and_medallion_covered():
    state = position(M)
    set_tracks(state, foreign_aid=8, government=6)
    state.blanks["foreign_aid"] = [10]
    state.blanks["government"] = [7]
    action, rule = _priority_spend(state, M)
    assert action == Action("hp_track", "government", 1) and "5c-i exception" in rule


def test_rule_5c_ii_moderates_govern_without_initiative_reduce_lower():
    state = position(M)
    set_tracks(state, liberty=8, collectivization=6)  # Anarchist Initiative, Moderate Government
    action, rule = _priority_spend(state, M)
    assert action == Action("hp_track", "collectivization", -1) and "5c-ii" in rule


def test_rule_5c_iii_otherwise_government():
    state = position(M)
    set_tracks(state, government=5)  # the Communists govern
    state.blanks["government"] = [7]
    action, rule = _priority_spend(state, M)
    assert action == Action("hp_track", "government", 1) and "5c-iii" in rule


# -- rule 6: medallions -------------------------------------------------------------------------

def test_rule_6_random_medallion_never_archives_or_intelligence():
    got = set()
    for seed in range(12):
        state = position(C, seed=seed)
        state.medallions = ["archives", "heroism", "intelligence", "propaganda", "vigilance"]
        run_steps(state, {"s": "medallion", "by": C})
        assert pick_of(state, C)["options"] == ["heroism", "propaganda", "vigilance"]
        action, rule = act(state, C)
        assert rule.startswith("6") and noted(state, C, "6")
        assert state.factions[C].medallions == [action.arg]
        assert "archives" in state.medallions and "intelligence" in state.medallions
        got.add(action.arg)
    assert len(got) > 1  # random, not always the first


def test_rule_6_no_medallion_if_only_archives_and_intelligence_remain():
    state = position(M)
    state.medallions = ["archives", "intelligence"]
    run_steps(state, {"s": "medallion", "by": M})
    assert state.factions[M].medallions == [] and not state.pending
    assert state.medallions == ["archives", "intelligence"]
    assert any("none is left for them" in e["text"] for e in state.log)


def test_rule_6_nonplayer_benefits_from_immediate_medallions():
    state = position(A)
    state.medallions = ["heroism", "archives"]
    run_steps(state, {"s": "medallion", "by": A})
    assert state.factions[A].medallions == ["heroism"] and state.factions[A].hero == 7


# -- rule 7: the Final Bid ----------------------------------------------------------------------

def test_rule_7_final_bid_is_top_card_strength_plus_4():
    state = position(A)
    cid = on_top(state, A, "CNT-FAI")  # strength 2
    run_steps(state, {"s": "final_bid"})
    apply(state, C, Action("bid_done"))
    apply(state, M, Action("bid_done"))
    assert state.bid_winner == A and cid in state.factions[A].discard
    assert any("+ 4 (Non-player rule 7): 6 Action Points" in e["text"] for e in state.log)


# -- rule 8: ties when a Non-player holds the Initiative -----------------------------------------

def _most_hp_loses(state: GameState, f: str) -> str:
    run_steps(state, fx({"op": "hero", "who": "most_hp", "n": -1}, "initiative", "a Fascist card"))
    assert pick_of(state, f)["purpose"] == "hero_lose"
    return act(state, f)[0].arg


def test_rule_8a_never_loses_hero_points_itself():
    state = position(M)  # the Moderates hold the Initiative
    state.factions[M].hero = state.factions[C].hero = 4
    assert _most_hp_loses(state, M) == C and state.factions[M].hero == 4 and state.factions[C].hero == 3
    assert noted(state, M, "8a")


@pytest.mark.parametrize(("direction", "last"), [(1, C), (-1, A)])
def test_rule_8a_chooses_the_faction_going_last(direction, last):
    state = position(M)
    state.direction = direction  # clockwise M -> A -> C; counter-clockwise M -> C -> A
    state.factions[A].hero = state.factions[C].hero = 3
    assert _most_hp_loses(state, M) == last


def test_rule_8a_uses_the_turn_order_fixed_for_this_turn():
    state = position(M)
    state.order = [C, A, M]  # the turn began with the Communists first; the Moderates play last
    state.factions[A].hero = state.factions[C].hero = 3
    assert _most_hp_loses(state, M) == A


def _glory_tie(state: GameState, f: str, glory: list[str]) -> str:
    set_fronts(state, madrid=1, northern=1, aragon=1, southern=1)
    state.bag = []
    state.glory = glory
    run_steps(state, {"s": "war_end"})
    assert pick_of(state, f)["purpose"] == "glory_tie"
    act(state, f)
    return state.result["winner"]


def test_rule_8b_glory_tie_chooses_itself():
    state = position(M)
    assert _glory_tie(state, M, [A, M, A, M]) == M and noted(state, M, "8b: a Non-player always chooses itself")


def test_rule_8b_final_bid_tie_chooses_itself():
    state = position(M)
    on_top(state, M, "Manuel Azaña")  # strength 1: 1 + 4 = 5
    run_steps(state, {"s": "final_bid"})
    for f, names in ((A, ["CNT-FAI", "Cipriano Mera", "Mujeres Libres"]), (C, [])):
        for name in names:
            cid = card_id(name)
            for zone in (state.factions[f].deck, state.factions[f].discard):
                if cid in zone:
                    zone.remove(cid)
            state.factions[f].hand.append(cid)
            apply(state, f, Action("bid", cid))
        apply(state, f, Action("bid_done"))
    assert pick_of(state, M)["purpose"] == "bid_tie"
    act(state, M)
    assert state.bid_winner == M and noted(state, M, "8b")


def test_rule_8b_i_more_hero_points():
    state = position(M)
    state.factions[A].hero, state.factions[C].hero = 2, 3
    assert _glory_tie(state, M, [A, C]) == C and noted(state, M, "8b-i")


def test_rule_8b_ii_more_medallions():
    state = position(M)
    state.factions[A].medallions = ["strategy"]
    assert _glory_tie(state, M, [A, C]) == A and noted(state, M, "8b-ii")


def test_rule_8b_iii_final_bid_winner():
    state = position(M)
    state.bid_winner = C
    assert _glory_tie(state, M, [A, C]) == C and noted(state, M, "8b-iii")


@pytest.mark.parametrize("direction", [1, -1])
def test_rule_8b_iv_next_clockwise_from_the_initiative_faction(direction):
    state = position(M)
    state.direction = direction  # clockwise whatever the direction of play: after the Moderates, the Anarchists
    assert _glory_tie(state, M, [A, C]) == A and noted(state, M, "8b-iv")


# -- whole games --------------------------------------------------------------------------------

SEATS = {
    "anarchists": {A: "nonplayer"},
    "communists": {C: "nonplayer"},
    "moderates": {M: "nonplayer"},
    "two": {A: "nonplayer", M: "nonplayer"},
    "two_cm": {C: "nonplayer", M: "nonplayer"},
    "three": {A: "nonplayer", C: "nonplayer", M: "nonplayer"},
}


@pytest.mark.parametrize("seats", list(SEATS))
# (seeds whose game lasts until every Non-player has moved: a war lost before a Non-player moves proves nothing here)
@pytest.mark.parametrize("seed", [0, 2, 3, 4])
def test_whole_games_with_nonplayers_finish_and_every_nonplayer_action_has_its_rule(seats, seed):
    state = play_game(seed, SEATS[seats])
    assert state.result is not None and state.result["war"] in ("won", "lost")
    ours = [a for a in state.actions if a["faction"] in SEATS[seats]]
    assert ours and all(a.get("note", "").startswith("Non-player rule") for a in ours)
    assert all("note" not in a for a in state.actions if a["faction"] not in SEATS[seats])
    assert replay(seed, SEATS[seats], {}, state.actions) == state


def test_three_nonplayers_step_to_the_end_on_their_own():
    state = new_game(4, SEATS["three"])
    step_nonplayers(state)
    assert state.result is not None and not state.pending
    notes = [a["note"] for a in state.actions]
    heads = {n.split(":")[0].removeprefix("Non-player rule ") for n in notes}
    assert {"3b", "2"} <= heads
