"""One live game: its state in memory, its seats, the lock that serializes changes, its subscribers.

Why it is shaped like this: the action log in the database is the truth, so
every accepted step is committed (one transaction, see Repository.append)
before anyone is told about it, and when anything unexpected happens (a
database error, an engine failure) the session throws its in-memory state away
and rebuilds it from the log rather than guess. All changes to one game go
through one re-entrant lock, so two devices clicking at once are handled one
after the other; the second gets a fresh view and a plain message, never a
second application.

Versions: ``version`` is the number of rows in the game's action log. Every
accepted step (human or Non-player) and every undo adds one row, so it only
ever grows; a page sends back the version it rendered. The version check is per
seat: a click is fresh if it was made at the current version, or if the seat's
pending decision has not changed since the version the page showed (so during
a simultaneous choice, one player choosing does not invalidate the others'
pages). A repeated click is always stale, because the decision it answered is
closed by the first one.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from lf.engine import Action, GameState, IllegalAction, apply, can_undo, clone, decision, to_json
from lf.engine import undo as engine_undo
from lf.engine import view as engine_view
from lf.engine.computers import arg_level, computer_seats
from lf.engine.constants import FACTIONS, faction_label
from lf.engine.history import Frame, frames
from lf.engine.npc import choose as nonplayer_choose
from lf.engine.table import end_game, hand_over
from lf.engine.queries import is_nonplayer
from lf.engine.step_words import action_words
from lf.store.models import GameRow, SeatRow, game_seed
from lf.store.repository import NewRow, Repository, VersionConflict
from lf.teaching.foresee import table_previews

from .errors import (BadRequest, GameBroken, NotSeated, SeatUnavailable, StoreUnavailable, UnknownGame,
                     plain_database_error)
from . import invites
from .claims import Claims
from .computers import FAILED_STEP, RETRIES, Asked, ComputerSeats, played
from .events import SessionEvent, Subscription
from .thinking_queue import ALONE, SEATED, Turn
from .view_cache import ViewCache
from .rebuild import (
    LogEntry,
    ReplayError,
    check_sequence,
    make_snapshot,
    parse_entry,
    rebuild,
    replay_entries,
    start_state,
)
from .tokens import new_token, token_hash, token_matches

log = logging.getLogger("lf.session")

#: A snapshot is stored with every 50th log row (and when the game ends), so a load replays fewer than 50 rows.
SNAPSHOT_EVERY = 50
#: Non-player steps in a row before the session gives up (a real game needs far fewer between human turns).
NONPLAYER_STEP_LIMIT = 20_000
MODES = ("standard", "teaching", "demo")
NAME_LIMIT = 40


@dataclass(frozen=True)
class ActResult:
    """The answer to ``act``/``undo``. ``code``: ok, stale, illegal, malformed, token, faction, over, broken, error.

    ``message`` is a plain sentence for the player (empty when ok); ``view`` is the fresh view for
    the seat (the spectator view when the token is wrong; None when the game cannot be shown).
    """

    ok: bool
    code: str
    message: str
    version: int
    view: dict[str, Any] | None


@dataclass(frozen=True)
class SeatInfo:
    faction: str
    kind: str
    display_name: str
    claimed: bool
    #: The computer's level when it plays the seat (kind "computer"), else None.
    level: str | None = None


def label(faction: object) -> str:
    return faction_label(faction) if faction in FACTIONS else repr(faction)


def clean_name(name: object, default: str) -> str:
    """A display name: printable, single-spaced, at most 40 characters; ``default`` if empty."""
    if name is None:
        return default
    if not isinstance(name, str):
        raise BadRequest("a display name must be text")
    text = re.sub(r"\s+", " ", "".join(ch for ch in name if ch.isprintable())).strip()
    return text[:NAME_LIMIT] or default


class GameSession:
    """A running game. Thread-safe; create or look one up through ``Registry``, not directly."""

    def __init__(self, repo: Repository, row: GameRow, seats: list[SeatRow], claims: Claims | None = None,
                 here: Callable[[str], bool] | None = None) -> None:
        """``here(game_id)``: whether a person holding a seat has a page of the game connected (the registry's
        presence board; None: always, as for a tool's session), which ranks its computers' decisions."""
        self.repo = repo
        self.id = row.id
        self.name = row.name
        self.mode = row.mode
        self.seed = game_seed(row)
        self.created_at = row.created_at
        self.host_hash = row.host_hash
        #: A private game's join-link secret; None for a public game (anyone may take a free seat).
        self.invite_code = row.invite_code
        #: "host" (a chosen seed) or "file" (opened in mid-game from a file): someone can know every hand.
        self.shuffle_known_by = row.shuffle_known_by
        self.turn_seconds = row.turn_seconds
        #: Whether a seat may ask the coach for a move (the host's "hints allowed"; always in a teaching game).
        self.hints = self.mode == "teaching" or row.hints is not False
        self.content_version = row.content_version
        self.engine_version = row.engine_version
        self.load_notes: list[str] = []
        self._seat_kinds: dict[str, str] = {}
        self._options: dict[str, Any] = {}
        self._stored_status = (row.status, row.status_message)
        self._state: GameState | None = None
        self._version = row.version
        self._broken: str | None = None
        self._needs_reload = False
        self._seats: dict[str, SeatRow] = {s.faction: s for s in seats}
        self._since: dict[str, int] = {}
        self._open: dict[str, str] = {}
        self._lock = threading.RLock()
        self._subs: list[Subscription] = []
        self._subs_lock = threading.Lock()
        self._views = ViewCache()
        #: Told of every change made here, before the subscribers (the registry tells the other processes).
        #: Tells the other lf processes of each change made here (lf.session.bus; set by the registry).
        self.publish: Callable[[SessionEvent], None] | None = None
        #: Teaching games: the human steps taken back, newest last, for redo (in memory only).
        self._redo: list[dict[str, Any]] = []
        #: The computer's seats: the decision being thought in another process (lf/session/computers.py).
        #: The registry let go of this session: its computers think no more (a later load of the game does).
        self._let_go = False
        self._here = here
        #: Claimed in the database first (``claims``), so of two processes holding the game only one thinks; ranked
        #: in the thinking queue by its creator and whether a person is at the table (``_urgency``).
        self._computers = ComputerSeats(self._computer_moved, claims, self.id, self.retry_computers,
                                        self._computer_claim_lost, Turn(row.creator or row.id, self._urgency))

    # -- loading ---------------------------------------------------------------------------

    def _urgency(self) -> int:
        """The class of this game's computer decisions in the thinking queue (lf/session/thinking_queue.py): a
        person at the table (a teaching game's one shared screen always counts as its people), or nobody."""
        if self._here is None or self.mode == "teaching" or self._here(self.id):
            return SEATED
        return ALONE

    @classmethod
    def load(cls, repo: Repository, game_id: str, claims: Claims | None = None,
             here: Callable[[str], bool] | None = None) -> GameSession:
        """Load a game from the database: rebuild its state, then let Non-players take any turn that is theirs
        (and the computer's seats think theirs, once claimed through ``claims``)."""
        row = repo.get_game(game_id)
        if row is None:
            raise UnknownGame(f"there is no game {game_id!r}")
        session = cls(repo, row, repo.seats(game_id), claims, here)
        with session._lock:
            session._load(row)
        return session

    def _load(self, row: GameRow, run_nonplayers: bool = True) -> None:
        self._views.clear()
        self._stored_status = (row.status, row.status_message)
        self._version = row.version
        try:
            self._seat_kinds, self._options = _decode_setup(row)
            entries = [parse_entry(r.seq, r.faction, r.kind, r.action, r.note) for r in self.repo.log(self.id)]
            check_sequence(entries, row.version)
            rebuilt = rebuild(self.repo, self.id, self.seed, self._seat_kinds, self._options, entries)
        except ReplayError as exc:
            self._set_broken(str(exc))
            return
        self._state, self._broken, self._needs_reload = rebuilt.state, None, False
        self.load_notes = rebuilt.notes
        self._match_seat_kinds()
        for note in rebuilt.notes:
            log.warning("game %s: %s", self.id, note)
        if len(entries) - rebuilt.start_seq > SNAPSHOT_EVERY // 2 or (rebuilt.notes and entries):
            try:  # only a cache: a failure here must not stop the game from loading
                self.repo.put_snapshot(self.id, self._version, make_snapshot(self._state))
            except SQLAlchemyError:
                log.exception("game %s: could not store a fresh snapshot", self.id)
        self._store_status()
        self._track_decisions(None)
        if run_nonplayers:
            self._run_nonplayers()

    def _match_seat_kinds(self) -> None:
        """The seats' kinds as the log says (a hand-over row and its seat change are one transaction, but a
        database edited by hand, or an import, may disagree: the log wins)."""
        assert self._state is not None
        computers = computer_seats(self._state)
        for f, seat in self._seats.items():
            kind = "computer" if f in computers else self._state.factions[f].seat
            if seat.kind != kind:
                try:
                    self.repo.set_seat_kind(self.id, f, kind)
                except SQLAlchemyError:
                    log.exception("game %s: could not store the %s seat's kind", self.id, f)
                seat.kind = kind

    def _reload(self, run_nonplayers: bool = False) -> None:
        """Throw the in-memory state away and rebuild it from the database (after any failure)."""
        try:
            row = self.repo.get_game(self.id)
            if row is None:  # deleted under a page that still holds the session
                self._state, self._broken, self._needs_reload = None, "this game was deleted", False
                return
            self._seats = {s.faction: s for s in self.repo.seats(self.id)}
            self._load(row, run_nonplayers)
        except Exception:
            log.exception("game %s: reloading from the database failed; will retry", self.id)
            self._state, self._needs_reload = None, True

    def _ready(self) -> None:
        if self._needs_reload:
            self._reload(run_nonplayers=True)
        if self._needs_reload:
            raise StoreUnavailable("the game's database cannot be reached right now; nothing was changed")

    # -- state and status ------------------------------------------------------------------

    @property
    def version(self) -> int:
        return self._version

    @property
    def status(self) -> str:
        if self._broken is not None:
            return "broken"
        return "finished" if self._state is not None and self._state.result is not None else "active"

    @property
    def broken_reason(self) -> str | None:
        return self._broken

    @property
    def result(self) -> dict[str, Any] | None:
        return None if self._state is None else self._state.result

    @property
    def seat_kinds(self) -> dict[str, str]:
        return dict(self._seat_kinds)

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._options)

    def state_json(self) -> str:
        """The complete state with every secret (tools, tests and exports only: never send it to a page)."""
        with self._lock:
            return to_json(self._loaded_state())

    def _loaded_state(self) -> GameState:
        """The state in memory, reloaded first if a write failed (hold the lock). Raises GameBroken."""
        self._ready()
        if self._state is None:
            raise GameBroken(self.id, self._broken or "not loaded")
        return self._state

    def _seat_for(self, token: object) -> str:
        """The faction ``token`` holds; NotSeated otherwise (never falls back to the spectator's view)."""
        viewer = self.seat_of(token)
        if viewer is None:
            raise NotSeated("this browser does not hold a seat in this game (a wrong token, or the seat was released)")
        return viewer

    def _set_broken(self, reason: str) -> None:
        log.error("game %s is broken: %s", self.id, reason)
        self._state, self._broken = None, reason
        self._store_status()
        self._notify(SessionEvent(self.id, self._version, "status", note=reason))

    def _store_status(self) -> None:
        wanted = (self.status, self._broken)
        if self._stored_status != wanted:
            result = json.dumps(self._state.result) if self._state is not None and self._state.result else None
            try:
                self.repo.set_status(self.id, wanted[0], wanted[1], result)
            except SQLAlchemyError:  # the lobby's status line is retried on the next change or load
                log.exception("game %s: could not store its status %s", self.id, wanted[0])
                return
            self._stored_status = wanted

    # -- views and seats -------------------------------------------------------------------

    def _view(self, viewer: str | None) -> dict[str, Any] | None:
        """The seat's view, shared with every caller at this version (read-only: see view_cache.py)."""
        if self._state is None:
            return None
        return self._views.get(self._version, self._state, viewer, lambda: self._fresh_view(viewer))

    def _fresh_view(self, viewer: str | None) -> dict[str, Any]:
        assert self._state is not None
        out = engine_view(self._state, viewer)
        out.update(version=self._version, game_id=self.id, status=self.status, shuffle_known_by=self._known_shuffle())
        return out

    def _known_shuffle(self) -> str | None:
        """Who can know the shuffle, when that matters: a game of several people (one person alone, or a teaching
        table sharing one screen, chose their own shuffle and hide nothing from anyone). "old_generator": a running
        game dealt by generator 1 (games made before engine 3), whose generator gives its state away, so a seat
        can compute the rest of the shuffle from what the table shows (lf/engine/rng.py); a chosen seed or a file
        names who knows it, so that is said first."""
        computers = self._options.get("computers") or {}
        people = sum(1 for f, k in self._seat_kinds.items() if k == "human" and f not in computers)
        if people < 2 or self.mode == "teaching":
            return None
        if self.shuffle_known_by is None and self._options.get("generator") == 1 and self.status == "active":
            return "old_generator"
        return self.shuffle_known_by

    def view(self, token: str | None = None) -> dict[str, Any]:
        """The view for the seat ``token`` holds, or the spectator view when ``token`` is None.

        ``view["version"]`` is the session version to send back with ``act``. Raises NotSeated for
        a token that holds no seat (never falls back silently), GameBroken for a broken game.
        """
        with self._lock:
            self._ready()
            viewer = None if token is None else self._seat_for(token)
            self._loaded_state()
            return self._view(viewer)  # type: ignore[return-value]

    def seats(self) -> list[SeatInfo]:
        with self._lock:
            levels = computer_seats(self._state) if self._state is not None else {}
            return [SeatInfo(f, s.kind, s.display_name, s.token_hash is not None, levels.get(f))
                    for f in FACTIONS if (s := self._seats.get(f)) is not None]

    def seat_of(self, token: object) -> str | None:
        """The faction whose seat ``token`` holds, or None."""
        with self._lock:
            return next((f for f, s in self._seats.items() if token_matches(token, s.token_hash)), None)

    @property
    def public(self) -> bool:
        return self.invite_code is None

    def is_host(self, token: object) -> bool:
        return token_matches(token, self.host_hash)

    def invite_matches(self, faction: object, invite: object) -> bool:
        """Whether a join link's ``invite`` takes ``faction``'s seat: always in a public game; in a private one, only
        that seat's own invitation (lf/session/invites.py)."""
        if self.invite_code is None:
            return True
        seat = self._seats.get(faction) if isinstance(faction, str) else None
        return seat is not None and invites.matches(invite, seat.invite_code)

    def seat_invites(self) -> dict[str, str]:
        """{faction: invitation} of a private game's seats (for its host's join links); {} for a public game."""
        with self._lock:
            return {} if self.public else {f: s.invite_code for f, s in self._seats.items() if s.invite_code}

    def claim(self, faction: str, display_name: str | None = None, invite: str | None = None,
              claimed_by: str | None = None) -> str:
        """Claim a free human seat; returns its secret token (shown once: the browser must keep it).

        A private game's seat needs its own invitation (the secret of its join link). ``claimed_by``: a keyed
        hash of the claiming address, kept for the seats-per-address limit.
        """
        with self._lock:
            if not self.invite_matches(faction, invite):
                raise SeatUnavailable("This game is private: its seats are taken with the join links its host "
                                      "shares (this link has no valid invitation).")
            if faction not in FACTIONS:
                raise SeatUnavailable(f"there is no faction {faction!r}; the factions are {', '.join(FACTIONS)}")
            if self._broken is not None:
                raise GameBroken(self.id, self._broken)
            seat = self._seats.get(faction)
            if seat is not None and seat.kind == "computer":
                raise SeatUnavailable(f"the {label(faction)} are played by the computer; nobody can claim them")
            if seat is None or (seat.kind != "human" and seat.token_hash is None):
                raise SeatUnavailable(f"the {label(faction)} are played by the Non-player rules; nobody can claim them")
            if seat.token_hash is not None:
                raise SeatUnavailable(f"the {label(faction)}' seat is already taken by {seat.display_name}")
            name = clean_name(display_name, label(faction))
            token = new_token()
            with _store_errors():
                if not self.repo.claim_seat(self.id, faction, token_hash(token), name, claimed_by):
                    self._seats = {s.faction: s for s in self.repo.seats(self.id)}
                    raise SeatUnavailable(f"the {label(faction)}' seat was just taken")
            seat.token_hash, seat.display_name, seat.claimed_by = token_hash(token), name, claimed_by
            self._notify(SessionEvent(self.id, self._version, "seat", faction=faction))
            return token

    def rejoin(self, token: str) -> SeatInfo:
        """Come back with a kept token (after a reload, a lost connection, a restart): which seat it holds."""
        faction = self._seat_for(token)
        return next(s for s in self.seats() if s.faction == faction)

    def leave(self, token: str) -> str:
        """Give up the seat ``token`` holds: the token stops working and the seat is free to claim again."""
        with self._lock:
            return self._release(self._seat_for(token), token_hash(token))

    def release_seat(self, faction: str) -> str:
        """Free a seat whatever token holds it (a host's tool for a player who lost their browser)."""
        with self._lock:
            if faction not in self._seats or self._seats[faction].token_hash is None:
                raise SeatUnavailable(f"the {label(faction)}' seat is not taken")
            return self._release(faction, None)

    def _release(self, faction: str, held_by: str | None) -> str:
        invite = None if self.public else invites.new_code()  # the old link must not take the seat back
        with _store_errors():
            self.repo.release_seat(self.id, faction, held_by, invite)
        seat = self._seats[faction]
        seat.token_hash, seat.claimed_at, seat.claimed_by = None, None, None
        seat.invite_code = invite or seat.invite_code
        self._notify(SessionEvent(self.id, self._version, "seat", faction=faction))
        return faction

    # -- the table: who plays a seat, ending the game (lf/engine/table.py; the host's tools check rights) ---

    def set_seat_kind(self, faction: str, kind: str, note: str) -> int:
        """Hand ``faction`` to the Non-player rules (``kind="nonplayer"``), to the computer (``"computer:<level>"``)
        or back to its person, mid-game.

        Stored as a log row (so a reload rebuilds it) together with the seat's kind, logged in the game's
        log in ``note``'s words, announced like a move; a Non-player whose decision it now is acts at once.
        The seat's token is kept: its person can come back and take the seat again. Returns the version.
        """
        with self._lock:
            state = self._playable_state()
            if faction not in self._seats:
                raise BadRequest(f"there is no faction {faction!r}")
            if self.mode == "teaching":
                raise BadRequest("a teaching table plays every seat on one screen: its seats are not handed over")
            try:
                hand_over(state, faction, kind, note)
            except IllegalAction as exc:  # checked before anything changed
                raise BadRequest(f"The seat cannot be handed over now: {exc}.") from exc
            row_kind = "computer" if arg_level(kind) else kind  # the seat's row: who plays it, not the level
            self._table_commit(faction, {"kind": "seat", "arg": kind}, note, seat_kind=row_kind)
            self._seats[faction].kind = row_kind
            self._after_change(faction, "seat", f"seat:{kind}", note)
            self._run_nonplayers()
            return self._version

    def take_back(self, token: str, note: str) -> str:
        """The person holding a seat that a Non-player or the computer is playing takes it back; returns the
        faction."""
        with self._lock:
            faction = self._seat_for(token)
            if self._seats[faction].kind == "human":
                raise BadRequest(f"you already play the {label(faction)}")
            self.set_seat_kind(faction, "human", note)
            return faction

    def end(self, note: str) -> int:
        """End the game without a result (the host's tool), logged in ``note``'s words. Returns the version."""
        with self._lock:
            state = self._playable_state()
            who = next((p["faction"] for p in state.pending), state.initiative)
            end_game(state, who, note)
            self._table_commit(who, {"kind": "end"}, note)
            self._after_change(who, "action", "end", note)
            return self._version

    def _playable_state(self) -> GameState:
        state = self._loaded_state()
        if state.result is not None:
            raise BadRequest("the game is over")
        return state

    def _table_commit(self, faction: str, action: dict[str, Any], note: str, seat_kind: str | None = None) -> None:
        refusal = self._commit(faction, "action", action, note, seat_kind=seat_kind)
        if refusal is not None:
            raise StoreUnavailable(refusal.message)

    # -- subscribers -----------------------------------------------------------------------

    def subscribe(self, callback: Callable[[SessionEvent], Any], loop: Any = None) -> Subscription:
        """Call ``callback(event)`` after every change; with ``loop``, it runs on that asyncio loop instead."""
        with self._subs_lock:  # not the game's lock: a page never waits for a move being saved to follow it
            sub = Subscription(callback, loop, self._unsubscribe)
            self._subs.append(sub)
            return sub

    def _unsubscribe(self, sub: Subscription) -> None:
        with self._subs_lock:
            if sub in self._subs:
                self._subs.remove(sub)

    def glance(self, wait_s: float) -> tuple[dict[str, Any], list[SeatInfo]] | None:
        """The spectator's view and the seats, or None if a change holds the game for more than ``wait_s``
        (a move waiting for a locked database): the lobby shows what it saw last instead of waiting."""
        if not self._lock.acquire(timeout=wait_s):
            return None
        try:
            return self.view(), self.seats()
        finally:
            self._lock.release()

    def human_waits(self) -> dict[str, int]:
        """{faction: version at which its pending decision opened} for the seats a person plays (the turn timer)."""
        with self._lock:
            if self._state is None or self._state.result is not None:
                return {}
            return {f: v for f, v in self._since.items() if f in self._seats and self._seats[f].kind == "human"}

    @property
    def subscriber_count(self) -> int:
        return len(self._subs)

    def announce(self, kind: str, note: str) -> None:
        """Tell this game's pages something that does not change its state (kind "rematch": the new game's id)."""
        with self._lock:
            self._notify(SessionEvent(self.id, self._version, kind, note=note))

    def changed_elsewhere(self, version: int, kind: str, note: str | None = None) -> None:
        """Another process changed this game (lf.session.bus): read it again before anyone sees it, and say so."""
        with self._lock:
            if kind in ("action", "undo") and version <= self._version and not self._needs_reload:
                return  # already seen (or our own change)
            self._needs_reload = True
            self._notify(SessionEvent(self.id, max(version, self._version), kind, note=note, elsewhere=True))

    def _notify(self, event: SessionEvent) -> None:
        if self.publish is not None and not event.elsewhere:
            self.publish(event)
        for sub in list(self._subs):
            sub.deliver(event)

    # -- acting ----------------------------------------------------------------------------

    def act(self, token: str, version: int, action: Action | dict | str, faction: str | None = None) -> ActResult:
        """Apply ``action`` for the seat ``token`` holds, if the page that sent it is up to date.

        ``version`` is ``view["version"]`` of the page the player clicked on; ``faction``, if given,
        must be the token's seat (a page sends it to catch a mix-up). Never raises for bad input.
        """
        with self._lock:
            seat, refusal = self._gate(token, version, faction)
            if refusal is not None:
                return refusal
            try:
                act = Action.parse(action)
            except IllegalAction as exc:
                return self._answer(False, "malformed", f"That action could not be read: {exc}.", seat)
            self._run_nonplayers()
            if refusal := self._unplayable(seat, version):
                return refusal
            state = self._state
            assert state is not None and seat is not None
            try:
                apply(state, seat, act)
            except IllegalAction as exc:
                return self._answer(False, "illegal", f"{exc}.", seat)
            except Exception:
                log.exception("game %s: the engine failed on %s %s", self.id, seat, act.key)
                self._reload()
                return self._answer(False, "error", "The rules engine failed on this action; nothing was applied.",
                                    seat)
            if refusal := self._commit(seat, "action", act.to_json(), None, viewer=seat):
                return refusal
            self._redo.clear()
            self._after_change(seat, "action", act.key, None)
            self._run_nonplayers()
            return self._answer(True, "ok", "", seat)

    def undo(self, token: str, version: int) -> ActResult:
        """Take back the seat's own last step (as the engine allows), recorded as an undo row in the log."""
        with self._lock:
            seat, refusal = self._gate(token, version, None)
            if refusal is not None:
                return refusal
            if refusal := self._unplayable(seat, version, exact=True):
                return refusal
            state = self._state
            assert state is not None and seat is not None
            if not can_undo(state, seat):
                return self._answer(False, "illegal", "There is nothing you can undo now: only your own last step, "
                                    "and not after a card was drawn or revealed.", seat)
            last = state.actions[-1]["action"]
            try:
                self._state = engine_undo(state, seat)
            except Exception as exc:
                log.exception("game %s: undo failed", self.id)
                self._state = state
                return self._answer(False, "error", f"The undo failed; nothing was changed ({exc}).", seat)
            if refusal := self._commit(seat, "undo", last, None, viewer=seat):
                return refusal
            self._after_change(seat, "undo", Action.parse(last).key, None)
            self._run_nonplayers()
            words = action_words(Action.parse(last).key, own=True)  # only this seat reads the answer
            return self._answer(True, "ok", f"Your last step was taken back: {words}.", seat)

    # -- teaching games: free undo and redo -------------------------------------------------

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def teaching_undo(self, token: str, version: int) -> ActResult:
        """Teaching games: take back the last step of a person at the table, and the Non-player and Computer steps
        after it.

        The table shares one screen, so this may cross a draw or a reveal (issue 7); every step taken back
        is an undo row in the log, so a restart rebuilds exactly this position.
        """
        with self._lock:
            seat, refusal = self._teaching_gate(token, version)
            if refusal is not None:
                return refusal
            state = self._state
            assert state is not None
            computers = computer_seats(state)  # a Computer seat's step is taken back with the person's before it
            humans = [i for i, a in enumerate(state.actions)
                      if not is_nonplayer(state, a["faction"]) and a["faction"] not in computers]
            if not humans:
                return self._answer(False, "illegal", "There is no step to take back yet.", seat)
            while len(self._state.actions) > humans[-1]:
                last = self._state.actions[-1]
                self._state = engine_undo(self._state, last["faction"])
                if refusal := self._commit(last["faction"], "undo", last["action"], None, viewer=seat):
                    return refusal
                self._after_change(last["faction"], "undo", Action.parse(last["action"]).key, None)
            self._redo.append(last)
            self._computers.wake(self._state, self._since, self._version)  # a computer decision reopened: thought again
            words = action_words(Action.parse(last["action"]).key)  # the table's shared screen: no secret
            return self._answer(True, "ok", f"Took back the {label(last['faction'])}' step: {words}.", seat)

    def teaching_redo(self, token: str, version: int) -> ActResult:
        """Teaching games: play the last step taken back again (the Non-players then follow as before)."""
        with self._lock:
            seat, refusal = self._teaching_gate(token, version)
            if refusal is not None:
                return refusal
            if not self._redo:
                return self._answer(False, "illegal", "There is no step to redo.", seat)
            entry = self._redo[-1]
            act = Action.parse(entry["action"])
            try:
                apply(self._state, entry["faction"], act)
            except IllegalAction as exc:
                self._redo.clear()
                return self._answer(False, "illegal", f"That step cannot be replayed here: {exc}.", seat)
            if refusal := self._commit(entry["faction"], "action", act.to_json(), None, viewer=seat):
                return refusal
            self._redo.pop()
            self._after_change(entry["faction"], "action", act.key, None)
            self._run_nonplayers()
            return self._answer(True, "ok", f"Replayed the {label(entry['faction'])}' step: "
                                            f"{action_words(act.key)}.", seat)

    def previews(self, token: str) -> dict[str, str]:
        """What each legal option of the seat's pending decisions would do (action key -> words).

        Read-only: computed (outside the lock) from a copy of the state in memory, by
        ``lf.teaching.foresee`` on copies whose hidden order is reshuffled from public facts, so it never
        tells what an undrawn card holds. Raises NotSeated for a token without a seat, GameBroken for a
        broken game.
        """
        with self._lock:
            self._ready()
            seat = self._seat_for(token)
            state = clone(self._loaded_state())
        d = decision(state, seat)
        return {} if d is None else table_previews(state, seat, [c.action for c in d.choices])

    def seat_position(self, token: str) -> tuple[GameState, dict[str, Any]]:
        """A copy of the state and the seat's view at one moment, for the computer to think for that seat.

        The copy holds every secret: it is for ``lf.session.thinking`` only, whose search reads no more than the
        seat's information set (lf/ai/infoset.py), and never goes to a page. Raises NotSeated, GameBroken.
        """
        with self._lock:
            self._ready()
            seat = self._seat_for(token)
            state = clone(self._loaded_state())
            return state, self._view(seat)  # type: ignore[return-value]

    def history(self) -> list[Frame]:
        """The "what happened" frames (lf.engine.history) from the start of the previous turn, public view only."""
        with self._lock:
            state = clone(self._loaded_state())
        return frames(state, None)

    def _teaching_gate(self, token: object, version: object) -> tuple[str | None, ActResult | None]:
        seat, refusal = self._gate(token, version, None)
        if refusal is not None:
            return seat, refusal
        if self.mode != "teaching":
            return seat, self._answer(False, "illegal", "Free undo and redo belong to teaching games.", seat)
        return seat, self._unplayable(seat, version, exact=True)

    def _gate(self, token: object, version: object, faction: object) -> tuple[str | None, ActResult | None]:
        """Who is acting, or the refusal: unreachable database, broken game, bad token, forged faction."""
        try:
            self._ready()
        except StoreUnavailable as exc:
            return None, ActResult(False, "error", f"{str(exc).capitalize()}.", self._version, None)
        if self._broken is not None:
            return None, ActResult(False, "broken", f"This game cannot be played: {self._broken}", self._version, None)
        seat = self.seat_of(token)
        if seat is None:
            return None, self._answer(False, "token", "This browser does not hold a seat in this game (its seat "
                                      "token is wrong, or the seat was released); nothing was applied.", None)
        if faction is not None and faction != seat:
            return None, self._answer(False, "faction", f"Your seat is the {label(seat)}'; you cannot act for "
                                      f"the {label(faction)}. Nothing was applied.", seat)
        if type(version) is not int:
            return None, self._answer(False, "malformed", f"The page sent no valid version ({version!r}).", seat)
        return seat, None

    def _unplayable(self, seat: str | None, version: int, exact: bool = False) -> ActResult | None:
        """Refuse a game that is over or not loaded, and any click made on an out-of-date page."""
        if self._state is None:
            return self._cannot_play()
        if self._state.result is not None:
            return self._answer(False, "over", "The game is over; nothing was applied.", seat)
        if self._is_fresh(seat, version, exact):
            return None
        if version > self._version:
            why = f"Your page shows version {version}, but the game is at version {self._version}."
        elif seat not in self._since:
            why = "The game moved on: it is no longer your decision."
        else:
            why = f"The game changed since your page was drawn (version {version}, now {self._version})."
        return self._answer(False, "stale", f"{why} Nothing was applied; here is the current position.", seat)

    def _cannot_play(self) -> ActResult:
        return ActResult(False, "broken" if self._broken else "error",
                         f"This game cannot be played: {self._broken or 'it could not be loaded'}", self._version, None)

    def _is_fresh(self, seat: str | None, version: int, exact: bool) -> bool:
        if version == self._version:
            return True
        since = self._since.get(seat or "")
        return not exact and since is not None and since <= version < self._version

    def _track_decisions(self, actor: str | None) -> None:
        """Record, per faction, the version at which its current pending decision opened."""
        assert self._state is not None
        opened: dict[str, str] = {}
        for p in self._state.pending:
            f = p["faction"]
            fingerprint = json.dumps(p, sort_keys=True, default=str)
            if actor is None or f == actor or self._open.get(f) != fingerprint:
                self._since[f] = self._version
            opened[f] = fingerprint
        self._open = opened
        self._since = {f: v for f, v in self._since.items() if f in opened}

    def _commit(self, faction: str, kind: str, action: dict[str, Any], note: str | None,
                viewer: str | None = None, seat_kind: str | None = None) -> ActResult | None:
        """Persist the step already applied in memory; on failure, reload from the log and say so."""
        state = self._state
        assert state is not None
        finished = state.result is not None
        seq = self._version + 1
        snapshot = make_snapshot(state) if finished or seq % SNAPSHOT_EVERY == 0 else None
        row = NewRow(faction, kind, json.dumps(action, sort_keys=True, separators=(",", ":")), note)
        try:
            self.repo.append(self.id, self._version, row, status="finished" if finished else "active",
                             result=json.dumps(state.result) if finished else None, snapshot=snapshot,
                             seat_kind=seat_kind)
        except VersionConflict:
            log.warning("game %s: version conflict at %d; reloading", self.id, seq)
            self._reload()
            if self._state is None:
                return self._cannot_play()
            return self._answer(False, "stale", "The game moved on elsewhere; nothing was applied. Here is the "
                                "current position.", viewer)
        except Exception:
            log.exception("game %s: could not store row %d", self.id, seq)
            self._reload()
            return ActResult(False, "error", "The game could not be saved, so nothing was applied; try again.",
                             self._version, self._view(viewer))
        self._version = seq
        self._stored_status = (self.status, None)
        return None

    def _after_change(self, faction: str, kind: str, key: str, note: str | None) -> None:
        self._track_decisions(faction)
        self._notify(SessionEvent(self.id, self._version, kind, faction, key, note))

    def _run_nonplayers(self) -> None:
        """Let Non-player seats act while a decision is theirs, each step committed like a human's."""
        for _ in range(NONPLAYER_STEP_LIMIT):
            state = self._state
            if state is None or state.result is not None:
                self._computers.stop()
                return
            mover = next((p["faction"] for p in state.pending if is_nonplayer(state, p["faction"])), None)
            if mover is None:
                self._computers.wake(state, self._since, self._version)  # they think in other processes
                return
            try:
                action, rule = nonplayer_choose(state, mover)
                note = f"Non-player rule {rule}"
                apply(state, mover, action, note)
            except Exception as exc:
                log.exception("game %s: Non-player %s failed", self.id, mover)
                self._set_broken(f"the {label(mover)} (Non-player) could not take their step: "
                                 f"{type(exc).__name__}: {exc}")
                return
            if self._commit(mover, "action", action.to_json(), note) is not None:
                return  # reloaded from the log; the Non-player moves again on the next request or load
            self._after_change(mover, "action", action.key, note)
        self._set_broken(f"the Non-players took more than {NONPLAYER_STEP_LIMIT} steps in a row")

    def _computer_moved(self, asked: Asked, thought: Any) -> None:
        """A computer's move came back from the pool (in a worker thread): play it if its question is still open."""
        with self._lock:
            if not self._computers.current(asked, thought):
                return  # dropped meanwhile: the decision closed, or another thought replaced it
            self._computers.done()
            try:
                self._ready()
            except StoreUnavailable:
                return  # the next load or change thinks again
            state = self._state
            if state is None or state.result is not None or self._since.get(asked.faction) != asked.opened:
                self._run_nonplayers()
                return
            try:
                act, note = played(thought)  # (the simple rules' move when its thinking processes kept dying)
                apply(state, asked.faction, act, note)
            except Exception as exc:
                self._computer_failed(asked.faction, exc)
                return
            self._computers.failures = 0
            if self._commit(asked.faction, "action", act.to_json(), note) is not None:
                return  # reloaded from the log; the computer thinks again on the next request or load
            self._after_change(asked.faction, "action", act.key, note)
            self._run_nonplayers()

    def _computer_failed(self, faction: str, exc: Exception) -> None:
        log.error("game %s: the computer's move for the %s failed: %s: %s", self.id, faction, type(exc).__name__, exc)
        self._reload()  # the engine may have failed half-way: the log is the truth
        self._computers.failures += 1
        if self._computers.failures >= RETRIES:
            self._set_broken(f"the {label(faction)} {FAILED_STEP}: {type(exc).__name__}: {exc}")
        else:
            self._run_nonplayers()

    def _computer_claim_lost(self, asked: Asked, thought: Any) -> None:
        """Another process took over the claim of a thought under way (this one was too slow to renew it): stop
        thinking here, and wait for that process's claim like any other."""
        with self._lock:
            if self._computers.current(asked, thought):
                self._computers.stop()
        self.retry_computers()

    def retry_computers(self, stale: bool = False) -> None:
        """Wake the computer's seats again (the claim another process held was given back or lapsed); ``stale``:
        this copy was behind the database, read it again first. Runs in a worker thread; nothing once the registry
        let go of this session."""
        with self._lock:
            if self._let_go:
                return
            reloads = stale or self._needs_reload
            if stale:
                self._needs_reload = True
            try:
                self._ready()  # a reload wakes them itself
            except StoreUnavailable:
                log.warning("game %s: the database is unreachable; the computer tries again at the next change",
                            self.id)
                return
            if not reloads and self._state is not None:
                self._run_nonplayers()

    def thinking(self) -> dict[str, float]:
        """{faction: share of its thinking done} of the computer's seat thinking now in this process ({}: none).
        Reads two fields and a float in shared memory, without the game's lock (a page's figure, a few times a
        second)."""
        return self._computers.thinking()

    def computer_waits(self) -> bool:
        """A computer's decision waits for another process's claim (lf/session/claims.py)."""
        return self._computers.waits()

    def let_go(self) -> None:
        """Stop thinking for this game (the registry let go of it: another load thinks again)."""
        with self._lock:
            self._let_go = True
            self._computers.stop()

    def _answer(self, ok: bool, code: str, message: str, viewer: str | None) -> ActResult:
        return ActResult(ok, code, message, self._version, self._view(viewer))

    # -- checks ----------------------------------------------------------------------------

    def verify(self) -> str | None:
        """Replay the whole stored log from the seed and compare with the state in memory.

        Returns None when they are identical, else what differs. Slow-ish (a full replay); for
        tools and tests, and after an upgrade of the rules.
        """
        with self._lock:
            self._ready()
            if self._state is None:
                return self._broken or "not loaded"
            try:
                entries: list[LogEntry] = [parse_entry(r.seq, r.faction, r.kind, r.action, r.note)
                                           for r in self.repo.log(self.id)]
                check_sequence(entries, self._version)
                fresh = replay_entries(start_state(self.seed, self._seat_kinds, self._options), entries)
            except ReplayError as exc:
                return str(exc)
            if to_json(fresh) != to_json(self._state):
                return "the state in memory differs from a full replay of the stored log"
            return None


@contextmanager
def _store_errors() -> Iterator[None]:
    """A database failure in a lobby operation becomes StoreUnavailable (a plain message, nothing changed)."""
    try:
        yield
    except SQLAlchemyError as exc:
        log.exception("database failure")
        raise StoreUnavailable(f"{plain_database_error(exc)}; nothing was changed") from exc


def _decode_setup(row: GameRow) -> tuple[dict[str, str], dict[str, Any]]:
    try:
        seats, options = json.loads(row.seats), json.loads(row.options)
    except (json.JSONDecodeError, TypeError) as exc:
        raise ReplayError(0, f"the game's stored seats or options are not valid JSON: {exc}") from exc
    if not isinstance(seats, dict) or not isinstance(options, dict):
        raise ReplayError(0, "the game's stored seats and options must be JSON objects")
    return seats, options
