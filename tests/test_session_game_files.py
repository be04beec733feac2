"""Game files that must not be opened (issue 18), through the session layer, on SQLite and PostgreSQL: each is
refused at once with one plain sentence and nothing is stored; an opened file keeps only the options its game
mode allows."""

from __future__ import annotations

import json
from copy import deepcopy

import pytest
from history_helpers import LOST, NAMES, game_file

from lf.engine import apply, decision, new_game
from lf.engine.constants import FACTIONS
from lf.engine.content import CONTENT_VERSION
from lf.session import BadRequest, Registry
from lf.session.exports import state_document
from lf.session.game_file import MAX_FILE_BYTES, MAX_ROWS

HUMANS = {f: "human" for f in FACTIONS}


def _changed(path: tuple, value) -> dict:
    doc = deepcopy(game_file(LOST))
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


BAD_FILES = [
    # what the attack sent: the import raised, and the visitor waited 20 s for nothing
    (b"[" * 100_000 + b"]" * 100_000, "nested deeper than any game file"),
    (b'{"format": "lf-game", "version": ' + b"9" * 5000 + b"}", "a number with thousands of digits"),
    (json.dumps(_changed(("game", "seed"), 2**128)), "seed must be from 0 to 2^128 - 1"),
    (json.dumps(_changed(("game", "seed"), -1)), "seed must be from 0"),
    (json.dumps(_changed(("game", "seed"), "5")), "seed must be a whole number"),
    (json.dumps(_changed(("game", "seed"), 1.5)), "seed must be a whole number"),
    (json.dumps(_changed(("game", "seed"), True)), "seed must be a whole number"),
    (b'{"format": "lf-game", "version": NaN}', "NaN"),
    (b" " * (MAX_FILE_BYTES + 1), "larger than 2 MB"),
    # the game a file describes: moves, log, names
    (json.dumps(_changed(("log",), [{"seq": 1}] * (MAX_ROWS + 1))), "at most 2,000"),
    (json.dumps(_changed(("log", 3, "note"), "n" * 1001)), "note of log row 4"),
    (json.dumps(_changed(("log", 3, "action", "arg"), "x" * 10_000)), "action arg of log row 4"),
    (json.dumps(_changed(("log", 3, "action", "n"), 10**30)), "action n of log row 4"),
    (json.dumps(_changed(("log", 3, "action", "why"), "extra")), "action of log row 4"),
    (json.dumps(_changed(("log", 3, "faction"), ["anarchists"])), "log row 4 of the file must name a faction"),
    (json.dumps(_changed(("game", "name"), "N" * 81)), "the game's name is 81 characters long"),
    (json.dumps(_changed(("game", "seats", "moderates", "name"), "M" * 41)), "moderates seat's name"),
    # the file's claims: seats, options, versions, where the game is
    (json.dumps(_changed(("game", "seats", "moderates", "kind"), "robot")), "moderates seat must give its kind"),
    (json.dumps(_changed(("game", "seats"), {"anarchists": {"kind": "human"}})), "each once"),
    (json.dumps(_changed(("game", "mode"), "chess")), "mode must be one of"),
    (json.dumps(_changed(("game", "options"), {"generator": 3})), "option 'generator' must be one of 1, 2"),
    (json.dumps(_changed(("game", "options"), {"generator": "2"})), "option 'generator'"),
    (json.dumps(_changed(("game", "options"), ["free_undo"])), "options must be an object"),
    (json.dumps(_changed(("game", "hints"), "no")), "hints must be true or false"),
    (json.dumps(_changed(("versions", "schema"), "x")), "versions schema must be a whole number"),
    (json.dumps(_changed(("versions", "engine"), "e" * 200)), "versions engine"),
    (json.dumps(_changed(("state_sha256",), "not a hash")), "64 hexadecimal digits"),
    (json.dumps(_changed(("game", "status"), "active")), "says the game is active, but its log leaves it finished"),
    (json.dumps(_changed(("version",), -3)), "version (its number of log rows) must be from 0"),
]


@pytest.mark.parametrize(("data", "words"), BAD_FILES, ids=[w for _, w in BAD_FILES])
def test_every_bad_file_gets_one_plain_sentence_and_nothing_is_stored(registry: Registry, data, words) -> None:
    data = data.encode() if isinstance(data, str) else data
    with pytest.raises(BadRequest) as refused:
        registry.prepare_import(data)
    message = str(refused.value)
    assert words in message, message
    assert len(message) < 300 and "\n" not in message and "Traceback" not in message
    with pytest.raises(BadRequest):
        registry.import_game(data)
    assert registry.games() == []


def _free_undo_game(mode: str) -> tuple[dict, str]:
    """A game played with the engine under ``free_undo`` (the teaching table's undo) as a game file, and a faction
    other than the one that took the last step."""
    state = new_game(11, HUMANS, {"free_undo": True})
    for _ in range(8):
        faction = state.pending[0]["faction"]
        apply(state, faction, decision(state, faction).choices[0].action)
    doc = state_document(state, "Free undo", NAMES, mode=mode)
    assert doc["game"]["options"]["free_undo"] is True
    last = doc["log"][-1]
    return doc, next(f for f in FACTIONS if f != last["faction"])


def test_a_standard_game_file_does_not_keep_the_teaching_tables_free_undo(registry: Registry) -> None:
    """Issue 18: a file carrying ``"free_undo": true`` let one seat take back another seat's step."""
    doc, other = _free_undo_game("standard")
    copy = registry.import_game(doc)
    assert "free_undo" not in copy.options
    tokens = {f: copy.claim(f, NAMES[f]) for f in FACTIONS}
    res = copy.undo(tokens[other], copy.version)  # another seat's last step: the rules of a standard game refuse it
    assert not res.ok and res.code == "illegal"
    # A file whose log needs that undo does not replay without it, and is refused.
    taking_back = deepcopy(doc)
    last = taking_back["log"][-1]
    taking_back["log"].append({**last, "seq": last["seq"] + 1, "faction": other, "kind": "undo"})
    taking_back["version"] += 1
    taking_back["state_sha256"] = None
    with pytest.raises(BadRequest, match="the rules do not allow this undo here"):
        registry.import_game(taking_back)
    assert len(registry.games()) == 1


def test_a_teaching_game_file_keeps_its_free_undo_and_unknown_options_are_dropped(registry: Registry) -> None:
    doc, _ = _free_undo_game("teaching")
    doc["game"]["options"]["fog_of_war"] = True  # no such option: dropped
    copy = registry.import_game(doc)
    assert copy.mode == "teaching" and copy.options == {"free_undo": True, "generator": 2, "content": CONTENT_VERSION,
                                                        "level": "standard"}


def test_a_game_file_keeps_the_hosts_hints_switch_and_an_older_file_gets_its_modes_default(registry: Registry) -> None:
    """Issue 21: "hints allowed" is the host's choice, so it travels with the game (a file made before the switch
    has none: every game allowed the coach then, and a teaching table always does)."""
    doc = game_file(LOST)
    doc["game"]["hints"] = False
    copy = registry.import_game(doc)
    assert copy.hints is False
    again = registry.export_game(copy.id)
    assert again["game"]["hints"] is False
    assert registry.import_game(again).hints is False
    del doc["game"]["hints"]
    assert registry.import_game(doc).hints is True
    teaching = deepcopy(doc)
    teaching["game"]["mode"], teaching["game"]["hints"], teaching["state_sha256"] = "teaching", False, None
    assert registry.import_game(teaching).hints is True  # the teaching table always allows the coach
