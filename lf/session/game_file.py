"""What a game file may hold before lf replays it: its size, its shape, its claims, the options its mode allows.

Why: opening a game file is the one door through which a visitor hands lf a whole game. Issue 18 found files
that went through it: a 60 MB file was imported (its game page was 60 MB of HTML), a 100,000-deep nesting
raised RecursionError, a 5,000-digit number ValueError, a seed of 2^64 OverflowError (the visitor waited 20 s
and saw nothing), and ``"free_undo": true`` carried into a standard game let one seat take back another seat's
step across a draw. Each is refused here, in one plain sentence, before anything is replayed or stored:

* ``parse``: the bytes (at most ``MAX_FILE_BYTES``), text, JSON without NaN or Infinity, nesting or numbers
  too large for the reader;
* ``admit``: every field the import reads has the type and size an lf export has (a game of at most
  ``MAX_ROWS`` log rows, names as long as lf allows, a seed from 0 to 2^128 - 1); the game's options are cut
  down to those its mode allows (``MODE_OPTIONS``), with a teaching game's free undo set as the table sets it;
* ``check_claims``: once replayed, the game is in the state the file says (running or finished).
"""

from __future__ import annotations

import json
import re
from typing import Any

from lf.engine import GameState
from lf.engine.computers import LEVELS, OPTION as COMPUTERS
from lf.engine.constants import FACTIONS
from lf.engine.content import CONTENT_VERSION, archived_versions, level_ids
from lf.store.models import MAX_SEED as MAX_STORED_SEED
from lf.store.models import ROW_KINDS

from .errors import BadRequest

#: The largest file the import reads (a finished 12-turn game's file is 40-45 KB).
MAX_FILE_BYTES = 2_000_000
#: Log rows a file may hold (a whole game has 150-250; every undo adds one).
MAX_ROWS = 2_000
#: The longest note of a log row (a Non-player's reason is at most about 250 characters).
MAX_NOTE = 1_000
MAX_GAME_NAME = 80
MAX_SEAT_NAME = 40
#: The largest seed: 128 bits (what lf draws for a new game).
MAX_SEED = MAX_STORED_SEED
#: Versions, dates, ids: short words in an lf export.
MAX_WORD = 64
MAX_ACTION_N = 1_000
SHA256 = re.compile(r"[0-9a-f]{64}")
#: The engine options each game mode keeps from a file, and the values each may take. Anything else is dropped:
#: "free_undo" belongs to the teaching table, where everyone shares one screen; "generator" names the random
#: generator the game was dealt with (1: SplitMix64, older games; 2: the keyed generator); "content" the content
#: version it was dealt with (one this lf keeps: lf/engine/content); "level" the Fascists' strength it was dealt at
#: (one its content offers: the engine refuses another when the file is replayed).
_DEALT_WITH: dict[str, tuple[Any, ...]] = {
    "generator": (1, 2),
    "content": (CONTENT_VERSION, *archived_versions()),
    "level": tuple(dict.fromkeys(lv for v in (CONTENT_VERSION, *archived_versions()) for lv in level_ids(v))),
}
MODE_OPTIONS: dict[str, dict[str, tuple[Any, ...]]] = {
    "standard": dict(_DEALT_WITH),
    "demo": dict(_DEALT_WITH),
    "teaching": {**_DEALT_WITH, "free_undo": (True,)},
}
#: What a mode sets whatever the file says (the teaching table's free undo, as ``new_game_rows`` sets it).
MODE_SETS: dict[str, dict[str, Any]] = {"teaching": {"free_undo": True}}
NOT_A_FILE = "this file is not an lf game file"


