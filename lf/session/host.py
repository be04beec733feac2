"""The host's powers over a game: free a seat, hand an absent player's faction to a Non-player or the computer
and back, end the game without a result, delete it.

Why rights are a token: the host is whoever created the game, and a browser proves it the way it proves a
seat, with a secret it holds (``HostedGame.host_token``, kept in the browser; the database keeps only its
SHA-256 in ``games.host_hash``). Games made before hosts existed, or by the API without one, have no host:
nobody can use these tools on them. Every change is logged in the game's log in words.
"""

from __future__ import annotations

from lf.engine.computers import level_label, seat_arg
from lf.engine.constants import faction_label

from .errors import NotHost, SeatUnavailable
from .game_session import GameSession
from .registry import Registry

NOT_HOST = "Only the game's host (the browser that created it) can do that; nothing was changed."


def require_host(session: GameSession, host_token: object) -> None:
    if not session.is_host(host_token):
        raise NotHost(NOT_HOST)


def release_seat(session: GameSession, host_token: object, faction: str) -> str:
    """Free a seat whoever holds it (its token stops working): for a player who lost their browser."""
    require_host(session, host_token)
    return session.release_seat(faction)


def to_nonplayer(session: GameSession, host_token: object, faction: str) -> int:
    """An absent person's faction is played by the Non-player rules from now on (their seat is kept)."""
    require_host(session, host_token)
    _human_seat(session, faction)
    return session.set_seat_kind(faction, "nonplayer", f"The host hands the {faction_label(faction)} to a "
                                                        "Non-player (Appendix 3) while their player is away")


def to_computer(session: GameSession, host_token: object, faction: str, level: str = "normal") -> int:
    """An absent person's faction is played by the computer from now on, by a person's rules (their seat is kept)."""
    require_host(session, host_token)
    _human_seat(session, faction)
    return session.set_seat_kind(faction, seat_arg(level), f"The host hands the {faction_label(faction)} to the "
                                                           f"computer ({level_label(level)}) while their player is away")


def to_person(session: GameSession, host_token: object, faction: str) -> int:
    """A faction a Non-player or the computer plays is played by a person again (its seat holder, or whoever
    claims it)."""
    require_host(session, host_token)
    return session.set_seat_kind(faction, "human", f"The host gives the {faction_label(faction)} back to a person")


def end_game(session: GameSession, host_token: object) -> int:
    require_host(session, host_token)
    return session.end("The host ended the game without a result")


def delete_game(registry: Registry, session: GameSession, host_token: object) -> None:
    require_host(session, host_token)
    registry.delete_game(session.id)


def _human_seat(session: GameSession, faction: str) -> None:
    seat = next((s for s in session.seats() if s.faction == faction), None)
    if seat is None or seat.kind != "human":
        who = "the computer" if seat is not None and seat.kind == "computer" else "the Non-player rules"
        raise SeatUnavailable(f"the {faction_label(faction)} are already played by {who}")
