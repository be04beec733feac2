"""What each log line changed on the board, where a seat's wait begins, and its steps (lf.engine.recap).

"While you waited" (issue 20) shows what happened since a seat's last move as steps, each marking what it
changed. The engine reads the board as each line is written, so these tests hold the readings to the words of
the log itself ("now -5", "moves up to 4", "gain 2 Hero points") and to the turn sequence (rulebook pg. 5:
the player turns, then the Fascist Test, the Bag of Glory, and the next turn's Fascist Event).
"""

from __future__ import annotations

import re
from functools import lru_cache

import pytest

from engine_helpers import advance

from lf.engine import GameState, apply, legal_actions, new_game, to_json
from lf.engine.constants import FACTIONS
from lf.engine.npc import choose as nonplayer_choose
from lf.engine.npc import step_nonplayers
from lf.engine.queries import is_nonplayer
from lf.engine.recap import REASON_KINDS, Chronicle, board
from lf.engine.setup import setup
from lf.engine.table import hand_over, initial_seats
from lf.tools.page_policy import play

ONE = (("anarchists", "human"), ("communists", "nonplayer"), ("moderates", "nonplayer"))
ALL = tuple((f, "human") for f in FACTIONS)


@lru_cache(maxsize=8)
def _played(seed: int, seats: tuple[tuple[str, str], ...], policy: int = 3) -> GameState:
    state, _, _ = play(seed, dict(seats), policy)
    return state


def _chronicle(state: GameState) -> Chronicle:
    return Chronicle(state.seed, initial_seats(state), state.options, state.actions)


GAMES = [(11, ONE), (27, ALL), (5, ONE)]


@pytest.mark.parametrize(("seed", "seats"), GAMES)
def test_the_chronicle_plays_the_same_game_and_reads_every_line(seed, seats) -> None:
    state = _played(seed, seats)
    chron = _chronicle(state)
    assert to_json(chron.state) == to_json(state), "the chronicle's replay is the game itself"
    assert [line.i for line in chron.lines] == list(range(len(state.log)))
    assert len(chron.moves) == len(state.actions)
    assert to_json(setup(seed, dict(seats), state.options)) != to_json(chron.state)


@pytest.mark.parametrize(("seed", "seats"), GAMES)
def test_each_line_carries_the_change_its_words_say(seed, seats) -> None:
    state = _played(seed, seats)
    chron = _chronicle(state)
    checked = 0
    dealt = len(setup(seed, dict(seats), state.options).log)  # the setup's own lines: no board before them
    for line in chron.lines[dealt:]:
        e = state.log[line.i]
        changed = {c.ref: c for c in line.changes}
        if (m := re.search(r"now ([+-]\d+)\.$", e["text"])) and e["refs"] and e["refs"][0].startswith("front:"):
            assert changed[e["refs"][0]].after[0] == int(m.group(1)), e["text"]
            checked += 1
        if m := re.match(r"(Liberty|Collectivization|Government|Soviet Support|Foreign Aid) moves (?:up|down) to "
                         r"(\d+)\.", e["text"]):
            track = "track:" + m.group(1).lower().replace(" ", "_")
            assert changed[track].after == int(m.group(2)), e["text"]
            checked += 1
        if (m := re.match(r"(Anarchists|Communists|Moderates) gain (\d+) Hero points? \(", e["text"])) \
                and m.group(2) != "0":
            hero = changed[f"hero:{m.group(1).lower()}"]
            assert hero.after - hero.before == int(m.group(2)), e["text"]
            checked += 1
        if e["kind"] == "fascist":
            assert changed["fascist"].after == e["refs"][0].split(":")[1], e["text"]
            checked += 1
    assert checked > 100


@pytest.mark.parametrize(("seed", "seats"), GAMES)
def test_the_changes_of_every_line_rebuild_the_board(seed, seats) -> None:
    state = _played(seed, seats)
    chron = _chronicle(state)
    now = board(setup(seed, dict(seats), state.options))
    for line in chron.lines:
        for c in line.changes:
            assert now.get(c.ref) == c.before, (line.i, c)
            now[c.ref] = c.after
    assert {k: v for k, v in now.items() if v is not None} == {k: v for k, v in board(state).items() if v is not None}


def test_a_seats_wait_begins_after_its_own_lines_with_the_test_its_end_of_turn_set_going() -> None:
    """Rulebook pg. 5: when the last player ends their turn, the Fascist Test, the Bag of Glory and the next turn
    follow at once. The mover's own line ("... end their turn.") is not part of what it waited for; the Test is."""
    state = _played(27, ALL)
    chron = _chronicle(state)
    ends = [m for m in chron.moves if m.person and m.key == "end_turn" and state.log[m.after]["kind"] == "test"]
    assert len(ends) >= 8
    for m in ends:
        own = state.log[m.first:m.after]
        assert [e["text"] for e in own] == [f"{m.faction.capitalize()} end their turn."]
        assert all(line.own for line in chron.lines[m.first:m.after])
        assert not any(line.own for line in chron.lines[m.after:] if line.step == m.step)
    chosen = [m for m in chron.moves if m.person and m.key.startswith("choose")]
    assert chosen and all(state.log[m.first]["text"].endswith("have chosen their card.") for m in chosen)
    last = max(chron.moves, key=lambda m: (m.faction == "communists" and m.person, m.step))
    assert chron.since("communists") == last.after


