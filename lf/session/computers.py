"""The computer's seats of one live game: when a decision is theirs, think it out in the pool and play it.

Why it is shaped like this: a search takes seconds, so it must never run under the game's lock or on the
server's event loop. ``wake`` (called under the lock after every change, as the Non-players are) only builds
the seat's information and hands it to the thinking pool (lf/session/thinking.py); when the move comes back, a
worker thread takes the lock again and plays it through the session like any seat's step (``play``), if the
decision it answers is still the one open. Nothing is kept but the thought in flight: after a restart the
pending decision is simply thought again when the game is loaded (``Registry.resume_computers`` loads those
games at start), so nothing is lost. Before thinking, the decision is claimed in the database
(lf/session/claims.py), so of two processes holding the game only one thinks; the other waits for the claim to
be given back or to lapse (its owner died), then claims and thinks. Even without a claim, two processes would
commit one move only (the log's version check refuses the second).
"""

from __future__ import annotations

import concurrent.futures
import json
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from lf.ai import Move, remote
from lf.coach.words import GRADE_WORDS, SAME, grade
from lf.engine import Action, GameState
from lf.engine.computers import computer_seats
from lf.engine.constants import faction_label
from lf.engine.step_words import action_words
from lf.store.models import utcnow

from . import thinking
from .claims import CLAIMED, RENEW_S, STALE, Claims
from .thinking_queue import ANYONE, Turn

log = logging.getLogger("lf.session")

#: Failed thoughts (a search that raised, a move the rules refuse) in a row before the game is marked broken. A
#: thinking process that dies is not one: the pool thinks the decision again (lf/session/thinking.py), and after
#: ``thinking.ATTEMPTS`` deaths the seat plays by the simple rules (``played``).
RETRIES = 3
#: How a failure of a computer's step begins, in the game's stored reason (``Registry.resume_computers`` finds them).
FAILED_STEP = "(computer) could not take their step"
#: Threads that play the moves coming back (a move is a lock, an engine step and a commit: short).
movers = concurrent.futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="lf-computer")


@dataclass(frozen=True)
class Asked:
    """Which decision a thought answers: the faction and the version its pending decision opened at."""

    faction: str
    opened: int


class ComputerSeats:
    """The thought in flight for one game (at most one: the computer's seats decide one after the other)."""

    def __init__(self, play: Callable[[Asked, thinking.Thought], None], claims: Claims | None = None,
                 game_id: str = "", retry: Callable[[bool], None] | None = None,
                 lost: Callable[[Asked, thinking.Thought], None] | None = None,
                 turn: Turn = ANYONE) -> None:
        """``claims``: this process's claims (None: it thinks without asking anyone, e.g. a tool's session);
        ``retry(stale)`` wakes the game again later (``stale``: read it again first); ``lost`` is told when
        another process took the claim of a thought under way; ``turn``: the game's owner and class in the
        thinking queue (lf/session/thinking_queue.py)."""
        self._play = play
        self.claims, self.game_id = claims, game_id
        self._retry = retry or (lambda _stale: None)
        self._lost = lost or (lambda _asked, _thought: None)
        self.thought: thinking.Thought | None = None
        self.asked: Asked | None = None
        #: The game's version this process claimed the decision at (None: no claim held).
        self.claimed: int | None = None
        self.failures = 0
        self.turn = turn

    def wake(self, state: GameState, since: dict[str, int], version: int) -> None:
        """Think the first open decision of a computer's seat, unless it is being thought already (hold the lock).

        ``since``: the session's {faction: version its pending decision opened at}, so a move by another seat
        during a simultaneous choice does not restart a thought whose question has not changed; ``version``: the
        game's, at which the decision is claimed."""
        seats = computer_seats(state) if state.result is None else {}
        mover = next((p["faction"] for p in state.pending if p["faction"] in seats), None)
        asked = Asked(mover, since.get(mover, -1)) if mover is not None else None
        if asked is not None and asked == self.asked and self.thought is not None:
            return
        self.stop()
        if asked is None or not self._claim(asked, version):
            return
        try:
            thought = thinking.start(state, asked.faction, seats[asked.faction], seed=secrets.randbits(32),
                                     turn=self.turn)
        except Exception:  # the pool could not start (no memory, no processes): the move that woke it still stands
            log.exception("the computer could not start thinking for the %s; the next change tries again",
                          asked.faction)
            self.stop()
            return
        if thought is None:  # every slot of the pool is taken: the next change or load tries again
            log.warning("no thinking slot free for the %s; they will think at the next change", asked.faction)
            self.stop()
            return
        self.thought, self.asked = thought, asked
        log.info("game %s: the %s (computer) think at version %d", self.game_id, asked.faction, version)
        if self.claims is not None:
            self.claims.hold(self.game_id, version, thought.share, lambda: self._lost(asked, thought))
        thought.future.add_done_callback(lambda _f: _hand_on(self._play, asked, thought))

    def _claim(self, asked: Asked, version: int) -> bool:
        """Whether this process may think the decision now (no claims kept: always). If not, a retry is set: when
        the other process's claim lapses, or at once if this copy of the game is behind."""
        if self.claims is None:
            return True
        try:
            got = self.claims.take(self.game_id, asked.faction, version)
        except Exception:  # the database is unreachable: try again shortly
            log.exception("game %s: the computer's decision could not be claimed; trying again", self.game_id)
            self.claims.wait(self.game_id, utcnow() + timedelta(seconds=RENEW_S), lambda: self._retry(False))
            return False
        if got == CLAIMED:
            self.claimed = version
            return True
        if got == STALE:
            self.claims.wait(self.game_id, utcnow(), lambda: self._retry(True))
        else:
            self.claims.wait(self.game_id, got.until, lambda: self._retry(False))  # type: ignore[union-attr]
        return False

    def current(self, asked: Asked, thought: thinking.Thought) -> bool:
        return self.thought is thought and self.asked == asked

    def done(self) -> None:
        """The thought's move came back: it is played now (the claim stays until the next decision supersedes it,
        so no other process thinks this one meanwhile)."""
        if self.claims is not None and self.claimed is not None:
            self.claims.forget(self.game_id)
        self.thought, self.asked, self.claimed = None, None, None

    def stop(self) -> None:
        """Drop the thought in flight and give back its claim (the decision it answers closed, or the game is let
        go of), and stop waiting for another process's claim."""
        if self.thought is not None:
            self.thought.cancel()
        if self.claims is not None:
            self.claims.drop(self.game_id, self.claimed)
        self.thought, self.asked, self.claimed = None, None, None

    def waits(self) -> bool:
        """Whether a computer's decision waits for another process's claim (the game stays loaded meanwhile)."""
        return self.claims is not None and self.claims.waits(self.game_id)

    def thinking(self) -> dict[str, float]:
        """{faction: share of its budget spent} of the seat being thought now ({} when none)."""
        thought, asked = self.thought, self.asked
        if thought is None or asked is None:
            return {}
        return {asked.faction: thought.share()}


