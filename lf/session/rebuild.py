"""Rebuilding a game from its action log, the truth; snapshots only shorten the replay.

Every row is re-applied through the engine's own ``apply`` (so each step is
checked against the legal actions again) and every undo row through
``can_undo``/``undo``. A snapshot is used only if it was made by the current
rules, its SHA-256 matches its text, and its own action list equals what the
log says at that row; otherwise the next older one is tried, down to a replay
from the seed. The first row that does not replay raises ReplayError naming
it, which the session turns into a ``broken`` game.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from lf.engine import Action, GameState, IllegalAction, can_undo, from_json, new_game, to_json, undo
from lf.engine.constants import FACTIONS
from lf.engine.game import ENGINE_VERSION
from lf.engine.content import CONTENT_VERSION
from lf.engine.table import apply_entry as table_entry
from lf.engine.table import initial_seats
from lf.store.models import ROW_KINDS
from lf.store.repository import NewSnapshot, Repository


def current_versions() -> tuple[str, str]:
    """(content version, engine version) of the running lf: what exports are checked against."""
    return CONTENT_VERSION, ENGINE_VERSION


@dataclass(frozen=True)
class LogEntry:
    """One parsed log row: a step (``kind="action"``) or the undo of the faction's last step."""

    seq: int
    faction: str
    kind: str
    action: dict[str, Any]
    note: str | None = None

    @property
    def key(self) -> str:
        return Action.parse(self.action).key

    def describe(self) -> str:
        what = f"undo of {self.key}" if self.kind == "undo" else self.key
        return f"{self.faction} {what}"

    def engine_entry(self) -> dict[str, Any]:
        """The entry as the engine keeps it in ``state.actions``."""
        out: dict[str, Any] = {"faction": self.faction, "action": dict(self.action)}
        if self.note:
            out["note"] = self.note
        return out


class ReplayError(Exception):
    """A log that does not replay; ``seq`` is the first bad row (0: the game's setup itself)."""

    def __init__(self, seq: int, detail: str, entry: LogEntry | None = None) -> None:
        where = "setting up the game" if seq == 0 else f"log row {seq}"
        if entry is not None:
            where += f" ({entry.describe()})"
        super().__init__(f"{where}: {detail}")
        self.seq = seq
        self.detail = detail
        self.entry = entry


def parse_entry(seq: int, faction: Any, kind: Any, action: Any, note: Any = None) -> LogEntry:
    """Validate one stored row; ``action`` is the stored JSON text (or an already decoded dict)."""
    if kind not in ROW_KINDS:
        raise ReplayError(seq, f"unknown row kind {kind!r} (expected one of {', '.join(ROW_KINDS)})")
    if faction not in FACTIONS:
        raise ReplayError(seq, f"unknown faction {faction!r}")
    if note is not None and not isinstance(note, str):
        raise ReplayError(seq, f"the note must be text, not {note!r}")
    data = action
    if isinstance(action, str):
        try:
            data = json.loads(action)
        except json.JSONDecodeError as exc:
            raise ReplayError(seq, f"the stored action is not valid JSON ({exc.msg}): {action[:80]!r}") from exc
    if not isinstance(data, dict):
        raise ReplayError(seq, f"the stored action must be a JSON object, not {data!r}")
    try:
        canonical = Action.parse(data).to_json()
    except IllegalAction as exc:
        raise ReplayError(seq, str(exc)) from exc
    return LogEntry(seq, faction, kind, canonical, note or None)


def check_sequence(entries: list[LogEntry], version: int) -> None:
    """The log must be rows 1..version with no gap or duplicate."""
    for i, e in enumerate(entries, start=1):
        if e.seq != i:
            raise ReplayError(i, f"the log has a gap or a duplicate: row {e.seq} where row {i} should be")
    if len(entries) != version:
        raise ReplayError(len(entries) + 1, f"the game says it is at version {version} but its log has "
                                            f"{len(entries)} rows")


def start_state(seed: int, seats: dict[str, str], options: dict[str, Any]) -> GameState:
    try:
        return new_game(seed, seats, options)
    except Exception as exc:  # a seat map or option the current rules reject: report, never crash
        raise ReplayError(0, f"{type(exc).__name__}: {exc}") from exc


