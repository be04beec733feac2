"""Game files on the pages: download a finished game's file, open a file as a new game, the lobby's replay link.

The file is the session layer's export (``lf.session.exports``: the seed, the
seats and the action log, no seat secrets), served at ``/export/{game_id}.json``.
Only a finished game is served: the file holds the seed, from which every
hand and deck of a running game could be read. An opened file is checked
(lf/session/game_file.py) and replayed before anything is stored, so a bad file
changes nothing and the message says what is wrong and, for a step that does
not replay, at which log row. An opened file is a game like a created one: it
counts against the visitor's limits, this browser hosts it, and it is private
(an invitation per seat) unless the "Public" switch is on.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from fastapi import Response
from nicegui import app, events, ui

from lf.session.game_file import MAX_FILE_BYTES

from . import browser_seats, visitor
from . import session_port as port
from .in_thread import in_thread

TOO_LARGE = f"That file is larger than {MAX_FILE_BYTES // 1_000_000} MB: it is not an lf game file. Nothing was imported."
REFUSED = ("The server refused that file (it is larger than a game file may be, or this address sent too much). "
           "Nothing was imported.")


def export_path(game_id: str) -> str:
    return f"/export/{game_id}.json"


def file_name(name: str, game_id: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "game"
    return f"lf-{slug}-{game_id}.json"


def export_response(game_id: str) -> Response:
    """The game file as a download; a plain-words refusal (404 unknown, 409 still running) otherwise."""
    try:
        doc = port.export(game_id)
    except port.BadRequest as exc:
        return Response(str(exc), status_code=409, media_type="text/plain")
    except port.UnknownGame as exc:
        return Response(str(exc), status_code=404, media_type="text/plain")
    except port.SessionError as exc:
        return Response(str(exc), status_code=503, media_type="text/plain")
    name = file_name(doc["game"].get("name") or "", game_id)
    return Response(json.dumps(doc, indent=1), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


def download_link(game_id: str, finished: bool) -> None:
    """"Download the game file" for a finished game; why not yet, for a running one."""
    if finished:
        ui.link("Download the game file", export_path(game_id)) \
            .props('download data-testid=export').classes("lf-btnlink").mark("export")
    else:
        ui.label(port.EXPORT_WHILE_RUNNING).classes("lf-muted text-sm").mark("export-later")


def opened_path(new: port.NewGame) -> str:
    """Where an opened file goes: a finished game to its replay; a running one to its table (a private one with
    its Seats dialog open, so the host sends each player their link)."""
    if new.status == "finished":
        return f"/replay/{new.id}"
    return f"/game/{new.id}" + ("?invite=1" if new.invites else "")


def import_button(then: Callable[[port.NewGame], str] = opened_path, label: str = "Open a game file") -> None:
    """A button that opens a game file as a new game hosted by this browser (private unless "Public" is on),
    then goes to ``then(new game)`` (a page path).

    The file goes through a hidden uploader; a refused file is answered with the reason and nothing is stored.
    """

    async def received(e: events.UploadEventArguments) -> None:
        data = await e.file.read()
        try:
            new = await in_thread(port.import_game, data, creator=visitor.key(), private=not public.value)
        except port.SessionError as exc:
            refused(f"{e.file.name or 'This file'} was not imported: {exc}")
            return
        browser_seats.remember_host(new.id, new.host_token)
        error.set_visibility(False)
        ui.navigate.to(then(new))

    def refused(message: str) -> None:
        ui.notify(message, type="negative", multi_line=True, timeout=0, close_button="OK")
        error.set_text(message)
        error.set_visibility(True)
        upload.reset()

    upload = ui.upload(auto_upload=True, max_file_size=MAX_FILE_BYTES, on_upload=received,
                       on_rejected=lambda: ui.notify(TOO_LARGE, type="negative", multi_line=True)) \
        .props('accept=".json,application/json"').classes("lf-hidden-upload").mark("import-upload")
    upload.on("failed", lambda: refused(REFUSED))
    with ui.row().classes("items-center gap-2"):
        ui.button(label, icon="upload_file") \
            .on("click", js_handler=f"() => runMethod({upload.id}, 'pickFiles', [])") \
            .props("outline no-caps data-testid=import").mark("import")
        public = ui.switch("Public: listed in the lobby").props("data-testid=import-public").classes("lf-switch") \
            .mark("import-public")
    error = ui.label("").classes("lf-import-error").props('role=alert data-testid=import-error').mark("import-error")
    error.set_visibility(False)


def import_box() -> None:
    """The lobby's box: open a game file as a new game (a finished one opens in the replay)."""
    with ui.element("div").classes("lf-box").mark("import-box"):
        ui.label("Open a game file").classes("lf-box-h")
        ui.label("A game downloaded from lf: it is checked step by step, then opens as a new game that you host "
                 "(private unless Public is on).").classes("lf-muted text-sm")
        import_button(label="Choose a file")


def replay_button(line: port.LobbyGame) -> None:
    """The lobby's link from a finished game to its replay (nothing for a running game)."""
    if line.status == "finished":
        ui.button("Replay", icon="history", on_click=lambda: ui.navigate.to(f"/replay/{line.id}")) \
            .props("flat dense no-caps").mark(f"replay-{line.id}")


def register() -> None:
    app.get("/export/{game_id}.json", include_in_schema=False)(export_response)
