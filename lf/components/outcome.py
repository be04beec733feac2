"""The end of the game: the war's outcome, the Glory count, the winner and a short summary."""

from __future__ import annotations

from .theme import FACTIONS, FRONTS, esc, faction_label, front_label, signed


def outcome_html(view: dict, names: dict[str, str]) -> str:
    r = view["result"]
    won = r.get("war") == "won"
    winner = r.get("winner")
    ended = r.get("war") == "ended"  # the host stopped it (lf/engine/table.py): no result
    title = (f"The war is won — the {faction_label(winner)} win!" if won and winner else
             "The war is won" if won else "The game was ended" if ended else "The war is lost")
    glory = r.get("glory") or {}
    rows = "".join(
        f'<tr class="{"win" if f == winner else ""}"><td><span class="lf-dot lf-f-{f}"></span> '
        f'<b>{esc(faction_label(f))}</b><div class="lf-o-name">{esc(names.get(f, ""))}</div></td>'
        f'<td class="n">{glory.get(f, 0)}</td><td class="n">{view["factions"][f]["hero"]}</td>'
        f'<td class="n">{len(view["factions"][f]["medallions"])}</td></tr>' for f in FACTIONS)
    fronts = " · ".join(f"{front_label(fr)} {signed(view['fronts'][fr]['value'])}"
                        f"{' (Victory)' if view['fronts'][fr]['status'] == 'victory' else ''}"
                        f"{' (Defeat)' if view['fronts'][fr]['status'] == 'defeat' else ''}" for fr in FRONTS)
    how = r.get("how", "")
    lost = "" if won or ended else "<p>All players lose together: the Republic has fallen.</p>"
    return (f'<div class="lf-banner {"won" if won else "lost"}" data-testid="outcome">'
            f'<h2>{esc(title)}</h2><div>{esc(how[0].upper() + how[1:] if how else "")}. '
            f'Ended in Year {r.get("year")}, turn {r.get("turn")}.</div>{lost}'
            f'<table><tr><th>Faction</th><th>Glory</th><th>Hero points</th><th>Medallions</th></tr>{rows}</table>'
            f'<div style="margin-top:8px;font-size:13px;opacity:.9">Fronts at the end: {esc(fronts)}</div></div>')
