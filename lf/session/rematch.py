"""Playing a finished game again: the same seats (kinds, names, the browsers that hold them), a new seed.

Who may: a seated player of the finished game or its host, never anyone who only knows the game's id (every
page of the game follows the rematch, the host's too), and never for a game its host ended without a result
(the host stopped it; a new shuffle is theirs to start from the lobby).

Why the seats' token hashes are carried over: every player of the finished game
follows to the new one without claiming a seat again (their browser keeps the
same secret token, which now also holds their seat in the rematch), and a
Non-player seat stays a Non-player. Why the rematch is made once: two devices
may press Rematch together; a lock in this process and a unique index on
``games.rematch_of`` in the database (two servers may share it) let only the
first make a game, and every later press finds that game.

Why a rematch is counted like a created game (issue 27): it is a new game for the server's limits. It records
the visitor who pressed Rematch as its creator (``games.creator``, the key the games-per-hour limit counts), and
the caller's ``check`` (the server's limits) runs under the lock just before the game is made, so a visitor at
their hourly limit, or a server at its live games, gets no new game that way either; a later press that finds the
rematch already made is not a new game and is never refused.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable

from .errors import BadRequest, NotSeated, StoreUnavailable
from .game_session import GameSession
from .registry import Registry, new_game_rows

_lock = threading.Lock()
SUFFIX = re.compile(r"^(.*) · rematch(?: (\d+))?$")


NOT_YOURS = ("Only a player of this game or its host can start a rematch: this browser holds no seat in it and "
             "does not host it. Nothing was changed.")
ENDED = "The host ended this game without a result: it has no rematch. Nothing was changed."


def rematch(registry: Registry, game_id: str, held: Iterable[object] = (), host_token: object = None, *,
            creator: str | None = None, check: Callable[[], None] | None = None) -> GameSession:
    """The rematch of the finished game ``game_id``, made now or found (a second press gets the same game), for a
    browser holding one of the seat tokens ``held`` or the host token.

    ``creator``: the key of the visitor who pressed Rematch, stored as the new game's creator (the server's
    games-per-hour limit counts it); ``check``: called before the game is made (never when it is found), to refuse
    it beyond the server's limits (it raises, e.g. LimitReached, and nothing changes). Its pages are told (a
    "rematch" event naming the new game) so they can follow it.
    """
    old = registry.get(game_id)
    if old.status != "finished":
        raise BadRequest("only a finished game can be played again")
    if not old.is_host(host_token) and not any(old.seat_of(token) for token in held):
        raise NotSeated(NOT_YOURS)
    if (old.result or {}).get("war") == "ended":
        raise BadRequest(ENDED)
    with _lock:
        found = rematch_id(registry, game_id)
        if found is None:
            if check is not None:
                check()
            found = _create(registry, old, creator)
    new = registry.get(found)
    old.announce("rematch", new.id)
    return new


def rematch_id(registry: Registry, game_id: str) -> str | None:
    """The rematch of ``game_id``, if one was made."""
    return registry._store(lambda: registry.repo.rematch_id(game_id))  # noqa: SLF001 (the registry's error wrapper)


def rematch_of(registry: Registry, game_id: str) -> str | None:
    """The finished game ``game_id`` is the rematch of, if it is one."""
    row = registry._store(lambda: registry.repo.get_game(game_id))  # noqa: SLF001
    return None if row is None else row.rematch_of


def seat_in_rematch(registry: Registry, game_id: str, held: dict[str, dict[str, str]]) -> dict[str, str]:
    """{faction: token} of the seats a browser holds in the rematch ``game_id`` through the tokens it kept for
    the game it replays (``held``: game id -> {faction: token}); empty if it holds none there."""
    before = rematch_of(registry, game_id)
    kept = held.get(before or "") or {}
    if not kept:
        return {}
    new = registry.get(game_id)
    return {f: t for t in kept.values() if (f := new.seat_of(t)) is not None}


def host_of_rematch(registry: Registry, game_id: str, hosted: dict[str, str]) -> str | None:
    """The host token that hosts the rematch ``game_id`` because it hosted the game it replays, or None."""
    before = rematch_of(registry, game_id)
    token = hosted.get(before or "")
    return token if token and registry.get(game_id).is_host(token) else None


def rematch_name(name: str) -> str:
    """"Friday" -> "Friday · rematch" -> "Friday · rematch 2" -> ..."""
    m = SUFFIX.match(name)
    if m is None:
        return f"{name} · rematch"
    return f"{m.group(1)} · rematch {int(m.group(2) or 1) + 1}"


#: Options that say what a game was dealt with: a rematch is a new game, dealt with today's content and generator.
DEALT_WITH = ("content", "generator")


def _create(registry: Registry, old: GameSession, creator: str | None = None) -> str:
    """The new game's rows: the kinds the old game began with (a seat handed to a Non-player by the host or
    the turn timer is a person's again), its players, and its host, privacy, timer, hints and other options;
    ``creator`` is the visitor who pressed Rematch."""
    seats = {s.faction: s for s in registry._store(lambda: registry.repo.seats(old.id))}  # noqa: SLF001
    kinds = {f: old.seat_kinds.get(f, s.kind) for f, s in seats.items()}
    names = {f: s.display_name if kinds[f] in ("human", s.kind) else "" for f, s in seats.items()}
    # a new shuffle with today's generator and cards, whatever the old game was dealt with (lf/engine/rng.py,
    # lf/engine/content): every other option (the computers' seats, a level...) is the table's choice and stays
    options = {k: v for k, v in old.options.items() if k not in DEALT_WITH}
    row, seat_rows = new_game_rows(kinds, name=rematch_name(old.name), mode=old.mode, options=options,
                                   names=names, host_hash=old.host_hash, invite_code=old.invite_code,
                                   turn_seconds=old.turn_seconds, hints=old.hints)
    row.rematch_of, row.creator = old.id, creator
    for seat in seat_rows:
        kept = seats[seat.faction]
        if seat.kind == "human":
            seat.token_hash, seat.claimed_at, seat.claimed_by = kept.token_hash, kept.claimed_at, kept.claimed_by
    try:
        registry._store(lambda: registry.repo.create_game(row, seat_rows))  # noqa: SLF001
    except StoreUnavailable:
        found = rematch_id(registry, old.id)  # another server made it first: the unique index refused ours
        if found is None:
            raise
        return found
    return row.id
