"""The game log in plain sentences, newest first; a click on an entry highlights what it refers to.

The whole log is one HTML block with the references in ``data-refs``; the
highlight runs in the browser (assets/lf.js ``lfHighlight``), so scrolling
through a long log costs the server nothing.
"""

from __future__ import annotations

from .theme import esc, faction_dot

SHOWN = 150
CLICK = (' onclick="lfHighlight(this)" onkeydown="if(event.key===\'Enter\')lfHighlight(this)"'
         ' tabindex="0" role="button"')
KIND_CLASS = {"fascist": "fas", "outcome": "out", "turn": "turn", "test": "test", "glory": "glory", "nonplayer": "np"}


def log_html(entries: list[dict], shown: int = SHOWN) -> str:
    rows = []
    for e in reversed(entries[-shown:]):
        f = e.get("faction")
        dot = faction_dot(f) if f in ("anarchists", "communists", "moderates") else '<span class="lf-dot lf-none"></span>'
        refs = " ".join(e.get("refs") or [])
        cls = KIND_CLASS.get(e.get("kind", ""), "")
        clickable = CLICK if refs else ""
        rows.append(
            f'<li class="lf-log-e {cls}{" has-refs" if refs else ""}" data-refs="{esc(refs)}"{clickable}>'
            f'<span class="lf-log-when">Y{e.get("year", "")}·T{e.get("turn", "")}</span>{dot}'
            f'<span class="lf-log-t">{esc(e.get("text", ""))}</span></li>')
    more = len(entries) - shown
    tail = f'<li class="lf-muted lf-log-more">… {more} earlier entries</li>' if more > 0 else ""
    return f'<ol class="lf-log">{"".join(rows)}{tail}</ol>'
