"""Teaching mode's decision panel: every option with what it would do, every closed option with why.

Like the game page's prompt (``prompt.py``) it only renders the engine's
``choices`` and ``unavailable`` lists, grouped the same way (the card's
Event, its Action Points, Hero point spends, finishing). What it adds for a
table of beginners: under each button, in words, what that option would do
(the session's previews, public facts only), and for each closed option the
engine's reason. Everything is written on the page (no hover, no tooltip), in
big tap targets, so it works on a projector and on a tablet passed around.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace

from nicegui import ui

from .card import card_html
from .prompt import AP_GROUPS, SPEND_KINDS, spend_title, split_spends
from .theme import esc, faction_label

#: send(faction, choice, version): the page acts for that faction with the token it holds, at the version the
#: button was drawn at (so a second tap on an old button is refused by the session, never applied twice).
Send = Callable[[str, dict, int], Awaitable[None]]
SECRET_KINDS = ("choose", "bid", "keep")


@dataclass(frozen=True)
class Options:
    faction: str
    decision: dict
    send: Send
    #: The version of the faction's view these options were drawn from.
    version: int
    #: action key -> what it would do (from GameSession.previews); missing keys get a plain sentence.
    previews: dict[str, str] = field(default_factory=dict)


#: What a secret choice's option does, told from the chooser's own cards, never computed on the board.
SECRET_HINTS = {
    "bid": "adds this card's Action Points to your bid (bid cards are discarded)",
    "unbid": "takes this card back into your hand",
    "bid_done": "your bid is final; the largest total scores a Glory token",
    "keep": "this card stays with you into the next Year",
    "unkeep": "this card will be discarded after all",
    "keep_done": "every card you did not keep is discarded",
}


def secret_hint(choice: dict) -> str:
    a = choice["action"]
    if a["kind"] == "choose":
        return "this card is set aside, face down, for this turn" if a.get("arg") else "you play no card this turn"
    return SECRET_HINTS.get(a["kind"], "")


def hint_of(opts: Options, choice: dict) -> str:
    if opts.decision["kind"] in SECRET_KINDS:
        return secret_hint(choice)
    return opts.previews.get(choice["key"], "")


def option(opts: Options, choice: dict, primary: bool = False, hint: str | None = None) -> None:
    """One option: a big button and, under it, what it would do."""
    with ui.element("div").classes("lf-topt").props(f"data-testid=opt-{choice['key']}"):
        ui.button(choice["label"], on_click=lambda c=choice: opts.send(opts.faction, c, opts.version)) \
            .classes("lf-tbtn") \
            .props(f"no-caps {'unelevated color=primary' if primary else 'outline'} data-testid=act-{choice['key']}") \
            .mark(f"act:{choice['key']}")
        hint = hint_of(opts, choice) if hint is None else hint
        if hint:
            ui.label(f"Would do: {hint}").classes("lf-preview").mark(f"preview:{choice['key']}")


def closed(u: dict) -> None:
    """An option that exists but is closed now: a disabled button and the engine's reason, in words."""
    with ui.element("div").classes("lf-topt closed").props(f"data-testid=unav-{u['key']}"):
        ui.button(u["label"]).props("no-caps outline disable").classes("lf-tbtn")
        ui.label(f"Not now: {u['reason']}").classes("lf-reason").mark(f"why:{u['key']}")


def _parts(text: str) -> list[str]:
    return [p for p in text.split("; ") if p]


def group(opts: Options, title: str, choices: list[dict], unavailable: list[dict], primary: bool = False) -> None:
    """Options side by side. What every option of the group would do alike is said once, above them."""
    if not choices and not unavailable:
        return
    if title:
        ui.label(title).classes("lf-tgroup")
    hints = {c["key"]: hint_of(opts, c) for c in choices}
    common: list[str] = []
    if len(choices) >= 2:
        lists = [_parts(hints[c["key"]]) for c in choices]
        common = [p for p in lists[0] if p != "nothing visible changes" and all(p in other for other in lists[1:])]
    if common:
        ui.label(f"Each of these would also do: {'; '.join(common)}").classes("lf-preview lf-common") \
            .mark("preview-common")
    with ui.element("div").classes("lf-topts"):
        for c in choices:
            own = "; ".join(p for p in _parts(hints[c["key"]]) if p not in common)
            option(opts, c, primary, hint=own or "only what is said above")
        for u in unavailable:
            closed(u)


