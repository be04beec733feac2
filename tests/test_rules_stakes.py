"""What a Front stands to lose (lf/engine/stakes.py), checked against the rulebook: "Winning and Losing" (pg. 4:
the war is lost at once by Defeat on the Madrid Front or on any 2 Fronts; a Front at -10 suffers Defeat), the
Turn Sequence (pg. 5, part 1: a Fascist card's Attacks land when it is revealed; part 3: the Test's penalty
after the players' turns) and "Defeat on a Front" / "closest to Victory" (pg. 8: ties broken by the Initiative
player)."""

from __future__ import annotations

import random

from engine_helpers import do, fresh, game, run_steps

from lf.engine import view
from lf.engine.fronts import attack
from lf.engine.stakes import CLOSE, stakes


def lose(s, front):
    s.fronts[front].value, s.fronts[front].status = -10, "defeat"
    s.defeats.append(front)


def test_madrid_close_to_defeat_says_its_fall_loses_the_war():
    """Pg. 4: "Defeat on the Madrid Front (instant loss)"; a Front falls at -10, so Madrid at -7 is 3 Attacks
    from losing the war. A first Defeat elsewhere does not lose it (pg. 8: only Madrid or a second Front)."""
    s = fresh()
    s.fronts["madrid"].value = -7
    s.fronts["aragon"].value = -6
    st = stakes(s)
    assert st["madrid"] == {"to_defeat": 3, "loses_war": True, "coming": 0, "may_come": 0, "if_test_fails": 0,
                            "close": True}
    assert st["aragon"]["to_defeat"] == 4 and st["aragon"]["close"] and not st["aragon"]["loses_war"]
    assert not st["northern"]["close"] and st["northern"]["to_defeat"] == 8


def test_after_a_first_defeat_every_front_left_loses_the_war():
    """Pg. 4: "Defeat on any 2 Fronts (instant loss)": once one Front has fallen, any other's fall loses the war;
    a decided Front has nothing left to lose and is not listed."""
    s = fresh()
    lose(s, "southern")
    st = stakes(s)
    assert set(st) == {"madrid", "northern", "aragon"}
    assert all(st[f]["loses_war"] for f in st)


def test_close_means_five_attacks_or_fewer_from_defeat():
    """Appendix 3, rule 3a treats Madrid at -5 or worse as in danger: 5 Attacks from Defeat is close, 6 is not."""
    s = fresh()
    s.fronts["madrid"].value = -10 + CLOSE
    s.fronts["northern"].value = -10 + CLOSE + 1
    st = stakes(s)
    assert st["madrid"]["close"] and not st["northern"]["close"]


def test_a_tied_v_attack_may_come_on_each_tied_front_until_the_initiative_player_chooses():
    """Pg. 5 part 1 and pg. 8: a card's V Attacks go to the Front closest to Victory, a tie broken by the
    Initiative player; until then they may come on any of the tied Fronts, and none on the others."""
    s = game(1)  # F1-11: its 4 V Attacks wait on a tie of Madrid, Northern and Aragon (Southern took the S)
    pick = s.pending[0]
    assert pick["cont"]["front"] == "V" and pick["cont"]["origin"] == "fascist"
    st = stakes(s)
    tied = set(pick["options"])
    assert {f for f in st if st[f]["may_come"]} == tied
    assert all(st[f]["may_come"] == pick["cont"]["n"] for f in tied)
    before = s.fronts["madrid"].value
    do(s, pick["faction"], "front:madrid")
    assert s.fronts["madrid"].value == before - pick["cont"]["n"]
    assert all(v["may_come"] == 0 and v["coming"] == 0 for v in stakes(s).values())


def test_a_card_attack_still_to_land_is_summed_on_its_front():
    """Pg. 5 part 1: the card's Attacks land one letter after another; while a tie holds the first, the named
    ones behind it are coming on their Front for sure, and with them Madrid is close to losing the war."""
    s = fresh()
    s.fascist_card = "F1-09"
    run_steps(s, attack("V", 1, "F1-09", origin="fascist"), attack("madrid", 7, "F1-09", origin="fascist"))
    assert s.pending and s.pending[0]["cont"]["front"] == "V"  # every Front at -2: a tie
    st = stakes(s)
    assert st["madrid"]["coming"] == 7 and st["madrid"]["may_come"] == 1
    assert st["madrid"]["close"] and st["madrid"]["loses_war"]
    assert st["northern"]["coming"] == 0 and st["northern"]["may_come"] == 1


def test_the_test_penalty_attacks_count_only_before_the_test_is_judged():
    """Pg. 5 part 3: the Test is resolved after the players' turns; F1-09's failure adds 1 Attack on Madrid."""
    s = fresh()
    s.fascist_card = "F1-09"
    s.stack = [{"s": "turn_end"}, {"s": "bag"}, {"s": "test"}]
    assert stakes(s)["madrid"]["if_test_fails"] == 1
    assert stakes(s)["northern"]["if_test_fails"] == 0
    s.test_result, s.stack = "failure", [{"s": "turn_end"}, {"s": "bag"}]
    assert stakes(s)["madrid"]["if_test_fails"] == 0


def test_stakes_read_no_deck_and_are_in_every_view_until_the_game_ends():
    """The views keep hidden things hidden: the stakes do not change when only the Fascist deck's order does,
    are the same for every seat, and say nothing once the war is decided."""
    s = game(1)
    other = s.model_copy(deep=True)
    random.Random(5).shuffle(other.fascist_deck)
    assert stakes(other) == stakes(s)
    assert view(s, "anarchists")["stakes"] == view(s, None)["stakes"] == stakes(s)
    s.result = {"war": "lost"}
    assert view(s, None)["stakes"] == {}
