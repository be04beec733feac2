"""Reusable NiceGUI widgets (card, front, track, hand, tableau, log, ...)."""
