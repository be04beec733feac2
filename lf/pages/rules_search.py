"""The rules reference's search: every block of every section (a heading, a list item, a paragraph, a table row)
with its words, and the blocks that hold all the words looked for.

Why on the server: a dialog draws only the tab shown, so the browser cannot search the others; the sections
are lf's own HTML, parsed once. A hit names its section and its place among the section's blocks in document
order, which the browser finds again (assets/rules.js ``lfRuleShow``) to bring it into view.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from html.parser import HTMLParser

#: The elements a hit can be (the same list, in the same order, as assets/rules.js looks them up).
BLOCKS = ("h3", "li", "p", "tr")
MAX_HITS = 30


@dataclass(frozen=True)
class Block:
    section: str
    n: int  # its place among the section's blocks, in document order
    anchor: str | None  # its id, when it has one (a rule of Appendix 3: lf-rule-3c-ii)
    text: str
    parent: int | None  # the block it sits in (a rule under a rule)


class _Reader(HTMLParser):
    """Each block's words (its own and those of the blocks inside it) and the block it sits in."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[list] = []  # [anchor, text, parent]
        self.open: list[int] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in BLOCKS:
            self.rows.append([dict(attrs).get("id"), "", self.open[-1] if self.open else None])
            self.open.append(len(self.rows) - 1)

    def handle_endtag(self, tag: str) -> None:
        if tag in BLOCKS and self.open:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        for i in self.open:
            self.rows[i][1] += data


def blocks_of(section: str, html: str) -> list[Block]:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return [Block(section, n, anchor, re.sub(r"\s+", " ", text).strip(), parent)
            for n, (anchor, text, parent) in enumerate(reader.rows)]


@lru_cache(maxsize=1)
def _index(sections: tuple[tuple[str, Callable[[], str]], ...]) -> tuple[Block, ...]:
    return tuple(b for name, build in sections for b in blocks_of(name, build()))


def search(sections: dict[str, Callable[[], str]], query: str) -> list[Block]:
    """The blocks holding every word of ``query`` (any case), innermost first found: a rule whose sub-rule
    matches is left out for that sub-rule."""
    words = query.lower().split()
    if not words:
        return []
    index = _index(tuple(sections.items()))
    hits = [b for b in index if all(w in b.text.lower() for w in words)]
    inner = {(b.section, b.parent) for b in hits if b.parent is not None}
    return [b for b in hits if (b.section, b.n) not in inner][:MAX_HITS]


def snippet(text: str, query: str, width: int = 150) -> tuple[str, str, str]:
    """(before, match, after) around the first word of ``query`` in ``text``, at most ``width`` characters."""
    word = query.lower().split()[0] if query.split() else ""
    at = text.lower().find(word) if word else -1
    if at < 0:
        return (text[:width] + ("…" if len(text) > width else ""), "", "")
    start = max(0, at - width // 3)
    end = min(len(text), at + len(word) + 2 * width // 3)
    return (("…" if start else "") + text[start:at], text[at:at + len(word)],
            text[at + len(word):end] + ("…" if end < len(text) else ""))
