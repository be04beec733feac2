"""The engine contract of docs/engine.md: illegal and malformed actions are refused with a clear message and
change nothing; simultaneous choices stay secret; undo only of one's own last step and never across hidden
information; determinism from the seed and the action log alone; JSON round trips, even mid-Event."""

from __future__ import annotations

import random

import pytest
from engine_helpers import card_of, do, give, run_steps

from lf.engine import (
    Action,
    IllegalAction,
    apply,
    can_undo,
    decision,
    decisions,
    from_json,
    legal_actions,
    new_game,
    replay,
    to_json,
    undo,
    view,
)
from lf.engine.npc import step_nonplayers

FACTIONS = ("anarchists", "communists", "moderates")


def settle(s, limit=40):
    """Answer pending picks (first option) until none is left."""
    for _ in range(limit):
        if not s.pending or s.result is not None or s.pending[0]["kind"] != "pick":
            return s
        f = s.pending[0]["faction"]
        do(s, f, legal_actions(s, f)[0])
    raise AssertionError("picks never ended")


def at_choose(seed=5, seats=None):
    s = new_game(seed, seats)
    settle(s)
    assert all(p["kind"] == "choose" for p in s.pending)
    return s


def play(state, steps, disturb=None):
    """A varied but deterministic line of play: the i-th step takes legal action (7i + 3) mod n."""
    for i in range(steps):
        step_nonplayers(state)
        if state.result is not None or not state.pending:
            return state
        f = state.pending[0]["faction"]
        acts = legal_actions(state, f)
        apply(state, f, acts[(7 * i + 3) % len(acts)])
        if disturb:
            disturb(i)
    return state


# -- refused actions -----------------------------------------------------------------------------

@pytest.mark.parametrize("action,words", [
    ("ap_front:madrid", "not legal"),
    ("choose:Z99", "not legal"),
    ("end_turn", "not legal"),
    (Action("hp_draw"), "not legal"),
])
def test_illegal_action_is_refused_with_a_message_and_changes_nothing(action, words):
    """docs/engine.md: IllegalAction leaves the state unchanged; the message names the legal actions in the words
    players read (their labels), never as action keys."""
    s = at_choose()
    before = to_json(s)
    labels = [c["label"] for c in view(s, "anarchists")["decisions"][0]["choices"]]
    with pytest.raises(IllegalAction, match=words) as err:
        apply(s, "anarchists", action)
    assert all(label in str(err.value) for label in labels), str(err.value)
    assert "choose:" not in str(err.value) and "ap_front" not in str(err.value) and "hp_draw" not in str(err.value)
    assert to_json(s) == before


def test_unavailable_action_message_gives_the_reason():
    """docs/engine.md: an option that exists but is not legal now says why."""
    s = at_choose()
    for f in FACTIONS:
        do(s, f, f"choose:{s.factions[f].hand[0]}")
    settle(s)
    f = s.pending[0]["faction"]
    s.factions[f].hero = 0
    before = to_json(s)
    with pytest.raises(IllegalAction, match="costs 1"):
        do(s, f, "hp_draw")
    assert to_json(s) == before


@pytest.mark.parametrize("bad", [
    {"kind": 3}, {"kind": "choose", "arg": 5}, {"kind": "choose", "n": "1"}, {"kind": "choose", "n": True},
    {"kind": "choose", "extra": 1}, {}, "a:b:c:d", "hp_track:liberty:+x", 42, None, ["choose"],
])
def test_malformed_actions_are_refused_and_change_nothing(bad):
    """docs/engine.md: actions are Action objects, JSON dicts or text keys; anything else is refused."""
    s = at_choose()
    before = to_json(s)
    with pytest.raises(IllegalAction):
        apply(s, "anarchists", bad)
    assert to_json(s) == before


def test_wrong_faction_is_refused_and_changes_nothing():
    """docs/engine.md: only a faction with a pending decision may act; an unknown faction is refused."""
    s = at_choose()
    c = s.factions["anarchists"].hand[0]
    do(s, "anarchists", f"choose:{c}")
    before = to_json(s)
    with pytest.raises(IllegalAction, match="not the Anarchists' decision"):
        do(s, "anarchists", f"choose:{s.factions['anarchists'].hand[1]}")
    with pytest.raises(IllegalAction, match="unknown faction"):
        apply(s, "fascists", "choose")
    with pytest.raises(IllegalAction):
        do(s, "communists", f"choose:{c}")
    assert to_json(s) == before


