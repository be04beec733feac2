"""A seat's "while you waited" for the pages: the steps since its last move, each with what it changed.

``lf.engine.recap.Chronicle`` reads the board at every log line of a game; this module keeps one per
running game (extended by the new actions, like ``replay.timeline``) and turns a seat's view into its
recap: the steps since the seat's person last moved (a spectator: the latest steps), each line in the
words of that seat's view (a private line only to its owner), with the board elements the step changed.

Why in the session layer: every page of a seat asks for the same recap at each version, and spectators
share one; a chronicle follows its game one action at a time, so a move costs the few actions it added. It is
kept with its session (a weak reference): a game unloaded from memory (lf/session/unload.py) drops it.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from typing import Any

from lf.engine.recap import Beat, Chronicle
from lf.engine.table import initial_seats

from .game_session import GameSession

#: How many recaps a game keeps (one per seat and version: a move's answer and the pages' fetch share one).
RECAPS_KEPT = 8
#: What a step says of each of its lines (its refs besides).
LINE_KEYS = ("i", "year", "turn", "kind", "faction", "text")
#: A spectator has no last move: its digest is the game's latest steps.
SPECTATOR_STEPS = 12


class _Kept:
    """A game's chronicle, the lock it is built, extended and read under (one page builds, the others wait),
    and its latest recaps. It lives as long as its session: a game unloaded from memory drops it too."""

    def __init__(self) -> None:
        self.chronicle: Chronicle | None = None
        self.lock = threading.Lock()
        self.recaps: OrderedDict[tuple[int, str | None], dict[str, Any]] = OrderedDict()


_kept: weakref.WeakKeyDictionary[GameSession, _Kept] = weakref.WeakKeyDictionary()
_lock = threading.Lock()


def _of(session: GameSession) -> _Kept:
    with _lock:
        kept = _kept.get(session)
        if kept is None:
            kept = _kept[session] = _Kept()
        return kept


def chronicle(session: GameSession) -> tuple[Chronicle, threading.Lock]:
    """The game's chronicle up to now (extended, or replayed after an undo), with the lock to read it under.

    Measured on the shared 2-core machine with a whole game (203 steps): a replay from the seed takes about 0.1 s,
    extending it by one action about 0.15 ms, and it holds about 0.5 MB; so a game builds it once, when its first
    page opens (the session is loaded), and each move extends it."""
    with session._lock:  # noqa: SLF001 (one read of the state under the game's lock, as replay.timeline does)
        state = session._loaded_state()  # noqa: SLF001
        seed, seats, options = state.seed, initial_seats(state), dict(state.options)
        actions = [{**a, "action": dict(a["action"])} for a in state.actions]
    kept = _of(session)
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
    kept = _of(session)
    with _lock:
        if (version, viewer) in kept.recaps:
            return kept.recaps[(version, viewer)]
    chron, lock = chronicle(session)
    log = view["log"]
    with lock:
        end = min(len(log), len(chron.lines))
        since = chron.since(viewer) if viewer else chron.recent(SPECTATOR_STEPS, end)
        steps = [_step(beat, log) for beat in chron.beats(min(since, end), end)]
    out = {"version": version, "viewer": viewer, "since": since, "latest": viewer is None, "steps": steps}
    with _lock:
        kept.recaps[(version, viewer)] = out
        while len(kept.recaps) > RECAPS_KEPT:
            kept.recaps.popitem(last=False)
    return out


def _step(beat: Beat, log: list[dict[str, Any]]) -> dict[str, Any]:
    """One step as the pages read it: its id (its first line), its lines in the viewer's words, its changes."""
    lines = [{k: log[i].get(k) for k in LINE_KEYS} | {"refs": log[i].get("refs") or []} for i in beat.lines]
    return {"id": beat.lines[0], "faction": beat.faction, "lines": lines,
            "changes": [[c.ref, c.before, c.after] for c in beat.changes]}

