"""The end of the game: the war's outcome, the viewer's own result in words, the ranking and the Final Bid.

Everything here is read from the view: the result (war, winner, Glory), and the
log's public lines of the Final Bid (each faction's bid is read out when the
bids are revealed, rulebook pg. 10), so the end screen shows nothing a seat
could not see.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import levels
from .theme import FACTIONS, FRONTS, esc, faction_label, front_label, signed

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}
#: The engine's read-out of one bid (lf/engine/bid.py): "Anarchists bid Durruti, CNT: 5 Action Points."
BID_LINE = re.compile(r"^.+? bid (?P<cards>.+): (?P<ap>\d+) Action Points?\.$")


@dataclass(frozen=True)
class Place:
    faction: str
    place: int  # 1 for the winner; factions with as much Glory share a place
    glory: int
    tied: bool  # another faction has as much Glory


@dataclass(frozen=True)
class Bid:
    faction: str
    cards: str  # the card names as the log read them out (a Non-player's "+ 4 (Non-player rule 7)" included)
    ap: int | None


def ranking(result: dict) -> list[Place]:
    """The factions in order: the winner first (it won any tie on Glory), then by Glory; None if the war was lost."""
    glory = result.get("glory") or {}
    winner = result.get("winner")
    order = sorted(FACTIONS, key=lambda f: (f != winner, -glory.get(f, 0), FACTIONS.index(f)))
    places: list[tuple[str, int]] = []
    for i, f in enumerate(order):
        prev = places[-1] if places else None
        same = prev is not None and prev[0] != winner and glory.get(prev[0], 0) == glory.get(f, 0)
        places.append((f, prev[1] if same and prev is not None else i + 1))
    return [Place(f, place, glory.get(f, 0), sum(1 for _, q in places if q == place) > 1) for f, place in places]


def _glory(n: int) -> str:
    return f"{n} Glory"


def own_result(view: dict) -> str:
    """The viewer's result in words: "You won with 6 Glory", "You came 2nd with 3 Glory", a lost war."""
    r = view["result"]
    if r.get("war") == "ended":
        return f"The game was ended in Year {r.get('year')}, without a result: nobody wins."
    if r.get("war") != "won":
        return f"The war was lost in Year {r.get('year')}: nobody wins."
    me = view["viewer"]
    mine = next((p for p in ranking(r) if p.faction == me), None)
    if mine is None:
        return ""
    if mine.place == 1:
        return f"You won with {_glory(mine.glory)}!"
    shared = [p for p in ranking(r) if p.place == mine.place and p.faction != me]
    if shared:
        return f"You came {ORDINALS[mine.place]}, with the {faction_label(shared[0].faction)}, on {_glory(mine.glory)}."
    return f"You came {ORDINALS[mine.place]} with {_glory(mine.glory)}."


def winner_words(view: dict) -> str:
    """Why the winner won: the most Glory, or a tie on Glory broken by the Initiative player (rulebook pg. 4)."""
    r = view["result"]
    winner = r.get("winner")
    if r.get("war") != "won" or not winner:
        return ""
    glory = r.get("glory") or {}
    tied = [f for f in FACTIONS if f != winner and glory.get(f, 0) == glory.get(winner, 0)]
    if not tied:
        return f"The {faction_label(winner)} have the most Glory ({glory.get(winner, 0)})."
    others = " and ".join(f"the {faction_label(f)}" for f in tied)
    return (f"The {faction_label(winner)} and {others} are tied on {glory.get(winner, 0)} Glory: the Initiative "
            f"player (the {faction_label(view['initiative'])}) chose the {faction_label(winner)}.")


def final_bids(view: dict) -> list[Bid]:
    """Each faction's Final Bid as the log read it out when the bids were revealed (empty if there was none)."""
    out: dict[str, Bid] = {}
    for e in view["log"]:
        refs = [r for r in e.get("refs") or [] if r.startswith("bid:")]
        if e.get("kind") == "bid" and refs:
            f = refs[0][4:]
            m = BID_LINE.match(e.get("text", ""))
            out[f] = Bid(f, m.group("cards") if m else e.get("text", ""), int(m.group("ap")) if m else None)
    return [out[f] for f in FACTIONS if f in out]


