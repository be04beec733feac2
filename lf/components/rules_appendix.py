"""Appendix 3 (the Non-player factions) and lf's readings, in lf's own words, for the rules reference.

The numbers are the rulebook's (Appendix 3, rules 1-8 with their letters and roman numerals), so the rule a
Non-player's move cites in the log ("Non-player rule 3c-ii") is found here under the same number; every
number has an anchor (``lf-rule-3c-ii``) that a citation links to (``rule_links``). The wording is lf's: a
summary of what the engine does (``lf.engine.npc``, ``lf.engine.nonplayer``), not the rulebook's text. The
readings are the choices lf made where the rulebook is silent (docs/engine.md, "Readings": keep both in step).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from lf.engine.bid import NONPLAYER_BID_BONUS
from lf.engine.content import load_content

from .theme import esc, faction_label, front_label


@dataclass(frozen=True)
class Rule:
    """One numbered rule: its number as the log cites it, its words (HTML), the rules under it."""

    id: str
    html: str
    under: tuple[Rule, ...] = field(default_factory=tuple)


def _r(rule_id: str, html: str, *under: Rule) -> Rule:
    return Rule(rule_id, html, tuple(under))


def _flags() -> str:
    flags = load_content().board.faction_flags
    return ", ".join(f"{faction_label(f)}: {front_label(flags[f])}" for f in flags)


@lru_cache(maxsize=1)
def appendix3() -> tuple[Rule, ...]:
    """Appendix 3 as lf plays it: one or two factions run by these rules instead of a person."""
    closest = "closest to Madrid going round in the current direction of play (clockwise in Years 1 and 3)"
    return (
        _r("1", "A Non-player moves only once every person has chosen a card. On its turn it plays the top card of "
                "its own deck. It keeps no hand and no tableau: where a card would be drawn (its 5 cards of a new Year "
                "included), it gains that many Hero points instead."),
        _r("2", "Its turn, in this order: (a) the card's Event, (b) its Front bonus, (c) its medallions, (d) its "
                "Hero points. A card it plays as an extra card gives only its Event.",
           _r("2a", "The card is always played for its Event, then goes to the Non-player's discard pile. Where a line "
                    "asks for a choice:",
              _r("2a-i", "Strength for a Front: the Front of rule 3. Attacks: the Front of rule 4."),
              _r("2a-ii", "Liberty or Collectivization: the Anarchists raise the lower one; the Communists and the "
                          "Moderates lower the higher one. Equal: Collectivization."),
              _r("2a-iii", "Drawing cards: as many Hero points instead."),
              _r("2a-iv", "Adding a card to its tableau or swapping one there: 1 Hero point instead."),
              _r("2a-v", "Taking a card back from the trash: 2 Hero points instead."),
              _r("2a-vi", "Taking a Blank marker off a track: 3 Hero points instead."),
              _r("2a-vii", "Turning a Bonus on: the Teamwork Bonus first."),
              _r("2a-viii", "Taking Hero points from a player: from the faction with more; if they have as many, "
                            "from the Initiative faction, or, when the Non-player holds the Initiative itself, from "
                            "the faction playing last in the turn order.")),
           _r("2b", "Front bonus: +1 Strength to the Front of rule 3."),
           _r("2c", "Medallions: Organization, Volunteers and Strategy, if it holds them, act in this order whenever "
                    "they can (how it gets a medallion: rule 6).",
              _r("2c-i", "Organization: if it has a Hero point, it pays 1 to move its Priority track (rule 5) one "
                         "step. A person's Organization works differently."),
              _r("2c-ii", "Volunteers: if it has a Hero point, it pays 1 for +1 Strength on the Front of rule 3."),
              _r("2c-iii", "Strategy: +1 Strength to the Front it supported this turn; if it supported several, to "
                           "the one rule 3 picks among them.")),
           _r("2d", "Hero points: while it can pay for a step of its Priority track (rule 5), it moves that track one "
                    "step and looks at its Priority again. What is left at the end of its turn turns Bonuses on, "
                    "the Teamwork Bonus first.")),
        _r("3", "Where a Non-player adds Strength:",
           _r("3a", "Madrid, whenever the Madrid Front is at −5 or lower."),
           _r("3b", "Otherwise, in its own turn, the Front the Fascist card in play tests, if it can add there."),
           _r("3c", "Otherwise, and whenever it is not its turn, the Front closest to Defeat. When several are as "
                    "close:",
              _r("3c-i", "Madrid;"),
              _r("3c-ii", f"then the Front of its own flag ({esc(_flags())});"),
              _r("3c-iii", f"then the Front {closest}."))),
        _r("4", "Where a Non-player puts Attacks:",
           _r("4a", "On the Front closest to Victory."),
           _r("4b", "When several are as close (or rule 4a cannot apply):",
              _r("4b-i", "not Madrid;"),
              _r("4b-ii", "then not the Front of its own flag;"),
              _r("4b-iii", f"then the Front {closest}."))),
        _r("5", "The Priority track, where a Non-player spends its Hero points:",
           _r("5a", "Anarchists: the lower of Liberty and Collectivization, raised (equal: Collectivization)."),
           _r("5b", "Communists:",
              _r("5b-i", "with the Initiative: Soviet Support, unless it is at 8 or more with the medallion of its "
                         "10 space covered by a Blank marker;"),
              _r("5b-ii", "controlling the Government without the Initiative: the lower of Liberty and "
                          "Collectivization, lowered (equal: Collectivization);"),
              _r("5b-iii", "otherwise: the Government, moved towards the Communists.")),
           _r("5c", "Moderates:",
              _r("5c-i", "with the Initiative: Foreign Aid, unless it is at 8 or more with the medallion of its "
                         "10 space covered by a Blank marker;"),
              _r("5c-ii", "controlling the Government without the Initiative: the lower of Liberty and "
                          "Collectivization, lowered (equal: Collectivization);"),
              _r("5c-iii", "otherwise: the Government, moved towards the Moderates."))),
        _r("6", "A medallion a Non-player earns is drawn at random among those still on the board, never Archives or "
                "Intelligence; the others stay on the board."),
        _r("7", f"Final Bid: the top card of its deck, worth its Action Points + {NONPLAYER_BID_BONUS}; the card is "
                "then discarded."),
        _r("8", "Ties a Non-player breaks when it holds the Initiative:",
           _r("8a", "A faction must lose Hero points: never itself; the faction playing last in the turn order."),
           _r("8b", "Glory, at the end or in the Final Bid: itself whenever it is among the tied. Between the two "
                    "others:",
              _r("8b-i", "more Hero points;"),
              _r("8b-ii", "then more medallions;"),
              _r("8b-iii", "then the winner of the Final Bid;"),
              _r("8b-iv", "then the next faction clockwise from the Initiative faction."))),
    )


#: lf's readings where the rulebook is silent or open (docs/engine.md, "Readings"): (anchor, words).
READINGS: tuple[tuple[str, str], ...] = (
    ("order", "The turn order is set when the player turns begin. A change of Initiative during them counts from "
              "the next turn; its other effects (ties, the Bag of Glory's token) count at once."),
    ("strategy", "Strategy's +1 comes with its owner's first support of a Front in the owner's own turn; a support "
                 "in another faction's turn neither gets it nor uses it up."),
    ("archives", "Archives adds one card to every draw. Cards bought with Hero points in one turn are one draw, so "
                 "Archives adds a card to the turn's first purchase only."),
    ("test", "A Fascist Test's reward, like every line of a Fascist card, is the card's doing, not a player's "
             "support: its Strength places no token and earns no Teamwork, Strategy or Hero point."),
    ("attacks", "A Fascist card's Attacks land in the order printed, and V and D (the Fronts closest to Victory and "
                "to Defeat) are judged once the named Fronts' Attacks have landed. Every card of lf's set prints its "
                "named Fronts first."),
    ("trigger", "The +1 to a Front of a track's trigger is added by the track's owner, who counts as supporting "
                "that Front."),
    ("morale", "The Morale Bonus is looked at once the card's Action Points are used: a card whose points turned "
               "it on may use it at once; one whose points turned it off may not."),
    ("np-hero", "A Non-player gains Hero points instead of its starting hand too."),
    ("steps", "Hero points may move a track down as well as up, like Action Points."),
    ("piles", "Other factions' discard piles are shown as a count; tableaux and the trash are open to all."),
    ("np", "Where Appendix 3 gives a Non-player no rule (a track of its choice, up or down, a faction to choose), it "
           "moves a track its own way: its Priority track if the move goes that track's way, else a track it "
           "wants moved that way (the Government, then Liberty and Collectivization as rule 2a-ii orders them, "
           "then a rival's track), and it chooses itself. The log says \"lf reading\"."),
    ("spend", "Hero points are spent any time the turn waits for the player: before the card, after it, before the "
              "Morale choice, and at every question of the player's own turn; never in another faction's turn."),
    ("chosen", "The card chosen in secret belongs to its turn: \"play another card\", \"add to the tableau\" and "
               "swaps use the rest of the hand."),
    ("victory", "A player's card aimed at a victorious Front goes to a Front of that player's choice, or lapses if "
                "they prefer; Fascist Attacks go where the Initiative player chooses; a Non-player always applies its "
                "lines."),
    ("ties", "A tie met by a Non-player's own line (its Event, Front bonus, medallions, its tracks' triggers) is "
             "broken by that Non-player with rules 3c, 4b and 2a-viii; any other tie is the Initiative player's."),
    ("np-gains", "Hero points several Non-players gain at once instead of drawing are paid like any gain made at "
                 "once: the Initiative player first, then in turn order."),
    ("bid", "A Final Bid where nobody bids a card is a tie of all three at 0: the Initiative player chooses."),
    ("tokens", "A faction whose 20 tokens are all in the Bag and in Glory still supports Fronts; no token is "
               "invented when the Fronts are cleared."),
)


def _ids(rules: tuple[Rule, ...]) -> list[str]:
    return [x for r in rules for x in (r.id, *_ids(r.under))]


#: Every rule number the reference holds (what a citation may link to).
RULE_IDS: frozenset[str] = frozenset(_ids(appendix3()))


def _rule_html(rule: Rule) -> str:
    under = f'<ol class="lf-rules-sub">{"".join(_rule_html(r) for r in rule.under)}</ol>' if rule.under else ""
    return (f'<li id="lf-rule-{rule.id}" data-rule="{rule.id}"><b class="lf-rno">{rule.id}</b> '
            f'{rule.html}{under}</li>')


def appendix3_html() -> str:
    """Appendix 3 in the reference: every rule under its number, with the cards a Non-player leaves out."""
    cards = [c for c in load_content().player_cards.values() if c.nonplayer_removed]
    by: dict[str, list[str]] = {}
    for c in cards:
        by.setdefault(c.faction, []).append(esc(c.name))
    removed = "; ".join(f"the {faction_label(f)} leave out {' and '.join(n)}" for f, n in by.items())
    return ('<h3 id="lf-rule-appendix">Non-player factions (Appendix 3)</h3>'
            "<p>One or two factions can be played by these rules instead of a person. A Non-player's move is "
            "logged with the number of the rule that chose it. At setup, " + removed + ".</p>"
            f'<ol class="lf-rules-np">{"".join(_rule_html(r) for r in appendix3())}</ol>')


def readings_html() -> str:
    """lf's readings: how lf plays where the rulebook leaves a question open."""
    items = "".join(f'<li id="lf-rule-reading-{key}" data-rule="reading-{key}">{esc(words)}</li>'
                    for key, words in READINGS)
    return ('<h3 id="lf-rule-readings">lf\'s readings</h3><p>Where the rulebook is silent or open, lf plays it this '
            f'way (the log says "lf reading" where one decides a Non-player\'s move).</p><ul>{items}</ul>')
