"""A seat's "while you waited" for the pages: the steps since its last move, each with what it changed.

``lf.engine.recap.Chronicle`` reads the board at every log line of a game; this module keeps one per
running game (extended by the new actions, like ``replay.timeline``) and turns a seat's view into its
recap: the steps since the seat's person last moved (a spectator: the latest steps), each line in the
words of that seat's view (a private line only to its owner), with the board elements the step changed.

Why in the session layer: every page of a seat asks for the same recap at each version, and spectators
share one; a chronicle follows its game one action at a time, so a move costs the few actions it added.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from lf.engine.recap import Beat, Chronicle
from lf.engine.table import initial_seats

from .game_session import GameSession

#: How many games' chronicles this process keeps (least recently used out first; a new one replays its game).
CHRONICLES_KEPT = 64
#: How many recaps are kept (one per game, seat and version).
RECAPS_KEPT = 256
#: A spectator has no last move: its digest is the game's latest steps.
SPECTATOR_STEPS = 12

class _Kept:
    """A game's chronicle and the lock it is built, extended and read under (one page builds, the others wait)."""

    def __init__(self) -> None:
        self.chronicle: Chronicle | None = None
        self.lock = threading.Lock()


_chronicles: OrderedDict[str, _Kept] = OrderedDict()
_recaps: OrderedDict[tuple[str, int, str | None], dict[str, Any]] = OrderedDict()
_lock = threading.Lock()


def _kept(cache: OrderedDict, key: Any, value: Any, limit: int) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > limit:
        cache.popitem(last=False)


def chronicle(session: GameSession) -> tuple[Chronicle, threading.Lock]:
    """The game's chronicle up to now (extended, or replayed after an undo), with the lock to read it under.

    Measured on the shared 2-core machine with a whole game (203 steps): a replay from the seed takes about 0.1 s,
    extending it by one action about 0.15 ms; so a page builds it once per game and process, the others wait."""
    with session._lock:  # noqa: SLF001 (one read of the state under the game's lock, as replay.timeline does)
        state = session._loaded_state()  # noqa: SLF001
        seed, seats, options = state.seed, initial_seats(state), dict(state.options)
        actions = [{**a, "action": dict(a["action"])} for a in state.actions]
    with _lock:
        kept = _chronicles.get(session.id) or _Kept()
        _kept(_chronicles, session.id, kept, CHRONICLES_KEPT)
    with kept.lock:
        chron = kept.chronicle
        if chron is None or (chron.seed, chron.seats, chron.options) != (seed, seats, options) \
                or not chron.extend(actions):
            kept.chronicle = chron = Chronicle(seed, seats, options, actions)
    return chron, kept.lock


def recap(session: GameSession, view: dict[str, Any]) -> dict[str, Any]:
    """``view``'s recap: ``{"version", "viewer", "since", "latest", "steps"}`` (see ``_step`` for a step).

    ``since`` is the log index where it begins: after the seat's last move (its own lines left out), or for a
    spectator (``latest``) the first line of the game's last ``SPECTATOR_STEPS`` steps. Only lines the view
    holds are read, so a game that moved on since the view was taken adds nothing to it.
    """
    viewer, version = view.get("viewer"), view["version"]
    key = (session.id, version, viewer)
    with _lock:
        if key in _recaps:
            _recaps.move_to_end(key)
            return _recaps[key]
    chron, lock = chronicle(session)
    log = view["log"]
    with lock:
        end = min(len(log), len(chron.lines))
        since = chron.since(viewer) if viewer else chron.recent(SPECTATOR_STEPS, end)
        steps = [_step(beat, log) for beat in chron.beats(min(since, end), end)]
    out = {"version": version, "viewer": viewer, "since": since, "latest": viewer is None, "steps": steps}
    with _lock:
        _kept(_recaps, key, out, RECAPS_KEPT)
    return out


def _step(beat: Beat, log: list[dict[str, Any]]) -> dict[str, Any]:
    """One step as the pages read it: its id (its first line), its lines in the viewer's words, its changes."""
    lines = [{k: log[i].get(k) for k in ("i", "year", "turn", "kind", "faction", "text")} | {"refs": log[i].get("refs") or []}
             for i in beat.lines]
    return {"id": beat.lines[0], "faction": beat.faction, "lines": lines,
            "changes": [[c.ref, c.before, c.after] for c in beat.changes]}

