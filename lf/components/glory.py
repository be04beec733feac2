"""The Bag of Glory (a count per faction: never which token comes out next) and the Glory area.

The Glory area has nine spaces (1 + 2 + the last draws after a won war, plus
the Final Bid's token); drawn tokens fill it in the order they were scored.
"""

from __future__ import annotations

from lf.engine.constants import GLORY_SPACES

from .icons import icon
from .theme import FACTIONS, esc, faction_label


def glory_html(bag: dict[str, int], bag_size: int, glory: list[str], bid_winner: str | None) -> str:
    counts = "".join(
        f'<li class="lf-f-{f}" data-ref="bag:{f}"><span class="lf-dot lf-f-{f}"></span>'
        f'<span>{esc(faction_label(f))}</span><b>{bag.get(f, 0)}</b></li>' for f in FACTIONS)
    slots = []
    for i in range(GLORY_SPACES):
        if i < len(glory):
            f = glory[i]
            slots.append(f'<span class="lf-gslot full lf-f-{f}" title="{esc(faction_label(f))}">'
                         f'{icon("glory")}</span>')
        else:
            slots.append('<span class="lf-gslot"></span>')
    scored = {f: glory.count(f) for f in FACTIONS}
    score = " · ".join(f"{faction_label(f)} {scored[f]}" for f in FACTIONS)
    bid = (f'<div class="lf-bidwin lf-f-{bid_winner}" data-ref="bid_winner" data-testid="bid-won">{icon("glory")}'
           f'Final Bid won by the {esc(faction_label(bid_winner))}</div>' if bid_winner else "")
    return (
        f'<div class="lf-glory">'
        f'<div class="lf-bag" data-ref="bag" title="Bag of Glory: {bag_size} token{"s" * (bag_size != 1)}">'
        f'{icon("bag", "lf-bag-ic")}<div>'
        f'<div class="lf-h3">Bag of Glory <span class="lf-muted">· {bag_size} token{"s" * (bag_size != 1)}</span></div>'
        f'<ul class="lf-bagc">{counts}</ul></div></div>'
        f'<div class="lf-garea" data-ref="glory"><div class="lf-h3">{icon("glory")} Glory</div>'
        f'<div class="lf-gslots" title="Glory: {esc(score)}">{"".join(slots)}</div>'
        f'<div class="lf-muted lf-gscore">{esc(score)}</div>{bid}</div>'
        f'</div>'
    )
