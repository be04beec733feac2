"""Rulebook pg. 3, Setup (with pg. 2 Components, pg. 4 Initiative) and Appendix 3's removals for Non-players."""

from __future__ import annotations

from collections import Counter

import pytest

from lf.engine import new_game
from lf.engine.machine import content
from lf.engine.setup import setup

FACTIONS = ("anarchists", "communists", "moderates")


def test_two_fascist_attacks_on_each_front():
    """Rulebook pg. 3 step 1: place 2 Fascist Attack tokens on each of the 4 Fronts (value -2)."""
    s = setup(1)
    assert {f: fs.value for f, fs in s.fronts.items()} == {"madrid": -2, "northern": -2, "aragon": -2, "southern": -2}
    assert all(fs.status == "open" and fs.tokens == [] for fs in s.fronts.values())


def test_track_standees_start_positions():
    """Rulebook pg. 3 step 2: 5 on Liberty and Collectivization, 6 on Government, 3 on Soviet Support and Foreign
    Aid; no Blank markers yet."""
    s = setup(1)
    assert s.tracks == {"liberty": 5, "collectivization": 5, "government": 6, "soviet_support": 3, "foreign_aid": 3}
    assert all(b == [] for b in s.blanks.values())


def test_both_bonuses_on():
    """Rulebook pg. 3 step 3: both the Morale and Teamwork Bonuses on their "on" side."""
    assert setup(1).bonuses == {"morale": True, "teamwork": True}


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_five_of_the_nine_medallions_drawn_at_random(seed):
    """Rulebook pg. 3 step 4: draw 5 of the Medallions at random; the others go back to the box."""
    s = setup(seed)
    assert len(s.medallions) == 5 and len(set(s.medallions)) == 5
    assert set(s.medallions) <= {m.effect for m in content().medallions}
    assert all(fa.medallions == [] for fa in s.factions.values())


def test_medallion_draw_varies_with_the_seed():
    """Rulebook pg. 3 step 4: the draw is random (different games, different medallions)."""
    assert len({tuple(setup(seed).medallions) for seed in range(12)}) > 1


def test_each_player_has_a_shuffled_deck_and_a_starting_hand_of_5():
    """Rulebook pg. 3 step 5: shuffle each deck; each player draws a starting hand of 5 cards."""
    s = setup(1)
    for f in FACTIONS:
        fa = s.factions[f]
        assert len(fa.hand) == 5 and len(fa.deck) == 13
        assert sorted(fa.hand + fa.deck) == sorted(content().decks[f])
        assert fa.tableau == fa.discard == fa.trash == []
    assert len({tuple(setup(seed).factions["anarchists"].hand) for seed in range(6)}) > 1


def test_each_player_puts_one_token_in_the_bag_of_glory():
    """Rulebook pg. 3 step 6: each player places one of their tokens in the Bag of Glory."""
    s = setup(1)
    assert sorted(s.bag) == list(FACTIONS) and s.glory == []
    assert {f: s.factions[f].tokens for f in FACTIONS} == {f: 19 for f in FACTIONS}


def test_moderates_begin_with_initiative_the_others_with_2_hero_points():
    """Rulebook pg. 3 step 7 and pg. 4: the Moderates begin with the Initiative; the other players begin with 2
    Hero points (taken from the common supply)."""
    s = setup(1)
    assert s.initiative == "moderates"
    assert {f: s.factions[f].hero for f in FACTIONS} == {"anarchists": 2, "communists": 2, "moderates": 0}
    assert s.hero_supply == 30 - 4


def test_year_1_fascist_deck_shuffled_on_the_board():
    """Rulebook pg. 3 step 8: shuffle the Fascist decks and place the Year 1 deck on the board."""
    s = setup(1)
    assert sorted(s.fascist_deck) == sorted(content().fascist_decks[1]) and len(s.fascist_deck) == 18
    assert s.year == 1 and s.turn == 0 and s.direction == 1 and s.fascist_card is None
    assert len({tuple(setup(seed).fascist_deck) for seed in range(4)}) > 1


def test_new_game_starts_with_the_first_fascist_event_revealed():
    """Rulebook pg. 5: the first turn begins with the Fascist Event."""
    s = new_game(1)
    assert s.year == 1 and s.turn == 1
    assert s.fascist_card in content().fascist_decks[1] and len(s.fascist_deck) == 17
    assert any(e["kind"] == "fascist" for e in s.log)
    assert s.pending


def test_decks_have_18_cards_12_5_1_with_the_leaders():
    """Rulebook pg. 2 and pg. 6: each deck has 18 cards: twelve of strength 1, five of strength 2 and the Leader
    of strength 3."""
    leaders = {"anarchists": "Buenaventura Durruti", "communists": "Dolores Ibárruri", "moderates": "Indalecio Prieto"}
    for f in FACTIONS:
        deck = [content().player_cards[i] for i in content().decks[f]]
        assert len(deck) == 18
        assert Counter(c.strength for c in deck) == Counter({1: 12, 2: 5, 3: 1})
        assert next(c.name for c in deck if c.strength == 3) == leaders[f]
    for year in (1, 2, 3):
        assert len(content().fascist_decks[year]) == 18


def _named(faction, name):
    return next(i for i in content().decks[faction] if content().player_cards[i].name == name)


def test_anarchist_nonplayer_removes_guerrillas_and_iron_column():
    """Appendix 3: for an Anarchist Non-player, remove Guerrillas and Iron Column from the deck."""
    s = setup(1, {"anarchists": "nonplayer"})
    gone = {_named("anarchists", "Guerrillas"), _named("anarchists", "Iron Column")}
    fa = s.factions["anarchists"]
    assert set(fa.removed) == gone
    assert not gone & set(fa.deck + fa.hand) and len(fa.deck) == 16


def test_moderate_nonplayer_removes_publicize_fascist_war_crimes():
    """Appendix 3: for a Moderate Non-player, remove Publicize Fascist War Crimes from the deck."""
    s = setup(1, {"moderates": "nonplayer"})
    fa = s.factions["moderates"]
    assert fa.removed == [_named("moderates", "Publicize Fascist War Crimes")]
    assert len(fa.deck) == 17


def test_human_seats_and_the_communist_nonplayer_remove_nothing():
    """Appendix 3: only the named cards of Anarchist and Moderate Non-players are removed."""
    s = setup(1, {"communists": "nonplayer"})
    assert all(s.factions[f].removed == [] for f in FACTIONS)
    assert len(s.factions["communists"].deck) == 18


def test_nonplayer_gains_hero_points_instead_of_a_starting_hand():
    """Appendix 3 rule 1: Non-players have no hand; instead of drawing cards they always gain an equal number
    of Hero points (lf reading: the starting hand too)."""
    s = setup(1, {"anarchists": "nonplayer", "communists": "human"})
    fa = s.factions["anarchists"]
    assert fa.hand == [] and fa.hero == 2 + 5
    assert s.hero_supply == 30 - 2 - 7


def test_seats_are_validated():
    """Setup needs each faction seated as a human or a Non-player."""
    with pytest.raises(ValueError):
        setup(1, {"fascists": "human"})
    with pytest.raises(ValueError):
        setup(1, {"anarchists": "robot"})
    with pytest.raises(ValueError):
        setup(-1)
