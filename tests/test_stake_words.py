"""A Front's stakes in words (lf/components/front.py): the engine's numbers (lf/engine/stakes.py) said plainly, the
cost of its fall first and in red when it loses the war; nothing said of a safe Front with nothing coming."""

from __future__ import annotations

from engine_helpers import fresh

from lf.components.front import front_html, stake_words
from lf.engine import view


def test_madrid_close_says_how_many_attacks_from_losing_the_war():
    s = fresh()
    s.fronts["madrid"].value = -7
    v = view(s, None)
    assert stake_words(v["stakes"]["madrid"]) == ("3 Attacks from losing the war", "")
    html = front_html("madrid", v["fronts"]["madrid"], None, stakes=v["stakes"]["madrid"])
    assert '<b class="lf-fcost war">3 Attacks from losing the war</b>' in html
    assert 'class="lf-fwords lf-sr"' in html  # "7 Attacks" stays for screen readers; the number says it


def test_coming_attacks_are_summed_and_a_safe_front_says_nothing():
    numbers = {"to_defeat": 8, "loses_war": False, "coming": 7, "may_come": 2, "if_test_fails": 1, "close": True}
    assert stake_words(numbers) == ("8 Attacks from Defeat",
                                    "7 Attacks coming, 2 Attacks may come, +1 if the Test fails")
    safe = {**numbers, "coming": 0, "may_come": 0, "if_test_fails": 0, "close": False}
    assert stake_words(safe) == ("", "")
    s = fresh()
    v = view(s, None)
    assert 'data-testid="stake"' not in front_html("northern", v["fronts"]["northern"], None,
                                                   stakes=v["stakes"]["northern"])
