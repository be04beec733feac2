"""Medallions: the ones still on the board and the ones each faction owns, with what they do.

The text comes from the content file (Appendix 2 in our words), so a player
can read on a phone what a medallion gives without opening the rules.
"""

from __future__ import annotations

from functools import lru_cache

from lf.engine.content import load_content

from .icons import icon
from .targets import NO_TAP, Tap
from .theme import esc

KIND_WORDS = {"immediate": "Immediate", "permanent": "Permanent", "hero": "Uses Hero points"}


@lru_cache(maxsize=None)
def medallion_info(effect: str) -> tuple[str, str, str]:
    m = load_content().medallion(effect)
    return m.name, KIND_WORDS[m.kind], m.text


def medallion_chip(effect: str, used: bool = False) -> str:
    name, kind, text = medallion_info(effect)
    note = ' <span class="lf-muted">(used this turn)</span>' if used else ""
    return (f'<div class="lf-med" data-ref="medallion:{effect}" title="{esc(text)}">{icon("medallion")}'
            f'<div><div class="lf-med-n">{esc(name)} <span class="lf-med-k">{kind}</span>{note}</div>'
            f'<div class="lf-med-t">{esc(text)}</div></div></div>')


def medallions_html(available: list[str]) -> str:
    if not available:
        return '<div class="lf-muted">No medallion left on the board.</div>'
    return f'<div class="lf-meds">{"".join(medallion_chip(m) for m in available)}</div>'


def medallion_strip_html(available: list[str], taps: dict[str, Tap] | None = None) -> str:
    """The medallions still on the board as a row of chips (the game table): the name shows, what it does opens
    on a tap (or hover); a medallion that can be claimed now carries its choice (``taps``)."""
    taps = taps or {}
    if not available:
        return '<div class="lf-medstrip lf-muted">No medallion left on the board.</div>'
    chips = []
    for m in available:
        name, kind, text = medallion_info(m)
        tap = taps.get(m, NO_TAP)
        chips.append(f'<span class="lf-medchip {tap.cls}" data-ref="medallion:{m}" title="{esc(name)} ({kind}): '
                     f'{esc(text)}"{tap.attrs}>{icon("medallion")}<span>{esc(name)}</span>{tap.inner}</span>')
    return (f'<div class="lf-medstrip"><span class="lf-medstrip-h">Medallions</span>{"".join(chips)}</div>')
