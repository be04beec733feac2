"""The game table's board takes the player's choices: every option is placed on the board element it acts on, or
left in the prompt bar, and none is lost or invented (lf/components/targets.py). Also the table's words: the keep
counter, the Hero point spends' heading, the Fascist card once the game is over.
"""

from __future__ import annotations

import re
from html import escape

import pytest

from lf.components.fascist_card import fascist_card_html
from lf.components.hand_strip import group_title, strip_pieces
from lf.components.pieces import by_key
from lf.components.prompt import spend_title
from lf.components.table_board import faction_pieces, front_pieces, medallion_pieces, track_pieces
from lf.components.targets import Target, asked, bar_choices, board_targets, refs_of, strip_groups, tap_of
from lf.engine import apply, decision, new_game, view
from lf.engine.decisions import SPEND_KINDS
from lf.engine.npc import choose as nonplayer_choose
from lf.engine.queries import is_nonplayer
from lf.tools.page_policy import kind_of

SOLO = {"anarchists": "human", "communists": "nonplayer", "moderates": "nonplayer"}


def _views(seed: int, seats: dict[str, str], steps: int = 400):
    """The views a human meets in a seeded game (the human plays its first listed choice, or a varied one)."""
    state = new_game(seed, seats)
    for n in range(steps):
        if state.result is not None:
            return
        movers = [p["faction"] for p in state.pending if is_nonplayer(state, p["faction"])]
        if movers:
            action, rule = nonplayer_choose(state, movers[0])
            apply(state, movers[0], action, f"Non-player rule {rule}")
            continue
        f = state.pending[0]["faction"]
        yield view(state, f)
        choices = decision(state, f).choices
        apply(state, f, choices[(n * 7 + seed) % len(choices)].action)


def _board_keys(v: dict) -> set[str]:
    pieces = [front_pieces(v), track_pieces(v), medallion_pieces(v), faction_pieces(v, {}), strip_pieces(v)]
    return {key for box in pieces for _, choices in box.values() for key in by_key(choices)}


@pytest.mark.parametrize("seed", [1, 4, 18])
def test_every_option_is_on_the_board_or_in_the_bar_and_none_is_invented(seed):
    """Over whole seeded games: the board's pieces and the prompt bar together offer exactly the engine's legal
    choices, and a choice is on the board or in the bar, never both; a question in the middle of a turn (the
    Morale Bonus, an Event's choice) leaves its Hero point spends (pg. 7) to All options."""
    seen_kinds = set()
    for v in _views(seed, SOLO):
        for d in v["decisions"]:
            legal = {c["key"] for c in asked(d, d["choices"])}
            assert legal == {c["key"] for c in d["choices"]} or d["kind"] not in ("turn", "play")
            assert all(kind_of(k) not in SPEND_KINDS for k in legal) or d["kind"] in ("turn", "play")
            bar = {c["key"] for c in bar_choices(v, d)}
            board = _board_keys(v) & legal
            assert _board_keys(v) <= {c["key"] for dd in v["decisions"] for c in dd["choices"]}, "an invented choice"
            assert board | bar == legal and not board & bar, (d["kind"], d["prompt"], legal - board - bar, board & bar)
            seen_kinds.add(d["kind"])
    assert {"choose", "turn", "morale"} <= seen_kinds


def test_actions_are_placed_by_their_shape():
    v = next(x for x in _views(1, SOLO) if x["decisions"] and x["decisions"][0]["kind"] == "turn")
    strip = frozenset(c for _, cards in strip_groups(v) for c in cards)
    liberty = v["tracks"]["liberty"]
    hand_card = v["factions"]["anarchists"]["hand"][0]
    cases = {
        ("ap_front", "madrid", 0): ("front:madrid",),
        ("volunteers", "aragon", 0): ("front:aragon",),
        ("ap_track", "liberty", 1): (f"space:liberty:{liberty + 1}",),
        ("hp_track", "liberty", -1): (f"space:liberty:{liberty - 1}",),
        ("track", "liberty", 0): ("track:liberty",),
        ("blank", "liberty:7", 0): ("space:liberty:7",),
        ("intelligence", "government:4", 0): ("space:government:4",),
        ("ap_bonus", "both", 0): ("bonus:morale", "bonus:teamwork"),
        ("hp_bonus", "teamwork", 0): ("bonus:teamwork",),
        ("faction", "moderates", 0): ("faction:moderates",),
        ("choose", hand_card, 0): (f"card:{hand_card}",),
        ("event", hand_card, 0): (f"card:{hand_card}",),
        # nothing on the board names these: the prompt bar offers them
        ("dir", "up", 0): (),
        ("morale", "liberty+", 0): (),
        ("end_turn", "", 0): (),
        ("hp_draw", "", 0): (),
        ("card", "C01", 0): (),  # a card that is not in the seat's strip
        ("lapse", "", 0): (),  # a kind of choice the engine may add later
    }
    for (kind, arg, n), refs in cases.items():
        action = {"kind": kind, **({"arg": arg} if arg else {}), **({"n": n} if n else {})}
        assert refs_of(action, v, strip) == refs, action
    medallion = v["medallions"][0]
    assert refs_of({"kind": "medallion", "arg": medallion}, v, strip) == (f"medallion:{medallion}",)


