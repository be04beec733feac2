"""The current Fascist card: its Attacks (M N A S V D in words), immediate effects and Test.

Shown large and dark on the board because it is what the players must answer
this turn: the Test says which Front to support and how far.
"""

from __future__ import annotations

from lf.engine.content import CONTENT_VERSION, load_content
from lf.engine.describe import effects_text

from .card import ORIGINAL
from .icons import icon
from .theme import esc, front_label, signed

LETTERS = {
    "M": ("M", "the Madrid Front"),
    "N": ("N", "the Northern Front"),
    "A": ("A", "the Aragon Front"),
    "S": ("S", "the Southern Front"),
    "V": ("V", "the Front closest to Victory"),
    "D": ("D", "the Front closest to Defeat"),
}


def fascist_card_html(card_id: str | None, deck_size: int, year: int, test_result: str | None,
                      fronts: dict[str, dict] | None = None, over: bool = False, now: dict[str, str] | None = None,
                      content_version: str = CONTENT_VERSION) -> str:
    """The card, or a placeholder between turns. ``fronts`` lets the Test say if it would pass right now, while
    the game goes on (``over``: it ended, and that Test will never be made); ``now`` says, in the engine's words
    (the view's ``attacks_now``), where an Attack of a letter would land now when that is not its own Front."""
    if not card_id:
        return (f'<div class="lf-fcard lf-fcard-empty" data-ref="fascist">'
                f'<div class="lf-fc-name">No Fascist card in play</div>'
                f'<div class="lf-fc-sub">Year {year} deck: {deck_size} card{"s" * (deck_size != 1)} left</div></div>')
    c = load_content(content_version).fascist_cards[card_id]
    now = {} if over else (now or {})
    attacks = "".join(_attack_html(letter, n, now.get(letter, "")) for letter, n in c.attacks)
    effects = effects_text([e.plain() for e in c.effects])
    t = c.test
    status = ""
    if test_result:
        ok = test_result == "success"
        status = f'<div class="lf-test-res {"ok" if ok else "ko"}">Test {"passed" if ok else "failed"}</div>'
    elif over:
        status = '<div class="lf-test-now ended">The game ended before this Test</div>'
    elif fronts and t.front in fronts:
        fs = fronts[t.front]
        passing = fs["status"] == "victory" or (fs["status"] == "open" and fs["value"] >= t.threshold)
        status = (f'<div class="lf-test-now {"ok" if passing else "ko"}">Now {signed(fs["value"])}: '
                  f'{"would pass" if passing else "would fail"}</div>')
    return (
        f'<div class="lf-fcard" data-ref="fascist:{c.id}" data-zoom="" data-hist="{esc(c.history)}">'
        f'<div class="lf-fc-top"><span class="lf-fc-year">Year {c.year}</span>'
        f'<span class="lf-fc-name">{esc(c.name)}</span></div>'
        f'<ul class="lf-atks">{attacks}</ul>'
        + (f'<div class="lf-fc-eff">{esc(effects)}</div>' if effects else "")
        + f'<div class="lf-test" data-ref="front:{t.front}"><div class="lf-test-h">Test: {esc(front_label(t.front))} '
        f'at {signed(t.threshold)} or better</div><div class="lf-test-t">{esc(t.text)}</div>{status}</div>'
        f'<div class="lf-card-foot"><span>{c.id} · {deck_size} left in the Year {year} deck</span>'
        f'<span>{ORIGINAL}</span></div></div>'
    )


def _attack_html(letter: str, n: int, now: str) -> str:
    """One Attack of the card: its letter, its count, and where such an Attack would land now (if not its own)."""
    said = f"{n} Attack{'s' * (n != 1)} on {LETTERS[letter][1]}"
    where = f'<span class="lf-atk-now">{esc(now)}</span>' if now else ""
    return (f'<li class="lf-atk" title="{esc(said)}{esc(": " + now) if now else ""}">'
            f'<span class="lf-atk-l" aria-hidden="true">{LETTERS[letter][0]}</span>{icon("attack", "lf-atk-ic")}'
            f'<b class="lf-atk-n" aria-hidden="true">{n}</b><span class="lf-atk-w">{esc(said)}</span>{where}</li>')


def test_of(card_id: str | None, content_version: str = CONTENT_VERSION) -> tuple[str, int] | None:
    """(front, threshold) of the current card's Test, for the Front it concerns (in the game's own content)."""
    if not card_id:
        return None
    t = load_content(content_version).fascist_cards[card_id].test
    return t.front, t.threshold
