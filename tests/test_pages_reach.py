"""The Seats dialog says when other devices cannot open its join links (issue 20): a server started with
``LF_HOST=127.0.0.1`` listens on this machine only, while its links name the machine's LAN address."""

from __future__ import annotations

from nicegui.testing import User
from pages_helpers import live, page_text, reg, see  # noqa: F401

from lf.pages import net
from lf.pages.reach import loopback_only, unreachable_words

TWO_HUMANS = {"anarchists": "human", "communists": "nonplayer", "moderates": "human"}


def test_loopback_addresses_are_this_machine_only():
    assert all(loopback_only(h) for h in ("127.0.0.1", "127.0.1.1", "localhost", "::1", "[::1]"))
    assert not any(loopback_only(h) for h in ("0.0.0.0", "::", "192.168.1.20", "lf.example.org"))


def test_the_warning_names_the_fix_and_is_silent_when_the_links_work():
    lan = f"http://{net.lan_address()}:8080"
    words = unreachable_words(lan, "127.0.0.1")
    assert words and "LF_HOST=127.0.0.1" in words and "LF_HOST=0.0.0.0 bash scripts/play.sh" in words
    assert unreachable_words(lan, "0.0.0.0") is None
    # behind a reverse proxy the links name the proxy's host, which the devices reach
    assert unreachable_words("https://lf.example.org", "127.0.0.1") is None


async def test_the_seats_dialog_warns_when_the_server_listens_on_loopback(reg, user: User, monkeypatch) -> None:
    game_id = reg.create_game(TWO_HUMANS, name="Loopback", seed=3).id
    monkeypatch.setenv("LF_HOST", "127.0.0.1")
    await user.open(f"/game/{game_id}?invite=1")
    await see(user, "Seats and invitations")
    await see(user, "other devices cannot open these links")
    monkeypatch.setenv("LF_HOST", "0.0.0.0")
    await user.open(f"/game/{game_id}?invite=1")
    await see(user, "Seats and invitations")
    assert "other devices cannot open" not in page_text(user)
