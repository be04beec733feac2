"""The digest "Since your last move" and the steps of "While you waited", as one block of HTML.

The recap comes with the seat's view (``view["recap"]``, lf/session/recap.py): the steps since this seat's
last move, each with its log lines in this seat's words and what it changed on the board. This module writes
them as the digest, a compact list that stays until the seat moves again (a tap on a step unfolds its lines
and reasons and marks the board, like the log's lines), and as data the browser's player reads
(assets/since.js): each step's marks (the board element and what to write by it: "−5 → −4") and its words.
The player shows the new steps one by one at the seat's pace, the changes marked on the board; nothing here
decides a rule: words and values are the engine's.

Why HTML: the block is rendered once per seat and version and shared by the seat's pages (``HtmlPart``); the
browser plays it without asking the server for anything.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from lf.engine.content import load_content
from lf.engine.recap import REASON_KINDS

from .rule_links import linked
from .theme import FACTIONS, esc, faction_label, front_label, signed, track_label

#: The pace setting (kept by each browser: assets/since.js), in the order offered.
PACES = (("step", "Step by step"), ("normal", "Normal"), ("fast", "Fast"), ("off", "Off"))
#: Who a step's reasons speak for, by the reasons' log kind (a computer player's kind joins here).
REASON_WHO = {"nonplayer": "Non-player"}
#: Titles of the steps the turn sequence opens (rulebook pg. 5), by their first line's kind.
TITLES = {"fascist": "Fascist card", "test": "Fascist Test", "glory": "Bag of Glory", "outcome": "The war",
          "bid": "Final Bid for Glory", "seat": "The table"}


def since_key(v: dict, names: dict[str, str]) -> Any:
    """What the block shows: it is drawn again only when this changes."""
    r = v.get("recap")
    if not r:
        return None
    return r["version"], r["since"], [v["factions"][f]["seat"] for f in FACTIONS], sorted(names.items())


def since_html(v: dict, names: dict[str, str]) -> str:
    """The digest (empty when nothing happened since the seat's last move: the block then takes no room)."""
    r = v.get("recap")
    if not r:
        return '<section class="lf-since lf-since-none"></section>'
    where = (f'data-game="{esc(v.get("game_id", ""))}" data-viewer="{esc(r["viewer"] or "")}" '
             f'data-since="{r["since"]}" data-v="{r["version"]}" data-latest="{1 if r["latest"] else 0}"')
    steps = r["steps"]
    if not steps:  # the browser's player still learns where this seat's wait begins (assets/since.js)
        return f'<section class="lf-since lf-since-none" {where}></section>'
    if r["latest"]:
        head = "Latest moves"
    else:
        head = "Since your last move" if r["since"] else "Since the game began"
    items = "".join(_step_html(s, v, names) for s in steps)
    count = f"{len(steps)} step{'s' * (len(steps) != 1)}"
    pace = "".join(f'<option value="{k}">{esc(w)}</option>' for k, w in PACES)
    return (f'<section class="lf-since" {where} aria-labelledby="lf-since-h" data-testid="since">'
            f'<div class="lf-since-head">'
            f'<button type="button" class="lf-since-fold" aria-expanded="true" aria-controls="lf-since-body">'
            f'<span class="lf-since-h" id="lf-since-h">{esc(head)}</span> '
            f'<span class="lf-since-n">{count}</span></button>'
            f'<button type="button" class="lf-since-play" data-testid="since-play">Play</button></div>'
            f'<div class="lf-since-body" id="lf-since-body">'
            f'<label class="lf-since-pace"><span>Pace</span><select data-since-pace data-testid="since-pace">'
            f'{pace}</select></label>'
            f'<ol class="lf-since-list">{items}</ol></div></section>')


def _step_html(step: dict, v: dict, names: dict[str, str]) -> str:
    lines = step["lines"]
    said = [line for line in lines if line["kind"] not in REASON_KINDS]
    main = next((line for line in said if line["kind"] != "turn"), said[0] if said else lines[0])
    refs = sorted({ref for line in lines for ref in line["refs"]})
    read = [read_change(c) for c in step["changes"]]
    marks = [m for ms, _ in read for m in ms]
    words = [w for _, w in read if w]
    f = step["faction"]
    dot = f'<span class="lf-dot lf-f-{f}" aria-hidden="true"></span>' if f in FACTIONS else \
        '<span class="lf-dot lf-none" aria-hidden="true"></span>'
    chg = f'<p class="lf-since-chg">{esc(" · ".join(words))}</p>' if words else ""
    return (f'<li class="lf-since-s f-{f if f in FACTIONS else "none"}" data-id="{step["id"]}" '
            f'data-refs="{esc(" ".join(refs))}" data-marks="{esc(json.dumps(marks, separators=(",", ":")))}" '
            f'data-lines="{len(said)}">'
            f'<button type="button" class="lf-since-b" aria-expanded="false">{dot}'
            f'<b class="lf-since-t">{esc(title(step, v, names))}</b> '
            f'<span class="lf-since-w">{esc(main["text"])}</span></button>'
            f'<div class="lf-since-more">{chg}<ul class="lf-since-lines">{_lines_html(lines, f)}</ul></div></li>')


def _lines_html(lines: list[dict], faction: str | None) -> str:
    """Each line in its words, the reasons written before it (a Non-player's rule) folded under it as "Why" (with
    the faction's name when the step is another's: the Fascist card's Attacks a Non-player placed)."""
    out, why = [], []
    for line in lines:
        if line["kind"] in REASON_KINDS:
            why.append(reason(line) if line.get("faction") == faction else line.get("text", "").rstrip("."))
            continue
        reasons = "".join(f'<span class="lf-since-why">Why: {linked(w)}</span>' for w in dict.fromkeys(why))
        out.append(f'<li class="k-{esc(line["kind"])}">{linked(line["text"])}{reasons}</li>')
        why = []
    out += [f'<li><span class="lf-since-why">Why: {linked(w)}</span></li>' for w in why]
    return "".join(out)


def reason(line: dict) -> str:
    """A reason without the faction it belongs to (the step names it): "Non-player rule 3c: ..."."""
    text = line.get("text", "")
    prefix = f"{faction_label(line.get('faction'))}: " if line.get("faction") in FACTIONS else ""
    return (text[len(prefix):] if prefix and text.startswith(prefix) else text).rstrip(".")


def title(step: dict, v: dict, names: dict[str, str]) -> str:
    """Whose step it is, or which part of the turn: "Communists (Non-player)", "Fascist Test", "Year 1, turn 2"."""
    lines = step["lines"]
    said = [line for line in lines if line["kind"] not in REASON_KINDS]
    first = said[0] if said else lines[0]
    kind = first["kind"]
    if kind == "turn":
        return f"Year {first['year']}, turn {first['turn']}"
    if kind == "year":
        return first["text"].split(";")[0].rstrip(".")
    if kind == "glory" and first["text"].startswith("Drawn"):
        return "Glory"
    if kind in TITLES:
        return TITLES[kind]
    reasons = [line for line in lines if line["kind"] in REASON_KINDS]
    who = reasons[0]["faction"] if reasons else step["faction"]
    if who not in FACTIONS:
        return "The Fascists" if kind in ("front", "defeat", "victory") else "The board"
    kind_of_player = REASON_WHO.get(reasons[0]["kind"], "") if reasons else (
        "Non-player" if v["factions"][who]["seat"] == "nonplayer" else "")
    if kind_of_player:
        return f"{faction_label(who)} ({kind_of_player})"
    name = names.get(who, "")
    return f"{faction_label(who)} ({name})" if name else faction_label(who)


def _delta(n: int) -> str:
    return f"+{n}" if n > 0 else f"\u2212{-n}"


def _front(value: list) -> str:
    v, status = value
    return {"victory": "Victory", "defeat": "Defeat"}.get(status, signed(v))


Mark = dict[str, str]
#: What one kind of change becomes: its marks on the board (``ref``: the element, ``alt``: the element to mark if
#: that one is not shown, ``label``: what is written by it) and its words, from (what, before, after).
Reading = Callable[[str, Any, Any], tuple[list[Mark], str]]


def _front_change(what: str, before: Any, after: Any) -> tuple[list[Mark], str]:
    moved = f"{_front(before)} → {_front(after)}"
    return [{"ref": f"front:{what}", "label": moved}], f"{front_label(what)} {moved}"


def _track_change(what: str, before: Any, after: Any) -> tuple[list[Mark], str]:
    return ([{"ref": f"space:{what}:{after}", "alt": f"track:{what}", "label": f"{before} → {after}"}],
            f"{track_label(what)} {before} → {after}")


def _bonus_change(what: str, before: Any, after: Any) -> tuple[list[Mark], str]:
    return [{"ref": f"bonus:{what}", "label": "on" if after else "off"}], \
        f"{what.capitalize()} Bonus {'on' if after else 'off'}"


def _blank_change(what: str, before: Any, after: Any) -> tuple[list[Mark], str]:
    new = sorted(set(after or []) - set(before or []))
    words = f"{track_label(what)}: a Blank marker on {', '.join(map(str, new))}" if new else ""
    return [{"ref": f"space:{what}:{n}", "alt": f"track:{what}", "label": "Blank"} for n in new], words


def _hero_change(what: str, before: Any, after: Any) -> tuple[list[Mark], str]:
    return [{"ref": f"hero:{what}", "label": f"{after} ({_delta(after - before)})"}], \
        f"{faction_label(what)} {after} Hero points ({_delta(after - before)})"


def _bag_change(what: str, before: Any, after: Any) -> tuple[list[Mark], str]:
    return [{"ref": f"bag:{what}", "alt": "bag", "label": _delta(after - before)}], \
        f"Bag of Glory: {faction_label(what)} {_delta(after - before)}"


def _medallion_change(what: str, before: Any, after: Any) -> tuple[list[Mark], str]:
    if after not in FACTIONS:
        return [], ""
    return [{"ref": f"medallion:{what}", "label": faction_label(after)}], \
        f"{what.capitalize()} medallion: {faction_label(after)}"


def _glory_change(what: str, before: Any, after: Any) -> tuple[list[Mark], str]:
    scored = ", ".join(faction_label(f) for f in (after or [])[len(before or []):])
    return ([{"ref": "glory", "label": f"+ {scored}"}], f"Glory: {scored}") if scored else ([], "")


def _initiative_change(what: str, before: Any, after: Any) -> tuple[list[Mark], str]:
    return [{"ref": f"initiative:{after}", "label": "Initiative"}], f"Initiative: {faction_label(after)}"


def _government_change(what: str, before: Any, after: Any) -> tuple[list[Mark], str]:
    return [{"ref": "track:government", "label": f"Government: {faction_label(after)}"}], \
        f"Government: {faction_label(after)}"


def _fascist_change(what: str, before: Any, after: Any) -> tuple[list[Mark], str]:
    if not after:  # a card leaving at the end of a turn: the next one is the news
        return [], ""
    return [{"ref": f"fascist:{after}", "label": "New card"}], \
        f"Fascist card: {load_content().fascist_cards[after].name}"


def _test_change(what: str, before: Any, after: Any) -> tuple[list[Mark], str]:
    return ([{"ref": "test", "label": after.capitalize()}], f"Test: {after}") if after else ([], "")


def _bid_change(what: str, before: Any, after: Any) -> tuple[list[Mark], str]:
    if not after:
        return [], ""
    return [{"ref": f"faction:{after}", "label": "Wins the Final Bid"}, {"ref": "bid_winner", "alt": "glory"}], \
        f"Final Bid: {faction_label(after)}"


#: By the change's element (``lf.engine.recap.board``: its ref, or the part before ":").
CHANGES: dict[str, Reading] = {
    "front": _front_change, "track": _track_change, "bonus": _bonus_change, "blank": _blank_change,
    "hero": _hero_change, "bag": _bag_change, "medallion": _medallion_change, "glory": _glory_change,
    "initiative": _initiative_change, "government": _government_change, "fascist": _fascist_change,
    "test": _test_change, "bid_winner": _bid_change,
}


def read_change(change: list) -> tuple[list[Mark], str]:
    """Where a change is marked on the board (assets/since.js draws it), and the change in words ("Aragon Front
    −5 → −4") for the step's unfolded lines and for screen readers."""
    ref, before, after = change
    kind, _, what = ref.partition(":")
    read = CHANGES.get(kind)
    return read(what, before, after) if read else ([], "")


def recap_turns(v: dict) -> set[tuple[int, int]]:
    """The Years and turns the recap's steps fall in: the log keeps their groups open until the seat moves
    again, so the turn that just closed is not folded away before it was read."""
    r = v.get("recap") if isinstance(v, dict) else None
    return {(line["year"], line["turn"]) for s in (r or {}).get("steps", []) for line in s["lines"]}
