"""Previews safe for a shared screen (lf.teaching.foresee) and the session's teaching reads (previews, history).

The property that matters: a preview is a function of what the table may know.
Reordering every hidden deck and reseeding the engine's generator must not
change a single word of it, whatever the option (a draw, an Event, ending the
turn that brings the next Fascist card).
"""

from __future__ import annotations

import random

import pytest

from lf.engine import GameState, apply, decision, legal_actions, new_game, preview, to_json
from lf.engine.npc import choose as nonplayer_choose
from lf.engine.queries import is_nonplayer
from lf.session import NotSeated, Registry
from lf.teaching.foresee import UNKNOWN, table_preview, table_previews

from session_helpers import claim_humans, play


def _positions(seed: int, limit: int = 400, human: str = "anarchists"):
    """Every position with a human decision along one seeded random game (1 human, 2 Non-players)."""
    state = new_game(seed, {f: "nonplayer" for f in ("anarchists", "communists", "moderates") if f != human})
    rng = random.Random(seed)
    for _ in range(limit):
        if state.result is not None:
            return
        f = state.pending[0]["faction"]
        if is_nonplayer(state, f):
            action, rule = nonplayer_choose(state, f)
            apply(state, f, action, f"Non-player rule {rule}")
            continue
        yield state, f
        apply(state, f, rng.choice(legal_actions(state, f)))


def _reordered(state: GameState, salt: int) -> GameState:
    """The same public position with every hidden order changed (what a preview must not depend on)."""
    twin = state.model_copy(deep=True)
    rng = random.Random(salt)
    for fa in twin.factions.values():
        rng.shuffle(fa.deck)
    rng.shuffle(twin.fascist_deck)
    twin.rng = rng.getrandbits(64)
    return twin


def _games_positions(seed: int, enough: int = 40):
    """Positions of whole seeded games, one game after another, until ``enough`` were met (a random game may
    lose the war in a few turns)."""
    met = 0
    for k in range(20):
        for position in _positions(seed + 100 * k):
            met += 1
            yield position
        if met >= enough:
            return


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_preview_never_depends_on_a_hidden_order(seed: int) -> None:
    checked = unknown = 0
    for state, f in _games_positions(seed):
        d = decision(state, f)
        if d is None or d.kind not in ("turn", "play", "morale", "pick"):
            continue
        before = to_json(state)
        mine = table_previews(state, f, [c.action for c in d.choices])
        other = table_previews(_reordered(state, seed * 1000 + checked), f, [c.action for c in d.choices])
        assert mine == other, f"a preview changed with the hidden order at action #{len(state.actions)}"
        assert to_json(state) == before  # a preview changes nothing
        checked += 1
        unknown += sum(UNKNOWN in text or "nobody has seen it" in text or "at random" in text
                       for text in mine.values())
    assert checked > 10
    assert unknown > 0, "no option drew or revealed anything along a whole game?"


def test_a_preview_without_hidden_cards_is_the_engines_own() -> None:
    """Action Points on a Front touch no hidden card: the table sees exactly the engine's preview."""
    for state, f in _positions(4):
        d = decision(state, f)
        if d is not None and d.kind == "turn" and any(c.action.kind == "ap_front" for c in d.choices):
            for c in d.choices:
                if c.action.kind == "ap_front":
                    assert table_preview(state, f, c.action) == preview(state, f, c.action).text()
            return
    raise AssertionError("no turn with Action Points on a Front")


def test_session_previews_are_for_the_token_seat_only(registry: Registry) -> None:
    game = registry.create_game({"communists": "nonplayer"}, name="Preview", mode="teaching", seed=7)
    tokens = claim_humans(game)
    for f, token in tokens.items():
        view = game.view(token)
        got = game.previews(token)
        keys = {c["key"] for d in view["decisions"] for c in d["choices"]}
        assert set(got) == keys
    with pytest.raises(NotSeated):
        game.previews("not-a-token")


def test_session_history_is_public_and_reaches_the_present(registry: Registry) -> None:
    game = registry.create_game({"communists": "nonplayer"}, name="History", mode="teaching", seed=7)
    tokens = claim_humans(game)
    play(game, tokens, seed=2, steps=12)
    frames = game.history()
    assert frames and frames[-1].view["fronts"] == game.view()["fronts"]
    assert all("hand" not in fv for fr in frames for fv in fr.view["factions"].values())


def test_each_front_of_a_pick_says_what_it_does_even_before_an_unseen_card() -> None:
    """Issue 20: "which Front takes the 1 Attack" offered four Fronts that all said "only what is said above":
    the rest of the turn brought a Non-player's top card, so nothing was certain. The preview now stops before
    that card: each option tells its own Front's change, and the card is said in words, once for all."""
    met = 0
    for seed in range(1, 60):
        for state, f in _positions(seed, human="communists"):
            d = decision(state, f)
            if d.kind != "pick" or not all(c.action.kind == "front" for c in d.choices):
                continue
            texts = table_previews(state, f, [c.action for c in d.choices])
            if not any("nobody has seen it" in t for t in texts.values()):
                continue
            met += 1
            for c in d.choices:
                label = c.label.split(":")[0].removesuffix(" Front")
                assert texts[c.action.key].startswith(f"{label} Front "), (c.label, texts[c.action.key])
                assert UNKNOWN not in texts[c.action.key]
        if met >= 1:
            return
    raise AssertionError("no such pick met along the games")
