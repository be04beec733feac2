"""The e2e players' choice of moves: ``lf.tools.page_policy`` (shared with ``python -m lf bench-browsers``)."""

from lf.tools.page_policy import (  # noqa: F401
    CONFIRM_KINDS,
    EXPLORE,
    SPEND_KINDS,
    Board,
    SimResult,
    choose,
    first_mover,
    full_game_seed,
    kind_of,
    long_game_seed,
    rng_for,
    simulate,
)