def test_a_target_with_one_choice_takes_it_several_open_a_menu_closed_ones_say_why():
    one = {"key": "ap_front:madrid", "label": "2 AP: +2 Strength to the Madrid Front", "action": {}}
    two = {"key": "volunteers:madrid", "label": "Volunteers: +1 Strength to the Madrid Front (1 Hero point)",
           "action": {}}
    closed = {"key": "ap_front:madrid", "label": "2 AP", "reason": "the Madrid Front has achieved Victory",
              "action": {}}
    single = tap_of(Target((one,)), "front:madrid", "Madrid Front")
    assert 'data-key="ap_front:madrid"' in single.attrs and single.cls == "lf-clickable"
    # what the tap does is said inside the piece, for screen readers only; no aria-label replaces its own words
    assert single.inner == f'<span class="lf-sr">. {escape(one["label"])}</span>' and "aria-label" not in single.attrs
    menu = tap_of(Target((one, two)), "front:madrid", "Madrid Front")
    assert "data-menu" in menu.attrs and 'data-key="' not in menu.attrs
    assert re.findall(r'data-key="([^"]+)"', menu.inner) == ["ap_front:madrid", "volunteers:madrid"]
    assert '<span class="lf-sr">. Madrid Front: 2 options</span>' in menu.inner
    why = tap_of(Target((), (closed,)), "front:madrid", "Madrid Front")
    assert 'data-why="Not now: the Madrid Front has achieved Victory"' in why.attrs and why.cls == "lf-closed"
    assert "Madrid Front: not now, the Madrid Front has achieved Victory" in why.inner
    assert tap_of(None, "front:madrid", "Madrid Front").attrs == ""


def test_the_keep_strip_shows_hand_and_tableau_each_with_its_counter():
    """Rulebook pg. 10 (End of the Year): after Year 1 a player keeps up to 1 card in hand and 1 in the tableau."""
    v = next(x for seed in range(1, 40) for x in _views(seed, SOLO)  # the first seeded game that reaches it
             if x["decisions"] and x["decisions"][0]["kind"] == "keep")
    piles = dict(strip_groups(v))
    assert set(piles) >= {"hand", "tableau"}
    assert group_title(v, "hand", piles["hand"]) == "Hand: kept 0 of 1"
    assert group_title(v, "tableau", piles["tableau"]) == "Tableau: kept 0 of 1"
    keys = {k for _, c in strip_pieces(v).values() for k in by_key(c)}
    assert {f"keep:{c}" for c in piles["hand"] + piles["tableau"]} <= keys


def test_the_spends_heading_never_says_zero_options():
    assert spend_title(0) == "Hero point spends: none possible now"
    assert spend_title(1) == "Spend Hero points: 1 way possible now"
    assert spend_title(3) == "Spend Hero points: 3 ways possible now"


def test_the_fascist_card_makes_no_forecast_once_the_game_is_over():
    state = new_game(2, SOLO)
    card = state.fascist_card
    fronts = {f: fs.model_dump() for f, fs in state.fronts.items()}
    live = fascist_card_html(card, 10, 1, None, fronts)
    assert "would pass" in live or "would fail" in live
    over = fascist_card_html(card, 10, 1, None, fronts, over=True)
    assert "would" not in over and "The game ended before this Test" in over


def test_every_faction_line_and_medallion_is_a_target_only_when_a_choice_names_it():
    for v in _views(18, {"anarchists": "nonplayer", "communists": "nonplayer", "moderates": "human"}):
        placed = board_targets(v)
        for f, (html, choices) in faction_pieces(v, {}).items():
            assert bool(choices) == bool(placed.get(f"faction:{f}") and placed[f"faction:{f}"].ok), f
            assert ("lf-clickable" in html) == bool(choices), f


def test_a_move_of_several_steps_is_placed_on_the_space_where_the_marker_lands(card):
    """Rulebook pg. 6: 2 AP move a track 2 steps. The target of "Liberty up 2 steps" is the space the engine says
    the marker lands on (5 -> 7), not the next one; a Hero point's single step stays on the next space."""
    from engine_helpers import fresh, give, run_steps

    s = fresh()
    s.bonuses["morale"] = False
    s.factions["anarchists"].hero = 9
    c = card("anarchists", 2)
    give(s, "anarchists", c)
    s.factions["anarchists"].chosen = c
    run_steps(s, {"s": "player_turn", "f": "anarchists"})
    v = view(s, "anarchists")
    targets = board_targets(v)
    liberty = v["tracks"]["liberty"]
    assert [x["key"] for x in targets[f"space:liberty:{liberty + 2}"].ok] == ["ap_track:liberty:+1"]
    assert "ap_track:liberty:+1" not in {x["key"] for x in targets[f"space:liberty:{liberty + 1}"].ok}
    assert {x["key"] for x in targets[f"space:liberty:{liberty + 1}"].ok} == {"hp_track:liberty:+1"}
    assert [x["key"] for x in targets[f"space:liberty:{liberty - 2}"].ok] == ["ap_track:liberty:-1"]
