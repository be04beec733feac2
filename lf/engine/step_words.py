"""A step of the game (an action key such as ``ap_front:madrid``) in plain words, for what players read.

Why a module of the engine: the teaching replay's step titles (a page) and the answers to Undo and Redo (the
session) say the same thing, and the session must not import a UI component. Why two readings: a step may
carry a secret (the card chosen for the turn, rulebook pg. 5; a card bid for Glory, pg. 10; the cards kept at the
End of a Year; a card picked from a hand). The public reading never names that card; the reading for the seat
that took the step (``own=True``) may, since that player knows it.
"""

from __future__ import annotations

from .cards import card_name
from .computers import arg_level, level_label
from .constants import front_label, track_label
from .decisions import option_label
from .describe import icon_text
from .machine import content

#: Steps whose words need nothing from the key, and those whose card the other players may not see.
PLAIN_WORDS = {
    "end_turn": "ended the turn", "hp_draw": "bought a card with Hero points",
    "morale_skip": "did not use the Morale Bonus", "bid_done": "confirmed the bid",
    "keep_done": "finished keeping cards", "bid": "bid a card in secret", "unbid": "took a card back from the bid",
    "keep": "chose a card to keep", "unkeep": "changed the cards to keep", "card": "picked a card",
    "lapse": "let a card's line on a victorious Front lapse",
}
#: The same secret steps told to their own seat, with the card ("{card}").
OWN_WORDS = {
    "choose": "chose {card} for this turn", "bid": "bid {card}", "unbid": "took {card} back from the bid",
    "keep": "kept {card}", "unkeep": "stopped keeping {card}", "card": "picked {card}",
}
PICK_KINDS = ("front", "track", "faction", "bonus", "dir", "medallion", "blank")


def action_words(key: str, own: bool = False) -> str:
    """The step ``key`` in words ("ap_front:madrid" -> "Action Points on the Madrid Front").

    ``own``: the reader is the seat that took the step, so a secret card of its own may be named.
    """
    kind, _, rest = key.partition(":")
    arg, _, n = rest.partition(":")
    if own and arg and kind in OWN_WORDS:
        return OWN_WORDS[kind].format(card=card_name(arg))
    if kind in PLAIN_WORDS:
        return PLAIN_WORDS[kind]
    if kind == "choose":
        return "chose a card in secret" if arg else "passed"
    if kind == "seat":  # the host or the turn timer (lf/engine/table.py), not a move of the rules
        if arg == "nonplayer":
            return "handed to a Non-player"
        level = arg_level(rest)
        return f"handed to the computer ({level_label(level)})" if level else "played by a person again"
    if kind == "end":
        return "the game was ended without a result"
    if kind == "event":
        return f"played {card_name(arg)} for its Event"
    if kind in ("ap_front", "volunteers", "np_strategy"):
        how = {"ap_front": "Action Points", "volunteers": "Volunteers", "np_strategy": "Strategy"}[kind]
        return f"{how} on the {front_label(arg)}"
    if kind in ("ap_track", "hp_track", "np_organization"):
        how = {"ap_track": "Action Points", "hp_track": "Hero points", "np_organization": "Organization"}[kind]
        return f"{how}: {track_label(arg)} {n}"
    if kind in ("ap_bonus", "hp_bonus"):
        return f"{'Action Points' if kind == 'ap_bonus' else 'Hero points'}: the {arg.capitalize()} Bonus on"
    if kind == "morale":
        return f"Morale Bonus on {icon_text(arg)}" + (" with Organization" if n else "")
    if kind == "intelligence":
        return f"Intelligence: removed the Blank marker on {option_label('blank', rest)}"
    if kind == "medallion":
        return f"picked the {content().medallion(arg).name} medallion"
    if kind in PICK_KINDS:
        return f"picked {option_label(kind, rest)}"
    return "made a move"