def _hand_on(play: Callable[[Asked, thinking.Thought], None], asked: Asked, thought: thinking.Thought) -> None:
    """From the pool's thread to a mover thread (the pool's must not wait for a game's lock or its database)."""
    if thought.future.cancelled():
        return
    try:
        movers.submit(play, asked, thought)
    except RuntimeError:  # the interpreter is shutting down: the next start thinks again
        log.info("the %s' move came back while lf stopped; it is thought again at the next start", asked.faction)


def played(thought: thinking.Thought) -> tuple[Action, str]:
    """The action to play for a thought that came back, and its note for the log: the search's move and its reason;
    or, when its thinking processes kept dying (``ThinkingFailed``), the playout rules' move from the same seat
    information (the arena's ``person:rules``), with a note that says so. Raises what the search raised."""
    try:
        move = thought.move()
    except thinking.ThinkingFailed as exc:
        log.warning("the %s (computer) play by the simple rules: %s", thought.faction, exc)
        action = remote.rules_move(json.loads(thought.text))
        words = action_words(action.key)
        return action, (f"{words[:1].upper()}{words[1:]}: the computer could not think (its thinking process kept "
                        "stopping), so it played by the simple rules")
    return Action.parse(move.action), reason(move)


def reason(move: Move) -> str:
    """One line for the log from the move's reasons, in public words (a secret card is never named), as a person
    would say it: how often the futures it tried after this move end in a won war (an estimate: each future is
    played a few turns, then judged), against the next option's, and whether that difference is one its playouts
    can tell apart (the coach's scale, lf/coach/words.py).

    "Action Points on the Madrid Front: the war is won 86% of the time over the 7 futures it tried after this move,
    against 57% after Action Points: Government +1 (a clear difference)"."""
    r = move.reasons
    words = action_words(move.action)
    words = words[:1].upper() + words[1:]
    if r.trivial or not r.options:
        return f"{words}: {r.trivial or 'the only option'}"
    best = r.options[0]
    line = f"{words}: the war is won {best.war:.0%} of the time over the {best.visits} futures it tried after this move"
    measured = [o for o in r.options[1:] if o.visits]
    if not measured:
        return line
    other = measured[0]
    other_words = action_words(other.action)
    after = "after the next option" if other_words == action_words(move.action) else f"after {other_words}"
    g = grade(best, other)
    if abs(r.war_weight * (best.war - other.war)) >= abs(best.win - other.win):  # the war made the difference
        line = f"{line}, against {other.war:.0%} {after} ({GRADE_WORDS[g]})"
    else:  # the seat's own win did (what the search weighs: its win, and the war by its weight)
        line = (f"{line}, and {other.war:.0%} {after}; the {faction_label(move.faction)} win {best.win:.0%} of the "
                f"time against {other.win:.0%} ({GRADE_WORDS[g]})")
    if r.anchored and g != SAME:
        line += "; it kept the move its partners expect"
    return line
