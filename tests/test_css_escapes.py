"""A CSS escape reads up to six hex digits: ``"\\00a0computer"`` is U+00A0C followed by "omputer" (a missing glyph
in the log's "· computer" tag, seen on a screenshot). Every escape in our stylesheets must read as the character
it was written for: the hex digits the reader takes (at most six) name an assigned character, and a shorter escape
is never directly followed by a letter that could be a hex digit (write six digits, or end it with a space)."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "assets"
_ESCAPE = re.compile(r"\\([0-9a-fA-F]+)")


def _misread(line: str) -> list[str]:
    out = []
    for m in _ESCAPE.finditer(line):
        run = m.group(1)
        taken = run[:6]
        if unicodedata.category(chr(int(taken, 16))) == "Cn" or len(run) == 5:
            out.append(f"\\{taken} (read as U+{int(taken, 16):04X})")
    return out


def test_every_css_escape_reads_as_the_character_it_was_written_for() -> None:
    found = [f"{css.name}:{n}: {bad}" for css in sorted(ASSETS.glob("*.css"))
             for n, line in enumerate(css.read_text().splitlines(), 1) for bad in _misread(line)]
    assert not found, "\n".join(found)
