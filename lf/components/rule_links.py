"""Rule citations as links to the rules reference: "rule 3c-ii", "5c-i", "lf reading".

A Non-player's move is logged with the rule of Appendix 3 that chose it (``lf.engine.npc``: "Non-player rule
3b: ...", "(5c-i: ...)", "lf reading: ..."). Each citation becomes a link that opens the reference at that
rule (``/rules?rule=3b``; on the game page a tap opens the rules dialog there instead, assets/since.js), so
a reader can look the rule up where they read it. Only numbers the reference holds are linked
(``rules_appendix.RULE_IDS``); "lf reading" links to the reading that covers a Non-player's own choices.
"""

from __future__ import annotations

import re

from .rules_appendix import RULE_IDS
from .theme import esc

#: The reading a Non-player's "lf reading" cites (its own way where Appendix 3 is silent).
READINGS_ID = "reading-np"
#: "rule 2", "rule 3b", "3c-ii", "8b-iv" (a number alone only after "rule"), and "lf reading".
CITATION = re.compile(r"(?P<reading>lf reading)|(?:rule (?P<bare>[1-8])(?![\w-]))"
                      r"|(?<![\w-])(?:rule )?(?P<id>[1-8][a-e](?:-(?:viii|vii|vi|iv|v|iii|ii|i))?)(?![\w-])")


def rule_href(rule: str) -> str:
    """The reference's address at one rule (the /rules page; the game page opens its dialog instead)."""
    return f"/rules?rule={rule}#lf-rule-{rule}"


def linked(text: str) -> str:
    """``text`` as HTML, each citation of a rule the reference holds (or "lf reading") a link to it."""
    out, at = [], 0
    for m in CITATION.finditer(text):
        rule = READINGS_ID if m.group("reading") else (m.group("bare") or m.group("id"))
        if rule != READINGS_ID and rule not in RULE_IDS:
            continue
        what = "lf's readings" if rule == READINGS_ID else f"Non-player rule {rule}"
        out.append(esc(text[at:m.start()]))
        out.append(f'<a class="lf-rule" href="{rule_href(rule)}" data-rule="{rule}" target="_blank" '
                   f'title="{esc(what)} in the rules reference">{esc(m.group(0))}</a>')
        at = m.end()
    out.append(esc(text[at:]))
    return "".join(out)
