"""What a server facing the internet needs around the pages: allow-lists, socket checks, headers, limits,
clean-up, sealed browser secrets and the health check (see docs/server.md).

``install()`` (called by main.py) wires them into NiceGUI's app; each module holds one concern.
"""
