"""Presence in words: a badge on each faction's line (connected, reconnecting, away since ...), and who the game
waits for without a device connected (lf/session/presence.py says who is here; these only draw it).

A time is written as the server's clock reads it (HH:MM) inside a ``<time>`` whose ``datetime`` is UTC; the
browser rewrites it in its own time zone (assets/lf.js, ``lfLocalTimes``), so a hosted server far away still
says "away since 14:02" as the player's own clock reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timezone

from lf.session.presence import AWAY, HERE, RECONNECTING, SeatPresence

from .theme import esc, faction_label

#: A seat no page was seen for.
NOT_SEEN = SeatPresence("unseen")


def clock_html(since: float) -> str:
    """``since`` (seconds since the epoch) as HH:MM, in a ``<time>`` the browser puts in its own time zone."""
    utc = datetime.fromtimestamp(since, timezone.utc)
    local = datetime.fromtimestamp(since).strftime("%H:%M")
    return f'<time datetime="{utc.isoformat(timespec="seconds")}" data-lf-clock="">{local}</time>'


def presence_words(p: SeatPresence) -> str:
    """The badge's words as plain text (tests and screen readers read the same)."""
    if p.state == HERE:
        return "connected"
    if p.state == RECONNECTING:
        return "reconnecting…"
    if p.state == AWAY and p.since is not None:
        return "away since " + datetime.fromtimestamp(p.since).strftime("%H:%M")
    return "not connected"


def presence_badge(p: SeatPresence) -> str:
    """A small badge for a faction's line: a dot and the words."""
    cls = {HERE: "here", RECONNECTING: "recon"}.get(p.state, "away")
    words = esc(presence_words(p))
    if p.state == AWAY and p.since is not None:
        words = f"away since {clock_html(p.since)}"
    title = {HERE: "A device of this player has the game open now",
             RECONNECTING: "This player's device lost its connection; it is coming back"}.get(
        p.state, "No device of this player has the game open")
    return f'<span class="lf-pres {cls}" title="{title}" data-testid="presence">{words}</span>'


def shows_presence(view: Mapping, faction: str, names: Mapping[str, str]) -> bool:
    """Whether a faction's line says its presence: a person's seat that someone took (not one the computer plays),
    not the viewer's own."""
    fv = view["factions"][faction]
    return fv["seat"] == "human" and not fv.get("computer") and names.get(faction) != "free seat" and \
        view.get("viewer") != faction


def waited_for_absent(view: Mapping, names: Mapping[str, str],
                      presence: Mapping[str, SeatPresence]) -> list[str]:
    """The factions the game waits for whose person has no page connected (or whose seat nobody took), in the
    order they are waited for; never the viewer's own."""
    if view.get("result"):
        return []
    out = []
    for w in view["waiting"]:
        f = w["faction"]
        fv = view["factions"][f]
        if f in out or f == view.get("viewer") or fv["seat"] != "human" or fv.get("computer"):
            continue  # a Non-player or the computer plays at once: nobody is absent
        if names.get(f) == "free seat" or presence.get(f, NOT_SEEN).state in (AWAY, "unseen"):
            out.append(f)
    return out


def absent_html(faction: str, name: str, p: SeatPresence) -> str:
    """One sentence on the table: whom the game waits for, and since when they have no device connected."""
    if name == "free seat":
        return f"The game waits for the {esc(faction_label(faction))}, whose seat nobody has taken yet."
    who = f"{esc(name)} ({esc(faction_label(faction))})" if name else f"the {esc(faction_label(faction))}"
    since = f" since {clock_html(p.since)}" if p.state == AWAY and p.since is not None else ""
    return f"The game waits for {who}, who has no device connected{since}."
