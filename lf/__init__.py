"""lf: a digital edition of the board game Land and Freedom (original card set)."""

__version__ = "0.1.0"
