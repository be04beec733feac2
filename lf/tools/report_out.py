"""Where a measuring tool's figures go (the simulator and the arena): printed, and on request a JSON file and PNG
charts. One place, so the two tools' files stay alike (``{"run": meta, **figures}``) for whoever reads both."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any


def write_json(path: str | Path, fig: dict[str, Any], meta: dict[str, Any]) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps({"run": meta, **fig}, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def report(fig: dict[str, Any], meta: dict[str, Any], text: Callable[[dict, dict], str],
           plot: Callable[[dict, str], list[Path]], json_file: str | None, plot_dir: str | None) -> int:
    """Print the report, write the JSON and the charts asked for; the exit code (1 if a game crashed)."""
    print(text(fig, meta))
    if json_file:
        write_json(json_file, fig, meta)
        print(f"JSON written to {json_file}")
    if plot_dir:
        for p in plot(fig, plot_dir):
            print(f"chart written to {p}")
    return 1 if fig["crashes"] else 0


def charts(fig: dict[str, Any], out_dir: str | Path,
           drawers: dict[str, Callable[[Any, dict[str, Any], Path], Path]]) -> list[Path]:
    """Draw each chart ``{file name: drawer(plt, fig, path)}`` into ``out_dir``; matplotlib is imported here only
    (Agg, no display), so the tools start without it."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = [draw(plt, fig, out / name) for name, draw in drawers.items()]
    plt.close("all")
    return paths
