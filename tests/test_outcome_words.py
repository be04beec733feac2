"""The end screen's words (lf/components/outcome.py): each seat's own result, the ranking, the Final Bid.

Read from the final view of whole games played by the engine alone (tests/history_helpers.py), and checked
against the engine's own facts: the result's Glory, and the cards each faction bid in the Final Bid
(rulebook pg. 10: the largest total of Action Points wins, the Initiative player breaks a tie).
"""

from __future__ import annotations

from history_helpers import LOST, TIED, WON, policy_state

from lf.components.outcome import final_bids, outcome_html, own_result, ranking, winner_words
from lf.engine import view
from lf.engine.content import load_content
from lf.engine.constants import FACTIONS


def test_each_seat_reads_its_own_place_and_glory() -> None:
    state = policy_state(WON)
    assert state.result["winner"] == "anarchists" and state.result["glory"] == {
        "anarchists": 4, "communists": 3, "moderates": 2}
    words = {f: own_result(view(state, f)) for f in FACTIONS}
    assert words == {"anarchists": "You won with 4 Glory!", "communists": "You came 2nd with 3 Glory.",
                     "moderates": "You came 3rd with 2 Glory."}
    assert own_result(view(state, None)) == ""  # a spectator gets the ranking, not a "you"
    assert [(p.faction, p.place) for p in ranking(state.result)] == [
        ("anarchists", 1), ("communists", 2), ("moderates", 3)]


def test_a_tie_on_glory_names_the_initiative_player_who_broke_it() -> None:
    """Rulebook pg. 4: a tie on Glory is broken by the player holding the Initiative."""
    state = policy_state(TIED)
    glory = state.result["glory"]
    assert glory["moderates"] == glory["anarchists"] and state.result["winner"] == "moderates"
    v = view(state, "anarchists")
    assert own_result(v) == "You came 2nd with 4 Glory."
    assert own_result(view(state, "moderates")) == "You won with 4 Glory!"
    why = winner_words(v)
    assert "tied on 4 Glory" in why and f"the {state.initiative.capitalize()})" in why and why.endswith(
        "chose the Moderates.")


def test_a_lost_war_has_no_winner_for_anyone() -> None:
    state = policy_state(LOST)
    assert state.result["war"] == "lost" and state.result["year"] == 2
    for seat in (*FACTIONS, None):
        assert own_result(view(state, seat)) == "The war was lost in Year 2: nobody wins."
    html = outcome_html(view(state, "anarchists"), {})
    assert "The war is lost" in html and "1st" not in html and "Final Bid" not in html


def _engine_bids(state) -> dict[str, list[str]]:
    """What each faction bid, from its own bid actions (a human's bid is secret until the reveal)."""
    bids: dict[str, list[str]] = {f: [] for f in FACTIONS}
    for a in state.actions:
        kind, card = a["action"]["kind"], a["action"].get("arg")
        if kind == "bid":
            bids[a["faction"]].append(card)
        elif kind == "unbid":
            bids[a["faction"]].remove(card)
    return bids


def test_the_final_bids_are_revealed_with_their_cards_totals_and_winner() -> None:
    state = policy_state(WON)
    cards = load_content().player_cards
    v = view(state, None)
    shown = {b.faction: b for b in final_bids(v)}
    assert set(shown) == set(FACTIONS)
    for f, bid in _engine_bids(state).items():
        assert shown[f].ap == sum(cards[c].strength for c in bid), f
        assert all(cards[c].name in shown[f].cards for c in bid), (f, bid, shown[f].cards)
    html = outcome_html(v, {})
    top = max(b.ap for b in shown.values())
    assert state.bid_winner == "moderates" and shown["moderates"].ap == top
    assert f"The highest total: {top} Action Point{'s' * (top != 1)}." in html and "win the Final Bid" in html
