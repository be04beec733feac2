"""A game as one JSON document: export, validate by replaying, import as a new game.

The document holds what replays the game (seed, options, seats, the action
log) and nothing secret (no seat tokens or their hashes). ``state_sha256`` is
the SHA-256 of the final state as the exporting lf computed it; a replay under
the same content and engine versions must reproduce it byte for byte, which
is how ``python -m lf replay FILE`` validates an export.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import lf
from lf.engine import GameState, decisions
from lf.engine.content import CONTENT_VERSION, known_version
from lf.engine.constants import FACTIONS
from lf.store.migrations import LATEST as SCHEMA_VERSION
from lf.store.models import MAX_SEED, ActionRow, GameRow, SeatRow, seed_columns, utcnow
from lf.store.repository import NewSnapshot

from .errors import BadRequest
from .game_file import admit, hints_of
from .rebuild import (
    LogEntry,
    ReplayError,
    apply_entry,
    check_sequence,
    current_versions,
    make_snapshot,
    parse_entry,
    start_state,
    state_sha256,
)

if TYPE_CHECKING:
    from .game_session import GameSession

FORMAT = "lf-game"
FORMAT_VERSION = 1


def export_document(session: GameSession) -> dict[str, Any]:
    """The game as a JSON-ready dict (read under the game's lock, so the log and hash agree)."""
    with session._lock:
        rows = session.repo.log(session.id)
        seats = session.seats()
        sha = None if session.status == "broken" else hashlib.sha256(session.state_json().encode()).hexdigest()
        return _envelope({
            "id": session.id,
            "name": session.name,
            "mode": session.mode,
            "seed": session.seed,
            "options": session.options,
            "hints": session.hints,  # the host's "hints allowed" (game_file.hints_of reads it back)
            # the kinds the game began with: a hand-over is a row of the log (lf/engine/table.py)
            "seats": {s.faction: {"kind": session.seat_kinds.get(s.faction, s.kind), "name": s.display_name}
                      for s in seats},
            "status": session.status,
            "status_message": session.broken_reason,
            "result": session.result,
            "created_at": session.created_at.isoformat(),
            "created_with": {"content": session.content_version, "engine": session.engine_version},
        }, [{"seq": r.seq, "faction": r.faction, "kind": r.kind, "action": _decoded(r.action), "note": r.note,
             "at": r.created_at.isoformat()} for r in rows], sha, session.version)


def state_document(state: GameState, name: str, names: dict[str, str] | None = None,
                   mode: str = "standard") -> dict[str, Any]:
    """A game played with the engine alone as a game file (its effective actions as the log), e.g. a finished
    game kept as a test fixture, or a position to open in the browser."""
    from lf.engine.table import initial_seats

    now = utcnow().isoformat()
    ev = current_versions()[1]
    seats = {f: {"kind": k, "name": (names or {}).get(f) or f.title()} for f, k in initial_seats(state).items()}
    return _envelope({
        "id": None, "name": name, "mode": mode, "seed": state.seed, "options": dict(state.options), "seats": seats,
        "status": "finished" if state.result is not None else "active", "status_message": None,
        "result": state.result, "created_at": now, "created_with": {"content": state.content_version, "engine": ev},
    }, [{"seq": i, "faction": a["faction"], "kind": "action", "action": a["action"], "note": a.get("note"),
         "at": now} for i, a in enumerate(state.actions, start=1)], state_sha256(state), len(state.actions))


def _envelope(game: dict[str, Any], log: list[dict[str, Any]], sha: str | None, version: int) -> dict[str, Any]:
    cv, ev = current_versions()
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": utcnow().isoformat(),
        "lf_version": lf.__version__,
        "versions": {"content": cv, "engine": ev, "schema": SCHEMA_VERSION},
        "game": game,
        "version": version,
        "log": log,
        "state_sha256": sha,
    }


