"""What this browser remembers: the seats it holds, the games it hosts, its name, its sound choice.

Kept in ``app.storage.user`` (server-side, keyed by a signed browser cookie), so a reload, a lost
connection or a return the next day lands in the same seat, and a token never appears in a URL or in
the page. A browser holds any number of seats, several in one game too (one per tab: two players
sharing a laptop, or a host testing): seats are kept per game *and* faction, so taking a second seat
never drops the first (it once did, and the first seat was then held by nobody and the game stalled).
Tokens are sealed (``lf.server.sealed``) before they are written: the storage file alone cannot act.
"""

from __future__ import annotations

from typing import Any

from nicegui import app

from lf.engine.constants import FACTIONS
from lf.server.sealed import is_sealed, seal, unseal

SEATS = "lf_seats"  # {game_id: {faction: sealed token}}
HOSTS = "lf_hosts"  # {game_id: sealed host token}
NAME = "lf_name"
SOUND = "lf_sound"


def _store() -> Any:
    return app.storage.user


def _seat_map(entry: object) -> dict[str, str]:
    """{faction: token} of one game's entry; reads the one-seat entries of older lf ({"token", "faction"})."""
    if not isinstance(entry, dict):
        return {}
    if "token" in entry and "faction" in entry:
        entry = {entry["faction"]: entry["token"]}
    out = {}
    for faction, stored in entry.items():
        token = unseal(stored)
        if faction in FACTIONS and token:
            out[faction] = token
    return out


def _write_seats(game_id: str, seats: dict[str, str]) -> None:
    games = dict(_store().get(SEATS, {}))
    if seats:
        games[game_id] = {f: seal(t) for f, t in seats.items()}
    else:
        games.pop(game_id, None)
    _store()[SEATS] = games


def seats_in(game_id: str) -> dict[str, str]:
    """{faction: token} of every seat this browser holds in the game."""
    return _seat_map(_store().get(SEATS, {}).get(game_id))


def held(game_id: str, faction: str | None = None) -> dict[str, str] | None:
    """{"token", "faction"} of the seat this tab plays: ``faction``'s if held, else the first held one."""
    seats = seats_in(game_id)
    if faction in seats:
        return {"token": seats[faction], "faction": faction}
    first = next((f for f in FACTIONS if f in seats), None)
    return None if first is None else {"token": seats[first], "faction": first}


def all_held() -> dict[str, dict[str, str]]:
    """{game_id: {faction: token}} of every seat this browser holds."""
    return {g: m for g, e in _store().get(SEATS, {}).items() if (m := _seat_map(e))}


def remember(game_id: str, faction: str, token: str) -> None:
    seats = seats_in(game_id)
    seats[faction] = token
    _write_seats(game_id, seats)


def forget(game_id: str, faction: str | None = None) -> None:
    """Forget one seat of the game (or all of them when ``faction`` is None)."""
    seats = seats_in(game_id)
    for f in [faction] if faction else list(seats):
        seats.pop(f, None)
    _write_seats(game_id, seats)


def reseal() -> None:
    """Seal the plain tokens an older lf left in this browser's storage (called when a page opens)."""
    store = _store()
    games = store.get(SEATS, {})
    if any(not is_sealed(t) for e in games.values() if isinstance(e, dict) for k, t in e.items()
           if k != "faction"):
        store[SEATS] = {g: {f: seal(t) for f, t in m.items()} for g, e in games.items() if (m := _seat_map(e))}


# -- host rights -------------------------------------------------------------------------------------

def host_token(game_id: str) -> str | None:
    """The host token of a game this browser created, or None."""
    return unseal(_store().get(HOSTS, {}).get(game_id))


def hosted() -> dict[str, str]:
    return {g: t for g, s in _store().get(HOSTS, {}).items() if (t := unseal(s))}


def remember_host(game_id: str, token: str) -> None:
    hosts = dict(_store().get(HOSTS, {}))
    hosts[game_id] = seal(token)
    _store()[HOSTS] = hosts


def forget_host(game_id: str) -> None:
    hosts = dict(_store().get(HOSTS, {}))
    if hosts.pop(game_id, None) is not None:
        _store()[HOSTS] = hosts


# -- name and sound ----------------------------------------------------------------------------------

def display_name() -> str:
    return str(_store().get(NAME, ""))


def set_display_name(name: str) -> None:
    _store()[NAME] = name.strip()[:40]


def sound_on() -> bool:
    return bool(_store().get(SOUND, True))


def set_sound(on: bool) -> None:
    _store()[SOUND] = bool(on)