def test_every_listed_key_parses_back_to_its_action():
    """docs/engine.md: "kind:arg:n" text keys work like the actions (a Blank marker "liberty:7" included)."""
    from lf.engine.tracks import fx

    s = at_choose()
    s.pending.clear()
    s.blanks["liberty"] = [7]
    s.blanks["government"] = [4]
    s.factions["moderates"].medallions = ["intelligence", "volunteers"]
    s.factions["moderates"].hero = 9
    s.factions["moderates"].chosen = s.factions["moderates"].hand[0]
    run_steps(s, {"s": "player_turn", "f": "moderates"})
    found = legal_actions(s, "moderates")
    run_steps(s, fx({"op": "remove_blank"}, "moderates", "test"))
    found += legal_actions(s, "moderates")
    assert Action("intelligence", "liberty:7") in found and Action("blank", "government:4") in found
    for a in found:
        assert Action.parse(a.key) == a
        assert Action.parse(a.to_json()) == a
    do(s, "moderates", "blank:liberty:7")
    assert s.blanks["liberty"] == []


# -- secrecy -------------------------------------------------------------------------------------

def test_simultaneous_choices_stay_hidden_until_revealed():
    """Rulebook pg. 5 part 2 with docs/engine.md: everyone chooses at once; nobody sees another's choice or hand
    until it is revealed on its owner's turn."""
    s = at_choose()
    assert sorted(d.faction for d in decisions(s)) == list(FACTIONS)
    chosen = {}
    for f in ("communists", "anarchists"):
        chosen[f] = s.factions[f].hand[0]
        do(s, f, f"choose:{chosen[f]}")
        for viewer in FACTIONS:
            v = view(s, viewer)
            for other in FACTIONS:
                if other != viewer:
                    assert "chosen" not in v["factions"][other] and "hand" not in v["factions"][other]
        assert chosen[f] not in str(view(s, None)) and chosen[f] not in str(view(s, "moderates"))
    assert view(s, "communists")["factions"]["communists"]["chosen"] == chosen["communists"]
    do(s, "moderates", f"choose:{s.factions['moderates'].hand[0]}")
    settle(s)
    first = s.pending[0]["faction"]
    later = [f for f in s.order if f != first]
    for f in later:
        if f in chosen:
            assert chosen[f] not in str(view(s, None)["log"])


def test_views_never_contain_deck_order_or_the_rng():
    """docs/engine.md: a view never contains another faction's hand, the order of any deck, or the RNG."""
    s = at_choose()
    v = view(s, "anarchists")
    text = str(v)
    assert "rng" not in v and str(s.rng) not in text
    assert all("deck" not in fv for fv in v["factions"].values())
    assert "hand" in v["factions"]["anarchists"] and "hand" not in v["factions"]["moderates"]
    assert s.fascist_deck[-1] not in text


# -- undo ---------------------------------------------------------------------------------------------

def test_undo_of_ones_own_last_step_equals_the_state_before_and_a_replay():
    """docs/engine.md: undo takes back the faction's own last action; the result equals a replay of the log
    without it (and the state before the action)."""
    s = at_choose()
    before = to_json(s)
    do(s, "anarchists", f"choose:{s.factions['anarchists'].hand[2]}")
    assert can_undo(s, "anarchists") and not can_undo(s, "communists")
    with pytest.raises(IllegalAction):
        undo(s, "communists")
    back = undo(s, "anarchists")
    assert to_json(back) == before
    assert to_json(back) == to_json(replay(s.seed, {f: "human" for f in FACTIONS}, s.options, s.actions[:-1]))


def test_undo_of_a_hero_point_purchase_in_ones_turn():
    """docs/engine.md: a spend that reveals nothing can be taken back, and the undone game equals its replay."""
    s = at_choose()
    for f in FACTIONS:
        do(s, f, f"choose:{s.factions[f].hand[0]}")
    settle(s)
    first = s.pending[0]["faction"]
    do(s, first, "ap_front:madrid")
    if decision(s, first).kind == "morale":
        do(s, first, "morale_skip")
    settle(s)
    do(s, first, "end_turn")
    settle(s)
    g = s.pending[0]["faction"]
    assert g != first and s.factions[g].hero >= 2
    before = to_json(s)
    do(s, g, "hp_track:soviet_support:+1")
    assert can_undo(s, g) and not can_undo(s, first)
    back = undo(s, g)
    assert to_json(back) == before
    assert back.tracks["soviet_support"] == s.tracks["soviet_support"] - 1


