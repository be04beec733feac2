"""The prompt bar: what this seat must do now, in a few words, and the few choices the board does not carry.

Most options are taken on the board itself (``targets.py`` places each choice on the Front, track space,
Bonus, medallion, faction or card it acts on): the bar says where to tap and offers the rest as buttons
(ending the turn, a Morale icon, a direction, drawing with a Hero point), Undo, and **All options**: the
engine's complete list as buttons, with the options closed now and why (for keyboards and screen readers,
and for a player who prefers a list). It is drawn only when opened, so a move does not send it. Nothing
here decides what is legal: it renders the engine's ``choices`` and ``unavailable`` lists and hands a
chosen action to ``send``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from nicegui import ui

from lf.engine.decisions import SPEND_KINDS

from .card import card_html
from .hand_strip import PILE_WORDS
from .icons import q_icon
from .pieces import SHOWN_JS, shown_version
from .targets import AP_KINDS, bar_choices, board_targets, names_card, strip_groups
from .theme import esc, faction_label

#: ``send(choice, version)``: the version the browser showed when the button was pressed (None: not known, e.g.
#: a simulated user; the page then uses the version it holds). A button is not re-drawn while the prompt's
#: content stays the same, so it cannot carry the version it was drawn at.
Send = Callable[[dict, int | None], Awaitable[None]]

#: The one kind of choice the page may ask about: ending a turn that gives something up (the engine's ``forgo``).
#: A button that says what it does (an Event from the card's menu, "Confirm your bid", "Done: discard the rest",
#: "Let it lapse") is the step itself; docs/pages.md, "Confirmations".
CONFIRM_KINDS = ("end_turn",)
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
#: Where a choice can be on the board, in the order the bar names them.
PLACES = (("card", "a card of yours"), ("front", "a Front"), ("space", "a track space"), ("track", "a track"),
          ("bonus", "a Bonus"), ("medallion", "a medallion"), ("faction", "a faction"))


@dataclass(frozen=True)
class PromptInput:
    view: dict
    names: dict[str, str]
    send: Send
    undo: Callable[[], Awaitable[None]]
    #: Whether "All options" is open, and how to open or close it.
    all_open: bool = False
    toggle_all: Callable[[], None] | None = None
    #: The coach (lf/pages/suggest.py), when the host allows hints: its button in the bar's tools, and its
    #: suggestion drawn last (given the prompt, to outline the suggested option's button in it).
    coach_button: Callable[[], None] | None = None
    coach_advice: Callable[[ui.element], None] | None = None


def confirm_text(choice: dict, decision: dict | None) -> str | None:
    """The question to ask before ``choice``, or None (sent at once). Only the end of a turn is asked about, and
    only when the engine says ending it now gives something up (``decision["forgo"]``): the page does not decide
    what is lost, it names what the engine lists."""
    forgo = (decision or {}).get("forgo") or []
    if choice["action"]["kind"] != "end_turn" or not forgo:
        return None
    return f"End your turn? You would give up {_and(forgo)}."


def waiting_line(view: dict, names: dict[str, str]) -> str:
    """Who the game waits for, in words (for everyone, including spectators)."""
    me = view["viewer"]
    others = [w for w in view["waiting"] if w["faction"] != me]
    if not others:
        return ""
    parts = []
    for w in others:
        who = faction_label(w["faction"])
        name = "computer" if _computer(view, w["faction"]) else names.get(w["faction"], "")
        label = f"the {who}" + (f" ({name})" if name and name != who else "")
        parts.append(f"{label} {WAITING_WORDS.get(w['kind'], 'to decide')}")
    return "Waiting for " + "; ".join(parts) + "."


def _computer(view: dict, faction: str) -> bool:
    return bool(view.get("factions", {}).get(faction, {}).get("computer"))


def computers_deciding(view: dict) -> list[str]:
    """The factions the computer plays whom the game waits for now (not the viewer's own seat)."""
    if view.get("result"):
        return []
    return list(dict.fromkeys(w["faction"] for w in view.get("waiting", [])
                              if w["faction"] != view.get("viewer") and _computer(view, w["faction"])))


def thinking_html(view: dict) -> str:
    """"Communists (computer) are thinking ..." and how much of its search is done, while a seat the computer plays
    decides.

    The words come from the view (which seats the computer plays and whom the game waits for), the same on every
    device. The bar is a ``progressbar`` whose value the page sets from the search's measured share
    (lf/pages/thinking_figure.py sends it a few times a second, assets/thinking.js draws it); it starts at 0."""
    factions = computers_deciding(view)
    if not factions:
        return ""
    who = " and ".join(faction_label(f) for f in factions)
    return (f'<div class="lf-thinking" role="status" data-testid="thinking">'
            f'<span>{esc(who)} (computer) are thinking …</span>'
            f'<span class="lf-thinking-bar" role="progressbar" aria-label="{esc(who)}: share of the search done" '
            f'aria-valuemin="0" aria-valuemax="100" aria-valuenow="0" aria-valuetext="0% of the search done" '
            f'data-thinking="{esc(" ".join(factions))}" data-testid="thinking-bar"><span></span></span></div>')


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else "; ".join(words[:-1]) + "; and " + words[-1]


def _either(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def tap_hint(view: dict) -> str:
    """Where the seat's options are on the board, in words ("Tap a Front or a track space ...")."""
    kinds = {ref.split(":", 1)[0] for ref, t in board_targets(view).items() if t.ok}
    places = [words for kind, words in PLACES if kind in kinds]
    return f"Tap {_either(places)} outlined in red." if places else ""


def _button(choice: dict, send: Send, primary: bool = False, prefix: str = "act") -> ui.button:
    b = ui.button(choice["label"]).on("click", lambda e: send(choice, shown_version(e.args)), js_handler=SHOWN_JS)
    b.classes("lf-act").props(f"no-caps {'unelevated' if primary else 'outline'} data-testid={prefix}-{choice['key']}")
    return b.mark(f"{prefix}:{choice['key']}")


def _unavailable_html(unavailable: list[dict]) -> str:
    """The options that exist but are closed now, each a disabled button with its reason under it.

    Plain HTML in one element (not a component per option): they cannot be pressed, and a turn can list
    twenty of them.
    """
    return "".join(
        f'<div class="lf-unav" data-testid="unav-{esc(u["key"])}"><button class="lf-act lf-unav-b" disabled>'
        f'{esc(u["label"])}</button><div class="lf-reason">Not now: {esc(u["reason"])}</div></div>'
        for u in unavailable)


def _group(title: str, choices: list[dict], unavailable: list[dict], send: Send, primary: bool = False) -> None:
    if not choices and not unavailable:
        return
    if title:
        ui.label(title).classes("lf-group-h")
    with ui.element("div").classes("lf-acts"):
        for c in choices:
            _button(c, send, primary=primary, prefix="opt")
        if unavailable:
            ui.html(_unavailable_html(unavailable), sanitize=False).classes("lf-unavs")


def _cards(choices: list[dict], unavailable: list[dict], send: Send, prefix: str) -> None:
    """Choices about cards: each card with its buttons under it."""
    by_card: dict[str, list[dict]] = {}
    for c in choices:
        by_card.setdefault(c["action"]["arg"], []).append(c)
    blocked = {u["action"]["arg"]: u for u in unavailable}
    with ui.element("div").classes("lf-cardrow lf-pick-cards"):
        for cid in dict.fromkeys([*by_card, *blocked]):
            with ui.element("div").classes("lf-pick-card"):
                ui.html(card_html(cid), sanitize=False)
                for c in by_card.get(cid, []):
                    _button(c, send, primary=c["action"]["kind"] in ("choose", "bid", "keep", "card"), prefix=prefix)
                if cid in blocked:
                    ui.label(f"Not now: {blocked[cid]['reason']}").classes("lf-reason")


def _card_options(view: dict, decision: dict, send: Send) -> None:
    """choose / bid / keep / a card to pick: the cards pile by pile (the hand, the tableau...), then the rest."""
    cards = [c for c in decision["choices"] if names_card(c)]
    blocked = [u for u in decision["unavailable"] if names_card(u)]
    rest = [c for c in decision["choices"] if not names_card(c)]
    shown: set[str] = set()
    for pile, pile_cards in strip_groups(view):
        mine = [c for c in cards if c["action"]["arg"] in pile_cards]
        closed = [u for u in blocked if u["action"]["arg"] in pile_cards]
        if mine or closed:
            ui.label(PILE_WORDS[pile]).classes("lf-group-h")
            _cards(mine, closed, send, "opt")
            shown.update(pile_cards)
    elsewhere = [c for c in cards if c["action"]["arg"] not in shown]
    if elsewhere:
        _cards(elsewhere, [u for u in blocked if u["action"]["arg"] not in shown], send, "opt")
    if rest:
        with ui.element("div").classes("lf-acts"):
            for c in rest:
                _button(c, send, primary=True, prefix="opt")


AP_GROUPS = (("ap_front", "Strength on one Front"), ("ap_track", "move one track"), ("ap_bonus", "turn Bonuses on"))


def spend_title(possible: int) -> str:
    """The Hero point spends' heading: how many are possible now, in words (never "0 options now")."""
    if not possible:
        return "Hero point spends: none possible now"
    return f"Spend Hero points: {possible} way{'s' * (possible != 1)} possible now"


def split_spends(decision: dict) -> tuple[dict, list[dict], list[dict]]:
    """The decision without its Hero point spends, and the spends (offered and closed). The engine lists the
    spends wherever a player's own turn waits for their choice (the Morale Bonus, an Event's question)."""
    spend = lambda items: [x for x in items if x["action"]["kind"] in SPEND_KINDS]  # noqa: E731
    rest = lambda items: [x for x in items if x["action"]["kind"] not in SPEND_KINDS]  # noqa: E731
    main = {**decision, "choices": rest(decision["choices"]), "unavailable": rest(decision["unavailable"])}
    return main, spend(decision["choices"]), spend(decision["unavailable"])


def _turn_options(decision: dict, send: Send) -> None:
    choices, unav = decision["choices"], decision["unavailable"]
    pick = lambda kinds, items: [x for x in items if x["action"]["kind"] in kinds]  # noqa: E731
    event = pick(("event",), choices)
    lead = "Action Points: "
    if event:
        _group("Play it for its Event", event, [], send, primary=True)
        lead = "…or for its Action Points: "
    for i, (kind, title) in enumerate(AP_GROUPS):
        _group((lead if i == 0 else "") + title, pick((kind,), choices), pick((kind,), unav), send)
    spend_ok, spend_no = pick(SPEND_KINDS, choices), pick(SPEND_KINDS, unav)
    if spend_ok or spend_no:
        _group(spend_title(len(spend_ok)), spend_ok, spend_no, send)
    known = (*AP_KINDS, *SPEND_KINDS, "event")
    _group("", [c for c in choices if c["action"]["kind"] not in known], [], send, primary=True)


def render_options(view: dict, decision: dict, send: Send) -> None:
    """Every option of ``decision`` as a button (``opt-<key>``), and the closed ones with their reasons."""
    with ui.element("div").classes("lf-all").props("data-testid=all-options"):
        if decision["kind"] in ("turn", "play"):
            _turn_options(decision, send)
            return
        main, spend_ok, spend_no = split_spends(decision)
        if any(names_card(c) for c in (*main["choices"], *main["unavailable"])):
            _card_options(view, main, send)
        else:
            _group("", main["choices"], main["unavailable"], send, primary=True)
        if spend_ok or spend_no:
            _group(spend_title(len(spend_ok)), spend_ok, spend_no, send)


def _bar(view: dict, decision: dict, send: Send) -> list[dict]:
    """The choices of ``decision`` the board does not carry: cards from elsewhere are drawn here; the other
    buttons are returned, for the bar's row of buttons (``act-<key>``)."""
    rest = bar_choices(view, decision)
    cards = [c for c in rest if names_card(c)]
    if cards:
        _cards(cards, [], send, "act")
    return [c for c in rest if not names_card(c)]


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
    wait = f'<div class="lf-wait" data-testid="waiting">{esc(line)}</div>' if line else ""
    return (f'<div class="lf-box"><div class="lf-prompt" data-testid="prompt"><div class="lf-bar-words">'
            f'<div class="lf-prompt-h">{esc(head)}</div>{wait}{thinking_html(view)}</div></div></div>')


def render_prompt(inp: PromptInput) -> None:
    """The prompt bar for the viewer of ``inp.view``. An idle viewer's words are ``idle_prompt_html``'s (one
    block of text rewritten in place); here they get only their Undo, if they have one."""
    view = inp.view
    me = view["viewer"]
    if idle(view):
        _undo_tool(view, inp)
        return
    with ui.element("div").classes("lf-box"), \
            ui.element("div").classes("lf-prompt").props("data-testid=prompt").mark("prompt") as prompt:
        if view.get("result"):
            ui.label("The game is over.").classes("lf-prompt-h")
            return
        decisions = view["decisions"]
        buttons: list[dict] = []
        for d in decisions:
            with ui.element("div").classes("lf-bar-words"):
                ui.label("Your move" if d["kind"] not in SIMULTANEOUS else "Your secret choice").classes("lf-prompt-k")
                ui.label(d["prompt"]).classes("lf-prompt-h").mark("your-prompt")
                hint = tap_hint(view)
                if hint:
                    ui.label(hint).classes("lf-hint").mark("hint")
                others = [w for w in view["waiting"] if w["faction"] != me]
                if d["kind"] in SIMULTANEOUS:
                    line = waiting_line(view, inp.names).replace("Waiting for", "Also deciding:") if others else \
                        "The others have decided: everyone is waiting for you."
                else:
                    line = "Everyone is waiting for you."
                ui.label(line).classes("lf-wait")
                if thinking := thinking_html(view):
                    ui.html(thinking, sanitize=False)
            buttons += _bar(view, d, inp.send)
        with ui.element("div").classes("lf-acts lf-bar-acts"):
            for c in buttons:
                _button(c, inp.send, primary=c["action"]["kind"] not in SPEND_KINDS)
            with ui.element("div").classes("lf-bar-tools"):
                if inp.coach_button is not None:
                    inp.coach_button()
                if inp.toggle_all is not None:
                    count = sum(len(d["choices"]) for d in decisions)
                    ui.button(f"{'Hide the' if inp.all_open else 'All'} options ({count})", on_click=inp.toggle_all) \
                        .classes("lf-tool").props(f"flat no-caps aria-expanded={'true' if inp.all_open else 'false'} "
                                                  "data-testid=all-toggle").mark("all-toggle")
                _undo_tool(view, inp)
        if inp.all_open:
            for d in decisions:
                render_options(view, d, inp.send)
        if inp.coach_advice is not None:
            inp.coach_advice(prompt)


def _undo_tool(view: dict, inp: PromptInput) -> None:
    if view.get("can_undo"):
        ui.button("Undo", icon=q_icon("undo"), on_click=inp.undo).classes("lf-tool") \
            .props('flat no-caps data-testid=undo aria-label="Undo my last step"').mark("undo")
