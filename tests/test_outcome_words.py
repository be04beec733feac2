"""The end screen's words (lf/components/outcome.py): each seat's own result, the ranking, the Final Bid.

Read from the final view of whole games played by the engine alone (tests/history_helpers.py), and checked
against the engine's own facts: the result's Glory, and the cards each faction bid in the Final Bid
(rulebook pg. 10: the largest total of Action Points wins, the Initiative player breaks a tie).
"""

from __future__ import annotations

from history_helpers import LOST, TIED, WON, bids_of, places, policy_state

from lf.components.outcome import final_bids, outcome_html, own_result, ranking, winner_words
from lf.engine import view
from lf.engine.content import load_content
from lf.engine.constants import FACTIONS


def test_each_seat_reads_its_own_place_and_glory() -> None:
    state = policy_state(WON)  # three different Glory totals
    place = places(state)
    first = next(f for f, (p, _) in place.items() if p == 1)
    assert state.result["winner"] == first
    words = {f: own_result(view(state, f)) for f in FACTIONS}
    nth = {1: "won", 2: "came 2nd", 3: "came 3rd"}
    assert words == {f: f"You {nth[p]} with {g} Glory{'!' if p == 1 else '.'}" for f, (p, g) in place.items()}
    assert own_result(view(state, None)) == ""  # a spectator gets the ranking, not a "you"
    assert [(p.faction, p.place) for p in ranking(state.result)] == sorted(
        ((f, p) for f, (p, _) in place.items()), key=lambda fp: fp[1])


def test_a_tie_on_glory_names_the_initiative_player_who_broke_it() -> None:
    """Rulebook pg. 4: a tie on Glory is broken by the player holding the Initiative."""
    state = policy_state(TIED)  # the two best Glory totals equal
    glory, winner = state.result["glory"], state.result["winner"]
    top = glory[winner]
    [other] = [f for f in FACTIONS if f != winner and glory[f] == top]
    v = view(state, other)
    assert own_result(v) == f"You came 2nd with {top} Glory."
    assert own_result(view(state, winner)) == f"You won with {top} Glory!"
    why = winner_words(v)
    assert f"tied on {top} Glory" in why and f"the {state.initiative.capitalize()})" in why and why.endswith(
        f"chose the {winner.capitalize()}.")


def test_a_lost_war_has_no_winner_for_anyone() -> None:
    state = policy_state(LOST)
    assert state.result["war"] == "lost" and state.result["year"] == 2
    for seat in (*FACTIONS, None):
        assert own_result(view(state, seat)) == "The war was lost in Year 2: nobody wins."
    html = outcome_html(view(state, "anarchists"), {})
    assert "The war is lost" in html and "1st" not in html and "Final Bid" not in html


def test_the_final_bids_are_revealed_with_their_cards_totals_and_winner() -> None:
    state = policy_state(WON)
    cards = load_content().player_cards
    v = view(state, None)
    shown = {b.faction: b for b in final_bids(v)}
    assert set(shown) == set(FACTIONS)
    for f, bid in bids_of(state).items():
        assert shown[f].ap == sum(cards[c].strength for c in bid), f
        assert all(cards[c].name in shown[f].cards for c in bid), (f, bid, shown[f].cards)
    html = outcome_html(v, {})
    top = max(b.ap for b in shown.values())
    assert shown[state.bid_winner].ap == top
    assert f"The highest total: {top} Action Point{'s' * (top != 1)}." in html and "win the Final Bid" in html