def test_undo_refused_across_a_draw():
    """docs/engine.md: never across a draw (hidden cards were seen)."""
    s = at_choose()
    for f in FACTIONS:
        do(s, f, f"choose:{s.factions[f].hand[0]}")
    settle(s)
    f = s.pending[0]["faction"]
    s.factions[f].hero = 3
    do(s, f, "hp_draw")
    assert not can_undo(s, f)
    with pytest.raises(IllegalAction, match="nothing they can undo"):
        undo(s, f)


def test_undo_refused_across_a_reveal():
    """docs/engine.md: the last secret choice reveals the Initiative player's card: it can no longer be undone."""
    s = at_choose()
    do(s, "anarchists", f"choose:{s.factions['anarchists'].hand[0]}")
    do(s, "communists", f"choose:{s.factions['communists'].hand[0]}")
    do(s, "moderates", f"choose:{s.factions['moderates'].hand[0]}")
    assert any(e["kind"] == "reveal" for e in s.log)
    assert not can_undo(s, "moderates")


def _passed_turn(seed: int):
    """Every faction passes turn 1 with an empty hand: the next turn begins (or the war is lost first)."""
    s = at_choose(seed)
    for f in FACTIONS:
        s.factions[f].hand = []
        do(s, f, "choose")
    settle(s)
    for _ in FACTIONS:
        do(s, s.pending[0]["faction"], "end_turn")
    return s


def test_undo_refused_across_a_fascist_card():
    """docs/engine.md: the step that ends a turn reveals the next Fascist card: it cannot be undone."""
    s = next(g for g in map(_passed_turn, range(5, 60)) if g.result is None)  # a turn the war survives untended
    assert s.turn == 2
    last = s.actions[-1]["faction"]
    assert not can_undo(s, last)


def test_undo_refused_when_nothing_was_done():
    """docs/engine.md: with no action of one's own to take back, undo is refused with a message."""
    s = next(g for g in (new_game(seed) for seed in range(1, 40)) if not g.actions and g.pending)
    assert not any(can_undo(s, f) for f in FACTIONS)
    with pytest.raises(IllegalAction, match="nothing they can undo"):
        undo(s, "moderates")


# -- determinism ------------------------------------------------------------------------------------

@pytest.mark.parametrize("seats", [None, {"communists": "nonplayer"}, {"anarchists": "nonplayer", "moderates": "nonplayer"}])
def test_same_seed_and_actions_give_the_same_game_whatever_global_random_does(seats):
    """docs/engine.md: the engine never uses Python's global random; the same seed and actions replay exactly."""
    random.seed(1)
    a = play(new_game(11, seats), 400)

    def disturb(i):
        random.seed(1000 + i)
        random.random()
        random.shuffle(list(range(20)))

    random.seed(99)
    b = play(new_game(11, seats), 400, disturb)
    assert to_json(a) == to_json(b)
    full = {f: "human" for f in FACTIONS} | (seats or {})
    assert to_json(replay(11, full, {}, a.actions)) == to_json(a)


def test_different_seeds_differ():
    """Rulebook pg. 3: the shuffles depend on the seed."""
    assert to_json(new_game(1)) != to_json(new_game(2))


# -- JSON round trips -------------------------------------------------------------------------------

def test_json_round_trip_at_many_points():
    """docs/engine.md: from_json(to_json(state)) == state."""
    s = new_game(21)
    for i in range(60):
        assert from_json(to_json(s)) == s
        play(s, 5)
        if s.result is not None:
            break


def test_json_round_trip_mid_event_resumes_identically():
    """docs/engine.md: a game paused in the middle of an Event is plain data: it saves, loads and resumes exactly."""
    s = at_choose(7)
    f = s.initiative
    card = card_of(s, f, lambda c: any(e.op == "strength" and e.front == "choice" for e in c.event))
    give(s, f, card)
    for g in FACTIONS:
        do(s, g, f"choose:{card if g == f else s.factions[g].hand[0]}")
    settle(s)
    assert decision(s, f).kind == "turn"
    do(s, f, f"event:{card}")
    assert s.pending[0]["kind"] == "pick" and s.factions[f].playing == [card] and s.stack
    twin = from_json(to_json(s))
    assert twin == s
    for state in (s, twin):
        do(state, f, legal_actions(state, f)[1])
        play(state, 120)
    assert to_json(twin) == to_json(s)
    assert card in s.factions[f].trash


def test_state_json_is_plain_data():
    """docs/engine.md: the state is one JSON document (steps and pending decisions included)."""
    import json

    s = at_choose()
    data = json.loads(to_json(s))
    assert {"stack", "pending", "actions", "rng", "log"} <= set(data)
