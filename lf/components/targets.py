"""Where on the board each option of the seat's decisions is taken: the board is the interface.

The page never decides what is legal. It places the view's own choices (and the options that are closed
now, with their reasons) on the board elements they act on, read from the shape of the action alone:

- an argument that is a Front: that Front (Action Points, Strength, an Attack, Volunteers, a Front to pick);
- a track with a step (``+1``/``-1``): the space where the engine says the marker lands (the choice's
  ``lands``: a move of 2 steps lands two spaces on), else the space one step up or down of the track's marker;
  a track without a step: the whole track (a track to pick); ``<track>:<space>``: that space (Blank markers);
- a Bonus: that Bonus (``both``: each of the two);
- a faction: its line in the factions' summary; a medallion still on the board: that medallion;
- a card of the seat's strip (its hand, its Final Bid, or a pile of its own a choice names): that card.

Everything else (a direction, a Morale icon, ending the turn, a card from elsewhere, any kind of choice
the engine adds that names nothing on the board) stays in the prompt bar. So a new choice of the engine
is offered at once: on the board if it names a board element, in the bar if not.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from lf.engine.constants import BONUSES, FACTIONS, FRONTS, TRACKS
from lf.engine.content import load_content
from lf.engine.decisions import SPEND_KINDS

from .theme import esc

#: The kinds of choice that spend a card's Action Points (on a Front, a track or the Bonuses).
AP_KINDS = ("ap_front", "ap_track", "ap_bonus")
#: The seat's piles that can join its strip when a choice names one of their cards (the hand always shows).
STRIP_PILES = ("hand", "bid", "tableau", "trash", "discard")


@dataclass(frozen=True)
class Target:
    """The options one board element carries now: legal choices and closed options (with their reasons)."""

    ok: tuple[dict, ...] = ()
    no: tuple[dict, ...] = ()


@dataclass(frozen=True)
class Tap:
    """How a board element shows its target: attributes for its tag, classes, and what goes inside it last: what a
    tap does in words for screen readers only, and its menu (hidden).

    Why words inside and no ``aria-label``: the element is a button named by its own text (a Front's name, value
    and tokens, a card's name and Event); a label would replace that text for a screen reader, and a name that
    does not contain what is written on the button confuses voice control (axe-core
    "label-content-name-mismatch")."""

    attrs: str = ""
    cls: str = ""
    inner: str = ""


NO_TAP = Tap()


@dataclass(frozen=True)
class MenuItem:
    """A menu line that is not an action: a hint (``data-hint``) or a zoom (``data-zoom-of``), handled in the
    browser (assets/lf.js)."""

    label: str
    attr: str


@lru_cache(maxsize=1)
def _card_ids() -> frozenset[str]:
    return frozenset(load_content().player_cards)


def names_card(item: dict) -> bool:
    """Whether a choice (or a closed option) is about a player card (its argument is a card's id)."""
    return item["action"].get("arg", "") in _card_ids()


def strip_groups(view: dict) -> list[tuple[str, list[str]]]:
    """The seat's strip: its hand, its Final Bid, and any other pile of its own that a choice names a card of
    (the tableau at the End of the Year, a trashed card to take back): [(pile, cards)], the hand first."""
    me = view.get("viewer")
    fv = view["factions"].get(me) if me else None
    if not fv:
        return []
    named = {a["action"].get("arg", "") for d in view["decisions"] for a in (*d["choices"], *d["unavailable"])}
    groups = []
    for pile in STRIP_PILES:
        cards = list(fv.get(pile) or [])
        if pile == "hand" or (pile == "bid" and cards) or named & set(cards):
            groups.append((pile, cards))
    return groups


def refs_of(action: dict, view: dict, strip: frozenset[str]) -> tuple[str, ...]:
    """The board elements an action acts on (``front:madrid``, ``space:liberty:5``, ``card:A03``...), or ()."""
    arg, n = action.get("arg", ""), action.get("n", 0)
    if arg in FRONTS and not n:
        return (f"front:{arg}",)
    if arg in TRACKS:
        if not n:
            return (f"track:{arg}",)
        space = view["tracks"][arg] + n
        return (f"space:{arg}:{space}",) if 0 <= space <= 10 else ()
    if ":" in arg:
        track, _, space = arg.partition(":")
        return (f"space:{track}:{space}",) if track in TRACKS and space.isdigit() else ()
    if arg in BONUSES and not n:
        return (f"bonus:{arg}",)
    if arg == "both" and action["kind"].endswith("bonus"):
        return tuple(f"bonus:{b}" for b in BONUSES)
    if arg in FACTIONS and not n:
        return (f"faction:{arg}",)
    if arg in view["medallions"] and not n:
        return (f"medallion:{arg}",)
    if arg in strip:
        return (f"card:{arg}",)
    return ()


def refs_of_item(item: dict, view: dict, strip: frozenset[str]) -> tuple[str, ...]:
    """The board elements a choice (or a closed option) is placed on: where the engine says it lands, if it says."""
    lands = item.get("lands")
    return (lands,) if lands else refs_of(item["action"], view, strip)


def _strip_cards(view: dict) -> frozenset[str]:
    return frozenset(c for _, cards in strip_groups(view) for c in cards)


def asked(decision: dict, items: list[dict]) -> list[dict]:
    """The options of ``decision`` the board and the bar offer: a question asked in the middle of a turn (the
    Morale Bonus, an Event's choice) shows its own answers only; the Hero point spends the engine lists with it
    (rulebook pg. 7: "at any time during their turn") wait under All options, so a tap on the board always
    answers the question."""
    if decision["kind"] in ("turn", "play"):
        return items
    return [x for x in items if x["action"]["kind"] not in SPEND_KINDS]


def board_targets(view: dict) -> dict[str, Target]:
    """Every board element the seat's decisions can act on now, with its options (ref -> Target)."""
    strip = _strip_cards(view)
    ok: dict[str, list[dict]] = {}
    no: dict[str, list[dict]] = {}
    for d in view["decisions"]:
        for c in asked(d, d["choices"]):
            for ref in refs_of_item(c, view, strip):
                ok.setdefault(ref, []).append(c)
        for u in asked(d, d["unavailable"]):
            for ref in refs_of_item(u, view, strip):
                no.setdefault(ref, []).append(u)
    return {ref: Target(tuple(ok.get(ref, ())), tuple(no.get(ref, ()))) for ref in {*ok, *no}}


def bar_choices(view: dict, decision: dict) -> list[dict]:
    """The choices of ``decision`` that no board element carries: the prompt bar offers them."""
    strip = _strip_cards(view)
    return [c for c in asked(decision, decision["choices"]) if not refs_of_item(c, view, strip)]


def choices_of(targets: Iterable[Target]) -> dict[str, dict]:
    """The legal choices of some targets by action key (what a tap on one of them may send)."""
    return {c["key"]: c for t in targets for c in t.ok}


def tap_of(target: Target | None, ref: str, name: str, extra: tuple[MenuItem, ...] = ()) -> Tap:
    """The markup of one target: a single legal choice is taken by a tap; several (or ``extra`` lines, e.g.
    "Action Points" next to a card's Event) open a small menu; only closed options show their reason."""
    if target is None or (not target.ok and not target.no):
        return NO_TAP
    if not target.ok:
        why = "; ".join(dict.fromkeys(u["reason"] for u in target.no))
        return Tap(f' data-tgt="{esc(ref)}" data-why="Not now: {esc(why)}" role="button" tabindex="0"', "lf-closed",
                   _said(f"{name}: not now, {why}"))
    if len(target.ok) == 1 and not extra:
        c = target.ok[0]
        return Tap(f' data-tgt="{esc(ref)}" data-key="{esc(c["key"])}" role="button" tabindex="0"', "lf-clickable",
                   _said(c["label"]))
    items = "".join(f'<button type="button" role="menuitem" data-key="{esc(c["key"])}">{esc(c["label"])}</button>'
                    for c in target.ok)
    items += "".join(f'<button type="button" role="menuitem" {m.attr}>{esc(m.label)}</button>' for m in extra)
    items += "".join(f'<button type="button" role="menuitem" disabled>{esc(u["label"])}'
                     f'<small>Not now: {esc(u["reason"])}</small></button>' for u in target.no)
    menu = f'<div class="lf-menu" role="menu" aria-label="{esc(name)}" hidden>{items}</div>'
    return Tap(f' data-tgt="{esc(ref)}" data-menu="" role="button" tabindex="0" aria-haspopup="menu"', "lf-clickable",
               _said(f'{name}: {len(target.ok)} option{"s" * (len(target.ok) != 1)}') + menu)


def _said(words: str) -> str:
    """Words for screen readers only, at the end of a tappable element's own text (``lf-sr``: not drawn)."""
    return f'<span class="lf-sr">. {esc(words)}</span>'


@dataclass
class Placed:
    """The targets of one view, looked up by the board's builders (each element asks for its own ref)."""

    targets: dict[str, Target] = field(default_factory=dict)

    @classmethod
    def of(cls, view: dict) -> Placed:
        return cls(board_targets(view))

    def get(self, ref: str) -> Target | None:
        return self.targets.get(ref)

    def choices(self, prefix: str) -> dict[str, dict]:
        """The legal choices of every target whose ref starts with ``prefix`` (one piece's taps)."""
        return choices_of(t for ref, t in self.targets.items() if ref.startswith(prefix))
