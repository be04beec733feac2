"""The coach: the computer player's move for a seat, told in plain words (issue 21).

The search (``lf.ai``) picks the move and measures every option it weighed; this package turns those figures
and the board a seat can see into sentences (``words``), from facts computed on the seat's view and the public
content only (``board_facts``). Nothing here reads a state: a hidden card can't reach the words.
"""

from .words import Advice, advise, compare, nameable_cards

__all__ = ["Advice", "advise", "compare", "nameable_cards"]
