"""NiceGUI pages (status, lobby, game, teaching, ...)."""
