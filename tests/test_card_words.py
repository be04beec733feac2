"""Card and prompt words read as English: verbs agree with their subjects, sentences start with a capital.

The effect lines of every card are generated (lf.engine.describe); a hand-written exception list would not
catch a new "who" or a new card. So the subjects' number is judged here from the words themselves (a head
noun that is plural, "you", or singular), independently of the engine's own table, and every text of the
shipped content is read for a singular subject followed by a bare verb ("The Initiative player gain").
"""

from __future__ import annotations

import re
import typing

import pytest

from lf.engine.content import load_content
from lf.engine.content_schema import WhoSpec
from lf.engine.describe import effect_text, effects_text

#: A singular noun (or "every/each ... player") directly followed by a verb without its -s.
_DISAGREE = re.compile(r"\b(player|faction|Government|[Ee]very \w+|[Ee]ach \w+ \w+)\s+(gain|lose|draw|add|take|choose|play|move)\b")
_PLURAL_HEADS = {"You", "Anarchists", "Communists", "Moderates"}


def _number(subject: str) -> str:
    """'plural' or 'singular' from the subject's own words: "you" and the factions' plural names are plural."""
    return "plural" if subject.split()[0] in _PLURAL_HEADS else "singular"


@pytest.mark.parametrize("who", typing.get_args(WhoSpec))
@pytest.mark.parametrize("n", [1, -2])
def test_hero_lines_agree_with_their_subject(who: str, n: int) -> None:
    """Rulebook pg. 7 (Hero points): "The Initiative player gains 1 Hero point", "The Anarchists gain ..."."""
    text = effect_text({"op": "hero", "who": who, "n": n})
    m = re.match(r"(.+?) (gain|gains|lose|loses) \d+ Hero points?$", text)
    assert m, text
    subject, verb = m.groups()
    want = verb.rstrip("s") if _number(subject) == "plural" else verb.rstrip("s") + "s"
    assert verb == want, f"{text!r}: {subject!r} needs {want!r}"
    assert not _DISAGREE.search(text)


def test_a_track_of_your_choice_is_said_as_a_move() -> None:
    """Not "a track of your choice -1": the line starts with a capital and says the way (pg. 9, tracks)."""
    assert effect_text({"op": "track", "track": "choice", "n": -1}) == "Move a track of your choice 1 step down"
    assert effect_text({"op": "track", "track": "choice", "n": 2}) == "Move a track of your choice 2 steps up"
    assert effect_text({"op": "track", "track": "liberty", "n": -1}) == "Liberty -1"


def test_a_named_front_takes_its_article() -> None:
    assert effect_text({"op": "attack", "front": "madrid", "n": 1}) == "1 Attack on the Madrid Front"
    assert effect_text({"op": "strength", "front": "aragon", "n": 2}) == "+2 Strength to the Aragon Front"


def _content_texts() -> list[tuple[str, str]]:
    """Every text a player reads on a card or the board: events, Fascist lines and Tests, triggers."""
    c = load_content()
    out = [(p.id, effects_text([e.plain() for e in p.event])) for p in c.player_cards.values()]
    for f in c.fascist_cards.values():
        out += [(f.id, effects_text([e.plain() for e in f.effects])), (f.id, f.test.text)]
    out += [(f"{t.track} {t.space}", t.text) for t in c.board.triggers]
    out += [(m.name, m.text) for m in c.medallions]
    return [(where, text) for where, text in out if text]


@pytest.mark.parametrize(("where", "text"), _content_texts())
def test_content_texts_agree_and_start_sentences_with_a_capital(where: str, text: str) -> None:
    assert not _DISAGREE.search(text), f"{where}: {text!r}"
    for sentence in re.split(r"(?<=\.) ", text):
        assert sentence[:1] == sentence[:1].upper(), f"{where}: {sentence!r} in {text!r}"


def test_fascist_test_words_are_the_lines_themselves() -> None:
    """A Test's printed words are its reward and penalty lines in words, so the two never drift apart."""
    for f in load_content().fascist_cards.values():
        t = f.test
        parts = [f"Success: {effects_text([e.plain() for e in t.reward])}" if t.reward else "",
                 f"Failure: {effects_text([e.plain() for e in t.penalty])}" if t.penalty else ""]
        assert t.text == " ".join(p for p in parts if p), f.id


def test_the_fascist_cards_attack_lines_name_the_front_with_its_article() -> None:
    """"4 Attacks on the Southern Front", not "4 Attacks on Southern Front" (the card as drawn on the table)."""
    from lf.components.fascist_card import fascist_card_html

    for card_id in load_content().fascist_cards:
        html = fascist_card_html(card_id, 17, 1, None)
        assert not re.search(r"Attacks? on (Madrid|Northern|Aragon|Southern) Front", html), card_id


def test_the_same_line_twice_in_a_row_is_said_once_with_twice() -> None:
    """F1-16's penalty is two separate steps of Collectivization -1 (each its own move of the track, pg. 9);
    its words say so once: "Collectivization -1, twice.", not the line repeated."""
    line = {"op": "track", "track": "collectivization", "n": -1}
    assert effects_text([line, line]) == "Collectivization -1, twice."
    assert effects_text([line, {"op": "track", "track": "liberty", "n": -1}, line]) == \
        "Collectivization -1. Liberty -1. Collectivization -1."
    penalty = load_content().fascist_cards["F1-16"].test.text
    assert penalty.endswith("Failure: Collectivization -1, twice.")
