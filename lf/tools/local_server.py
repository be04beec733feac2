"""lf's server in a subprocess on this machine, and the Chromium that visits it: for the browser benchmark
(``bench_browsers``) and the browser tests (``tests/e2e``), so both run the server and the browser alike.

Why the environment is cleaned: pytest's ``PYTEST_CURRENT_TEST`` makes NiceGUI's ``ui.run()`` believe it runs
under its own test plugin (it then wants ``NICEGUI_SCREEN_TEST_PORT``), and a ``DATABASE_URL`` set for the
persistence tests would point the child at PostgreSQL: the child gets none of them.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

#: Debian's Chromium (``CHROMIUM_PATH`` overrides it); Playwright drives it, nothing is downloaded.
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def free_port() -> int:
    """A TCP port free on the loopback interface now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env(port: int, db: Path, storage: Path, secret: str, **extra: str) -> dict[str, str]:
    """The environment of a server on ``127.0.0.1:port`` over the SQLite file ``db``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "NICEGUI_"))}
    env.pop("DATABASE_URL", None)
    env.update(LF_HOST="127.0.0.1", LF_PORT=str(port), LF_DB=str(db), LF_STORAGE_SECRET=secret,
               NICEGUI_STORAGE_PATH=str(storage), PYTHONUNBUFFERED="1", **extra)
    return env


def wait_until_up(proc: subprocess.Popen, url: str, timeout: float, log: Path) -> None:
    """Until ``url/healthz`` answers; RuntimeError if the process exits first, TimeoutError after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}:\n{_tail(log)}")
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=1) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise TimeoutError(f"the server did not answer /healthz within {timeout:.0f} s:\n{_tail(log)}")
        time.sleep(0.05)


def _tail(log: Path) -> str:
    return log.read_text(errors="replace")[-4000:] if log.exists() else "(no log)"
