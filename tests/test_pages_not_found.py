"""Addresses that show nothing answer HTTP 404 with a page in lf's frame that says so and leads to the lobby.

Issue 12: an unknown game answered 200 with an unstyled line, and NiceGUI's own 404 page had none of lf's look.
The requests go through the app's HTTP stack (the ``user`` fixture's client), so the status codes are real.
"""

from __future__ import annotations

import html

import nicegui
import pytest
from nicegui.testing import User
from pages_helpers import reg  # noqa: F401

NOT_FOUND = [
    ("/no/such/page", "Page not found"),
    ("/game/000000000000", "This game doesn't exist"),       # well formed, unknown
    ("/game/not-a-game-id!", "This game doesn't exist"),     # malformed
    ("/teach/000000000000", "This game doesn't exist"),      # an unknown teaching game
    ("/teach/%3Cscript%3E", "This game doesn't exist"),
]


def _text(body: str) -> str:
    return html.unescape(body).replace("\\u0027", "'")


@pytest.mark.parametrize("path,title", NOT_FOUND)
async def test_what_does_not_exist_answers_404_in_lf_frame(reg, user: User, path: str, title: str) -> None:
    response = await user.http_client.get(path)
    assert response.status_code == 404
    text = _text(response.text)
    assert title in text
    assert '"text":"Back to the lobby"' in text and '"data-testid":"back-to-lobby"' in text
    assert "/assets/frame.css" in text and "lf-topbar" in text  # lf's frame, not NiceGUI's bare error page


async def test_an_existing_game_and_the_status_page_answer_200(reg, user: User) -> None:
    game = reg.create_game({"moderates": "nonplayer"}, name="Here", seed=3)
    assert (await user.http_client.get(f"/game/{game.id}")).status_code == 200
    status = await user.http_client.get("/status")
    assert status.status_code == 200
    assert "Player cards: 54" in _text(status.text) and "lf-topbar" in status.text


async def test_an_api_endpoint_keeps_its_json_404(reg, user: User) -> None:
    """Only pages get lf's page: NiceGUI's own endpoints still answer a missing resource in JSON."""
    response = await user.http_client.get(f"/_nicegui/{nicegui.__version__}/libraries/no-such-library")
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("application/json")
