"""The prompt: what this seat must do now, in plain words, and every option the engine lists.

Legal actions become buttons (grouped: the card's Event, its Action Points,
Hero point spends, finishing); options that exist but are not legal now are
shown disabled *with their reason written under them*, because a touch screen
cannot show a tooltip. Nothing here decides what is legal: it only renders the
engine's ``choices`` and ``unavailable`` lists and hands a chosen action to
``send``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from nicegui import ui

from .card import card_html, card_name
from .pieces import SHOWN_JS, shown_version
from .theme import esc, faction_label

#: ``send(choice, version)``: the version the browser showed when the button was pressed (None: not known, e.g.
#: a simulated user; the page then uses the version it holds). A button is not re-drawn while the prompt's
#: content stays the same, so it cannot carry the version it was drawn at.
Send = Callable[[dict, int | None], Awaitable[None]]

#: Choices that cannot be taken back: the page asks before sending them.
CONFIRM_KINDS = ("event", "end_turn", "bid_done", "keep_done")
SPEND_KINDS = ("hp_draw", "hp_bonus", "hp_track", "volunteers", "intelligence")
AP_KINDS = ("ap_front", "ap_track", "ap_bonus")
WAITING_WORDS = {
    "choose": "to choose a card in secret",
    "bid": "to make their Final Bid",
    "keep": "to choose the cards they keep",
    "turn": "to play their turn",
    "play": "to play another card",
    "morale": "to use the Morale Bonus",
    "pick": "to make a choice",
    "np_turn": "to finish their turn",
}
SIMULTANEOUS = ("choose", "bid", "keep")


@dataclass(frozen=True)
class PromptInput:
    view: dict
    names: dict[str, str]
    send: Send
    undo: Callable[[], Awaitable[None]]


def confirm_text(choice: dict) -> str | None:
    """The question to ask before an irreversible choice, or None."""
    a = choice["action"]
    kind = a["kind"]
    if kind == "event":
        return (f"Play {card_name(a['arg'])} for its Event? The Event happens at once and the card is trashed "
                "(it leaves the game unless an Event brings it back).")
    if kind == "end_turn":
        return "End your turn? You can't spend Hero points again until your next turn."
    if kind == "bid_done":
        return f"{choice['label']}? Your bid is final once confirmed."
    if kind == "keep_done":
        return "Done keeping cards? Every card you did not keep goes to your discard pile."
    return None


def waiting_line(view: dict, names: dict[str, str]) -> str:
    """Who the game waits for, in words (for everyone, including spectators)."""
    me = view["viewer"]
    others = [w for w in view["waiting"] if w["faction"] != me]
    if not others:
        return ""
    parts = []
    for w in others:
        who = faction_label(w["faction"])
        name = names.get(w["faction"], "")
        label = f"the {who}" + (f" ({name})" if name and name != who else "")
        parts.append(f"{label} {WAITING_WORDS.get(w['kind'], 'to decide')}")
    return "Waiting for " + "; ".join(parts) + "."


def _button(choice: dict, send: Send, cls: str = "", primary: bool = False) -> ui.button:
    b = ui.button(choice["label"]).on("click", lambda e: send(choice, shown_version(e.args)), js_handler=SHOWN_JS)
    b.classes(f"lf-act {cls}").props(f"no-caps {'unelevated' if primary else 'outline'} data-testid=act-{choice['key']}")
    return b.mark(f"act:{choice['key']}")


def _unavailable_html(unavailable: list[dict]) -> str:
    """The options that exist but are closed now, each a disabled button with its reason under it.

    Plain HTML in one element (not a component per option): they cannot be pressed, and a turn can list
    twenty of them, which every update would otherwise re-send and every browser re-mount.
    """
    return "".join(
        f'<div class="lf-unav" data-testid="unav-{esc(u["key"])}"><button class="lf-act lf-unav-b" disabled>'
        f'{esc(u["label"])}</button><div class="lf-reason">Not now: {esc(u["reason"])}</div></div>'
        for u in unavailable)


def _group(title: str, choices: list[dict], unavailable: list[dict], send: Send,
           primary: bool = False) -> None:
    if not choices and not unavailable:
        return
    ui.label(title).classes("lf-group-h")
    with ui.element("div").classes("lf-acts"):
        for c in choices:
            _button(c, send, primary=primary)
        if unavailable:
            ui.html(_unavailable_html(unavailable), sanitize=False).classes("lf-unavs")


def _card_choices(decision: dict, send: Send) -> None:
    """choose / bid / keep: each card with its own button under it."""
    by_card: dict[str, list[dict]] = {}
    rest: list[dict] = []
    for c in decision["choices"]:
        arg = c["action"].get("arg", "")
        (by_card.setdefault(arg, []) if arg else rest).append(c)
    blocked = {u["action"].get("arg", ""): u for u in decision["unavailable"]}
    cards = list(dict.fromkeys(list(by_card) + list(blocked)))
    with ui.element("div").classes("lf-cardrow lf-pick-cards"):
        for cid in cards:
            with ui.element("div").classes("lf-pick-card"):
                ui.html(card_html(cid), sanitize=False)
                for c in by_card.get(cid, []):
                    _button(c, send, primary=c["action"]["kind"] in ("choose", "bid", "keep"))
                if cid in blocked:
                    ui.label(f"Not now: {blocked[cid]['reason']}").classes("lf-reason")
    if rest:
        with ui.element("div").classes("lf-acts"):
            for c in rest:
                _button(c, send, primary=True)


AP_GROUPS = (("ap_front", "Strength on one Front"), ("ap_track", "move one track"), ("ap_bonus", "turn Bonuses on"))


def _ap_groups(choices: list[dict], unav: list[dict], send: Send, lead: str) -> None:
    """Action Point uses in three small groups (Fronts, tracks, Bonuses) so a phone screen stays readable."""
    for i, (kind, title) in enumerate(AP_GROUPS):
        ok = [c for c in choices if c["action"]["kind"] == kind]
        no = [u for u in unav if u["action"]["kind"] == kind]
        _group((lead if i == 0 else "") + title, ok, no, send)


def _turn_choices(decision: dict, send: Send) -> None:
    choices, unav = decision["choices"], decision["unavailable"]
    pick = lambda kinds, items: [x for x in items if x["action"]["kind"] in kinds]  # noqa: E731
    event = pick(("event",), choices)
    if event:
        with ui.element("div").classes("lf-playing"):
            ui.html(card_html(event[0]["action"]["arg"]), sanitize=False)
            with ui.element("div").classes("lf-playing-opts"):
                _group("Play it for its Event", event, [], send, primary=True)
                _ap_groups(choices, unav, send, "…or for its Action Points: ")
    else:
        _ap_groups(choices, unav, send, "Action Points: ")
    spend_ok, spend_no = pick(SPEND_KINDS, choices), pick(SPEND_KINDS, unav)
    if spend_ok or spend_no:
        title = f"Spend Hero points ({len(spend_ok)} option{'s' * (len(spend_ok) != 1)} now)"
        with ui.expansion(title, icon="star").classes("lf-spend w-full").props("dense"):
            _group("", spend_ok, spend_no, send)
    finish = pick(("end_turn",), choices)
    other = [c for c in choices if c["action"]["kind"] not in (*AP_KINDS, *SPEND_KINDS, "event", "end_turn")]
    _group("", other, [], send)
    if finish:
        with ui.element("div").classes("lf-acts lf-finish"):
            for c in finish:
                _button(c, send, primary=True)


def idle(view: dict) -> bool:
    """Whether the viewer has nothing to decide in a running game (a spectator, or a seat waiting for others)."""
    return not view["decisions"] and not view.get("result")


def idle_prompt_html(view: dict, names: dict[str, str]) -> str:
    """The prompt of an idle viewer (see ``idle``) as one block of HTML; empty otherwise.

    Why HTML: the line saying whom the game waits for changes at every move, and a spectator's or a waiting
    seat's prompt is nothing else; as a block of text it is rewritten in place (and rendered once for every
    spectator of the game, lf/components/shared_render.py) instead of being built again on every page.
    """
    if not idle(view):
        return ""
    if view["viewer"] is None:
        head, line = "You are watching this game.", waiting_line(view, names)
    else:
        head, line = "Not your move.", waiting_line(view, names) or "Nothing is pending."
    wait = f'<div class="lf-wait">{esc(line)}</div>' if line else ""
    return (f'<div class="lf-box"><div class="lf-prompt" data-testid="prompt"><div class="lf-prompt-h">{esc(head)}'
            f'</div>{wait}</div></div>')


def render_prompt(inp: PromptInput) -> None:
    """The prompt box of a viewer with a decision to make, or of a finished game (else only the undo button)."""
    view = inp.view
    me = view["viewer"]
    if idle(view):
        _undo_button(view, inp)
        return
    with ui.element("div").classes("lf-box"), \
            ui.element("div").classes("lf-prompt").props("data-testid=prompt").mark("prompt"):
        if view.get("result"):
            ui.label("The game is over.").classes("lf-prompt-h")
            return
        decisions = view["decisions"]
        for d in decisions:
            ui.label("Your move" if d["kind"] not in SIMULTANEOUS else "Your secret choice").classes("lf-prompt-k")
            ui.label(d["prompt"]).classes("lf-prompt-h").mark("your-prompt")
            others = [w for w in view["waiting"] if w["faction"] != me]
            if d["kind"] in SIMULTANEOUS:
                line = waiting_line(view, inp.names).replace("Waiting for", "Also deciding:") if others else \
                    "The others have decided: everyone is waiting for you."
            else:
                line = "Everyone is waiting for you."
            ui.label(line).classes("lf-wait")
            if d["kind"] in ("choose", "bid", "keep"):
                _card_choices(d, inp.send)
            elif d["kind"] in ("turn", "play"):
                _turn_choices(d, inp.send)
            elif d["kind"] == "pick" and all(c["action"]["kind"] == "card" for c in d["choices"]):
                _card_choices(d, inp.send)
            else:
                _group("", d["choices"], d["unavailable"], inp.send, primary=True)
        _undo_button(view, inp)


def _undo_button(view: dict, inp: PromptInput) -> None:
    if view.get("can_undo"):
        with ui.element("div").classes("lf-undo"):
            ui.button("Undo my last step", icon="undo", on_click=inp.undo) \
                .props("no-caps flat data-testid=undo").mark("undo")
