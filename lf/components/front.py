"""A Front: its value on the -10..+10 scale, Attack/Strength, player tokens, Test, Victory/Defeat.

The value is drawn both as a number and as a filled scale so that "how close to
Defeat" reads at a glance on a phone. A Front the current decision can target
is rendered clickable (the page passes the action; the Front never decides).
"""

from __future__ import annotations

from .icons import icon
from .targets import NO_TAP, Tap
from .theme import esc, faction_dot, faction_label, front_label, signed


def strength_words(value: int) -> str:
    if value > 0:
        return f"{value} Strength"
    if value < 0:
        return f"{-value} Attack{'s' * (value != -1)}"
    return "no Attack, no Strength"


def _attacks(n: int) -> str:
    return f"{n} Attack{'s' * (n != 1)}"


def stake_words(stakes: dict | None) -> tuple[str, str]:
    """(what its fall costs, what is coming) in words, from the engine's numbers (the view's ``stakes``,
    lf/engine/stakes.py): "4 Attacks from losing the war" (Madrid, or any Front once one has fallen) or "4 Attacks
    from Defeat", said only when the Front is close to falling; "2 Attacks coming", "4 Attacks may come" (a tie
    the Initiative player breaks: the Fascist card says so), "+1 if the Test fails". Either may be ""."""
    if not stakes:
        return "", ""
    cost = ""
    if stakes["close"]:
        cost = f"{_attacks(stakes['to_defeat'])} from {'losing the war' if stakes['loses_war'] else 'Defeat'}"
    coming = []
    if stakes["coming"]:
        coming.append(f"{_attacks(stakes['coming'])} coming")
    if stakes["may_come"]:
        coming.append(f"{_attacks(stakes['may_come'])} may come")
    if stakes["if_test_fails"]:
        coming.append(f"+{stakes['if_test_fails']} if the Test fails")
    return cost, ", ".join(coming)


def _stake_html(stakes: dict | None) -> str:
    """One short sentence beside the value (two lines at most at 1280 px): the cost first, in red for the war."""
    cost, coming = stake_words(stakes)
    if not cost and not coming:
        return ""
    war = " war" if stakes and stakes["loses_war"] else ""
    said = (f'<b class="lf-fcost{war}">{esc(cost)}</b>' if cost else "") + (", " if cost and coming else "") + \
        (f'<span class="lf-fcoming">{esc(coming)}</span>' if coming else "")
    return f'<span class="lf-fstake" data-testid="stake">{said}</span>'


def _scale(value: int) -> str:
    cells = []
    for v in range(-10, 11):
        cls = ["lf-cell"]
        if v == 0:
            cls.append("zero")
        if value < 0 and value <= v < 0:
            cls.append("atk")
        if value > 0 and 0 < v <= value:
            cls.append("str")
        if v == value:
            cls.append("here")
        cells.append(f'<i class="{" ".join(cls)}"></i>')
    return (f'<div class="lf-scale" aria-hidden="true"><span class="lf-end d">Defeat</span>'
            f'<div class="lf-cells">{"".join(cells)}</div><span class="lf-end v">Victory</span></div>')


def front_html(front: str, fs: dict, test: tuple[str, int] | None, action: str | None = None,
               tap: Tap = NO_TAP, stakes: dict | None = None) -> str:
    """The Front; ``action`` names the one choice a tap on the whole piece makes (the teaching table), ``tap``
    the options it carries on the game table (``targets.py``); ``stakes`` the view's numbers of what it stands to
    lose (said beside its value in place of "6 Attacks", which its number already says)."""
    value, status, tokens = fs["value"], fs["status"], fs.get("tokens", [])
    badge = ""
    if status == "victory":
        badge = '<span class="lf-fbadge victory">Victory</span>'
    elif status == "defeat":
        badge = '<span class="lf-fbadge defeat">Defeat</span>'
    test_html = ""
    if test and test[0] == front and status == "open":
        ok = value >= test[1]
        test_html = (f'<span class="lf-ftest {"ok" if ok else "ko"}" title="Fascist Test on this Front: it passes '
                     f'at {signed(test[1])} or better ({"it would pass now" if ok else "it would fail now"})">'
                     f'Test {signed(test[1])}</span>')
    toks = "".join(faction_dot(f, f"{faction_label(f)} supported this Front this turn") for f in tokens)
    toks_html = f'<div class="lf-ftoks"><span>Supported by</span>{toks}</div>' if tokens else \
        '<div class="lf-ftoks lf-muted">No player token yet</div>'
    act = f'<div class="lf-fact">{icon("front")} {esc(action)}</div>' if action else ""
    tone = "pos" if value > 0 else ("neg" if value < 0 else "even")
    stake = _stake_html(stakes) if status == "open" else ""
    cls = " lf-clickable" if action else (f" {tap.cls}" if tap.cls else "")
    return (
        f'<div class="lf-front lf-fs-{status}{cls}" data-ref="front:{front}"{tap.attrs}>'
        f'<div class="lf-fhead"><span class="lf-fname">{esc(front_label(front).removesuffix(" Front"))}'
        f'<span class="lf-fword"> Front</span></span>{test_html}{badge}</div>'
        f'<div class="lf-fvalue"><span class="lf-fnum {tone}">{signed(value)}</span>'
        f'<span class="lf-fwords{" lf-sr" if stake else ""}">{strength_words(value)}</span>{stake}</div>'
        f'{_scale(value)}{toks_html}{act}{tap.inner}</div>'
    )
