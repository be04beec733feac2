"""A game is played to its end with the content it was dealt with (issue 18: saved games and files still load).

The content of lf changes (lf-original-3 re-tuned the Fascist Years); a game begun under lf-original-2 keeps its
cards: its options name its content, the engine's entry points read that version (lf/engine/content, archive/), and
what a card says is cached per version, so games of both versions can be played side by side in one process.
"""

from __future__ import annotations

from engine_helpers import play_steps

from lf.engine import apply, decision, new_game, replay, view
from lf.engine.content import CONTENT_VERSION, archived_versions, load_content
from lf.engine.turn import fascist_lines

OLD = "lf-original-2"




def test_the_earlier_content_is_kept_and_differs_where_it_was_re_tuned() -> None:
    assert OLD in archived_versions() and CONTENT_VERSION != OLD
    old, new = load_content(OLD), load_content()
    assert old.version == OLD and set(old.fascist_cards) == set(new.fascist_cards)
    assert old.fascist_cards["F1-17"].attacks != new.fascist_cards["F1-17"].attacks  # The Paseos, re-tuned


def test_a_game_names_its_content_and_is_dealt_and_played_with_it() -> None:
    state = new_game(8, options={"content": OLD})
    assert state.options["content"] == state.content_version == OLD
    assert new_game(8).options["content"] == CONTENT_VERSION
    card = state.fascist_card
    first = view(state, None)
    assert first["content_version"] == OLD
    play_steps(state, 60)
    assert replay(state.seed, None, state.options, state.actions) == state
    assert card in load_content(OLD).fascist_cards


def test_games_of_two_contents_side_by_side_never_read_each_others_cards() -> None:
    """The Paseos (F1-17) says other things in each version: each game reads its own, whatever ran before."""
    new_lines = fascist_lines("F1-17", "effects")
    old_game, new_game_ = new_game(8, options={"content": OLD}), new_game(8)
    for _ in range(3):
        play_steps(old_game, 7)
        play_steps(new_game_, 7)
    assert fascist_lines("F1-17", "effects") == new_lines  # the current content outside any game
    for state in (old_game, new_game_):
        assert replay(state.seed, None, state.options, state.actions) == state
        if state.result is None:
            f = state.pending[0]["faction"]
            assert decision(state, f) is not None


def _settled(state):
    """Answer the first Fascist Attacks' tie picks with their first option (pg. 8: the Initiative player's)."""
    while state.result is None and state.pending and state.pending[0]["kind"] == "pick":
        f = state.pending[0]["faction"]
        apply(state, f, decision(state, f).choices[0].action)
    return state


def test_the_first_fascist_card_attacks_as_its_own_content_says() -> None:
    """The Paseos revealed first: under lf-original-2, 8 Attacks on the Front closest to Defeat take a Front before
    anyone plays (what issue 20 re-tuned away); under lf-original-3 no first card can (lf check). Each game counts
    its own card's Attacks, in either order of play."""
    seed = next(s for s in range(1, 500) if new_game(s, options={"content": OLD}).fascist_card == "F1-17")
    for _ in range(2):  # the second round reads the per-version caches filled by the first
        old, new = _settled(new_game(seed, options={"content": OLD})), _settled(new_game(seed))
        assert old.fascist_card == new.fascist_card == "F1-17"
        assert any(fs.status == "defeat" for fs in old.fronts.values())
        assert not any(fs.status == "defeat" for fs in new.fronts.values())


def test_an_older_games_fascist_card_reads_as_its_own_content_prints_it() -> None:
    """The board shows the card the game is played with: a game dealt under lf-original-2 whose Fascist card was
    re-tuned since (F1-02: 2 Attacks each on the Fronts closest to Defeat, Madrid and North; now 4 on Madrid) shows
    its own Attacks and its own Test on the Front, not today's (rulebook p.9, Fascist card: Attacks and Test)."""
    from lf.components import board

    seed = next(s for s in range(1, 2000) if new_game(s, options={"content": OLD}).fascist_card == "F1-02")
    v_old = view(new_game(seed, options={"content": OLD}), None)
    assert v_old["content_version"] == OLD
    old_html = board.fascist_html(v_old)
    assert "Front closest to Defeat" in old_html, "lf-original-2's F1-02 attacks the Front closest to Defeat"
    assert "Front closest to Defeat" not in board.fascist_html({**v_old, "content_version": CONTENT_VERSION})
