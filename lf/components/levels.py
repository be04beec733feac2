"""The Fascists' strength of a game (issue 28): its level's name and what it changes, in a page's words.

Why the words come from the content: a level is content data (``lf/engine/content/levels.toml``: an id, a name, a
one-sentence summary), chosen per game and recorded with it (``state.options["level"]``, the view's ``"level"``).
A page reads the names and summaries of the game's own content version (an older version offers Standard only), so
a level added or renamed in the content needs no change here, and no page decides which levels exist.
"""

from __future__ import annotations

from lf.engine.content import CONTENT_VERSION, STANDARD, level_ids, load_content
from lf.engine.content_schema import Level

from .icons import icon
from .theme import esc

#: The words of the choice, in the forms (Create a game, Play now, Teach a table) and on the table's chip.
TITLE = "Fascists' strength"


def levels(version: str | None = None) -> list[Level]:
    """The levels ``version`` (today's by default) offers, gentlest first."""
    return list(load_content(version or CONTENT_VERSION).levels)


def choices(version: str | None = None) -> dict[str, str]:
    """{id: name} of the levels, gentlest first: a select's options."""
    return {lv.id: lv.name for lv in levels(version)}


def gentlest(version: str | None = None) -> str:
    """The first level (a table being taught starts there)."""
    return level_ids(version or CONTENT_VERSION)[0]


def level_named(level_id: str | None, version: str | None = None) -> Level:
    """The level ``level_id`` of ``version`` (Standard when None: a game of an older version has no level). A page
    never fails on a level its content does not know: it shows the id, said to be unknown."""
    wanted = level_id or STANDARD
    for lv in levels(version):
        if lv.id == wanted:
            return lv
    return Level(id="unknown", name=wanted.replace("_", " ").capitalize(),
                 summary="A level this version of lf does not know.")


def level_of(view: dict) -> Level:
    """The level a game (its view) is played at."""
    return level_named(view.get("level"), view.get("content_version"))


def summary_of(level_id: object, version: str | None = None) -> str:
    """What the level ``level_id`` changes, for the hint under a form's choice ("" for a value it does not offer:
    the session refuses such a value when the game is created)."""
    return next((lv.summary for lv in levels(version) if lv.id == level_id), "")


def chip_html(view: dict) -> str:
    """The status line's chip: the level's name, beside the Year; a tap (or hover) says what it changes. On a phone,
    where the status line has the least room, Standard (the default) is not drawn (``lf-level-std``, table.css): its
    chip took a third row there and pushed the factions out of one swipe at the Final Bid; every other level is."""
    lv = level_of(view)
    words = f"{TITLE}: {lv.name}. {lv.summary}"
    std = " lf-level-std" if lv.id == STANDARD else ""
    return (f'<span class="lf-chip lf-level{std}" title="{esc(words)}" data-testid="level-chip" '
            f'data-level="{esc(lv.id)}">{icon("attack")}<span class="lf-sr">{esc(TITLE)}: </span>{esc(lv.name)}</span>')


def outcome_words(view: dict) -> str:
    """The end screen's line: the strength the war was fought at."""
    lv = level_of(view)
    return f"{TITLE}: {lv.name}. {lv.summary}"
