"""Secrets a browser holds (seat and host tokens), sealed before they reach NiceGUI's storage files.

Why: ``app.storage.user`` lives in ``.nicegui/storage-user-<browser>.json`` on the server's disk. A token
written there in plain text can be read by anyone who can read that directory (a backup, another account,
a leaked file) and used to act for the seat. Sealed with a key derived from the storage secret (Fernet:
AES-128-CBC + HMAC-SHA256), the file alone is useless; the secret lives in LF_STORAGE_SECRET or in
``.nicegui/secret`` (mode 0600), never in the storage files.
"""

from __future__ import annotations

import base64
import hashlib

from cryptography.fernet import Fernet, InvalidToken
from nicegui.storage import Storage

PREFIX = "sealed:"
_fernets: dict[str, Fernet] = {}


def _fernet() -> Fernet:
    secret = Storage.secret
    if not secret:
        raise RuntimeError("browser secrets need the storage secret (ui.run(storage_secret=...))")
    if secret not in _fernets:
        key = hashlib.sha256(b"lf sealed browser secrets\0" + secret.encode()).digest()
        _fernets[secret] = Fernet(base64.urlsafe_b64encode(key))
    return _fernets[secret]


def seal(value: str) -> str:
    return PREFIX + _fernet().encrypt(value.encode()).decode("ascii")


def unseal(stored: object) -> str | None:
    """The secret inside ``stored``; None if it is not a sealed value of this server's secret.

    A plain token left by an older lf (before sealing) is returned as it is, so nobody loses a seat on
    upgrade; ``is_sealed`` lets the caller re-seal it.
    """
    if not isinstance(stored, str) or not stored:
        return None
    if not stored.startswith(PREFIX):
        return stored
    try:
        return _fernet().decrypt(stored[len(PREFIX):].encode("ascii")).decode()
    except (InvalidToken, ValueError):
        return None


def is_sealed(stored: object) -> bool:
    return isinstance(stored, str) and stored.startswith(PREFIX)
