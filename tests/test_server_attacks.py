"""Issue 13's attacks, each against lf's real server in a subprocess, driven over HTTP and real socket.io
clients as a script on the same network would (tests/live_server.py). Each of these passed for the attacker
before lf/server/ existed.
"""

from __future__ import annotations

import hashlib
import json
import stat

import httpx
import pytest
import socketio
from live_server import LfServer, PageSocket, server, settle  # noqa: F401 (server: a fixture)
from pages_helpers import wait_for as wait_until

from lf.server.sealed import PREFIX


async def _refused_socket(server: LfServer, headers: dict[str, str]) -> bool:
    """Whether a page's socket, opened with these extra headers, is refused by the server."""
    page = await PageSocket.open(server.url, connect=False)  # the page itself is loaded normally
    try:
        await page.connect(server.url, headers)
    except socketio.exceptions.ConnectionError:
        return True
    finally:
        await page.close()
    return False


async def test_dns_rebinding_a_forged_host_is_refused_on_http_and_on_the_socket(server: LfServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        for path in ("/", "/healthz", "/status", "/_nicegui_ws/socket.io/?EIO=4&transport=polling"):
            r = await http.get(path, headers={"Host": "attacker.example:8080"})
            assert r.status_code == 403, path
            assert "host name" in r.text
        assert (await http.get("/", headers={"Host": f"127.0.0.1:{server.port}"})).status_code == 200
        assert (await http.get("/", headers={"Host": f"localhost:{server.port}"})).status_code == 200
    assert await _refused_socket(server, {"Host": "attacker.example"})
    assert not await _refused_socket(server, {})


@pytest.mark.parametrize("server", [{"LF_ALLOWED_HOSTS": "lf.example.org,.games.example.net"}], indirect=True)
async def test_configured_names_are_allowed_and_nothing_else(server: LfServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        for host, code in (("lf.example.org", 200), ("play.games.example.net", 200), ("games.example.net", 200),
                           ("evil-lf.example.org", 403), ("example.org", 403)):
            assert (await http.get("/", headers={"Host": host})).status_code == code, host


async def test_a_page_of_another_site_cannot_use_the_visitors_cookies(server: LfServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        r = await http.get("/", headers={"Origin": "http://attacker.example"})
        assert r.status_code == 403 and "other sites" in r.text
        assert (await http.get("/", headers={"Origin": "null"})).status_code == 403
        assert (await http.get("/", headers={"Origin": server.url})).status_code == 200
    assert await _refused_socket(server, {"Origin": "http://attacker.example"})


async def test_every_answer_forbids_framing(server: LfServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        for path in ("/", "/healthz", "/assets/lf.css", "/no-such-page"):
            r = await http.get(path)
            assert r.headers["x-frame-options"] == "DENY", path
            assert "frame-ancestors 'none'" in r.headers["content-security-policy"], path


@pytest.mark.parametrize("server", [{"LF_TRUSTED_PROXIES": "127.0.0.1"}], indirect=True)
async def test_the_cookie_is_secure_behind_a_trusted_https_proxy(server: LfServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        r = await http.get("/", headers={"X-Forwarded-Proto": "https"})
        assert "Secure" in r.headers["set-cookie"]
    async with httpx.AsyncClient(base_url=server.url) as http:
        assert "Secure" not in (await http.get("/")).headers["set-cookie"]  # plain http: the cookie must work


async def test_without_a_trusted_proxy_a_forwarded_https_header_is_not_believed(server: LfServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        r = await http.get("/", headers={"X-Forwarded-Proto": "https"})
        assert "Secure" not in r.headers["set-cookie"]


async def test_a_second_socket_cannot_click_in_another_visitors_page(server: LfServer) -> None:
    victim = await PageSocket.open(server.url)
    attacker = await PageSocket.open(server.url)
    try:
        button = victim.element("play-now")
        # The attacker's socket sends a click on the victim's "Play now", naming the victim's page.
        await attacker.click(button, client_id=victim.client_id)
        await settle(1.5)
        assert server.game_count() == 0
        assert "not the socket's own" in server.log_text()
        # The same click from the victim's own socket works (the forged one was well-formed).
        await victim.click(button)
        await wait_until(lambda: server.game_count() == 1, why="the victim's own click creates a game")
    finally:
        await victim.close()
        await attacker.close()


async def test_a_socket_cannot_write_lines_into_the_server_log(server: LfServer) -> None:
    page = await PageSocket.open(server.url)
    other = await PageSocket.open(server.url)
    try:
        forged = "ok\n2026-01-01 00:00:00 ERROR lf.session: FORGED database wiped"
        await page.sio.emit("log", {"client_id": page.client_id, "level": "error", "message": forged})
        await other.sio.emit("log", {"client_id": page.client_id, "level": "error", "message": "FOREIGN line"})
        for n in range(40):  # more than the per-minute allowance
            await page.sio.emit("log", {"client_id": page.client_id, "level": "info", "message": f"FLOOD {n}"})
        await wait_until(lambda: "a browser says: ok" in server.log_text(), why="the sanitised line is logged")
        await settle(1.0)
        log = server.log_text()
        assert not any(line.startswith("2026-01-01") or line.lstrip().startswith("FORGED") for line in log.splitlines())
        assert "ok\\n2026-01-01" in log  # the newline is escaped: one line, marked as a browser's
        assert "FOREIGN" not in log
        assert log.count("FLOOD") <= 20
    finally:
        await page.close()
        await other.close()


@pytest.mark.parametrize("server", [{"LF_GAMES_PER_HOUR": "5"}], indirect=True)
async def test_a_raw_socket_creating_games_in_a_loop_hits_the_limit(server: LfServer) -> None:
    page = await PageSocket.open(server.url)
    try:
        button = page.element("play-now")
        for _ in range(12):
            await page.click(button)
        await wait_until(lambda: any("games in the last hour" in n for n in page.notifications),
                         why="the limit's message reaches the page")
        await settle(1.0)
        assert server.game_count() == 5
        # A second visitor from the same address (new cookies, new page) is refused too: the limit is per address.
        again = await PageSocket.open(server.url)
        await again.click(again.element("play-now"))
        await wait_until(lambda: any("games in the last hour" in n for n in again.notifications))
        await again.close()
        assert server.game_count() == 5
    finally:
        await page.close()


async def test_seat_tokens_never_sit_in_plain_text_in_the_storage_files(server: LfServer) -> None:
    page = await PageSocket.open(server.url)
    try:
        await page.click(page.element("play-now"))  # a quick game: this browser takes a seat and hosts the game
        await wait_until(lambda: server.game_count() == 1 and server.query(
            "SELECT COUNT(*) FROM seats WHERE token_hash IS NOT NULL")[0][0] == 1, why="the seat is claimed")
        await wait_until(lambda: any("lf_seats" in p.read_text() for p in server.storage.glob("storage-user-*.json")),
                         why="the browser's storage is written")
        hashes = {server.query("SELECT token_hash FROM seats WHERE token_hash IS NOT NULL")[0][0]}
        columns = [c[1] for c in server.query("PRAGMA table_info(games)")]
        if "host_hash" in columns:
            hashes.add(server.query("SELECT host_hash FROM games")[0][0])
        for path in server.storage.glob("storage-user-*.json"):
            strings = _strings(json.loads(path.read_text()))
            for s in strings:  # no stored string is (or hashes to) a token the database knows
                assert hashlib.sha256(s.encode()).hexdigest() not in hashes, f"a plain token in {path.name}"
            assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
            sealed = [s for s in strings if s.startswith(PREFIX)]
            assert len(sealed) >= 2  # the seat token and the host token, sealed
    finally:
        await page.close()


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (_strings(k) + _strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []
