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

from nicegui import ui

from lf.engine.content import load_content
from lf.engine.recap import REASON_KINDS

from .rule_links import linked
from .shared_render import shared
from .theme import FACTIONS, esc, faction_label, front_label, signed, track_label

#: The pace setting (kept by each browser: assets/since.js), in the order offered.
PACES = (("step", "Step by step"), ("normal", "Normal"), ("fast", "Fast"), ("off", "Off"))
#: Who a step's reasons speak for, by the reasons' log kind (a computer player's kind joins here).
REASON_WHO = {"nonplayer": "Non-player", "computer": "computer"}
#: Titles of the steps the turn sequence opens (rulebook pg. 5), by their first line's kind.
TITLES = {"fascist": "Fascist card", "test": "Fascist Test", "glory": "Bag of Glory", "outcome": "The war",
          "bid": "Final Bid for Glory", "seat": "The table"}


PACE_HTML = ('<span>Pace</span><select data-since-pace data-testid="since-pace">'
             + "".join(f'<option value="{k}">{esc(w)}</option>' for k, w in PACES) + "</select>")


def head_html(r: dict) -> str:
    """The digest's title line: what it covers, how many steps, Play (the steps again) and the fold."""
    head = "Latest moves" if r["latest"] else "Since your last move" if r["since"] else "Since the game began"
    n = len(r["steps"])
    return (f'<button type="button" class="lf-since-fold" aria-expanded="true" aria-controls="lf-since-body">'
            f'<span class="lf-since-h" id="lf-since-h">{esc(head)}</span> '
            f'<span class="lf-since-n">{n} step{"s" * (n != 1)}</span></button>'
            f'<button type="button" class="lf-since-play" data-testid="since-play">Play</button>')


def root_attrs(v: dict, r: dict | None) -> dict[str, str]:
    """What the browser's player reads on the digest: whose it is and where this seat's wait begins."""
    if not r:
        return {}
    return {"data-game": str(v.get("game_id", "")), "data-viewer": r["viewer"] or "", "data-since": str(r["since"]),
            "data-latest": "1" if r["latest"] else "0"}


Step = tuple[str, dict[str, str], str]
#: A step's attributes, in the order it writes them.
STEP_ATTRS = ("data-id", "data-refs", "data-marks", "data-lines")


def step_parts(step: dict, v: dict, names: dict[str, str]) -> Step:
    """One step of the digest: its classes, its attributes (the marks the player draws, the refs a tap flashes)
    and its inner HTML (a button with its title and first words; its lines, changes and reasons, unfolded)."""
    lines = step["lines"]
    said = [line for line in lines if line["kind"] not in REASON_KINDS]
    main = next((line for line in said if line["kind"] != "turn"), said[0] if said else lines[0])
    read = [read_change(c) for c in step["changes"]]
    words = [w for _, w in read if w]
    f = step["faction"]
    attrs = {"data-id": str(step["id"]), "data-refs": " ".join(sorted({r for line in lines for r in line["refs"]})),
             "data-marks": json.dumps([m for ms, _ in read for m in ms], separators=(",", ":")),
             "data-lines": str(len(said))}
    dot = f'<span class="lf-dot lf-f-{f if f in FACTIONS else "none"}" aria-hidden="true"></span>'
    chg = f'<p class="lf-since-chg">{esc(" · ".join(words))}</p>' if words else ""
    inner = (f'<button type="button" class="lf-since-b" aria-expanded="false">{dot}'
             f'<b class="lf-since-t">{esc(title(step, v, names))}</b> '
             f'<span class="lf-since-w">{esc(main["text"])}</span></button>'
             f'<div class="lf-since-more">{chg}<ul class="lf-since-lines">{_lines_html(lines, f)}</ul></div>')
    return f"lf-since-s f-{f if f in FACTIONS else 'none'}", attrs, inner


def _attrs(attrs: dict[str, str]) -> str:
    return " ".join(f'{k}="{esc(v)}"' for k, v in attrs.items())


def since_html(v: dict, names: dict[str, str]) -> str:
    """The whole digest as one block of HTML, as the page shows it (``Digest.html``: tests and tools read this)."""
    r = v.get("recap")
    if not r or not r["steps"]:
        return f'<section class="lf-since lf-since-none" {_attrs(root_attrs(v, r))}></section>'
    items = "".join(f'<li class="{cls}" {_attrs(attrs)}>{inner}</li>'
                    for cls, attrs, inner in (step_parts(s, v, names) for s in r["steps"]))
    return (f'<section class="lf-since" {_attrs(root_attrs(v, r))} aria-labelledby="lf-since-h" data-testid="since">'
            f'<div class="lf-since-head">{head_html(r)}</div>'
            f'<div class="lf-since-body" id="lf-since-body"><label class="lf-since-pace">{PACE_HTML}</label>'
            f'<ol class="lf-since-list">{items}</ol></div></section>')