def parse(data: bytes | str) -> dict[str, Any]:
    """The file's JSON object; BadRequest (one sentence) for anything else, without reading past the limit."""
    if len(data) > MAX_FILE_BYTES:
        raise BadRequest(f"{NOT_A_FILE}: it is larger than {MAX_FILE_BYTES // 1_000_000} MB (a whole game's file is "
                         "about 45 KB)")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadRequest(f"{NOT_A_FILE} (it is not text: {exc.reason})") from exc
    try:
        document = json.loads(data, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise BadRequest(f"{NOT_A_FILE} (not JSON: {exc.msg}, line {exc.lineno})") from exc
    except RecursionError:
        raise BadRequest(f"{NOT_A_FILE}: its JSON is nested deeper than any game file") from None
    except ValueError as exc:  # a number with thousands of digits, NaN, Infinity
        why = "it holds a number with thousands of digits" if "digits" in str(exc) else str(exc)
        raise BadRequest(f"{NOT_A_FILE}: {why}") from None
    if not isinstance(document, dict):
        raise BadRequest(f"{NOT_A_FILE} (its JSON is not an object)")
    return document


def _no_constant(name: str) -> Any:
    raise ValueError(f"it holds {name}, which is not a number an lf game file uses")


def admit(doc: Any) -> None:
    """Check every field of an export that the import reads; keep only the options the game's mode allows.

    Raises BadRequest naming the first field that is wrong. Changes ``doc["game"]["options"]`` in place.
    """
    if not isinstance(doc, dict) or doc.get("format") != "lf-game":
        raise BadRequest(f'{NOT_A_FILE} (expected "format": "lf-game")')
    rows, game = doc.get("log"), doc.get("game")
    if not isinstance(rows, list) or not isinstance(game, dict):
        raise BadRequest(f"{NOT_A_FILE}: it has no game or no log")
    if len(rows) > MAX_ROWS:
        raise BadRequest(f"the file's log has {len(rows):,} rows; a game file holds at most {MAX_ROWS:,}")
    _whole(doc.get("version"), 0, MAX_ROWS, "the file's version (its number of log rows)")
    _words(doc, ("exported_at", "lf_version"))
    _versions(doc.get("versions"), "versions")
    sha = doc.get("state_sha256")
    if sha is not None and not (isinstance(sha, str) and SHA256.fullmatch(sha)):
        raise BadRequest("the file's state_sha256 must be 64 hexadecimal digits")
    _game(game)
    for i, row in enumerate(rows, start=1):
        _row(row, i)


def _game(game: dict[str, Any]) -> None:
    from .game_session import MODES

    _text(game.get("name"), MAX_GAME_NAME, "the game's name")
    mode = game.get("mode", "standard")
    if mode not in MODES:
        raise BadRequest(f"the file's game mode must be one of {', '.join(MODES)}")
    _whole(game.get("seed"), 0, MAX_SEED, "the game's seed")
    _words(game, ("id", "created_at", "status"))
    _text(game.get("status_message"), MAX_NOTE, "the game's status message")
    if game.get("status", "active") not in ("active", "finished", "broken"):
        raise BadRequest("the file's game status must be active or finished")
    if game.get("result") is not None and not isinstance(game["result"], dict):
        raise BadRequest("the file's game result must be an object")
    _versions(game.get("created_with"), "created_with")
    seats = game.get("seats")
    if not isinstance(seats, dict) or set(seats) != set(FACTIONS):
        raise BadRequest(f"the file's seats must be {', '.join(FACTIONS)}, each once")
    for faction, seat in seats.items():
        if not isinstance(seat, dict) or seat.get("kind") not in ("human", "nonplayer"):
            raise BadRequest(f"the file's {faction} seat must give its kind: human or nonplayer")
        _text(seat.get("name"), MAX_SEAT_NAME, f"the {faction} seat's name")
    if not isinstance(game.get("hints", True), bool):
        raise BadRequest("the file's hints must be true or false (whether the coach may suggest a move)")
    game["options"] = allowed_options(mode, game.get("options", {}))


def hints_of(game: dict[str, Any], mode: str) -> bool:
    """Whether the imported game allows the coach's "Suggest a move": as the file says, else its mode's default
    (files made before the switch have no ``hints``: every mode allowed them, and a teaching table always does)."""
    return mode == "teaching" or game.get("hints", True) is not False


def allowed_options(mode: str, options: Any) -> dict[str, Any]:
    """The options a game of ``mode`` keeps from ``options`` (others dropped); BadRequest for a bad value."""
    if not isinstance(options, dict):
        raise BadRequest("the file's game options must be an object")
    kept = {}
    for name, values in MODE_OPTIONS[mode].items():
        if name in options:
            value = options[name]
            if type(value) not in {type(v) for v in values} or value not in values:
                raise BadRequest(f"the file's option {name!r} must be one of {', '.join(map(str, values))}")
            kept[name] = value
    if COMPUTERS in options:  # the seats the computer plays from the start (lf/engine/computers.py)
        kept[COMPUTERS] = _computers(options[COMPUTERS])
    return {**kept, **MODE_SETS.get(mode, {})}


def _computers(value: Any) -> dict[str, str]:
    if not isinstance(value, dict) or not all(f in FACTIONS and value[f] in LEVELS for f in value):
        raise BadRequest(f"the file's option {COMPUTERS!r} must map factions to a computer's level "
                         f"({', '.join(LEVELS)})")
    return dict(value)


def _row(row: Any, i: int) -> None:
    where = f"log row {i} of the file"
    if not isinstance(row, dict):
        raise BadRequest(f"{where} must be an object")
    _whole(row.get("seq"), 1, MAX_ROWS, f"the number (seq) of {where}")
    if row.get("faction") not in FACTIONS:
        raise BadRequest(f"{where} must name a faction ({', '.join(FACTIONS)})")
    if row.get("kind", "action") not in ROW_KINDS:
        raise BadRequest(f"{where} must be a step or an undo ({', '.join(ROW_KINDS)})")
    action = row.get("action")
    if not isinstance(action, dict) or not set(action) <= {"kind", "arg", "n"}:
        raise BadRequest(f"the action of {where} must be an object with kind, arg and n")
    _text(action.get("kind"), 32, f"the action kind of {where}", required=True)
    _text(action.get("arg"), MAX_WORD, f"the action arg of {where}")
    if "n" in action:
        _whole(action["n"], -MAX_ACTION_N, MAX_ACTION_N, f"the action n of {where}")
    _text(row.get("note"), MAX_NOTE, f"the note of {where}")
    _text(row.get("at"), MAX_WORD, f"the time of {where}")


def _versions(value: Any, name: str) -> None:
    if value is None:
        return
    if not isinstance(value, dict):
        raise BadRequest(f"the file's {name} must be an object")
    _words(value, ("content", "engine"), name)
    if value.get("schema") is not None:
        _whole(value["schema"], 0, 10_000, f"the file's {name} schema")


def _words(obj: dict[str, Any], keys: tuple[str, ...], within: str = "") -> None:
    for key in keys:
        _text(obj.get(key), MAX_WORD, f"the file's {within + ' ' if within else ''}{key}")


def _text(value: Any, limit: int, what: str, required: bool = False) -> None:
    if value is None and not required:
        return
    if not isinstance(value, str):
        raise BadRequest(f"{what} must be text")
    if len(value) > limit:
        raise BadRequest(f"{what} is {len(value):,} characters long; at most {limit} are allowed")


def _whole(value: Any, low: int, high: int, what: str) -> None:
    if type(value) is not int:
        raise BadRequest(f"{what} must be a whole number")
    if not low <= value <= high:
        raise BadRequest(f"{what} must be from {low:,} to {_number(high)}")


def _number(n: int) -> str:
    return "2^128 - 1" if n == MAX_SEED else f"{n:,}"


def check_claims(game: dict[str, Any], state: GameState) -> None:
    """The replayed game must be where the file says it is: running, or finished."""
    replayed = "finished" if state.result is not None else "active"
    claimed = game.get("status", replayed)
    if claimed == "broken":
        raise BadRequest("the file is of a game that no longer replayed when it was saved; it cannot be opened")
    if claimed != replayed:
        raise BadRequest(f"the file says the game is {claimed}, but its log leaves it {replayed}")
