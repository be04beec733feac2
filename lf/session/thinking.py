"""The thinking service: the computer's move for one seat, searched in other processes, awaited on a loop.

One contract for the computer seats (lf/session/computers.py) and the coach's suggestions::

    move = await think(state, "communists", "normal", seed=s, on_progress=lambda share: ...)

Why other processes: a search is seconds of pure Python. On the server's event loop it would freeze every page;
in a thread it would still hold the interpreter's lock the pages need. So it runs in a pool of processes
(``LF_THINKERS``, default: one per core this process may use), started from a fork server that has imported
only the computer player (never the server: a fork of a process with threads and sockets is unsafe), and
``nice``-d, so the server process wins the cores whenever both want them.

What crosses to a thinking process is the seat's information only (lf/ai/remote.py ``seat_request``: the
public board, its own cards, the pools and sizes of what it cannot see), never the true state, the seed or the
generator. What comes back is the move and its reasons (plain data).

Progress and stopping cross through two arrays in shared memory, one slot per decision being thought: the
process writes its share of the budget done into its slot after each playout, and reads its stop byte before
each; the awaiting coroutine reads the share every ``PROGRESS_EVERY`` seconds (a float read, no message) and
calls ``on_progress``. Cancelling the awaiting task sets the stop byte (or takes the request off the queue if
no process took it yet), so the search ends at its next playout and its move is dropped: ``think`` raises
CancelledError and nothing is applied. The slot is free again once its process let go of it.

Which decision gets a process is the queue's choice (lf/session/thinking_queue.py): a seated person's computer
opponents first, then the coach, then games nobody is at; owners take turns within each; a waiting decision may
stop a lower class's search, which waits again. The pool is handed at most one decision per process, so its own
first-come queue never decides anything.

A thinking process that dies (killed, out of memory) breaks its whole pool: ``concurrent.futures`` fails every
search in it and ends its other processes. Each thought then finds out, as the pool breaks and before the others
are ended, whether the process that died was its own (each process writes its pid into its slot's ``pids`` entry
while it searches); a new pool is started and every thought is handed to it again: a death costs only its own
thought. A decision whose process died ``ATTEMPTS`` times is not thought again: its future raises
``ThinkingFailed`` (the computer's seat then plays by the simple rules, lf/session/computers.py).

Measured cost to the server process per think (docs/server.md, "The computer's thinking"): building the seat's
information (about 1 ms), its JSON (4-10 KB), and one float read per ``PROGRESS_EVERY``.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import contextlib
import logging
import multiprocessing
import multiprocessing.context
import multiprocessing.spawn
import os
import threading
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from lf.ai import Move
from lf.ai import remote
from lf.engine import GameState

from .thinking_queue import ANYONE, Queue, Turn

log = logging.getLogger("lf.session")

#: Seconds between two reads of a search's progress.
PROGRESS_EVERY = 0.2
#: Decisions that can be in the pool at once (thinking or queued); more wait for a slot.
SLOTS = 256
#: A time limit per level, so a slow or busy machine never keeps a table waiting long (the budgets are playouts:
#: docs/ai.md measures a Strong decision at 5 s p95 on one core).
SECONDS = {"quick": 3.0, "normal": 8.0, "strong": 20.0}
#: How much lower the thinking processes' priority is than the server's (``os.nice``).
NICE = 10
#: Thinking processes that may die under one decision before it is no longer thought (``ThinkingFailed``).
ATTEMPTS = 3
#: Pools that may break under one decision, whoever died, before it is no longer thought (a pool that keeps
#: breaking before any search starts must not hand the decision on forever).
ROUNDS = 3 * ATTEMPTS


class ThinkingFailed(RuntimeError):
    """The decision's thinking process died ``ATTEMPTS`` times (or its pool kept breaking): it is not thought again."""


def pool_size() -> int:
    """``LF_THINKERS`` processes, else one per core this process may run on."""
    text = os.environ.get("LF_THINKERS", "").strip()
    if text:
        if not text.isdigit() or int(text) < 1:
            raise ValueError(f"LF_THINKERS must be a whole number of processes (1 or more), not {text!r}")
        return int(text)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


_launching = threading.local()
_prepare = multiprocessing.spawn.get_preparation_data


