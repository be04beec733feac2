"""Long words that may break at a syllable on a narrow card or track label, instead of being cut.

Browsers hyphenate only with a dictionary (``hyphens: auto``), which a phone may have and a test browser does
not; soft hyphens placed here work everywhere, and a word that fits is drawn whole.
"""

from __future__ import annotations

from .theme import esc

_VOWELS = frozenset("aeiouyáéíóúàèòïü")


def breakable(name: str) -> str:
    """``name`` with soft hyphens between the syllables of its long words (escaped for HTML), so a narrow card
    breaks "Collectivization" as "Collec-tivization" instead of cutting it. A plain rule, enough for the names
    of the card set and the tracks: a break before the last consonant between two vowels."""
    return " ".join(_soft(w) if len(w) >= 10 else esc(w) for w in name.split(" "))


def _soft(word: str) -> str:
    low = word.lower()
    cuts = []
    i = 1
    while i < len(word) - 1:
        if low[i - 1] in _VOWELS and low[i] not in _VOWELS and low[i].isalpha():
            j = i
            while j < len(word) and low[j] not in _VOWELS and low[j].isalpha():
                j += 1
            if j < len(word) and low[j] in _VOWELS:
                cut = i if j - i == 1 else j - 1
                if 3 <= cut <= len(word) - 3:
                    cuts.append(cut)
            i = j
        else:
            i += 1
    out, last = [], 0
    for cut in cuts:
        out.append(esc(word[last:cut]))
        last = cut
    out.append(esc(word[last:]))
    return "&shy;".join(out)
