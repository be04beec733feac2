"""NiceGUI's socket.io messages sent as plain text, without python-socketio's search for binary parts.

Why: python-socketio walks every message it sends, recursively, to find bytes it would have to send as
binary attachments. NiceGUI's messages are JSON (orjson) and never hold bytes, yet the walk was about an
eighth of the server's CPU when a move reached 100 spectators (one update per page, each a nested dict of
elements; measured with cProfile, see docs/server.md). ``uses_binary_events = False`` is python-socketio's
own switch for packets that are never binary.
"""

from __future__ import annotations

from nicegui import core
from socketio.packet import Packet


class TextPacket(Packet):
    """A socket.io packet that is never binary (no recursive search of its data)."""

    uses_binary_events = False


def install() -> None:
    """Use text packets for every message this process's NiceGUI sends (call once, before serving)."""
    core.sio.packet_class = TextPacket