def _without_main(name: str) -> dict[str, Any]:
    """What a new process is told to prepare, without the main module when a thinking process is started.

    A process started from the fork server runs the parent's main module again (as ``__mp_main__``) unless told
    otherwise; lf's main.py starts a web server when it runs so (NiceGUI's idiom), and a thinking process needs
    only the computer player the fork server has imported. Other processes (the arena's pools) are not changed.
    """
    data = _prepare(name)
    if getattr(_launching, "thinker", False):
        data.pop("init_main_from_path", None)
        data.pop("init_main_from_name", None)
    return data


multiprocessing.spawn.get_preparation_data = _without_main


class _ThinkerProcess(multiprocessing.context.ForkServerProcess):
    @staticmethod
    def _Popen(process_obj: Any) -> Any:
        _launching.thinker = True
        try:
            return multiprocessing.context.ForkServerProcess._Popen(process_obj)
        finally:
            _launching.thinker = False


class _ThinkerContext(multiprocessing.context.ForkServerContext):
    Process = _ThinkerProcess


def _start_process(progress: Any, stop: Any, pids: Any) -> None:
    """Each thinking process: lower priority, deaf to the terminal's Ctrl-C (the server stops it), attached, and
    gone as soon as the server is."""
    import signal

    os.nice(NICE)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    remote.attach(progress, stop, pids)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent,), name="lf-thinker-parent", daemon=True).start()


def _end_with(parent: Any) -> None:
    """Wait for the server's end, then end this process.

    Why: a server stopped without its clean-up (SIGTERM then SIGKILL, a crash) leaves its pool's processes
    waiting for work forever, and the fork server with them (each holds the fork server's "alive" pipe): every
    restart would leave two more. The parent's sentinel (a pipe from the server) closes when it ends."""
    parent.join()
    os._exit(0)


