"""Invitations: each seat of a private game has a secret of its own, carried by its join link.

Why one per seat: with one code per game, the same ``invite=`` was in every join link, so an invited player could
change the faction in the URL and take another free seat. Now a link takes only the seat it was made for. Why a
new one when a seat is freed: the removed player's link would otherwise take the seat back at once; the host's
Seats dialog shows the new link. A public game has no invitations (anyone may take a free seat).
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Iterable

CODE_BYTES = 12


def new_code() -> str:
    return secrets.token_urlsafe(CODE_BYTES)


def seat_codes(factions: Iterable[str], private: bool) -> dict[str, str | None]:
    """A new invitation for each seat of a private game; none for a public one."""
    return {f: (new_code() if private else None) for f in factions}


def matches(invite: object, code: str | None) -> bool:
    """Whether ``invite`` (from a join link) is the seat's invitation ``code`` (constant-time)."""
    return code is not None and isinstance(invite, str) and hmac.compare_digest(invite.encode(), code.encode())
