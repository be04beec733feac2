"""A track: spaces 0..10, the standee, every trigger icon, Blank markers, limits and the Centre.

Dependency limits (Liberty past 7, Government below 3 and past 7) are drawn
as a lock between the spaces with the condition in words, and say whether the
limit holds right now; the Government track shows its Centre between 5 and 6
and which side controls it. Space 0 carries the built-in "Morale Bonus off".
"""

from __future__ import annotations

from functools import lru_cache


from lf.engine.constants import TRACK_OWNER
from lf.engine.content import load_content
from lf.engine.content_schema import Trigger

from .hyphens import breakable
from .icons import icon, trigger_icon
from .targets import NO_TAP, Tap
from .theme import esc, faction_label, track_label

#: (track, between low and high space, words, the other track, needed) for the three dependencies.
LIMITS: dict[str, list[tuple[int, int, str, str]]] = {
    "liberty": [(7, 8, "Liberty can't pass 7 unless Collectivization is 8+", "collectivization")],
    "government": [
        (2, 3, "Government can't go below 3 unless Soviet Support is 8+", "soviet_support"),
        (7, 8, "Government can't pass 7 unless Foreign Aid is 8+", "foreign_aid"),
    ],
}


@lru_cache(maxsize=1)
def triggers() -> dict[tuple[str, int], Trigger]:
    return {(t.track, t.space): t for t in load_content().board.triggers}


def trigger_list(track: str) -> list[Trigger]:
    return [t for (tr, _), t in sorted(triggers().items(), key=lambda kv: kv[0][1]) if tr == track]


def owner_of(track: str) -> str | None:
    return TRACK_OWNER.get(track)


def _space(track: str, n: int, value: int, blanks: list[int], owner_cls: str, tap: Tap = NO_TAP) -> str:
    cls = ["lf-sp"] + ([tap.cls] if tap.cls else [])
    inner = ""
    title = f"{track_label(track)} {n}"
    trig = triggers().get((track, n))
    if n == 0:
        inner = icon("morale", "lf-trig lf-off", "Morale Bonus off (never covered)")
        title += ": Morale Bonus off"
    elif trig is not None:
        if n in blanks:
            inner = icon("blank", "lf-trig", f"Blank marker: {trig.text} (used)")
            cls.append("blanked")
            title += f": Blank marker (was: {trig.text})"
        else:
            inner = trigger_icon(trig)
            title += f": {trig.text}"
    if track in ("liberty", "collectivization") and n == 6:
        inner += icon("flag", "lf-flag", "Anarchists take the Initiative when Liberty and Collectivization are 6+")
    if track == "government":
        cls.append("com" if n <= 5 else "mod")
    standee = ""
    if n == value:
        cls.append("cur")
        standee = icon("standee", f"lf-standee {owner_cls}", f"{track_label(track)} is at {value}")
    return (f'<div class="{" ".join(cls)}" data-ref="space:{track}:{n}" title="{esc(title)}"{tap.attrs}>'
            f'<span class="lf-spn">{n}</span><span class="lf-spi">{inner}</span>{standee}{tap.inner}</div>')


def track_html(track: str, value: int, blanks: list[int], tracks: dict[str, int], action: str | None = None,
               taps: dict[int, Tap] | None = None, whole: Tap = NO_TAP) -> str:
    """The track; ``action`` names the one choice a tap on the whole piece makes (the teaching table); on the game
    table ``taps`` are the options of its spaces and ``whole`` those of the track itself (``targets.py``)."""
    taps = taps or {}
    owner = owner_of(track)
    owner_cls = f"lf-f-{owner}" if owner else "lf-gov"
    parts: list[str] = []
    limits = {lo: (words, other) for lo, _, words, other in LIMITS.get(track, [])}
    for n in range(0, 11):
        parts.append(_space(track, n, value, blanks, owner_cls, taps.get(n, NO_TAP)))
        if track == "government" and n == 5:
            parts.append('<div class="lf-centre" title="The Centre: 5 or less, the Communists control the Government;'
                         ' 6 or more, the Moderates"><span aria-hidden="true">Centre</span></div>')
        if n in limits:
            words, other = limits[n]
            open_ = tracks.get(other, 0) >= 8
            parts.append(f'<div class="lf-limit{" open" if open_ else ""}" title="{esc(words)}'
                         f'{" (open now)" if open_ else ""}">{icon("lock")}</div>')
    who = (f'<span class="lf-town lf-f-{owner}">{esc(faction_label(owner))}</span>' if owner else
           '<span class="lf-town lf-gov">Com<span class="lf-long">munists</span> ◂ ▸ '
           'Mod<span class="lf-long">erates</span></span>')
    limit_words = "".join(
        f'<li class="{"open" if tracks.get(other, 0) >= 8 else ""}">{icon("lock")} {esc(words)}'
        f'{" — open now" if tracks.get(other, 0) >= 8 else ""}</li>' for _, _, words, other in LIMITS.get(track, []))
    act = f'<div class="lf-tact">{esc(action)}</div>' if action else ""
    cls = " lf-clickable" if action else (f" {whole.cls}" if whole.cls else "")
    return (
        f'<div class="lf-track{cls}" data-ref="track:{track}"{whole.attrs}>'
        f'<div class="lf-thead">{icon(track, f"lf-t-{track}")}<span class="lf-tname">{breakable(track_label(track))}</span>'
        f'{who}<span class="lf-tval">{value}</span></div>'
        f'<div class="lf-spaces lf-t-{track}">{"".join(parts)}</div>'
        + (f'<ul class="lf-limits">{limit_words}</ul>' if limit_words else "")
        + f"{act}{whole.inner}</div>"
    )


def bonus_html(bonuses: dict[str, bool], taps: dict[str, Tap] | None = None) -> str:
    """The Morale and Teamwork Bonus switches (``taps``: the options each carries on the game table)."""
    taps = taps or {}
    out = []
    for b, words in (("morale", "Morale Bonus: multiply one icon of an AP card by your tableau"),
                     ("teamwork", "Teamwork Bonus: +1 when a second or third faction supports a Front")):
        on = bonuses.get(b, False)
        tap = taps.get(b, NO_TAP)
        out.append(f'<div class="lf-bonus {"on" if on else "off"} {tap.cls}" data-ref="bonus:{b}" title="{esc(words)}"'
                   f'{tap.attrs}>{icon(b, "" if on else "lf-off")}<span>{b.capitalize()} Bonus</span>'
                   f'<b>{"ON" if on else "off"}</b>{tap.inner}</div>')
    return f'<div class="lf-bonuses">{"".join(out)}</div>'