class Digest:
    """The digest on the game page: its title line and one element per step, kept between moves.

    Why not one block of HTML: the steps since a seat's last move pile up while it waits (a Non-player's turn is
    one step of twenty lines), and re-sending all of them at every move made each page's update 3-4 KiB larger
    (``python -m lf bench-browsers``). A step once shown changes only if a move continues it, so a move sends its
    new steps, and the title line when the count changes. The steps' HTML is rendered once per seat and version
    for all the seat's pages (``shared``). Same ``show``/``update`` as a Part.
    """

    def __init__(self, names: Callable[[], dict[str, str]], name: str = "since") -> None:
        self.name = name
        self.names = names
        self.draws = 0
        self.items: dict[int, ui.html] = {}
        self.shown: dict[int, Step] = {}
        self.view: dict | None = None
        self.root: ui.element
        self.head: ui.html
        self.list: ui.element

    def show(self, view: dict) -> None:
        with ui.element("section").classes("lf-since lf-since-none") \
                .props("aria-labelledby=lf-since-h data-testid=since") as self.root:
            self.head = ui.html("", sanitize=False).classes("lf-since-head")
            with ui.element("div").classes("lf-since-body").props("id=lf-since-body"):
                ui.html(PACE_HTML, sanitize=False, tag="label").classes("lf-since-pace")
                self.list = ui.element("ol").classes("lf-since-list")
        self.update(view)

    def update(self, view: dict, force: bool = False) -> bool:
        self.view = view
        r = view.get("recap")
        steps = {s["id"]: s for s in (r["steps"] if r else [])}
        changed = self._root(view, r)
        for sid in [k for k in self.items if k not in steps]:
            self.list.remove(self.items.pop(sid))
            del self.shown[sid]
            changed = True
        names = self.names()
        seats = [view["factions"][f]["seat"] for f in FACTIONS]
        for sid, step in steps.items():
            parts = shared(view, f"{self.name}-step-{sid}", step_parts, (step, seats, names),
                           lambda s=step: step_parts(s, view, names))
            if force or self.shown.get(sid) != parts:
                self._step(sid, parts)
                changed = True
        order = [self.items[k] for k in steps]
        if list(self.list.default_slot.children) != order:
            for index, el in enumerate(order):
                el.move(target_index=index)
        self.draws += changed
        return changed

    def _root(self, view: dict, r: dict | None) -> bool:
        attrs = root_attrs(view, r)
        head = head_html(r) if r and r["steps"] else ""
        changed = False
        for key, value in attrs.items():
            if self.root.props.get(key) != value:
                self.root.props[key] = value
                changed = True
        if ("lf-since-none" in self.root.classes) != (not head):
            self.root.classes(**({"add": "lf-since-none"} if not head else {"remove": "lf-since-none"}))
            changed = True
        if self.head.content != head:
            self.head.set_content(head)
            changed = True
        return changed

    def _step(self, sid: int, parts: Step) -> None:
        cls, attrs, inner = parts
        el = self.items.get(sid)
        if el is None:
            with self.list:
                el = self.items[sid] = ui.html(inner, sanitize=False, tag="li").classes(cls)
            el.props.update(attrs)
        else:
            if el.content != inner:
                el.set_content(inner)
            for key, value in attrs.items():
                if el.props.get(key) != value:
                    el.props[key] = value
        self.shown[sid] = parts

    def html(self) -> str:
        """What the digest's elements show, as one block of HTML (tests and tools read it)."""
        items = "".join(f'<li class="{" ".join(el.classes)}" {_attrs({k: el.props[k] for k in STEP_ATTRS})}>'
                        f'{el.content}</li>' for el in self.list.default_slot.children)
        attrs = {k: str(v) for k, v in self.root.props.items() if k.startswith("data-") or k.startswith("aria-")}
        return (f'<section class="{" ".join(self.root.classes)}" {_attrs(attrs)}>'
                f'<div class="lf-since-head">{self.head.content}</div><ol class="lf-since-list">{items}</ol></section>')


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
        "Non-player" if v["factions"][who]["seat"] == "nonplayer" else
        "computer" if v["factions"][who].get("computer") else "")
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