def _cards(opts: Options) -> None:
    """choose / bid / keep, and picks among cards: each card with its own buttons under it."""
    d = opts.decision
    by_card: dict[str, list[dict]] = {}
    rest: list[dict] = []
    for c in d["choices"]:
        arg = c["action"].get("arg", "")
        (by_card.setdefault(arg, []) if arg else rest).append(c)
    blocked: dict[str, list[dict]] = {}
    for u in d["unavailable"]:
        blocked.setdefault(u["action"].get("arg", ""), []).append(u)
    cards = list(dict.fromkeys(list(by_card) + [c for c in blocked if c]))
    hints = {c["key"]: hint_of(opts, c) for cs in by_card.values() for c in cs}
    alike = len(hints) >= 2 and len(set(hints.values())) == 1 and next(iter(hints.values()))
    if alike:  # the same for every card (a secret choice): said once, above the cards
        ui.label(f"Would do, whichever card: {alike}").classes("lf-preview lf-common").mark("preview-common")
    with ui.element("div").classes("lf-cardrow lf-pick-cards lf-tcards"):
        for cid in cards:
            with ui.element("div").classes("lf-pick-card lf-tpick"):
                ui.html(card_html(cid), sanitize=False)
                for c in by_card.get(cid, []):
                    option(opts, c, primary=c["action"]["kind"] in ("choose", "bid", "keep", "card"),
                           hint="" if alike else None)
                for u in blocked.get(cid, []):
                    ui.label(f"Not now: {u['reason']}").classes("lf-reason").mark(f"why:{u['key']}")
    if rest:
        group(opts, "", rest, [], primary=True)


def _spends(opts: Options, spend_ok: list[dict], spend_no: list[dict]) -> None:
    """The Hero point spends, folded away under one line that says how many are possible now."""
    if spend_ok or spend_no:
        with ui.expansion(spend_title(len(spend_ok)), icon="star").classes("lf-spend w-full").props("dense").mark("spend"):
            group(opts, "", spend_ok, spend_no)


def _turn(opts: Options) -> None:
    d = opts.decision
    choices, unav = d["choices"], d["unavailable"]

    def pick(kinds: tuple[str, ...], items: list[dict]) -> list[dict]:
        return [x for x in items if x["action"]["kind"] in kinds]

    event = pick(("event",), choices)
    with ui.element("div").classes("lf-playing"):
        if event:
            ui.html(card_html(event[0]["action"]["arg"]), sanitize=False)
        with ui.element("div").classes("lf-playing-opts"):
            if event:
                group(opts, "Play it for its Event (the card is then trashed)", event, [], primary=True)
            for i, (kind, title) in enumerate(AP_GROUPS):
                lead = ("…or for its Action Points (the card joins your tableau): " if event else
                        "Action Points: ") if i == 0 else ""
                group(opts, lead + title, pick((kind,), choices), pick((kind,), unav))
    _spends(opts, pick(SPEND_KINDS, choices), pick(SPEND_KINDS, unav))
    other = [c for c in choices if c["action"]["kind"] not in
             ("ap_front", "ap_track", "ap_bonus", *SPEND_KINDS, "event", "end_turn")]
    group(opts, "", other, [])
    finish = pick(("end_turn",), choices)
    if finish:
        group(opts, "When you are done", finish, [], primary=True)


def render_options(opts: Options) -> None:
    """The decision of ``opts.faction``: its question and every option."""
    d = opts.decision
    kind = d["kind"]
    with ui.element("div").classes(f"lf-tdecision lf-f-{opts.faction}") \
            .props(f"data-testid=decision data-faction={opts.faction}").mark(f"decision-{opts.faction}"):
        ui.html(f'<div class="lf-tdec-who"><span class="lf-dot lf-f-{opts.faction}"></span> '
                f'{esc(faction_label(opts.faction))}</div><div class="lf-prompt-h">{esc(d["prompt"])}</div>',
                sanitize=False).mark("your-prompt")
        main, spend_ok, spend_no = split_spends(d)
        if kind in SECRET_KINDS or (kind == "pick" and main["choices"]
                                    and all(c["action"]["kind"] == "card" for c in main["choices"])):
            _cards(replace(opts, decision=main))
            _spends(opts, spend_ok, spend_no)
        elif kind in ("turn", "play"):
            _turn(opts)
        else:
            group(opts, "", main["choices"], main["unavailable"], primary=True)
            _spends(opts, spend_ok, spend_no)


def is_secret(decision: dict, public_cards: set[str]) -> bool:
    """A decision only its faction may see: a secret choice, or a pick among cards not on the table."""
    if decision["kind"] in SECRET_KINDS:
        return True
    if decision["kind"] == "pick":
        cards = [c["action"].get("arg", "") for c in decision["choices"] if c["action"]["kind"] == "card"]
        return any(c and c not in public_cards for c in cards)
    return False


def public_cards(view: dict) -> set[str]:
    """Cards every seat can see: tableaux, trashes, cards being played, the Fascist discard."""
    out: set[str] = set()
    for fv in view["factions"].values():
        out.update(fv["tableau"], fv["trash"], fv["playing"])
    return out
