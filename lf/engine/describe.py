"""Effect lines and icons in plain words, for labels, cards and the rules reference."""

from __future__ import annotations

from .constants import faction_label, front_label, track_label

_FRONT = {
    "choice": "a Front of your choice",
    "closest_defeat": "the Front closest to Defeat",
    "closest_victory": "the Front closest to Victory",
}
_TRACK = {"choice": "a track of your choice", "liberty_or_collectivization": "Liberty OR Collectivization"}
_WHO = {
    "self": "you",
    "initiative": "the Initiative player",
    "government": "the faction controlling the Government",
    "all": "every player",
    "others": "each other player",
    "most_hp": "the player with the most Hero points",
    "choice": "a player of your choice",
}
#: Subjects that take a singular verb ("the Initiative player gains", "every player loses"); "you" and the
#: factions, whose names are plural ("the Anarchists gain"), take the plural.
SINGULAR_WHO = frozenset({"initiative", "government", "all", "others", "most_hp", "choice"})
_COND = {
    "self_has_initiative": "If you hold the Initiative",
    "self_lacks_initiative": "If you do not hold the Initiative",
    "self_controls_government": "If you control the Government",
    "initiative_anarchists": "If the Anarchists hold the Initiative",
    "initiative_communists": "If the Communists hold the Initiative",
    "initiative_moderates": "If the Moderates hold the Initiative",
    "government_communists": "If the Communists control the Government",
    "government_moderates": "If the Moderates control the Government",
}
_SIMPLE = {
    "tableau_add": "Add a card from your hand to your tableau",
    "tableau_swap": "Swap a card in your hand with one in your tableau",
    "trash_return": "Return one of your trashed cards to your hand",
    "remove_blank": "Remove a Blank marker from a track",
    "medallion": "Claim a medallion",
    "play_card": "Play another card",
    "glory_token": "Add one of your tokens to the Bag of Glory",
}


def front_words(spec: str) -> str:
    return _FRONT.get(spec, f"the {front_label(spec)}" if spec else "")


def who_words(spec: str) -> str:
    return _WHO.get(spec) or faction_label(spec)


def verb_for(who: str, base: str) -> str:
    """``base`` ("gain", "lose") agreeing with the subject ``who`` names."""
    return base + "s" if who in SINGULAR_WHO else base


def effect_text(e: dict) -> str:
    """One effect line (the engine's plain dict form) in words."""
    op, n = e["op"], e.get("n", 0)
    actor = f"{faction_label(e['actor'])}: " if e.get("actor") and e["actor"] not in ("initiative",) else ""
    if op in _SIMPLE:
        return actor + _SIMPLE[op]
    if op == "strength":
        return f"{actor}+{n} Strength to {front_words(e['front'])}"
    if op == "attack":
        return f"{actor}{n} Attack{'s' * (n != 1)} on {front_words(e['front'])}"
    if op == "track":
        track = _TRACK.get(e["track"]) or track_label(e["track"])
        if e["track"] == "choice":  # a phrase, not a track's name: "-1" after it would not read
            steps = f"{abs(n)} step{'s' * (abs(n) != 1)}"
            way = "up or down" if e.get("either") else ("up" if n > 0 else "down")
            return f"{actor}Move {track} {steps} {way}"
        if e.get("either"):
            return f"{actor}{track} {abs(n)} step{'s' * (abs(n) != 1)} up or down"
        return f"{actor}{track} {n:+d}"
    if op == "government":
        return f"{actor}Government one step {'towards' if e['toward'] == 'center' else 'away from'} the Centre"
    if op == "bonus":
        which = "a Bonus of your choice" if e["bonus"] == "choice" else f"the {e['bonus'].capitalize()} Bonus"
        return f"{actor}Turn {which} {'on' if e['on'] else 'off'}"
    if op == "hero":
        who = who_words(e["who"])
        verb = verb_for(e["who"], "gain" if n > 0 else "lose")
        return f"{actor}{who[0].upper() + who[1:]} {verb} {abs(n)} Hero point{'s' * (abs(n) != 1)}"
    if op == "take_hero":
        return f"{actor}Take {n} Hero point{'s' * (n != 1)} from {who_words(e['who'])}"
    if op == "draw":
        if e.get("actor") == "initiative":  # a line that names its drawer says who (CONTENT.md: who acts)
            return f"The Initiative player draws {n} card{'s' * (n != 1)}"
        return f"{actor}Draw {n} card{'s' * (n != 1)}"
    if op == "if":
        then = "; ".join(effect_text(x) for x in e.get("then", []))
        text = f"{_COND[e['cond']]}: {then}"
        if e.get("else"):
            text += f". Otherwise: {'; '.join(effect_text(x) for x in e['else'])}"
        return actor + text
    raise ValueError(f"no words for effect {op!r}")


def effects_text(lines: list[dict] | tuple[dict, ...]) -> str:
    """The lines in words; the same line twice in a row is said once with "twice" (each is still its own step:
    a card that moves a track -1 and -1 again reads "Collectivization -1, twice", not the line repeated)."""
    said: list[list] = []
    for text in (effect_text(e) for e in lines):
        if said and said[-1][0] == text:
            said[-1][1] += 1
        else:
            said.append([text, 1])
    return ". ".join(_repeated(text, n) for text, n in said) + "." if lines else ""


_TIMES = {1: "", 2: ", twice"}
#: Lines whose repeat reads as a count in the line itself ("Add two of your tokens", as short as one token's words:
#: a Northern success of lf-original-4 adds two Moderate tokens, and its card must keep its height on a phone).
_COUNTED = {"Add one of your tokens": ("Add {n} of your tokens", {2: "two", 3: "three"})}


def _repeated(text: str, n: int) -> str:
    for one, (many, words) in _COUNTED.items():
        if n in words and one in text:
            return text.replace(one, many.format(n=words[n]))
    return text + _TIMES.get(n, f", {n} times")


def icon_text(icon: str) -> str:
    if icon == "front":
        return "+1 to a Front"
    track, sign = icon[:-1], icon[-1]
    return f"{track_label(track)} {'+1' if sign == '+' else '-1'}"


def icon_parts(icon: str) -> tuple[str, int]:
    """('front', 0) or (track, +1 / -1)."""
    if icon == "front":
        return "front", 0
    return icon[:-1], 1 if icon[-1] == "+" else -1
