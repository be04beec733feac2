"""Seat tokens: random secrets kept by the browser; the database keeps only their SHA-256.

The tokens are 192 random bits, so a plain SHA-256 (no salt, no slow hash)
is enough: nothing can be guessed from the stored hash, and a database leak
does not let anyone act for a seat. Comparison is constant-time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 24


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: object, stored_hash: str | None) -> bool:
    """True if ``token`` is a string whose hash is ``stored_hash`` (False for anything else)."""
    if not isinstance(token, str) or not token or stored_hash is None:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)
