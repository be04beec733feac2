"""Seeds nobody can search, and a table told when someone could know the shuffle (issue 18, section 1).

A game's seed is drawn with ``secrets`` (128 bits) and stored whole; a seed a host typed, or a game opened from a
file in mid-game, is known to someone, so every seat of a game of several people is told on the table. Older game
files (engine 2, no generator in their options) still import and replay with the generator they were dealt with.
"""

from __future__ import annotations

import json
from pathlib import Path

from session_helpers import claim_humans, play

from lf.engine.constants import FACTIONS
from lf.session import Registry
from lf.session.exports import export_document

FIXTURES = Path(__file__).parent / "fixtures"
TWO = {"anarchists": "human", "communists": "nonplayer", "moderates": "human"}
SOLO = {"anarchists": "human", "communists": "nonplayer", "moderates": "nonplayer"}


def test_a_new_games_seed_has_128_bits_and_survives_the_database(registry: Registry) -> None:
    games = [registry.create_game(TWO) for _ in range(6)]
    seeds = [g.seed for g in games]
    assert all(0 <= s < 2**128 for s in seeds) and max(s.bit_length() for s in seeds) > 100
    big = registry.create_game(TWO, seed=2**128 - 1)
    tokens = claim_humans(big)
    play(big, tokens, seed=3, steps=4)
    truth = big.state_json()
    registry.evict(big.id)
    again = registry.get(big.id)
    assert again.seed == 2**128 - 1 and again.state_json() == truth and again.verify() is None


def test_a_chosen_seed_is_told_to_every_seat_of_a_game_of_several_people(registry: Registry) -> None:
    chosen = registry.create_game(TWO, seed=42)
    tokens = claim_humans(chosen)
    for faction, token in tokens.items():
        assert chosen.view(token)["shuffle_known_by"] == "host", faction
    assert chosen.view()["shuffle_known_by"] == "host"  # spectators too
    assert registry.create_game(TWO).view()["shuffle_known_by"] is None           # a secret seed
    assert registry.create_game(SOLO, seed=42).view()["shuffle_known_by"] is None  # one person alone
    assert registry.create_game(TWO, seed=42, mode="teaching").view()["shuffle_known_by"] is None  # one screen


def test_a_running_game_of_the_old_generator_tells_every_seat_its_shuffle_could_be_computed(
        registry: Registry) -> None:
    """Issue 27: a game dealt before engine 3 (generator 1, SplitMix64, whose every output gives its state away)
    runs on after the upgrade, and nobody at its table was told that its shuffle could be computed. Told like a
    chosen seed: to every seat and spectator of a game of several people, while it runs."""
    old = registry.create_game(TWO, options={"generator": 1})
    tokens = claim_humans(old)
    for faction, token in tokens.items():
        assert old.view(token)["shuffle_known_by"] == "old_generator", faction
    assert old.view()["shuffle_known_by"] == "old_generator"  # spectators too
    assert registry.create_game(TWO).view()["shuffle_known_by"] is None  # today's generator
    assert registry.create_game(TWO, seed=42, options={"generator": 1}).view()["shuffle_known_by"] == "host"
    assert registry.create_game(SOLO, options={"generator": 1}).view()["shuffle_known_by"] is None  # one person
    teaching = registry.create_game(TWO, mode="teaching", options={"generator": 1})
    assert teaching.view()["shuffle_known_by"] is None  # one screen
    play(old, tokens, seed=5)
    assert old.status == "finished" and old.view()["shuffle_known_by"] is None  # nothing is hidden any more


def test_a_game_opened_from_a_file_in_mid_game_says_the_file_knows_the_shuffle(registry: Registry) -> None:
    game = registry.create_game({f: "human" for f in FACTIONS})
    tokens = claim_humans(game)
    play(game, tokens, seed=5, steps=6)
    opened = registry.import_game(export_document(game))  # (the web serves a file once the game is over)
    assert opened.status == "active" and opened.view()["shuffle_known_by"] == "file"
    assert game.view()["shuffle_known_by"] is None


def test_a_game_file_of_engine_2_imports_and_replays_with_its_old_generator(registry: Registry) -> None:
    doc = json.loads((FIXTURES / "engine2_game.json").read_text())
    assert doc["versions"]["engine"] == "2" and "generator" not in doc["game"]["options"]
    opened = registry.import_game(doc)
    assert opened.status == "finished" and opened.result == doc["game"]["result"]
    state = json.loads(opened.state_json())
    assert state["options"] == {"generator": 1, "content": "lf-original-2"} and state["seed"] == doc["game"]["seed"]
    assert state["content_version"] == "lf-original-2"  # its own cards: lf/engine/content keeps earlier versions
    assert opened.view()["shuffle_known_by"] is None  # a finished game hides nothing any more


def test_the_rematch_of_an_old_game_is_dealt_with_the_new_generator(registry: Registry) -> None:
    """A rematch is a new shuffle: never with the old game's SplitMix64, whose outputs give it away."""
    from lf.session.rematch import rematch

    old = registry.import_game(json.loads((FIXTURES / "engine2_game.json").read_text()))
    token = old.claim("anarchists", "Ana")  # (only a player of the game or its host may start a rematch)
    again = rematch(registry, old.id, held=[token])
    assert json.loads(again.state_json())["options"]["generator"] == 2 and again.seed.bit_length() > 64
