"""The replay's step titles ("What happened", teaching mode): words for every move, and no secret card.

The replay is shown on the table's shared screen, so a title may name only what every player saw: the card
chosen for the turn (rulebook pg. 5), a card bid for Glory (pg. 10) and the cards kept at the End of the
Year stay hidden; a card played for its Event, a Front or a track is named.
"""

from __future__ import annotations

from lf.engine.step_words import action_words
from lf.engine.actions import Action
from lf.engine.content import level_ids, load_content
from lf.tools.players import SEATINGS, play_game

HIDDEN_CARD_KINDS = ("choose", "bid", "unbid", "keep", "unkeep", "card")


def _played_actions() -> list[Action]:
    """Random games at a teaching table's level, the gentlest (so they last to the Final Bid)."""
    gentlest = {"level": level_ids()[0]}
    return [Action.parse(e["action"]) for seed in range(30) for seats in ("humans", "one_np", "two_np")
            for e in play_game(seed, SEATINGS[seats], options=gentlest).actions]


def test_every_move_of_real_games_has_words_and_hidden_cards_are_never_named() -> None:
    cards = load_content().player_cards
    actions = _played_actions()
    kinds = {a.kind for a in actions}
    assert {"choose", "bid", "keep", "event", "ap_track", "hp_track", "blank", "morale"} <= kinds
    for a in actions:
        words = action_words(a.key)
        assert words != "made a move", f"no words for {a.key}"
        if a.kind in HIDDEN_CARD_KINDS and a.arg:
            assert a.arg not in words and cards[a.arg].name not in words, f"{a.key} is told: {words}"


def test_public_moves_say_where_they_went() -> None:
    assert action_words("ap_front:madrid") == "Action Points on the Madrid Front"
    assert action_words("hp_track:government:-1") == "Hero points: Government -1"
    assert action_words("intelligence:liberty:5") == "Intelligence: removed the Blank marker on Liberty 5"
    assert action_words("morale:liberty+:+1") == "Morale Bonus on Liberty +1 with Organization"
    assert action_words("choose") == "passed"


#: One key of every action kind the engine lists (docs/engine.md, "Decision kinds and their actions").
EVERY_KIND = ("choose:A01", "choose", "bid:A01", "unbid:A01", "bid_done", "keep:A01", "unkeep:A01", "keep_done",
              "event:A01", "ap_front:madrid", "ap_track:liberty:+1", "ap_bonus:both", "hp_draw", "hp_bonus:morale",
              "hp_track:foreign_aid:-1", "volunteers:aragon", "intelligence:liberty:7", "end_turn", "morale:front",
              "morale_skip", "front:northern", "track:government", "dir:up", "bonus:teamwork", "faction:communists",
              "card:A01", "blank:liberty:7", "medallion:strategy", "lapse", "np_organization:liberty:+1",
              "np_strategy:southern")


def test_every_action_kind_has_words() -> None:
    for key in EVERY_KIND:
        assert action_words(key) != "made a move", f"no words for {key}"
    assert action_words("lapse") == "let a card's line on a victorious Front lapse"
