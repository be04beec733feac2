"""The Fascists' strength: levels as content data (issue 28; CONTENT.md, "Balance, measured"; DESIGN.md, "Levels").

A level changes the Fascist cards and nothing else: per Year, Attacks on each card's first named Front and a shift of
each Test's threshold (rulebook pg. 8-9: a Fascist card's Attacks and its Test). The rules read the changed cards and
never the level's name; a game records its level beside its content version and plays, replays and renders with it.
"""

from __future__ import annotations

import pytest

from engine_helpers import play_steps

from lf.engine import new_game, replay, view
from lf.engine.content import (
    CONTENT_VERSION,
    STANDARD,
    ContentError,
    _check_fascist,
    archived_versions,
    level_ids,
    load_content,
)
from lf.engine.content_schema import NAMED_LETTERS
from lf.tools.opening import opening_falls


def _total(level: str, year: int) -> int:
    c = load_content(CONTENT_VERSION, level)
    return sum(c.fascist_cards[i].attack_total for i in c.fascist_decks[year])




def test_four_levels_gentlest_first_with_standard_the_cards_as_printed() -> None:
    assert level_ids() == ["recruit", "standard", "veteran", "last_stand"]
    printed, standard = load_content(), load_content(CONTENT_VERSION, STANDARD)
    assert standard is printed and standard.level == STANDARD
    names = [lv.name for lv in printed.levels]
    assert names == ["Recruit", "Standard", "Veteran", "Last stand"]
    assert all(len(lv.summary) > 20 for lv in printed.levels), "each level says what it changes, for its chip"


def test_each_level_is_harder_than_the_one_before_and_changes_only_the_fascist_cards() -> None:
    ids = level_ids()
    for year in (1, 2, 3):
        totals = [_total(lv, year) for lv in ids]
        assert totals == sorted(totals), f"Year {year}: Attacks by level {totals}"
    assert _total("recruit", 3) < _total(STANDARD, 3) < _total("veteran", 3)
    base = load_content()
    for lv in ids:
        c = load_content(CONTENT_VERSION, lv)
        assert (c.player_cards, c.board, c.medallions, c.decks) == (base.player_cards, base.board, base.medallions,
                                                                    base.decks)
        for i, card in c.fascist_cards.items():  # the same cards: names, effects, rewards, penalties
            printed = base.fascist_cards[i]
            assert (card.name, card.effects, card.test.reward, card.test.penalty) == \
                (printed.name, printed.effects, printed.test.reward, printed.test.penalty)


def test_a_level_adds_its_attacks_on_the_first_named_front_and_shifts_the_tests_as_its_data_says() -> None:
    base = load_content()
    for level in base.levels:
        c = load_content(CONTENT_VERSION, level.id)
        for i, card in c.fascist_cards.items():
            printed = base.fascist_cards[i]
            extra, harder = level.attacks[card.year - 1], level.tests[card.year - 1]
            assert card.test.threshold == printed.test.threshold + harder
            assert card.attack_total == printed.attack_total + extra or extra < 0, (level.id, i)
            first = next((letter for letter, _ in printed.attacks if letter in NAMED_LETTERS), printed.attacks[0][0])
            before, after = dict(printed.attacks), dict(card.attacks)
            assert {k: v for k, v in after.items() if k != first} == {k: v for k, v in before.items() if k != first}


def test_a_game_records_its_level_and_plays_replays_and_shows_it() -> None:
    """(rulebook pg. 8: the Fascist card's Attacks) Veteran's first Fascist card is Standard's with its Attacks."""
    for seed in (3, 11):
        std, vet = new_game(seed), new_game(seed, options={"level": "veteran"})
        assert std.options["level"] == STANDARD and vet.options["level"] == "veteran"
        assert view(vet, None)["level"] == "veteran" and view(std, None)["level"] == STANDARD
        assert std.fascist_card == vet.fascist_card, "the same seed deals the same cards at every level"
        play_steps(vet, 80)
        assert replay(vet.seed, None, vet.options, vet.actions) == vet


def test_games_of_two_levels_side_by_side_never_read_each_others_cards() -> None:
    """Year 2's cards differ between Recruit and Last stand: each game reads its own, whatever ran before."""
    games = [new_game(5, options={"level": lv}) for lv in ("recruit", "last_stand", STANDARD)]
    for _ in range(12):
        for g in games:
            play_steps(g, 9)
    for g in games:
        assert replay(g.seed, None, g.options, g.actions) == g


def test_an_unknown_level_is_refused_and_an_older_content_deals_standard_alone() -> None:
    with pytest.raises(ContentError, match="no level 'heroic'"):
        new_game(1, options={"level": "heroic"})
    for old in archived_versions():
        assert level_ids(old) == [STANDARD]
        assert "level" not in new_game(1, options={"content": old}).options, "an older game's bytes are unchanged"
        with pytest.raises(ContentError, match="no level 'veteran'"):
            new_game(1, options={"content": old, "level": "veteran"})


def test_no_first_fascist_card_takes_a_front_at_any_level() -> None:
    """CONTENT.md: no Front can fall before any faction has played a card (every Year 1 card and tie, every level)."""
    from lf.engine.content import using_content

    for lv in level_ids():
        with using_content(CONTENT_VERSION, lv):
            assert opening_falls() == [], lv


def test_every_card_prints_its_named_fronts_before_v_and_d() -> None:
    """(rulebook pg. 8, Fascist Attacks; docs/engine.md) V and D are judged on the board as the named letters left it:
    with the named letters first, every reading of the order gives the same board."""
    for lv in level_ids():
        for card in load_content(CONTENT_VERSION, lv).fascist_cards.values():
            letters = [letter for letter, _ in card.attacks]
            named = [k for k, letter in enumerate(letters) if letter in NAMED_LETTERS]
            judged = [k for k, letter in enumerate(letters) if letter not in NAMED_LETTERS]
            assert not named or not judged or max(named) < min(judged), (lv, card.id, letters)
    card = load_content().fascist_cards["F2-09"]
    wrong = card.model_copy(update={"attacks": [("D", 8), ("S", 3)]})
    others = [c for i, c in load_content().fascist_cards.items() if c.year == 2 and i != "F2-09"]
    with pytest.raises(ContentError, match="F2-09 prints DS"):
        _check_fascist(2, [wrong, *others], CONTENT_VERSION)


def test_every_fascist_effect_that_draws_says_who_draws() -> None:
    """CONTENT.md: every effect says who acts (F1-12's "Draw 1 card" named nobody)."""
    for card in load_content().fascist_cards.values():
        for outcome in card.test.text.split("Failure:"):
            sentences = [s.strip() for s in outcome.replace("Success:", "").split(".")]
            assert not any(s.startswith("Draw") for s in sentences), (card.id, card.test.text)


def test_the_computer_player_thinks_with_its_games_level() -> None:
    """The seat's information (what crosses to a thinking process, lf/ai/remote.py) carries the game's level, so the
    computer's sampled futures meet the Fascist cards of that level, not Standard's."""
    import json

    from lf.ai.remote import read_info, seat_request

    state = new_game(7, options={"level": "last_stand"})
    faction = state.pending[0]["faction"]
    sent = json.loads(seat_request(state, faction, "quick", seed=1))
    info = read_info(sent["info"], faction)
    assert info.base.options["level"] == "last_stand"
    assert view(info.base, faction)["level"] == "last_stand"