def apply_entry(state: GameState, entry: LogEntry) -> GameState:
    """Apply one row through the engine; returns the state (a new object after an undo)."""
    try:
        if entry.kind == "action":
            return table_entry(state, entry.engine_entry())
        if not can_undo(state, entry.faction):
            raise ReplayError(entry.seq, "the rules do not allow this undo here", entry)
        last = state.actions[-1]["action"]
        if last != entry.action:
            raise ReplayError(entry.seq, f"the undo names {Action.parse(entry.action).key} but the last step was "
                                         f"{Action.parse(last).key}", entry)
        return undo(state, entry.faction)
    except ReplayError:
        raise
    except IllegalAction as exc:
        raise ReplayError(entry.seq, f"does not replay under the current rules: {exc}", entry) from exc
    except Exception as exc:  # an engine failure on a stored game must not take the server down
        raise ReplayError(entry.seq, f"the engine failed on it: {type(exc).__name__}: {exc}", entry) from exc


def replay_entries(state: GameState, entries: list[LogEntry]) -> GameState:
    for entry in entries:
        state = apply_entry(state, entry)
    return state


def effective_actions(entries: list[LogEntry]) -> list[dict[str, Any]]:
    """The engine's ``state.actions`` after these rows: steps, with each undo taking back the last one."""
    out: list[dict[str, Any]] = []
    for e in entries:
        if e.kind == "undo":
            if not out:
                raise ReplayError(e.seq, "an undo with nothing to take back", e)
            out.pop()
        else:
            out.append(e.engine_entry())
    return out


def state_sha256(state: GameState) -> str:
    return hashlib.sha256(to_json(state).encode()).hexdigest()


def make_snapshot(state: GameState) -> NewSnapshot:
    text = to_json(state)
    return NewSnapshot(state=text, content_version=state.content_version, engine_version=ENGINE_VERSION,
                       sha256=hashlib.sha256(text.encode()).hexdigest())


@dataclass
class Rebuilt:
    """A rebuilt state, the log row its replay started after, and why snapshots were passed over."""

    state: GameState
    start_seq: int
    notes: list[str] = field(default_factory=list)


def rebuild(repo: Repository, game_id: str, seed: int, seats: dict[str, str], options: dict[str, Any],
            entries: list[LogEntry]) -> Rebuilt:
    """The state after all ``entries``: from the newest trustworthy snapshot plus the tail."""
    cv, ev = options.get("content", CONTENT_VERSION), ENGINE_VERSION  # the game's own content (lf/engine/content)
    notes: list[str] = []
    for head in repo.snapshot_heads(game_id, len(entries)):
        why = _untrusted(head.content_version, head.engine_version, head.sha256, cv, ev)
        state = None
        if why is None:
            text = repo.snapshot_state(game_id, head.seq) or ""
            if hashlib.sha256(text.encode()).hexdigest() != head.sha256:
                why = "its text does not match its SHA-256 (damaged)"
            else:
                state, why = _decode(text)
        if state is not None and why is None:
            why = _mismatch(state, seed, seats, options, entries[:head.seq])
        if why is None:
            assert state is not None
            return Rebuilt(replay_entries(state, entries[head.seq:]), head.seq, notes)
        notes.append(f"snapshot at row {head.seq} ignored: {why}")
    return Rebuilt(replay_entries(start_state(seed, seats, options), entries), 0, notes)


def _untrusted(scv: str | None, sev: str | None, sha: str | None, cv: str, ev: str) -> str | None:
    if not sha:
        return "it has no checksum (made by an older lf)"
    if (scv, sev) != (cv, ev):
        return f"made by other rules (content {scv}, engine {sev}; now content {cv}, engine {ev})"
    return None


def _decode(text: str) -> tuple[GameState | None, str | None]:
    try:
        return from_json(text), None
    except Exception as exc:
        return None, f"it does not decode as a game state ({type(exc).__name__})"


def _mismatch(state: GameState, seed: int, seats: dict[str, str], options: dict[str, Any],
              prefix: list[LogEntry]) -> str | None:
    if state.seed != seed or initial_seats(state) != seats or state.options != options:
        return "its seed, seats or options differ from the game's"
    try:
        expected = effective_actions(prefix)
    except ReplayError as exc:
        return str(exc)
    if state.actions != expected:
        return "its action list does not match the log"
    return None
