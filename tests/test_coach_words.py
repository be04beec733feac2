"""The coach's words (lf/coach/words.py) on real positions searched by the computer player (lf/ai) with tiny
budgets: they come from the search's own figures, name only the cards the screen may show, and say "because"
from the board the seat sees.

Positions are reached by playing real games from seeds drawn here (never a seed's known deal); the search runs
from the seat's own information (lf/ai/infoset.py) as the thinking pool's does.
"""

from __future__ import annotations

import random
import re

import pytest

from lf.ai import Budget, Move, decide
from lf.coach import advise, compare, nameable_cards
from lf.coach.words import _pct
from lf.engine import apply, decision, new_game, view
from lf.engine.content import load_content

PEOPLE = {"anarchists": "human", "communists": "human", "moderates": "human"}
TINY = Budget(iterations=10, horizon=1)


def _positions(seed: int, every: int = 4, limit: int = 80):
    """(state, faction) at every ``every``-th decision of a game played at random from ``seed``."""
    rng = random.Random(seed)
    state = new_game(rng.getrandbits(64), PEOPLE)
    for n in range(limit):
        if state.result or not state.pending:
            return
        faction = state.pending[0]["faction"]
        if n % every == 0:
            yield state, faction
        apply(state, faction, rng.choice(decision(state, faction).choices).action)


def _searched(seeds=range(2)) -> list[tuple[Move, dict, dict, object]]:
    out = []
    for seed in seeds:
        for state, faction in _positions(seed):
            move = decide(state, faction, TINY, seed=len(state.actions))
            out.append((move, view(state, faction), view(state, None), state))
    return out


@pytest.fixture(scope="module")
def searched() -> list[tuple[Move, dict, dict, object]]:
    return _searched()


def _names_hidden_from(shown: dict, state) -> set[str]:
    """Names of the cards ``shown`` does not show, less any name a shown card shares."""
    cards = load_content(state.content_version).player_cards
    seen = {cards[c].name for c in nameable_cards(shown) if c in cards}
    return {c.name for c in cards.values()} - seen


def test_the_odds_are_the_searchs_own_figures(searched) -> None:
    for move, seat, _, _ in searched:
        advice = advise(move, seat)
        assert advice.action == move.action
        if move.reasons.trivial:
            assert advice.odds == "" and advice.gain  # "the only move open now", in words
            continue
        best = move.reasons.options[0]
        assert f"a won war at {_pct(best.war)} and your win at {_pct(best.win)} after it" in advice.odds
        runner = next((o for o in move.reasons.options[1:] if o.visits > 0), None)
        if runner is not None:
            assert f"against {_pct(runner.war)} and {_pct(runner.win)} after the next best option" in advice.odds


def test_every_suggestion_says_what_it_does_and_mostly_why(searched) -> None:
    because = 0
    for move, seat, _, _ in searched:
        advice = advise(move, seat)
        assert advice.title and advice.gain.endswith(".")
        assert "{" not in advice.text() and "None" not in advice.text()
        because += bool(advice.because)
    assert because >= len(searched) // 2, "a fact about the board backs most suggestions"


def test_a_shared_screen_never_names_a_card_of_a_hand(searched) -> None:
    """On a teaching table's shared screen (the public view) the words say "a card", never which (pg. 5: hands
    are secret); on the seat's own page they may name its own hand, and nothing else hidden."""
    named_in_hand = 0
    for move, seat, public, state in searched:
        hidden_public = _names_hidden_from(public, state)
        # the teaching table's note after a move: the coach's own, or any other the person took (its title too)
        others = [c["key"] for d in seat["decisions"] if d["faction"] == move.faction for c in d["choices"]
                  if c["key"] != move.action]
        notes = [compare(move, taken, seat, public) for taken in [move.action, *others]]
        for text in (advise(move, seat, public).text(), *notes):  # in any case: "played assault guards" names one
            assert not [n for n in hidden_public if re.search(rf"\b{re.escape(n)}\b", text, re.I)], text
        hidden_seat = _names_hidden_from(seat, state)
        own = advise(move, seat).text()
        assert not [n for n in hidden_seat if re.search(rf"\b{re.escape(n)}\b", own)], own
        named_in_hand += any(n in own for n in hidden_public)
    assert named_in_hand, "the seat's own page names its own cards (a suggestion about a card in its hand)"


def test_the_because_reads_the_board_the_seat_sees(searched) -> None:
    """A Front's value in the words is the value on the board (rulebook pg. 8: a Front falls at -10)."""
    checked = 0
    for move, seat, _, _ in searched:
        advice = advise(move, seat)
        for front, value in re.findall(r"(Madrid|Aragon|Northern|Southern) is at ([−+]?\d+)", advice.because):
            key = front.lower()
            assert seat["fronts"][key]["value"] == int(value.replace("−", "-")), advice.because
            checked += 1
    assert checked


def test_a_front_picked_to_take_the_attacks_is_not_said_to_be_protected() -> None:
    """Fronts tied for the Fascist Attacks: the Initiative player picks which one takes them (rulebook pg. 8), so
    the suggested Front is the one that suffers; the words say so. The position is found at test time."""
    for seed in range(40):
        rng = random.Random(seed)
        state = new_game(rng.getrandbits(64), PEOPLE)
        for _ in range(60):
            if state.result or not state.pending:
                break
            p = state.pending[0]
            if p["kind"] == "pick" and p.get("purpose") in ("attack", "tie_attack"):
                move = decide(state, p["faction"], TINY, seed=seed)
                gain = advise(move, view(state, p["faction"])).gain
                assert gain.startswith("It sends the Attacks to the ") and "protects" not in gain, gain
                return
            apply(state, p["faction"], rng.choice(decision(state, p["faction"]).choices).action)
    pytest.fail("no pick of a Front to take Attacks in 40 games")


def test_a_move_kept_by_the_anchor_is_said_to_be_the_steady_one() -> None:
    """At a table of persons the computer may keep the playout rules' move though another option measured a
    little higher (lf/ai/anchor.py); the words say so instead of claiming it did best."""
    anchored = 0
    for state, faction in _positions(3, every=2):
        move = decide(state, faction, Budget(iterations=10, horizon=1, anchor=100.0), seed=len(state.actions))
        if move.reasons.anchored:
            anchored += 1
            advice = advise(move, view(state, faction))
            assert "the steady move your partners expect" in advice.gain
            if advice.odds and "after" in advice.odds.split("against")[-1]:  # the other option is not "the best"
                assert "the next best option" not in advice.odds, advice.odds
                assert "measured a little higher" in advice.odds, advice.odds
        if anchored >= 2:
            break
    assert anchored, "no position where the anchor kept the rules' move: the test has no power"