def test_a_seat_handed_to_the_non_player_rules_waits_from_its_persons_last_move() -> None:
    state = new_game(1, dict(ALL))
    advance(state, lambda s: s.turn == 2 and any(p["kind"] == "choose" for p in s.pending))
    person_end = len(state.log)
    hand_over(state, "moderates", "nonplayer", "The host handed the Moderates to the Non-player rules")
    for _ in range(40):
        movers = [p["faction"] for p in state.pending if is_nonplayer(state, p["faction"])]
        if movers:
            action, rule = nonplayer_choose(state, movers[0])
            apply(state, movers[0], action, f"Non-player rule {rule}")
        elif state.pending:
            f = state.pending[0]["faction"]
            apply(state, f, legal_actions(state, f)[0])
    chron = _chronicle(state)
    np_moves = [m for m in chron.moves if m.faction == "moderates" and not m.person and m.key != "seat"]
    assert np_moves, "the Non-player rules moved for the Moderates"
    assert chron.since("moderates") <= person_end < np_moves[0].first


@pytest.mark.parametrize(("seed", "seats"), GAMES)
def test_steps_cover_the_lines_in_order_each_reason_with_its_move(seed, seats) -> None:
    state = _played(seed, seats)
    chron = _chronicle(state)
    beats = chron.beats(0)
    assert [i for b in beats for i in b.lines] == list(range(len(state.log))), "every line once, in time order"
    for b in beats:
        kinds = [state.log[i]["kind"] for i in b.lines]
        assert not all(k in REASON_KINDS for k in kinds), "a reason is never a step of its own"
        assert kinds[-1] not in REASON_KINDS or b is beats[-1], "a reason comes before the move it explains"


def test_a_non_players_turn_is_one_step_and_the_turn_sequence_follows_in_its_order() -> None:
    state = _played(11, ONE)
    chron = _chronicle(state)
    ends = [m for m in chron.moves if m.person and m.key == "end_turn"]
    checked = 0
    for m in ends:
        beats = chron.beats(m.after, next((x.first for x in chron.moves if x.step > m.step and x.person), None))
        heads = [state.log[b.lines[0]]["kind"] for b in beats]
        for k, b in enumerate(beats):
            texts = [state.log[i]["text"] for i in b.lines]
            if not any("(Non-player) play the top card" in t for t in texts):
                continue
            # its whole turn, unless its Event added to the Bag of Glory (a head): then the rest is the next step
            rest = texts if any(t == f"{b.faction.capitalize()} end their turn." for t in texts) else \
                [state.log[i]["text"] for i in beats[k + 1].lines]
            assert heads[k] == "play" and f"{b.faction.capitalize()} end their turn." in rest, texts
            checked += 1
        if "test" in heads and "turn" in heads:  # pg. 5: the Test, the Bag of Glory, then the next Fascist card
            bag = len(heads) - 1 - heads[::-1].index("glory")  # (a Non-player's Event may add to the Bag before)
            assert heads.index("test") < bag < heads.index("turn")
    assert checked >= 5


def test_a_chronicle_follows_a_game_that_goes_on_and_refuses_one_that_went_back() -> None:
    state = _played(11, ONE)
    half = len(state.actions) // 2
    chron = Chronicle(state.seed, initial_seats(state), state.options, state.actions[:half])
    assert chron.extend(state.actions)
    assert [line.changes for line in chron.lines] == [line.changes for line in _chronicle(state).lines]
    assert not chron.extend(state.actions[:half - 1] + state.actions[half:])


def test_reading_the_board_changes_nothing_in_play() -> None:
    """The watch is only set while a chronicle plays: a game played without it writes the same state."""
    a, b = new_game(8, dict(ONE)), new_game(8, dict(ONE))
    step_nonplayers(a)
    step_nonplayers(b)
    Chronicle(a.seed, initial_seats(a), a.options, a.actions)
    assert to_json(a) == to_json(b)


def test_every_rule_a_non_player_cites_is_in_the_rules_reference_and_becomes_a_link() -> None:
    """Appendix 3's numbers as the Non-player rules cite them in the log (rules 1-8 with their letters and roman
    numerals, and "lf reading"): each one the reference holds, so each is a link to it."""
    from lf.components.rule_links import CITATION, linked
    from lf.components.rules_appendix import RULE_IDS

    cited: set[str] = set()
    for seed in (11, 5, 21, 33):
        state = _played(seed, ONE)
        for e in state.log:
            if e["kind"] in REASON_KINDS or "rule" in e["text"]:
                for m in CITATION.finditer(e["text"]):
                    cited.add("lf reading" if m.group("reading") else m.group("bare") or m.group("id"))
                if e["kind"] in REASON_KINDS:
                    assert 'class="lf-rule"' in linked(e["text"]), e["text"]
    assert {"2", "2a", "2b", "2d", "3b", "3c", "lf reading"} <= cited, cited
    assert cited - {"lf reading"} <= RULE_IDS, cited - RULE_IDS
