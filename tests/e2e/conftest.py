"""Real-browser end-to-end fixtures: lf's server in a subprocess, Debian's Chromium through Playwright.

Fixtures (all documented here so other e2e modules, e.g. test_e2e_teaching.py, can build on them):

``lf_server`` (function scope) -> ``LfServer``
    ``python main.py`` in a subprocess on a free loopback port, with a fresh SQLite file (``LF_DB``), its own
    NiceGUI storage directory (the seats browsers hold survive a restart) and a fixed storage secret; ready
    once ``/healthz`` answers. ``.url``, ``.db_path``, ``.kill()`` (SIGKILL, no clean-up, like a power cut of
    the process), ``.start()`` (again, same port, same database, same storage), ``.restart()`` (kill + start),
    ``.rss_mb()`` (resident memory via /proc), ``.log_text()`` and ``.tracebacks()`` (server log).
    Stopped with SIGTERM after the test.

``chromium`` (module scope) -> ``playwright.sync_api.Browser``
    Debian's ``/usr/bin/chromium`` (``CHROMIUM_PATH`` overrides it) launched headless by Playwright's sync
    API. Never run ``playwright install``: it cannot download here and is not needed. Module scope on
    purpose: the sync API marks an asyncio loop as running in this thread until it is stopped, which would
    break NiceGUI's async ``user`` tests that run after it; stopping it at the end of each e2e module avoids
    that without reordering the suite.

``devices`` (function scope) -> ``Devices``
    A factory of "devices": ``devices.new("phone")`` / ``"tablet"`` / ``"laptop"`` / ``"spectator"`` opens a
    new browser context (its own cookies, so its own seats) with that device's viewport and touch, and one
    page (Quasar's dialog animations are switched off, see ``INSTANT_DIALOGS``); ``devices.reopen(device)`` closes the device's context and opens a new one with the same
    storage (cookies), i.e. the same person coming back in the same browser. Every page's console errors
    and page errors are collected in ``device.errors``. When a test fails, every open page is saved as a
    screenshot (and its HTML) under ``test-results/<test>/``, with the server's log and database.

Helpers to play through the pages live in ``e2e_play.py`` (the ``Table`` driver, page snapshots, the
database mirror) and ``lf.tools.page_policy`` (the seeded choice of moves, shared with ``bench-browsers``);
the server and Chromium are started as ``lf.tools.local_server`` says. Every test here carries
``@pytest.mark.e2e``; run only them with ``pytest -m e2e``, or skip them with ``-m "not e2e"``.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from live_server import LfServer  # tests/live_server.py: the server in a subprocess (the attack tests use it too)

from lf.tools.local_server import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "test-results"

#: Quasar dialogs open and close with a 300 ms scale animation; Playwright waits for it before every tap on
#: a confirmation. The tests switch these two transitions off (only them: the page is otherwise untouched).
INSTANT_DIALOGS = """
document.addEventListener('DOMContentLoaded', () => {
  const style = document.createElement('style');
  style.textContent = '.q-dialog__inner, .q-dialog__backdrop { transition: none !important; animation: none !important; }';
  document.head.appendChild(style);
});
"""

#: Browser context options per device kind (Playwright ``new_context`` keywords).
DEVICES: dict[str, dict] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
              "device_scale_factor": 2},
    "tablet": {"viewport": {"width": 820, "height": 1180}, "has_touch": True},
    "laptop": {"viewport": {"width": 1440, "height": 900}},
    "spectator": {"viewport": {"width": 1280, "height": 800}},
}


@pytest.fixture
def lf_server(tmp_path: Path) -> Iterator[LfServer]:
    server = LfServer(tmp_path)
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def chromium():
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    except Exception:
        pw.stop()
        raise
    yield browser
    browser.close()
    pw.stop()


@dataclass
class Device:
    """One person's browser: a context (cookies = seats) of a device kind, and its page."""

    name: str
    kind: str
    context: object
    page: object
    faction: str | None = None
    errors: list[str] = field(default_factory=list)

    @property
    def touch(self) -> bool:
        return bool(DEVICES[self.kind].get("has_touch"))


class Devices:
    """Opens device contexts on one browser against one server; closes them all at the end."""

    def __init__(self, browser, server: LfServer, instant_dialogs: bool = True) -> None:
        self.browser = browser
        self.instant_dialogs = instant_dialogs
        self.server = server
        self.open: list[Device] = []
        self.extra_pages: list[tuple[str, object]] = []

    def _context(self, kind: str, storage_state: dict | None = None):
        ctx = self.browser.new_context(base_url=self.server.url, storage_state=storage_state, **DEVICES[kind])
        ctx.set_default_timeout(15_000)
        if self.instant_dialogs:
            ctx.add_init_script(INSTANT_DIALOGS)
        return ctx

    def watch(self, device: Device, page) -> None:
        page.on("pageerror", lambda exc: device.errors.append(f"pageerror: {exc}"))
        page.on("console", lambda msg: device.errors.append(f"console: {msg.text}") if msg.type == "error" else None)

    def new(self, kind: str, name: str | None = None) -> Device:
        ctx = self._context(kind)
        device = Device(name or kind, kind, ctx, ctx.new_page())
        self.watch(device, device.page)
        self.open.append(device)
        return device

    def reopen(self, device: Device, path: str | None = None) -> Device:
        """Close the device's context (the browser is closed) and open a new one with the same cookies."""
        state = device.context.storage_state()
        url = path or device.page.url
        device.context.close()
        ctx = self._context(device.kind, storage_state=state)
        device.context, device.page = ctx, ctx.new_page()
        self.watch(device, device.page)
        device.page.goto(url)
        return device

    def new_tab(self, device: Device):
        """A second page in the same context (the same browser: the same seat)."""
        page = device.context.new_page()
        self.watch(device, page)
        self.extra_pages.append((f"{device.name}-tab{len(self.extra_pages) + 1}", page))
        return page

    def pages(self) -> list[tuple[str, object]]:
        return [(d.name, d.page) for d in self.open] + self.extra_pages

    def close(self) -> None:
        for d in self.open:
            try:
                d.context.close()
            except Exception:  # already closed (reopen, a crashed browser)
                pass


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture
def devices(request, chromium, lf_server: LfServer) -> Iterator[Devices]:
    devs = Devices(chromium, lf_server)
    yield devs
    failed = any(getattr(request.node, f"rep_{w}", None) is not None and getattr(request.node, f"rep_{w}").failed
                 for w in ("setup", "call"))
    if failed:
        out = RESULTS / re.sub(r"[^\w.-]+", "_", request.node.nodeid.split("::", 1)[-1])
        out.mkdir(parents=True, exist_ok=True)
        for name, page in devs.pages():
            try:
                page.screenshot(path=str(out / f"{name}.png"), full_page=True, timeout=5_000)
                (out / f"{name}.html").write_text(page.content())
            except Exception as exc:  # a closed page or a dead browser: note it and go on
                (out / f"{name}.txt").write_text(f"no screenshot: {exc}")
        (out / "server.log").write_text(lf_server.log_text())
        if lf_server.db_path.exists():  # the game as stored, to replay (e2e_play.Mirror, first_divergence)
            shutil.copy(lf_server.db_path, out / lf_server.db_path.name)
        errors = [f"{d.name}: {e}" for d in devs.open for e in d.errors]
        (out / "browser-errors.txt").write_text("\n".join(errors))
    devs.close()
