"""A seat's recap from the session ("while you waited", lf.session.recap): its own words only, from its last move.

Hidden information is a secret (the brief): a step's words come from the seat's own view of the log, so a line
another faction alone may read (the cards it drew) never reaches this seat; the changes a step marks are the
public board's. An undo takes the recap back with the game.
"""

from __future__ import annotations

import json

from session_helpers import claim_humans, play

from lf.engine.constants import FACTIONS
from lf.session.recap import SPECTATOR_STEPS, recap

ALL = {f: "human" for f in FACTIONS}
#: The board elements a step may mark: all of them public (lf.engine.recap.board).
PUBLIC = ("front:", "track:", "bonus:", "blank:", "medallion:", "hero:", "bag:", "initiative", "government", "glory",
          "fascist", "test", "bid_winner")


def test_a_seats_steps_are_in_its_own_words_and_mark_only_the_public_board(registry) -> None:
    game = registry.create_game(ALL, name="Secrets", seed=9)
    tokens = claim_humans(game)
    play(game, tokens, seed=4, steps=40)
    state = json.loads(game.state_json())
    for seat in FACTIONS:
        view = game.view(tokens[seat])
        r = recap(game, view)
        words = json.dumps(r)
        others = [e["private"] for e in state["log"] if "private" in e and e["faction"] != seat]
        assert others and not any(json.dumps(p)[1:-1] in words for p in others), f"{seat} reads another's secret"
        for step in r["steps"]:
            assert all(c[0].startswith(PUBLIC) for c in step["changes"])
            for line in step["lines"]:
                assert line["text"] == view["log"][line["i"]]["text"]
        assert r["since"] >= max((i for i, e in enumerate(state["log"]) if e["faction"] == seat and e["kind"] == "event"
                                  and e["text"].endswith("end their turn.")), default=0)


def test_a_spectator_reads_the_latest_steps_and_a_seat_what_followed_its_move(registry) -> None:
    game = registry.create_game({"anarchists": "human", "communists": "nonplayer", "moderates": "nonplayer"},
                                name="Watch", seed=12)
    tokens = claim_humans(game)
    play(game, tokens, seed=2, steps=12)
    watcher = recap(game, game.view(None))
    assert watcher["latest"] and 0 < len(watcher["steps"]) <= SPECTATOR_STEPS
    assert watcher["steps"][-1]["lines"][-1]["i"] == len(game.view(None)["log"]) - 1
    seat = recap(game, game.view(tokens["anarchists"]))
    assert not seat["latest"] and all(s["id"] >= seat["since"] for s in seat["steps"])
    assert recap(game, game.view(tokens["anarchists"])) is seat, "one recap per seat and version"


def test_an_undo_takes_the_recap_back_with_the_game(registry) -> None:
    game = registry.create_game({"anarchists": "human", "communists": "nonplayer", "moderates": "nonplayer"},
                                name="Undo", seed=12)
    tokens = claim_humans(game)
    token = tokens["anarchists"]
    for _ in range(30):  # to a move the seat may take back (Action Points on a Front, say)
        view = game.view(token)
        keys = [c["key"] for c in view["decisions"][0]["choices"]]
        key = next((k for k in keys if k.startswith("ap_front:")), None)
        if key:
            break
        play(game, tokens, seed=3, steps=1)
    assert key
    before = recap(game, game.view(token))
    assert game.act(token, view["version"], key).ok
    after = recap(game, game.view(token))
    assert after["since"] > before["since"], "the seat moved: its wait begins after that move"
    assert game.undo(token, game.view(token)["version"]).ok
    again = recap(game, game.view(token))
    assert again["since"] == before["since"] and again["steps"] == before["steps"]