def bid_words(view: dict, bids: list[Bid]) -> str:
    """Who won the Final Bid and why: the highest total, or a tie the Initiative player broke (rulebook pg. 10)."""
    winner = view.get("bid_winner")
    if not winner:
        return ""
    scored = next((e["text"] for e in view["log"] if e.get("faction") == winner and "the Final Bid" in e.get("text", "")
                   and e.get("kind") != "bid"), f"{faction_label(winner)} win the Final Bid.")
    totals = {b.faction: b.ap for b in bids if b.ap is not None}
    top = totals.get(winner)
    tied = [f for f, ap in totals.items() if f != winner and ap == top]
    if tied:
        others = " and ".join(f"the {faction_label(f)}" for f in tied)
        why = (f"Tied with {others} on {top} Action Point{'s' * (top != 1)}: the Initiative player (the "
               f"{faction_label(view['initiative'])}) chose.")
    else:
        why = f"The highest total: {top} Action Point{'s' * (top != 1)}." if top is not None else ""
    return f"{scored} {why}".strip()


def _ranking_rows(view: dict, names: dict[str, str]) -> str:
    r = view["result"]
    won = r.get("war") == "won"
    places = ranking(r) if won else [Place(f, 0, (r.get("glory") or {}).get(f, 0), False) for f in FACTIONS]
    rows = []
    for p in places:
        f = p.faction
        cls = " ".join(c for c in ("win" if won and p.place == 1 else "", "me" if f == view["viewer"] else "") if c)
        place = ORDINALS[p.place] + ("=" if p.tied and p.place > 1 else "") if won else ""
        rows.append(
            f'<tr class="{cls}" data-faction="{f}"><td class="n">{place}</td><td><span class="lf-dot lf-f-{f}"></span> '
            f'<b>{esc(faction_label(f))}</b><div class="lf-o-name">{esc(names.get(f, ""))}</div></td>'
            f'<td class="n">{p.glory}</td><td class="n">{view["factions"][f]["hero"]}</td>'
            f'<td class="n">{len(view["factions"][f]["medallions"])}</td></tr>')
    return "".join(rows)


def _bids_html(view: dict) -> str:
    bids = final_bids(view)
    if not bids:
        return ""
    rows = "".join(f'<tr data-faction="{b.faction}"><td><span class="lf-dot lf-f-{b.faction}"></span> '
                   f'<b>{esc(faction_label(b.faction))}</b></td><td>{esc(b.cards)}</td>'
                   f'<td class="n">{"" if b.ap is None else b.ap}</td></tr>' for b in bids)
    return (f'<div class="lf-o-bids" data-testid="final-bids"><div class="lf-o-h">The Final Bid for Glory</div>'
            f'<table><tr><th>Faction</th><th>Bid</th><th>AP</th></tr>{rows}</table>'
            f'<div class="lf-o-why" data-testid="bid-winner">{esc(bid_words(view, bids))}</div></div>')


def _level_html(view: dict) -> str:
    """The Fascists' strength the war was fought at: a result at Veteran is not one at Recruit."""
    return f'<div class="lf-o-level" data-testid="outcome-level">{esc(levels.outcome_words(view))}</div>'


def outcome_html(view: dict, names: dict[str, str]) -> str:
    r = view["result"]
    won = r.get("war") == "won"
    winner = r.get("winner")
    ended = r.get("war") == "ended"  # the host stopped it (lf/engine/table.py): no result
    title = (f"The war is won — the {faction_label(winner)} win!" if won and winner else
             "The war is won" if won else "The game was ended" if ended else "The war is lost")
    fronts = " · ".join(f"{front_label(fr)} {signed(view['fronts'][fr]['value'])}"
                        f"{' (Victory)' if view['fronts'][fr]['status'] == 'victory' else ''}"
                        f"{' (Defeat)' if view['fronts'][fr]['status'] == 'defeat' else ''}" for fr in FRONTS)
    how = r.get("how", "")
    lost = "" if won or ended else "<p>All players lose together: the Republic has fallen.</p>"
    mine = own_result(view) if view["viewer"] or not won else ""
    me = f'<div class="lf-o-me" data-testid="my-result">{esc(mine)}</div>' if mine else ""
    why = f'<div class="lf-o-why" data-testid="winner-why">{esc(winner_words(view))}</div>' if won and winner else ""
    return (f'<div class="lf-banner {"won" if won else "lost"}" data-testid="outcome">'
            f'<h2>{esc(title)}</h2><div>{esc(how[0].upper() + how[1:] if how else "")}. '
            f'Ended in Year {r.get("year")}, turn {r.get("turn")}.</div>{_level_html(view)}{lost}{me}{why}'
            f'<table data-testid="ranking"><tr><th>{"Place" if won else ""}</th><th>Faction</th><th>Glory</th>'
            f'<th>Hero points</th><th>Medallions</th></tr>{_ranking_rows(view, names)}</table>'
            f'{_bids_html(view)}'
            f'<div class="lf-o-fronts">Fronts at the end: {esc(fronts)}</div></div>')