class Thinkers:
    """The pool and its shared slots. Thread-safe; one per process (``thinkers()``)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or pool_size()
        self._ctx = _ThinkerContext()
        self._ctx.set_forkserver_preload(["lf.ai.remote"])  # never __main__: that would start a server
        self.progress = self._ctx.RawArray("d", SLOTS)
        self.stop = self._ctx.RawArray("b", SLOTS)
        #: The pid of the process searching each slot now (0: none), to tell whose process died.
        self.pids = self._ctx.RawArray("i", SLOTS)
        self._free = list(range(SLOTS))
        self._lock = threading.Lock()
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        #: Thinks running or queued now (for the load generator and the docs' figures).
        self.busy = 0
        #: The decisions waiting for a process, in the order they get one (lf/session/thinking_queue.py).
        self.queue = Queue(self.workers, launch=lambda t: t.launch(), stop=lambda t: t.stop_search(),
                           share=lambda t: t.share())

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    self.workers, mp_context=self._ctx, initializer=_start_process,
                    initargs=(self.progress, self.stop, self.pids))
            return self._pool

    def died_in(self, slot: int) -> bool:
        """Whether the process that was searching ``slot`` is gone. Exact only while its pool breaks (in the
        futures' callbacks): the pool ends its other processes right after. The fork server reaps a dead process
        before it tells the pool, so a dead pid is no process at all by then."""
        pid = self.pids[slot]
        if pid <= 0:
            return False  # not started yet: queued, or its process died before it began
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        except PermissionError:  # another user's process took the pid: ours is gone
            return True
        return False

    def discard_broken(self) -> None:
        """After a thinking process died (killed, out of memory) the pool refuses work: the next think starts a
        new one."""
        with self._lock:
            pool = self._pool
            if pool is None or not getattr(pool, "_broken", False):
                return
            self._pool = None
        pool.shutdown(wait=False, cancel_futures=True)

    def take_slot(self) -> int | None:
        with self._lock:
            if not self._free:
                return None
            slot = self._free.pop()
            self.progress[slot], self.stop[slot] = 0.0, 0
            self.busy += 1
            return slot

    def give_slot(self, slot: int) -> None:
        with self._lock:
            self._free.append(slot)
            self.busy -= 1

    def submit(self, slot: int, text: str) -> concurrent.futures.Future:
        try:
            return self._executor().submit(remote.work, slot, text)
        except BrokenProcessPool:
            self.discard_broken()
            return self._executor().submit(remote.work, slot, text)

    def warm(self) -> None:
        """Start the fork server and the processes now (a server at start), not at the first computer's move."""
        pool = self._executor()
        for f in [pool.submit(os.getpid) for _ in range(self.workers)]:
            f.result()

    def shutdown(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            for slot in range(SLOTS):
                self.stop[slot] = 1
            pool.shutdown(wait=True, cancel_futures=True)


_thinkers: Thinkers | None = None
_thinkers_lock = threading.Lock()


def thinkers() -> Thinkers:
    global _thinkers
    with _thinkers_lock:
        if _thinkers is None:
            _thinkers = Thinkers()
            atexit.register(_thinkers.shutdown)
        return _thinkers


class Thought:
    """One decision being thought in the pool: its share done so far, its move when done, a way to stop it.

    ``future`` is the thought's own, not the pool's: when a pool breaks, the decision is handed to the next pool
    (``_landed``, ``_again``), and ``future`` ends only with a move, the search's own error, ``ThinkingFailed``
    or a cancel. Its slot is given back once no process can write to it any more."""

    def __init__(self, pool: Thinkers, slot: int, text: str, faction: str, level: str, turn: Turn = ANYONE) -> None:
        self.pool, self.slot, self.text, self.faction, self.level = pool, slot, text, faction, level
        self.turn = turn
        self.future: concurrent.futures.Future = concurrent.futures.Future()
        #: Thinking processes that died while searching this decision; pools that broke under it.
        self.deaths = self.rounds = 0
        self._inner: concurrent.futures.Future | None = None
        self._slot_lock = threading.Lock()
        self._holds_slot = True

    def submit(self) -> None:
        """Put the decision in the queue (again): the queue hands it to the pool in its turn (``launch``)."""
        self.pool.queue.add(self, self.turn)

    def launch(self) -> None:
        """Its turn came: hand the decision to the pool (the queue calls it, outside its lock)."""
        if self.future.done():  # cancelled between the queue's choice and now
            self.pool.queue.finished(self)
            self._give_slot()
            return
        self.pool.pids[self.slot], self.pool.progress[self.slot], self.pool.stop[self.slot] = 0, 0.0, 0
        try:
            inner = self.pool.submit(self.slot, self.text)
        except Exception as exc:  # no new pool can start (no memory, no processes)
            self.pool.queue.finished(self)
            self._fail(exc)
            return
        self._inner = inner
        inner.add_done_callback(self._landed)
        if self.future.cancelled():  # cancelled while it was handed on
            self.pool.stop[self.slot] = 1
            inner.cancel()

    def stop_search(self) -> None:
        """Stop the search at its next playout to make room (the queue thinks it again later)."""
        self.pool.stop[self.slot] = 1

    def share(self) -> float:
        """0..1 of the budget spent (1 once the move is back)."""
        return 1.0 if self.future.done() else float(self.pool.progress[self.slot])

    def cancel(self) -> None:
        """Stop the search at its next playout (or take it off the queue); its move will not be read."""
        if self.future.done():
            return
        if self.pool.queue.withdraw(self):
            self.future.cancel()
            self._give_slot()
            return
        self.pool.stop[self.slot] = 1
        self.future.cancel()
        if (inner := self._inner) is not None:
            inner.cancel()

    def move(self) -> Move:
        """The move (call once the future is done). ThinkingFailed when its thinking processes kept dying."""
        return Move.from_json(self.future.result())

    def _landed(self, inner: concurrent.futures.Future) -> None:
        """The pool's search ended (in the pool's thread). A broken pool: was the dead process this thought's?
        Asked now, before the pool ends its other processes; the decision is handed on in another thread. A search
        stopped to make room for a higher class waits in the queue again; its move is not read."""
        if self.pool.queue.finished(self):
            if self.future.done():  # cancelled meanwhile: out of the queue again
                if self.pool.queue.withdraw(self):
                    self._give_slot()
            return
        if not inner.cancelled() and isinstance(inner.exception(), BrokenProcessPool) and not self.future.done():
            try:
                _rethink.submit(self._again, self.pool.died_in(self.slot))
            except RuntimeError:  # lf is stopping: nothing is played; the next start thinks the decision again
                self._give_slot()
                self.future.cancel()
            return
        self._give_slot()
        if inner.cancelled():
            return
        with contextlib.suppress(concurrent.futures.InvalidStateError):  # (cancelled: nobody reads it)
            if (exc := inner.exception()) is not None:
                self.future.set_exception(exc)
            else:
                self.future.set_result(inner.result())

    def _again(self, died: bool) -> None:
        """Think the decision again in a new pool, unless its own process died ``ATTEMPTS`` times."""
        self.pool.discard_broken()
        self.deaths += died
        self.rounds += 1
        if self.future.done():  # cancelled meanwhile
            self._give_slot()
            return
        if self.deaths >= ATTEMPTS or self.rounds >= ROUNDS:
            log.error("the thinking process of the %s died %d times (its pool broke %d times): not thought again",
                      self.faction, self.deaths, self.rounds)
            self._fail(ThinkingFailed(f"the computer's thinking process stopped {self.deaths} times"))
            return
        log.warning("a thinking process died%s; the %s' decision is thought again in a new pool",
                    " while the " + self.faction + " thought" if died else "", self.faction)
        self.submit()

    def _fail(self, exc: BaseException) -> None:
        self._give_slot()
        with contextlib.suppress(concurrent.futures.InvalidStateError):
            self.future.set_exception(exc)

    def _give_slot(self) -> None:
        with self._slot_lock:
            held, self._holds_slot = self._holds_slot, False
        if held:
            self.pool.give_slot(self.slot)


#: Hands a broken pool's decisions to the next pool, one after the other (never in the pool's own thread).
_rethink = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="lf-rethink")


def start(state: GameState, faction: str, level: str, *, seed: int, turn: Turn = ANYONE) -> Thought | None:
    """Start thinking ``faction``'s pending decision at ``level``; None when every slot is taken (try later).
    ``turn``: its owner and class in the queue (lf/session/thinking_queue.py).

    Reads ``state`` only here, in the caller's thread (hold the game's lock): the seat's information is built
    and sent, so the state may change as soon as this returns. ValueError for an unknown level.
    """
    if level not in SECONDS:
        raise ValueError(f"unknown level {level!r}; levels are {', '.join(SECONDS)}")
    text = remote.seat_request(state, faction, level, seed, SECONDS[level])
    pool = thinkers()
    slot = pool.take_slot()
    if slot is None:
        return None
    thought = Thought(pool, slot, text, faction, level, turn)
    thought.submit()
    return thought


async def think(state: GameState, faction: str, level: str, *, seed: int,
                on_progress: Callable[[float], None] | None = None, turn: Turn = ANYONE) -> Move:
    """The computer's move for ``faction``'s pending decision at ``level`` (quick, normal, strong), with its reasons.

    ``state`` is read (in a worker thread, to build the seat's information), never changed; pass a copy if
    another thread may change it meanwhile. ``seed`` is the search's own (not the game's). ``on_progress(share)``
    is called on this loop with 0..1 while it thinks. Cancel the awaiting task to stop the search: it stops at
    its next playout and nothing comes back. ValueError for a faction with no decision now or an unknown level.
    ``turn``: its owner and class in the queue (lf/session/thinking_queue.py).
    """
    thought = await asyncio.to_thread(start, state, faction, level, seed=seed, turn=turn)
    while thought is None:
        await asyncio.sleep(PROGRESS_EVERY)
        thought = await asyncio.to_thread(start, state, faction, level, seed=seed, turn=turn)
    try:
        await _await(thought, on_progress)
    except asyncio.CancelledError:
        thought.cancel()
        raise
    return thought.move()


async def _await(thought: Thought, on_progress: Callable[[float], None] | None) -> None:
    waiting = asyncio.wrap_future(thought.future)
    shown = -1.0
    while True:
        done, _ = await asyncio.wait({waiting}, timeout=PROGRESS_EVERY)
        if done:
            if not waiting.cancelled():
                waiting.exception()  # read here, raised by ``move()``: asyncio must not warn it was never read
            return
        share = thought.share()
        if on_progress is not None and share != shown:
            shown = share
            on_progress(share)
