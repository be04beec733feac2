"""Start the lf server: `python main.py` (or `bash scripts/play.sh`) serves http://<this machine>:8080.

Env: LF_HOST (default 0.0.0.0), LF_PORT (default 8080), LF_STORAGE_SECRET (default: a random secret
generated once and kept in .nicegui/secret), LF_DB / DATABASE_URL (the database, see docs/persistence.md),
and the public server's limits and allow-lists (docs/server.md).
Pages are registered by functions (not at import) because NiceGUI's test fixture re-runs this file per test.
"""

import os
import secrets
from pathlib import Path

from nicegui import ui

from lf.pages import (cluster_node, frame, game, game_files, join, lobby, not_found, replay, rules_reference,
                      socket_text, status, teaching)
from lf.server.install import install

ROOT = Path(__file__).resolve().parent


def storage_secret() -> str:
    """LF_STORAGE_SECRET, else a secret generated on first start and persisted in .nicegui/secret."""
    if env := os.environ.get("LF_STORAGE_SECRET"):
        return env
    path = ROOT / ".nicegui" / "secret"
    if path.is_file() and (saved := path.read_text().strip()):
        return saved
    path.parent.mkdir(parents=True, exist_ok=True)
    value = secrets.token_urlsafe(32)
    path.write_text(value + "\n")
    path.chmod(0o600)
    return value


SECRET = storage_secret()
# Only with LF_NODE (one of several processes behind the proxy, docs/server.md). First: its middleware reads the
# browser's session, so it must sit inside the session middleware that ``install`` adds (the last added is outermost).
cluster_node.install()
install(SECRET)
frame.register_assets()
socket_text.install()
for module in (lobby, game, join, rules_reference, status, teaching, replay, game_files, not_found):
    module.register()

if __name__ in {"__main__", "__mp_main__"}:
    ui.run(
        host=os.environ.get("LF_HOST", "0.0.0.0"),
        port=int(os.environ.get("LF_PORT", "8080")),
        title="Land and Freedom — lf",
        language="en-GB",  # <html lang>: screen readers pick the voice by it (and Quasar its own words)
        favicon=ROOT / "assets" / "logo.svg",
        reload=False,
        show=False,
        storage_secret=SECRET,
        tailwind=False,  # its in-browser compiler re-styled the page after every move: see assets/lf.css, "base"
        proxy_headers=False,  # X-Forwarded-* are believed only from LF_TRUSTED_PROXIES (lf/server/guard.py)
    )
