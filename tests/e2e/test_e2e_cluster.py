"""Two lf processes on one PostgreSQL behind HAProxy (docs/server.md, "More than one process"), in Chromium.

A game is created from the lobby and played through the proxy; the process that serves it is killed with
SIGKILL; the page reconnects and reloads by itself, and the same browser finds the same game, at the same
version, in its seat, served by the other process, and plays on: nothing was lost. And a game created through
one process appears, without a reload, in the lobby of the other (PostgreSQL LISTEN/NOTIFY).
"""

from __future__ import annotations

import random
import urllib.request
from collections.abc import Iterator

import pytest
from e2e_play import OFFERED_OR_OVER_JS, confirm_if_asked, game_over, mark_page, snapshot, take, wait_reloaded
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from sqlalchemy import create_engine, text

from lf.components.prompt import CONFIRM_KINDS
from lf.store.db import normalize_url
from lf.store.pg_cluster import find_bindir
from lf.tools.cluster import Cluster, haproxy_binary
from lf.tools.page_policy import OFFERED_JS, kind_of

pytestmark = pytest.mark.e2e
WAIT_MS = 20_000


@pytest.fixture
def cluster(tmp_path) -> Iterator[Cluster]:
    missing = [what for what, ok in (("haproxy", haproxy_binary()), ("PostgreSQL's server binaries", find_bindir()))
               if not ok]
    if missing:
        pytest.skip(f"{' and '.join(missing)} not installed (scripts/test.sh installs them as root)")
    with Cluster(processes=2, workdir=tmp_path / "cluster") as c:
        yield c


def _browser(chromium, base_url: str):
    ctx = chromium.new_context(base_url=base_url, viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(WAIT_MS)
    return ctx, ctx.new_page()


def _version(page) -> int:
    return int(page.get_by_test_id("game").get_attribute("data-version"))


def _a_game_in_play(page, rng: random.Random) -> tuple[str, int]:
    """A game made from the lobby, four moves played into it and not over (else another): (id, version)."""
    for _ in range(5):
        page.goto("/")
        page.get_by_test_id("play-as-anarchists").click()  # the lobby may be one process, the game the other
        page.wait_for_url("**/game/*")
        game_id = page.url.rsplit("/", 1)[1].split("?")[0]
        for _ in range(4):
            version = _move(page, rng)
            if game_over(page):
                break
        else:
            return game_id, version
    raise AssertionError("five deals in a row ended within four moves")


def _move(page, rng: random.Random) -> int:
    """One move chosen among the options the page offers, taken as a player takes it (a tap on the board, or the
    prompt bar's button), confirmed when asked; returns the new version."""
    before = _version(page)
    try:  # the Non-players may still move
        page.wait_for_function(OFFERED_OR_OVER_JS, timeout=WAIT_MS)
    except PlaywrightError as exc:
        raise AssertionError(f"nothing offered to this seat at version {before}: the page shows {snapshot(page)}, "
                             f"the seat chip {page.locator('.lf-status .lf-chip').first.inner_text()!r}") from exc
    keys = page.evaluate(OFFERED_JS)
    assert keys, f"the game is over at version {before}: {snapshot(page)['outcome']}"
    key = rng.choice(keys)
    take(page, key, touch=False)
    if kind_of(key) in CONFIRM_KINDS:
        confirm_if_asked(page, before, touch=False)
    page.wait_for_function(f"() => +document.querySelector('[data-testid=game]').dataset.version > {before}")
    return _version(page)


def _served_by(cluster: Cluster, game_id: str) -> str:
    """Which process the proxy sends the game's pages to now (the X-LF-Node of its answer)."""
    with urllib.request.urlopen(f"{cluster.url}/game/{game_id}", timeout=10) as r:
        return r.headers["X-LF-Node"]


def _log_rows(cluster: Cluster, game_id: str) -> list[int]:
    engine = create_engine(normalize_url(cluster.database_url))
    try:
        with engine.begin() as c:
            return [r[0] for r in c.execute(text("SELECT seq FROM actions WHERE game_id = :g ORDER BY seq"),
                                            {"g": game_id})]
    finally:
        engine.dispose()


def test_a_game_survives_the_death_of_its_process_behind_the_proxy(cluster: Cluster, chromium) -> None:
    ctx, page = _browser(chromium, cluster.url)
    try:
        game_id, version = _a_game_in_play(page, random.Random(7))
        assert _log_rows(cluster, game_id) == list(range(1, version + 1))
        serving = _served_by(cluster, game_id)
        index = next(i for i, n in enumerate(cluster.nodes) if n.name == serving)

        mark_page(page)
        cluster.kill(index)  # SIGKILL: no shutdown handler runs
        cluster.wait_routed(1)  # the proxy's health checks took it out
        wait_reloaded(page)  # by itself, through the proxy, by the other process
        expect(page.get_by_test_id("game")).to_have_attribute("data-version", str(version), timeout=WAIT_MS)
        assert _served_by(cluster, game_id) != serving
        after = _move(page, random.Random(8))  # still this browser's seat, on the other process
        assert after > version
        assert _log_rows(cluster, game_id) == list(range(1, after + 1))  # nothing lost, nothing twice
    finally:
        ctx.close()


def test_the_lobby_of_one_process_shows_a_game_created_through_the_other(cluster: Cluster, chromium) -> None:
    one, two = cluster.nodes
    watch_ctx, watcher = _browser(chromium, one.url)  # straight to process 1, not through the proxy
    make_ctx, maker = _browser(chromium, two.url)  # straight to process 2
    try:
        watcher.goto("/")
        expect(watcher.get_by_test_id("play-now")).to_be_visible()
        maker.goto("/")
        maker.get_by_test_id("play-as-moderates").click()
        maker.wait_for_url("**/game/*")
        game_id = maker.url.rsplit("/", 1)[1].split("?")[0]
        expect(watcher.get_by_test_id(f"game-{game_id}")).to_be_visible()  # no reload: told by NOTIFY
    finally:
        watch_ctx.close()
        make_ctx.close()