def _decoded(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text  # a damaged row is exported as it is stored, so `lf replay` can point at it


@dataclass
class ReplayReport:
    """What replaying an export found: ``ok``, how far it got, and where and why it broke."""

    ok: bool
    rows: int
    reached: int
    error: str | None = None
    failed_seq: int | None = None
    entry: LogEntry | None = None
    state: GameState | None = None
    hash_checked: bool = False
    entries: list[LogEntry] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def pending_at_failure(self) -> list[str]:
        """The decisions that were open where the replay broke, with their legal actions (for the report)."""
        if self.state is None or self.ok:
            return []
        out = []
        for d in decisions(self.state):
            keys = ", ".join(c.action.key for c in d.choices[:12]) + (" ..." if len(d.choices) > 12 else "")
            out.append(f"{d.faction} ({d.kind}): {d.prompt} - legal: {keys}")
        return out


def read_document(doc: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Check the envelope of an export; return (game, log). Raises BadRequest for anything unreadable.

    Every field is checked first (lf/session/game_file.py), and the game's options are cut down to those its mode
    allows."""
    admit(doc)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise BadRequest(f"this is not an lf game export (expected \"format\": \"{FORMAT}\")")
    if doc.get("format_version") != FORMAT_VERSION:
        raise BadRequest(f"unsupported export format version {doc.get('format_version')!r} "
                         f"(this lf reads version {FORMAT_VERSION})")
    game, rows = doc.get("game"), doc.get("log")
    if not isinstance(game, dict) or not isinstance(rows, list) or type(doc.get("version")) is not int:
        raise BadRequest("the export has no game, log or version")
    if type(game.get("seed")) is not int or not 0 <= game["seed"] <= MAX_SEED \
            or not isinstance(game.get("options", {}), dict):
        raise BadRequest("the export's seed must be a whole number from 0 to 2^128 - 1 and its options an object")
    # A file without a generator or a content version in its options predates engine 3: it was dealt with
    # generator 1 (lf/engine/rng.py) and the content it was created with (lf/engine/content keeps it).
    # (a content lf no longer keeps, from before lf-original-2, is read with today's cards, as it always was)
    made = game.get("created_with") if isinstance(game.get("created_with"), dict) else {}
    content = made.get("content") or (doc.get("versions") or {}).get("content")
    content = content if known_version(content) else CONTENT_VERSION
    game = {**game, "options": {"generator": 1, "content": content, **game.get("options", {})}}
    seats = game.get("seats")
    if not isinstance(seats, dict) or set(seats) != set(FACTIONS) or not all(
            isinstance(s, dict) and s.get("kind") in ("human", "nonplayer") for s in seats.values()):
        raise BadRequest(f"the export's seats must give a kind (human or nonplayer) for each of {', '.join(FACTIONS)}")
    if not all(isinstance(r, dict) for r in rows):
        raise BadRequest("every log entry of the export must be an object")
    return game, rows


def replay_document(doc: Any) -> ReplayReport:
    """Replay an export from its seed, row by row, and check the final state against its hash."""
    claimed = claimed_options(doc)
    game, rows = read_document(doc)
    seats = {f: s["kind"] for f, s in game["seats"].items()}
    state: GameState | None = None
    reached = 0
    try:
        entries = [parse_entry(r.get("seq"), r.get("faction"), r.get("kind", "action"), r.get("action"), r.get("note"))
                   for r in rows]
        check_sequence(entries, doc["version"])
        state = start_state(game["seed"], seats, game.get("options", {}))
        for entry in entries:
            state = apply_entry(state, entry)
            reached = entry.seq
    except ReplayError as exc:
        return ReplayReport(False, len(rows), reached, str(exc), exc.seq, exc.entry, state)
    report = ReplayReport(True, len(rows), reached, state=state, entries=entries)
    versions = doc.get("versions") or {}
    left_out = sorted(k for k, v in claimed.items() if game["options"].get(k) != v)
    if left_out:
        report.notes.append(f"options its game mode does not allow were left out ({', '.join(left_out)}): the final "
                            "state hash is not compared")
    elif (versions.get("content"), versions.get("engine")) != current_versions():
        report.notes.append(f"exported under content {versions.get('content')} / engine {versions.get('engine')}, "
                            f"replayed under {' / '.join(current_versions())}: the final state hash is not compared")
    elif doc.get("state_sha256"):
        report.hash_checked = True
        if state_sha256(state) != doc["state_sha256"]:
            report.ok = False
            report.error = "the log replays, but not to the exported final state (its SHA-256 differs)"
    return report


def claimed_options(doc: Any) -> dict[str, Any]:
    """The options a file says its game has (before they are cut down to those its mode allows)."""
    game = doc.get("game") if isinstance(doc, dict) else None
    options = game.get("options") if isinstance(game, dict) else None
    return dict(options) if isinstance(options, dict) else {}


def import_rows(doc: dict[str, Any], game_id: str, report: ReplayReport,
                ) -> tuple[GameRow, list[SeatRow], list[ActionRow], NewSnapshot]:
    """The rows that store a validated export as the new game ``game_id`` (seats unclaimed)."""
    from .game_session import MODES, clean_name

    assert report.ok and report.state is not None
    game, _ = read_document(doc)
    state = report.state
    now = utcnow()
    ev = current_versions()[1]
    mode = game.get("mode") if game.get("mode") in MODES else "standard"
    row = GameRow(id=game_id, name=clean_name(game.get("name"), f"Imported game {game_id}")[:80], mode=mode,
                  **seed_columns(game["seed"]), options=json.dumps(game.get("options", {}), sort_keys=True),
                  seats=json.dumps({f: s["kind"] for f, s in game["seats"].items()}),
                  content_version=state.content_version, engine_version=ev,
                  status="finished" if state.result is not None else "active", version=len(report.entries),
                  # a game opened in mid-game: whoever holds the file holds its seed, so every hand (the table is told)
                  shuffle_known_by=None if state.result is not None else "file",
                  created_at=now, updated_at=now, result=json.dumps(state.result) if state.result else None,
                  hints=hints_of(game, mode))
    seats = [SeatRow(game_id=game_id, faction=f, kind=s["kind"],
                     display_name=clean_name(s.get("name"), "Non-player" if s["kind"] == "nonplayer" else f.title()))
             for f, s in game["seats"].items()]
    times = {r.get("seq"): _time(r.get("at"), now) for r in doc["log"]}
    log = [ActionRow(game_id=game_id, seq=e.seq, faction=e.faction, kind=e.kind,
                     action=json.dumps(e.action, sort_keys=True, separators=(",", ":")), note=e.note,
                     created_at=times.get(e.seq, now))
           for e in report.entries]
    return row, seats, log, make_snapshot(state)


def _time(value: Any, default: datetime) -> datetime:
    try:
        when = datetime.fromisoformat(value) if isinstance(value, str) else default
    except ValueError:
        return default
    return when.astimezone(UTC).replace(tzinfo=None) if when.tzinfo else when
